// The spread layout (docs/spread.md): an RFC 9562 version 8 whose top bits name a
// bucket chosen by the generating backend, followed by a version 7 tick.
// Keys of one bucket go to one right edge of the index, so many writers at
// once append at as many edges instead of queueing on one page.
//
//   bits   0-7    bucket byte: bucket b of 2^k buckets is b << (8 - k), the
//                 low 8 - k bits zero, so that time sits at the same place
//                 whatever the bucket count
//   bits   8-47   v7 tick bits 67-28 (the top 40 bits of unix_ts_ms)
//   bits  48-51   version 1000
//   bits  52-63   v7 tick bits 27-16 (the low 8 bits of unix_ts_ms, the top
//                 4 bits of the Method 3 fraction)
//   bits  64-65   variant 10
//   bits  66-81   v7 tick bits 15-0 (the low 8 bits of the fraction, the
//                 8-bit counter)
//   bits  82-97   uuid6.node_id when set, random otherwise
//   bits  98-123  the spread mark, 26 fixed bits
//   bits 124-127  k = log2(bucket count), 1..8: the last hex digit
//
// The tick is the one a version 7 key would have carried (48-bit ms, 12-bit
// fraction, 8-bit counter: docs/design.md, Ticks and layouts), so the time reads back exactly as a
// v7's, rounded down the same way. Because every spread key takes its tick
// from the one cluster-wide v7 sequence, spread keys are unique across all
// buckets by construction and strictly increasing within each bucket (a
// subsequence of one strictly increasing sequence); the leases, clock
// regression handling and side-by-side rules of that sequence cover them
// with no state of their own.
//
// Telling the layout from uuid6's own v8 (docs/design.md, Ticks and layouts: ts60, seq, 54-bit random
// node): a spread key always carries the mark, a valid k and zero unused
// bucket bits, so it is always read as one. A v8 of the other layout has
// random bits at 98-127 (below any node id, which ends at bit 89), so it
// would pass for a spread key with probability 2^-26 (mark) * 8/16 (k in
// 1..8) * at most 1 (unused bucket bits zero): below 2^-27, 7.5e-9 per key.
// So uuid6 never hands out such a v8: WithoutSpreadMark flips the lowest
// mark bit (bit 123) of every one it makes that would read as a spread key,
// which costs one bit of randomness in those few keys and nothing in the
// others. A v8 made elsewhere (uuid_generate_v8 from bytes included) is
// read as it is.
#pragma once

#include <cstdint>

#include "core/layout.hpp"
#include "core/sequence.hpp"

namespace uuid6 {

constexpr int kSpreadMinBucketBits = 1;   // 2 buckets
constexpr int kSpreadMaxBucketBits = 8;   // 256 buckets
constexpr uint64_t kSpreadMark = 0x2F1A5C3;  // 26 bits
constexpr int kSpreadMarkBits = 26;
constexpr int kSpreadNodeIdShift = 30;    // bits 82-97, as a shift in the low word

// log2 of a bucket count that is a power of two from 2 to 256; -1 otherwise.
int SpreadBucketBits(int64_t buckets) noexcept;

// A spread key: bucket (masked to bucket_bits bits) and a v7 tick (68 bits);
// `random` fills the node bits unless node_id >= 0 (the bits below the v7
// counter start, as PackTick does, are not reused). bucket_bits must be
// 1..8 (SpreadBucketBits).
Uuid PackSpread(int bucket_bits, uint32_t bucket, Tick tick, uint64_t random,
                int node_id) noexcept;

// The smallest spread key of `bucket` whose tick is `tick`: every later bit
// zero, so a bound for range scans and partitions.
Uuid SpreadFloor(int bucket_bits, uint32_t bucket, Tick tick) noexcept;

struct SpreadKey {
  int bucket_bits;
  uint32_t bucket;
  Tick tick;  // the v7 tick: (unix_ms << 20) | (fraction12 << 8) | counter8
};

// True, with the fields, for a key of the spread layout (see above).
bool ReadSpread(const Uuid& id, SpreadKey& key) noexcept;
inline bool IsSpread(const Uuid& id) noexcept {
  SpreadKey key;
  return ReadSpread(id, key);
}

// `id`, a v8 of uuid6's own layout, unchanged unless it reads as a spread
// key; then with bit 123 flipped, so that it does not (see above).
Uuid WithoutSpreadMark(Uuid id) noexcept;

// The tick's time as a v7 reads it: whole ms, or with the fraction
// (rounded down to the microsecond).
int64_t SpreadUnixMicros(Tick tick, bool sub_ms) noexcept;

}  // namespace uuid6
