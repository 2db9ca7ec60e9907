// SipHash-2-4 (Aumasson and Bernstein, "SipHash: a fast short-input PRF",
// 2012): a keyed 64-bit pseudorandom function, here the mask of the v4
// facade (core/facade.hpp). Two compression rounds per 8-byte block and
// four finalization rounds, as in the reference implementation, so that the
// output equals every other SipHash-2-4 bit for bit.
#pragma once

#include <cstddef>
#include <cstdint>

namespace uuid6 {

// The 128-bit key as the two 64-bit words the algorithm works on.
struct SipHashKey {
  uint64_t k0;
  uint64_t k1;
};

inline bool operator==(const SipHashKey& a, const SipHashKey& b) noexcept {
  return a.k0 == b.k0 && a.k1 == b.k1;
}

// The key of 16 bytes in order: k0 is bytes 0-7 and k1 bytes 8-15, each read
// little-endian, as the reference implementation reads its key.
SipHashKey SipHashKeyFromBytes(const uint8_t bytes[16]) noexcept;

// SipHash-2-4 of `length` bytes. The reference writes this 64-bit result
// out little-endian; the published test vectors are those 8 bytes.
uint64_t SipHash24(const SipHashKey& key, const uint8_t* message, size_t length) noexcept;

// The same computation for a caller that builds the message's 64-bit words
// itself (the facade, whose 10-byte message is two words): Absorb each
// whole 8-byte word read little-endian, then Finish with the last word, the
// remaining 0-7 bytes little-endian with the message length modulo 256 in
// the top byte. Inline, so that a fixed-size message costs no loop.
class SipHash24State {
 public:
  explicit SipHash24State(const SipHashKey& key) noexcept
      : v0_(key.k0 ^ 0x736f6d6570736575ULL),  // "somepseudorandomlygeneratedbytes"
        v1_(key.k1 ^ 0x646f72616e646f6dULL),
        v2_(key.k0 ^ 0x6c7967656e657261ULL),
        v3_(key.k1 ^ 0x7465646279746573ULL) {}

  // One message word: two compression rounds (the "2" of 2-4).
  void Absorb(uint64_t word) noexcept {
    v3_ ^= word;
    Round();
    Round();
    v0_ ^= word;
  }

  // The last word, then four finalization rounds (the "4").
  uint64_t Finish(uint64_t last_word) noexcept {
    Absorb(last_word);
    v2_ ^= 0xFF;
    Round();
    Round();
    Round();
    Round();
    return v0_ ^ v1_ ^ v2_ ^ v3_;
  }

 private:
  static constexpr uint64_t RotateLeft(uint64_t value, int bits) {
    return (value << bits) | (value >> (64 - bits));
  }

  void Round() noexcept {
    v0_ += v1_;
    v1_ = RotateLeft(v1_, 13);
    v1_ ^= v0_;
    v0_ = RotateLeft(v0_, 32);
    v2_ += v3_;
    v3_ = RotateLeft(v3_, 16);
    v3_ ^= v2_;
    v0_ += v3_;
    v3_ = RotateLeft(v3_, 21);
    v3_ ^= v0_;
    v2_ += v1_;
    v1_ = RotateLeft(v1_, 17);
    v1_ ^= v2_;
    v2_ = RotateLeft(v2_, 32);
  }

  uint64_t v0_, v1_, v2_, v3_;
};

}  // namespace uuid6
