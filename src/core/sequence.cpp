#include "core/sequence.hpp"
#include "core/no_postgres.hpp"  // last: proves no PostgreSQL header came in

namespace uuid6 {

namespace {

constexpr SequenceLayout kLayouts[kGeneratorCount] = {
    // v6: 100-ns clock; one second = 10^7 units.
    {14, 13, 32, 10000000},
    // v7: 1/4096-ms clock; one second = 4,096,000 units.
    {8, 7, 38, 4096000},
    // v8: 16-ns clock; one second = 62,500,000 units.
    {8, 0, 38, 62500000},
};

constexpr uint64_t kNodeIdMask = 0xFFFF;

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
      break;
  }
  return V8TicksFromUnixNanos(unix_ns, clock);
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
      break;
  }
  return static_cast<int64_t>((static_cast<Tick>(units) * 16) / 1000);
}

uint64_t WithNodeId(Generator generator, uint64_t lo, int node_id) noexcept {
  if (node_id < 0) return lo;
  const int shift = LayoutOf(generator).node_id_shift;
  return (lo & ~(kNodeIdMask << shift)) | ((static_cast<uint64_t>(node_id) & kNodeIdMask) << shift);
}

int NodeIdOf(const Uuid& id) noexcept {
  switch (VersionOf(id)) {
    case 6:
      return static_cast<int>((id.lo >> LayoutOf(Generator::kV6).node_id_shift) & kNodeIdMask);
    case 7:
    case 8:
      return static_cast<int>((id.lo >> LayoutOf(Generator::kV7).node_id_shift) & kNodeIdMask);
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
  }
  id.lo = WithNodeId(generator, id.lo, node_id);
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
  }
  out.lo = WithNodeId(generator, out.lo, node_id);
  return status;
}

int64_t SequenceLeadMicros(Generator generator, const SequenceState& state,
                           uint64_t clock) noexcept {
  const Tick last_clock = LastTick(state) >> LayoutOf(generator).low_bits;
  if (last_clock <= clock) return 0;
  return MicrosFromClockUnits(generator, static_cast<uint64_t>(last_clock - clock));
}

}  // namespace uuid6
