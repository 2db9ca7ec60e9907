#include "core/draft_v7.hpp"

#include "core/sequence.hpp"
#include "core/no_postgres.hpp"  // last: proves no PostgreSQL header came in

namespace uuid6 {

namespace {

constexpr uint64_t kMask36 = (uint64_t{1} << 36) - 1;

uint64_t LowBits(uint64_t value, int bits) noexcept {
  return bits >= 64 ? value : value & ((uint64_t{1} << bits) - 1);
}

}  // namespace

const DraftEncoding& DraftEncodingOf(DraftPrecision precision) noexcept {
  static constexpr DraftEncoding kEncodings[] = {
      {12, 12, 1000},        // ms: Figure 3
      {24, 14, 1000000},     // us: Figure 4
      {38, 8, 1000000000},   // ns: Figure 5
  };
  return kEncodings[static_cast<int>(precision)];
}

Status PackDraftV7(DraftPrecision precision, int64_t unix_units, uint32_t sequence,
                   uint64_t random, Uuid& out) noexcept {
  const DraftEncoding& encoding = DraftEncodingOf(precision);
  const int64_t per_second = encoding.units_per_second;
  if (unix_units < 0 || static_cast<uint64_t>(unix_units / per_second) > kMask36)
    return Status::kOutOfRange;
  const uint64_t seconds = static_cast<uint64_t>(unix_units / per_second);
  const int fraction_bits = encoding.fraction_bits;
  const int sequence_bits = encoding.sequence_bits;
  // docs/design.md, Ticks and layouts: the precision-blind decoder truncates to the microsecond, so
  // a value must stand for an instant no later than its microsecond allows.
  // Where a fraction step is finer than a microsecond ('us': 60 ns, 'ns':
  // 3.6 ps) the fraction is rounded up: it stays inside the instant's
  // microsecond (sequence and random bits add less than one more step), and
  // the decoder reads exactly that microsecond. For 'ms' (steps of 244 us)
  // rounding up could read up to 244 us late, so it rounds down.
  const Tick scaled = static_cast<Tick>(unix_units % per_second) << fraction_bits;
  const bool round_up = (uint64_t{1} << fraction_bits) > 1000000;
  const uint64_t fraction =
      static_cast<uint64_t>((scaled + (round_up ? per_second - 1 : 0)) / per_second);

  // All 86 sub-second bits (subsec_a, subsec_b, subsec_seq_node) in one
  // 128-bit value, most significant first: fraction, sequence, random.
  const int random_bits = 86 - fraction_bits - sequence_bits;
  const Tick subsec = (static_cast<Tick>(fraction) << (86 - fraction_bits)) |
                      (static_cast<Tick>(LowBits(sequence, sequence_bits)) << random_bits) |
                      LowBits(random, random_bits);
  const uint64_t subsec_a = static_cast<uint64_t>(subsec >> 74) & 0xFFF;
  const uint64_t subsec_b = static_cast<uint64_t>(subsec >> 62) & 0xFFF;
  const uint64_t subsec_seq_node = static_cast<uint64_t>(subsec) & ((uint64_t{1} << 62) - 1);
  out.hi = (seconds << 28) | (subsec_a << 16) | (uint64_t{7} << 12) | subsec_b;
  out.lo = kVariantRfc | subsec_seq_node;
  return Status::kOk;
}

bool ExtractDraftUnixMicros(const Uuid& id, int64_t& unix_us) noexcept {
  if (VersionOf(id) != 7) return false;
  const uint64_t seconds = id.hi >> 28;
  // The first 64 sub-second bits; the remaining 22 weigh under 2^-64 s.
  const uint64_t fraction64 = (((id.hi >> 16) & 0xFFF) << 52) | ((id.hi & 0xFFF) << 40) |
                              (LowBits(id.lo, 62) >> 22);
  // Truncated to the microsecond (docs/design.md, Ticks and layouts: never later than the value's
  // instant); below 10^6, so the second never carries.
  const int64_t micros = static_cast<int64_t>((static_cast<Tick>(fraction64) * 1000000) >> 64);
  unix_us = static_cast<int64_t>(seconds) * 1000000 + micros;
  return true;
}

}  // namespace uuid6
