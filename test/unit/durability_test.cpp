// The durable side of the sequences (docs/design.md, The cluster's lease): the state file's
// text form, the lease arithmetic that decides when a sequence must wait for
// a write, and the tick a UUID stands for (uuid6_advance).
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>
#include <algorithm>

#include "core/layout.hpp"
#include "core/sequence.hpp"
#include "core/state_file.hpp"

namespace uuid6 {
namespace {

PersistedState Sample() {
  PersistedState state;
  std::memset(&state, 0, sizeof state);
  state.saved_unix_us = 1795319521271774;
  state.present[0] = state.present[1] = state.present[5] = true;
  state.lease[0] = (static_cast<Tick>(0x7c) << 64) | 0x98a04fbb1d43fffULL;
  state.lease[1] = 0x1a20198d647a20ffULL;
  state.lease[5] = 1;
  return state;
}

std::string Format(const PersistedState& state) {
  char buffer[kStateFileMaxBytes];
  const size_t length = FormatStateFile(state, buffer, sizeof buffer);
  EXPECT_GT(length, 0u);
  return std::string(buffer, length);
}

TEST(StateFile, RoundTrips) {
  const PersistedState state = Sample();
  const std::string text = Format(state);
  EXPECT_EQ(text.rfind("uuid6 state 1\nsaved 1795319521271774\nv6 7c098a04fbb1d43fff\n", 0), 0u)
      << text;
  PersistedState parsed;
  ASSERT_EQ(ParseStateFile(text.data(), text.size(), parsed), StateFileError::kNone);
  EXPECT_EQ(parsed.saved_unix_us, state.saved_unix_us);
  for (int i = 0; i < kGeneratorCount; i++) {
    EXPECT_EQ(parsed.present[i], state.present[i]) << i;
    EXPECT_TRUE(parsed.lease[i] == state.lease[i]) << i;
  }
}

TEST(StateFile, EveryTruncationIsRefused) {
  const std::string text = Format(Sample());
  for (size_t length = 0; length < text.size(); length++) {
    PersistedState parsed;
    EXPECT_NE(ParseStateFile(text.data(), length, parsed), StateFileError::kNone) << length;
    for (int i = 0; i < kGeneratorCount; i++) EXPECT_FALSE(parsed.present[i]);
  }
}

TEST(StateFile, EveryChangedByteIsRefused) {
  const std::string text = Format(Sample());
  for (size_t at = 0; at < text.size(); at++) {
    for (int delta : {1, 2, 16, 0x20}) {
      std::string bad = text;
      bad[at] = static_cast<char>(bad[at] ^ delta);
      PersistedState parsed;
      EXPECT_NE(ParseStateFile(bad.data(), bad.size(), parsed), StateFileError::kNone)
          << "byte " << at << " ^ " << delta;
    }
  }
}

TEST(StateFile, NamesWhatIsWrong) {
  PersistedState parsed;
  EXPECT_EQ(ParseStateFile("hello\n", 6, parsed), StateFileError::kForeign);
  // An empty file, or one cut inside its first line, is truncated.
  EXPECT_EQ(ParseStateFile("", 0, parsed), StateFileError::kTruncated);
  EXPECT_EQ(ParseStateFile("uuid6 st", 8, parsed), StateFileError::kTruncated);
  EXPECT_EQ(ParseStateFile("uuid6 xx", 8, parsed), StateFileError::kForeign);
  const char* future = "uuid6 state 2\nsaved 1\ncheck 0\n";
  EXPECT_EQ(ParseStateFile(future, std::strlen(future), parsed), StateFileError::kVersion);
  std::string text = Format(Sample());
  text += "v8 1\n";  // after the check line
  EXPECT_EQ(ParseStateFile(text.data(), text.size(), parsed), StateFileError::kMalformed);
  EXPECT_STREQ(StateFileErrorText(StateFileError::kChecksum), "checksum mismatch");
  // A tick wider than its layout (v7: 68 bits), with a valid checksum.
  PersistedState wide = Sample();
  wide.lease[1] = static_cast<Tick>(1) << 68;
  const std::string wide_text = Format(wide);
  EXPECT_EQ(ParseStateFile(wide_text.data(), wide_text.size(), parsed), StateFileError::kMalformed);
  wide.lease[1] = (static_cast<Tick>(1) << 68) - 1;
  const std::string widest = Format(wide);
  EXPECT_EQ(ParseStateFile(widest.data(), widest.size(), parsed), StateFileError::kNone);
}

TEST(Lease, FallbackServesARecentLeaseOnly) {
  const SequenceLayout& layout = LayoutOf(Generator::kV7);
  const uint64_t second = layout.race_tolerance;
  const uint64_t clock = 1000000000;
  SequenceState state{};
  ExtendLease(state, layout, LeaseFor(layout, 0, clock));  // ends at clock + 2 s
  Tick first = 0;
  ASSERT_TRUE(TryAdvanceSequence(state, layout, clock, 0, false, first));
  // The clock runs past the lease while another backend writes the next.
  const uint64_t later = clock + 3 * second;
  Tick next = 0;
  EXPECT_FALSE(TryAdvanceSequence(state, layout, later, 0, false, next));
  ASSERT_TRUE(TryAdvanceSequence(state, layout, later, 0, false, next, LeaseFallback::kIfRecent));
  // From one second before the lease's end: behind the clock, never ahead.
  EXPECT_TRUE((next >> layout.low_bits) == clock + second);
  EXPECT_TRUE(next > first);
  Tick again = 0;
  ASSERT_TRUE(TryAdvanceSequence(state, layout, later, 0, false, again, LeaseFallback::kIfRecent));
  EXPECT_TRUE(again == next + 1);
  // Long after the lease ended (an idle spell), only the backend that has
  // just written the lease itself may use it.
  const uint64_t hour_later = clock + 3600 * second;
  EXPECT_FALSE(
      TryAdvanceSequence(state, layout, hour_later, 0, false, next, LeaseFallback::kIfRecent));
  EXPECT_TRUE(TryAdvanceSequence(state, layout, hour_later, 0, false, next, LeaseFallback::kAlways));
  // Never past the lease's last tick.
  RaiseLastTick(state, LeaseTick(state) - 1);
  EXPECT_TRUE(TryAdvanceSequence(state, layout, later, 0, false, next, LeaseFallback::kAlways));
  EXPECT_TRUE(next == LeaseTick(state));
  EXPECT_FALSE(TryAdvanceSequence(state, layout, later, 0, false, next, LeaseFallback::kAlways));
}

// A renewal begun in time is still being written (a disk that turned slow):
// the grace it gives (the time it has been under way) lets the lease serve
// its last second that much longer past its end, on every protocol; values
// stay below the lease and behind the clock. Without it, or with too little,
// the call waits. (The compare-and-swap protocol's locked step: in
// atomic_sequence_test.cpp.)
TEST(Lease, GraceServesTheLeaseWhileARenewalBegunInTimeIsWritten) {
  for (Generator g : {Generator::kV6, Generator::kV7, Generator::kV8}) {
    const SequenceLayout& layout = LayoutOf(g);
    const uint64_t second = layout.race_tolerance;
    const uint64_t clock = 1000 * second;
    SequenceState state{};
    ExtendLease(state, layout, LeaseFor(layout, 0, clock));  // ends at clock + 2 s
    Tick first = 0;
    ASSERT_TRUE(TryAdvanceSequence(state, layout, clock, 0, false, first));
    const Tick lease = LeaseTick(state);
    // 2.5 s past the lease's end: a second is not enough, the renewal's
    // 3 s (begun half a second before the lease ran out) are.
    const uint64_t later = clock + 2 * second + 5 * second / 2;
    Tick next = 0;
    EXPECT_FALSE(TryAdvanceSequence(state, layout, later, 0, false, next, LeaseFallback::kIfRecent));
    EXPECT_FALSE(TryAdvanceSequence(state, layout, later, 0, false, next, LeaseFallback::kIfRecent,
                                    second));
    ASSERT_TRUE(TryAdvanceSequence(state, layout, later, 0, false, next, LeaseFallback::kIfRecent,
                                   3 * second))
        << static_cast<int>(g);
    EXPECT_TRUE(next > first && next <= lease);
    EXPECT_TRUE((next >> layout.low_bits) == (lease >> layout.low_bits) - second);
  }
}

TEST(StateFile, RandomBytesNeverParse) {
  std::mt19937_64 random(11);
  char bytes[200];
  for (int round = 0; round < 20000; round++) {
    const size_t length = random() % sizeof bytes;
    for (size_t i = 0; i < length; i++) bytes[i] = static_cast<char>(random());
    PersistedState parsed;
    EXPECT_NE(ParseStateFile(bytes, length, parsed), StateFileError::kNone);
  }
}

TEST(Lease, NoTickBeyondTheLeaseIsTaken) {
  for (Generator g : {Generator::kV6, Generator::kV7, Generator::kV8}) {
    const SequenceLayout& layout = LayoutOf(g);
    SequenceState state{};
    Tick tick = 0;
    const uint64_t clock = 1000000000;
    // No lease yet: nothing is handed out, and nothing changes.
    EXPECT_FALSE(TryAdvanceSequence(state, layout, clock, 5, false, tick));
    EXPECT_EQ(state.generated, 0u);
    EXPECT_TRUE(LastTick(state) == 0);
    ExtendLease(state, layout, LeaseFor(layout, LastTick(state), clock));
    // The lease covers two seconds of clock past `clock`.
    EXPECT_TRUE(TryAdvanceSequence(state, layout, clock, 5, false, tick));
    EXPECT_TRUE(TryAdvanceSequence(state, layout, clock + 2 * layout.race_tolerance, 5, false, tick));
    EXPECT_FALSE(
        TryAdvanceSequence(state, layout, clock + 2 * layout.race_tolerance + 1, 5, false, tick));
    EXPECT_EQ(state.generated, 2u);
    // A frozen clock counts up to the lease's very last tick, then stops.
    SequenceState frozen{};
    ExtendLease(frozen, layout, LeaseFor(layout, 0, clock));
    const Tick lease = LeaseTick(frozen);
    RaiseLastTick(frozen, lease - 3);
    int taken = 0;
    while (TryAdvanceSequence(frozen, layout, clock, 0, false, tick)) taken++;
    EXPECT_EQ(taken, 3);
    EXPECT_TRUE(LastTick(frozen) == lease);
  }
}

TEST(Lease, RenewedWellBeforeItRunsOut) {
  const SequenceLayout& layout = LayoutOf(Generator::kV7);
  const uint64_t second = layout.race_tolerance;
  const Tick lease = LeaseFor(layout, 0, 100 * second);
  const auto at = [&](uint64_t clock) { return static_cast<Tick>(clock) << layout.low_bits; };
  EXPECT_FALSE(LeaseRunningLow(layout, lease, at(100 * second)));
  EXPECT_FALSE(LeaseRunningLow(layout, lease, at(101 * second)));
  EXPECT_TRUE(LeaseRunningLow(layout, lease, at(101 * second + 1)));
  // A lease never goes down.
  SequenceState state{};
  ExtendLease(state, layout, lease);
  ExtendLease(state, layout, lease - 1);
  EXPECT_TRUE(LeaseTick(state) == lease);
  // The hot path's one comparison agrees with LeaseRunningLow, at the edge
  // and around it, for every generator.
  for (Generator g : {Generator::kV6, Generator::kV7, Generator::kV8, Generator::kDraftV7Nanos}) {
    const SequenceLayout& l = LayoutOf(g);
    SequenceState s{};
    const Tick g_lease = LeaseFor(l, 0, 1000 * l.race_tolerance);
    ExtendLease(s, l, g_lease);
    const Tick edge = static_cast<Tick>(1001 * l.race_tolerance + 1) << l.low_bits;  // first low tick
    for (Tick t = edge - 600; t < edge + 600; t++)
      ASSERT_EQ(PastRenewalPoint(s, t), LeaseRunningLow(l, g_lease, t));
    EXPECT_FALSE(PastRenewalPoint(s, edge - 1));
    EXPECT_TRUE(PastRenewalPoint(s, edge));
  }
  // Taken from the clock: two seconds past it, whatever the last tick, as
  // long as that leaves the last tick room.
  EXPECT_TRUE(LeaseFor(layout, at(101 * second), 100 * second) >> layout.low_bits ==
              102 * second);
  EXPECT_TRUE(LeaseFor(layout, at(50 * second), 100 * second) >> layout.low_bits == 102 * second);
  // A sequence ahead of that gets the minimum room (10 ms) above its last tick.
  EXPECT_TRUE(LeaseFor(layout, at(500 * second), 100 * second) >> layout.low_bits ==
              500 * second + LeaseMinimumRoom(layout));
}

// A restored sequence resumes at the old lease, up to two seconds ahead of
// the clock. Quick restarts in a row, each followed by one call (which
// renews the lease), never carry the lead past two seconds: the new lease
// is taken from the clock, not from the restored tick.
TEST(Lease, QuickRestartsInARowKeepTheLeadBounded) {
  for (Generator g : {Generator::kV6, Generator::kV7, Generator::kV8, Generator::kDraftV7Millis}) {
    const SequenceLayout& layout = LayoutOf(g);
    const uint64_t second = layout.race_tolerance;
    uint64_t clock = 1000 * second;
    Tick file_lease = 0;
    for (int restart = 0; restart < 100; restart++) {
      SequenceState state{};
      RaiseLastTick(state, file_lease);
      ExtendLease(state, layout, file_lease);
      Tick tick = 0;
      // The first call finds the lease used up, renews it, then takes a tick.
      ASSERT_FALSE(TryAdvanceSequence(state, layout, clock, 1, false, tick));
      file_lease = RenewedLease(layout, LastTick(state), LeaseTick(state), clock);
      ExtendLease(state, layout, file_lease);
      ASSERT_TRUE(TryAdvanceSequence(state, layout, clock, 1, false, tick)) << restart;
      // The lead: at most the two seconds of one lease.
      ASSERT_LE((tick >> layout.low_bits) - clock, 2 * second) << restart;
      ASSERT_LE((file_lease >> layout.low_bits) - clock, 2 * second) << restart;
      clock += second / 50;  // a restart takes 20 ms here, far less than in life
    }
  }
}

// The clock steps back a minute after a lease was taken, and the sequence
// is advanced to half a second before that lease's end: past its renewal
// point, ahead of the clock, yet LeaseFor gives nothing beyond the lease.
// One renewal must move the renewal point past the last tick, and the calls
// that follow renew only once their room is half used — not on every call.
TEST(Lease, ARenewalAheadOfTheClockAlwaysMovesTheRenewalPoint) {
  for (Generator g : {Generator::kV6, Generator::kV7, Generator::kV8, Generator::kDraftV7Millis,
                      Generator::kDraftV7Micros, Generator::kDraftV7Nanos}) {
    const SequenceLayout& layout = LayoutOf(g);
    const uint64_t second = layout.race_tolerance;
    uint64_t clock = 1000 * second;
    SequenceState state{};
    ExtendLease(state, layout, RenewedLease(layout, 0, 0, clock));
    Tick tick = 0;
    ASSERT_TRUE(TryAdvanceSequence(state, layout, clock, 0, false, tick));
    const Tick first_lease = LeaseTick(state);
    clock -= 60 * second;
    RaiseLastTick(state, first_lease - (static_cast<Tick>(second / 2) << layout.low_bits));
    ASSERT_TRUE(PastRenewalPoint(state, LastTick(state)));
    const Tick renewed = RenewedLease(layout, LastTick(state), LeaseTick(state), clock);
    EXPECT_TRUE(renewed >> layout.low_bits ==
                (first_lease >> layout.low_bits) + LeaseMinimumRoom(layout));
    ExtendLease(state, layout, renewed);
    EXPECT_FALSE(PastRenewalPoint(state, LastTick(state))) << static_cast<int>(g);
    // 100,000 calls with the clock standing still: each renewal at least
    // halves the distance to the lease, then adds the minimum room, so the
    // renewals are few, and no tick is ever beyond the lease.
    int renewals = 0;
    for (int call = 0; call < 100000; call++) {
      if (!TryAdvanceSequence(state, layout, clock, 0, false, tick)) {
        ExtendLease(state, layout, RenewedLease(layout, LastTick(state), LeaseTick(state), clock));
        renewals++;
        ASSERT_TRUE(TryAdvanceSequence(state, layout, clock, 0, false, tick));
      }
      ASSERT_TRUE(tick <= LeaseTick(state));
      if (PastRenewalPoint(state, tick)) {
        ExtendLease(state, layout, RenewedLease(layout, LastTick(state), LeaseTick(state), clock));
        renewals++;
      }
    }
    EXPECT_LE(renewals, 30) << static_cast<int>(g);
  }
}

// A sequence far ahead of the clock (a clock stepped back an hour) keeps
// counting inside short leases, renewed once half their room is used, and a
// restart adds no more than the minimum room to its lead.
TEST(Lease, FarAheadOfTheClockLeasesAreShortAndRenewedAtHalfTheirRoom) {
  const SequenceLayout& layout = LayoutOf(Generator::kV7);
  const uint64_t second = layout.race_tolerance;
  const uint64_t clock = 1000 * second;
  SequenceState state{};
  RaiseLastTick(state, static_cast<Tick>(clock + 3600 * second) << layout.low_bits);
  const Tick last = LastTick(state);
  const Tick lease = LeaseFor(layout, last, clock);
  EXPECT_TRUE((lease >> layout.low_bits) == (last >> layout.low_bits) + LeaseMinimumRoom(layout));
  ExtendLease(state, layout, lease);
  EXPECT_FALSE(PastRenewalPoint(state, last + 1));
  EXPECT_FALSE(PastRenewalPoint(state, last + (lease - last) / 2));
  EXPECT_TRUE(PastRenewalPoint(state, last + (lease - last) / 2 + 1));
  Tick tick = 0;
  ASSERT_TRUE(TryAdvanceSequence(state, layout, clock, 0, false, tick));
  EXPECT_TRUE(tick == last + 1);
}

TEST(Lease, WriteAllowanceIsTheWriteTimeInClockUnitsCappedAtTenSeconds) {
  for (Generator g : {Generator::kV6, Generator::kV7, Generator::kV8, Generator::kDraftV7Millis,
                      Generator::kDraftV7Micros, Generator::kDraftV7Nanos}) {
    const SequenceLayout& layout = LayoutOf(g);
    const uint64_t second = layout.race_tolerance;
    EXPECT_EQ(WriteAllowance(layout, 0), 0u);
    EXPECT_EQ(WriteAllowance(layout, -5), 0u);
    EXPECT_EQ(WriteAllowance(layout, 1000000), second);
    EXPECT_EQ(WriteAllowance(layout, 1500000), second + second / 2);
    EXPECT_EQ(WriteAllowance(layout, 10000000), 10 * second);
    EXPECT_EQ(WriteAllowance(layout, 3600000000LL), 10 * second);
    // A lease never reaches further than 32 s past the clock it was taken at.
    EXPECT_EQ(MaxLeaseSpan(layout), 32 * second);
    EXPECT_TRUE(LeaseFor(layout, 0, 1000 * second, WriteAllowance(layout, 3600000000LL)) >>
                    layout.low_bits ==
                1032 * second);
  }
}

// One backend calls once a millisecond of clock; every state-file write
// takes `write` (clock units) from the clock reading its lease is taken at
// to its installation. A call that takes a tick past the renewal point
// starts a write when none is under way (as RenewLeasesIfIdle or the lease
// writer does); a call that finds no lease left (it would wait) starts one
// too and is counted. The lease of a write is taken with the allowance of
// the write before it, and installed with the allowance of its own
// duration (WriteLeases).
struct SlowDiskRun {
  int writes = 0;
  int calls_without_lease = 0;
  int calls_without_lease_once_settled = 0;  // after `settled` writes
  Tick largest_lead = 0;  // of a lease over the clock, in clock units
};

SlowDiskRun RunOnSlowDisk(const SequenceLayout& layout, const std::vector<uint64_t>& writes,
                          uint64_t duration, int settled) {
  const uint64_t step = layout.race_tolerance / 1000;
  SlowDiskRun run;
  SequenceState state{};
  uint64_t clock = 1000 * layout.race_tolerance;
  const uint64_t end = clock + duration;
  bool writing = false;
  uint64_t write_ends = 0, write_took = 0, previous_write = 0;
  Tick pending = 0;
  size_t next_write = 0;
  auto start_write = [&]() {
    write_took = writes[std::min(next_write++, writes.size() - 1)];
    pending = RenewedLease(layout, LastTick(state), LeaseTick(state), clock, previous_write);
    write_ends = clock + write_took;
    writing = true;
  };
  for (; clock < end; clock += step) {
    if (writing && clock >= write_ends) {
      ExtendLease(state, layout, pending, write_took);
      previous_write = write_took;
      writing = false;
      run.writes++;
      const Tick lease_clock = LeaseTick(state) >> layout.low_bits;
      if (lease_clock > clock && lease_clock - clock > run.largest_lead)
        run.largest_lead = lease_clock - clock;
    }
    Tick tick = 0;
    if (!TryAdvanceSequence(state, layout, clock, 0, false, tick)) {
      run.calls_without_lease++;
      if (run.writes >= settled) run.calls_without_lease_once_settled++;
      if (!writing) start_write();
      continue;
    }
    if (PastRenewalPoint(state, tick) && !writing) start_write();
  }
  return run;
}

// The renewal point of a lease whose own write took W lies a margin of
// 1 s + W before its end and as far after its installation: on a disk of
// any speed up to the cap, each write is followed by about a second more
// than its own duration of calls that write nothing, and once one write has
// been timed no call finds the lease used up. Without the allowance, a
// write of 1.5 s installed a lease already due, and every later call found
// the lease either due or gone.
TEST(Lease, ASlowDiskIsAllowedForAfterOneTimedWrite) {
  for (Generator g : {Generator::kV6, Generator::kV7, Generator::kV8}) {
    const SequenceLayout& layout = LayoutOf(g);
    const uint64_t second = layout.race_tolerance;
    const uint64_t duration = 120 * second;
    for (uint64_t write_ms : {1, 300, 900, 1000, 1500, 3000, 9000}) {
      const uint64_t write = write_ms * (second / 1000);
      const SlowDiskRun run = RunOnSlowDisk(layout, {write}, duration, 2);
      // One write per 1 s + 2 W of clock, the first one (its lease taken
      // with no allowance) perhaps twice.
      EXPECT_LE(run.writes, static_cast<int>(duration / (second + 2 * write)) + 3)
          << static_cast<int>(g) << " " << write_ms << " ms";
      EXPECT_GE(run.writes, static_cast<int>(duration / (second + 2 * write)) - 3)
          << static_cast<int>(g) << " " << write_ms << " ms";
      EXPECT_EQ(run.calls_without_lease_once_settled, 0)
          << static_cast<int>(g) << " " << write_ms << " ms";
      EXPECT_TRUE(run.largest_lead <= LeaseSpan(layout, write))
          << static_cast<int>(g) << " " << write_ms << " ms";
    }
  }
}

// A disk that turns slow: 10 ms a write, then 2 s. The first slow write
// starts with 1 s + 10 ms of lease left and installs a lease taken with
// 10 ms of allowance; the second, taken with 2 s, covers the calls to come.
// Calls find the lease used up only until that second slow write is in
// (about 1 s, then 2 s), and never after; writes stay about one per
// 1 s + 2 W. On a disk that stays fast only the very first call, before
// any lease, and those of the first write find none.
TEST(Lease, ADiskThatTurnsSlowLeavesCallsWithoutALeaseForTwoWritesAtMost) {
  const SequenceLayout& layout = LayoutOf(Generator::kV7);
  const uint64_t second = layout.race_tolerance;
  std::vector<uint64_t> writes(30, second / 100);
  writes.push_back(2 * second);
  const SlowDiskRun run = RunOnSlowDisk(layout, writes, 90 * second, 32);
  EXPECT_GE(run.writes, 30 + 10);
  EXPECT_LE(run.writes, 30 + 60 / 5 + 3);
  EXPECT_LE(run.calls_without_lease, 10 + 3000 + 50);
  EXPECT_EQ(run.calls_without_lease_once_settled, 0);
  EXPECT_TRUE(run.largest_lead <= LeaseSpan(layout, 2 * second));
  const SlowDiskRun fast = RunOnSlowDisk(layout, {second / 100}, 90 * second, 1);
  EXPECT_LE(fast.calls_without_lease, 10);
  EXPECT_EQ(fast.calls_without_lease_once_settled, 0);
  EXPECT_GE(fast.writes, 85);
}

TEST(Advance, TickOfAUuidPutsEveryLaterValueAboveIt) {
  std::mt19937_64 random(3);
  for (Generator g : {Generator::kV6, Generator::kV7, Generator::kV8}) {
    const SequenceLayout& layout = LayoutOf(g);
    for (int round = 0; round < 2000; round++) {
      // Any UUID of the version, e.g. from another generator.
      const Uuid foreign = WithVersion(Uuid{random(), random()}, 6 + static_cast<int>(g));
      Tick tick = 0;
      ASSERT_TRUE(TickOfUuid(g, foreign, tick));
      SequenceState state{};
      RaiseLastTick(state, tick);
      ExtendLease(state, layout, ~Tick{0} >> 1);
      Tick next = 0;
      // Even with the clock far behind, the next value sorts above.
      ASSERT_TRUE(TryAdvanceSequence(state, layout, 1, random(), false, next));
      const uint64_t bits = random();
      ASSERT_TRUE(foreign < PackTick(g, next, bits, -1)) << round;
      ASSERT_TRUE(foreign < PackTick(g, next, bits, 65535)) << round;
    }
    Tick tick = 0;
    EXPECT_FALSE(TickOfUuid(g, WithVersion(Uuid{1, 2}, 4), tick));
  }
  Tick tick = 0;
  EXPECT_FALSE(TickOfUuid(Generator::kDraftV7Millis, WithVersion(Uuid{1, 2}, 7), tick));
}

}  // namespace
}  // namespace uuid6

namespace uuid6 {
namespace {

// The lease writer keeps a lease ahead of the clock for a minute after a
// sequence's last tick (KeepAliveDue): due once the clock passes the renewal
// point, and only while the last tick lies within the window.
TEST(KeepAlive, DueByTheClockWithinTheWindowOnly) {
  for (Generator g : {Generator::kV6, Generator::kV7, Generator::kV8}) {
    const SequenceLayout& layout = LayoutOf(g);
    uint64_t clock = 0;
    ASSERT_EQ(ClockPartFromUnixNanos(g, 1700000000000000000, clock), Status::kOk);
    const Tick last = static_cast<Tick>(clock) << layout.low_bits;
    const Tick lease = LeaseFor(layout, last, clock);
    const Tick renew_after = RenewalPointFrom(layout, last, lease);
    const uint64_t second = layout.race_tolerance;  // one second of clock
    // Before the renewal point: not due, whatever the window.
    EXPECT_FALSE(KeepAliveDue(layout, last, renew_after, clock));
    EXPECT_FALSE(KeepAliveDue(layout, last, renew_after, static_cast<uint64_t>(renew_after >> layout.low_bits)));
    // Past it, the last tick a little earlier: due.
    EXPECT_TRUE(KeepAliveDue(layout, last, renew_after, static_cast<uint64_t>(renew_after >> layout.low_bits) + 1));
    EXPECT_TRUE(KeepAliveDue(layout, last, renew_after, clock + kKeepAliveSeconds * second));
    // The last tick more than the window ago: an idle sequence writes nothing.
    EXPECT_FALSE(KeepAliveDue(layout, last, renew_after, clock + kKeepAliveSeconds * second + 1));
    // A sequence ahead of the clock (its last tick beyond it) is kept alive.
    const Tick ahead = last + (static_cast<Tick>(10 * second) << layout.low_bits);
    const Tick ahead_renew = RenewalPointFrom(layout, ahead, LeaseFor(layout, ahead, clock));
    EXPECT_TRUE(KeepAliveDue(layout, ahead, ahead_renew, static_cast<uint64_t>(ahead_renew >> layout.low_bits) + 1));
  }
}

// The lease writer's wait (KeepAliveWaitClock): 0 from the renewal point to
// the end of the window, the distance to the renewal point before it, and
// "clock away" once the clock has left the window, also when the writer wakes
// there only after the clock was stepped forward past it (it then writes
// nothing: an idle server stays idle, and the next call renews the lease
// itself); a clock stepped back into the window makes it due again.
TEST(KeepAlive, WaitEndsWithTheWindow) {
  for (Generator g : {Generator::kV6, Generator::kV7, Generator::kV8}) {
    const SequenceLayout& layout = LayoutOf(g);
    uint64_t clock = 0;
    ASSERT_EQ(ClockPartFromUnixNanos(g, 1700000000000000000, clock), Status::kOk);
    const Tick last = static_cast<Tick>(clock) << layout.low_bits;
    const Tick renew_after = RenewalPointFrom(layout, last, LeaseFor(layout, last, clock));
    const uint64_t second = layout.race_tolerance;
    const uint64_t due = static_cast<uint64_t>(renew_after >> layout.low_bits) + 1;
    ASSERT_GT(due, clock);
    EXPECT_EQ(KeepAliveWaitClock(layout, last, renew_after, clock), static_cast<int64_t>(due - clock));
    EXPECT_EQ(KeepAliveWaitClock(layout, last, renew_after, due - 1), 1);
    const uint64_t window_end = clock + kKeepAliveSeconds * second;
    for (uint64_t now : {clock, due - 1, due, due + second, window_end, window_end + 1, window_end + 90 * second}) {
      const int64_t expected = now > window_end ? kKeepAliveClockAway
                               : now >= due     ? 0
                                                : static_cast<int64_t>(due - now);
      EXPECT_EQ(KeepAliveWaitClock(layout, last, renew_after, now), expected) << now - clock;
    }
    // Stepped back into the window after a step past it: due again.
    EXPECT_EQ(KeepAliveWaitClock(layout, last, renew_after, window_end + 90 * second), kKeepAliveClockAway);
    EXPECT_EQ(KeepAliveWaitClock(layout, last, renew_after, due + 2 * second), 0);
    // A renewal point beyond the window: never kept alive, even within it.
    const Tick far_renew = static_cast<Tick>(window_end + 1) << layout.low_bits;
    EXPECT_EQ(KeepAliveWaitClock(layout, last, far_renew, clock), kKeepAliveNever);
    EXPECT_EQ(KeepAliveWaitClock(layout, last, far_renew, window_end + 2), kKeepAliveNever);
  }
}

}  // namespace
}  // namespace uuid6
