#include "core/sequence.hpp"

#include "core/draft_v7.hpp"
#include "core/spread.hpp"
#include "core/no_postgres.hpp"  // last: proves no PostgreSQL header came in

namespace uuid6 {

namespace {

constexpr SequenceLayout kLayouts[kGeneratorCount] = {
    // v6: 100-ns clock; one second = 10^7 units. The node id goes in
    // octets 11-12, after the octet that holds the multicast bit.
    {14, 13, 24, 10000000},
    // v7: 1/4096-ms clock; one second = 4,096,000 units.
    {8, 7, 38, 4096000},
    // v8: 16-ns clock; one second = 62,500,000 units.
    {8, 0, 38, 62500000},
    // Draft v7 at ms, us and ns precision; one second = 10^3, 10^6, 10^9 units.
    {12, 0, -1, 1000},
    {14, 0, -1, 1000000},
    {8, 0, -1, 1000000000},
};

DraftPrecision DraftPrecisionOf(Generator generator) noexcept {
  switch (generator) {
    case Generator::kDraftV7Millis:
      return DraftPrecision::kMillis;
    case Generator::kDraftV7Micros:
      return DraftPrecision::kMicros;
    default:
      break;
  }
  return DraftPrecision::kNanos;
}

int64_t DraftUnitsPerMicro(Generator generator) noexcept {
  return DraftUnitsPerSecond(DraftPrecisionOf(generator)) / 1000000;
}

constexpr uint64_t kNodeIdMask = 0xFFFF;

// RFC 9562 §6.10: a random v6 node MUST have the multicast bit set, so that
// it can never equal an IEEE 802 address. Applied after the node id, which
// lies below it.
uint64_t WithRandomV6Node(uint64_t lo) noexcept { return lo | kV6MulticastBit; }

}  // namespace

const SequenceLayout& LayoutOf(Generator generator) noexcept {
  return kLayouts[static_cast<int>(generator)];
}

Status ClockPartFromUnixNanos(Generator generator, int64_t unix_ns, uint64_t& clock) noexcept {
  switch (generator) {
    case Generator::kV6:
      return V6TicksFromUnixNanos(unix_ns, clock);
    case Generator::kV7: {
      uint64_t unix_ms = 0;
      uint32_t fraction = 0;
      const Status status = V7TimeFromUnixNanos(unix_ns, unix_ms, fraction);
      clock = (unix_ms << 12) | fraction;
      return status;
    }
    case Generator::kV8:
      return V8TicksFromUnixNanos(unix_ns, clock);
    default:
      break;
  }
  // Draft v7: Unix time in the precision's unit.
  if (unix_ns < 0) return Status::kOutOfRange;
  clock = static_cast<uint64_t>(unix_ns) /
          static_cast<uint64_t>(1000000000 / DraftUnitsPerSecond(DraftPrecisionOf(generator)));
  return Status::kOk;
}

int64_t MicrosFromClockUnits(Generator generator, uint64_t units) noexcept {
  // Each unit count is below 2^61, so the products below fit in 64 bits
  // when taken through unsigned __int128.
  switch (generator) {
    case Generator::kV6:
      return static_cast<int64_t>(units / 10);
    case Generator::kV7:
      return static_cast<int64_t>((static_cast<Tick>(units) * 1000) / 4096);
    case Generator::kV8:
      return static_cast<int64_t>((static_cast<Tick>(units) * 16) / 1000);
    case Generator::kDraftV7Millis:
      return static_cast<int64_t>(units * 1000);
    default:
      break;
  }
  const int64_t per_micro = DraftUnitsPerMicro(generator);
  return static_cast<int64_t>(units) / (per_micro > 0 ? per_micro : 1);
}

uint64_t WithNodeId(Generator generator, uint64_t lo, int node_id) noexcept {
  const int shift = LayoutOf(generator).node_id_shift;
  if (node_id < 0 || shift < 0) return lo;
  return (lo & ~(kNodeIdMask << shift)) | ((static_cast<uint64_t>(node_id) & kNodeIdMask) << shift);
}

int NodeIdOf(const Uuid& id) noexcept {
  switch (VersionOf(id)) {
    case 6:
      return static_cast<int>((id.lo >> LayoutOf(Generator::kV6).node_id_shift) & kNodeIdMask);
    case 7:
      return static_cast<int>((id.lo >> LayoutOf(Generator::kV7).node_id_shift) & kNodeIdMask);
    case 8:
      // A spread key keeps its node id after the v7 tick (core/spread.hpp).
      return static_cast<int>(
          (id.lo >> (IsSpread(id) ? kSpreadNodeIdShift : LayoutOf(Generator::kV8).node_id_shift)) &
          kNodeIdMask);
    default:
      return -1;
  }
}

Uuid PackTick(Generator generator, Tick tick, uint64_t random, int node_id) noexcept {
  const SequenceLayout& layout = LayoutOf(generator);
  const uint64_t clock = static_cast<uint64_t>(tick >> layout.low_bits);
  const uint32_t counter =
      static_cast<uint32_t>(tick & ((Tick{1} << layout.low_bits) - 1));
  // The bits that chose the counter start are not reused for the payload.
  const uint64_t payload = random >> layout.random_start_bits;
  Uuid id{0, 0};
  switch (generator) {
    case Generator::kV6:
      id = PackV6(clock, counter, payload);
      break;
    case Generator::kV7:
      id = PackV7(clock >> 12, static_cast<uint32_t>(clock & 0xFFF),
                  (static_cast<uint64_t>(counter) << 54) | (payload & ((uint64_t{1} << 54) - 1)));
      break;
    case Generator::kV8:
      id = PackV8(clock, counter, payload);
      break;
    default:
      // The clock part counts units since 1970 from a real clock, always in
      // the draft's range.
      PackDraftV7(DraftPrecisionOf(generator), static_cast<int64_t>(clock), counter, random, id);
      return id;
  }
  id.lo = WithNodeId(generator, id.lo, node_id);
  if (generator == Generator::kV6) id.lo = WithRandomV6Node(id.lo);
  if (generator == Generator::kV8) id = WithoutSpreadMark(id);
  return id;
}

Status PackAtInstant(Generator generator, int64_t unix_us, uint64_t random, int node_id,
                     Uuid& out) noexcept {
  Status status = Status::kOk;
  switch (generator) {
    case Generator::kV6: {
      uint64_t ts60 = 0;
      status = V6TicksFromUnixMicros(unix_us, ts60);
      out = PackV6(ts60, static_cast<uint32_t>(random >> 48), random);
      break;
    }
    case Generator::kV7: {
      uint64_t unix_ms = 0;
      uint32_t fraction = 0;
      status = V7TimeFromUnixMicros(unix_us, unix_ms, fraction);
      out = PackV7(unix_ms, fraction, random);
      break;
    }
    case Generator::kV8: {
      uint64_t ts60 = 0;
      status = V8TicksFromUnixMicros(unix_us, ts60);
      out = PackV8(ts60, static_cast<uint32_t>(random >> 56), random);
      break;
    }
    default:
      return Status::kOutOfRange;  // the draft layouts have no backfill
  }
  out.lo = WithNodeId(generator, out.lo, node_id);
  if (generator == Generator::kV6) out.lo = WithRandomV6Node(out.lo);
  if (generator == Generator::kV8) out = WithoutSpreadMark(out);
  return status;
}

int64_t SequenceLeadMicros(Generator generator, const SequenceState& state,
                           uint64_t clock) noexcept {
  const Tick last_clock = LastTick(state) >> LayoutOf(generator).low_bits;
  if (last_clock <= clock) return 0;
  return MicrosFromClockUnits(generator, static_cast<uint64_t>(last_clock - clock));
}

bool TickOfUuid(Generator generator, const Uuid& id, Tick& tick) noexcept {
  const int version = VersionOf(id);
  switch (generator) {
    case Generator::kV6:
      if (version != 6) return false;
      tick = (static_cast<Tick>(V6Timestamp(id)) << 14) | ClockSequence(id);
      return true;
    case Generator::kV7: {
      // A spread key carries a tick of the v7 sequence (core/spread.hpp).
      SpreadKey spread;
      if (ReadSpread(id, spread)) {
        tick = spread.tick;
        return true;
      }
      if (version != 7) return false;
      tick = (static_cast<Tick>((V7UnixMillis(id) << 12) | V7RandA(id)) << 8) | Counter8(id);
      return true;
    }
    case Generator::kV8:
      if (version != 8 || IsSpread(id)) return false;
      tick = (static_cast<Tick>(V8Timestamp(id)) << 8) | Counter8(id);
      return true;
    default:
      break;
  }
  return false;
}

int MaxTickBits(Generator generator) noexcept {
  const int clock_bits = static_cast<int>(generator) < kRfcGeneratorCount ? 60 : 63;
  return clock_bits + LayoutOf(generator).low_bits;
}

int64_t UnixMicrosFromClockPart(Generator generator, uint64_t clock) noexcept {
  switch (generator) {
    case Generator::kV6:
      return UnixMicrosFromV6Ticks(clock);
    case Generator::kV7:
      return UnixMicrosFromV7Fraction(clock >> 12, static_cast<uint32_t>(clock & 0xFFF));
    case Generator::kV8:
      return UnixMicrosFromV8Ticks(clock);
    default:
      break;
  }
  // Draft v7: units since 1970.
  return MicrosFromClockUnits(generator, clock);
}

}  // namespace uuid6
