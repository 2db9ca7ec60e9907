// The cluster-wide monotonic sequence (docs/design.md, The shared sequence), as pure integer logic.
//
// Each generator keeps one *tick*: its clock part (the layout's timestamp,
// 60 bits) shifted above a small counter. A new value is
//     next = clock moved past last ? (clock << low_bits) | random start
//                                  : last + 1
// so values are strictly increasing whatever the clock does, and a counter
// overflow carries into the timestamp (RFC 9562 §6.2, "borrowing" a future
// tick). The glue calls TryAdvanceSequence with the spinlock held: it is a
// handful of integer operations, with no call that can fail or block.
#pragma once

#include <cstdint>

#include "core/layout.hpp"

namespace uuid6 {

// Ticks are up to 74 bits wide; compared as 128-bit integers.
__extension__ typedef unsigned __int128 Tick;

// The RFC 9562 generators first, then the draft-era v7 at its three
// precisions (docs/design.md, Ticks and layouts), each with a sequence of its own.
enum class Generator : int {
  kV6 = 0,
  kV7 = 1,
  kV8 = 2,
  kDraftV7Millis = 3,
  kDraftV7Micros = 4,
  kDraftV7Nanos = 5
};
constexpr int kRfcGeneratorCount = 3;
constexpr int kGeneratorCount = 6;

struct SequenceLayout {
  int low_bits;           // counter width below the clock part
  int random_start_bits;  // a new clock tick starts the counter at this many random bits
  int node_id_shift;      // where uuid6.node_id goes in the low word (docs/design.md, The shared sequence); -1: nowhere
  // Clock readings are taken outside the lock, so two backends can arrive in
  // the opposite order of their readings. A reading this far behind the
  // newest one seen (one second, in clock units) is a clock regression, not
  // such a race.
  uint64_t race_tolerance;
};

// docs/design.md, Ticks and layouts: v6 counts in a 14-bit clock_seq that starts at 13 random
// bits, v7 in an 8-bit counter that starts at 7 random bits, v8 in an 8-bit
// sequence that starts at zero (the draft's rule). The draft v7 sequences
// count ms, us or ns since 1970, with the draft's 12-, 14- or 8-bit sequence
// starting at zero.
const SequenceLayout& LayoutOf(Generator generator) noexcept;

// Shared-memory form of one sequence: plain 64-bit words only, so that it
// needs no more than the 8-byte alignment PostgreSQL's allocators give.
struct SequenceState {
  uint64_t last_hi;  // last tick handed out
  uint64_t last_lo;
  uint64_t clock_high_water;  // newest clock part used, in clock units
  uint64_t generated;
  uint64_t regressions;
  uint64_t largest_regression;  // in clock units
  // The durable lease (docs/design.md, The cluster's lease): no tick above it is handed out
  // until a state file saying so has been written. Zero until then.
  uint64_t lease_hi;
  uint64_t lease_lo;
  // The last tick before the lease counts as running low (LeaseRunningLow),
  // kept beside it so that the hot path tests it with one comparison.
  uint64_t renew_after_hi;
  uint64_t renew_after_lo;
};

// The clock part of a Unix-nanosecond reading: v6 100-ns ticks since 1582,
// v7 (ms << 12 | Method 3 fraction), v8 ns >> 4; draft v7: ms, us or ns.
Status ClockPartFromUnixNanos(Generator generator, int64_t unix_ns, uint64_t& clock) noexcept;
// Clock units to microseconds (v6 100 ns, v7 1/4096 ms, v8 16 ns, draft
// v7 its precision's unit).
int64_t MicrosFromClockUnits(Generator generator, uint64_t units) noexcept;

inline Tick LastTick(const SequenceState& state) noexcept {
  return (static_cast<Tick>(state.last_hi) << 64) | state.last_lo;
}

inline Tick LeaseTick(const SequenceState& state) noexcept {
  return (static_cast<Tick>(state.lease_hi) << 64) | state.lease_lo;
}

// What a lease allows for the write of the next one: the time a write took
// (from the clock reading its lease is taken at to the moment it is
// installed), in clock units. A write slower than ten seconds counts as ten,
// so that a stalled disk cannot carry the sequences far ahead of the clock.
constexpr int64_t kMaxWriteAllowanceMicros = 10 * 1000000;
inline uint64_t WriteAllowance(const SequenceLayout& layout, int64_t write_micros) noexcept {
  if (write_micros <= 0) return 0;
  if (write_micros > kMaxWriteAllowanceMicros) write_micros = kMaxWriteAllowanceMicros;
  return static_cast<uint64_t>(static_cast<Tick>(layout.race_tolerance) *
                               static_cast<uint64_t>(write_micros) / 1000000);
}

// How far a lease reaches past the clock part it was taken at, and how
// little of it may remain before it is renewed (its margin). With writes
// that take no time: two seconds and one, so that under load a renewal
// comes about every second, with a second to spare. A write that takes time
// W would otherwise install a lease with less than that left, already due
// when the write ends, and so be followed at once by another: the next
// caller would renew again, and a disk slower than a second would make
// every call write. So a lease taken with an allowance A (the write time
// measured last) reaches 2 s + 3 A: A for its own write, and, as its
// renewal point lies half-way through the room left when it is installed
// (RenewalPointFrom), 1 s + A of margin for the next write and as much room
// before that write begins.
constexpr uint64_t LeaseSpan(const SequenceLayout& layout, uint64_t allowance = 0) noexcept {
  return 2 * layout.race_tolerance + 3 * allowance;
}
constexpr uint64_t LeaseRenewBelow(const SequenceLayout& layout, uint64_t allowance = 0) noexcept {
  return layout.race_tolerance + allowance;
}
// The furthest a lease ever reaches past the clock part it was taken at.
inline uint64_t MaxLeaseSpan(const SequenceLayout& layout) noexcept {
  return LeaseSpan(layout, WriteAllowance(layout, kMaxWriteAllowanceMicros));
}
// The least room a lease leaves above the last tick (10 ms of clock), for a
// sequence that runs so far ahead of the clock that two seconds past the
// clock would not cover its next tick.
constexpr uint64_t LeaseMinimumRoom(const SequenceLayout& layout) noexcept {
  return layout.race_tolerance / 100;
}

// The lease to persist for a sequence at `last` when the clock part reads
// `clock`: the lease span past the clock (two seconds, more with a write
// allowance), up to the last tick of that clock part — taken from the
// clock, never from `last`, so that a lease restored after a restart (where
// the sequence resumes at the old lease, up to a span ahead of the clock) is
// not carried a span further, and quick restarts in a row never add to the
// lead. Only a sequence already ahead of that (a clock stepped back,
// uuid6_advance) gets a lease from its last tick, with the minimum room:
// each restart then adds at most 10 ms of lead, less the time the restart
// took.
inline Tick LeaseFor(const SequenceLayout& layout, Tick last, uint64_t clock,
                     uint64_t allowance = 0) noexcept {
  Tick end = static_cast<Tick>(clock) + LeaseSpan(layout, allowance);
  const Tick from_last = (last >> layout.low_bits) + LeaseMinimumRoom(layout);
  if (from_last > end) end = from_last;
  return ((end + 1) << layout.low_bits) - 1;
}

// The lease to persist when a sequence at `last` whose installed lease is
// `lease` is renewed at clock part `clock`: LeaseFor, but never less than
// the installed lease plus the minimum room (measured from `last` if that
// is higher). A sequence ahead of the clock whose last tick lies within a
// second of its lease gets no more from LeaseFor than the lease it has;
// without this floor such a renewal would write the same lease again and
// leave the renewal point where it was, so that every later call would
// renew once more. With it each renewal extends the lease, and so moves the
// renewal point past `last` (ExtendLease). In every other case LeaseFor is
// already at least this far (a clock past the renewal point puts LeaseFor a
// second beyond the lease), so a restored lease gains no more than before.
inline Tick RenewedLease(const SequenceLayout& layout, Tick last, Tick lease, uint64_t clock,
                         uint64_t allowance = 0) noexcept {
  const Tick fresh = LeaseFor(layout, last, clock, allowance);
  const Tick base = last > lease ? last : lease;
  const Tick floor =
      (((base >> layout.low_bits) + LeaseMinimumRoom(layout) + 1) << layout.low_bits) - 1;
  return fresh > floor ? fresh : floor;
}

// True when less than LeaseRenewBelow of the lease remains above `tick`.
inline bool LeaseRunningLow(const SequenceLayout& layout, Tick lease, Tick tick) noexcept {
  const Tick lease_clock = lease >> layout.low_bits;
  const Tick tick_clock = tick >> layout.low_bits;
  return lease_clock < tick_clock + LeaseRenewBelow(layout);
}

// The next tick after `last` for a clock reading: the clock's own tick with
// a random counter start once the clock has moved past `last`, else last + 1.
inline Tick NextTick(const SequenceLayout& layout, Tick last, uint64_t clock,
                     uint64_t random) noexcept {
  const uint64_t start = random & ((uint64_t{1} << layout.random_start_bits) - 1);
  return static_cast<Tick>(clock) > (last >> layout.low_bits)
             ? (static_cast<Tick>(clock) << layout.low_bits) | start
             : last + 1;
}

// When a clock that has run past the lease may still be served from it.
enum class LeaseFallback {
  kNone,      // never: the caller writes a new lease first
  kIfRecent,  // while the lease ended at most a second ago: another backend
              // is writing its successor
  kAlways,    // the caller has just written this lease itself
};

// The step taken under the lock: false, changing nothing, when the next
// tick lies beyond the durable lease (the caller renews it and tries again);
// otherwise the tick is taken and stored in `next`. With a `fallback`, a
// clock past the lease does not stop the sequence while the lease has ticks
// left: it goes on from one second before the lease's end (or from the last
// tick if that is later), so that a slow disk delays nobody; the values then
// carry a time up to two seconds behind the clock (with kAlways, the write's
// duration less one second), never ahead of it. `random` supplies the
// counter start of a new clock tick; `saw_regression` says this process read
// its own clock go backwards since its previous reading, which no race can
// cause.
// The tick TryAdvanceSequence takes after `last` under `lease`, without
// touching any state: false when it lies beyond the lease (see there).
// `grace` (clock units) widens kIfRecent's second: a renewal that began in
// time is still being written (a disk that turned slow), and the lease may
// serve that much longer past its end, its values that much further behind
// the clock (see pg/cluster_lease.hpp, LeaseGrace).
inline bool ChooseNextTick(const SequenceLayout& layout, Tick last, Tick lease, uint64_t clock,
                           uint64_t random, LeaseFallback fallback, Tick& next,
                           uint64_t grace = 0) noexcept {
  next = NextTick(layout, last, clock, random);
  if (next > lease) {
    const Tick lease_clock = lease >> layout.low_bits;
    const bool recent =
        static_cast<Tick>(clock) <= lease_clock + LeaseRenewBelow(layout) + static_cast<Tick>(grace);
    if (fallback == LeaseFallback::kNone || (fallback == LeaseFallback::kIfRecent && !recent) ||
        last >= lease)
      return false;
    const Tick from = lease_clock > LeaseRenewBelow(layout) ? lease_clock - LeaseRenewBelow(layout)
                                                            : 0;
    next = NextTick(layout, last, static_cast<uint64_t>(from), random);
  }
  return true;
}

// The clock bookkeeping of a taken tick: the newest reading seen, and a
// reading behind it counted as a regression where no race explains it.
inline void NoteClockReading(SequenceState& state, const SequenceLayout& layout, uint64_t clock,
                             bool saw_regression) noexcept {
  if (clock < state.clock_high_water) {
    const uint64_t behind = state.clock_high_water - clock;
    if (saw_regression || behind > layout.race_tolerance) {
      state.regressions++;
      if (behind > state.largest_regression) state.largest_regression = behind;
      state.clock_high_water = clock;  // the clock's new reality
    }
  } else {
    state.clock_high_water = clock;
  }
}

inline bool TryAdvanceSequence(SequenceState& state, const SequenceLayout& layout,
                               uint64_t clock, uint64_t random, bool saw_regression,
                               Tick& next, LeaseFallback fallback = LeaseFallback::kNone,
                               uint64_t grace = 0) noexcept {
  if (!ChooseNextTick(layout, LastTick(state), LeaseTick(state), clock, random, fallback, next,
                      grace))
    return false;
  NoteClockReading(state, layout, clock, saw_regression);
  state.last_hi = static_cast<uint64_t>(next >> 64);
  state.last_lo = static_cast<uint64_t>(next);
  state.generated++;
  return true;
}

// TryAdvanceSequence for a sequence that persists nothing (the unit tests of
// the tick arithmetic): its lease is unbounded.
inline Tick AdvanceSequence(SequenceState& state, const SequenceLayout& layout, uint64_t clock,
                            uint64_t random, bool saw_regression) noexcept {
  state.lease_hi = ~uint64_t{0};
  state.lease_lo = ~uint64_t{0};
  state.renew_after_hi = ~uint64_t{0};
  state.renew_after_lo = ~uint64_t{0};
  Tick next = 0;
  TryAdvanceSequence(state, layout, clock, random, saw_regression, next);
  return next;
}

// The last tick a margin of LeaseRenewBelow(layout, allowance) before the
// lease's end; with no allowance, the last tick for which
// LeaseRunningLow(layout, lease, tick) is false. The lease is renewed once a
// tick above it is taken.
inline Tick RenewalPointOf(const SequenceLayout& layout, Tick lease,
                           uint64_t allowance = 0) noexcept {
  const Tick lease_clock = lease >> layout.low_bits;
  const uint64_t margin = LeaseRenewBelow(layout, allowance);
  return lease_clock > margin ? ((lease_clock - margin + 1) << layout.low_bits) - 1 : 0;
}

// The renewal point of a lease installed when the sequence stood at `last`,
// for a next write expected to take `allowance`: the margin before its end
// (RenewalPointOf), or, for a lease that leaves `last` less room than twice
// that margin (a restored sequence, one ahead of the clock, one whose own
// write took part of it), once half of that room is used — so that such a
// lease is renewed before it runs out, but not on every call. Never above
// the lease, and never below `last` while the lease is above it.
inline Tick RenewalPointFrom(const SequenceLayout& layout, Tick last, Tick lease,
                             uint64_t allowance = 0) noexcept {
  Tick renew_after = RenewalPointOf(layout, lease, allowance);
  if (last < lease && renew_after < last + (lease - last) / 2)
    renew_after = last + (lease - last) / 2;
  return renew_after;
}

// Raises the lease (never lowers it), and sets its renewal point
// (RenewalPointFrom the last tick, with the allowance for the next write).
inline void ExtendLease(SequenceState& state, const SequenceLayout& layout, Tick lease,
                        uint64_t allowance = 0) noexcept {
  if (lease <= LeaseTick(state)) return;
  state.lease_hi = static_cast<uint64_t>(lease >> 64);
  state.lease_lo = static_cast<uint64_t>(lease);
  const Tick renew_after = RenewalPointFrom(layout, LastTick(state), lease, allowance);
  state.renew_after_hi = static_cast<uint64_t>(renew_after >> 64);
  state.renew_after_lo = static_cast<uint64_t>(renew_after);
}

// The last tick before the lease counts as running low (see ExtendLease).
inline Tick RenewalPoint(const SequenceState& state) noexcept {
  return (static_cast<Tick>(state.renew_after_hi) << 64) | state.renew_after_lo;
}

// True once the lease should be renewed (see ExtendLease): the hot path's
// one comparison.
inline bool PastRenewalPoint(const SequenceState& state, Tick tick) noexcept {
  return tick > RenewalPoint(state);
}

// How long after its last tick a sequence's lease is kept ahead of the
// clock though no call asks (KeepAliveDue): a minute of clock.
constexpr uint64_t kKeepAliveSeconds = 60;

// When the lease writer renews a sequence's lease by the clock alone: once
// the clock has passed its renewal point, while the sequence took a tick
// within the last kKeepAliveSeconds. Calls ask for a renewal only once a tick
// of theirs passes the renewal point, so after an idle spell the first calls
// would find the lease run out and wait for a write (a chain of them on a
// slow disk, each one's lease due again by the time it is installed); kept
// alive, a lease covers the clock after any pause shorter than the window,
// and an idle server stops writing once the window has passed.
// `renew_after` is the renewal point, `clock` the clock part now.
//
// Returns how long, in clock units, until a renewal is due: 0 when it is due
// now; kKeepAliveNever when it cannot be due again (the window ends before
// the renewal point is passed); kKeepAliveClockAway when the clock lies past
// the window though the renewal point is inside it: a clock stepped forward
// (or a writer woken late) asks for no write, and only a clock stepped back
// into the window could make one due again.
constexpr int64_t kKeepAliveNever = -1;
constexpr int64_t kKeepAliveClockAway = -2;
inline int64_t KeepAliveWaitClock(const SequenceLayout& layout, Tick last, Tick renew_after,
                                  uint64_t clock) noexcept {
  const Tick window_end =
      (last >> layout.low_bits) + static_cast<Tick>(kKeepAliveSeconds) * layout.race_tolerance;
  const uint64_t due_clock = static_cast<uint64_t>(renew_after >> layout.low_bits) + 1;
  if (static_cast<Tick>(due_clock) > window_end) return kKeepAliveNever;
  if (static_cast<Tick>(clock) > window_end) return kKeepAliveClockAway;
  return due_clock > clock ? static_cast<int64_t>(due_clock - clock) : 0;
}

// Whether a keep-alive renewal is due now (KeepAliveWaitClock).
inline bool KeepAliveDue(const SequenceLayout& layout, Tick last, Tick renew_after,
                         uint64_t clock) noexcept {
  return KeepAliveWaitClock(layout, last, renew_after, clock) == 0;
}

// Raises the last tick to at least `tick` (uuid6_advance, a restored lease):
// every later tick is greater.
inline void RaiseLastTick(SequenceState& state, Tick tick) noexcept {
  if (tick <= LastTick(state)) return;
  state.last_hi = static_cast<uint64_t>(tick >> 64);
  state.last_lo = static_cast<uint64_t>(tick);
}

// The tick a sequence of `generator` would have handed out for `id`, so
// that raising the sequence to it puts every later value above `id`: v6
// (ts60, clock_seq), v7 (ms, rand_a, top 8 bits of rand_b, or the tick a
// spread key carries: core/spread.hpp), v8 (ts60, seq; not a spread key).
// False for the draft layouts and for a UUID of another version.
bool TickOfUuid(Generator generator, const Uuid& id, Tick& tick) noexcept;

// The widest tick a generator's sequence can reach: its clock part (60 bits
// for v6, v7 and v8; an int64 count for the draft layouts) above its counter.
int MaxTickBits(Generator generator) noexcept;

// Unix microseconds (rounded down) that a clock part stands for.
int64_t UnixMicrosFromClockPart(Generator generator, uint64_t clock) noexcept;

// A UUID from a tick and 8 random bytes (those above the counter start fill
// the node / rand_b); `node_id` -1 leaves the random bits alone, and the
// draft layouts never carry it. A v6 node is marked random with the
// multicast bit (RFC 9562 §6.10), with or without a node id.
Uuid PackTick(Generator generator, Tick tick, uint64_t random, int node_id) noexcept;

// A UUID for a given instant with random low bits: the backfill overloads,
// outside any sequence.
Status PackAtInstant(Generator generator, int64_t unix_us, uint64_t random, int node_id,
                     Uuid& out) noexcept;

// Puts the 16-bit node id into the top of the random part (RFC 9562 §6.4):
// v6 octets 11-12 (bits 88-103, below the multicast bit), v7 and v8 bits
// 74-89.
uint64_t WithNodeId(Generator generator, uint64_t lo, int node_id) noexcept;
// The 16 bits where a node id would be, or -1 for a version without them.
int NodeIdOf(const Uuid& id) noexcept;

// How many microseconds the sequence is ahead of `clock` (0 when behind).
int64_t SequenceLeadMicros(Generator generator, const SequenceState& state,
                           uint64_t clock) noexcept;

}  // namespace uuid6
