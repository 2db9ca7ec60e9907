// The database lease's arithmetic: its stored form, when a backend adopts
// the stored lease or writes a new one, and the server mark.
#include <gtest/gtest.h>

#include <random>

#include "core/database_lease.hpp"
#include "core/sequence.hpp"

namespace uuid6 {
namespace {

const Generator kRfc[] = {Generator::kV6, Generator::kV7, Generator::kV8};

// One backend handing out `tick`: past its renewal point it looks at the
// stored lease (and writes one, counted in `writes`), as CoverTickInDatabase
// does, its lease allowing for `allowance` and its renewal point for `took`
// (the look just made). The tick must then lie at or below its renewal
// point, and that at or below the stored lease, which never goes down.
void HandOut(const SequenceLayout& layout, Tick tick, uint64_t clock, int64_t& stored,
             Tick& renew_after, int& writes, uint64_t allowance = 0, uint64_t took = 0) {
  if (tick > renew_after) {
    const DatabaseLeaseStep step = PlanDatabaseLease(layout, tick, clock, stored, allowance);
    ASSERT_GE(step.stored, stored);
    ASSERT_TRUE(tick <= step.renew_after && step.renew_after <= DatabaseLeaseTick(layout, step.stored));
    if (step.write) writes++;
    stored = step.stored;
    renew_after = DatabaseRenewalPoint(layout, tick, stored, took);
  }
  ASSERT_TRUE(tick <= renew_after);
  ASSERT_TRUE(renew_after <= DatabaseLeaseTick(layout, stored));
}

TEST(DatabaseLease, StoredFormCoversItsWholeClockPart) {
  for (Generator generator : kRfc) {
    const SequenceLayout& layout = LayoutOf(generator);
    const uint64_t clock = uint64_t{1} << 59;
    const Tick first = static_cast<Tick>(clock) << layout.low_bits;
    const Tick last = ((static_cast<Tick>(clock) + 1) << layout.low_bits) - 1;
    EXPECT_EQ(StoredDatabaseLease(layout, first), static_cast<int64_t>(clock));
    EXPECT_EQ(StoredDatabaseLease(layout, last), static_cast<int64_t>(clock));
    EXPECT_TRUE(DatabaseLeaseTick(layout, static_cast<int64_t>(clock)) == last);
    EXPECT_TRUE(DatabaseLeaseTick(layout, kNoDatabaseLease) == 0);
    // The widest clock part of an RFC layout fits a bigint with room for the span.
    EXPECT_GT(INT64_MAX - static_cast<int64_t>(LeaseSpan(layout)),
              static_cast<int64_t>((uint64_t{1} << 60) - 1));
  }
}

TEST(DatabaseLease, NothingStoredIsWrittenAheadOfTheTickAndClock) {
  for (Generator generator : kRfc) {
    const SequenceLayout& layout = LayoutOf(generator);
    const uint64_t clock = 1000000000000ULL;
    const Tick tick = (static_cast<Tick>(clock) << layout.low_bits) | 5;
    const DatabaseLeaseStep step = PlanDatabaseLease(layout, tick, clock, kNoDatabaseLease);
    EXPECT_TRUE(step.write);
    EXPECT_EQ(step.stored, static_cast<int64_t>(clock + LeaseSpan(layout)));
    EXPECT_TRUE(DatabaseLeaseTick(layout, step.stored) >= tick);
    EXPECT_TRUE(step.renew_after >= tick);
    EXPECT_TRUE(step.renew_after == RenewalPointOf(layout, DatabaseLeaseTick(layout, step.stored)));
  }
}

// A sequence far ahead of the clock (stepped back, or lifted after a move)
// gets leases with little room above its ticks: every tick handed out still
// lies at or below its backend's renewal point and the stored lease — what
// a server that finds another's mark lifts to — and the lease is written
// about once per half of that room, not on every call.
TEST(DatabaseLease, AheadOfTheClockEveryTickStaysUnderTheStoredLease) {
  for (Generator generator : kRfc) {
    const SequenceLayout& layout = LayoutOf(generator);
    const uint64_t clock = 1000000000000ULL;
    SequenceState shared{};
    // An hour ahead of the clock.
    RaiseLastTick(shared, static_cast<Tick>(clock + 3600 * (LeaseSpan(layout) / 2))
                              << layout.low_bits);
    int64_t stored = kNoDatabaseLease;
    Tick renew_after = 0;
    int writes = 0;
    const int kCalls = 100000;
    for (int i = 0; i < kCalls; i++) {
      const Tick tick = AdvanceSequence(shared, layout, clock, 0, false);
      ASSERT_NO_FATAL_FAILURE(HandOut(layout, tick, clock, stored, renew_after, writes));
    }
    EXPECT_LE(writes, 20) << static_cast<int>(generator);
  }
}

TEST(DatabaseLease, AStoredLeaseWithMarginLeftIsAdoptedNotRewritten) {
  const SequenceLayout& layout = LayoutOf(Generator::kV7);
  const uint64_t clock = 1000000000000ULL;
  const int64_t stored = static_cast<int64_t>(clock + LeaseSpan(layout));
  const Tick tick = static_cast<Tick>(clock) << layout.low_bits;
  const DatabaseLeaseStep step = PlanDatabaseLease(layout, tick, clock, stored);
  EXPECT_FALSE(step.write);
  EXPECT_EQ(step.stored, stored);
  EXPECT_TRUE(step.renew_after == RenewalPointOf(layout, DatabaseLeaseTick(layout, stored)));
  // Past the renewal point, the clock there too: renewed, a span beyond.
  const Tick late = step.renew_after + 1;
  const DatabaseLeaseStep renewed =
      PlanDatabaseLease(layout, late, clock + LeaseSpan(layout) / 2, stored);
  EXPECT_TRUE(renewed.write);
  EXPECT_GT(renewed.stored, stored);
  EXPECT_TRUE(renewed.renew_after >= late);
}

TEST(DatabaseLease, AStoredLeaseIsNeverLowered) {
  // A clock far behind the stored lease. A tick just past its renewal
  // point is still covered by it: nothing is written, the stored lease
  // stands, and the tick lies below the new renewal point. A tick beyond
  // the stored lease gets a lease above it, whatever the clock says.
  const SequenceLayout& layout = LayoutOf(Generator::kV6);
  const int64_t stored = int64_t{1} << 58;
  const Tick lease = DatabaseLeaseTick(layout, stored);
  const Tick tick = RenewalPointOf(layout, lease) + 1;
  const DatabaseLeaseStep step = PlanDatabaseLease(layout, tick, 12345, stored);
  EXPECT_FALSE(step.write);
  EXPECT_EQ(step.stored, stored);
  EXPECT_TRUE(tick <= step.renew_after && step.renew_after <= lease);
  const DatabaseLeaseStep beyond = PlanDatabaseLease(layout, lease + 1, 12345, stored);
  EXPECT_TRUE(beyond.write);
  EXPECT_GT(beyond.stored, stored);
  EXPECT_TRUE(lease + 1 <= beyond.renew_after &&
              beyond.renew_after <= DatabaseLeaseTick(layout, beyond.stored));
}

// Any sequence of ticks, clocks and writes by several backends that each
// keep their own renewal point: every tick handed out lies at or below the
// stored lease, and at or below its renewal point (what a move folds in is
// enough), and a busy run writes about once per renewal margin. The same
// with every backend allowing for writes of its own speed, up to 2 s.
TEST(DatabaseLease, EveryTickHandedOutIsCoveredByTheStoredLease) {
  std::mt19937_64 random(16);
  for (Generator generator : kRfc) {
    const SequenceLayout& layout = LayoutOf(generator);
    int64_t stored = kNoDatabaseLease;
    Tick backend_renew_after[4] = {0, 0, 0, 0};
    uint64_t clock = 1000000000000ULL;
    SequenceState shared{};
    int writes = 0;
    const int kCalls = 200000;
    for (int i = 0; i < kCalls; i++) {
      clock += random() % (layout.race_tolerance / 10000 + 1);  // 2e5 calls ~ 20 s
      const Tick tick = AdvanceSequence(shared, layout, clock, random(), false);
      Tick& renew_after = backend_renew_after[random() % 4];
      ASSERT_NO_FATAL_FAILURE(HandOut(layout, tick, clock, stored, renew_after, writes));
    }
    EXPECT_GE(writes, 10) << static_cast<int>(generator);
    EXPECT_LE(writes, 40) << static_cast<int>(generator);

    Tick slow_renew_after[4] = {0, 0, 0, 0};
    for (int i = 0; i < kCalls; i++) {
      clock += random() % (layout.race_tolerance / 10000 + 1);
      const Tick tick = AdvanceSequence(shared, layout, clock, random(), false);
      const int backend = static_cast<int>(random() % 4);
      const uint64_t allowance = random() % (2 * layout.race_tolerance + 1);
      const uint64_t took = random() % (2 * layout.race_tolerance + 1);
      ASSERT_NO_FATAL_FAILURE(HandOut(layout, tick, clock, stored, slow_renew_after[backend],
                                      writes, allowance, took));
    }
  }
}

// One backend calls once a millisecond of clock; each look at the stored
// lease that writes it takes `flush` of clock (the WAL flush), during which
// the call waits, and the next lease allows for it (CoverTickInDatabase).
// Once a flush has been timed, a write is never followed at once by
// another (in 1.3 a flush slower than a second made every call write):
// one write per 1 s + 2 flushes of clock, every tick still under the lease.
TEST(DatabaseLease, ASlowFlushIsAllowedForAfterOneTimedWrite) {
  for (Generator generator : kRfc) {
    const SequenceLayout& layout = LayoutOf(generator);
    const uint64_t second = layout.race_tolerance;
    for (uint64_t flush_ms : {1, 500, 1500, 4000}) {
      const uint64_t flush = flush_ms * (second / 1000);
      SequenceState shared{};
      int64_t stored = kNoDatabaseLease;
      Tick renew_after = 0;
      uint64_t allowance = 0;
      int writes = 0, writes_in_a_row = 0;
      bool wrote_last_call = false;
      uint64_t clock = 1000 * second;
      const uint64_t end = clock + 120 * second;
      while (clock < end) {
        const Tick tick = AdvanceSequence(shared, layout, clock, 0, false);
        bool wrote = false;
        if (tick > renew_after) {
          const DatabaseLeaseStep step = PlanDatabaseLease(layout, tick, clock, stored, allowance);
          ASSERT_GE(step.stored, stored);
          stored = step.stored;
          if (step.write) {
            wrote = true;
            writes++;
            if (wrote_last_call && writes > 2) writes_in_a_row++;
            clock += flush;  // the call waits for the flush
            allowance = flush;
          }
          renew_after = DatabaseRenewalPoint(layout, tick, stored, allowance);
        }
        ASSERT_TRUE(tick <= renew_after);
        ASSERT_TRUE(renew_after <= DatabaseLeaseTick(layout, stored));
        wrote_last_call = wrote;
        clock += second / 1000;
      }
      EXPECT_EQ(writes_in_a_row, 0) << static_cast<int>(generator) << " " << flush_ms << " ms";
      EXPECT_LE(writes, static_cast<int>(120 * second / (second + 2 * flush)) + 3)
          << static_cast<int>(generator) << " " << flush_ms << " ms";
    }
  }
}

TEST(DatabaseLease, ServerMarksArePositiveAndTellServersApart) {
  const uint64_t system = 7441086915447209063ULL;
  const int64_t mark = ServerMark(system, 817000000000000, 4242);
  EXPECT_GT(mark, 0);
  EXPECT_EQ(mark, ServerMark(system, 817000000000000, 4242));
  // A standby shares the system identifier; its start time or PID differs.
  EXPECT_NE(mark, ServerMark(system, 817000000000001, 4242));
  EXPECT_NE(mark, ServerMark(system, 817000000000000, 4243));
  EXPECT_NE(mark, ServerMark(system + 1, 817000000000000, 4242));
  EXPECT_GT(ServerMark(0, 0, 0), 0);
}

}  // namespace
}  // namespace uuid6
