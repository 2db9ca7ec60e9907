// The ULID text form: known vectors, both bounds, case-insensitivity, every
// class of bad input, round trips, and text order equal to UUID order.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "core/ulid.hpp"

namespace uuid6 {
namespace {

std::string Encode(const Uuid& id) {
  char text[kUlidLength];
  EncodeUlid(id, text);
  return std::string(text, kUlidLength);
}

UlidError Decode(const std::string& text, Uuid& out, size_t& position) {
  return DecodeUlid(text.data(), text.size(), out, position);
}

Uuid DecodeOk(const std::string& text) {
  Uuid out{0, 0};
  size_t position = 99;
  EXPECT_EQ(Decode(text, out, position), UlidError::kNone) << text;
  return out;
}

TEST(Ulid, Bounds) {
  EXPECT_EQ(Encode(Uuid{0, 0}), "00000000000000000000000000");
  EXPECT_EQ(Encode(Uuid{~uint64_t{0}, ~uint64_t{0}}), "7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
  EXPECT_EQ(DecodeOk("00000000000000000000000000"), (Uuid{0, 0}));
  EXPECT_EQ(DecodeOk("7ZZZZZZZZZZZZZZZZZZZZZZZZZ"), (Uuid{~uint64_t{0}, ~uint64_t{0}}));
  // The least significant bit is the last character's.
  EXPECT_EQ(Encode(Uuid{0, 1}), "00000000000000000000000001");
  EXPECT_EQ(Encode(Uuid{uint64_t{1} << 63, 0}), "40000000000000000000000000");
}

TEST(Ulid, V7Vector) {
  // 018570bb-4a7d-7000-8000-000000000000 is 2023-01-02 04:26:40.637 UTC.
  const Uuid v7{0x018570bb4a7d7000, 0x8000000000000000};
  EXPECT_EQ(Encode(v7), "01GNRBPJKXE008000000000000");
  EXPECT_EQ(DecodeOk("01GNRBPJKXE008000000000000"), v7);
}

TEST(Ulid, TimestampIsTheFirstTenCharacters) {
  // The ULID specification's own example: 01ARYZ6S41 is 1469918176385 ms.
  const Uuid id = DecodeOk("01ARYZ6S41TSV4RRFFQ69G5FAV");
  EXPECT_EQ(id.hi >> 16, uint64_t{1469918176385});
  EXPECT_EQ(Encode(id), "01ARYZ6S41TSV4RRFFQ69G5FAV");
}

TEST(Ulid, EitherCase) {
  EXPECT_EQ(DecodeOk("01arz3ndektsv4rrffq69g5fav"), DecodeOk("01ARZ3NDEKTSV4RRFFQ69G5FAV"));
  EXPECT_EQ(DecodeOk("01aRz3NdEkTsV4rRfFq69G5fAv"), DecodeOk("01ARZ3NDEKTSV4RRFFQ69G5FAV"));
}

TEST(Ulid, WrongLength) {
  Uuid out{1, 2};
  size_t position = 99;
  for (const std::string text : {"", "0", "0000000000000000000000000", "000000000000000000000000000",
                                 "01ARZ3NDEK-TSV4RRFFQ69G5FAV"}) {
    EXPECT_EQ(Decode(text, out, position), UlidError::kWrongLength) << text;
    EXPECT_EQ(position, 0u);
  }
  EXPECT_EQ(out, (Uuid{1, 2}));  // untouched on error
}

TEST(Ulid, BadCharacterAndItsPosition) {
  Uuid out{1, 2};
  size_t position = 99;
  // Crockford's reading aids and U are outside the alphabet, in both cases.
  for (const char bad : {'I', 'L', 'O', 'U', 'i', 'l', 'o', 'u', '-', ' ', '\0', '\x80', '\xff'}) {
    std::string text = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
    text[17] = bad;
    EXPECT_EQ(Decode(text, out, position), UlidError::kBadCharacter) << int(bad);
    EXPECT_EQ(position, 17u);
  }
  // The first offending character is the one reported.
  EXPECT_EQ(Decode("0IARZ3NDEKTSV4RRFFQ69G5FAU", out, position), UlidError::kBadCharacter);
  EXPECT_EQ(position, 1u);
  EXPECT_EQ(Decode("I1ARZ3NDEKTSV4RRFFQ69G5FAV", out, position), UlidError::kBadCharacter);
  EXPECT_EQ(position, 0u);
  EXPECT_EQ(out, (Uuid{1, 2}));
}

TEST(Ulid, MoreThan128Bits) {
  Uuid out{1, 2};
  size_t position = 99;
  for (const char first : {'8', '9', 'A', 'Z', 'z'}) {
    std::string text = "00000000000000000000000000";
    text[0] = first;
    EXPECT_EQ(Decode(text, out, position), UlidError::kTooLarge) << first;
    EXPECT_EQ(position, 0u);
  }
  EXPECT_EQ(out, (Uuid{1, 2}));
}

TEST(Ulid, EveryCharacterOfTheAlphabet) {
  const std::string alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  for (size_t digit = 0; digit < alphabet.size(); digit++) {
    const std::string text = "0000000000000000000000000" + alphabet.substr(digit, 1);
    EXPECT_EQ(DecodeOk(text), (Uuid{0, digit}));
    EXPECT_EQ(Encode(Uuid{0, digit}), text);
  }
}

TEST(Ulid, RoundTripsAndOrder) {
  std::mt19937_64 random(20230102);
  std::vector<Uuid> ids;
  for (int i = 0; i < 20000; i++) {
    // Mix full-random values with values sharing long prefixes, so that
    // order is also decided by the last characters.
    Uuid id{random(), random()};
    if (i % 4 == 1) id.hi = ids.back().hi;
    if (i % 4 == 2) id.lo = ids.back().lo ^ (random() & 0xFF);
    ids.push_back(id);
    const std::string text = Encode(id);
    ASSERT_EQ(DecodeOk(text), id);
    std::string lower = text;
    std::transform(lower.begin(), lower.end(), lower.begin(), ::tolower);
    ASSERT_EQ(DecodeOk(lower), id);
  }
  for (size_t i = 1; i < ids.size(); i++) {
    const Uuid& a = ids[i - 1];
    const Uuid& b = ids[i];
    const int by_text = Encode(a).compare(Encode(b));
    const int by_uuid = a < b ? -1 : (b < a ? 1 : 0);
    ASSERT_EQ(by_text < 0 ? -1 : (by_text > 0 ? 1 : 0), by_uuid);
  }
}

}  // namespace
}  // namespace uuid6
