// Bit layouts of UUID versions 1, 6, 7 and 8 (RFC 9562 §5; docs/layouts.md),
// time conversions between those layouts and Unix time, and the range checks
// that keep a conversion from silently wrapping.
//
// A UUID is handled as two 64-bit words: `hi` holds octets 0-7 and `lo`
// octets 8-15, both read big-endian, so that comparing (hi, lo) as unsigned
// integers is exactly the byte-wise order PostgreSQL's uuid type uses.
#pragma once

#include <cstddef>
#include <cstdint>


namespace uuid6 {

struct Uuid {
  uint64_t hi;
  uint64_t lo;
};

inline bool operator==(const Uuid& a, const Uuid& b) noexcept {
  return a.hi == b.hi && a.lo == b.lo;
}
inline bool operator<(const Uuid& a, const Uuid& b) noexcept {
  return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo);
}

enum class Variant { kNcs, kRfc9562, kMicrosoft, kReserved };

// What a codec call can answer besides success; the glue maps each to an
// SQLSTATE (22008 for kOutOfRange, 22023 for the others).
enum class Status { kOk, kOutOfRange, kWrongVersion, kWrongVariant };

// 100-ns intervals between 1582-10-15 (Gregorian epoch of v1/v6) and
// 1970-01-01 (RFC 9562 §5.1).
constexpr int64_t kGregorianToUnix100ns = 0x01B21DD213814000LL;

constexpr uint64_t kMask60 = (uint64_t{1} << 60) - 1;
constexpr uint64_t kMask48 = (uint64_t{1} << 48) - 1;
constexpr uint64_t kVariantRfc = uint64_t{2} << 62;  // bits 64-65 = 10
// The multicast bit of a v1/v6 node: bit 87, the least significant bit of
// octet 10 (RFC 9562 §6.10), as a bit of the low word.
constexpr uint64_t kV6MulticastBit = uint64_t{1} << 40;

Uuid LoadUuid(const uint8_t bytes[16]) noexcept;
void StoreUuid(const Uuid& id, uint8_t bytes[16]) noexcept;

// The variant of bits 64-67 (RFC 9562 §4.1, Table 1).
Variant VariantOf(const Uuid& id) noexcept;
const char* VariantName(Variant variant) noexcept;
// The version nibble, bits 48-51, whatever the variant.
int VersionNibble(const Uuid& id) noexcept;
// The version when the variant is RFC 9562's, otherwise -1: the nibble means
// nothing under another variant.
int VersionOf(const Uuid& id) noexcept;

// Sets bits 48-51 to `version` and bits 64-65 to the RFC variant.
Uuid WithVersion(Uuid id, int version) noexcept;

// --- Packing: all inputs are masked to their field width. -------------------

// v1: time_low | time_mid | ver | time_hi | var | clock_seq(14) | node(48).
Uuid PackV1(uint64_t ts60, uint32_t clock_seq, uint64_t node48) noexcept;
// v6: the same fields with the timestamp most significant first (§5.6).
Uuid PackV6(uint64_t ts60, uint32_t clock_seq, uint64_t node48) noexcept;
// v7: unix_ts_ms(48) | ver | rand_a(12) | var | rand_b(62) (§5.7).
Uuid PackV7(uint64_t unix_ms, uint32_t rand_a, uint64_t rand_b62) noexcept;
// v8, this extension's layout: ts60 >> 12 | ver | ts60 & 0xFFF | var |
// seq(8) | node(54) (the draft's §4.5 example).
Uuid PackV8(uint64_t ts60, uint32_t seq, uint64_t node54) noexcept;

uint64_t V1Timestamp(const Uuid& id) noexcept;  // ts60
uint64_t V6Timestamp(const Uuid& id) noexcept;  // ts60
uint64_t V7UnixMillis(const Uuid& id) noexcept;
uint32_t V7RandA(const Uuid& id) noexcept;
uint64_t V8Timestamp(const Uuid& id) noexcept;  // ts60 in 16-ns units
uint32_t ClockSequence(const Uuid& id) noexcept;  // v1/v6: bits 66-79
uint64_t Node48(const Uuid& id) noexcept;         // v1/v6: bits 80-127
uint32_t Counter8(const Uuid& id) noexcept;       // v7/v8: bits 66-73
uint64_t Node54(const Uuid& id) noexcept;         // v8: bits 74-127

// --- v1 <-> v6: lossless reordering of the timestamp; low word untouched. ---

// `found_version` receives the version read from the input (-1 for a
// non-RFC variant) so that an error message can name it.
Status ConvertV1ToV6(const Uuid& in, Uuid& out, int& found_version) noexcept;
Status ConvertV6ToV1(const Uuid& in, Uuid& out, int& found_version) noexcept;

// --- Time conversions (Unix microseconds are what PostgreSQL holds). --------

// Floor division, so that instants before 1970 round toward the past.
int64_t FloorDiv(int64_t a, int64_t b) noexcept;

// Microseconds between 1970-01-01 (Unix) and 2000-01-01 (PostgreSQL's epoch).
constexpr int64_t kUnixToPostgresMicros = 946684800000000;

// Unix microseconds of a PostgreSQL timestamp (microseconds since 2000).
// The few instants whose Unix count exceeds int64 (the years from about
// 294247 on) give INT64_MAX, which lies beyond every layout's range: an
// encoder refuses it as out of range like any other too-late instant.
int64_t UnixMicrosFromPostgresMicros(int64_t postgres_us) noexcept;

// v1/v6: 100-ns since 1582-10-15, 0 .. 2^60-1.
Status V6TicksFromUnixMicros(int64_t unix_us, uint64_t& ts60) noexcept;
Status V6TicksFromUnixNanos(int64_t unix_ns, uint64_t& ts60) noexcept;
int64_t UnixMicrosFromV6Ticks(uint64_t ts60) noexcept;

// v7: milliseconds 0 .. 2^48-1 plus the §6.2 Method 3 fraction of the
// millisecond in 4096ths. docs/design.md, Ticks and layouts: every reading rounds down, so a time read
// from a value is never later than the instant it was made for.
// From whole microseconds (backfill): the fraction is rounded up,
// ceil(us * 4096 / 1000), so that the reading gives the same microsecond back.
Status V7TimeFromUnixMicros(int64_t unix_us, uint64_t& unix_ms,
                            uint32_t& fraction12) noexcept;
// From a clock reading in nanoseconds: floor(fraction_of_ms * 4096).
Status V7TimeFromUnixNanos(int64_t unix_ns, uint64_t& unix_ms,
                           uint32_t& fraction12) noexcept;
int64_t UnixMicrosFromV7(uint64_t unix_ms) noexcept;
// Reads the fraction as floor(f * 1000 / 4096) microseconds: never after the
// instant it stands for, and the exact inverse of V7TimeFromUnixMicros.
int64_t UnixMicrosFromV7Fraction(uint64_t unix_ms, uint32_t fraction12) noexcept;

// v8 (ours): Unix nanoseconds >> 4, from 1970 up to 2^64 ns (year 2554).
// The same rule as v7: whole microseconds are rounded up to the next 16-ns
// tick, clock readings down, and a tick reads as the microsecond it lies in.
Status V8TicksFromUnixMicros(int64_t unix_us, uint64_t& ts60) noexcept;
Status V8TicksFromUnixNanos(int64_t unix_ns, uint64_t& ts60) noexcept;
int64_t UnixMicrosFromV8Ticks(uint64_t ts60) noexcept;

// --- Reading a UUID. ---------------------------------------------------------

// Creation time in Unix microseconds for v1, v6, v7 and (this extension's
// layout of) v8; false for every other version and variant. With `sub_ms`,
// a v7 also reads rand_a as the Method 3 fraction.
bool ExtractUnixMicros(const Uuid& id, bool sub_ms, int64_t& unix_us) noexcept;

// The smallest UUID of the version whose timestamp is the given instant,
// rounded down to that version's precision.
Status V7Floor(int64_t unix_us, Uuid& out) noexcept;
Status V6Floor(int64_t unix_us, Uuid& out) noexcept;
Status V8Floor(int64_t unix_us, Uuid& out) noexcept;

// Every field uuid_inspect shows; -1 / false where the layout has none.
struct Fields {
  int version;  // -1 when the variant is not RFC 9562's
  Variant variant;
  bool has_time;
  int64_t unix_us;
  int32_t clock_seq;  // v1, v6
  int32_t counter;    // v7 (top of rand_b), v8 (seq)
  int node_bits;      // 0 = no node field; 48 (v1, v6) or 54 (v8)
  uint64_t node;
};
Fields Inspect(const Uuid& id) noexcept;

// RFC 9562 §5.8 / Appendix B.2: a v8 from the first 16 of `length` bytes;
// false when fewer than 16 are given.
bool V8FromBytes(const uint8_t* bytes, size_t length, Uuid& out) noexcept;

}  // namespace uuid6
