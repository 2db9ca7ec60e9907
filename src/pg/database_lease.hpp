// The lease each database keeps in WAL (docs/design.md, The database's lease), beside the cluster's
// state file: keys follow the database through a promotion, a restored base
// backup, pg_dump/pg_restore and pg_upgrade.
//
// Each database where uuid6 1.2 is installed holds one sequence per RFC 9562
// generator, uuid6_lease_v6/v7/v8, whose value is the clock part of the last
// tick its lease covers (core/database_lease.hpp), and uuid6_lease_server,
// the mark of the server that last wrote them. A backend hands out a tick
// in its database only once a lease covering it has been written there with
// setval — a WAL record that precedes any record the key can be written in,
// so whatever replays or restores the key has the lease too. The sequences
// are extension members registered with pg_extension_config_dump, so a dump
// carries their values; physical copies carry them in WAL and data files.
//
// The first backend of a server to generate in a database whose mark is
// another server's lifts the shared sequences above every key the
// database's leases allow (and has the state file cover that) before
// writing its own mark; a
// promoted standby's backends do the same when recovery ends. Where
// PostgreSQL forbids the write — during recovery, in a read-only
// transaction — nothing is written and the state file alone covers the
// values handed out (such a transaction stores none of them in the
// database). In parallel mode the leader covers the keys it made before its
// transaction commits; a parallel worker (uuid6 catalogs before 1.6 only)
// hands out keys within the lease stored already, and refuses beyond it.
#pragma once

#include "core/sequence.hpp"
#include "pg/shared_state.hpp"

namespace uuid6::pg {

// Per generator, the last tick this backend hands out in its database with
// no look at the database's lease: the renewal point of the lease it last
// wrote or read. 0: look on the next call. The draft layouts, which have no
// database lease, never look.
extern Tick database_lease_checked_through[kGeneratorCount];

// Called outside every lock with a tick above database_lease_checked_through,
// before the value is handed out: makes sure this database's lease covers
// the tick, writing it if needed with the extension owner's rights. False
// when the database's leases lifted the sequence to the tick or beyond (the
// caller takes another tick). An ERROR naming the lease object when it is
// missing or unusable.
bool CoverTickInDatabase(SharedState* state, Generator generator, Tick tick);

// Registers the transaction callback that covers, before the commit, the
// keys a transaction made in parallel mode (called from _PG_init).
void RegisterDeferredCover();

// What uuid6_status shows of this database's lease of an RFC generator.
struct DatabaseLeaseView {
  bool kept;       // the database keeps a lease (false: uuid6 1.0 or 1.1 here)
  char* name;      // the lease object, schema-qualified
  int64 stored;    // its value, or kNoDatabaseLease when never written
  bool writable;   // this session would write it now
};
void ViewDatabaseLease(Generator generator, DatabaseLeaseView& view);

}  // namespace uuid6::pg
