// SipHash-2-4 against its published test vectors, and the v4 facade: the
// uuidv47 interop vectors, exact round trips, what the transform keeps and
// what it changes, version errors, and every key form uuidv47 accepts.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>

#include "core/facade.hpp"
#include "core/siphash.hpp"

namespace uuid6 {
namespace {

// The SipHash-2-4 test vectors of the reference implementation (vectors.h,
// vectors_sip64): key 00 01 .. 0f, message i = the i bytes 00 01 .. i-1,
// each output as the 8 bytes the reference writes (little-endian).
const char* const kSipHash24Vectors[64] = {
    "310e0edd47db6f72", "fd67dc93c539f874", "5a4fa9d909806c0d", "2d7efbd796666785",
    "b7877127e09427cf", "8da699cd64557618", "cee3fe586e46c9cb", "37d1018bf50002ab",
    "6224939a79f5f593", "b0e4a90bdf82009e", "f3b9dd94c5bb5d7a", "a7ad6b22462fb3f4",
    "fbe50e86bc8f1e75", "903d84c02756ea14", "eef27a8e90ca23f7", "e545be4961ca29a1",
    "db9bc2577fcc2a3f", "9447be2cf5e99a69", "9cd38d96f0b3c14b", "bd6179a71dc96dbb",
    "98eea21af25cd6be", "c7673b2eb0cbf2d0", "883ea3e395675393", "c8ce5ccd8c030ca8",
    "94af49f6c650adb8", "eab8858ade92e1bc", "f315bb5bb835d817", "adcf6b0763612e2f",
    "a5c91da7acaa4dde", "716595876650a2a6", "28ef495c53a387ad", "42c341d8fa92d832",
    "ce7cf2722f512771", "e37859f94623f3a7", "381205bb1ab0e012", "ae97a10fd434e015",
    "b4a31508beff4d31", "81396229f0907902", "4d0cf49ee5d4dcca", "5c73336a76d8bf9a",
    "d0a704536ba93e0e", "925958fcd6420cad", "a915c29bc8067318", "952b79f3bc0aa6d4",
    "f21df2e41d4535f9", "87577519048f53a9", "10a56cf5dfcd9adb", "eb75095ccd986cd0",
    "51a9cb9ecba312e6", "96afadfc2ce666c7", "72fe52975a4364ee", "5a1645b276d592a1",
    "b274cb8ebf87870a", "6f9bb4203de7b381", "eaecb2a30b22a87f", "9924a43cc1315724",
    "bd838d3aafbf8db7", "0b1a2a3265d51aea", "135079a3231ce660", "932b2846e4d70666",
    "e1915f5cb1eca46c", "f325965ca16d629f", "575ff28e60381be5", "724506eb4c328a95",
};

uint8_t HexByte(const char* two) {
  return static_cast<uint8_t>(std::stoul(std::string(two, 2), nullptr, 16));
}

Uuid ParseUuid(const std::string& text) {
  std::string hex;
  for (char c : text)
    if (c != '-') hex += c;
  uint8_t bytes[16];
  for (int i = 0; i < 16; i++) bytes[i] = HexByte(hex.c_str() + 2 * i);
  return LoadUuid(bytes);
}

SipHashKey KeyFromHex(const std::string& hex) {
  uint8_t bytes[16];
  for (int i = 0; i < 16; i++) bytes[i] = HexByte(hex.c_str() + 2 * i);
  return SipHashKeyFromBytes(bytes);
}

SipHashKey ReferenceKey() { return KeyFromHex("000102030405060708090a0b0c0d0e0f"); }

TEST(SipHash24, ReferenceVectors) {
  const SipHashKey key = ReferenceKey();
  uint8_t message[64];
  for (int i = 0; i < 64; i++) message[i] = static_cast<uint8_t>(i);
  for (int length = 0; length < 64; length++) {
    const uint64_t hash = SipHash24(key, message, static_cast<size_t>(length));
    uint64_t expected = 0;
    for (int i = 7; i >= 0; i--) expected = (expected << 8) | HexByte(kSipHash24Vectors[length] + 2 * i);
    EXPECT_EQ(hash, expected) << "message length " << length;
  }
  // The paper's example (Appendix A): the 15 bytes 00..0e.
  EXPECT_EQ(SipHash24(key, message, 15), 0xa129ca6149be45e5ULL);
}

TEST(SipHash24, KeyWordsAreLittleEndian) {
  const SipHashKey key = ReferenceKey();
  EXPECT_EQ(key.k0, 0x0706050403020100ULL);
  EXPECT_EQ(key.k1, 0x0f0e0d0c0b0a0908ULL);
}

// Computed with uuidv47's reference implementation.
TEST(Facade, InteropVectors) {
  struct Vector {
    const char* key;
    const char* v7;
    const char* facade;
  };
  const Vector vectors[] = {
      {"000102030405060708090a0b0c0d0e0f", "017f22e2-79b0-7cc3-98c4-dc0c0c07398f",
       "e4b98970-eb53-4cc3-98c4-dc0c0c07398f"},
      {"00112233445566778899aabbccddeeff", "018570bb-4a7d-7000-8000-000000000000",
       "0eed01e4-129e-4000-8000-000000000000"},
  };
  for (const Vector& v : vectors) {
    const SipHashKey key = KeyFromHex(v.key);
    Uuid out{0, 0};
    int found = 0;
    ASSERT_EQ(FacadeFromV7(ParseUuid(v.v7), key, out, found), Status::kOk);
    EXPECT_EQ(found, 7);
    EXPECT_EQ(out, ParseUuid(v.facade)) << v.v7;
    ASSERT_EQ(V7FromFacade(ParseUuid(v.facade), key, out, found), Status::kOk);
    EXPECT_EQ(found, 4);
    EXPECT_EQ(out, ParseUuid(v.v7)) << v.facade;
  }
}

// The mask as the transform is specified, from the bytes of the UUID and
// the byte-wise SipHash-2-4.
uint64_t SpecifiedMask(const Uuid& id, const SipHashKey& key) {
  uint8_t bytes[16];
  StoreUuid(id, bytes);
  const uint8_t message[10] = {static_cast<uint8_t>(bytes[6] & 0x0F), bytes[7],
                               static_cast<uint8_t>(bytes[8] & 0x3F), bytes[9], bytes[10],
                               bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]};
  return SipHash24(key, message, sizeof message) & kMask48;
}

TEST(Facade, RoundTripsAndKeepsAllButTimeAndVersion) {
  std::mt19937_64 random(7);
  for (int i = 0; i < 20000; i++) {
    const SipHashKey key{random(), random()};
    const Uuid v7 = PackV7(random(), static_cast<uint32_t>(random()), random());
    Uuid facade{0, 0}, back{0, 0};
    int found = 0;
    ASSERT_EQ(FacadeFromV7(v7, key, facade, found), Status::kOk);
    EXPECT_EQ(VersionOf(facade), 4);
    // rand_a and rand_b pass through; only octets 0-5 and the version differ.
    EXPECT_EQ(facade.hi & 0x0FFF, v7.hi & 0x0FFF);
    EXPECT_EQ(facade.lo, v7.lo);
    EXPECT_EQ((facade.hi >> 16) ^ (v7.hi >> 16), SpecifiedMask(v7, key));
    ASSERT_EQ(V7FromFacade(facade, key, back, found), Status::kOk);
    EXPECT_EQ(back, v7);
    // Another key decodes to another time (unless two 48-bit masks collide).
    const SipHashKey other{key.k0 ^ (uint64_t{1} << (i % 64)), key.k1};
    ASSERT_EQ(V7FromFacade(facade, other, back, found), Status::kOk);
    EXPECT_FALSE(back == v7);
  }
}

TEST(Facade, TheTimeIsMaskedByTheKeptBits) {
  // Two v7 of one millisecond with different random bits get unrelated
  // facades; the same bits at another millisecond get the same mask.
  const SipHashKey key = ReferenceKey();
  const Uuid a = PackV7(1700000000000, 0x123, 0x1111), b = PackV7(1700000000000, 0x123, 0x1112);
  const Uuid c = PackV7(1700000000001, 0x123, 0x1111);
  Uuid fa{0, 0}, fb{0, 0}, fc{0, 0};
  int found = 0;
  FacadeFromV7(a, key, fa, found);
  FacadeFromV7(b, key, fb, found);
  FacadeFromV7(c, key, fc, found);
  EXPECT_NE(fa.hi >> 16, fb.hi >> 16);
  EXPECT_EQ((fa.hi >> 16) ^ (fc.hi >> 16), uint64_t{1});
}

TEST(Facade, WrongVersionIsRefusedAndNamed) {
  const SipHashKey key = ReferenceKey();
  const Uuid untouched{1, 2};
  Uuid out = untouched;
  int found = 0;
  EXPECT_EQ(FacadeFromV7(ParseUuid("e4b98970-eb53-4cc3-98c4-dc0c0c07398f"), key, out, found),
            Status::kWrongVersion);
  EXPECT_EQ(found, 4);
  EXPECT_EQ(V7FromFacade(ParseUuid("017f22e2-79b0-7cc3-98c4-dc0c0c07398f"), key, out, found),
            Status::kWrongVersion);
  EXPECT_EQ(found, 7);
  EXPECT_EQ(FacadeFromV7(ParseUuid("1ec9414c-232a-6b00-b3c8-9f6bdeced846"), key, out, found),
            Status::kWrongVersion);
  EXPECT_EQ(found, 6);
  // A version nibble of 7 under another variant is not a v7.
  EXPECT_EQ(FacadeFromV7(ParseUuid("017f22e2-79b0-7cc3-18c4-dc0c0c07398f"), key, out, found),
            Status::kWrongVersion);
  EXPECT_EQ(found, -1);
  EXPECT_EQ(V7FromFacade(ParseUuid("e4b98970-eb53-4cc3-c8c4-dc0c0c07398f"), key, out, found),
            Status::kWrongVersion);
  EXPECT_EQ(found, -1);
  EXPECT_EQ(out, untouched);
}

FacadeKeyText Parse(const char* text, SipHashKey& key) { return ParseFacadeKey(text, key); }

TEST(FacadeKey, EveryFormOfOneKey) {
  const SipHashKey expected = KeyFromHex("00112233445566778899aabbccddeeff");
  EXPECT_EQ(expected.k0, 0x7766554433221100ULL);
  const char* forms[] = {
      "00112233445566778899aabbccddeeff",
      "00112233445566778899AABBCCDDEEFF",
      "0x00112233445566778899aabbccddeeff",
      "0X00112233445566778899aabbccddeeff",
      "0011223344556677:8899aabbccddeeff",
      "0x0011223344556677:0x8899aabbccddeeff",
      "0011223344556677:0X8899aabbccddeeff",
      " 00112233 44556677 8899aabb ccddeeff\n",
      "\t0x 0011 2233 4455 6677 : 0x 8899 aabb ccdd eeff \r\f\v",
  };
  for (const char* form : forms) {
    SipHashKey key{1, 2};
    EXPECT_EQ(Parse(form, key), FacadeKeyText::kKey) << form;
    EXPECT_EQ(key, expected) << form;
  }
}

TEST(FacadeKey, EmptyIsNoKey) {
  SipHashKey key{1, 2};
  EXPECT_EQ(Parse("", key), FacadeKeyText::kEmpty);
  EXPECT_EQ(Parse(nullptr, key), FacadeKeyText::kEmpty);
  EXPECT_EQ(key, (SipHashKey{1, 2}));
}

TEST(FacadeKey, MalformedIsRefused) {
  const char* bad[] = {
      " ",
      "0x",
      "0011223344556677",                    // 16 digits
      "00112233445566778899aabbccddeef",     // 31
      "00112233445566778899aabbccddeeff0",   // 33
      "00112233445566778899aabbccddeeg0",    // not hex
      "0x0x112233445566778899aabbccddeeff",  // two prefixes
      "0011223344556677:8899aabbccddeef",    // 15 on the right
      "001122334455667:8899aabbccddeeff0",   // 15 on the left
      "0011223344556677:",
      ":8899aabbccddeeff",
      "0011223344556677:8899aabbccddeeff:",
      "0011223344556677::8899aabbccddeeff",
      "0011223344556677-8899aabbccddeeff",
      "x0011223344556677:8899aabbccddeeff",
      "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff",
      "{00112233-4455-6677-8899-aabbccddeeff}",
  };
  for (const char* text : bad) {
    SipHashKey key{1, 2};
    EXPECT_EQ(Parse(text, key), FacadeKeyText::kMalformed) << text;
    EXPECT_EQ(key, (SipHashKey{1, 2})) << text;
  }
}

TEST(FacadeKey, IdTellsKeysApartAndIsStable) {
  const SipHashKey key = ReferenceKey();
  // The fingerprint of a key never changes between releases: operators
  // compare it across servers and versions.
  EXPECT_EQ(FacadeKeyId(key), 0x001ce3e089b7a181ULL);
  const SipHashKey other{key.k0, key.k1 ^ 1};
  EXPECT_NE(FacadeKeyId(key), FacadeKeyId(other));
}

}  // namespace
}  // namespace uuid6
