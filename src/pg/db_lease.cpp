#include "pg/db_lease.hpp"

#include <cstring>

#include "core/database_lease.hpp"
#include "pg/convert.hpp"
#include "pg/persistence.hpp"
#include "pg/settings.hpp"

extern "C" {
#include "access/genam.h"
#include "access/table.h"
#include "access/xact.h"
#include "access/xlog.h"
#include "catalog/dependency.h"
#include "catalog/pg_class.h"
#include "catalog/pg_extension.h"
#include "commands/dbcommands.h"
#include "commands/extension.h"
#include "storage/lmgr.h"
#include "utils/fmgroids.h"
#include "utils/fmgrprotos.h"
#include "utils/inval.h"
#include "utils/lsyscache.h"
#include "utils/syscache.h"
}

namespace uuid6::pg {

Tick database_lease_checked_through[kGeneratorCount] = {0, 0, 0, ~Tick{0}, ~Tick{0}, ~Tick{0}};

namespace {

// The RFC 9562 versions, in Generator order.
constexpr int kRfcVersions[kRfcGeneratorCount] = {6, 7, 8};

constexpr const char* kLeaseNames[kRfcGeneratorCount] = {"uuid6_lease_v6", "uuid6_lease_v7",
                                                         "uuid6_lease_v8"};
constexpr const char* kMarkName = "uuid6_lease_server";

enum class Kept { kUnknown, kNone, kKept };

// This backend's view of its database's lease objects, looked up once and
// forgotten on a relcache invalidation of any of them (a drop, an ALTER
// EXTENSION ... SET SCHEMA, an extension dropped and created again).
struct LeaseObjects {
  Kept kept;
  Oid owner;  // the extension's owner, whose rights write the leases
  Oid namespace_id;
  Oid leases[kRfcGeneratorCount];
  Oid mark;
};
LeaseObjects objects = {Kept::kUnknown, InvalidOid, InvalidOid, {}, InvalidOid};

// Whether this backend has compared the database's server mark with its
// own (and lifted the sequences if they differed), and whether it did so
// during recovery (then it compares again once recovery has ended).
bool mark_checked = false;
bool mark_checked_in_recovery = false;
// The mark differed: this server's mark is written with its first lease.
bool mark_to_write = false;
uint64 invalidations = 0;
bool callback_registered = false;

void Forget() {
  objects.kept = Kept::kUnknown;
  mark_checked = false;
  for (int i = 0; i < kRfcGeneratorCount; i++) database_lease_checked_through[i] = 0;
  invalidations++;
}

// A database without lease objects may get them at any moment (ALTER
// EXTENSION uuid6 UPDATE creates them, which invalidates their new entries
// in every backend): any invalidation makes it look again. With them, only
// an invalidation of one of them does.
void OnRelcacheInvalidation(Datum, Oid relid) {
  if (objects.kept == Kept::kUnknown) return;
  bool ours = objects.kept == Kept::kNone || relid == InvalidOid || relid == objects.mark;
  for (Oid lease : objects.leases) ours = ours || relid == lease;
  if (ours) Forget();
}

// The extension's owner, schema and version, from its catalog row.
bool ReadExtensionRow(Oid extension, Oid& owner, Oid& namespace_id, char*& version) {
  Relation catalog = table_open(ExtensionRelationId, AccessShareLock);
  ScanKeyData key;
  ScanKeyInit(&key, Anum_pg_extension_oid, BTEqualStrategyNumber, F_OIDEQ,
              ObjectIdGetDatum(extension));
  SysScanDesc scan = systable_beginscan(catalog, ExtensionOidIndexId, true, nullptr, 1, &key);
  HeapTuple tuple = systable_getnext(scan);
  const bool found = HeapTupleIsValid(tuple);
  if (found) {
    const Form_pg_extension row = reinterpret_cast<Form_pg_extension>(GETSTRUCT(tuple));
    owner = row->extowner;
    namespace_id = row->extnamespace;
    bool isnull = false;
    const Datum datum =
        heap_getattr(tuple, Anum_pg_extension_extversion, RelationGetDescr(catalog), &isnull);
    version = isnull ? nullptr : text_to_cstring(DatumGetTextPP(datum));
  }
  systable_endscan(scan);
  table_close(catalog, AccessShareLock);
  return found;
}

// One of the extension's lease objects by name, or a clear ERROR: it must
// be a sequence that is a member of the extension, in its schema.
Oid FindLeaseObject(Oid extension, Oid namespace_id, const char* name) {
  const Oid relid = get_relname_relid(name, namespace_id);
  if (OidIsValid(relid) && get_rel_relkind(relid) == RELKIND_SEQUENCE &&
      getExtensionOfObject(RelationRelationId, relid) == extension)
    return relid;
  const char* schema = get_namespace_name(namespace_id);
  ereport(ERROR,
          (errcode(OidIsValid(relid) ? ERRCODE_WRONG_OBJECT_TYPE : ERRCODE_UNDEFINED_OBJECT),
           errmsg("uuid6: the database lease \"%s.%s\" is %s", schema ? schema : "?", name,
                  OidIsValid(relid) ? "not the extension's sequence" : "missing"),
           errdetail("uuid6 writes the lease of each UUID version in database \"%s\" into its "
                     "sequences, so that keys stay above those already made after a failover, "
                     "a restore or an upgrade; no key is made without it.",
                     get_database_name(MyDatabaseId)),
           errhint("Create the sequence again in schema \"%s\" (CREATE SEQUENCE %s MINVALUE 0 "
                   "START 0), make it a member with ALTER EXTENSION uuid6 ADD SEQUENCE, and "
                   "grant SELECT and UPDATE on it to the extension's owner.",
                   schema ? schema : "?", name)));
  pg_unreachable();
}

// Looks up the lease objects of this database. An extension at 1.0 or 1.1
// (not yet updated) has none: its keys are covered by the state file alone.
void Resolve() {
  if (!callback_registered) {
    CacheRegisterRelcacheCallback(OnRelcacheInvalidation, static_cast<Datum>(0));
    callback_registered = true;
  }
  LeaseObjects found = {Kept::kNone, InvalidOid, InvalidOid, {}, InvalidOid};
  const Oid extension = get_extension_oid("uuid6", true);
  char* version = nullptr;
  if (OidIsValid(extension) &&
      ReadExtensionRow(extension, found.owner, found.namespace_id, version) && version != nullptr &&
      strcmp(version, "1.0") != 0 && strcmp(version, "1.1") != 0) {
    for (int i = 0; i < kRfcGeneratorCount; i++)
      found.leases[i] = FindLeaseObject(extension, found.namespace_id, kLeaseNames[i]);
    found.mark = FindLeaseObject(extension, found.namespace_id, kMarkName);
    found.kept = Kept::kKept;
  }
  objects = found;
}

// The extension owner's rights, never the caller's, for every read and
// write of the lease objects; restored by the transaction's abort if an
// ERROR comes first. The objects are named by OID: no search_path is read.
struct CallerRights {
  Oid user;
  int context;
};

void BecomeOwner(CallerRights& caller) {
  GetUserIdAndSecContext(&caller.user, &caller.context);
  SetUserIdAndSecContext(
      objects.owner, caller.context | SECURITY_LOCAL_USERID_CHANGE | SECURITY_RESTRICTED_OPERATION);
}

void BackToCaller(const CallerRights& caller) {
  SetUserIdAndSecContext(caller.user, caller.context);
}

// A lease object's value, or kNoDatabaseLease when it was never written.
int64 ReadStored(Oid sequence) {
  LOCAL_FCINFO(call, 1);
  InitFunctionCallInfoData(*call, nullptr, 1, InvalidOid, nullptr, nullptr);
  call->args[0].value = ObjectIdGetDatum(sequence);
  call->args[0].isnull = false;
  const Datum value = pg_sequence_last_value(call);
  return call->isnull ? kNoDatabaseLease : DatumGetInt64(value);
}

void WriteStored(Oid sequence, int64 value) {
  DirectFunctionCall3(setval3_oid, ObjectIdGetDatum(sequence), Int64GetDatum(value),
                      BoolGetDatum(true));
}

int64 OwnServerMark() {
  return ServerMark(GetSystemIdentifier(), static_cast<int64_t>(PgStartTime),
                    static_cast<int>(PostmasterPid));
}

// Compares the database's server mark with this server's. When they differ,
// keys may have been made in this database by another server (the old
// primary, the backed-up or dumped cluster): every sequence is lifted above
// the database's keys, and the state file made to cover that, before the
// mark is replaced. No key was handed out above the lease stored last (a
// backend looks at the stored lease before passing the renewal point it
// keeps, which lies at or below that lease: PlanDatabaseLease), so the
// sequences are lifted to the lease. Returns the tick `generator`'s
// sequence was lifted to (0 when nothing was lifted).
Tick CheckServerMark(SharedState* state, Generator generator) {
  CallerRights caller;
  BecomeOwner(caller);
  const bool foreign = ReadStored(objects.mark) != OwnServerMark();
  int64 stored[kRfcGeneratorCount];
  for (int i = 0; i < kRfcGeneratorCount; i++)
    stored[i] = foreign ? ReadStored(objects.leases[i]) : kNoDatabaseLease;
  BackToCaller(caller);
  if (!foreign) return 0;

  // The lease objects are the extension owner's to write, and the sequences
  // are the whole cluster's: a stored lease lifts them no further ahead of
  // this server's clock than that owner could with uuid6_advance (one day
  // for a superuser, uuid6.max_advance for any other role), plus the span a
  // lease reaches past the clock. A lease beyond that is reported.
  const bool owner_is_superuser = superuser_arg(objects.owner);
  const int64 now_ns = UnixNanosNow();
  Tick target[kRfcGeneratorCount];
  for (int i = 0; i < kRfcGeneratorCount; i++) {
    const Generator lifted = static_cast<Generator>(i);
    const SequenceLayout& layout = LayoutOf(lifted);
    target[i] = DatabaseLeaseTick(layout, stored[i]);
    const int64 bound_ns = now_ns + AdvanceLimitMicros(owner_is_superuser) * 1000;
    const Tick cap_clock = static_cast<Tick>(ClockPartAt(lifted, bound_ns)) + LeaseSpan(layout);
    const Tick cap = ((cap_clock + 1) << layout.low_bits) - 1;
    if (target[i] <= cap) continue;
    // Reported only where the cap holds the sequence below the stored lease.
    SharedSequence& sequence = state->sequences[i].sequence;
    SpinLockAcquire(&sequence.lock);
    const bool below = LastTick(SequenceCopy(state, i)) < target[i];
    SpinLockRelease(&sequence.lock);
    target[i] = cap;
    if (below)
      ereport(WARNING,
              (errcode(ERRCODE_DATA_EXCEPTION),
               errmsg("uuid6: the stored lease of version %d in \"%s\" lies beyond what its "
                      "owner may lift the sequences to",
                      kRfcVersions[i], get_rel_name(objects.leases[i])),
               errdetail("The sequence is lifted to %s ahead of the clock only.",
                         owner_is_superuser ? "one day" : "uuid6.max_advance"),
               errhint("If keys of this database were made that far ahead, a superuser can "
                       "run uuid6_advance with the newest of them.")));
  }

  for (int i = 0; i < kRfcGeneratorCount; i++) {
    if (stored[i] == kNoDatabaseLease) continue;
    const Generator lifted = static_cast<Generator>(i);
    SharedSequence& sequence = state->sequences[i].sequence;
    for (;;) {
      SpinLockAcquire(&sequence.lock);
      RaiseSequenceLastTick(state, i, target[i]);
      const SequenceState copy = SequenceCopy(state, i);
      const bool covered = LastTick(copy) <= LeaseTick(copy);
      SpinLockRelease(&sequence.lock);
      if (covered) break;
      // Flushed: once this server's mark is written, nothing but the state
      // file says that its sequences are above these leases.
      if (!RenewLease(state, lifted)) WaitForLeaseWrite(state);
      CHECK_FOR_INTERRUPTS();
    }
  }
  mark_to_write = true;
  const int g = static_cast<int>(generator);
  if (stored[g] == kNoDatabaseLease) return 0;
  return target[g];
}

}  // namespace

bool CoverTickInDatabase(SharedState* state, Generator generator, Tick tick) {
  const int g = static_cast<int>(generator);
  const SequenceLayout& layout = LayoutOf(generator);
  // Outside a transaction (a caller that is no SQL function) there is no
  // database to read or write.
  if (!IsTransactionState()) return true;
  if (objects.kept == Kept::kUnknown) Resolve();
  if (objects.kept == Kept::kNone) {
    // An extension not yet updated to keep a lease (or none in this
    // database). An ALTER EXTENSION UPDATE committed meanwhile reaches a
    // statement that takes no lock only through the invalidation queue:
    // read it here, once per lease margin of ticks, so that a long
    // statement starts keeping the lease within a second of the update.
    // The first lease written covers every key made before it.
    AcceptInvalidationMessages();
    if (objects.kept == Kept::kUnknown) Resolve();
    if (objects.kept == Kept::kNone) {
      database_lease_checked_through[g] = tick + (Tick{LeaseRenewBelow(layout)} << layout.low_bits);
      return true;
    }
  }
  const bool recovery = RecoveryInProgress();
  if (!mark_checked || (mark_checked_in_recovery && !recovery)) {
    const uint64 seen = invalidations;
    const Tick lifted_to = CheckServerMark(state, generator);
    if (invalidations == seen) {
      mark_checked = true;
      mark_checked_in_recovery = recovery;
    }
    if (lifted_to >= tick) return false;
  }
  // PostgreSQL allows no write here; decided before calling setval, which
  // would raise an ERROR. The state file alone covers these values.
  if (recovery || XactReadOnly || IsInParallelMode()) return true;

  const uint64 seen = invalidations;
  const Oid sequence = objects.leases[g];
  CallerRights caller;
  BecomeOwner(caller);
  // Writers of one database's lease take turns, so that a lease computed
  // from an earlier clock never overwrites a later one. Released at once:
  // the sequence is not transactional.
  LockRelationOid(sequence, ShareUpdateExclusiveLock);
  if (invalidations != seen) {
    // The objects changed while waiting (dropped, moved): look them up again.
    UnlockRelationOid(sequence, ShareUpdateExclusiveLock);
    BackToCaller(caller);
    return CoverTickInDatabase(state, generator, tick);
  }
  if (mark_to_write) WriteStored(objects.mark, OwnServerMark());
  const uint64 clock = ClockPartAt(generator, UnixNanosNow());
  const DatabaseLeaseStep step = PlanDatabaseLease(layout, tick, clock, ReadStored(sequence));
  if (step.write) WriteStored(sequence, step.stored);
  UnlockRelationOid(sequence, ShareUpdateExclusiveLock);
  BackToCaller(caller);
  mark_to_write = false;
  if (invalidations == seen) database_lease_checked_through[g] = step.renew_after;
  return true;
}

void ViewDatabaseLease(Generator generator, DatabaseLeaseView& view) {
  if (objects.kept == Kept::kUnknown) Resolve();
  view.kept = objects.kept == Kept::kKept;
  view.name = nullptr;
  view.stored = kNoDatabaseLease;
  view.writable = false;
  if (!view.kept) return;
  const int g = static_cast<int>(generator);
  const char* schema = get_namespace_name(objects.namespace_id);
  view.name = quote_qualified_identifier(schema, kLeaseNames[g]);
  CallerRights caller;
  BecomeOwner(caller);
  view.stored = ReadStored(objects.leases[g]);
  BackToCaller(caller);
  view.writable = !RecoveryInProgress() && !XactReadOnly && !IsInParallelMode();
}

}  // namespace uuid6::pg
