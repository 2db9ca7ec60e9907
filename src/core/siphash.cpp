#include "core/siphash.hpp"

#include "core/no_postgres.hpp"  // last: proves no PostgreSQL header came in

namespace uuid6 {

namespace {

constexpr uint64_t RotateLeft(uint64_t value, int bits) {
  return (value << bits) | (value >> (64 - bits));
}

uint64_t ReadLittleEndian64(const uint8_t* bytes) {
  uint64_t value = 0;
  for (int i = 7; i >= 0; i--) value = (value << 8) | bytes[i];
  return value;
}

struct SipState {
  uint64_t v0, v1, v2, v3;

  void Round() {
    v0 += v1;
    v1 = RotateLeft(v1, 13);
    v1 ^= v0;
    v0 = RotateLeft(v0, 32);
    v2 += v3;
    v3 = RotateLeft(v3, 16);
    v3 ^= v2;
    v0 += v3;
    v3 = RotateLeft(v3, 21);
    v3 ^= v0;
    v2 += v1;
    v1 = RotateLeft(v1, 17);
    v1 ^= v2;
    v2 = RotateLeft(v2, 32);
  }

  // One message word: two compression rounds ("2" of 2-4).
  void Absorb(uint64_t word) {
    v3 ^= word;
    Round();
    Round();
    v0 ^= word;
  }
};

}  // namespace

SipHashKey SipHashKeyFromBytes(const uint8_t bytes[16]) noexcept {
  return SipHashKey{ReadLittleEndian64(bytes), ReadLittleEndian64(bytes + 8)};
}

uint64_t SipHash24(const SipHashKey& key, const uint8_t* message, size_t length) noexcept {
  // "somepseudorandomlygeneratedbytes", the initial state of every SipHash.
  SipState state{key.k0 ^ 0x736f6d6570736575ULL, key.k1 ^ 0x646f72616e646f6dULL,
                 key.k0 ^ 0x6c7967656e657261ULL, key.k1 ^ 0x7465646279746573ULL};
  const size_t whole = length - length % 8;
  for (size_t offset = 0; offset < whole; offset += 8)
    state.Absorb(ReadLittleEndian64(message + offset));
  // The last word: the remaining 0-7 bytes, little-endian, with the length
  // modulo 256 in the top byte.
  uint64_t last = static_cast<uint64_t>(length & 0xFF) << 56;
  for (size_t i = whole; i < length; i++)
    last |= static_cast<uint64_t>(message[i]) << (8 * (i - whole));
  state.Absorb(last);
  // Four finalization rounds ("4" of 2-4).
  state.v2 ^= 0xFF;
  state.Round();
  state.Round();
  state.Round();
  state.Round();
  return state.v0 ^ state.v1 ^ state.v2 ^ state.v3;
}

}  // namespace uuid6
