#include "core/spread.hpp"

#include "core/no_postgres.hpp"  // last: proves no PostgreSQL header came in

namespace uuid6 {

namespace {

constexpr uint64_t kMask40 = (uint64_t{1} << 40) - 1;
constexpr uint64_t kMarkMask = (uint64_t{1} << kSpreadMarkBits) - 1;

// The tick in the places left by the bucket byte, version and variant,
// most significant first.
Uuid PackTickBits(int bucket_bits, uint32_t bucket, Tick tick) noexcept {
  const uint64_t bucket_byte =
      (static_cast<uint64_t>(bucket) & ((uint64_t{1} << bucket_bits) - 1)) << (8 - bucket_bits);
  const uint64_t hi = (bucket_byte << 56) | ((static_cast<uint64_t>(tick >> 28) & kMask40) << 16) |
                      (uint64_t{8} << 12) | (static_cast<uint64_t>(tick >> 16) & 0xFFF);
  const uint64_t lo = kVariantRfc | ((static_cast<uint64_t>(tick) & 0xFFFF) << 46);
  return Uuid{hi, lo};
}

}  // namespace

int SpreadBucketBits(int64_t buckets) noexcept {
  for (int bits = kSpreadMinBucketBits; bits <= kSpreadMaxBucketBits; bits++)
    if (buckets == (int64_t{1} << bits)) return bits;
  return -1;
}

Uuid PackSpread(int bucket_bits, uint32_t bucket, Tick tick, uint64_t random,
                int node_id) noexcept {
  Uuid id = PackTickBits(bucket_bits, bucket, tick);
  const uint64_t node = node_id >= 0 ? static_cast<uint64_t>(node_id) & 0xFFFF
                                     : (random >> LayoutOf(Generator::kV7).random_start_bits) & 0xFFFF;
  id.lo |= (node << kSpreadNodeIdShift) | (kSpreadMark << 4) | static_cast<uint64_t>(bucket_bits);
  return id;
}

Uuid SpreadFloor(int bucket_bits, uint32_t bucket, Tick tick) noexcept {
  return PackTickBits(bucket_bits, bucket, tick);
}

bool ReadSpread(const Uuid& id, SpreadKey& key) noexcept {
  if (VersionOf(id) != 8) return false;
  if (((id.lo >> 4) & kMarkMask) != kSpreadMark) return false;
  const int bits = static_cast<int>(id.lo & 0xF);
  if (bits < kSpreadMinBucketBits || bits > kSpreadMaxBucketBits) return false;
  const uint64_t bucket_byte = id.hi >> 56;
  if ((bucket_byte & ((uint64_t{1} << (8 - bits)) - 1)) != 0) return false;
  key.bucket_bits = bits;
  key.bucket = static_cast<uint32_t>(bucket_byte >> (8 - bits));
  key.tick = (static_cast<Tick>((id.hi >> 16) & kMask40) << 28) |
             (static_cast<Tick>(id.hi & 0xFFF) << 16) | ((id.lo >> 46) & 0xFFFF);
  return true;
}

Uuid WithoutSpreadMark(Uuid id) noexcept {
  if (IsSpread(id)) id.lo ^= uint64_t{1} << 4;
  return id;
}

int64_t SpreadUnixMicros(Tick tick, bool sub_ms) noexcept {
  const uint64_t clock = static_cast<uint64_t>(tick >> 8);
  return sub_ms ? UnixMicrosFromV7Fraction(clock >> 12, static_cast<uint32_t>(clock & 0xFFF))
                : UnixMicrosFromV7(clock >> 12);
}

}  // namespace uuid6
