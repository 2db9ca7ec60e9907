// The UUIDv7 of the Internet-Draft this project was founded on
// (draft-peabody-dispatch-new-uuid-format-01/-02, §4.4), replaced in draft -03
// by RFC 9562's millisecond layout. Offered explicitly, never by default:
//
//   unixts (36 bits, Unix seconds) | subsec_a (12) | ver 0111 | subsec_b (12) |
//   var 10 | subsec_seq_node (62)
//
// The sub-second bits are a binary fraction of the second, most significant
// first, spread over subsec_a, subsec_b and the top of subsec_seq_node. The
// draft's three encodings (Figures 3-5):
//   ms: 12 fraction bits | 12-bit sequence (subsec_b) | 62 random
//   us: 24 fraction bits | 14-bit sequence | 48 random
//   ns: 38 fraction bits | 8-bit sequence  | 40 random
#pragma once

#include <cstdint>

#include "core/layout.hpp"

namespace uuid6 {

enum class DraftPrecision { kMillis, kMicros, kNanos };

// One encoding of Figures 3-5: how many sub-second bits hold the fraction
// and the sequence, and the clock unit the sequence counts (10^3, 10^6 or
// 10^9 per second).
struct DraftEncoding {
  int fraction_bits;
  int sequence_bits;
  int64_t units_per_second;
};
const DraftEncoding& DraftEncodingOf(DraftPrecision precision) noexcept;

inline int64_t DraftUnitsPerSecond(DraftPrecision precision) noexcept {
  return DraftEncodingOf(precision).units_per_second;
}

// A draft v7 from Unix time in the precision's unit (ms, us or ns since
// 1970), a sequence value and random bits. The fraction is sub-second x
// 2^bits, rounded up for 'us' and 'ns' (their steps are finer than a
// microsecond, so the value reads back as exactly its microsecond) and down
// for 'ms'. Out of range: before 1970 or at/after 2^36 s.
Status PackDraftV7(DraftPrecision precision, int64_t unix_units, uint32_t sequence,
                   uint64_t random, Uuid& out) noexcept;

// §4.4.4.2: decoded without knowing the precision, the concatenated subsec
// bits read as a binary fraction of the second, truncated to the
// microsecond. False for anything but an RFC-variant version 7.
bool ExtractDraftUnixMicros(const Uuid& id, int64_t& unix_us) noexcept;

}  // namespace uuid6
