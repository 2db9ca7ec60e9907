// The commit horizon: each backend's slot, where its transaction's first key
// of each RFC version is published before the draw (core/horizon.hpp proves
// the order), the prepared transactions' bounds, and the SQL functions
// uuid6_commit_horizon(version) and uuid6_commit_horizon_holders().
#include "pg/horizon.hpp"

#include <cstring>

#include "core/atomic_sequence.hpp"
#include "core/horizon.hpp"
#include "core/layout.hpp"
#include "pg/convert.hpp"
#include "pg/shared_state.hpp"
#include "pg/sql_function.hpp"

extern "C" {
#include "access/parallel.h"
#include "access/transam.h"
#include "access/twophase.h"
#include "access/xact.h"
#include "access/xlog.h"
#include "executor/spi.h"
#include "storage/proc.h"
#include "storage/procarray.h"
#include "catalog/pg_authid_d.h"
#include "utils/acl.h"
}

using uuid6::Generator;

namespace uuid6::pg {

namespace {

using Slot = HorizonSlot<PgAtomicOps>;

// A prepared transaction's bounds, copied from its backend's slot at
// PREPARE; dropped by a reader once the transaction is no longer in
// progress (COMMIT or ROLLBACK PREPARED). xid 0: a free entry.
struct PreparedBounds {
  TransactionId xid;
  Oid database;
  uint64 bound[kRfcGeneratorCount];  // clock part + 1, as in a slot; 0: none
  int64 since_us;
};

// The shared struct "uuid6 horizon v1": its header on a line of its own,
// one slot per backend (BackendSlot), then max_prepared_transactions
// entries. Its size follows the server's settings, fixed while it runs.
struct HorizonHeader {
  uint32 layout_version;
  int slot_count;
  int prepared_capacity;
  slock_t lock;  // guards the prepared entries
  // The transaction id next to be assigned when the first key of this
  // server's life was published or the horizon first read (0 until then;
  // FullTransactionId's value). A prepared transaction the entries do not
  // know took no key where its xid is not older: every key is published,
  // and every transaction that publishes gets an entry when it prepares. An
  // older one may have been prepared before the server started (its keys
  // unknown).
  pg_atomic_uint64 first_xid;
};
constexpr const char* kHorizonName = "uuid6 horizon v1";
constexpr uint32 kHorizonLayoutVersion = 1;
constexpr size_t kHeaderBytes = 64;
static_assert(sizeof(HorizonHeader) <= kHeaderBytes, "the header fits its line");
static_assert(sizeof(Slot) == 64, "a slot is a cache line");

HorizonHeader* header = nullptr;
Slot* slots = nullptr;
PreparedBounds* prepared = nullptr;

int SlotCount() { return MaxBackends; }
int PreparedCapacity() { return max_prepared_xacts; }

// Allocated with a line to spare, so that the slots start on a line of
// their own whatever the allocator's alignment.
size_t Bytes() {
  return 64 + kHeaderBytes + sizeof(Slot) * static_cast<size_t>(SlotCount()) +
         sizeof(PreparedBounds) * static_cast<size_t>(PreparedCapacity());
}

char* Aligned(void* segment) {
  return reinterpret_cast<char*>(TYPEALIGN(64, reinterpret_cast<uintptr_t>(segment)));
}

void Initialize(void* segment) {
  memset(segment, 0, Bytes());
  char* base = Aligned(segment);
  HorizonHeader* h = reinterpret_cast<HorizonHeader*>(base);
  h->layout_version = kHorizonLayoutVersion;
  h->slot_count = SlotCount();
  h->prepared_capacity = PreparedCapacity();
  SpinLockInit(&h->lock);
  pg_atomic_init_u64(&h->first_xid, 0);
  Slot* s = reinterpret_cast<Slot*>(base + kHeaderBytes);
  for (int i = 0; i < h->slot_count; i++) {
    for (auto& bound : s[i].bound) pg_atomic_init_u64(&bound, 0);
    pg_atomic_init_u64(&s[i].database, 0);
    pg_atomic_init_u64(&s[i].since_us, 0);
    pg_atomic_init_u64(&s[i].pid, 0);
  }
}

void Adopt(void* segment) {
  char* base = Aligned(segment);
  header = reinterpret_cast<HorizonHeader*>(base);
  slots = reinterpret_cast<Slot*>(base + kHeaderBytes);
  prepared = reinterpret_cast<PreparedBounds*>(base + kHeaderBytes +
                                               sizeof(Slot) * static_cast<size_t>(header->slot_count));
}

// This transaction's bounds: published in the slot (per generator), and
// whether any was, so that the end of a transaction that made none costs
// one test.
bool published[kRfcGeneratorCount] = {false, false, false};
bool any_published = false;
bool callbacks_registered = false;
bool exit_armed = false;

void AtProcExit(int, Datum);

// Where this process publishes: its own slot, or its parallel leader's (the
// leader's transaction is the one that stores what a worker makes). Every
// process that runs SQL has one below MaxBackends; a key made without its
// bound would be one the horizon cannot see, so none is made.
int PublishingSlot() {
  const int slot = IsParallelWorker() ? LeaderSlot() : BackendSlot();
  if (slot < 0 || slot >= header->slot_count)
    ereport(ERROR, (errcode(ERRCODE_INTERNAL_ERROR),
                    errmsg("uuid6: process slot %d lies outside the commit horizon's %d", slot,
                           header->slot_count)));
  return slot;
}

// Notes first_xid once, from a backend (the postmaster, which may create
// the struct, knows no transaction ids yet).
void NoteFirstXid() {
  if (pg_atomic_read_u64(&header->first_xid) != 0) return;
  uint64 unset = 0;
  pg_atomic_compare_exchange_u64(&header->first_xid, &unset,
                                 U64FromFullTransactionId(ReadNextFullTransactionId()));
}

__attribute__((noinline, cold)) void PublishFirst(int g) {
  // A state an earlier library made (whose sessions publish nothing): the
  // horizon refuses there, and nothing is published.
  if (!HorizonAvailable()) {
    published[g] = true;
    return;
  }
  AtomicSequences* atomic = AttachedAtomicSequences();
  const int index = PublishingSlot();
  NoteFirstXid();
  if (!exit_armed) {
    before_shmem_exit(AtProcExit, 0);
    exit_armed = true;
  }
  published[g] = true;
  Slot& slot = slots[index];
  const SequenceLayout& layout = LayoutOf(static_cast<Generator>(g));
  const uint64 clock =
      static_cast<uint64>(AtomicLastTickUnlocked(atomic->sequences[g]) >> layout.low_bits);
  if (IsParallelWorker()) {
    // The leader's slot, which the leader and its other workers may publish
    // in too: only ever lowered, by compare-and-swap. Its database is the
    // leader's, which is this one's (the leader may not have written it yet).
    pg_atomic_write_u64(&slot.database, MyDatabaseId);
    PublishHorizonBound(slot, g, clock);
    return;
  }
  if (!any_published) {
    pg_atomic_write_u64(&slot.database, MyDatabaseId);
    pg_atomic_write_u64(&slot.pid, static_cast<uint64>(MyProcPid));
    pg_atomic_write_u64(&slot.since_us, static_cast<uint64>(UnixNanosNow() / 1000));
  }
  any_published = true;
  PublishHorizonBound(slot, g, clock);
}

// Every bound of this backend's slot, its parallel workers' included.
void ClearOwnSlot() {
  const int index = BackendSlot();
  if (header == nullptr || index < 0 || index >= header->slot_count) return;
  for (int g = 0; g < kRfcGeneratorCount; g++)
    if (pg_atomic_read_u64(&slots[index].bound[g]) != 0) ClearHorizonBound(slots[index], g);
}

void ForgetPublished() {
  for (bool& p : published) p = false;
  any_published = false;
}

// A prepared transaction keeps its bounds past its backend's: they go to an
// entry of its own before the slot is cleared (a reader scans the slots
// first, then the entries, so it sees them in one place or the other). Every
// transaction prepared here gets an entry, with bounds or none, so that a
// reader can tell a prepared transaction it knows from one it does not (one
// prepared before the server started, or by an earlier library).
void KeepPrepared() {
  if (header == nullptr || header->prepared_capacity == 0) return;
  const TransactionId xid = GetTopTransactionId();
  const int index = BackendSlot();
  PreparedBounds entry;
  memset(&entry, 0, sizeof entry);
  entry.xid = xid;
  entry.database = MyDatabaseId;
  if (index >= 0 && index < header->slot_count) {
    bool any = false;
    for (int g = 0; g < kRfcGeneratorCount; g++) {
      entry.bound[g] = pg_atomic_read_u64(&slots[index].bound[g]);
      any = any || entry.bound[g] != 0;
    }
    if (any) entry.since_us = static_cast<int64>(pg_atomic_read_u64(&slots[index].since_us));
  }
  // A free entry, or one whose transaction has ended (looked at outside
  // the spinlock; taken only if still the same under it).
  for (int pass = 0; pass < 2; pass++) {
    for (int i = 0; i < header->prepared_capacity; i++) {
      SpinLockAcquire(&header->lock);
      const TransactionId there = prepared[i].xid;
      SpinLockRelease(&header->lock);
      if (there != InvalidTransactionId && (pass == 0 || TransactionIdIsInProgress(there)))
        continue;
      SpinLockAcquire(&header->lock);
      const bool taken = prepared[i].xid == there;
      if (taken) prepared[i] = entry;
      SpinLockRelease(&header->lock);
      if (taken) return;
    }
  }
  // Every entry holds a transaction in progress: more than
  // max_prepared_transactions, which PostgreSQL does not allow. Refused.
  ereport(ERROR, (errcode(ERRCODE_INTERNAL_ERROR),
                  errmsg("uuid6: no room to keep the commit horizon's bound of a prepared "
                         "transaction")));
}

void AtTransactionEnd(XactEvent event, void*) {
  switch (event) {
    case XACT_EVENT_PRE_PREPARE:
      KeepPrepared();
      return;
    case XACT_EVENT_COMMIT:
    case XACT_EVENT_ABORT:
    case XACT_EVENT_PREPARE:
      // Runs once the transaction's commit (or abort) is visible to every
      // new snapshot: ProcArrayEndTransaction comes before these events.
      ClearOwnSlot();
      ForgetPublished();
      return;
    case XACT_EVENT_PARALLEL_COMMIT:
    case XACT_EVENT_PARALLEL_ABORT:
      // A worker published in its leader's slot, which the leader clears.
      ForgetPublished();
      return;
    default:
      return;
  }
}

// A backend that exits in a transaction has aborted it first; this only
// makes sure no bound of a dead backend outlives it.
void AtProcExit(int, Datum) {
  if (!IsParallelWorker()) ClearOwnSlot();
}

}  // namespace

size_t HorizonBytes() { return MAXALIGN(Bytes()); }

void InitHorizonPreloaded() {
  bool found = false;
  void* segment = ShmemInitStruct(kHorizonName, HorizonBytes(), &found);
  if (!found) Initialize(segment);
  Adopt(segment);
}

void AttachHorizonLazily() {
  bool found = false;
  void* segment = FindOrCreateNamedSegment<Initialize>(kHorizonName, Bytes(), &found);
  Adopt(segment);
}

void PublishHorizonBeforeDraw(Generator generator) {
  const int g = static_cast<int>(generator);
  if (likely(g >= kRfcGeneratorCount || published[g])) return;
  PublishFirst(g);
}

void RegisterHorizonCallbacks() {
  if (callbacks_registered) return;
  RegisterXactCallback(AtTransactionEnd, nullptr);
  callbacks_registered = true;
}

bool HorizonAvailable() { return header != nullptr && StateTakesAdds(); }

}  // namespace uuid6::pg

namespace {

using uuid6::pg::header;
using uuid6::pg::prepared;
using uuid6::pg::slots;

Generator RfcGenerator(int version) {
  switch (version) {
    case 6:
      return Generator::kV6;
    case 7:
      return Generator::kV7;
    case 8:
      return Generator::kV8;
    default:
      ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                      errmsg("uuid6_commit_horizon takes version 6, 7 or 8, not %d", version)));
  }
  pg_unreachable();
}

// Before a reader: the horizon is known on this server.
void RequireHorizon(const char* function) {
  uuid6::pg::AttachSharedState();
  if (RecoveryInProgress())
    ereport(ERROR,
            (errcode(ERRCODE_READ_ONLY_SQL_TRANSACTION),
             errmsg("%s cannot run during recovery", function),
             errdetail("Keys are made on the primary, whose transactions a standby does not see "
                       "in progress."),
             errhint("Call it on the primary, and read there (or on a standby once it has "
                     "replayed past the primary's WAL position taken after the call).")));
  if (!uuid6::pg::HorizonAvailable())
    ereport(ERROR,
            (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
             errmsg("%s needs the shared sequences made by uuid6 1.6 or later", function),
             errdetail("This server's sequences were made by an earlier uuid6 library, whose "
                       "sessions do not publish the keys their transactions take."),
             errhint("Restart the server once every session runs uuid6 1.6.")));
}

// The prepared transactions of this database, as PostgreSQL lists them:
// xid, gid, when prepared. Through SPI: off every key's path.
struct PreparedXact {
  TransactionId xid;
  char* gid;
  TimestampTz prepared_at;
};

List* ListPreparedXacts() {
  List* out = NIL;
  if (max_prepared_xacts == 0) return out;
  MemoryContext caller = CurrentMemoryContext;
  SPI_connect();
  const int rc = SPI_execute(
      "SELECT transaction::text, gid, prepared FROM pg_catalog.pg_prepared_xacts "
      "WHERE database OPERATOR(pg_catalog.=) pg_catalog.current_database()",
      true, 0);
  if (rc != SPI_OK_SELECT) elog(ERROR, "uuid6: could not list the prepared transactions");
  for (uint64 i = 0; i < SPI_processed; i++) {
    HeapTuple row = SPI_tuptable->vals[i];
    TupleDesc desc = SPI_tuptable->tupdesc;
    const TransactionId xid =
        static_cast<TransactionId>(strtoul(SPI_getvalue(row, desc, 1), nullptr, 10));
    const char* gid = SPI_getvalue(row, desc, 2);
    bool isnull = false;
    const TimestampTz at = DatumGetTimestampTz(SPI_getbinval(row, desc, 3, &isnull));
    MemoryContext spi = MemoryContextSwitchTo(caller);
    PreparedXact* x = static_cast<PreparedXact*>(palloc(sizeof(PreparedXact)));
    x->xid = xid;
    x->gid = pstrdup(gid);
    x->prepared_at = at;
    out = lappend(out, x);
    MemoryContextSwitchTo(spi);
  }
  SPI_finish();
  return out;
}

// What holds the horizon of generator `g` back, one row each, and the
// horizon's clock part: the sequence's position, each slot of this database
// with a bound, each prepared transaction of it (one unknown to the horizon
// holds it at the very bottom).
struct Holder {
  int pid;            // 0: a prepared transaction
  const char* gid;    // the prepared transaction's, or nullptr
  int64 since_us;     // the transaction's first key, or when it was prepared
  uint64 clock;       // the bound's clock part
};

uuid6::Tick ComputeHorizon(int g, List** holders) {
  const uuid6::SequenceLayout& layout = uuid6::LayoutOf(static_cast<Generator>(g));
  uuid6::pg::AtomicSequences* atomic = uuid6::pg::AttachedAtomicSequences();
  const uuid6::Tick sequence_last = uuid6::AtomicLastTickUnlocked(atomic->sequences[g]);
  // The slots, after a full barrier (LeastHorizonBound).
  uint64 horizon = uuid6::LeastHorizonBound(slots, header->slot_count,
                                            static_cast<uint64>(MyDatabaseId), g);
  if (holders != nullptr) {
    for (int i = 0; i < header->slot_count; i++) {
      const uint64 bound = pg_atomic_read_u64(&slots[i].bound[g]);
      if (bound == 0 || pg_atomic_read_u64(&slots[i].database) != MyDatabaseId) continue;
      Holder* h = static_cast<Holder*>(palloc(sizeof(Holder)));
      h->pid = static_cast<int>(pg_atomic_read_u64(&slots[i].pid));
      h->gid = nullptr;
      h->since_us = static_cast<int64>(pg_atomic_read_u64(&slots[i].since_us));
      h->clock = bound - 1;
      *holders = lappend(*holders, h);
    }
  }
  // Then the prepared transactions PostgreSQL lists, then the entries kept
  // for them (the order that cannot miss one moving from a slot to its
  // entry).
  uuid6::pg::NoteFirstXid();
  const TransactionId first_xid =
      XidFromFullTransactionId(FullTransactionIdFromU64(pg_atomic_read_u64(&header->first_xid)));
  List* listed = ListPreparedXacts();
  const int capacity = header->prepared_capacity;
  uuid6::pg::PreparedBounds* kept =
      static_cast<uuid6::pg::PreparedBounds*>(palloc0(sizeof(uuid6::pg::PreparedBounds) * (capacity + 1)));
  SpinLockAcquire(&header->lock);
  for (int i = 0; i < capacity; i++) kept[i] = prepared[i];
  SpinLockRelease(&header->lock);
  ListCell* cell;
  foreach (cell, listed) {
    const PreparedXact* x = static_cast<PreparedXact*>(lfirst(cell));
    int found = -1;
    for (int i = 0; i < capacity && found < 0; i++)
      if (kept[i].xid == x->xid && kept[i].database == MyDatabaseId) found = i;
    // Unknown and prepared after the first key (or read) of this server's
    // life: it took no key (first_xid). Unknown and older: its keys may be
    // anywhere below the sequence; the horizon stays at the bottom until it
    // ends.
    if (found < 0 && !TransactionIdPrecedes(x->xid, first_xid)) continue;
    const uint64 bound = found < 0 ? 1 : kept[found].bound[g];
    if (bound == 0) continue;
    if (bound - 1 < horizon) horizon = bound - 1;
    if (holders != nullptr) {
      Holder* h = static_cast<Holder*>(palloc(sizeof(Holder)));
      h->pid = 0;
      h->gid = x->gid;
      h->since_us = found >= 0 && kept[found].since_us != 0
                        ? kept[found].since_us
                        : x->prepared_at + uuid6::kUnixToPostgresMicros;
      h->clock = bound - 1;
      *holders = lappend(*holders, h);
    }
  }
  // Entries whose transaction has ended are freed.
  for (int i = 0; i < capacity; i++) {
    if (kept[i].xid == InvalidTransactionId || TransactionIdIsInProgress(kept[i].xid)) continue;
    SpinLockAcquire(&header->lock);
    if (prepared[i].xid == kept[i].xid) prepared[i].xid = InvalidTransactionId;
    SpinLockRelease(&header->lock);
  }
  return uuid6::HorizonTick(layout, sequence_last, horizon);
}

// The least key of `tick`: no counter beyond the tick's, no random bits, no
// node id; every key of that tick or a later one lies at or above it.
Datum KeyAt(Generator generator, uuid6::Tick tick) {
  return uuid6::pg::DatumFromUuid(uuid6::PackTick(generator, tick, 0, -1));
}

}  // namespace

// The caller may see when session `pid` began its transaction: as
// pg_stat_activity decides for its own columns (the same role's member, or
// pg_read_all_stats). A session gone meanwhile: no.
bool MaySeeSession(int pid) {
  if (has_privs_of_role(GetUserId(), ROLE_PG_READ_ALL_STATS)) return true;
  PGPROC* proc = BackendPidGetProc(pid);
  return proc != nullptr && has_privs_of_role(GetUserId(), proc->roleId);
}

// uuid6_commit_horizon(version): the least key of the horizon's tick.
UUID6_SQL_FUNCTION(uuid6_commit_horizon) {
  const Generator generator = RfcGenerator(PG_GETARG_INT32(0));
  RequireHorizon("uuid6_commit_horizon");
  return KeyAt(generator, ComputeHorizon(static_cast<int>(generator), nullptr));
}

// uuid6_commit_horizon_holders(): for each RFC version, what holds this
// database's horizon back: each session whose open transaction took a key
// of it (its pid, when its first key was taken) and each prepared
// transaction (its gid), with the key below which it holds the horizon.
UUID6_SQL_FUNCTION(uuid6_commit_horizon_holders) {
  RequireHorizon("uuid6_commit_horizon_holders");
  InitMaterializedSRF(fcinfo, 0);
  ReturnSetInfo* result = reinterpret_cast<ReturnSetInfo*>(fcinfo->resultinfo);
  static const int kVersions[uuid6::kRfcGeneratorCount] = {6, 7, 8};
  for (int g = 0; g < uuid6::kRfcGeneratorCount; g++) {
    List* holders = NIL;
    ComputeHorizon(g, &holders);
    ListCell* cell;
    foreach (cell, holders) {
      const Holder* h = static_cast<Holder*>(lfirst(cell));
      Datum values[5];
      bool nulls[5] = {false, false, false, false, false};
      values[0] = Int32GetDatum(kVersions[g]);
      values[1] = Int32GetDatum(h->pid);
      nulls[1] = h->pid == 0;
      values[2] = h->gid != nullptr ? CStringGetTextDatum(h->gid) : 0;
      nulls[2] = h->gid == nullptr;
      values[3] = uuid6::pg::TimestampDatumFromUnixMicros(h->since_us);
      nulls[3] = h->since_us == 0;
      values[4] = KeyAt(static_cast<Generator>(g),
                        static_cast<uuid6::Tick>(h->clock)
                            << uuid6::LayoutOf(static_cast<Generator>(g)).low_bits);
      // When another role's session took its first key, as pg_stat_activity
      // shows its xact_start: to that role's members and pg_read_all_stats.
      if (h->pid != 0 && !MaySeeSession(h->pid)) nulls[3] = nulls[4] = true;
      tuplestore_putvalues(result->setResult, result->setDesc, values, nulls);
    }
  }
  return static_cast<Datum>(0);
}
