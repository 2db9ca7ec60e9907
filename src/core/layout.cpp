#include "core/layout.hpp"

#include <cstring>

#include "core/spread.hpp"
#include "core/no_postgres.hpp"  // last: proves no PostgreSQL header came in

namespace uuid6 {

namespace {

constexpr int64_t kMicrosPerMilli = 1000;
constexpr int64_t kNanosPerMilli = 1000000;
// Unix microseconds that v6 ticks 0 and 2^60-1 stand for.
constexpr int64_t kV6MinUnixMicros = -kGregorianToUnix100ns / 10;
constexpr int64_t kV6MaxUnixMicros =
    (static_cast<int64_t>(kMask60) - kGregorianToUnix100ns) / 10;
// The last whole microsecond below 2^48 ms.
constexpr int64_t kV7MaxUnixMicros =
    static_cast<int64_t>(kMask48) * kMicrosPerMilli + (kMicrosPerMilli - 1);
// The last whole microsecond below 2^64 ns.
constexpr int64_t kV8MaxUnixMicros = static_cast<int64_t>(UINT64_MAX / 1000);

constexpr uint64_t kVersionMask = uint64_t{0xF} << 12;
constexpr uint64_t kVariantMask = uint64_t{3} << 62;

}  // namespace

// Octets are big-endian; the words are assembled with one byte swap each
// on little-endian hosts (memcpy keeps unaligned buffers legal).
namespace {

uint64_t BigEndianWord(const uint8_t* bytes) noexcept {
  uint64_t word;
  std::memcpy(&word, bytes, sizeof word);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  word = __builtin_bswap64(word);
#endif
  return word;
}

void StoreBigEndianWord(uint64_t word, uint8_t* bytes) noexcept {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  word = __builtin_bswap64(word);
#endif
  std::memcpy(bytes, &word, sizeof word);
}

}  // namespace

Uuid LoadUuid(const uint8_t bytes[16]) noexcept {
  return Uuid{BigEndianWord(bytes), BigEndianWord(bytes + 8)};
}

void StoreUuid(const Uuid& id, uint8_t bytes[16]) noexcept {
  StoreBigEndianWord(id.hi, bytes);
  StoreBigEndianWord(id.lo, bytes + 8);
}

Variant VariantOf(const Uuid& id) noexcept {
  const unsigned top3 = static_cast<unsigned>(id.lo >> 61);
  if ((top3 & 0x4) == 0) return Variant::kNcs;        // 0xx
  if ((top3 & 0x2) == 0) return Variant::kRfc9562;    // 10x
  if ((top3 & 0x1) == 0) return Variant::kMicrosoft;  // 110
  return Variant::kReserved;                          // 111
}

const char* VariantName(Variant variant) noexcept {
  switch (variant) {
    case Variant::kNcs:
      return "NCS";
    case Variant::kRfc9562:
      return "RFC 9562";
    case Variant::kMicrosoft:
      return "Microsoft";
    case Variant::kReserved:
      break;
  }
  return "reserved";
}

int VersionNibble(const Uuid& id) noexcept {
  return static_cast<int>((id.hi >> 12) & 0xF);
}

int VersionOf(const Uuid& id) noexcept {
  return VariantOf(id) == Variant::kRfc9562 ? VersionNibble(id) : -1;
}

Uuid WithVersion(Uuid id, int version) noexcept {
  id.hi = (id.hi & ~kVersionMask) | (static_cast<uint64_t>(version & 0xF) << 12);
  id.lo = (id.lo & ~kVariantMask) | kVariantRfc;
  return id;
}

Uuid PackV1(uint64_t ts60, uint32_t clock_seq, uint64_t node48) noexcept {
  ts60 &= kMask60;
  const uint64_t hi = ((ts60 & 0xFFFFFFFFu) << 32) | (((ts60 >> 32) & 0xFFFF) << 16) |
                      (uint64_t{1} << 12) | (ts60 >> 48);
  const uint64_t lo =
      kVariantRfc | (static_cast<uint64_t>(clock_seq & 0x3FFF) << 48) | (node48 & kMask48);
  return Uuid{hi, lo};
}

Uuid PackV6(uint64_t ts60, uint32_t clock_seq, uint64_t node48) noexcept {
  ts60 &= kMask60;
  const uint64_t hi = ((ts60 >> 12) << 16) | (uint64_t{6} << 12) | (ts60 & 0xFFF);
  const uint64_t lo =
      kVariantRfc | (static_cast<uint64_t>(clock_seq & 0x3FFF) << 48) | (node48 & kMask48);
  return Uuid{hi, lo};
}

Uuid PackV7(uint64_t unix_ms, uint32_t rand_a, uint64_t rand_b62) noexcept {
  const uint64_t hi = ((unix_ms & kMask48) << 16) | (uint64_t{7} << 12) | (rand_a & 0xFFF);
  return Uuid{hi, kVariantRfc | (rand_b62 & ~kVariantMask)};
}

Uuid PackV8(uint64_t ts60, uint32_t seq, uint64_t node54) noexcept {
  ts60 &= kMask60;
  const uint64_t hi = ((ts60 >> 12) << 16) | (uint64_t{8} << 12) | (ts60 & 0xFFF);
  const uint64_t lo = kVariantRfc | (static_cast<uint64_t>(seq & 0xFF) << 54) |
                      (node54 & ((uint64_t{1} << 54) - 1));
  return Uuid{hi, lo};
}

uint64_t V1Timestamp(const Uuid& id) noexcept {
  const uint64_t time_low = id.hi >> 32;
  const uint64_t time_mid = (id.hi >> 16) & 0xFFFF;
  const uint64_t time_hi = id.hi & 0xFFF;
  return (time_hi << 48) | (time_mid << 32) | time_low;
}

uint64_t V6Timestamp(const Uuid& id) noexcept {
  return ((id.hi >> 16) << 12) | (id.hi & 0xFFF);
}

uint64_t V7UnixMillis(const Uuid& id) noexcept { return id.hi >> 16; }
uint32_t V7RandA(const Uuid& id) noexcept { return static_cast<uint32_t>(id.hi & 0xFFF); }
uint64_t V8Timestamp(const Uuid& id) noexcept { return V6Timestamp(id); }

uint32_t ClockSequence(const Uuid& id) noexcept {
  return static_cast<uint32_t>((id.lo >> 48) & 0x3FFF);
}
uint64_t Node48(const Uuid& id) noexcept { return id.lo & kMask48; }
uint32_t Counter8(const Uuid& id) noexcept { return static_cast<uint32_t>((id.lo >> 54) & 0xFF); }
uint64_t Node54(const Uuid& id) noexcept { return id.lo & ((uint64_t{1} << 54) - 1); }

namespace {

// Shared shape of both conversions: check the input, then rebuild the high
// word from the timestamp read the input's way.
Status ConvertTimestampOrder(const Uuid& in, int expected, Uuid& out,
                             int& found_version) noexcept {
  found_version = VersionOf(in);
  if (found_version < 0) return Status::kWrongVariant;
  if (found_version != expected) return Status::kWrongVersion;
  const uint64_t ts60 = expected == 1 ? V1Timestamp(in) : V6Timestamp(in);
  const Uuid rebuilt = expected == 1 ? PackV6(ts60, 0, 0) : PackV1(ts60, 0, 0);
  out = Uuid{rebuilt.hi, in.lo};
  return Status::kOk;
}

}  // namespace

Status ConvertV1ToV6(const Uuid& in, Uuid& out, int& found_version) noexcept {
  return ConvertTimestampOrder(in, 1, out, found_version);
}

Status ConvertV6ToV1(const Uuid& in, Uuid& out, int& found_version) noexcept {
  return ConvertTimestampOrder(in, 6, out, found_version);
}

int64_t FloorDiv(int64_t a, int64_t b) noexcept {
  const int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

int64_t UnixMicrosFromPostgresMicros(int64_t postgres_us) noexcept {
  // PostgreSQL's last years (from about 294247 on) do not fit in int64 once
  // shifted to 1970. Saturating keeps them where they belong: past the end
  // of every layout, so each encoder's range check refuses them.
  int64_t unix_us = 0;
  if (__builtin_add_overflow(postgres_us, kUnixToPostgresMicros, &unix_us)) return INT64_MAX;
  return unix_us;
}

Status V6TicksFromUnixMicros(int64_t unix_us, uint64_t& ts60) noexcept {
  if (unix_us < kV6MinUnixMicros || unix_us > kV6MaxUnixMicros) return Status::kOutOfRange;
  ts60 = static_cast<uint64_t>(unix_us * 10 + kGregorianToUnix100ns);
  return Status::kOk;
}

Status V6TicksFromUnixNanos(int64_t unix_ns, uint64_t& ts60) noexcept {
  // Every int64 nanosecond count (1677 .. 2262) lies inside the v6 range.
  ts60 = static_cast<uint64_t>(FloorDiv(unix_ns, 100) + kGregorianToUnix100ns);
  return Status::kOk;
}

int64_t UnixMicrosFromV6Ticks(uint64_t ts60) noexcept {
  return FloorDiv(static_cast<int64_t>(ts60 & kMask60) - kGregorianToUnix100ns, 10);
}

Status V7TimeFromUnixMicros(int64_t unix_us, uint64_t& unix_ms, uint32_t& fraction12) noexcept {
  if (unix_us < 0 || unix_us > kV7MaxUnixMicros) return Status::kOutOfRange;
  unix_ms = static_cast<uint64_t>(unix_us / kMicrosPerMilli);
  // Rounded up: a fraction step (244 ns) is finer than a microsecond, so
  // the smallest fraction at or after the instant is still inside its
  // microsecond, and the decoder's floor reads that microsecond back. At
  // most ceil(999 * 4.096) = 4092: never spills into the next millisecond.
  fraction12 = static_cast<uint32_t>(
      ((unix_us % kMicrosPerMilli) * 4096 + kMicrosPerMilli - 1) / kMicrosPerMilli);
  return Status::kOk;
}

Status V7TimeFromUnixNanos(int64_t unix_ns, uint64_t& unix_ms, uint32_t& fraction12) noexcept {
  if (unix_ns < 0) return Status::kOutOfRange;  // int64 ns never reach 2^48 ms
  unix_ms = static_cast<uint64_t>(unix_ns / kNanosPerMilli);
  // Rounded down: a clock reading is finer than a fraction step, and the
  // value must not claim a later instant than the reading.
  fraction12 = static_cast<uint32_t>((unix_ns % kNanosPerMilli) * 4096 / kNanosPerMilli);
  return Status::kOk;
}

int64_t UnixMicrosFromV7(uint64_t unix_ms) noexcept {
  return static_cast<int64_t>(unix_ms & kMask48) * kMicrosPerMilli;
}

int64_t UnixMicrosFromV7Fraction(uint64_t unix_ms, uint32_t fraction12) noexcept {
  // floor(f * 1000 / 4096): the last whole microsecond at or before the
  // instant the fraction stands for, so a reading is never later than the
  // value's making (docs/design.md, Ticks and layouts); at most 999 for f = 4095.
  const int64_t micros = static_cast<int64_t>(fraction12 & 0xFFF) * kMicrosPerMilli / 4096;
  return UnixMicrosFromV7(unix_ms) + micros;
}

Status V8TicksFromUnixMicros(int64_t unix_us, uint64_t& ts60) noexcept {
  if (unix_us < 0 || unix_us > kV8MaxUnixMicros) return Status::kOutOfRange;
  // Rounded up to the next 16-ns tick, so that the truncating decode reads
  // the same microsecond back (no overflow: kV8MaxUnixMicros * 1000 + 15
  // is below 2^64).
  ts60 = (static_cast<uint64_t>(unix_us) * 1000 + 15) >> 4;
  return Status::kOk;
}

Status V8TicksFromUnixNanos(int64_t unix_ns, uint64_t& ts60) noexcept {
  if (unix_ns < 0) return Status::kOutOfRange;
  ts60 = static_cast<uint64_t>(unix_ns) >> 4;
  return Status::kOk;
}

int64_t UnixMicrosFromV8Ticks(uint64_t ts60) noexcept {
  // Truncated: never later than the tick's instant.
  return static_cast<int64_t>(((ts60 & kMask60) << 4) / 1000);
}

bool ExtractUnixMicros(const Uuid& id, bool sub_ms, int64_t& unix_us) noexcept {
  switch (VersionOf(id)) {
    case 1:
      unix_us = UnixMicrosFromV6Ticks(V1Timestamp(id));
      return true;
    case 6:
      unix_us = UnixMicrosFromV6Ticks(V6Timestamp(id));
      return true;
    case 7:
      unix_us = sub_ms ? UnixMicrosFromV7Fraction(V7UnixMillis(id), V7RandA(id))
                       : UnixMicrosFromV7(V7UnixMillis(id));
      return true;
    case 8: {
      // A spread key reads as the v7 it carries (core/spread.hpp).
      SpreadKey spread;
      unix_us = ReadSpread(id, spread) ? SpreadUnixMicros(spread.tick, sub_ms)
                                       : UnixMicrosFromV8Ticks(V8Timestamp(id));
      return true;
    }
    default:
      return false;
  }
}

Status V7Floor(int64_t unix_us, Uuid& out) noexcept {
  uint64_t unix_ms = 0;
  uint32_t fraction = 0;
  const Status status = V7TimeFromUnixMicros(unix_us, unix_ms, fraction);
  if (status == Status::kOk) out = PackV7(unix_ms, 0, 0);
  return status;
}

Status V6Floor(int64_t unix_us, Uuid& out) noexcept {
  uint64_t ts60 = 0;
  const Status status = V6TicksFromUnixMicros(unix_us, ts60);
  if (status == Status::kOk) out = PackV6(ts60, 0, 0);
  return status;
}

// The smallest v8 of uuid6's layout that reads back as the instant or later:
// its tick rounded up, as a backfilled v8's, with sequence and node zero.
Status V8Floor(int64_t unix_us, Uuid& out) noexcept {
  uint64_t ts60 = 0;
  const Status status = V8TicksFromUnixMicros(unix_us, ts60);
  if (status == Status::kOk) out = PackV8(ts60, 0, 0);
  return status;
}

Fields Inspect(const Uuid& id) noexcept {
  Fields fields{};
  fields.version = VersionOf(id);
  fields.variant = VariantOf(id);
  fields.has_time = ExtractUnixMicros(id, false, fields.unix_us);
  fields.clock_seq = -1;
  fields.counter = -1;
  fields.node_bits = 0;
  fields.node = 0;
  switch (fields.version) {
    case 1:
    case 6:
      fields.clock_seq = static_cast<int32_t>(ClockSequence(id));
      fields.node_bits = 48;
      fields.node = Node48(id);
      break;
    case 7:
      fields.counter = static_cast<int32_t>(Counter8(id));
      break;
    case 8: {
      // A spread key shows its v7 counter and, like a v7, no node.
      SpreadKey spread;
      if (ReadSpread(id, spread)) {
        fields.counter = static_cast<int32_t>(spread.tick & 0xFF);
        break;
      }
      fields.counter = static_cast<int32_t>(Counter8(id));
      fields.node_bits = 54;
      fields.node = Node54(id);
      break;
    }
    default:
      break;
  }
  return fields;
}

bool V8FromBytes(const uint8_t* bytes, size_t length, Uuid& out) noexcept {
  if (bytes == nullptr || length < 16) return false;
  out = WithVersion(LoadUuid(bytes), 8);
  return true;
}

}  // namespace uuid6
