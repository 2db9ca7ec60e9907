// The ULID text form of a UUID: the same 128 bits written as 26 characters
// of Crockford's base32, most significant first (https://github.com/ulid/spec).
//
// 26 characters carry 130 bits, so the first character holds only the top 3
// bits of the value and is 0-7. Because every character stands for a fixed
// group of bits and the alphabet is in ASCII order, the text of two UUIDs
// compares byte-wise exactly as the UUIDs do, and the first 10 characters
// are the 48 bits that hold a v7's Unix milliseconds, as in every ULID.
#pragma once

#include <cstddef>

#include "core/layout.hpp"

namespace uuid6 {

constexpr size_t kUlidLength = 26;

// Writes exactly kUlidLength upper-case characters, no terminator.
void EncodeUlid(const Uuid& id, char out[kUlidLength]) noexcept;

enum class UlidError {
  kNone,
  kWrongLength,   // not kUlidLength bytes
  kBadCharacter,  // a byte outside the alphabet (either case), at `position`
  kTooLarge,      // a first character above '7': more than 128 bits
};

// Reads a ULID in either case. Crockford's reading aids (I and L for 1,
// O for 0) are refused like any other character outside the alphabet, as
// ULID libraries do. On an error, `out` is unchanged and `position` is the
// offending byte's index (0 for kWrongLength and kTooLarge).
UlidError DecodeUlid(const char* text, size_t length, Uuid& out, size_t& position) noexcept;

}  // namespace uuid6
