// The draft-era UUIDv7 (docs/design.md, Ticks and layouts): the draft's worked decoding example,
// round trips at each precision, order across precisions, and the sequence.
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>

#include "core/draft_v7.hpp"
#include "core/sequence.hpp"

namespace uuid6 {
namespace {

constexpr DraftPrecision kPrecisions[] = {DraftPrecision::kMillis, DraftPrecision::kMicros,
                                          DraftPrecision::kNanos};

// Microseconds a value of this precision may decode away from its instant:
// one unit of the precision, and never less than the 1-us output resolution.
int64_t Tolerance(DraftPrecision precision) {
  return precision == DraftPrecision::kMillis ? 1000 : 1;
}

TEST(DraftV7, WorkedExampleOfSection4442) {
  // 16 sub-second bits 0101 0101 0101 0101 = 0x5555: 21845 / 65536 s.
  const Uuid id{(uint64_t{0x555} << 16) | (uint64_t{7} << 12) | 0x500, kVariantRfc};
  int64_t us = 0;
  ASSERT_TRUE(ExtractDraftUnixMicros(id, us));
  EXPECT_EQ(us, 333328);  // 0.3333282 s
}

TEST(DraftV7, LayoutOfEachPrecision) {
  Uuid id{0, 0};
  // 1 s + half a second: the fraction's top bit only.
  ASSERT_EQ(PackDraftV7(DraftPrecision::kMillis, 1500, 0xABC, 0, id), Status::kOk);
  EXPECT_EQ(id.hi, (uint64_t{1} << 28) | (uint64_t{0x800} << 16) | 0x7000 | 0xABC);
  EXPECT_EQ(id.lo, kVariantRfc);
  ASSERT_EQ(PackDraftV7(DraftPrecision::kMicros, 1500000, 0x3FFF, 0, id), Status::kOk);
  EXPECT_EQ(id.hi, (uint64_t{1} << 28) | (uint64_t{0x800} << 16) | 0x7000);
  EXPECT_EQ(id.lo, kVariantRfc | (uint64_t{0x3FFF} << 48));  // 14-bit seq on top
  ASSERT_EQ(PackDraftV7(DraftPrecision::kNanos, 1500000000, 0xFF, 0, id), Status::kOk);
  EXPECT_EQ(id.lo, kVariantRfc | (uint64_t{0xFF} << 40));  // 14 fraction bits, then seq
  EXPECT_EQ(VersionOf(id), 7);
  // Random bits fill only what is left.
  ASSERT_EQ(PackDraftV7(DraftPrecision::kNanos, 0, 0, ~uint64_t{0}, id), Status::kOk);
  EXPECT_EQ(id.lo, kVariantRfc | ((uint64_t{1} << 40) - 1));
  ASSERT_EQ(PackDraftV7(DraftPrecision::kMillis, 0, 0, ~uint64_t{0}, id), Status::kOk);
  EXPECT_EQ(id.hi, uint64_t{0x7000});
  EXPECT_EQ(id.lo, kVariantRfc | ((uint64_t{1} << 62) - 1));
}

TEST(DraftV7, RoundTripsWithinOneUnit) {
  std::mt19937_64 random(21);
  for (int i = 0; i < 100000; i++) {
    const int64_t ns = static_cast<int64_t>(random() % 9000000000000000000u);  // 1970..2255
    for (DraftPrecision p : kPrecisions) {
      const int64_t per_second = DraftUnitsPerSecond(p);
      const int64_t units = ns / (1000000000 / per_second);
      Uuid id{0, 0};
      ASSERT_EQ(PackDraftV7(p, units, random(), random(), id), Status::kOk);
      int64_t us = 0;
      ASSERT_TRUE(ExtractDraftUnixMicros(id, us));
      // The generating instant at this precision, in microseconds (the
      // precision-blind reading adds the sequence bits as sub-unit noise).
      const int64_t instant_us =
          per_second >= 1000000 ? units / (per_second / 1000000) : units * (1000000 / per_second);
      ASSERT_LE(std::llabs(us - instant_us), Tolerance(p)) << static_cast<int>(p) << " " << ns;
      if (p == DraftPrecision::kMicros) {
        ASSERT_EQ(us, units);  // microseconds read back exactly
      }
    }
  }
}

// docs/design.md, Ticks and layouts: decoding rounds down. A value made from a clock reading never
// reads later than that reading; 'us' and 'ns' values read as exactly the
// reading's microsecond, whatever their sequence and random bits.
TEST(DraftV7, ClockReadingsReadBackAsTheirMicrosecondOrEarlier) {
  std::mt19937_64 random(23);
  const int64_t base_ns = 1645557742000000000;
  for (int64_t ns = base_ns; ns < base_ns + 3000000; ns += 1 + static_cast<int64_t>(random() % 7)) {
    for (Generator g : {Generator::kDraftV7Millis, Generator::kDraftV7Micros,
                        Generator::kDraftV7Nanos}) {
      const SequenceLayout& layout = LayoutOf(g);
      uint64_t clock = 0;
      ASSERT_EQ(ClockPartFromUnixNanos(g, ns, clock), Status::kOk);
      // The first value of the tick (sequence 0), and one with every bit
      // below the fraction set.
      const Tick first = static_cast<Tick>(clock) << layout.low_bits;
      const Tick last = first | ((Tick{1} << layout.low_bits) - 1);
      for (const Tick tick : {first, last}) {
        const uint64_t bits = tick == first ? random() : ~uint64_t{0};
        int64_t us = 0;
        ASSERT_TRUE(ExtractDraftUnixMicros(PackTick(g, tick, bits, -1), us));
        if (g != Generator::kDraftV7Millis) {
          ASSERT_EQ(us, ns / 1000) << static_cast<int>(g) << " " << ns;
        } else if (tick == first) {
          // 'ms': a fraction step is 244 us, coarser than the reading: at or
          // before the millisecond (the sequence bits add noise above it).
          ASSERT_LE(us, ns / 1000000 * 1000) << ns;
          ASSERT_GT(us, ns / 1000000 * 1000 - 245) << ns;
        }
      }
    }
  }
}

TEST(DraftV7, FractionsRoundUpWhereAStepIsFinerThanAMicrosecond) {
  // 2022-02-22 19:22:22.123456789 UTC with sequence 1, no random bits: the
  // values of the regression test draft_v7.
  const int64_t ns = 1645557742123456789;
  Uuid id{0, 0};
  ASSERT_EQ(PackDraftV7(DraftPrecision::kMillis, ns / 1000000, 1, 0, id), Status::kOk);
  EXPECT_EQ(id.hi, 0x0621537EE1F77001u);  // floor(0.123 * 2^12) = 0x1F7
  EXPECT_EQ(id.lo, 0x8000000000000000u);
  ASSERT_EQ(PackDraftV7(DraftPrecision::kMicros, ns / 1000, 1, 0, id), Status::kOk);
  EXPECT_EQ(id.hi, 0x0621537EE1F97AD0u);  // ceil(0.123456 * 2^24) = 0x1F9AD0
  EXPECT_EQ(id.lo, 0x8001000000000000u);
  ASSERT_EQ(PackDraftV7(DraftPrecision::kNanos, ns, 1, 0, id), Status::kOk);
  EXPECT_EQ(id.hi, 0x0621537EE1F97ADDu);
  EXPECT_EQ(id.lo, 0x8DCF010000000000u);  // ceil(0.123456789 * 2^38) = 0x7E6B74DCF
}

TEST(DraftV7, NanosecondValuesAreTruncatedToTheMicrosecond) {
  // 999 ns into a microsecond still reads as that microsecond.
  Uuid id{0, 0};
  ASSERT_EQ(PackDraftV7(DraftPrecision::kNanos, 1000000999, 0xFF, ~uint64_t{0}, id), Status::kOk);
  int64_t us = 0;
  ASSERT_TRUE(ExtractDraftUnixMicros(id, us));
  EXPECT_EQ(us, 1000000);
  ASSERT_EQ(PackDraftV7(DraftPrecision::kNanos, 1000001000, 0, 0, id), Status::kOk);
  ASSERT_TRUE(ExtractDraftUnixMicros(id, us));
  EXPECT_EQ(us, 1000001);
}

TEST(DraftV7, OrderHoldsAcrossPrecisions) {
  std::mt19937_64 random(22);
  for (int i = 0; i < 100000; i++) {
    const int64_t t1 = static_cast<int64_t>(random() % 4000000000000000000u);
    const int64_t t2 = t1 + 1000000 + static_cast<int64_t>(random() % 1000000000);  // >= 1 ms later
    for (DraftPrecision p1 : kPrecisions) {
      for (DraftPrecision p2 : kPrecisions) {
        Uuid a{0, 0}, b{0, 0};
        ASSERT_EQ(PackDraftV7(p1, t1 / (1000000000 / DraftUnitsPerSecond(p1)), ~0u, ~uint64_t{0}, a),
                  Status::kOk);
        ASSERT_EQ(PackDraftV7(p2, t2 / (1000000000 / DraftUnitsPerSecond(p2)), 0, 0, b),
                  Status::kOk);
        ASSERT_LT(a, b);
      }
    }
  }
}

TEST(DraftV7, RangeAndVersion) {
  Uuid id{0, 0};
  EXPECT_EQ(PackDraftV7(DraftPrecision::kMicros, -1, 0, 0, id), Status::kOutOfRange);
  const int64_t last_second = (int64_t{1} << 36) - 1;
  EXPECT_EQ(PackDraftV7(DraftPrecision::kMillis, last_second * 1000 + 999, 0, 0, id), Status::kOk);
  EXPECT_EQ(PackDraftV7(DraftPrecision::kMillis, (last_second + 1) * 1000, 0, 0, id),
            Status::kOutOfRange);
  int64_t us = 0;
  EXPECT_FALSE(ExtractDraftUnixMicros(Uuid{0x1000, kVariantRfc}, us));  // v1
  EXPECT_FALSE(ExtractDraftUnixMicros(Uuid{0x7000, 0}, us));            // NCS variant
}

TEST(DraftV7, SequenceStartsAtZeroAndCarriesIntoTime) {
  for (Generator g : {Generator::kDraftV7Millis, Generator::kDraftV7Micros,
                      Generator::kDraftV7Nanos}) {
    const SequenceLayout& layout = LayoutOf(g);
    SequenceState state{};
    uint64_t clock = 0;
    ASSERT_EQ(ClockPartFromUnixNanos(g, 1700000000123456789, clock), Status::kOk);
    Tick tick = AdvanceSequence(state, layout, clock, ~uint64_t{0}, false);
    EXPECT_EQ(tick, static_cast<Tick>(clock) << layout.low_bits);  // sequence 0
    Uuid previous = PackTick(g, tick, 0, -1);
    // uuid6.node_id is never applied to draft values.
    EXPECT_EQ(PackTick(g, tick, 0, 0x1234), previous);
    const int n = 3 << layout.low_bits;  // three counter overflows
    for (int i = 0; i < n; i++) {
      tick = AdvanceSequence(state, layout, clock, 0, false);  // frozen clock
      const Uuid next = PackTick(g, tick, 0, -1);
      ASSERT_LT(previous, next);
      previous = next;
    }
    EXPECT_EQ(tick >> layout.low_bits, clock + 3);  // borrowed three units
  }
}

}  // namespace
}  // namespace uuid6
