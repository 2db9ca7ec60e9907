// Tagged keys: a version 7 key of the v7 sequence that carries a caller's
// tag, 0-255, which uuid_extract_tag reads back from the key alone ("which
// table does this id belong to"), as sno's "metabyte" does.
//
//   bits   0-63   as every v7 of the sequence: unix_ts_ms, version 0111, the
//                 Method 3 fraction (RFC 9562 §5.7, §6.2)
//   bits  64-65   variant 10
//   bits  66-73   the 8-bit counter (the tick's last bits)
//   bits  74-89   uuid6.node_id when set, random otherwise (as every v7)
//   bits  90-95   random
//   bits  96-119  the tag mark, 24 fixed bits (octets 12-14)
//   bits 120-127  the tag (octet 15: the last two hex digits of the text)
//
// Everything that orders the key lies above the tag: the 68-bit tick (ms,
// fraction, counter) is the very tick uuid_generate_v7() would have taken,
// from the same cluster-wide sequence, so tagged and untagged v7 keys of a
// cluster are unique together by construction and sort in the order they
// were made, whatever their tags (a key with tag 0 made after one with tag
// 255 is greater). It follows that a tag gives no clustering: keys of one
// tag are spread over the index among all others, exactly as if untagged.
// Every v7 reader (uuid_extract_time, the floors, uuid6_advance) reads a
// tagged key as the v7 it is.
//
// Telling a tagged key: the mark. A key is read as tagged when it is a v7 of
// the RFC variant whose bits 96-119 are the mark; anything else has no tag.
// A v7 made otherwise (uuid_generate_v7(), PostgreSQL's uuidv7(), any
// library) has random bits there and passes for a tagged key with
// probability 2^-24 (6e-8 per key), and then reads as a tag that means
// nothing. The mark is not zero, so the floors (uuid_v7_floor: every low bit
// zero) never read as tagged.
//
// The cost: the mark and the tag take 32 of the 54 bits a v7 keeps below
// its counter, leaving 22 random bits (6 where uuid6.node_id is set) beside
// the 7 random bits of the counter's start. Within a cluster keys are unique
// by the sequence, not by chance; across clusters, set uuid6.node_id.
#pragma once

#include <cstdint>

#include "core/layout.hpp"

namespace uuid6 {

constexpr int kTagMin = 0;
constexpr int kTagMax = 255;
constexpr uint64_t kTagMark = 0x7A9C3E;  // 24 bits, in bits 96-119
constexpr int kTagMarkShift = 8;          // as a shift in the low word

// Whether a tag is one a key can carry (0-255).
inline bool IsValidTag(int64_t tag) noexcept { return tag >= kTagMin && tag <= kTagMax; }

// `v7` with its last 32 bits replaced by the mark and `tag` (masked to 8
// bits). Meant for a v7 of the sequence (PackTick): nothing above bit 96
// changes, so neither does its order among keys of other ticks.
Uuid WithTag(Uuid v7, int tag) noexcept;

// True, with the tag, for a v7 of the RFC variant that carries the mark.
bool ReadTag(const Uuid& id, int& tag) noexcept;

}  // namespace uuid6
