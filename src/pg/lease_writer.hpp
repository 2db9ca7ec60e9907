// The lease writer: a background worker, registered where uuid6 is
// preloaded, that writes the state file when a sequence's lease runs low, so
// that no call waits for a renewal it did not need yet (a slow disk delays
// nobody). A call that finds its sequence past the renewal point asks for a
// renewal (RequestLeaseRenewal): it wakes the writer through the condition
// variable every writer broadcasts on, and returns at once. Where uuid6 is
// not preloaded no worker can be registered: the caller writes the file
// itself, as every caller did before 1.4. Either way a call whose sequence
// has used up its lease writes or waits (cluster_lease.hpp): the writer only
// takes the renewals that are due before that.
//
// The writer takes the writer's claim and broadcasts like any other writer,
// so that libraries of earlier versions beside it see one more writer of the
// protocol they know; what it shares with the other writers of this library
// (the last write's time, the renewal under way) is theirs too
// (SharedExtensionFields, layout 2). A write of its own that lands a lease
// already due is followed at once by another, under the same claim.
#pragma once

#include "pg/shared_state.hpp"

namespace uuid6::pg {

// From _PG_init while shared_preload_libraries is being processed.
void RegisterLeaseWriter();

// A call's sequence has passed its lease's renewal point: wakes the lease
// writer (at most once every few milliseconds per process, and not while a
// write is under way), or, where there is none, writes the leases due if
// nobody else is writing. Raises no ERROR.
void RequestLeaseRenewal(SharedState* state);

}  // namespace uuid6::pg
