// The lease each database keeps in WAL (docs/design.md, The database's lease), as pure arithmetic: how
// it is stored, when a backend must look at it, and what it covers.
//
// The lease of an RFC generator in a database is a bigint sequence value:
// the clock part of the last tick it covers, so that every tick of that
// clock part is covered too. A backend hands out a tick in a database only
// while a lease covering it has been written there (in WAL, before any
// record that could hold the key). It renews the lease with the file
// lease's span and margin (LeaseFor, RenewalPointOf), widened by the time
// its last write and flush took: under load one write a second per
// database, none while idle, and no write whose lease is due again by the
// time it is flushed.
#pragma once

#include <cstdint>

#include "core/sequence.hpp"

namespace uuid6 {

// The stored value of a lease object that was never written.
constexpr int64_t kNoDatabaseLease = -1;

// The stored form of a lease tick, and the last tick a stored value covers
// (0 for kNoDatabaseLease: it covers nothing).
inline int64_t StoredDatabaseLease(const SequenceLayout& layout, Tick lease) noexcept {
  return static_cast<int64_t>(lease >> layout.low_bits);
}
inline Tick DatabaseLeaseTick(const SequenceLayout& layout, int64_t stored) noexcept {
  if (stored < 0) return 0;
  return ((static_cast<Tick>(stored) + 1) << layout.low_bits) - 1;
}

// What a backend does about a tick above the point where it last looked at
// its database's lease, given the value it finds stored now (under the
// writers' lock).
struct DatabaseLeaseStep {
  bool write;          // raise the stored lease to `stored` before handing the tick out
  int64_t stored;      // the value stored once the step is done (never lower than before)
  Tick renew_after;    // ticks up to here need no further look
};

// A stored lease with more than the renewal margin left above `tick` is
// adopted as it is (another backend of the database wrote it); otherwise a
// new one reaches past the later of `tick` and the clock (LeaseFor), never
// lower than the stored one. `allowance` is the time this backend's last
// write took (WriteAllowance): it widens the margin and the span. Either way
// `tick` lies at or below the returned renewal point, and that at or below
// the stored lease: backends that follow this rule hand out no key above
// the lease stored last, which is what a server that finds the database made
// by another lifts its sequences to.
DatabaseLeaseStep PlanDatabaseLease(const SequenceLayout& layout, Tick tick, uint64_t clock,
                                    int64_t stored, uint64_t allowance = 0) noexcept;

// The renewal point of `tick` under the stored lease once the step is done,
// for a next write expected to take `allowance` (the one just made, timed):
// at or above `tick` and at or below the stored lease, as PlanDatabaseLease's.
inline Tick DatabaseRenewalPoint(const SequenceLayout& layout, Tick tick, int64_t stored,
                                 uint64_t allowance) noexcept {
  return RenewalPointFrom(layout, tick, DatabaseLeaseTick(layout, stored), allowance);
}

// The lease object also records which server last wrote a lease: a server
// that finds another's mark first lifts its sequences above every key the
// database's leases allow (keys may have been made there by the other
// server), and a server
// that finds its own knows its sequences are above them already, so that
// new connections do not push the sequences ahead of the clock. The mark of
// a server: its system identifier, postmaster start time and PID, mixed
// into a positive bigint.
int64_t ServerMark(uint64_t system_identifier, int64_t start_time, int postmaster_pid) noexcept;

}  // namespace uuid6
