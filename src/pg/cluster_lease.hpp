// The state file that keeps the sequences monotonic across restarts, crashes
// and a clock stepped back while the server was down (docs/design.md, The cluster's lease).
//
// Each sequence has a durable *lease*: no tick above it is handed out before
// a file saying so has been written and flushed, and its rename flushed too.
// A backend that finds its sequence past the lease's renewal point has the
// lease of every busy sequence renewed at once, outside every spinlock: by
// the lease writer where uuid6 is preloaded (nobody waits), else by itself
// (its call takes the write's time); only a call whose sequence has used up
// its lease waits for a write, asleep. Each lease allows for the time the
// last write took, so that it is renewed before it runs out. A new shared state (server start, crash
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

// What RenewDueLeases did: wrote the leases running low (or found none),
// found another process writing, or failed to write (the next attempt, or
// the caller that runs out of lease, tries again).
enum class RenewOutcome { kDone, kBusy, kFailed };

// Renews the leases running low if nobody else is writing; never waits and
// raises no ERROR. The lease writer's renewal (pg/lease_writer.hpp), with
// `in_a_row`: a write that installs a lease already due (the disk turned
// slower than the last write found it) is followed at once by another that
// allows for it, under the same claim.
RenewOutcome RenewDueLeases(SharedState* state, bool in_a_row);

// RenewDueLeases for a caller that was not waiting for it: the common path's
// renewal where no lease writer runs, taken after a generation.
void RenewLeasesIfIdle(SharedState* state);

// True when a sequence in use has handed out a tick past its renewal point:
// what makes a caller ask for a renewal.
bool LeaseRenewalDue(SharedState* state);

// How long the lease writer may sleep before a lease is due by the clock
// alone (KeepAliveDue): 0 when one is due now, -1 when no sequence took a
// tick within the keep-alive window (nothing to keep alive). A sequence whose
// window the clock has left while its renewal point lies inside (a clock
// stepped forward) is looked at again after kKeepAliveClockAwayLookMicros,
// in case the clock is stepped back into the window.
constexpr int64 kKeepAliveClockAwayLookMicros = 10 * 1000 * 1000;
int64 KeepAliveWaitMicros(SharedState* state);

// True while a process holds the writer's claim (a plain read).
bool LeaseWriteUnderWay(SharedState* state);

// Renews `generator`'s lease to cover its last tick plus the lease span,
// durably, and returns true; or returns false at once when another process
// is writing (or a state file that could not be read was just found
// readable again). An ERROR (with the file's path and the system error)
// when the file cannot be written, or cannot be read.
bool RenewLease(SharedState* state, Generator generator);

// Sleeps, cancellably and without polling, until the process writing the
// state file is done or has installed a lease (a condition variable; a
// writer of an earlier library, which does not broadcast, is looked at
// every 10 ms). Returns at once when nobody is writing.
void WaitForLeaseWrite(SharedState* state);

// How much longer than a second (in `generator`'s clock units) a lease that
// ran out may still serve its last second: as long as a renewal of this
// library has been under way (SharedExtensionFields::renewing_since_us),
// up to ten seconds; zero while nobody, or a writer of an earlier library,
// is writing. A renewal begun more than a second after the lease's end
// (the first call after an idle spell) thus gives it nothing: its callers
// wait for the write rather than take a time from before the spell. One
// begun in time (a disk that turned slow mid-renewal, writes slower than
// the lease) lets calls go on while it lasts, with values up to the
// renewal's time plus two seconds behind the clock, never ahead of it.
uint64 LeaseGrace(SharedState* state, Generator generator);

}  // namespace uuid6::pg
