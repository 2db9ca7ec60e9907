// The generators: next value of a shared sequence, a value for a given
// instant (backfill), and uuid6_status().
#include <cstring>
#include <ctime>

#include "core/database_lease.hpp"
#include "core/random_pool.hpp"
#include "core/sequence.hpp"
#include "core/spread.hpp"
#include "pg/convert.hpp"
#include "pg/database_lease.hpp"
#include "pg/generators.hpp"
#include "pg/horizon.hpp"
#include "pg/layout_ranges.hpp"
#include "pg/lease_writer.hpp"
#include "pg/cluster_lease.hpp"
#include "pg/settings.hpp"
#include "pg/shared_state.hpp"
#include "pg/sql_function.hpp"

extern "C" {
#include "access/xact.h"
#include "access/xlog.h"
}

using uuid6::Generator;

namespace {

// uuid6_advance refuses a value further ahead of the clock than this.

// This process's CSPRNG reserve; owned by MyProcPid, so a forked child
// refills before use.
uuid6::RandomPool random_pool;

// This process's previous clock reading for each sequence: a reading below
// it is a clock regression for certain, whatever other backends are doing.
// One per sequence, so that each sequence's first step after a step back
// sees it (and, under the compare-and-swap protocol, is taken locked and
// counted), however many sequences this process draws from.
int64 previous_clock_ns[uuid6::kGeneratorCount];

bool FillStrongRandom(void* buffer, size_t length) { return pg_strong_random(buffer, length); }

// Under the compare-and-swap protocol: the clock part up to which this
// process may take the lock-free step without noting its reading in the
// sequence's clock bookkeeping (see TryNextTick), and the values it took
// that `generated` does not count yet.
uint64 clock_noted_until[uuid6::kGeneratorCount];
uint64 pending_generated[uuid6::kGeneratorCount];
// Counted in batches of this many, and at the end of every transaction.
constexpr uint64 kGeneratedBatch = 4096;

// Adds this process's uncounted values to `generated`: with the sequence's
// lock held.
inline void CountPendingLocked(uuid6::pg::SharedSequence& sequence, int index) {
  sequence.state.generated += pending_generated[index];
  pending_generated[index] = 0;
}

void CountPending() {
  uuid6::pg::SharedState* state = uuid6::pg::AttachSharedState();
  for (int i = 0; i < uuid6::kGeneratorCount; i++) {
    if (pending_generated[i] == 0) continue;
    uuid6::pg::SharedSequence& sequence = state->sequences[i].sequence;
    SpinLockAcquire(&sequence.lock);
    CountPendingLocked(sequence, i);
    SpinLockRelease(&sequence.lock);
  }
}

// Values are counted by the end of the transaction that took them, so that
// uuid6_status in any session shows every value of a finished transaction
// (and its own session's, which it adds).
void CountPendingAtTransactionEnd(XactEvent, void*) {
  bool any = false;
  for (uint64 pending : pending_generated) any = any || pending != 0;
  if (any) CountPending();
}

// A tick the common step's add took past the durable lease (other adds came
// between its look at the word and its own): handed out only once a lease
// covers it, written by this backend or awaited. A renewal takes its lease
// from the word, which holds this tick already, so one covers it.
__attribute__((noinline, cold)) void CoverTakenTick(uuid6::pg::SharedSequence& sequence,
                                                    uuid6::pg::SharedAtomicSequence& words,
                                                    int index, uuid6::Tick tick) {
  uuid6::pg::SharedState* state = uuid6::pg::AttachSharedState();
  for (;;) {
    SpinLockAcquire(&sequence.lock);
    const bool covered = tick <= uuid6::AtomicLeaseTick(words);
    SpinLockRelease(&sequence.lock);
    if (covered) return;
    if (!uuid6::pg::RenewLease(state, static_cast<Generator>(index)))
      uuid6::pg::WaitForLeaseWrite(state);
    CHECK_FOR_INTERRUPTS();
  }
}

// The step of the compare-and-swap protocol (core/atomic_sequence.hpp).
// Lock-free while this process's clock has not gone back since its previous
// reading and its reading is noted in the clock bookkeeping at most a tenth
// of the race tolerance ago: then the bookkeeping (newest reading, the
// regressions counted) lags by less than a tenth of a second, and a reading
// a full race tolerance behind it is still caught — by the backend that
// makes it, since its own earlier reading was above it, or by one that
// starts, whose first step is a locked one. Every clock step back is thus
// counted under the lock as TryAdvanceSequence counts it. Otherwise, and
// whenever the lock-free step gives up (lease used up, offsets of the epoch
// used up), the locked step, with the lease fallback of the caller.
inline bool TryAtomicNextTick(uuid6::pg::SharedSequence& sequence,
                              uuid6::pg::SharedAtomicSequence& words, int index,
                              const uuid6::SequenceLayout& layout, uint64 clock,
                              bool saw_regression, uint64 random, uuid6::LeaseFallback fallback,
                              uuid6::Tick& tick, bool& running_low, uint64 grace) {
  if (likely(fallback == uuid6::LeaseFallback::kNone && !saw_regression &&
             clock < clock_noted_until[index])) {
    bool beyond_lease = false;
    if (likely(uuid6::TryAtomicStep(words, layout, clock, random, tick, running_low,
                                    beyond_lease, uuid6::pg::StateTakesAdds()))) {
      if (unlikely(++pending_generated[index] >= kGeneratedBatch)) {
        SpinLockAcquire(&sequence.lock);
        CountPendingLocked(sequence, index);
        SpinLockRelease(&sequence.lock);
      }
      if (unlikely(beyond_lease)) CoverTakenTick(sequence, words, index, tick);
      return true;
    }
  }
  SpinLockAcquire(&sequence.lock);
  const bool taken =
      uuid6::TakeLockedAtomicStep(words, layout, clock, random, fallback, tick, running_low, grace,
                                  uuid6::pg::StateTakesAdds());
  if (taken) {
    uuid6::NoteClockReading(sequence.state, layout, clock, saw_regression);
    pending_generated[index]++;
    CountPendingLocked(sequence, index);
  }
  SpinLockRelease(&sequence.lock);
  if (taken) clock_noted_until[index] = clock + layout.race_tolerance / 10;
  return taken;
}

// One attempt at the next tick of `generator`'s sequence: the clock read
// before the spinlock; under it, only TryAdvanceSequence's integer
// read-compare-write and the lease checks. False when the lease must be
// renewed first; `running_low` says a renewal is due soon.
inline bool TryNextTick(uuid6::pg::SharedSequence& sequence, Generator generator,
                        const uuid6::SequenceLayout& layout, uint64 random,
                        uuid6::LeaseFallback fallback, uuid6::Tick& tick, bool& running_low,
                        uint64 grace = 0) {
  const int index = static_cast<int>(generator);
  const int64 now_ns = uuid6::pg::UnixNanosNow();
  const bool saw_regression = now_ns < previous_clock_ns[index];
  previous_clock_ns[index] = now_ns;
  const uint64 clock = uuid6::pg::ClockPartAt(generator, now_ns);
  uuid6::pg::AtomicSequences* atomic = uuid6::pg::AttachedAtomicSequences();
  if (likely(atomic != nullptr)) {
    return TryAtomicNextTick(sequence, atomic->sequences[index], index, layout, clock,
                             saw_regression, random, fallback, tick, running_low, grace);
  }

  // The spinlock protocol, where an earlier library created the state.
  // SpinLockAcquire alone: where the first exchange finds the lock held,
  // PostgreSQL's own wait loop already reads before it retries the exchange
  // on the platforms where that helps (TAS_SPIN), so a read of our own
  // before acquiring bought nothing measurable under two-backend contention.
  SpinLockAcquire(&sequence.lock);
  const bool taken = uuid6::TryAdvanceSequence(sequence.state, layout, clock, random,
                                               saw_regression, tick, fallback, grace);
  running_low = taken && uuid6::PastRenewalPoint(sequence.state, tick);
  SpinLockRelease(&sequence.lock);
  return taken;
}

// The lease has run out: this backend writes a new one, or, while another
// process does, goes on inside a lease that ended less than a second ago
// (longer while a renewal begun in time is still being written:
// LeaseGrace) or sleeps (cancellably) until the write is done. Kept apart
// from GenerateNext's path.
__attribute__((noinline, cold)) uuid6::Tick NextTickAfterRenewal(
    uuid6::pg::SharedState* state, uuid6::pg::SharedSequence& sequence, Generator generator,
    const uuid6::SequenceLayout& layout, uint64 random) {
  uuid6::Tick tick = 0;
  bool running_low = false;
  for (;;) {
    CHECK_FOR_INTERRUPTS();
    if (uuid6::pg::RenewLease(state, generator)) {
      if (TryNextTick(sequence, generator, layout, random, uuid6::LeaseFallback::kAlways, tick,
                      running_low))
        break;
      continue;
    }
    const uint64 grace = uuid6::pg::LeaseGrace(state, generator);
    if (TryNextTick(sequence, generator, layout, random, uuid6::LeaseFallback::kIfRecent, tick,
                    running_low, grace))
      break;
    uuid6::pg::WaitForLeaseWrite(state);
    if (TryNextTick(sequence, generator, layout, random, uuid6::LeaseFallback::kIfRecent, tick,
                    running_low, uuid6::pg::LeaseGrace(state, generator)))
      break;
  }
  return tick;
}

}  // namespace

namespace uuid6::pg {

void RegisterGeneratedCounting() { RegisterXactCallback(CountPendingAtTransactionEnd, nullptr); }

uint64 TakeRandom64() {
  uint64_t random = 0;
  if (!uuid6::TakeRandom64(random_pool, MyProcPid, FillStrongRandom, random))
    ereport(ERROR, (errcode(ERRCODE_INTERNAL_ERROR), errmsg("could not generate random values")));
  return random;
}

// The heart of docs/design.md, The shared sequence. Clock, random bytes and the shared state's address
// are all obtained before the spinlock (TryNextTick). The state file is
// written after the lock is released: ahead of time, once a call sees the
// lease run low, by the lease writer (nobody waits for it) or, where uuid6
// is not preloaded, by that call's backend; or, when the clock has run past
// the lease, by this backend before its value is handed out.
uuid6::Tick TakeSequenceTick(Generator generator, uint64 random) {
  SharedState* state = AttachSharedState();
  SharedSequence& sequence = state->sequences[static_cast<int>(generator)].sequence;
  // Ask for the line of the word the step writes now, so that its transfer
  // from another core overlaps the clock read.
  AtomicSequences* atomic = AttachedAtomicSequences();
  if (likely(atomic != nullptr))
    __builtin_prefetch(&atomic->sequences[static_cast<int>(generator)], 1, 3);
  else
    __builtin_prefetch(&sequence, 1, 3);
  const uuid6::SequenceLayout& layout = uuid6::LayoutOf(generator);
  // The commit horizon: this transaction's first key of the version is
  // published before its draw (pg/horizon.hpp).
  uuid6::pg::PublishHorizonBeforeDraw(generator);
  uuid6::Tick tick = 0;
  do {
    bool running_low = false;
    if (likely(TryNextTick(sequence, generator, layout, random, uuid6::LeaseFallback::kNone, tick,
                           running_low))) {
      if (unlikely(running_low)) uuid6::pg::RequestLeaseRenewal(state);
    } else {
      tick = NextTickAfterRenewal(state, sequence, generator, layout, random);
    }
    // The database's lease covers the tick before it is handed out: one
    // comparison while it does (pg/database_lease.hpp).
  } while (
      unlikely(tick > uuid6::pg::database_lease_checked_through[static_cast<int>(generator)]) &&
      !uuid6::pg::CoverTickInDatabase(state, generator, tick));
  return tick;
}

}  // namespace uuid6::pg

namespace {

Datum GenerateNext(Generator generator) {
  const uint64 random = uuid6::pg::TakeRandom64();
  const uuid6::Tick tick = uuid6::pg::TakeSequenceTick(generator, random);
  return uuid6::pg::DatumFromUuid(
      uuid6::PackTick(generator, tick, random, uuid6::pg::node_id_setting));
}

Datum GenerateAt(FunctionCallInfo fcinfo, Generator generator, const char* layout,
                 const char* range) {
  const int64 unix_us = uuid6::pg::UnixMicrosFromTimestamp(PG_GETARG_TIMESTAMPTZ(0), layout);
  uuid6::Uuid id{0, 0};
  if (uuid6::PackAtInstant(generator, unix_us, uuid6::pg::TakeRandom64(),
                           uuid6::pg::node_id_setting, id) != uuid6::Status::kOk)
    uuid6::pg::ReportOutOfRange(layout, range);
  return uuid6::pg::DatumFromUuid(id);
}

}  // namespace

UUID6_SQL_FUNCTION(uuid_generate_v6) { return GenerateNext(Generator::kV6); }
UUID6_SQL_FUNCTION(uuid_generate_v7) { return GenerateNext(Generator::kV7); }
UUID6_SQL_FUNCTION(uuid_generate_v8) { return GenerateNext(Generator::kV8); }

UUID6_SQL_FUNCTION(uuid_generate_v6_at) {
  return GenerateAt(fcinfo, Generator::kV6, "version 6", uuid6::pg::kV6Range);
}
UUID6_SQL_FUNCTION(uuid_generate_v7_at) {
  return GenerateAt(fcinfo, Generator::kV7, "version 7", uuid6::pg::kV7Range);
}
UUID6_SQL_FUNCTION(uuid_generate_v8_at) {
  return GenerateAt(fcinfo, Generator::kV8, "version 8", uuid6::pg::kV8Range);
}

// uuid_generate_v7_draft(precision text): the draft-era v7 layout (docs/design.md, Ticks and layouts)
// on its own shared sequence per precision.
UUID6_SQL_FUNCTION(uuid_generate_v7_draft) {
  const char* precision = text_to_cstring(PG_GETARG_TEXT_PP(0));
  Generator generator;
  if (strcmp(precision, "ms") == 0)
    generator = Generator::kDraftV7Millis;
  else if (strcmp(precision, "us") == 0)
    generator = Generator::kDraftV7Micros;
  else if (strcmp(precision, "ns") == 0)
    generator = Generator::kDraftV7Nanos;
  else
    ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                    errmsg("unknown precision \"%s\" for a draft version 7 UUID", precision),
                    errhint("Use 'ms', 'us' or 'ns'.")));
  return GenerateNext(generator);
}

// uuid6_status(): one row per RFC 9562 generator. Counters are copied under the
// spinlock and everything else is computed after releasing it. The 1.0
// declaration has the first seven columns only, 1.1's the first eleven,
// 1.2's and 1.3's the first fourteen; the row is cut to the caller's, and the
// database's lease is read only for a declaration that shows it.
UUID6_SQL_FUNCTION(uuid6_status) {
  static const int kVersions[uuid6::kRfcGeneratorCount] = {6, 7, 8};
  constexpr int kColumns = 15;
  constexpr int kColumnsBeforeDatabaseLease = 11;
  InitMaterializedSRF(fcinfo, 0);
  ReturnSetInfo* result = reinterpret_cast<ReturnSetInfo*>(fcinfo->resultinfo);
  if (result->setDesc->natts > kColumns)
    ereport(ERROR, (errcode(ERRCODE_DATATYPE_MISMATCH),
                    errmsg("uuid6_status is declared with more columns than this library has"),
                    errhint("Run ALTER EXTENSION uuid6 UPDATE.")));
  uuid6::pg::SharedState* state = uuid6::pg::AttachSharedState();
  const char* mode = uuid6::pg::StateModeName(uuid6::pg::CurrentStateMode());
  const int node_id = uuid6::pg::node_id_setting;
  const uuid6::pg::Persistence& persistence = state->persistence;
  static const char* const kRestoredFrom[] = {"none", "state file", "unreadable state file"};
  const char* restored_from = kRestoredFrom[static_cast<int>(persistence.restore_result)];

  for (int i = 0; i < uuid6::kRfcGeneratorCount; i++) {
    const Generator generator = static_cast<Generator>(i);
    const uuid6::SequenceLayout& layout = uuid6::LayoutOf(generator);
    uuid6::pg::SharedSequence& sequence = state->sequences[i].sequence;
    SpinLockAcquire(&sequence.lock);
    uuid6::SequenceState copy = uuid6::pg::SequenceCopy(state, i);
    SpinLockRelease(&sequence.lock);
    // This session's values not counted yet (see CountPending).
    copy.generated += pending_generated[i];

    Datum values[kColumns];
    bool nulls[kColumns];
    memset(nulls, 0, sizeof nulls);
    values[0] = CStringGetTextDatum(mode);
    values[1] = Int32GetDatum(node_id);
    nulls[1] = node_id < 0;
    values[2] = Int32GetDatum(kVersions[i]);
    values[3] = Int64GetDatum(static_cast<int64>(copy.generated));
    values[4] = Int64GetDatum(static_cast<int64>(copy.regressions));
    values[5] = Int64GetDatum(uuid6::MicrosFromClockUnits(generator, copy.largest_regression));
    values[6] = Int64GetDatum(uuid6::SequenceLeadMicros(
        generator, copy, uuid6::pg::ClockPartAt(generator, uuid6::pg::UnixNanosNow())));
    // What the state file gave at start, and how far the durable lease reaches.
    values[7] = CStringGetTextDatum(restored_from);
    nulls[8] = !persistence.restored_present[i];
    values[8] =
        nulls[8]
            ? 0
            : uuid6::pg::TimestampDatumFromUnixMicros(uuid6::UnixMicrosFromClockPart(
                  generator, static_cast<uint64>(
                                 ((static_cast<uuid6::Tick>(persistence.restored_hi[i]) << 64) |
                                  persistence.restored_lo[i]) >>
                                 layout.low_bits)));
    nulls[9] = persistence.restore_result != uuid6::pg::RestoreResult::kRestored;
    values[9] =
        nulls[9] ? 0 : uuid6::pg::TimestampDatumFromUnixMicros(persistence.restored_saved_at_us);
    const uuid6::Tick lease = uuid6::LeaseTick(copy);
    nulls[10] = lease == 0;
    values[10] = nulls[10] ? 0
                           : uuid6::pg::TimestampDatumFromUnixMicros(uuid6::UnixMicrosFromClockPart(
                                 generator, static_cast<uint64>(lease >> layout.low_bits)));
    // This database's WAL-logged lease: the object, the time up to which it
    // covers keys made here, and whether this session writes it now.
    nulls[11] = nulls[12] = nulls[13] = true;
    if (result->setDesc->natts > kColumnsBeforeDatabaseLease) {
      uuid6::pg::DatabaseLeaseView view;
      uuid6::pg::ViewDatabaseLease(generator, view);
      nulls[11] = view.name == nullptr;
      values[11] = nulls[11] ? 0 : CStringGetTextDatum(view.name);
      nulls[12] = view.stored == uuid6::kNoDatabaseLease;
      values[12] = nulls[12]
                       ? 0
                       : uuid6::pg::TimestampDatumFromUnixMicros(uuid6::UnixMicrosFromClockPart(
                             generator, static_cast<uint64>(view.stored)));
      nulls[13] = !view.kept;
      values[13] = BoolGetDatum(view.writable);
    }
    // lagging_keys (1.4): keys handed out behind the clock because a lift
    // could not take its lock. The SQL edition's lift can; this sequence
    // never trails the clock (next = max(clock, last + 1)).
    values[14] = Int64GetDatum(0);
    tuplestore_putvalues(result->setResult, result->setDesc, values, nulls);
  }
  return static_cast<Datum>(0);
}

// uuid6_advance(uuid): lifts the sequence of the UUID's version so that every
// later value is greater, and persists that before returning (docs/design.md, The shared sequence).
UUID6_SQL_FUNCTION(uuid6_advance) {
  const uuid6::Uuid id = uuid6::pg::UuidFromDatum(PG_GETARG_DATUM(0));
  const int version = uuid6::VersionOf(id);
  Generator generator;
  switch (version) {
    case 6:
      generator = Generator::kV6;
      break;
    case 7:
      generator = Generator::kV7;
      break;
    case 8:
      // A spread key carries a tick of the v7 sequence (core/spread.hpp).
      generator = uuid6::IsSpread(id) ? Generator::kV7 : Generator::kV8;
      break;
    default:
      ereport(ERROR,
              (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
               errmsg("uuid6_advance expects a version 6, 7 or 8 UUID, got %s",
                      version < 0 ? "a UUID of another variant" : psprintf("version %d", version)),
               errdetail("Only the sequences of the RFC 9562 generators can be advanced.")));
  }
  // A standby's sequences follow its primary's database leases when it is
  // promoted; lifting them here would move only this server's state file.
  if (RecoveryInProgress())
    ereport(ERROR, (errcode(ERRCODE_READ_ONLY_SQL_TRANSACTION),
                    errmsg("uuid6_advance cannot run during recovery"),
                    errdetail("The sequences of a standby follow the leases its primary writes "
                              "in each database once it is promoted."),
                    errhint("Run uuid6_advance on the primary.")));
  uuid6::Tick tick = 0;
  uuid6::TickOfUuid(generator, id, tick);
  const uuid6::SequenceLayout& layout = uuid6::LayoutOf(generator);
  const int64 unix_us =
      uuid6::UnixMicrosFromClockPart(generator, static_cast<uint64>(tick >> layout.low_bits));
  const int64 now_us = uuid6::pg::UnixNanosNow() / 1000;
  if (unix_us > now_us + uuid6::pg::AdvanceLimitMicros(true))
    ereport(ERROR, (errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
                    errmsg("uuid6_advance refuses a UUID more than one day ahead of the clock"),
                    errdetail("The UUID's time is %s; every later key of the cluster would be made "
                              "after it.",
                              timestamptz_to_str(unix_us - uuid6::kUnixToPostgresMicros)),
                    errhint("Check the UUID, or the server's clock.")));

  uuid6::pg::SharedState* state = uuid6::pg::AttachSharedState();
  uuid6::pg::SharedSequence& sequence = state->sequences[static_cast<int>(generator)].sequence;
  // A role that is not superuser may not lift the sequence further ahead of
  // the clock than uuid6.max_advance; a UUID the sequence has passed
  // already lifts nothing and is taken. Each call is bounded by the clock,
  // not by where the sequence stands, so calling again with later UUIDs
  // lifts it no further than the bound.
  if (unix_us > now_us + uuid6::pg::AdvanceLimitMicros(false) && !superuser()) {
    SpinLockAcquire(&sequence.lock);
    const bool lifts =
        tick > uuid6::LastTick(uuid6::pg::SequenceCopy(state, static_cast<int>(generator)));
    SpinLockRelease(&sequence.lock);
    if (lifts)
      ereport(ERROR,
              (errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
               errmsg("uuid6_advance refuses a UUID more than uuid6.max_advance (%s) ahead of "
                      "the clock to a role that is not superuser",
                      GetConfigOptionByName("uuid6.max_advance", nullptr, false)),
               errdetail("The UUID's time is %s; the sequences are shared by every database of "
                         "the cluster.",
                         timestamptz_to_str(unix_us - uuid6::kUnixToPostgresMicros)),
               errhint("A superuser may run it, up to one day ahead, or raise "
                       "uuid6.max_advance.")));
  }

  // Raised, then written and flushed by this call itself (not merely covered
  // by a routine renewal), before returning. Covered once this call's own
  // write is in, and the last tick lies below the lease: either short of the
  // renewal point, or the write moved that point (other backends may have
  // used up part of the new lease meanwhile; the write still covered this
  // call's tick, so a second one would only chase them).
  uuid6::Tick renew_after_before = 0;
  for (bool written = false;;) {
    SpinLockAcquire(&sequence.lock);
    uuid6::pg::RaiseSequenceLastTick(state, static_cast<int>(generator), tick);
    const uuid6::SequenceState copy = uuid6::pg::SequenceCopy(state, static_cast<int>(generator));
    const uuid6::Tick last = uuid6::LastTick(copy);
    const uuid6::Tick renew_after = uuid6::RenewalPoint(copy);
    const bool covered =
        !uuid6::PastRenewalPoint(copy, last) ||
        (written && last < uuid6::LeaseTick(copy) && renew_after != renew_after_before);
    SpinLockRelease(&sequence.lock);
    if (covered && written) break;
    renew_after_before = renew_after;
    written = uuid6::pg::RenewLease(state, generator);
    if (!written) uuid6::pg::WaitForLeaseWrite(state);
    CHECK_FOR_INTERRUPTS();
  }
  // This database's lease covers the imported key too, so that it travels
  // with the database.
  if (tick > uuid6::pg::database_lease_checked_through[static_cast<int>(generator)])
    uuid6::pg::CoverTickInDatabase(state, generator, tick);
  PG_RETURN_VOID();
}
