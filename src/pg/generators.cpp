// The generators: next value of a shared sequence, a value for a given
// instant (backfill), and uuid6_status().
#include <cstring>
#include <ctime>

#include "core/random_pool.hpp"
#include "core/sequence.hpp"
#include "pg/convert.hpp"
#include "pg/layout_ranges.hpp"
#include "pg/settings.hpp"
#include "pg/shared_state.hpp"
#include "pg/sql_function.hpp"

using uuid6::Generator;

namespace {

// This process's CSPRNG reserve; owned by MyProcPid, so a forked child
// refills before use.
uuid6::RandomPool random_pool;

// This process's previous clock reading: a reading below it is a clock
// regression for certain, whatever other backends are doing.
int64 previous_clock_ns = 0;

bool FillStrongRandom(void* buffer, size_t length) { return pg_strong_random(buffer, length); }

uint64 TakeRandom64() {
  uint64_t random = 0;
  if (!uuid6::TakeRandom64(random_pool, MyProcPid, FillStrongRandom, random))
    ereport(ERROR, (errcode(ERRCODE_INTERNAL_ERROR), errmsg("could not generate random values")));
  return random;
}

int64 ReadClockNanos() {
  struct timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  return static_cast<int64>(now.tv_sec) * 1000000000 + now.tv_nsec;
}

// Clock part of `now_ns` for a generator; a clock before 1970 reads as 0 and
// the sequence simply counts on.
uint64 ClockPart(Generator generator, int64 now_ns) {
  uint64_t clock = 0;
  if (uuid6::ClockPartFromUnixNanos(generator, now_ns, clock) != uuid6::Status::kOk) clock = 0;
  return clock;
}

// The heart of SPEC §2. Clock, random bytes and the shared state's address
// are all obtained before the spinlock; under it, only AdvanceSequence's
// integer read-compare-write.
Datum GenerateNext(Generator generator) {
  uuid6::pg::SharedSequence& sequence =
      uuid6::pg::AttachSharedState()->sequences[static_cast<int>(generator)].sequence;
  // Ask for the sequence's cache line for writing now, so that its transfer
  // from another core overlaps the clock read and the random draw.
  __builtin_prefetch(&sequence, 1, 3);
  const int64 now_ns = ReadClockNanos();
  const bool saw_regression = now_ns < previous_clock_ns;
  previous_clock_ns = now_ns;
  const uint64 random = TakeRandom64();
  const uint64 clock = ClockPart(generator, now_ns);
  const uuid6::SequenceLayout& layout = uuid6::LayoutOf(generator);

  // Wait with plain reads while another backend holds the lock, so that
  // the waiter does not pull the cache line away from the holder with
  // atomic exchanges (test-and-test-and-set). Bounded, so that a lock that
  // never frees still reaches SpinLockAcquire's stuck-spinlock detection.
  for (int spins = 0; spins < 1000 && !S_LOCK_FREE(&sequence.lock); spins++) pg_spin_delay();
  SpinLockAcquire(&sequence.lock);
  const uuid6::Tick tick =
      uuid6::AdvanceSequence(sequence.state, layout, clock, random, saw_regression);
  SpinLockRelease(&sequence.lock);

  return uuid6::pg::DatumFromUuid(
      uuid6::PackTick(generator, tick, random, uuid6::pg::node_id_setting));
}

Datum GenerateAt(FunctionCallInfo fcinfo, Generator generator, const char* layout,
                 const char* range) {
  const int64 unix_us = uuid6::pg::UnixMicrosFromTimestamp(PG_GETARG_TIMESTAMPTZ(0), layout);
  uuid6::Uuid id{0, 0};
  if (uuid6::PackAtInstant(generator, unix_us, TakeRandom64(), uuid6::pg::node_id_setting, id) !=
      uuid6::Status::kOk)
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

// uuid_generate_v7_draft(precision text): the draft-era v7 layout (SPEC §6)
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
// spinlock and everything else is computed after releasing it.
UUID6_SQL_FUNCTION(uuid6_status) {
  static const int kVersions[uuid6::kRfcGeneratorCount] = {6, 7, 8};
  InitMaterializedSRF(fcinfo, 0);
  ReturnSetInfo* result = reinterpret_cast<ReturnSetInfo*>(fcinfo->resultinfo);
  uuid6::pg::SharedState* state = uuid6::pg::AttachSharedState();
  const char* mode = uuid6::pg::StateModeName(uuid6::pg::CurrentStateMode());
  const int node_id = uuid6::pg::node_id_setting;

  for (int i = 0; i < uuid6::kRfcGeneratorCount; i++) {
    const Generator generator = static_cast<Generator>(i);
    uuid6::pg::SharedSequence& sequence = state->sequences[i].sequence;
    SpinLockAcquire(&sequence.lock);
    const uuid6::SequenceState copy = sequence.state;
    SpinLockRelease(&sequence.lock);

    Datum values[7];
    bool nulls[7] = {false, node_id < 0, false, false, false, false, false};
    values[0] = CStringGetTextDatum(mode);
    values[1] = Int32GetDatum(node_id);
    values[2] = Int32GetDatum(kVersions[i]);
    values[3] = Int64GetDatum(static_cast<int64>(copy.generated));
    values[4] = Int64GetDatum(static_cast<int64>(copy.regressions));
    values[5] = Int64GetDatum(uuid6::MicrosFromClockUnits(generator, copy.largest_regression));
    values[6] = Int64GetDatum(
        uuid6::SequenceLeadMicros(generator, copy, ClockPart(generator, ReadClockNanos())));
    tuplestore_putvalues(result->setResult, result->setDesc, values, nulls);
  }
  return static_cast<Datum>(0);
}
