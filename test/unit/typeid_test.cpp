// TypeID: the specification's example strings (its spec/valid.yml and
// spec/invalid.yml, version 0.3), each invalid one refused for the rule it
// breaks; prefixes; round trips; suffix order equal to UUID order.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "core/typeid.hpp"
#include "core/ulid.hpp"

namespace uuid6 {
namespace {

std::string Suffix(const Uuid& id) {
  char text[kTypeIdSuffixLength];
  EncodeTypeIdSuffix(id, text);
  return std::string(text, kTypeIdSuffixLength);
}

struct Decoded {
  TypeIdError error;
  Uuid id;
  size_t prefix_length;
  size_t suffix_start;
  size_t position;
};

Decoded Decode(const std::string& text) {
  Decoded d{TypeIdError::kNone, Uuid{1, 2}, 99, 99, 99};
  d.error = DecodeTypeId(text.data(), text.size(), d.id, d.prefix_length, d.suffix_start,
                         d.position);
  return d;
}

TEST(TypeId, SpecificationValidExamples) {
  struct Example {
    const char* text;
    size_t prefix_length;
    Uuid id;
  };
  const Example examples[] = {
      {"00000000000000000000000000", 0, {0, 0}},
      {"00000000000000000000000001", 0, {0, 1}},
      {"0000000000000000000000000a", 0, {0, 10}},
      {"0000000000000000000000000g", 0, {0, 16}},
      {"00000000000000000000000010", 0, {0, 32}},
      {"7zzzzzzzzzzzzzzzzzzzzzzzzz", 0, {~uint64_t{0}, ~uint64_t{0}}},
      {"prefix_0123456789abcdefghjkmnpqrs", 6, {0x0110c8531d0952d8, 0xd73e1194e95b5f19}},
      {"prefix_01h455vb4pex5vsknk084sn02q", 6, {0x01890a5dac96774b, 0xbcceb302099a8057}},
      {"pre_fix_00000000000000000000000000", 7, {0, 0}},
  };
  for (const Example& e : examples) {
    const Decoded d = Decode(e.text);
    EXPECT_EQ(d.error, TypeIdError::kNone) << e.text;
    EXPECT_EQ(d.id, e.id) << e.text;
    EXPECT_EQ(d.prefix_length, e.prefix_length) << e.text;
    // Encoding gives the same text back.
    const std::string text(e.text);
    EXPECT_EQ(Suffix(e.id), text.substr(text.size() - kTypeIdSuffixLength));
  }
}

TEST(TypeId, SpecificationInvalidExamples) {
  struct Example {
    std::string text;
    TypeIdError error;
    size_t position;
  };
  const Example examples[] = {
      {"PREFIX_00000000000000000000000000", TypeIdError::kPrefixBadCharacter, 0},
      {"12345_00000000000000000000000000", TypeIdError::kPrefixBadCharacter, 0},
      {"pre.fix_00000000000000000000000000", TypeIdError::kPrefixBadCharacter, 3},
      {"pr\xc3\xa9" "fix_00000000000000000000000000", TypeIdError::kPrefixBadCharacter, 2},
      {"  prefix_00000000000000000000000000", TypeIdError::kPrefixBadCharacter, 0},
      {"abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl_00000000000000000000000000",
       TypeIdError::kPrefixTooLong, 0},
      {"_00000000000000000000000000", TypeIdError::kSeparatorWithoutPrefix, 0},
      {"_", TypeIdError::kSeparatorWithoutPrefix, 0},
      {"prefix_1234567890123456789012345", TypeIdError::kSuffixWrongLength, 7},
      {"prefix_123456789012345678901234567", TypeIdError::kSuffixWrongLength, 7},
      {"prefix_1234567890123456789012345 ", TypeIdError::kSuffixBadCharacter, 32},
      {"prefix_0123456789ABCDEFGHJKMNPQRS", TypeIdError::kSuffixBadCharacter, 17},
      {"prefix_123456789-123456789-123456", TypeIdError::kSuffixBadCharacter, 16},
      {"prefix_ooooooiiiiiiuuuuuuulllllll", TypeIdError::kSuffixBadCharacter, 7},
      {"prefix_i23456789ol23456789oi23456", TypeIdError::kSuffixBadCharacter, 7},
      {"prefix_123456789-0123456789-0123456", TypeIdError::kSuffixWrongLength, 7},
      {"prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz", TypeIdError::kSuffixTooLarge, 7},
      {"_prefix_00000000000000000000000000", TypeIdError::kPrefixStartsWithUnderscore, 0},
      {"prefix__00000000000000000000000000", TypeIdError::kPrefixEndsWithUnderscore, 6},
      {"", TypeIdError::kSuffixWrongLength, 0},
      {"prefix_", TypeIdError::kSuffixWrongLength, 7},
  };
  for (const Example& e : examples) {
    const Decoded d = Decode(e.text);
    EXPECT_EQ(d.error, e.error) << e.text;
    EXPECT_EQ(d.position, e.position) << e.text;
    EXPECT_EQ(d.id, (Uuid{1, 2})) << e.text;  // untouched on error
  }
}

TEST(TypeId, Prefixes) {
  size_t position = 99;
  for (const std::string& good : std::vector<std::string>{"", "a", "user", "my_type", "a_b_c", "my__type",
                                 std::string(63, 'z')}) {
    EXPECT_EQ(CheckTypeIdPrefix(good.data(), good.size(), position), TypeIdError::kNone) << good;
  }
  EXPECT_EQ(CheckTypeIdPrefix("_a", 2, position), TypeIdError::kPrefixStartsWithUnderscore);
  EXPECT_EQ(CheckTypeIdPrefix("_", 1, position), TypeIdError::kPrefixStartsWithUnderscore);
  EXPECT_EQ(CheckTypeIdPrefix("a_", 2, position), TypeIdError::kPrefixEndsWithUnderscore);
  EXPECT_EQ(position, 1u);
  EXPECT_EQ(CheckTypeIdPrefix("ab9", 3, position), TypeIdError::kPrefixBadCharacter);
  EXPECT_EQ(position, 2u);
  // The first wrong byte decides, then the trailing "_", then the length.
  EXPECT_EQ(CheckTypeIdPrefix("_A", 2, position), TypeIdError::kPrefixStartsWithUnderscore);
  EXPECT_EQ(CheckTypeIdPrefix("A_", 2, position), TypeIdError::kPrefixBadCharacter);
  const std::string long_prefix(64, 'a');
  EXPECT_EQ(CheckTypeIdPrefix(long_prefix.data(), 64, position), TypeIdError::kPrefixTooLong);
  const std::string long_trailing = std::string(70, 'a') + "_";
  EXPECT_EQ(CheckTypeIdPrefix(long_trailing.data(), long_trailing.size(), position),
            TypeIdError::kPrefixEndsWithUnderscore);
}

TEST(TypeId, SuffixIsTheUlidInLowerCase) {
  std::mt19937_64 random(2024);
  for (int i = 0; i < 1000; i++) {
    const Uuid id{random(), random()};
    char ulid[kUlidLength];
    EncodeUlid(id, ulid);
    std::string lower(ulid, kUlidLength);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c); });
    ASSERT_EQ(Suffix(id), lower);
  }
}

TEST(TypeId, RoundTripAndOrder) {
  std::mt19937_64 random(303);
  std::vector<Uuid> ids;
  for (int i = 0; i < 20000; i++) ids.push_back(Uuid{random(), random()});
  ids.push_back(Uuid{0, 0});
  ids.push_back(Uuid{~uint64_t{0}, ~uint64_t{0}});
  for (const Uuid& id : ids) {
    for (const std::string prefix : {"", "user", "a_b"}) {
      const std::string text = prefix.empty() ? Suffix(id) : prefix + "_" + Suffix(id);
      const Decoded d = Decode(text);
      ASSERT_EQ(d.error, TypeIdError::kNone) << text;
      ASSERT_EQ(d.id, id);
      ASSERT_EQ(d.prefix_length, prefix.size());
    }
  }
  std::sort(ids.begin(), ids.end());
  std::vector<std::string> suffixes;
  for (const Uuid& id : ids) suffixes.push_back(Suffix(id));
  EXPECT_TRUE(std::is_sorted(suffixes.begin(), suffixes.end()));
}

}  // namespace
}  // namespace uuid6
