// Tagged keys (core/tag.hpp): bits at their places, every tag read back,
// the v7 reading of the key unchanged, order across tags as the sequence's,
// and keys without the mark read as untagged.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>

#include "core/layout.hpp"
#include "core/sequence.hpp"
#include "core/tag.hpp"

namespace uuid6 {
namespace {

constexpr uint64_t kVectorMillis = 1645557742000;  // 2022-02-22 19:22:22 UTC

Tick V7Tick(uint64_t unix_ms, uint32_t fraction, uint32_t counter) {
  return (static_cast<Tick>(unix_ms) << 20) | (static_cast<Tick>(fraction & 0xFFF) << 8) |
         (counter & 0xFF);
}

TEST(Tag, BitsAtTheirPlaces) {
  const Tick tick = V7Tick(kVectorMillis, 0xABC, 0x5D);
  const Uuid plain = PackTick(Generator::kV7, tick, ~uint64_t{0}, 0x1234);
  const Uuid id = WithTag(plain, 0xC7);
  EXPECT_EQ(id.hi, plain.hi);                              // time, version, fraction untouched
  EXPECT_EQ(VersionOf(id), 7);
  EXPECT_EQ(VariantOf(id), Variant::kRfc9562);
  EXPECT_EQ(Counter8(id), 0x5Du);                          // bits 66-73
  EXPECT_EQ(NodeIdOf(id), 0x1234);                         // bits 74-89
  EXPECT_EQ((id.lo >> 32) & 0x3F, (plain.lo >> 32) & 0x3F);  // bits 90-95: random, kept
  EXPECT_EQ((id.lo >> 8) & 0xFFFFFF, kTagMark);            // bits 96-119
  EXPECT_EQ(id.lo & 0xFF, 0xC7u);                          // bits 120-127
  // Written out: the tag is the text's last two hex digits, after the mark.
  EXPECT_EQ(id.lo & 0xFFFFFFFF, 0x7A9C3EC7u);
}

TEST(Tag, EveryTagReadsBack) {
  std::mt19937_64 random(96);
  for (int tag = kTagMin; tag <= kTagMax; tag++) {
    const Tick tick = V7Tick(random() & kMask48, static_cast<uint32_t>(random()),
                             static_cast<uint32_t>(random()));
    const int node = (tag % 2) ? static_cast<int>(random() & 0xFFFF) : -1;
    const Uuid plain = PackTick(Generator::kV7, tick, random(), node);
    const Uuid id = WithTag(plain, tag);
    int read = -1;
    ASSERT_TRUE(ReadTag(id, read));
    EXPECT_EQ(read, tag);
    // Read as the v7 it is: the same time, the same tick, the same node.
    int64_t plain_us = 0, tagged_us = 0;
    ASSERT_TRUE(ExtractUnixMicros(plain, true, plain_us));
    ASSERT_TRUE(ExtractUnixMicros(id, true, tagged_us));
    EXPECT_EQ(tagged_us, plain_us);
    Tick back = 0;
    ASSERT_TRUE(TickOfUuid(Generator::kV7, id, back));
    EXPECT_EQ(back, tick);
    if (node >= 0) {
      EXPECT_EQ(NodeIdOf(id), node);
    }
  }
}

TEST(Tag, Range) {
  EXPECT_TRUE(IsValidTag(0));
  EXPECT_TRUE(IsValidTag(255));
  for (const int64_t bad : {int64_t{-1}, int64_t{256}, int64_t{INT32_MIN}, int64_t{INT32_MAX}})
    EXPECT_FALSE(IsValidTag(bad)) << bad;
}

// Keys made in turn with any tags rise as the sequence's ticks do: a lower
// tag after a higher one does not put a key below its predecessor.
TEST(Tag, OrderAcrossTagsIsTheSequences) {
  SequenceState state{};
  const SequenceLayout& layout = LayoutOf(Generator::kV7);
  std::mt19937_64 random(7);
  uint64_t clock = (kVectorMillis << 12);
  Uuid previous{0, 0};
  for (int i = 0; i < 100000; i++) {
    if (i % 37 == 0) clock += 1;  // the clock moves now and then; bursts in between
    const uint64_t r = random();
    const Tick tick = AdvanceSequence(state, layout, clock, r, false);
    const Uuid id = WithTag(PackTick(Generator::kV7, tick, r, -1), 255 - (i % 256));
    ASSERT_TRUE(previous < id) << i;
    previous = id;
  }
}

TEST(Tag, UntaggedKeys) {
  int tag = -1;
  // Not a v7, or not of the RFC variant: no tag, whatever the last bits.
  const Uuid marked_lo{0, (uint64_t{2} << 62) | (kTagMark << 8) | 0x42};
  EXPECT_FALSE(ReadTag(WithVersion(Uuid{0x018570bb4a7d0000, marked_lo.lo}, 4), tag));
  EXPECT_FALSE(ReadTag(WithVersion(Uuid{0x018570bb4a7d0000, marked_lo.lo}, 8), tag));
  EXPECT_FALSE(ReadTag(Uuid{0x018570bb4a7d7000, (kTagMark << 8) | 0x42}, tag));  // NCS variant
  // A v7 floor (every low bit zero) and the largest v7.
  Uuid floor{0, 0};
  ASSERT_EQ(V7Floor(1645557742000000, floor), Status::kOk);
  EXPECT_FALSE(ReadTag(floor, tag));
  EXPECT_FALSE(ReadTag(WithVersion(Uuid{~uint64_t{0}, ~uint64_t{0}}, 7), tag));
  // A mark one bit off, in each of its 24 bits.
  const Uuid tagged = WithTag(WithVersion(Uuid{0x018570bb4a7d7000, 0}, 7), 0x42);
  ASSERT_TRUE(ReadTag(tagged, tag));
  for (int bit = 8; bit < 32; bit++) {
    const Uuid off{tagged.hi, tagged.lo ^ (uint64_t{1} << bit)};
    EXPECT_FALSE(ReadTag(off, tag)) << bit;
  }
  // Random v7 keys: none of 100,000 reads as tagged (each would with
  // probability 2^-24).
  std::mt19937_64 random(24);
  int tagged_by_chance = 0;
  for (int i = 0; i < 100000; i++)
    if (ReadTag(WithVersion(Uuid{random(), random()}, 7), tag)) tagged_by_chance++;
  EXPECT_EQ(tagged_by_chance, 0);
}

}  // namespace
}  // namespace uuid6
