// The spread layout (core/spread.hpp): bits, round trips, order within and
// across buckets, time read as v7 reads it, and uuid6's other v8 layout kept
// apart from it.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>

#include "core/layout.hpp"
#include "core/sequence.hpp"
#include "core/spread.hpp"

namespace uuid6 {
namespace {

// A v7 tick: (unix_ms << 20) | (fraction12 << 8) | counter8.
Tick V7Tick(uint64_t unix_ms, uint32_t fraction, uint32_t counter) {
  return (static_cast<Tick>(unix_ms) << 20) | (static_cast<Tick>(fraction & 0xFFF) << 8) |
         (counter & 0xFF);
}

constexpr uint64_t kVectorMillis = 1645557742000;  // 2022-02-22 19:22:22 UTC

TEST(SpreadLayout, BucketCounts) {
  EXPECT_EQ(SpreadBucketBits(2), 1);
  EXPECT_EQ(SpreadBucketBits(16), 4);
  EXPECT_EQ(SpreadBucketBits(256), 8);
  for (int64_t bad : {int64_t{-16}, int64_t{0}, int64_t{1}, int64_t{3}, int64_t{15}, int64_t{17},
                      int64_t{512}, int64_t{1} << 40})
    EXPECT_EQ(SpreadBucketBits(bad), -1) << bad;
}

// Every field at the bit positions the header documents.
TEST(SpreadLayout, BitsAtTheirPlaces) {
  const Tick tick = V7Tick(kVectorMillis, 0xABC, 0x5D);
  const Uuid id = PackSpread(4, 0x9, tick, ~uint64_t{0}, 0x1234);
  EXPECT_EQ(id.hi >> 56, 0x90u);                                  // bucket 9 of 16, low 4 bits zero
  EXPECT_EQ((id.hi >> 16) & 0xFFFFFFFFFFull, kVectorMillis >> 8);  // bits 8-47
  EXPECT_EQ(VersionOf(id), 8);
  EXPECT_EQ(VariantOf(id), Variant::kRfc9562);
  EXPECT_EQ(id.hi & 0xFFF, ((kVectorMillis & 0xFF) << 4) | 0xA);   // bits 52-63
  EXPECT_EQ((id.lo >> 54) & 0xFF, 0xBCu);                           // fraction's low 8 bits
  EXPECT_EQ((id.lo >> 46) & 0xFF, 0x5Du);                           // counter
  EXPECT_EQ((id.lo >> 30) & 0xFFFF, 0x1234u);                       // node id
  EXPECT_EQ((id.lo >> 4) & 0x3FFFFFF, kSpreadMark);                 // the mark
  EXPECT_EQ(id.lo & 0xF, 4u);                                       // log2(16)
  // The same key written out: the bucket's hex digit first, k last.
  EXPECT_EQ(id.hi, 0x90017f22e2798b0aull);
  EXPECT_EQ(id.lo, (uint64_t{2} << 62) | (uint64_t{0xBC5D} << 46) | (uint64_t{0x1234} << 30) |
                       (kSpreadMark << 4) | 4);
}

TEST(SpreadLayout, RoundTripForEveryBucketCount) {
  std::mt19937_64 random(23);
  for (int bits = 1; bits <= 8; bits++) {
    for (int i = 0; i < 2000; i++) {
      const uint32_t bucket = static_cast<uint32_t>(random()) & ((1u << bits) - 1);
      const Tick tick = V7Tick(random() & kMask48, static_cast<uint32_t>(random()),
                               static_cast<uint32_t>(random()));
      const int node = (i % 2) ? static_cast<int>(random() & 0xFFFF) : -1;
      const Uuid id = PackSpread(bits, bucket, tick, random(), node);
      SpreadKey key{};
      ASSERT_TRUE(ReadSpread(id, key));
      EXPECT_EQ(key.bucket_bits, bits);
      EXPECT_EQ(key.bucket, bucket);
      EXPECT_TRUE(key.tick == tick);
      EXPECT_EQ(id.hi >> 56, static_cast<uint64_t>(bucket) << (8 - bits));
      if (node >= 0) {
        EXPECT_EQ(NodeIdOf(id), node);
      }
      Tick back = 0;
      ASSERT_TRUE(TickOfUuid(Generator::kV7, id, back));
      EXPECT_TRUE(back == tick);
      EXPECT_FALSE(TickOfUuid(Generator::kV8, id, back));
    }
  }
}

// Time reads back exactly as the v7 of the same tick, with and without the
// fraction (both rounded down).
TEST(SpreadLayout, TimeReadsAsV7) {
  std::mt19937_64 random(7);
  for (int i = 0; i < 20000; i++) {
    const uint64_t clock = random() & ((uint64_t{1} << 60) - 1);
    const Tick tick = (static_cast<Tick>(clock) << 8) | (random() & 0xFF);
    const Uuid v7 = PackTick(Generator::kV7, tick, random(), -1);
    const Uuid spread = PackSpread(4, static_cast<uint32_t>(random() & 15), tick, random(), -1);
    for (bool sub_ms : {false, true}) {
      int64_t want = 0, got = 0;
      ASSERT_TRUE(ExtractUnixMicros(v7, sub_ms, want));
      ASSERT_TRUE(ExtractUnixMicros(spread, sub_ms, got));
      EXPECT_EQ(got, want);
      EXPECT_EQ(SpreadUnixMicros(tick, sub_ms), want);
    }
    const Fields fields = Inspect(spread);
    EXPECT_EQ(fields.version, 8);
    EXPECT_TRUE(fields.has_time);
    EXPECT_EQ(fields.counter, static_cast<int32_t>(tick & 0xFF));
    EXPECT_EQ(fields.node_bits, 0);
  }
}

// Within a bucket keys sort as their ticks; every key of a bucket sorts
// below every key of the next; the floor of a tick lies at or below every
// key with that tick and above every key with an earlier one.
TEST(SpreadLayout, OrderWithinAndAcrossBuckets) {
  std::mt19937_64 random(11);
  for (int i = 0; i < 20000; i++) {
    const int bits = 1 + static_cast<int>(random() % 8);
    const uint32_t bucket = static_cast<uint32_t>(random()) & ((1u << bits) - 1);
    const Tick a = V7Tick(random() & kMask48, static_cast<uint32_t>(random()),
                          static_cast<uint32_t>(random()));
    const Tick b = (random() & 1) ? a + 1 + (random() & 0xFFFF) : a + 1;
    const Uuid ka = PackSpread(bits, bucket, a, random(), -1);
    const Uuid kb = PackSpread(bits, bucket, b, random(), -1);
    EXPECT_TRUE(ka < kb);
    EXPECT_FALSE(SpreadFloor(bits, bucket, a) < SpreadFloor(bits, bucket, a));
    EXPECT_FALSE(ka < SpreadFloor(bits, bucket, a));
    EXPECT_TRUE(ka < SpreadFloor(bits, bucket, b));
    if (bucket + 1 < (1u << bits)) {
      const Uuid next = PackSpread(bits, bucket + 1, 0, 0, -1);
      EXPECT_TRUE(kb < next);
      EXPECT_TRUE(PackSpread(bits, bucket, V7Tick(kMask48, 0xFFF, 0xFF), ~uint64_t{0}, 0xFFFF) <
                  next);
    }
  }
}

// uuid6's own v8 stays readable as before: random v8 keys are not taken for
// spread keys (each would be with probability below 2^-27), and keep their
// time, seq and node readings.
TEST(SpreadLayout, OtherV8IsNotSpread) {
  std::mt19937_64 random(5);
  SequenceState state{};
  int taken = 0;
  for (int i = 0; i < 1000000; i++) {
    const uint64_t clock = (uint64_t{1795000000} * 62500000 + random() % 1000000000);
    const Tick tick = AdvanceSequence(state, LayoutOf(Generator::kV8), clock, 0, false);
    const Uuid v8 = PackTick(Generator::kV8, tick, random(), (i % 3) ? -1 : i & 0xFFFF);
    if (IsSpread(v8)) taken++;
  }
  EXPECT_EQ(taken, 0);
  const Uuid v8 = PackV8(0x123456789ABCDEFull, 0x42, 0x2ABCDEF01234567ull);
  EXPECT_FALSE(IsSpread(v8));
  int64_t us = 0;
  ASSERT_TRUE(ExtractUnixMicros(v8, false, us));
  EXPECT_EQ(us, UnixMicrosFromV8Ticks(0x123456789ABCDEFull));
  const Fields fields = Inspect(v8);
  EXPECT_EQ(fields.counter, 0x42);
  EXPECT_EQ(fields.node_bits, 54);
  // A v8 whose random bits happen to spell the mark and a k is read as a
  // spread key: the documented 2^-27 case.
  Uuid lookalike = v8;
  lookalike.hi &= ~(uint64_t{0xFF} << 56);
  lookalike.lo = (lookalike.lo & ~uint64_t{0x3FFFFFFF}) | (kSpreadMark << 4) | 8;
  EXPECT_TRUE(IsSpread(lookalike));
  // Neither another version with the mark, nor a bad k, nor set unused
  // bucket bits make a spread key.
  const Uuid good = PackSpread(2, 3, V7Tick(kVectorMillis, 1, 2), 0, -1);
  ASSERT_TRUE(IsSpread(good));
  EXPECT_FALSE(IsSpread(WithVersion(good, 7)));
  EXPECT_FALSE(IsSpread(Uuid{good.hi, good.lo & ~uint64_t{0xF}}));
  EXPECT_FALSE(IsSpread(Uuid{good.hi, (good.lo & ~uint64_t{0xF}) | 9}));
  EXPECT_FALSE(IsSpread(Uuid{good.hi | (uint64_t{1} << 56), good.lo}));
  EXPECT_FALSE(IsSpread(Uuid{good.hi, good.lo ^ (uint64_t{1} << 20)}));
}

// uuid6's own v8 never reads as a spread key: where its random bits spell
// the mark and a k, generation and backfill flip bit 123 and nothing else.
TEST(SpreadLayout, OwnV8WithTheMarkIsNotSpread) {
  const SequenceLayout& layout = LayoutOf(Generator::kV8);
  ASSERT_LE(layout.random_start_bits + 30, 64);
  const uint64_t spelled = (kSpreadMark << 4) | 8;  // k = 8: no unused bucket bits
  const uint64_t random = spelled << layout.random_start_bits;
  SequenceState state{};
  const uint64_t clock = uint64_t{1795000000} * 62500000;
  const Tick tick = AdvanceSequence(state, layout, clock, 0, false);
  const Uuid made = PackTick(Generator::kV8, tick, random, -1);
  EXPECT_FALSE(IsSpread(made));
  EXPECT_EQ(VersionOf(made), 8);
  const Uuid plain = PackV8(static_cast<uint64_t>(tick >> layout.low_bits),
                            static_cast<uint32_t>(tick & ((Tick{1} << layout.low_bits) - 1)),
                            random >> layout.random_start_bits);
  ASSERT_TRUE(IsSpread(plain));  // what the bits alone would read as
  EXPECT_EQ(made.hi, plain.hi);
  EXPECT_EQ(made.lo ^ plain.lo, uint64_t{1} << 4);
  int64_t us = 0;
  ASSERT_TRUE(ExtractUnixMicros(made, false, us));
  EXPECT_EQ(us, UnixMicrosFromV8Ticks(tick >> layout.low_bits));

  // The backfill form: its random bits fill bits 74-127 directly.
  Uuid at{0, 0};
  ASSERT_EQ(PackAtInstant(Generator::kV8, int64_t{1795000000} * 1000000, spelled, -1, at),
            Status::kOk);
  EXPECT_FALSE(IsSpread(at));
  EXPECT_EQ(at.lo & 0x3FFFFFFF, spelled ^ (uint64_t{1} << 4));
  // Keys that do not spell the mark keep every random bit.
  Uuid other{0, 0};
  ASSERT_EQ(PackAtInstant(Generator::kV8, int64_t{1795000000} * 1000000, spelled ^ 0x100, -1,
                          other),
            Status::kOk);
  EXPECT_EQ(other.lo & 0x3FFFFFFF, spelled ^ 0x100);
}

}  // namespace
}  // namespace uuid6
