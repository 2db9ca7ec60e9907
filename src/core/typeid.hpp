// TypeID (https://github.com/jetify-com/typeid, specification 0.3): a UUID
// written as a type prefix, "_", and the 128 bits as 26 characters of
// Crockford's base32 in lower case, e.g. user_01h455vb4pex5vsknk084sn02q.
//
//   prefix   at most 63 of a-z and "_", starting and ending with a letter;
//            it may be empty, and then the text is the suffix alone, with
//            no separator
//   suffix   the ULID alphabet (core/ulid.hpp) in lower case only, the
//            first character 0-7 (the 2 bits above the 128 are zero)
//
// The specification is strict where Crockford's base32 is lenient: no upper
// case, no reading aids (i, l, o), no hyphens. Since the suffix's alphabet
// is in ASCII order, the suffixes of two UUIDs compare byte-wise as the
// UUIDs do (so TypeIDs of one prefix sort like their UUIDs).
#pragma once

#include <cstddef>

#include "core/layout.hpp"

namespace uuid6 {

constexpr size_t kTypeIdSuffixLength = 26;
constexpr size_t kTypeIdMaxPrefixLength = 63;

// What is wrong with a TypeID or a prefix; each names the rule it breaks.
enum class TypeIdError {
  kNone,
  kSeparatorWithoutPrefix,      // the text starts with its last "_": an empty prefix has no separator
  kPrefixBadCharacter,          // a byte of the prefix outside a-z and "_", at `position`
  kPrefixStartsWithUnderscore,  // the prefix's first character is "_"
  kPrefixEndsWithUnderscore,    // the prefix's last character is "_"
  kPrefixTooLong,               // more than kTypeIdMaxPrefixLength bytes (all of them a-z or "_")
  kSuffixWrongLength,           // the suffix is not kTypeIdSuffixLength bytes
  kSuffixBadCharacter,          // a byte of the suffix outside the lower-case alphabet, at `position`
  kSuffixTooLarge,              // the suffix's first character is above '7': more than 128 bits
};

// Checks a prefix (without its separator) from its first byte: the first
// byte outside a-z and "_" (kPrefixBadCharacter, or, for a leading "_",
// kPrefixStartsWithUnderscore), then a trailing "_", then the length. The
// empty prefix is valid. `position` is the offending byte's index, 0 when
// the error concerns the whole prefix.
TypeIdError CheckTypeIdPrefix(const char* prefix, size_t length, size_t& position) noexcept;

// Writes exactly kTypeIdSuffixLength lower-case characters, no terminator.
void EncodeTypeIdSuffix(const Uuid& id, char out[kTypeIdSuffixLength]) noexcept;

// Reads a suffix alone (kSuffixWrongLength, kSuffixBadCharacter,
// kSuffixTooLarge or kNone); `position` is the offending byte's index in it.
TypeIdError DecodeTypeIdSuffix(const char* suffix, size_t length, Uuid& out,
                               size_t& position) noexcept;

// Reads a whole TypeID. The prefix is everything before the last "_" (the
// suffix has none), and is checked first (CheckTypeIdPrefix), then the
// suffix. On success `prefix_length` is the prefix's length in bytes (0 for
// none). On an error, `out` is unchanged, `position` is the offending byte's
// index in the text (for kSuffixWrongLength and kSuffixTooLarge, where the
// suffix starts) and `suffix_start` where the suffix starts.
TypeIdError DecodeTypeId(const char* text, size_t length, Uuid& out, size_t& prefix_length,
                         size_t& suffix_start, size_t& position) noexcept;

}  // namespace uuid6
