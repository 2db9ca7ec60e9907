#include "core/database_lease.hpp"

#include "core/no_postgres.hpp"  // last: proves no PostgreSQL header came in

namespace uuid6 {

DatabaseLeaseStep PlanDatabaseLease(const SequenceLayout& layout, Tick tick, uint64_t clock,
                                    int64_t stored, uint64_t allowance) noexcept {
  if (stored >= 0) {
    const Tick renew_after = RenewalPointOf(layout, DatabaseLeaseTick(layout, stored), allowance);
    if (tick <= renew_after) return {false, stored, renew_after};
  }
  Tick lease = LeaseFor(layout, tick, clock, allowance);
  const Tick current = DatabaseLeaseTick(layout, stored);
  if (lease < current) lease = current;
  const int64_t raised = StoredDatabaseLease(layout, lease);
  // A sequence ahead of the clock gets a lease with less than the renewal
  // margin above `tick` (LeaseFor): its renewal point is then half-way,
  // which keeps `tick` at or below it, and both below the stored lease.
  return {raised != stored, raised, DatabaseRenewalPoint(layout, tick, raised, allowance)};
}

namespace {

// SplitMix64's finaliser: every input bit reaches every output bit.
uint64_t Mix(uint64_t x) noexcept {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

int64_t ServerMark(uint64_t system_identifier, int64_t start_time, int postmaster_pid) noexcept {
  uint64_t mark = Mix(system_identifier);
  mark = Mix(mark ^ static_cast<uint64_t>(start_time));
  mark = Mix(mark ^ static_cast<uint64_t>(static_cast<uint32_t>(postmaster_pid)));
  // Positive and never 0, which a lease object's writer mark starts at.
  mark &= ~(uint64_t{1} << 63);
  return mark == 0 ? 1 : static_cast<int64_t>(mark);
}

}  // namespace uuid6
