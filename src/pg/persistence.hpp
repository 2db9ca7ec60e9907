// The state file that keeps the sequences monotonic across restarts, crashes
// and a clock stepped back while the server was down (SPEC §2, Durability).
//
// Each sequence has a durable *lease*: no tick above it is handed out before
// a file saying so has been written and flushed, and its rename flushed too.
// A backend that finds its sequence past the lease's renewal point renews
// the lease of every busy sequence at once, outside every spinlock and
// without making anyone wait; only a sequence that has used up its lease
// waits for the write, asleep. A new shared state (server start, crash
// restart, first attach when not preloaded) starts every sequence above the
// lease in the file.
#pragma once

#include "core/sequence.hpp"
#include "pg/shared_state.hpp"

namespace uuid6::pg {

// In the data directory (the working directory of every server process).
constexpr const char* kStateFileName = "uuid6.state";

// Reads the state file into a state being created. Raises no ERROR (it may
// run in the postmaster): a missing file starts from the clock; a file that
// cannot be read or parsed fails closed — a WARNING now, and until the file
// can be read or is moved aside, every generator call reads it again and
// raises an ERROR naming it, and nothing writes over it.
void RestoreState(SharedState* state);

// on_shmem_exit callback of the postmaster (preloaded only): writes the
// exact last ticks at a clean shutdown; after a crash it writes nothing and
// the leases on disk stand.
void SaveStateAtShutdown(int code, Datum arg);

// Renews the leases running low if nobody else is writing; never waits and
// raises no ERROR. The common path's renewal, taken after a generation.
void RenewLeasesIfIdle(SharedState* state);

// Renews `generator`'s lease to cover its last tick plus the lease span,
// durably, and returns true; or returns false at once when another process
// is writing (or a state file that could not be read was just found
// readable again). An ERROR (with the file's path and the system error)
// when the file cannot be written, or cannot be read.
bool RenewLease(SharedState* state, Generator generator);

// Sleeps, cancellably and without polling, until the process writing the
// state file is done (a condition variable; a writer of an earlier library,
// which does not broadcast, is looked at every 10 ms). Returns at once when
// nobody is writing.
void WaitForLeaseWrite(SharedState* state);

}  // namespace uuid6::pg
