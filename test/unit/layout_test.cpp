// Layouts and time conversions: RFC 9562 Appendix A vectors, round trips,
// order preservation and range edges.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <random>
#include <string>

#include "core/layout.hpp"

namespace uuid6 {
namespace {

Uuid Parse(const char* text) {
  uint8_t bytes[16];
  int n = 0;
  for (const char* p = text; *p != '\0' && n < 16; p++) {
    if (*p == '-') continue;
    unsigned value = 0;
    std::sscanf(p, "%2x", &value);
    bytes[n++] = static_cast<uint8_t>(value);
    p++;
  }
  return LoadUuid(bytes);
}

std::string Format(const Uuid& id) {
  uint8_t b[16];
  StoreUuid(id, b);
  char text[37];
  std::snprintf(text, sizeof text,
                "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0], b[1],
                b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14],
                b[15]);
  return text;
}

constexpr int64_t kVectorUnixMicros = 1645557742000000;  // 2022-02-22 19:22:22 UTC
constexpr const char* kV1 = "c232ab00-9414-11ec-b3c8-9f6bdeced846";
constexpr const char* kV6 = "1ec9414c-232a-6b00-b3c8-9f6bdeced846";
constexpr const char* kV7 = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f";
constexpr const char* kV4 = "919108f7-52d1-4320-9bac-f847db4148a8";

TEST(Vectors, V1FieldsAndTime) {
  const Uuid v1 = Parse(kV1);
  EXPECT_EQ(VersionOf(v1), 1);
  EXPECT_EQ(V1Timestamp(v1), 0x1EC9414C232AB00u);
  EXPECT_EQ(ClockSequence(v1), 0x33C8u);
  EXPECT_EQ(Node48(v1), 0x9F6BDECED846u);
  int64_t us = 0;
  ASSERT_TRUE(ExtractUnixMicros(v1, false, us));
  EXPECT_EQ(us, kVectorUnixMicros);
  EXPECT_EQ(Format(PackV1(0x1EC9414C232AB00u, 0x33C8, 0x9F6BDECED846u)), kV1);
}

TEST(Vectors, V6IsV1Reordered) {
  Uuid out{0, 0};
  int found = 0;
  ASSERT_EQ(ConvertV1ToV6(Parse(kV1), out, found), Status::kOk);
  EXPECT_EQ(Format(out), kV6);
  ASSERT_EQ(ConvertV6ToV1(Parse(kV6), out, found), Status::kOk);
  EXPECT_EQ(Format(out), kV1);
  EXPECT_EQ(Format(PackV6(0x1EC9414C232AB00u, 0x33C8, 0x9F6BDECED846u)), kV6);
  int64_t us = 0;
  ASSERT_TRUE(ExtractUnixMicros(Parse(kV6), false, us));
  EXPECT_EQ(us, kVectorUnixMicros);
}

TEST(Vectors, V7Time) {
  const Uuid v7 = Parse(kV7);
  EXPECT_EQ(VersionOf(v7), 7);
  EXPECT_EQ(V7UnixMillis(v7), 0x017F22E279B0u);
  int64_t us = 0;
  ASSERT_TRUE(ExtractUnixMicros(v7, false, us));
  EXPECT_EQ(us, kVectorUnixMicros);
  EXPECT_EQ(Format(PackV7(0x017F22E279B0u, 0xCC3, 0x18C4DC0C0C07398Fu)), kV7);
}

TEST(Vectors, V4HasNoTime) {
  int64_t us = 0;
  EXPECT_FALSE(ExtractUnixMicros(Parse(kV4), false, us));
  EXPECT_EQ(VersionOf(Parse(kV4)), 4);
}

TEST(Vectors, ForeignV8ReadsAsVersion8) {
  const Uuid v8 = Parse("2489e9ad-2ee2-8e00-8ec9-32d5f69181c0");
  EXPECT_EQ(VersionOf(v8), 8);
  EXPECT_EQ(Inspect(v8).version, 8);
}

TEST(Vectors, V8FromBytesSetsVersionAndVariant) {
  uint8_t all_ones[32];
  for (uint8_t& b : all_ones) b = 0xFF;
  Uuid out{0, 0};
  ASSERT_TRUE(V8FromBytes(all_ones, 32, out));
  EXPECT_EQ(Format(out), "ffffffff-ffff-8fff-bfff-ffffffffffff");
  EXPECT_FALSE(V8FromBytes(all_ones, 15, out));
  EXPECT_FALSE(V8FromBytes(nullptr, 16, out));
}

TEST(Variants, EveryVariantAndVersion) {
  const Uuid nil{0, 0};
  const Uuid max{~uint64_t{0}, ~uint64_t{0}};
  EXPECT_EQ(VariantOf(nil), Variant::kNcs);
  EXPECT_EQ(VariantOf(max), Variant::kReserved);
  EXPECT_EQ(VariantOf(Uuid{0, uint64_t{0xC} << 60}), Variant::kMicrosoft);
  EXPECT_EQ(VersionOf(nil), -1);
  EXPECT_EQ(VersionOf(max), -1);
  int64_t us = 0;
  for (int version = 0; version < 16; version++) {
    const Uuid id = WithVersion(Uuid{0x0123456789ABCDEFu, 0}, version);
    EXPECT_EQ(VersionOf(id), version);
    const bool has_time = version == 1 || version == 6 || version == 7 || version == 8;
    EXPECT_EQ(ExtractUnixMicros(id, false, us), has_time) << version;
    // Under any other variant the nibble means nothing.
    Uuid foreign = id;
    foreign.lo = uint64_t{0xE} << 60;
    EXPECT_FALSE(ExtractUnixMicros(foreign, false, us)) << version;
  }
}

TEST(Conversions, WrongInputNamesWhatItFound) {
  Uuid out{0, 0};
  int found = 0;
  EXPECT_EQ(ConvertV1ToV6(Parse(kV4), out, found), Status::kWrongVersion);
  EXPECT_EQ(found, 4);
  EXPECT_EQ(ConvertV6ToV1(Parse(kV1), out, found), Status::kWrongVersion);
  EXPECT_EQ(found, 1);
  EXPECT_EQ(ConvertV1ToV6(Uuid{0, 0}, out, found), Status::kWrongVariant);
  EXPECT_EQ(found, -1);
}

TEST(RoundTrips, RandomV1ThroughV6AndBack) {
  std::mt19937_64 random(1);
  for (int i = 0; i < 100000; i++) {
    const Uuid v1 = WithVersion(Uuid{random(), random()}, 1);
    Uuid v6{0, 0}, back{0, 0};
    int found = 0;
    ASSERT_EQ(ConvertV1ToV6(v1, v6, found), Status::kOk);
    ASSERT_EQ(ConvertV6ToV1(v6, back, found), Status::kOk);
    ASSERT_EQ(back, v1);
    ASSERT_EQ(V6Timestamp(v6), V1Timestamp(v1));
    ASSERT_EQ(v6.lo, v1.lo);
  }
}

TEST(RoundTrips, PackUnpackEveryLayout) {
  std::mt19937_64 random(2);
  for (int i = 0; i < 100000; i++) {
    const uint64_t ts60 = random() & kMask60;
    const uint32_t clock_seq = random() & 0x3FFF;
    const uint64_t node48 = random() & kMask48;
    const Uuid v1 = PackV1(ts60, clock_seq, node48);
    ASSERT_EQ(V1Timestamp(v1), ts60);
    ASSERT_EQ(ClockSequence(v1), clock_seq);
    ASSERT_EQ(Node48(v1), node48);
    const Uuid v6 = PackV6(ts60, clock_seq, node48);
    ASSERT_EQ(V6Timestamp(v6), ts60);
    ASSERT_EQ(ClockSequence(v6), clock_seq);
    ASSERT_EQ(Node48(v6), node48);
    ASSERT_EQ(VersionOf(v6), 6);

    const uint64_t ms = random() & kMask48;
    const uint32_t rand_a = random() & 0xFFF;
    const uint64_t rand_b = random() >> 2;
    const Uuid v7 = PackV7(ms, rand_a, rand_b);
    ASSERT_EQ(V7UnixMillis(v7), ms);
    ASSERT_EQ(V7RandA(v7), rand_a);
    ASSERT_EQ(v7.lo & ~(uint64_t{3} << 62), rand_b);
    ASSERT_EQ(VersionOf(v7), 7);

    const uint32_t seq = random() & 0xFF;
    const uint64_t node54 = random() & ((uint64_t{1} << 54) - 1);
    const Uuid v8 = PackV8(ts60, seq, node54);
    ASSERT_EQ(V8Timestamp(v8), ts60);
    ASSERT_EQ(Counter8(v8), seq);
    ASSERT_EQ(Node54(v8), node54);
    ASSERT_EQ(VersionOf(v8), 8);

    uint8_t bytes[16];
    StoreUuid(v8, bytes);
    ASSERT_EQ(LoadUuid(bytes), v8);
  }
}

TEST(RoundTrips, MicrosecondsThroughEveryClock) {
  std::mt19937_64 random(3);
  for (int i = 0; i < 100000; i++) {
    // Any instant from 1970 to 2500, to the microsecond.
    const int64_t us = static_cast<int64_t>(random() % 16725225600000000u);
    uint64_t ts60 = 0;
    ASSERT_EQ(V6TicksFromUnixMicros(us, ts60), Status::kOk);
    ASSERT_EQ(UnixMicrosFromV6Ticks(ts60), us);
    ASSERT_EQ(V8TicksFromUnixMicros(us, ts60), Status::kOk);
    ASSERT_EQ(UnixMicrosFromV8Ticks(ts60), us);
    uint64_t ms = 0;
    uint32_t fraction = 0;
    ASSERT_EQ(V7TimeFromUnixMicros(us, ms, fraction), Status::kOk);
    ASSERT_EQ(UnixMicrosFromV7(ms), us - us % 1000);
    ASSERT_EQ(UnixMicrosFromV7Fraction(ms, fraction), us);
  }
}

TEST(RoundTrips, V6BeforeUnixEpochRoundsDown) {
  uint64_t ts60 = 0;
  ASSERT_EQ(V6TicksFromUnixMicros(-1, ts60), Status::kOk);
  EXPECT_EQ(UnixMicrosFromV6Ticks(ts60), -1);
  // 50 ns before 1970 is in the microsecond that starts 1 us before it.
  EXPECT_EQ(UnixMicrosFromV6Ticks(static_cast<uint64_t>(kGregorianToUnix100ns) - 1), -1);
  EXPECT_EQ(FloorDiv(-1, 10), -1);
  EXPECT_EQ(FloorDiv(-10, 10), -1);
  EXPECT_EQ(FloorDiv(9, 10), 0);
}

TEST(Order, PackedValuesSortLikeTheirTimes) {
  std::mt19937_64 random(4);
  for (int i = 0; i < 100000; i++) {
    uint64_t t1 = random() & kMask60, t2 = random() & kMask60;
    if (t1 == t2) continue;
    if (t1 > t2) std::swap(t1, t2);
    // Low bits deliberately ordered the other way round.
    EXPECT_LT(PackV6(t1, 0x3FFF, kMask48), PackV6(t2, 0, 0));
    EXPECT_LT(PackV8(t1, 0xFF, ~uint64_t{0}), PackV8(t2, 0, 0));
    const uint64_t m1 = t1 >> 12, m2 = t2 >> 12;
    if (m1 != m2) {
      EXPECT_LT(PackV7(m1, 0xFFF, ~uint64_t{0}), PackV7(m2, 0, 0));
    }
    // v1 does not sort by time; its v6 form does.
    Uuid a{0, 0}, b{0, 0};
    int found = 0;
    ASSERT_EQ(ConvertV1ToV6(PackV1(t1, 0x3FFF, kMask48), a, found), Status::kOk);
    ASSERT_EQ(ConvertV1ToV6(PackV1(t2, 0, 0), b, found), Status::kOk);
    EXPECT_LT(a, b);
  }
}

TEST(Order, FloorsBoundTheirMillisecond) {
  Uuid floor_a{0, 0}, floor_b{0, 0};
  ASSERT_EQ(V7Floor(kVectorUnixMicros, floor_a), Status::kOk);
  ASSERT_EQ(V7Floor(kVectorUnixMicros + 1000, floor_b), Status::kOk);
  const Uuid vector = Parse(kV7);
  EXPECT_FALSE(vector < floor_a);
  EXPECT_LT(vector, floor_b);
  EXPECT_EQ(Format(floor_a), "017f22e2-79b0-7000-8000-000000000000");
  // The floor of an instant inside the millisecond is the same value.
  ASSERT_EQ(V7Floor(kVectorUnixMicros + 999, floor_b), Status::kOk);
  EXPECT_EQ(floor_a, floor_b);
  ASSERT_EQ(V6Floor(kVectorUnixMicros, floor_a), Status::kOk);
  EXPECT_EQ(Format(floor_a), "1ec9414c-232a-6b00-8000-000000000000");
  EXPECT_FALSE(Parse(kV6) < floor_a);
}

// A v8 floor is the smallest v8 of uuid6's layout that reads back as its
// instant: every v8 made at that microsecond or later is at or above it, and
// the floor of the next microsecond is above every v8 of this one.
TEST(Order, V8FloorBoundsItsMicrosecond) {
  for (const int64_t us : {int64_t{0}, int64_t{1}, int64_t{7}, kVectorUnixMicros, kVectorUnixMicros + 1}) {
    Uuid floor_a{0, 0}, floor_b{0, 0};
    ASSERT_EQ(V8Floor(us, floor_a), Status::kOk);
    ASSERT_EQ(V8Floor(us + 1, floor_b), Status::kOk);
    int64_t read = 0;
    ASSERT_TRUE(ExtractUnixMicros(floor_a, false, read));
    EXPECT_EQ(read, us);
    EXPECT_EQ(floor_a.lo, uint64_t{1} << 63);
    uint64_t ts60 = 0;
    ASSERT_EQ(V8TicksFromUnixMicros(us, ts60), Status::kOk);
    const Uuid made = PackV8(ts60, 0xFF, (uint64_t{1} << 54) - 1);
    EXPECT_FALSE(made < floor_a);
    EXPECT_LT(made, floor_b);
    // The tick below the floor reads as the microsecond before.
    if (ts60 > 0) {
      ASSERT_TRUE(ExtractUnixMicros(PackV8(ts60 - 1, 0xFF, (uint64_t{1} << 54) - 1), false, read));
      EXPECT_EQ(read, us - 1);
    }
  }
  Uuid out{0, 0};
  EXPECT_EQ(V8Floor(-1, out), Status::kOutOfRange);
}

TEST(Ranges, EveryLayoutEdge) {
  uint64_t ts60 = 0, ms = 0;
  uint32_t fraction = 0;
  // v6 / v1: 1582-10-15 .. 2^60 - 1 ticks.
  EXPECT_EQ(V6TicksFromUnixMicros(-12219292800000000, ts60), Status::kOk);
  EXPECT_EQ(ts60, 0u);
  EXPECT_EQ(V6TicksFromUnixMicros(-12219292800000001, ts60), Status::kOutOfRange);
  const int64_t v6_max = (static_cast<int64_t>(kMask60) - kGregorianToUnix100ns) / 10;
  EXPECT_EQ(V6TicksFromUnixMicros(v6_max, ts60), Status::kOk);
  EXPECT_LE(ts60, kMask60);
  EXPECT_EQ(V6TicksFromUnixMicros(v6_max + 1, ts60), Status::kOutOfRange);
  EXPECT_EQ(UnixMicrosFromV6Ticks(kMask60), v6_max);
  // v7: 0 .. 2^48 - 1 ms.
  EXPECT_EQ(V7TimeFromUnixMicros(0, ms, fraction), Status::kOk);
  EXPECT_EQ(V7TimeFromUnixMicros(-1, ms, fraction), Status::kOutOfRange);
  const int64_t v7_max = static_cast<int64_t>(kMask48) * 1000 + 999;
  EXPECT_EQ(V7TimeFromUnixMicros(v7_max, ms, fraction), Status::kOk);
  EXPECT_EQ(ms, kMask48);
  EXPECT_EQ(V7TimeFromUnixMicros(v7_max + 1, ms, fraction), Status::kOutOfRange);
  EXPECT_EQ(V7TimeFromUnixNanos(-1, ms, fraction), Status::kOutOfRange);
  // v8: 0 .. 2^64 ns.
  EXPECT_EQ(V8TicksFromUnixMicros(0, ts60), Status::kOk);
  EXPECT_EQ(V8TicksFromUnixMicros(-1, ts60), Status::kOutOfRange);
  EXPECT_EQ(V8TicksFromUnixMicros(18446744073709551, ts60), Status::kOk);
  EXPECT_LE(ts60, kMask60);
  EXPECT_EQ(V8TicksFromUnixMicros(18446744073709552, ts60), Status::kOutOfRange);
  EXPECT_EQ(V8TicksFromUnixNanos(-1, ts60), Status::kOutOfRange);
}

TEST(Ranges, EveryPostgresTimestampConvertsWithoutOverflow) {
  // PostgreSQL's first and last finite timestamps (4714-11-24 BC and
  // 294276-12-31 23:59:59.999999): shifting the last one to 1970 does not
  // fit in int64, and must neither wrap nor be undefined behaviour.
  const int64_t first = -211813488000000000;
  const int64_t last = 9223371331199999999;
  EXPECT_EQ(UnixMicrosFromPostgresMicros(0), kUnixToPostgresMicros);
  EXPECT_EQ(UnixMicrosFromPostgresMicros(first), first + kUnixToPostgresMicros);
  const int64_t largest_exact = INT64_MAX - kUnixToPostgresMicros;
  EXPECT_EQ(UnixMicrosFromPostgresMicros(largest_exact), INT64_MAX);
  // Beyond it the result saturates, later than every layout's range.
  EXPECT_EQ(UnixMicrosFromPostgresMicros(largest_exact + 1), INT64_MAX);
  const int64_t unix_us = UnixMicrosFromPostgresMicros(last);
  EXPECT_EQ(unix_us, INT64_MAX);
  uint64_t ts60 = 0, ms = 0;
  uint32_t fraction = 0;
  Uuid out{0, 0};
  EXPECT_EQ(V6TicksFromUnixMicros(unix_us, ts60), Status::kOutOfRange);
  EXPECT_EQ(V7TimeFromUnixMicros(unix_us, ms, fraction), Status::kOutOfRange);
  EXPECT_EQ(V8TicksFromUnixMicros(unix_us, ts60), Status::kOutOfRange);
  EXPECT_EQ(V7Floor(unix_us, out), Status::kOutOfRange);
  EXPECT_EQ(V6Floor(unix_us, out), Status::kOutOfRange);
}

TEST(Fraction, Method3ReadsBackWithinItsMillisecond) {
  // Fractions past the last whole microsecond stay in their millisecond.
  EXPECT_EQ(UnixMicrosFromV7Fraction(5, 4095), 5999);
  EXPECT_EQ(UnixMicrosFromV7Fraction(5, 0), 5000);
  // floor(0.5 ms * 4096) = 2048 reads back as 500 us.
  uint64_t ms = 0;
  uint32_t fraction = 0;
  ASSERT_EQ(V7TimeFromUnixNanos(500000, ms, fraction), Status::kOk);
  EXPECT_EQ(fraction, 2048u);
  EXPECT_EQ(UnixMicrosFromV7Fraction(ms, fraction), 500);
}

// docs/design.md, Ticks and layouts: a decoded time is never later than the instant encoded, and a
// whole microsecond given to a backfill reads back exactly.
TEST(RoundDown, EveryMicrosecondOfAMillisecondReadsBackExactly) {
  const int64_t base = kVectorUnixMicros + 123000;
  for (int64_t us = base; us < base + 1000; us++) {
    uint64_t ms = 0;
    uint32_t fraction = 0;
    ASSERT_EQ(V7TimeFromUnixMicros(us, ms, fraction), Status::kOk);
    ASSERT_EQ(ms, static_cast<uint64_t>(base / 1000));
    ASSERT_EQ(UnixMicrosFromV7Fraction(ms, fraction), us) << us - base;
    uint64_t ts60 = 0;
    ASSERT_EQ(V8TicksFromUnixMicros(us, ts60), Status::kOk);
    ASSERT_EQ(UnixMicrosFromV8Ticks(ts60), us) << us - base;
    // The floor of the millisecond has fraction 0 and is below every value of it.
    Uuid floor{0, 0};
    ASSERT_EQ(V7Floor(us, floor), Status::kOk);
    ASSERT_EQ(V7RandA(floor), 0u);
    ASSERT_EQ(V7UnixMillis(floor), ms);
    ASSERT_FALSE(PackV7(ms, fraction, 0) < floor);
  }
}

TEST(RoundDown, NoV7FractionReadsLaterThanItsInstant) {
  // Fraction f stands for f/4096 ms = f * 1000 / 4096 us; the reading is the
  // last whole microsecond not after it.
  for (uint32_t f = 0; f < 4096; f++) {
    const int64_t us = UnixMicrosFromV7Fraction(7, f) - 7000;
    ASSERT_LE(us * 4096, int64_t{f} * 1000) << f;
    ASSERT_GT((us + 1) * 4096, int64_t{f} * 1000) << f;
  }
}

TEST(RoundDown, ClockReadingsNeverDecodeLater) {
  // Every nanosecond of one millisecond, as the generators read the clock:
  // the v7 sub-ms reading and the v8 reading are never after the clock's
  // microsecond, and the v7 one is at most one fraction step (244 ns) before.
  const int64_t base_ns = kVectorUnixMicros * 1000;
  for (int64_t ns = base_ns; ns < base_ns + 1000000; ns++) {
    uint64_t ms = 0, ts60 = 0;
    uint32_t fraction = 0;
    ASSERT_EQ(V7TimeFromUnixNanos(ns, ms, fraction), Status::kOk);
    const int64_t v7_us = UnixMicrosFromV7Fraction(ms, fraction);
    ASSERT_LE(v7_us, ns / 1000) << ns - base_ns;
    ASSERT_GE(v7_us * 1000, ns - 1000 - 245) << ns - base_ns;
    ASSERT_EQ(V8TicksFromUnixNanos(ns, ts60), Status::kOk);
    ASSERT_LE(UnixMicrosFromV8Ticks(ts60), ns / 1000) << ns - base_ns;
    ASSERT_EQ(V6TicksFromUnixNanos(ns, ts60), Status::kOk);
    ASSERT_EQ(UnixMicrosFromV6Ticks(ts60), ns / 1000) << ns - base_ns;
  }
}

TEST(RoundDown, NoV8TickReadsLaterThanItsInstant) {
  // 16-ns ticks: every residue of a 2-us cycle (125 ticks), many cycles.
  const uint64_t base = (static_cast<uint64_t>(kVectorUnixMicros) * 1000) >> 4;
  for (uint64_t tick = base; tick < base + 125 * 1000; tick++) {
    const int64_t us = UnixMicrosFromV8Ticks(tick);
    ASSERT_LE(static_cast<uint64_t>(us) * 1000, tick << 4);
    ASSERT_GT(static_cast<uint64_t>(us + 1) * 1000, tick << 4);
  }
}

TEST(Inspect, FieldsPerLayout) {
  Fields f = Inspect(Parse(kV6));
  EXPECT_EQ(f.version, 6);
  EXPECT_EQ(f.clock_seq, 0x33C8);
  EXPECT_EQ(f.node_bits, 48);
  EXPECT_EQ(f.node, 0x9F6BDECED846u);
  EXPECT_EQ(f.counter, -1);
  f = Inspect(Parse(kV7));
  EXPECT_EQ(f.counter, 0x18C4DC0C0C07398Fu >> 54);
  EXPECT_EQ(f.clock_seq, -1);
  EXPECT_EQ(f.node_bits, 0);
  f = Inspect(Parse(kV4));
  EXPECT_FALSE(f.has_time);
  EXPECT_EQ(f.counter, -1);
  f = Inspect(Uuid{~uint64_t{0}, ~uint64_t{0}});
  EXPECT_EQ(f.version, -1);
  EXPECT_EQ(f.variant, Variant::kReserved);
  EXPECT_STREQ(VariantName(f.variant), "reserved");
}

}  // namespace
}  // namespace uuid6
