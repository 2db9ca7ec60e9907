#include "pg/database_lease.hpp"

#include <cstring>
#include <ctime>

#include "core/database_lease.hpp"
#include "pg/convert.hpp"
#include "pg/cluster_lease.hpp"
#include "pg/settings.hpp"

extern "C" {
#include "access/genam.h"
#include "access/parallel.h"
#include "access/table.h"
#include "access/xact.h"
#include "access/xlog.h"
#include "catalog/dependency.h"
#include "catalog/namespace.h"
#include "catalog/pg_namespace.h"
#include "catalog/pg_class.h"
#include "catalog/pg_extension.h"
#include "catalog/pg_type.h"
#include "commands/dbcommands.h"
#include "commands/extension.h"
#include "storage/latch.h"
#include "storage/lock.h"
#include "storage/lmgr.h"
#include "utils/fmgroids.h"
#include "utils/fmgrprotos.h"
#include "utils/acl.h"
#include "utils/array.h"
#include "utils/inval.h"
#include "utils/lsyscache.h"
#include "utils/syscache.h"
#include "utils/timestamp.h"
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
// forgotten on a relcache invalidation of any of them (a drop, a move into
// uuid6_lease by the update to 1.5, an extension dropped and created again).
struct LeaseObjects {
  Kept kept;
  Oid owner;  // the extension's owner, whose uuid6_advance bound caps a lift
  Oid namespace_id;  // the lease objects' schema
  Oid leases[kRfcGeneratorCount];
  Oid mark;
  // Each object's own owner, whose rights read and write it: ownership is
  // what REASSIGN OWNED and ALTER ... OWNER TO carry along with the object,
  // where a grant to the extension's owner stays with the role it named.
  Oid lease_owners[kRfcGeneratorCount];
  Oid mark_owner;
  // The catalog is at 1.2 to 1.4, where sessions of those libraries may run
  // beside this one: they take turns to write the lease with
  // ShareUpdateExclusiveLock on the sequence, which this library then takes
  // too (CoverTickInDatabase).
  bool earlier_turns;
};
LeaseObjects objects = {Kept::kUnknown, InvalidOid, InvalidOid, {},
                        InvalidOid,     {},         InvalidOid, false};

// Whether this backend has compared the database's server mark with its
// own (and lifted the sequences if they differed), and whether it did so
// during recovery (then it compares again once recovery has ended).
bool mark_checked = false;
bool mark_checked_in_recovery = false;
// The mark differed: this server's mark is written with its first lease.
bool mark_to_write = false;
uint64 invalidations = 0;
bool callback_registered = false;

// How long this backend's last look at its database's lease took, from its
// clock reading to the flush of the lease: what its next lease allows for
// (WriteAllowance), so that a slow WAL flush does not leave it a lease that
// is due again before its key is handed out.
int64 last_cover_micros = 0;

int64 MonotonicMicros() {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return static_cast<int64>(now.tv_sec) * 1000000 + now.tv_nsec / 1000;
}

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

// The extension's owner, schema and version, and the relations whose
// contents a dump carries (extconfig), from its catalog row.
struct DumpedRelations {
  Datum* oids;
  int count;
};

bool ReadExtensionRow(Oid extension, Oid& owner, Oid& namespace_id, char*& version,
                      DumpedRelations& dumped) {
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
    // heap_deform_tuple rather than heap_getattr: some minor releases' headers
    // make heap_getattr an inline that calls a function which servers of an
    // earlier minor release of the same major do not export.
    Datum values[Natts_pg_extension];
    bool nulls[Natts_pg_extension];
    heap_deform_tuple(tuple, RelationGetDescr(catalog), values, nulls);
    const int version_index = Anum_pg_extension_extversion - 1;
    const int config_index = Anum_pg_extension_extconfig - 1;
    version = nulls[version_index] ? nullptr
                                   : text_to_cstring(DatumGetTextPP(values[version_index]));
    dumped = {nullptr, 0};
    if (!nulls[config_index])
      deconstruct_array(DatumGetArrayTypeP(values[config_index]), OIDOID, sizeof(Oid), true,
                        TYPALIGN_INT, &dumped.oids, nullptr, &dumped.count);
  }
  systable_endscan(scan);
  table_close(catalog, AccessShareLock);
  return found;
}

// The owner of relation `relid`.
Oid RelationOwner(Oid relid) {
  HeapTuple tuple = SearchSysCache1(RELOID, ObjectIdGetDatum(relid));
  if (!HeapTupleIsValid(tuple)) elog(ERROR, "cache lookup failed for relation %u", relid);
  const Oid owner = reinterpret_cast<Form_pg_class>(GETSTRUCT(tuple))->relowner;
  ReleaseSysCache(tuple);
  return owner;
}

// One of the extension's lease objects by name, or a clear ERROR naming
// it: it must be a sequence that is a member of the extension, in its
// schema, whose value a dump carries (extconfig), written to WAL (not
// unlogged), and readable and writable by its owner (`owner`), whose rights
// uuid6 uses — never taken as a lease that was never written.
Oid FindLeaseObject(Oid extension, Oid namespace_id, const DumpedRelations& dumped,
                    const char* name, Oid& owner, bool raise_missing) {
  const Oid relid = get_relname_relid(name, namespace_id);
  const bool member = OidIsValid(relid) && get_rel_relkind(relid) == RELKIND_SEQUENCE &&
                      getExtensionOfObject(RelationRelationId, relid) == extension;
  if (!member && !raise_missing) return InvalidOid;
  const char* schema = get_namespace_name(namespace_id);
  const char* qualified = quote_qualified_identifier(schema, name);
  const char* shown = psprintf("\"%s.%s\"", schema ? schema : "?", name);
  const char* database = get_database_name(MyDatabaseId);
  if (member) {
    owner = RelationOwner(relid);
    bool is_dumped = false;
    for (int i = 0; i < dumped.count; i++)
      is_dumped = is_dumped || DatumGetObjectId(dumped.oids[i]) == relid;
    if (!is_dumped)
      ereport(ERROR,
              (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
               errmsg("uuid6: the database lease %s is not carried by pg_dump", shown),
               errdetail("It is not registered with pg_extension_config_dump (ALTER EXTENSION "
                         "... DROP SEQUENCE removes that): a restored dump of database \"%s\" "
                         "would lack the lease, and keys could be made below its keys.",
                         database),
               errhint("As a superuser: UPDATE pg_catalog.pg_extension SET extconfig = "
                       "array_append(extconfig, '%s'::regclass::oid), extcondition = "
                       "array_append(extcondition, '') WHERE extname = 'uuid6'.",
                       qualified)));
    if (get_rel_persistence(relid) != RELPERSISTENCE_PERMANENT)
      ereport(ERROR,
              (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
               errmsg("uuid6: the database lease %s is unlogged", shown),
               errdetail("An unlogged sequence is never written to WAL: a standby, a restored "
                         "base backup or a crash would lose the lease of database \"%s\", and "
                         "keys could be made below its keys.",
                         database),
               errhint("ALTER SEQUENCE %s SET LOGGED", qualified)));
    if (pg_class_aclcheck(relid, owner, ACL_SELECT) != ACLCHECK_OK ||
        pg_class_aclcheck(relid, owner, ACL_UPDATE) != ACLCHECK_OK)
      ereport(ERROR,
              (errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
               errmsg("uuid6: the database lease %s cannot be read and written by its owner",
                      shown),
               errdetail("uuid6 reads and writes it with the rights of its owner, %s.",
                         GetUserNameFromId(owner, false)),
               errhint("GRANT SELECT, UPDATE ON SEQUENCE %s TO %s", qualified,
                       quote_identifier(GetUserNameFromId(owner, false)))));
    return relid;
  }
  ereport(ERROR,
          (errcode(OidIsValid(relid) ? ERRCODE_WRONG_OBJECT_TYPE : ERRCODE_UNDEFINED_OBJECT),
           errmsg("uuid6: the database lease %s is %s", shown,
                  OidIsValid(relid) ? "not the extension's sequence" : "missing"),
           errdetail("uuid6 writes the lease of each UUID version in database \"%s\" into its "
                     "sequences, so that keys stay above those already made after a failover, "
                     "a restore or an upgrade; no key is made without it.",
                     database),
           errhint("As a superuser, create it again as the extension's, carried by pg_dump: "
                   "CREATE SEQUENCE %s AS bigint MINVALUE 0 START 0; ALTER EXTENSION uuid6 "
                   "ADD SEQUENCE %s; UPDATE pg_catalog.pg_extension SET extconfig = "
                   "array_append(extconfig, '%s'::regclass::oid), extcondition = "
                   "array_append(extcondition, '') WHERE extname = 'uuid6'.",
                   qualified, qualified, qualified)));
  pg_unreachable();
}

// The schema of the lease objects. 1.2 to 1.4 kept them in the extension's
// own schema, where every role that calls uuid6 may name them, and so queue
// a lock on them (CREATE RULE and CREATE TRIGGER lock before they check
// ownership) that stops every renewal in the database. From 1.5 they are in
// the extension's member schema uuid6_lease, which no role but the
// extension's owner may use. A schema of that name that is not the
// extension's is never taken: the objects are then missing.
constexpr const char* kLeaseSchema = "uuid6_lease";

bool LeaseInExtensionSchema(const char* version) {
  return strcmp(version, "1.2") == 0 || strcmp(version, "1.3") == 0 ||
         strcmp(version, "1.4") == 0;
}

Oid LeaseNamespace(Oid extension, Oid extension_namespace, const char* version,
                   bool raise_missing) {
  if (LeaseInExtensionSchema(version)) return extension_namespace;
  const Oid namespace_id = get_namespace_oid(kLeaseSchema, true);
  if (OidIsValid(namespace_id) &&
      getExtensionOfObject(NamespaceRelationId, namespace_id) == extension)
    return namespace_id;
  if (!raise_missing) return InvalidOid;
  const char* database = get_database_name(MyDatabaseId);
  ereport(ERROR,
          (errcode(ERRCODE_UNDEFINED_SCHEMA),
           errmsg("uuid6: the schema of the database lease, \"%s\", is %s", kLeaseSchema,
                  OidIsValid(namespace_id) ? "not the extension's" : "missing"),
           errdetail("uuid6 %s keeps the lease of each UUID version in database \"%s\" in "
                     "sequences of its own schema \"%s\"; no key is made without them.",
                     version, database, kLeaseSchema),
           errhint("As a superuser, after renaming any schema of that name: CREATE SCHEMA %s; "
                   "REVOKE ALL ON SCHEMA %s FROM PUBLIC; ALTER EXTENSION uuid6 ADD SCHEMA %s; "
                   "then make a key, and create the sequences its error names.",
                   kLeaseSchema, kLeaseSchema, kLeaseSchema)));
  pg_unreachable();
}

// Looks up the lease objects of this database. An extension at 1.0 or 1.1
// (not yet updated) has none: its keys are covered by the state file alone.
//
// The extension's row and the objects are read at different moments: an
// update that commits in between (the one to 1.5 moves the objects into
// uuid6_lease) can leave the row read before it and the objects looked up
// after it. So an object not found where the row says is looked for again
// after reading the invalidations that came in meanwhile, which gives a
// fresh catalog snapshot; only a third look that misses raises the ERROR.
void Resolve() {
  if (!callback_registered) {
    CacheRegisterRelcacheCallback(OnRelcacheInvalidation, static_cast<Datum>(0));
    callback_registered = true;
  }
  for (int attempt = 0;; attempt++) {
    const bool last = attempt >= 2;
    LeaseObjects found = {Kept::kNone, InvalidOid, InvalidOid, {},
                          InvalidOid,  {},         InvalidOid, false};
    const Oid extension = get_extension_oid("uuid6", true);
    char* version = nullptr;
    DumpedRelations dumped = {nullptr, 0};
    bool complete = true;
    if (OidIsValid(extension) &&
        ReadExtensionRow(extension, found.owner, found.namespace_id, version, dumped) &&
        version != nullptr && strcmp(version, "1.0") != 0 && strcmp(version, "1.1") != 0) {
      found.earlier_turns = LeaseInExtensionSchema(version);
      found.namespace_id = LeaseNamespace(extension, found.namespace_id, version, last);
      complete = OidIsValid(found.namespace_id);
      for (int i = 0; complete && i < kRfcGeneratorCount; i++) {
        found.leases[i] = FindLeaseObject(extension, found.namespace_id, dumped, kLeaseNames[i],
                                          found.lease_owners[i], last);
        complete = OidIsValid(found.leases[i]);
      }
      if (complete) {
        found.mark = FindLeaseObject(extension, found.namespace_id, dumped, kMarkName,
                                     found.mark_owner, last);
        complete = OidIsValid(found.mark);
      }
      found.kept = Kept::kKept;
    }
    if (complete) {
      objects = found;
      return;
    }
    AcceptInvalidationMessages();
  }
}

// A lease object's owner's rights, never the caller's, for every read and
// write of it; restored by the transaction's abort if an ERROR comes first.
// Only PostgreSQL's own sequence functions run under them. The objects are
// named by OID: no search_path is read.
Oid OwnerOf(Oid sequence) {
  if (sequence == objects.mark) return objects.mark_owner;
  for (int i = 0; i < kRfcGeneratorCount; i++)
    if (sequence == objects.leases[i]) return objects.lease_owners[i];
  elog(ERROR, "uuid6: relation %u is no lease object", sequence);
  pg_unreachable();
}

struct CallerRights {
  Oid user;
  int context;
};

void BecomeOwner(Oid sequence, CallerRights& caller) {
  const Oid owner = OwnerOf(sequence);
  GetUserIdAndSecContext(&caller.user, &caller.context);
  SetUserIdAndSecContext(
      owner, caller.context | SECURITY_LOCAL_USERID_CHANGE | SECURITY_RESTRICTED_OPERATION);
}

void BackToCaller(const CallerRights& caller) {
  SetUserIdAndSecContext(caller.user, caller.context);
}

// Takes `mode` on a lease object, waiting at most kLockPatienceMs, never in
// the lock's queue. Reading or writing a sequence takes RowExclusiveLock to
// the end of the transaction; a DROP EXTENSION or an update script that
// then waits for AccessExclusiveLock behind an
// open transaction would queue every later renewal behind itself, and key
// generation in the database would stop until that transaction ended. A
// clear ERROR instead names the object and what to end.
constexpr long kLockPatienceMs = 1000;

// Between two tries of a lock taken without queueing: false once
// kLockPatienceMs have passed since `start`, else waits 5 ms (or until the
// latch is set) and answers interrupts.
bool PatienceLeft(TimestampTz start) {
  if (TimestampDifferenceExceeds(start, GetCurrentTimestamp(), kLockPatienceMs)) return false;
  (void)WaitLatch(MyLatch, WL_LATCH_SET | WL_TIMEOUT | WL_EXIT_ON_PM_DEATH, 5, PG_WAIT_EXTENSION);
  ResetLatch(MyLatch);
  CHECK_FOR_INTERRUPTS();
  return true;
}

// The ERROR of a lease whose lock (`turn`: the writers' turn) was not had
// within kLockPatienceMs.
[[noreturn]] void RefuseLockedLease(Oid sequence, bool turn) {
  const char* name = get_rel_name(sequence);
  const char* database = get_database_name(MyDatabaseId);
  ereport(ERROR,
          (errcode(ERRCODE_LOCK_NOT_AVAILABLE),
           errmsg("uuid6: the database lease \"%s\" is locked", name ? name : "?"),
           turn ? errdetail("Another session of database \"%s\" has been writing it for over a "
                            "second, most often while it waits for the lease sequence itself.",
                            database)
                : errdetail("A session holds or waits for a strong lock on it: most often a "
                            "change of the extension (DROP EXTENSION, ALTER EXTENSION) behind a "
                            "transaction that made keys in database \"%s\" and is still open; "
                            "no key is made here until it ends.",
                            database),
           turn ? errhint("End the open transaction that holds a lock on the lease (pg_locks "
                          "names it), or cancel the change of the extension that waits for one; "
                          "then retry.")
                : errhint("End the open transaction that holds a lock on the lease, or cancel "
                          "the statement that waits for one (pg_locks and pg_blocking_pids() "
                          "name them); then retry.")));
  pg_unreachable();
}

void LockLeaseObject(Oid sequence, LOCKMODE mode) {
  const TimestampTz start = GetCurrentTimestamp();
  while (!ConditionalLockRelationOid(sequence, mode))
    if (!PatienceLeft(start)) RefuseLockedLease(sequence, false);
}

// Writers of one database's lease of one generator take turns under a lock
// that no SQL statement can request: an advisory lock tag whose fourth
// field is uuid6's own (PostgreSQL's advisory lock functions use 1 and 2
// only). A lock on the sequence itself would not do: brin_summarize_range
// and its kin, which any role may call with any relation's OID, take
// ShareUpdateExclusiveLock before they check what the relation is, and
// enough of them in a row would keep every renewal waiting. Taken without
// queueing, as the sequence's own lock; transaction-scoped, given back once
// the lease is written.
constexpr uint16 kLeaseTurnLockClass = 0x7536;  // "u6"
constexpr uint32 kLeaseTurnLockKey = 0x75756964;  // "uuid"

void SetLeaseTurnTag(LOCKTAG& tag, int generator) {
  SET_LOCKTAG_ADVISORY(tag, MyDatabaseId, kLeaseTurnLockKey, static_cast<uint32>(generator),
                       kLeaseTurnLockClass);
}

void TakeLeaseTurn(int generator, Oid sequence) {
  LOCKTAG tag;
  SetLeaseTurnTag(tag, generator);
  const TimestampTz start = GetCurrentTimestamp();
  while (LockAcquire(&tag, ExclusiveLock, false, true) == LOCKACQUIRE_NOT_AVAIL)
    if (!PatienceLeft(start)) RefuseLockedLease(sequence, true);
}

void GiveLeaseTurnBack(int generator) {
  LOCKTAG tag;
  SetLeaseTurnTag(tag, generator);
  LockRelease(&tag, ExclusiveLock, false);
}

// A lease object's value, or kNoDatabaseLease when it was never written.
// The sequence's own lock (taken by PostgreSQL to the transaction's end)
// is taken here first, without queueing; the extra hold is given back.
int64 ReadStored(Oid sequence) {
  LockLeaseObject(sequence, RowExclusiveLock);
  CallerRights caller;
  BecomeOwner(sequence, caller);
  LOCAL_FCINFO(call, 1);
  InitFunctionCallInfoData(*call, nullptr, 1, InvalidOid, nullptr, nullptr);
  call->args[0].value = ObjectIdGetDatum(sequence);
  call->args[0].isnull = false;
  const Datum value = pg_sequence_last_value(call);
  BackToCaller(caller);
  UnlockRelationOid(sequence, RowExclusiveLock);
  return call->isnull ? kNoDatabaseLease : DatumGetInt64(value);
}

void WriteStored(Oid sequence, int64 value) {
  LockLeaseObject(sequence, RowExclusiveLock);
  CallerRights caller;
  BecomeOwner(sequence, caller);
  DirectFunctionCall3(setval3_oid, ObjectIdGetDatum(sequence), Int64GetDatum(value),
                      BoolGetDatum(true));
  BackToCaller(caller);
  UnlockRelationOid(sequence, RowExclusiveLock);
}

// The key this lease covers may leave at once — returned by a SELECT whose
// transaction writes nothing else, or one that commits asynchronously —
// and nothing else would flush the lease's WAL record before it does. So
// the record is flushed first: the one just written (`wrote`), or, for a
// lease another backend wrote and this one adopts, everything inserted so
// far, which includes it. Once per renewal; a no-op where already flushed.
// Both are ends of records: the insert position itself would point past
// the header of a page not yet begun when the last record ends on a page
// boundary, and XLogFlush refuses a request beyond the WAL inserted.
void FlushLease(bool wrote) {
  XLogFlush(wrote ? XactLastRecEnd : GetXLogInsertEndRecPtr());
}

int64 OwnServerMark() {
  return ServerMark(GetSystemIdentifier(), static_cast<int64_t>(PgStartTime),
                    static_cast<int>(PostmasterPid));
}

// A stored lease further ahead of the clock than uuid6 may lift the
// sequences to on its own: keys up to it may be in the database, so no key
// is made there until a superuser's session lifts them (or a mistaken lease
// is written lower). `bound_is_a_day`: the bound was a superuser's already.
[[noreturn]] void RefuseLeaseBeyondCap(Generator generator, int64 stored, bool bound_is_a_day) {
  const int version = kRfcVersions[static_cast<int>(generator)];
  const int64 lease_us = UnixMicrosFromClockPart(generator, static_cast<uint64>(stored));
  const char* instant =
      DatumGetCString(DirectFunctionCall1(timestamptz_out, TimestampDatumFromUnixMicros(lease_us)));
  ereport(ERROR,
          (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
           errmsg("uuid6: the lease of version %d in \"%s\" lies further ahead of the clock than "
                  "uuid6 may lift the sequences on its own",
                  version, get_rel_name(objects.leases[static_cast<int>(generator)])),
           errdetail("Keys of database \"%s\" may reach %s, made on the server that wrote the "
                     "lease (before a move, a restore or a clock step back); this server's "
                     "sequence is below that, and may be lifted only %s ahead of the clock here. "
                     "No key is made in this database until the sequences are above its leases.",
                     get_database_name(MyDatabaseId), instant,
                     bound_is_a_day ? "one day" : "uuid6.max_advance (for a role that is not a superuser)"),
           bound_is_a_day
               ? errhint("If the lease was written by hand, a superuser writes it lower with "
                         "setval; else keys are made here once the clock has come within a day "
                         "of it.")
               : errhint("If keys were made that far ahead (look at the database's largest "
                         "keys first), a superuser makes one key in this database (SELECT "
                         "uuid_generate_v%d()), which lifts the sequences to its leases; if the "
                         "lease was written by hand, a superuser writes it lower with setval.",
                         version)));
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
  const bool foreign = ReadStored(objects.mark) != OwnServerMark();
  int64 stored[kRfcGeneratorCount];
  for (int i = 0; i < kRfcGeneratorCount; i++)
    stored[i] = foreign ? ReadStored(objects.leases[i]) : kNoDatabaseLease;
  if (!foreign) return 0;

  // Roles other than the owner may write the lease objects too (members of
  // pg_write_all_data may setval any sequence), and the sequences are the
  // whole cluster's: a stored lease lifts them no further ahead of this
  // server's clock than this session's role could with uuid6_advance (one
  // day for a superuser, uuid6.max_advance for any other role), plus the
  // furthest a lease reaches past the clock (a slow disk's: MaxLeaseSpan).
  // A lease beyond that, above the sequence, may cover keys the database
  // holds: refused, for every version, never followed only part of the
  // way, which would make keys below them. A superuser who makes a key
  // there lifts the sequences as far as uuid6_advance would let them.
  const bool session_is_superuser = superuser();
  const int64 now_ns = UnixNanosNow();
  Tick target[kRfcGeneratorCount];
  for (int i = 0; i < kRfcGeneratorCount; i++) {
    const Generator lifted = static_cast<Generator>(i);
    const SequenceLayout& layout = LayoutOf(lifted);
    target[i] = DatabaseLeaseTick(layout, stored[i]);
    const int64 bound_ns = now_ns + AdvanceLimitMicros(session_is_superuser) * 1000;
    const Tick cap_clock = static_cast<Tick>(ClockPartAt(lifted, bound_ns)) + MaxLeaseSpan(layout);
    const Tick cap = ((cap_clock + 1) << layout.low_bits) - 1;
    if (target[i] <= cap) continue;
    SharedSequence& sequence = state->sequences[i].sequence;
    SpinLockAcquire(&sequence.lock);
    const bool below = LastTick(SequenceCopy(state, i)) < target[i];
    SpinLockRelease(&sequence.lock);
    if (below) RefuseLeaseBeyondCap(lifted, stored[i], session_is_superuser);
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

// Per RFC generator, the last tick this transaction handed out uncovered in
// parallel mode or while it was read-only (0: none): covered before it
// commits (CoverDeferred). Only the leader of a parallel query makes keys
// from 1.6 on (the generators are PARALLEL RESTRICTED), and it may write
// nothing until parallel mode ends; a transaction may turn read-only
// (SET transaction_read_only) after it wrote, or turn back by a rollback to
// a savepoint, and store a key it made meanwhile.
Tick deferred_cover[kRfcGeneratorCount] = {0, 0, 0};
bool cover_callback_registered = false;

void ForgetDeferred() {
  for (Tick& t : deferred_cover) t = 0;
}

// The keys a transaction made in parallel mode are covered before its commit
// (or PREPARE) record is written: every record that stores one follows the
// lease's. An ERROR here aborts the transaction, as a refused lease would
// have refused its keys. The pre-commit callbacks run once parallel mode has
// ended (ExecutorEnd leaves it; PreCommit_Portals runs before them).
void CoverDeferred(XactEvent event, void*) {
  if (event != XACT_EVENT_PRE_COMMIT && event != XACT_EVENT_PRE_PREPARE) {
    if (event == XACT_EVENT_COMMIT || event == XACT_EVENT_ABORT || event == XACT_EVENT_PREPARE)
      ForgetDeferred();
    return;
  }
  for (int g = 0; g < kRfcGeneratorCount; g++) {
    const Tick tick = deferred_cover[g];
    if (tick == 0) continue;
    if (XactReadOnly) {
      // Read-only to its end: it stores nothing unless it wrote before it
      // turned read-only, and then it may not write the lease.
      if (!TransactionIdIsValid(GetTopTransactionIdIfAny())) {
        deferred_cover[g] = 0;
        continue;
      }
      ereport(ERROR,
              (errcode(ERRCODE_READ_ONLY_SQL_TRANSACTION),
               errmsg("uuid6: a transaction that turned read-only after it wrote cannot commit "
                      "keys it made while read-only"),
               errdetail("Its keys of version %d lie beyond the lease of database \"%s\", "
                         "which a read-only transaction cannot extend.",
                         kRfcVersions[g], get_database_name(MyDatabaseId)),
               errhint("Make the keys before SET transaction_read_only, or leave the "
                       "transaction read-write until it commits.")));
    }
    if (IsInParallelMode())
      ereport(ERROR, (errcode(ERRCODE_INVALID_TRANSACTION_STATE),
                      errmsg("uuid6: keys made in parallel mode cannot be covered by the "
                             "database lease while parallel mode lasts"),
                      errdetail("The transaction would commit keys of version %d beyond the "
                                "lease of database \"%s\".",
                                kRfcVersions[g], get_database_name(MyDatabaseId))));
    SharedState* state = AttachSharedState();
    while (tick > database_lease_checked_through[g] &&
           !CoverTickInDatabase(state, static_cast<Generator>(g), tick)) {
    }
    deferred_cover[g] = 0;
  }
}

// In a parallel worker, which may write nothing: `tick` is covered when the
// lease stored in the database reaches it (the worker's keys are stored by
// its leader's transaction, whose commit flushes the lease's record first).
// A worker runs uuid6's generators only where the catalog is older than 1.6
// (which marks them PARALLEL RESTRICTED): beyond the stored lease, refused.
void CoverTickInWorker(Generator generator, Tick tick) {
  const int g = static_cast<int>(generator);
  const SequenceLayout& layout = LayoutOf(generator);
  const Tick stored = DatabaseLeaseTick(layout, ReadStored(objects.leases[g]));
  if (tick <= stored) {
    database_lease_checked_through[g] = stored;
    return;
  }
  ereport(ERROR,
          (errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
           errmsg("uuid6: a parallel worker cannot extend the lease of version %d in database "
                  "\"%s\"",
                  kRfcVersions[g], get_database_name(MyDatabaseId)),
           errdetail("Keys are covered by the database's lease before they are stored; "
                     "PostgreSQL allows a parallel worker no write."),
           errhint("Run ALTER EXTENSION uuid6 UPDATE: from 1.6 on, uuid6's generators run in "
                   "the leader of a parallel query only. Until then, SET "
                   "max_parallel_workers_per_gather = 0 for such statements.")));
}

}  // namespace

void RegisterDeferredCover() {
  if (cover_callback_registered) return;
  RegisterXactCallback(CoverDeferred, nullptr);
  cover_callback_registered = true;
}

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
  // would raise an ERROR. During recovery the state file alone covers these
  // values: nothing is stored in the database. In parallel mode and in a
  // read-only transaction, the transaction covers its keys before it
  // commits (CoverDeferred), a parallel worker only within the lease
  // already stored.
  if (recovery) return true;
  if (IsParallelWorker()) {
    CoverTickInWorker(generator, tick);
    return true;
  }
  if (IsInParallelMode() || XactReadOnly) {
    if (tick > deferred_cover[g]) deferred_cover[g] = tick;
    return true;
  }

  const uint64 seen = invalidations;
  const Oid sequence = objects.leases[g];
  // Writers of one database's lease take turns (TakeLeaseTurn), so that a
  // lease computed from an earlier clock never overwrites a later one; the
  // sequence's own lock, held meanwhile, keeps it from being dropped or
  // moved in between — in ShareUpdateExclusiveLock, the turn of the 1.2 to
  // 1.4 libraries, where sessions of theirs may write it too. Both given
  // back once it is written: the sequence is not transactional.
  const LOCKMODE held = objects.earlier_turns ? ShareUpdateExclusiveLock : RowExclusiveLock;
  TakeLeaseTurn(g, sequence);
  LockLeaseObject(sequence, held);
  if (invalidations != seen) {
    // The objects changed while waiting (dropped, moved): look them up again.
    UnlockRelationOid(sequence, held);
    GiveLeaseTurnBack(g);
    return CoverTickInDatabase(state, generator, tick);
  }
  if (mark_to_write) WriteStored(objects.mark, OwnServerMark());
  const int64 start = MonotonicMicros();
  const uint64 clock = ClockPartAt(generator, UnixNanosNow());
  const DatabaseLeaseStep step = PlanDatabaseLease(layout, tick, clock, ReadStored(sequence),
                                                   WriteAllowance(layout, last_cover_micros));
  if (step.write) WriteStored(sequence, step.stored);
  UnlockRelationOid(sequence, held);
  GiveLeaseTurnBack(g);
  FlushLease(step.write);
  mark_to_write = false;
  // The renewal point allows for a next look as long as this one, flush
  // included.
  last_cover_micros = MonotonicMicros() - start;
  if (invalidations == seen)
    database_lease_checked_through[g] = DatabaseRenewalPoint(
        layout, tick, step.stored, WriteAllowance(layout, last_cover_micros));
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
  view.stored = ReadStored(objects.leases[g]);
  view.writable = !RecoveryInProgress() && !XactReadOnly && !IsInParallelMode();
}

}  // namespace uuid6::pg
