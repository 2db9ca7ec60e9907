#include "core/typeid.hpp"

#include <cstdint>

#include "core/ulid.hpp"
#include "core/no_postgres.hpp"  // last: proves no PostgreSQL header came in

namespace uuid6 {

namespace {

__extension__ typedef unsigned __int128 Bits128;

// The ULID alphabet in lower case, in ASCII order.
constexpr char kAlphabet[] = "0123456789abcdefghjkmnpqrstvwxyz";
constexpr uint8_t kNotInAlphabet = 0xFF;

struct DecodeTable {
  uint8_t value[256];
};

constexpr DecodeTable MakeDecodeTable() {
  DecodeTable table{};
  for (int byte = 0; byte < 256; byte++) table.value[byte] = kNotInAlphabet;
  for (int digit = 0; digit < 32; digit++)
    table.value[static_cast<unsigned char>(kAlphabet[digit])] = static_cast<uint8_t>(digit);
  return table;
}

constexpr DecodeTable kDecode = MakeDecodeTable();

bool IsPrefixCharacter(char c) noexcept { return (c >= 'a' && c <= 'z') || c == '_'; }

}  // namespace

TypeIdError CheckTypeIdPrefix(const char* prefix, size_t length, size_t& position) noexcept {
  position = 0;
  for (size_t i = 0; i < length; i++) {
    if (!IsPrefixCharacter(prefix[i])) {
      position = i;
      return TypeIdError::kPrefixBadCharacter;
    }
    if (i == 0 && prefix[i] == '_') return TypeIdError::kPrefixStartsWithUnderscore;
  }
  if (length > 0 && prefix[length - 1] == '_') {
    position = length - 1;
    return TypeIdError::kPrefixEndsWithUnderscore;
  }
  if (length > kTypeIdMaxPrefixLength) return TypeIdError::kPrefixTooLong;
  return TypeIdError::kNone;
}

void EncodeTypeIdSuffix(const Uuid& id, char out[kTypeIdSuffixLength]) noexcept {
  // The ULID text, whose alphabet is this one in upper case.
  EncodeUlid(id, out);
  for (size_t i = 0; i < kTypeIdSuffixLength; i++)
    if (out[i] >= 'A' && out[i] <= 'Z') out[i] = static_cast<char>(out[i] - 'A' + 'a');
}

TypeIdError DecodeTypeIdSuffix(const char* suffix, size_t length, Uuid& out,
                               size_t& position) noexcept {
  position = 0;
  if (length != kTypeIdSuffixLength) return TypeIdError::kSuffixWrongLength;
  Bits128 bits = 0;
  for (size_t i = 0; i < kTypeIdSuffixLength; i++) {
    const uint8_t digit = kDecode.value[static_cast<unsigned char>(suffix[i])];
    if (digit == kNotInAlphabet) {
      position = i;
      return TypeIdError::kSuffixBadCharacter;
    }
    if (i == 0 && digit > 7) return TypeIdError::kSuffixTooLarge;
    bits = (bits << 5) | digit;
  }
  out = Uuid{static_cast<uint64_t>(bits >> 64), static_cast<uint64_t>(bits)};
  return TypeIdError::kNone;
}

TypeIdError DecodeTypeId(const char* text, size_t length, Uuid& out, size_t& prefix_length,
                         size_t& suffix_start, size_t& position) noexcept {
  position = 0;
  prefix_length = 0;
  suffix_start = 0;
  // The separator is the last "_": the suffix's alphabet has none.
  size_t separator = length;
  for (size_t i = length; i-- > 0;) {
    if (text[i] == '_') {
      separator = i;
      break;
    }
  }
  if (separator < length) {
    if (separator == 0) return TypeIdError::kSeparatorWithoutPrefix;
    const TypeIdError prefix_error = CheckTypeIdPrefix(text, separator, position);
    if (prefix_error != TypeIdError::kNone) return prefix_error;
    prefix_length = separator;
    suffix_start = separator + 1;
  }
  Uuid id{0, 0};
  const TypeIdError suffix_error =
      DecodeTypeIdSuffix(text + suffix_start, length - suffix_start, id, position);
  position += suffix_start;
  if (suffix_error != TypeIdError::kNone) return suffix_error;
  position = 0;
  out = id;
  return TypeIdError::kNone;
}

}  // namespace uuid6
