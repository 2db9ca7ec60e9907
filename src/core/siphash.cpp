#include "core/siphash.hpp"

#include "core/no_postgres.hpp"  // last: proves no PostgreSQL header came in

namespace uuid6 {

namespace {

uint64_t ReadLittleEndian64(const uint8_t* bytes) {
  uint64_t value = 0;
  for (int i = 7; i >= 0; i--) value = (value << 8) | bytes[i];
  return value;
}

}  // namespace

SipHashKey SipHashKeyFromBytes(const uint8_t bytes[16]) noexcept {
  return SipHashKey{ReadLittleEndian64(bytes), ReadLittleEndian64(bytes + 8)};
}

uint64_t SipHash24(const SipHashKey& key, const uint8_t* message, size_t length) noexcept {
  SipHash24State state(key);
  const size_t whole = length - length % 8;
  for (size_t offset = 0; offset < whole; offset += 8)
    state.Absorb(ReadLittleEndian64(message + offset));
  uint64_t last = static_cast<uint64_t>(length & 0xFF) << 56;
  for (size_t i = whole; i < length; i++)
    last |= static_cast<uint64_t>(message[i]) << (8 * (i - whole));
  return state.Finish(last);
}

}  // namespace uuid6
