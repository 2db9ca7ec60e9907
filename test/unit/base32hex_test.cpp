// The base32hex text form: vectors written by PostgreSQL 19's
// encode(..., 'base32hex'), both bounds, case-insensitivity, the optional
// padding, every class of bad input with its position, round trips, and text
// order equal to UUID order.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "core/base32hex.hpp"

namespace uuid6 {
namespace {

std::string Encode(const Uuid& id) {
  char text[kBase32HexLength];
  EncodeBase32Hex(id, text);
  return std::string(text, kBase32HexLength);
}

Base32HexError Decode(const std::string& text, Uuid& out, size_t& position) {
  return DecodeBase32Hex(text.data(), text.size(), out, position);
}

Uuid DecodeOk(const std::string& text) {
  Uuid out{0, 0};
  size_t position = 99;
  EXPECT_EQ(Decode(text, out, position), Base32HexError::kNone) << text;
  return out;
}

// Each pair: a UUID and the first 26 characters PostgreSQL 19 gives for
// encode(uuid_send(id), 'base32hex').
struct Vector {
  Uuid id;
  const char* text;
};
const Vector kVectors[] = {
    {{0, 0}, "00000000000000000000000000"},
    {{~uint64_t{0}, ~uint64_t{0}}, "VVVVVVVVVVVVVVVVVVVVVVVVVS"},
    {{0, 1}, "00000000000000000000000004"},
    {{0, 4}, "0000000000000000000000000G"},
    {{0, 8}, "00000000000000000000000010"},
    {{uint64_t{1} << 63, 0}, "G0000000000000000000000000"},
    {{0x018570bb4a7d7000, 0x8000000000000000}, "062N1EQAFLO010000000000000"},
    {{0x0123456789abcdef, 0x0123456789abcdef}, "04HKAPS9LF6UU0938LJOJAUDTS"},
    {{0xf81d4fae7dec11d0, 0xa76500a0c91e6bf6}, "V0EKVBJTTG8T19R502GCI7JBUO"},
};

TEST(Base32Hex, PostgresVectors) {
  for (const Vector& v : kVectors) {
    EXPECT_EQ(Encode(v.id), v.text);
    EXPECT_EQ(DecodeOk(v.text), v.id) << v.text;
    EXPECT_EQ(DecodeOk(std::string(v.text) + "======"), v.id) << v.text;
  }
}

TEST(Base32Hex, LastCharacterHoldsThreeBits) {
  // The 26th character is the UUID's 3 last bits shifted over 2 zero bits.
  const char expected[] = "048CGKOS";
  for (uint64_t last = 0; last < 8; last++)
    EXPECT_EQ(Encode(Uuid{0, last}).back(), expected[last]) << last;
}

TEST(Base32Hex, EitherCase) {
  EXPECT_EQ(DecodeOk("v0ekvbjttg8t19r502gci7jbuo"), DecodeOk("V0EKVBJTTG8T19R502GCI7JBUO"));
  EXPECT_EQ(DecodeOk("V0ekVBjtTG8t19R502gcI7jbUo======"), DecodeOk("V0EKVBJTTG8T19R502GCI7JBUO"));
}

TEST(Base32Hex, WrongLength) {
  Uuid out{1, 2};
  size_t position = 99;
  for (const std::string text :
       {"", "0", "0000000000000000000000000", "000000000000000000000000000",
        "00000000000000000000000000=", "00000000000000000000000000=====",
        "00000000000000000000000000=======", "00000000-0000-0000-0000-000000000000",
        "00000000000000000000000000000000000000000000"}) {
    EXPECT_EQ(Decode(text, out, position), Base32HexError::kWrongLength) << text;
    EXPECT_EQ(position, 0u);
  }
  EXPECT_EQ(out, (Uuid{1, 2}));  // untouched on error
}

TEST(Base32Hex, BadCharacterAndItsPosition) {
  Uuid out{1, 2};
  size_t position = 99;
  // W-Z are outside the alphabet (base32hex stops at V), as is "=" among
  // the 26, and any other byte.
  for (const char bad : {'W', 'X', 'Y', 'Z', 'w', 'z', '=', '-', ' ', '\0', '\x80', '\xff'}) {
    for (const size_t at : {size_t{0}, size_t{13}, size_t{25}}) {
      std::string text = "V0EKVBJTTG8T19R502GCI7JBUO";
      text[at] = bad;
      EXPECT_EQ(Decode(text, out, position), Base32HexError::kBadCharacter) << int(bad);
      EXPECT_EQ(position, at);
      EXPECT_EQ(Decode(text + "======", out, position), Base32HexError::kBadCharacter);
      EXPECT_EQ(position, at);
    }
  }
  // The first bad byte decides.
  EXPECT_EQ(Decode("0W00000000000000000000000X", out, position), Base32HexError::kBadCharacter);
  EXPECT_EQ(position, 1u);
  EXPECT_EQ(out, (Uuid{1, 2}));
}

TEST(Base32Hex, LowBitsOfTheLastCharacter) {
  Uuid out{1, 2};
  size_t position = 99;
  for (const char last : {'1', '2', '3', '5', '9', 'D', 'H', 'V', 'v', 't'}) {
    std::string text = "0000000000000000000000000";
    text += last;
    EXPECT_EQ(Decode(text, out, position), Base32HexError::kLowBitsSet) << last;
    EXPECT_EQ(position, 25u);
    EXPECT_EQ(Decode(text + "======", out, position), Base32HexError::kLowBitsSet);
  }
  // A bad character earlier is named first.
  EXPECT_EQ(Decode("0000000000000000000000000Z", out, position), Base32HexError::kBadCharacter);
  EXPECT_EQ(Decode("W000000000000000000000000V", out, position), Base32HexError::kBadCharacter);
  EXPECT_EQ(position, 0u);
  EXPECT_EQ(out, (Uuid{1, 2}));
}

TEST(Base32Hex, Padding) {
  Uuid out{1, 2};
  size_t position = 99;
  for (const size_t at : {size_t{26}, size_t{29}, size_t{31}}) {
    std::string text = "V0EKVBJTTG8T19R502GCI7JBUO======";
    text[at] = '0';
    EXPECT_EQ(Decode(text, out, position), Base32HexError::kBadPadding);
    EXPECT_EQ(position, at);
  }
  // The characters are checked before the padding.
  EXPECT_EQ(Decode("V0EKVBJTTG8T19R502GCI7JBUV0=====", out, position),
            Base32HexError::kLowBitsSet);
  EXPECT_EQ(out, (Uuid{1, 2}));
}

TEST(Base32Hex, RoundTripAndOrder) {
  std::mt19937_64 random(4648);
  std::vector<Uuid> ids;
  for (int i = 0; i < 20000; i++) ids.push_back(Uuid{random(), random()});
  // Neighbours that differ only in their last bits, where the 26th
  // character's place in the order matters most.
  for (uint64_t n = 0; n < 64; n++) ids.push_back(Uuid{0x0123456789abcdef, n});
  for (const Uuid& id : ids) {
    const std::string text = Encode(id);
    ASSERT_EQ(DecodeOk(text), id);
    std::string lower = text;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c); });
    ASSERT_EQ(DecodeOk(lower), id);
  }
  std::vector<std::string> texts;
  std::sort(ids.begin(), ids.end());
  for (const Uuid& id : ids) texts.push_back(Encode(id));
  EXPECT_TRUE(std::is_sorted(texts.begin(), texts.end()));
}

}  // namespace
}  // namespace uuid6
