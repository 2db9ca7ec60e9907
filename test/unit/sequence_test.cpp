// The monotonic state machine (docs/design.md, The shared sequence) with an injected clock, and the
// random pool's ownership rules.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

#include "core/random_pool.hpp"
#include "core/sequence.hpp"

namespace uuid6 {
namespace {

constexpr Generator kAll[] = {Generator::kV6, Generator::kV7, Generator::kV8};

// Drives one sequence with a clock the test controls.
struct Driver {
  Generator generator;
  SequenceState state{};
  std::mt19937_64 random{7};

  Uuid Next(int64_t unix_ns, bool saw_regression = false) {
    uint64_t clock = 0;
    EXPECT_EQ(ClockPartFromUnixNanos(generator, unix_ns, clock), Status::kOk);
    const uint64_t bits = random();
    const Tick tick = AdvanceSequence(state, LayoutOf(generator), clock, bits, saw_regression);
    return PackTick(generator, tick, bits, -1);
  }
};

constexpr int64_t kNow = 1700000000123456789;  // 2023-11-14, ns

TEST(Sequence, StrictlyIncreasingWhenClockStepsBack) {
  for (Generator g : kAll) {
    Driver d{g};
    Uuid previous = d.Next(kNow);
    for (int i = 0; i < 1000; i++) {
      const Uuid next = d.Next(kNow - 3600 * int64_t{1000000000} + i);  // an hour back
      ASSERT_LT(previous, next);
      previous = next;
    }
    // And once the clock is past the sequence again, values follow it.
    const Uuid later = d.Next(kNow + 5 * int64_t{1000000000});
    EXPECT_LT(previous, later);
    int64_t us = 0;
    ASSERT_TRUE(ExtractUnixMicros(later, false, us));
    EXPECT_GE(us, (kNow + 5 * int64_t{1000000000}) / 1000 - 1000);
  }
}

TEST(Sequence, FrozenClockCountsAndCarriesIntoTime) {
  for (Generator g : kAll) {
    Driver d{g};
    Uuid previous = d.Next(kNow);
    // More values than the counter can hold: the counter overflows and the
    // timestamp is borrowed from the future.
    const int n = 1 << (LayoutOf(g).low_bits + 2);
    for (int i = 0; i < n; i++) {
      const Uuid next = d.Next(kNow);
      ASSERT_LT(previous, next);
      previous = next;
    }
    uint64_t frozen = 0;
    ASSERT_EQ(ClockPartFromUnixNanos(g, kNow, frozen), Status::kOk);
    EXPECT_GT(LastTick(d.state) >> LayoutOf(g).low_bits, frozen) << static_cast<int>(g);
    EXPECT_EQ(d.state.generated, static_cast<uint64_t>(n + 1));
    // Keep borrowing: the lead over the frozen clock grows past 1 us.
    for (int i = 0; i < (1 << 20) && SequenceLeadMicros(g, d.state, frozen) < 1; i++) {
      const Uuid next = d.Next(kNow);
      ASSERT_LT(previous, next);
      previous = next;
    }
    EXPECT_GE(SequenceLeadMicros(g, d.state, frozen), 1) << static_cast<int>(g);
  }
}

TEST(Sequence, CounterOverflowCarriesExactlyOneClockUnit) {
  SequenceState state{};
  const SequenceLayout& layout = LayoutOf(Generator::kV8);
  const uint64_t clock = 1000;
  Tick tick = AdvanceSequence(state, layout, clock, 0, false);
  EXPECT_EQ(tick, Tick{clock} << 8);  // v8 starts its sequence at zero
  for (int i = 1; i < 256; i++) tick = AdvanceSequence(state, layout, clock, 0, false);
  EXPECT_EQ(tick, (Tick{clock} << 8) | 0xFF);
  tick = AdvanceSequence(state, layout, clock, 0, false);
  EXPECT_EQ(tick, Tick{clock + 1} << 8);
}

TEST(Sequence, NewTickStartsCounterAtRandomWithTopBitClear) {
  for (Generator g : {Generator::kV6, Generator::kV7}) {
    const SequenceLayout& layout = LayoutOf(g);
    std::mt19937_64 random(9);
    uint64_t seen_or = 0;
    for (uint64_t clock = 1; clock < 2000; clock++) {
      SequenceState state{};
      const Tick tick = AdvanceSequence(state, layout, clock, random(), false);
      const uint64_t counter = static_cast<uint64_t>(tick & ((Tick{1} << layout.low_bits) - 1));
      ASSERT_LT(counter, uint64_t{1} << layout.random_start_bits);  // room to count
      seen_or |= counter;
    }
    EXPECT_EQ(seen_or, (uint64_t{1} << layout.random_start_bits) - 1);  // all bits used
  }
}

TEST(Sequence, TicksWiderThan64BitsCompareAsIntegers) {
  // A v6 clock near 2^60 shifted by 14 needs 74 bits; the comparison with
  // the next tick must not wrap.
  SequenceState state{};
  const SequenceLayout& layout = LayoutOf(Generator::kV6);
  const uint64_t high_clock = kMask60 - 5;
  const Tick first = AdvanceSequence(state, layout, high_clock, 0, false);
  EXPECT_GT(first >> 64, 0u);
  const Tick second = AdvanceSequence(state, layout, high_clock - 1, 0, false);
  EXPECT_EQ(second, first + 1);
  const Tick third = AdvanceSequence(state, layout, high_clock + 1, 0, false);
  EXPECT_GT(third, second);
  EXPECT_EQ(third >> layout.low_bits, high_clock + 1);
  // A clock whose low 64 bits of tick are smaller, but which is later.
  SequenceState v8{};
  const SequenceLayout& v8_layout = LayoutOf(Generator::kV8);
  const Tick a = AdvanceSequence(v8, v8_layout, (uint64_t{1} << 56) - 1, 0, false);
  const Tick b = AdvanceSequence(v8, v8_layout, uint64_t{1} << 56, 0, false);
  EXPECT_LT(static_cast<uint64_t>(b), static_cast<uint64_t>(a));  // low words wrap...
  EXPECT_GT(b, a);                                                 // ...the ticks do not
}

TEST(Sequence, RegressionsAreCountedOnceAndRacesAreNot) {
  Driver d{Generator::kV7};
  d.Next(kNow);
  d.Next(kNow - 1000000);  // 1 ms behind: a race between backends
  EXPECT_EQ(d.state.regressions, 0u);
  d.Next(kNow - 1000000, true);  // but this process saw its own clock go back
  EXPECT_EQ(d.state.regressions, 1u);
  d.Next(kNow + 1000000);
  d.Next(kNow - 3600 * int64_t{1000000000});  // an hour back: a regression
  EXPECT_EQ(d.state.regressions, 2u);
  EXPECT_EQ(MicrosFromClockUnits(Generator::kV7, d.state.largest_regression),
            3600 * int64_t{1000000} + 1000);
  d.Next(kNow - 3600 * int64_t{1000000000} + 1000);  // the new reality: no more counting
  EXPECT_EQ(d.state.regressions, 2u);
  EXPECT_GT(SequenceLeadMicros(Generator::kV7, d.state, 0), 0);
}

TEST(Sequence, ClockUnitsToMicroseconds) {
  EXPECT_EQ(MicrosFromClockUnits(Generator::kV6, 10), 1);
  EXPECT_EQ(MicrosFromClockUnits(Generator::kV7, 4096), 1000);
  EXPECT_EQ(MicrosFromClockUnits(Generator::kV8, 62500), 1000);
}

TEST(NodeId, PlacedInTheDocumentedBits) {
  const int node = 0x1234;
  for (Generator g : kAll) {
    SequenceState state{};
    const Tick tick = AdvanceSequence(state, LayoutOf(g), 123456789, ~uint64_t{0}, false);
    const Uuid with = PackTick(g, tick, ~uint64_t{0}, node);
    const Uuid without = PackTick(g, tick, ~uint64_t{0}, -1);
    EXPECT_EQ(NodeIdOf(with), node);
    EXPECT_EQ(with.hi, without.hi);
    EXPECT_EQ(VersionOf(with), VersionOf(without));
    // Only the 16 node bits differ from the random-only value.
    const uint64_t diff = with.lo ^ without.lo;
    const int shift = g == Generator::kV6 ? 24 : 38;  // bits 88-103 / 74-89
    EXPECT_EQ(diff & ~(uint64_t{0xFFFF} << shift), 0u);
    Uuid at{0, 0};
    ASSERT_EQ(PackAtInstant(g, 1645557742000000, 0, node, at), Status::kOk);
    EXPECT_EQ(NodeIdOf(at), node);
  }
  // v6: bits 88-103 are octets 11 and 12, after the multicast octet; all
  // 16 bits of the id survive, and the multicast bit stays set.
  SequenceState state{};
  const Tick tick = AdvanceSequence(state, LayoutOf(Generator::kV6), 1, 0, false);
  for (const int node : {0xABCD, 0xFFFF, 0x0000, 0x0001, 0x8000}) {
    uint8_t bytes[16];
    StoreUuid(PackTick(Generator::kV6, tick, 0, node), bytes);
    EXPECT_EQ(bytes[10], 0x01) << node;
    EXPECT_EQ(bytes[11], node >> 8) << node;
    EXPECT_EQ(bytes[12], node & 0xFF) << node;
    Uuid at{0, 0};
    ASSERT_EQ(PackAtInstant(Generator::kV6, 0, 0, node, at), Status::kOk);
    StoreUuid(at, bytes);
    EXPECT_EQ(bytes[10] & 1, 1) << node;
    EXPECT_EQ(NodeIdOf(at), node);
  }
  EXPECT_EQ(NodeIdOf(Uuid{0, 0}), -1);
}

// RFC 9562 §6.10: a random v6 node has the multicast bit (the least
// significant bit of octet 10) set, so it can never be a real MAC address.
TEST(NodeId, RandomV6NodesAreMulticast) {
  std::mt19937_64 random(12);
  Driver d{Generator::kV6};
  for (int i = 0; i < 20000; i++) {
    for (const int node : {-1, 0, 0xFFFF, static_cast<int>(random() & 0xFFFF)}) {
      const uint64_t bits = i == 0 ? 0 : random();  // all-zero random bits too
      uint8_t bytes[16];
      StoreUuid(PackTick(Generator::kV6, Tick{1} << 20, bits, node), bytes);
      ASSERT_EQ(bytes[10] & 1, 1) << i;
      Uuid at{0, 0};
      ASSERT_EQ(PackAtInstant(Generator::kV6, kNow / 1000, bits, node, at), Status::kOk);
      StoreUuid(at, bytes);
      ASSERT_EQ(bytes[10] & 1, 1) << i;
    }
    uint8_t bytes[16];
    StoreUuid(d.Next(kNow + i), bytes);
    ASSERT_EQ(bytes[10] & 1, 1) << i;
  }
  // Only generated values are marked: conversion keeps a v1's real node.
  const Uuid v1 = PackV1(0x1EC9414C232AB00u, 0x33C8, 0x9F6BDECED846u);
  Uuid v6{0, 0};
  int found = 0;
  ASSERT_EQ(ConvertV1ToV6(v1, v6, found), Status::kOk);
  EXPECT_EQ(Node48(v6), 0x9F6BDECED846u);
}

TEST(Backfill, ValuesForAnInstantDecodeToIt) {
  std::mt19937_64 random(11);
  const int64_t us = 1645557742123456;
  Uuid id{0, 0};
  int64_t decoded = 0;
  ASSERT_EQ(PackAtInstant(Generator::kV6, us, random(), -1, id), Status::kOk);
  ASSERT_TRUE(ExtractUnixMicros(id, false, decoded));
  EXPECT_EQ(decoded, us);
  ASSERT_EQ(PackAtInstant(Generator::kV7, us, random(), -1, id), Status::kOk);
  ASSERT_TRUE(ExtractUnixMicros(id, true, decoded));
  EXPECT_EQ(decoded, us);
  ASSERT_EQ(PackAtInstant(Generator::kV8, us, random(), -1, id), Status::kOk);
  ASSERT_TRUE(ExtractUnixMicros(id, false, decoded));
  EXPECT_EQ(decoded, us);
  EXPECT_EQ(PackAtInstant(Generator::kV7, -1, 0, -1, id), Status::kOutOfRange);
  EXPECT_EQ(PackAtInstant(Generator::kV8, -1, 0, -1, id), Status::kOutOfRange);
}

// --- Random pool -------------------------------------------------------------

int fills = 0;
uint8_t fill_byte = 0;
bool CountingFill(void* buffer, size_t length) {
  fills++;
  std::memset(buffer, ++fill_byte, length);
  return true;
}
bool FailingFill(void*, size_t) { return false; }

TEST(RandomPool, RefillsOnlyWhenEmptyOrForeign) {
  static RandomPool pool{};
  fills = 0;
  uint64_t value = 0;
  for (size_t i = 0; i < RandomPool::kSize / 8; i++)
    ASSERT_TRUE(TakeRandom64(pool, 100, CountingFill, value));
  EXPECT_EQ(fills, 1);  // 4 KiB served 512 values
  ASSERT_TRUE(TakeRandom64(pool, 100, CountingFill, value));
  EXPECT_EQ(fills, 2);
  // A forked child (another pid) never uses the parent's bytes.
  const uint8_t parent_byte = fill_byte;
  ASSERT_TRUE(TakeRandom64(pool, 101, CountingFill, value));
  EXPECT_EQ(fills, 3);
  EXPECT_NE(static_cast<uint8_t>(value), parent_byte);
}

TEST(RandomPool, HandedOutBytesAreWiped) {
  static RandomPool pool{};
  uint64_t value = 0;
  ASSERT_TRUE(TakeRandom64(pool, 7, CountingFill, value));  // refills first
  for (size_t i = 0; i < 8; i++) EXPECT_EQ(pool.bytes[i], 0) << i;
  EXPECT_NE(pool.bytes[8], 0);
  ASSERT_TRUE(TakeRandom64(pool, 7, CountingFill, value));  // served from the pool
  EXPECT_NE(value, 0u);
  for (size_t i = 0; i < 16; i++) EXPECT_EQ(pool.bytes[i], 0) << i;
  EXPECT_NE(pool.bytes[16], 0);
}

TEST(RandomPool, FailedFillIsReportedAndLeavesNothing) {
  static RandomPool pool{};
  uint64_t value = 1;
  EXPECT_FALSE(TakeRandom64(pool, 5, FailingFill, value));
  EXPECT_EQ(value, 0u);
  uint8_t too_many[RandomPool::kSize + 1];
  EXPECT_FALSE(TakeRandom(pool, 5, CountingFill, too_many, sizeof too_many));
}

}  // namespace
}  // namespace uuid6
