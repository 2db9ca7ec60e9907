#include "core/ulid.hpp"

#include <cstdint>
#include "core/no_postgres.hpp"  // last: proves no PostgreSQL header came in

namespace uuid6 {

namespace {

__extension__ typedef unsigned __int128 Bits128;

// Digits and upper-case letters without I, L, O and U, in ASCII order so
// that the text sorts like the value.
constexpr char kAlphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
constexpr uint8_t kNotInAlphabet = 0xFF;

struct DecodeTable {
  uint8_t value[256];
};

constexpr DecodeTable MakeDecodeTable() {
  DecodeTable table{};
  for (int byte = 0; byte < 256; byte++) table.value[byte] = kNotInAlphabet;
  for (int digit = 0; digit < 32; digit++) {
    const char upper = kAlphabet[digit];
    table.value[static_cast<unsigned char>(upper)] = static_cast<uint8_t>(digit);
    if (upper >= 'A' && upper <= 'Z')
      table.value[static_cast<unsigned char>(upper - 'A' + 'a')] = static_cast<uint8_t>(digit);
  }
  return table;
}

constexpr DecodeTable kDecode = MakeDecodeTable();

}  // namespace

void EncodeUlid(const Uuid& id, char out[kUlidLength]) noexcept {
  Bits128 bits = (static_cast<Bits128>(id.hi) << 64) | id.lo;
  // The last character holds the 5 least significant bits; the first is
  // left with the top 3.
  for (size_t i = kUlidLength; i-- > 0;) {
    out[i] = kAlphabet[static_cast<unsigned>(bits) & 31];
    bits >>= 5;
  }
}

UlidError DecodeUlid(const char* text, size_t length, Uuid& out, size_t& position) noexcept {
  position = 0;
  if (length != kUlidLength) return UlidError::kWrongLength;
  Bits128 bits = 0;
  for (size_t i = 0; i < kUlidLength; i++) {
    const uint8_t digit = kDecode.value[static_cast<unsigned char>(text[i])];
    if (digit == kNotInAlphabet) {
      position = i;
      return UlidError::kBadCharacter;
    }
    if (i == 0 && digit > 7) return UlidError::kTooLarge;
    bits = (bits << 5) | digit;
  }
  out = Uuid{static_cast<uint64_t>(bits >> 64), static_cast<uint64_t>(bits)};
  return UlidError::kNone;
}

}  // namespace uuid6
