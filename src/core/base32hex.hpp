// The base32hex text form of a UUID: the 16 bytes written with RFC 4648's
// "extended hex" alphabet (section 7: 0-9 then A-V), most significant first,
// exactly as PostgreSQL 19's encode(uuid_send(id), 'base32hex') writes them
// without the padding.
//
// RFC 4648 fills the last 5-bit group of a text with zero bits: 128 bits take
// 26 characters, the 26th holding the UUID's last 3 bits above 2 zero bits
// (so it is one of 0 4 8 C G K O S), and encode() then pads the text with
// "======" to a multiple of 8 characters. Because each character stands for a
// fixed group of bits and the alphabet is in ASCII order, the text of two
// UUIDs compares byte-wise (COLLATE "C") exactly as the UUIDs do.
#pragma once

#include <cstddef>

#include "core/layout.hpp"

namespace uuid6 {

constexpr size_t kBase32HexLength = 26;
// The same 26 characters followed by encode()'s padding, "======".
constexpr size_t kBase32HexPaddedLength = 32;

// Writes exactly kBase32HexLength upper-case characters (as encode() does),
// no padding and no terminator.
void EncodeBase32Hex(const Uuid& id, char out[kBase32HexLength]) noexcept;

enum class Base32HexError {
  kNone,
  kWrongLength,    // neither 26 nor 32 bytes
  kBadCharacter,   // one of the first 26 bytes outside the alphabet (either case), at `position`
  kLowBitsSet,     // the 26th character holds bits beyond the 128 (its 2 low bits not zero)
  kBadPadding,     // a 32-byte text whose bytes 27-32 are not all "=", at `position`
};

// Reads the 26 characters in either case, alone or followed by exactly the
// padding "======" that encode() writes. Everything else is refused, so that
// every UUID has one text (less the choice of case and padding): a 26th
// character whose 2 low bits are set would stand for the same UUID as the
// one with them clear, and is an error rather than silently dropped. On an
// error, `out` is unchanged and `position` is the offending byte's index (0
// for kWrongLength, 25 for kLowBitsSet). Bytes are checked from the first:
// the first one wrong decides the error.
Base32HexError DecodeBase32Hex(const char* text, size_t length, Uuid& out,
                               size_t& position) noexcept;

}  // namespace uuid6
