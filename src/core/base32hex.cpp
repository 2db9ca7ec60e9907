#include "core/base32hex.hpp"

#include <cstdint>
#include "core/no_postgres.hpp"  // last: proves no PostgreSQL header came in

namespace uuid6 {

namespace {

__extension__ typedef unsigned __int128 Bits128;

// RFC 4648 section 7, in ASCII order so that the text sorts like the value.
constexpr char kAlphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUV";
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

void EncodeBase32Hex(const Uuid& id, char out[kBase32HexLength]) noexcept {
  const Bits128 bits = (static_cast<Bits128>(id.hi) << 64) | id.lo;
  // The first 25 characters are bits 0-124, five at a time from the top;
  // the 26th is the last 3 bits, followed by the 2 zero bits RFC 4648
  // appends to complete the group.
  for (size_t i = 0; i + 1 < kBase32HexLength; i++)
    out[i] = kAlphabet[static_cast<unsigned>(bits >> (123 - 5 * i)) & 31];
  out[kBase32HexLength - 1] = kAlphabet[(static_cast<unsigned>(bits) & 7) << 2];
}

Base32HexError DecodeBase32Hex(const char* text, size_t length, Uuid& out,
                               size_t& position) noexcept {
  position = 0;
  if (length != kBase32HexLength && length != kBase32HexPaddedLength)
    return Base32HexError::kWrongLength;
  Bits128 bits = 0;
  for (size_t i = 0; i < kBase32HexLength; i++) {
    const uint8_t digit = kDecode.value[static_cast<unsigned char>(text[i])];
    if (digit == kNotInAlphabet) {
      position = i;
      return Base32HexError::kBadCharacter;
    }
    if (i + 1 < kBase32HexLength) {
      bits = (bits << 5) | digit;
    } else {
      if ((digit & 3) != 0) {
        position = i;
        return Base32HexError::kLowBitsSet;
      }
      bits = (bits << 3) | (digit >> 2);
    }
  }
  for (size_t i = kBase32HexLength; i < length; i++) {
    if (text[i] != '=') {
      position = i;
      return Base32HexError::kBadPadding;
    }
  }
  out = Uuid{static_cast<uint64_t>(bits >> 64), static_cast<uint64_t>(bits)};
  return Base32HexError::kNone;
}

}  // namespace uuid6
