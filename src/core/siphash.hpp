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

}  // namespace uuid6
