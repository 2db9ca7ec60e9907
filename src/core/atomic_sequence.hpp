// A shared sequence whose common step is one atomic operation (docs/design.md, The shared sequence).
//
// TryAdvanceSequence under a spinlock serializes every backend on one lock;
// past two cores its waiters back off and sleep, and the cluster makes fewer
// values the more backends ask. Here the last tick lives in one 64-bit word
// that a backend moves to max(clock tick, last + 1) with a compare-and-swap,
// or by adding one (TryAtomicStep) — a step that never waits for another
// backend to finish one. The spinlock stays for what is rare: a lease that must be
// renewed or has run out, a clock reading that went back, uuid6_advance, a
// restored lease, and a rebase.
//
// Why a word relative to a base rather than a 16-byte compare-and-swap: a
// tick is up to 74 bits (v6: a 60-bit clock above a 14-bit counter), but
// ticks handed out while a server runs lie close together. One 64-bit word
// holds an 8-bit epoch and a 56-bit offset above `base`; 2^56 ticks are five
// days of a v6 sequence, 2 years of v7 and 52 days of v8, so the base moves
// (a rebase, under the lock) about once in days. A 16-byte compare-and-swap
// needs cmpxchg16b (-mcx16 and a library call with GCC on x86-64), which
// PostgreSQL's atomics do not offer on every platform it builds on, and it
// would also have to carry the lease in the same 16 bytes; the 64-bit word
// maps onto pg_atomic_compare_exchange_u64, which every platform has.
//
// Atomics are abstracted by `Ops` so that this logic runs on std::atomic in
// the unit tests and on pg_atomic_uint64 in the server:
//   Ops::Word;                                  the 64-bit atomic type
//   uint64_t Ops::Load(const Word&);            a plain atomic read
//   void Ops::Store(Word&, uint64_t);           a plain atomic write
//   bool Ops::CompareExchange(Word&, uint64_t& expected, uint64_t desired);
//                                               full barrier; on failure
//                                               `expected` gets the value seen
//   uint64_t Ops::FetchAdd(Word&, uint64_t);    full barrier; the value before
//   void Ops::ReadBarrier();                    orders the loads around it
//   void Ops::FullBarrier();                    orders every access around it
//                                               (the commit horizon only)
#pragma once

#include <cstdint>

#include "core/sequence.hpp"

namespace uuid6 {

constexpr int kTickOffsetBits = 56;
constexpr uint64_t kTickOffsetMask = (uint64_t{1} << kTickOffsetBits) - 1;
constexpr uint64_t kTickEpochUnit = uint64_t{1} << kTickOffsetBits;

inline uint64_t OffsetOfWord(uint64_t word) noexcept { return word & kTickOffsetMask; }
inline unsigned SlotOfWord(uint64_t word) noexcept {
  return static_cast<unsigned>(word >> kTickOffsetBits) & 1;
}

// One sequence in shared memory: plain data, zero-initialized (epoch 0,
// base 0, last tick 0, no lease). Three parts, on cache lines of their own
// where the glue aligns it (256 bytes with 8-byte words):
//   - `word`, the only one a common step writes;
//   - the slots a common step reads, written only at a lease renewal and a
//     rebase. Two slots, by the parity of the word's epoch: a rebase fills
//     the slot of the next epoch before the word enters it, so that a
//     backend that read the word of one epoch reads that epoch's base and
//     lease. Offsets are of the slot's base, clamped to [0, kTickOffsetMask];
//   - the full-width lease and renewal point, read and written under the
//     lock only.
template <class Ops>
struct AtomicSequence {
  using Word = typename Ops::Word;
  Word word;
  char hot_padding[128 - sizeof(Word)];
  Word base_hi[2];
  Word base_lo[2];
  Word lease_offset[2];  // the durable lease
  Word renew_offset[2];  // the renewal point
  uint64_t lease_hi, lease_lo;
  uint64_t renew_hi, renew_lo;
  char cold_padding[128 - 8 * sizeof(Word) - 4 * sizeof(uint64_t)];
};

template <class Ops>
inline Tick AtomicSlotBase(const AtomicSequence<Ops>& s, unsigned slot) noexcept {
  return (static_cast<Tick>(Ops::Load(s.base_hi[slot])) << 64) | Ops::Load(s.base_lo[slot]);
}

inline uint64_t ClampedOffset(Tick tick, Tick base) noexcept {
  if (tick <= base) return 0;
  const Tick offset = tick - base;
  return offset > kTickOffsetMask ? kTickOffsetMask : static_cast<uint64_t>(offset);
}

// Lock held (or no other process attached yet) for everything below but
// TryAtomicStep and AtomicLastTickUnlocked.

template <class Ops>
inline Tick AtomicLeaseTick(const AtomicSequence<Ops>& s) noexcept {
  return (static_cast<Tick>(s.lease_hi) << 64) | s.lease_lo;
}

template <class Ops>
inline Tick AtomicRenewalPoint(const AtomicSequence<Ops>& s) noexcept {
  return (static_cast<Tick>(s.renew_hi) << 64) | s.renew_lo;
}

// The last tick. Only a lock holder moves the word into another epoch, so
// under the lock the word's slot holds its base.
template <class Ops>
inline Tick AtomicLastTick(const AtomicSequence<Ops>& s) noexcept {
  const uint64_t word = Ops::Load(s.word);
  Ops::ReadBarrier();
  return AtomicSlotBase(s, SlotOfWord(word)) + OffsetOfWord(word);
}

// The last tick without the lock (the commit horizon's bounds, core/horizon.hpp): the
// word, its epoch's base, and the word again, until the epoch was the same around the
// read of the base. A rebase writes only the next epoch's slot, so the base read is that
// of the word's epoch; the tick returned is one the word held, at or below every later one.
template <class Ops>
inline Tick AtomicLastTickUnlocked(const AtomicSequence<Ops>& s) noexcept {
  uint64_t word = Ops::Load(s.word);
  for (;;) {
    Ops::ReadBarrier();
    const Tick base = AtomicSlotBase(s, SlotOfWord(word));
    Ops::ReadBarrier();
    const uint64_t again = Ops::Load(s.word);
    if ((again >> kTickOffsetBits) == (word >> kTickOffsetBits)) return base + OffsetOfWord(word);
    word = again;
  }
}

// Fills `slot` for `base` from the full-width lease and renewal point. A
// slot in use gets a lease only ever raised (ExtendAtomicLease), so that a
// step reading the earlier value stays inside a lease that was durable too.
template <class Ops>
inline void PublishSlot(AtomicSequence<Ops>& s, unsigned slot, Tick base) noexcept {
  Ops::Store(s.base_hi[slot], static_cast<uint64_t>(base >> 64));
  Ops::Store(s.base_lo[slot], static_cast<uint64_t>(base));
  Ops::Store(s.lease_offset[slot], ClampedOffset(AtomicLeaseTick(s), base));
  Ops::Store(s.renew_offset[slot], ClampedOffset(AtomicRenewalPoint(s), base));
}

// The highest offset a compare-and-swap may give the word: the whole epoch
// where no step adds, else all but the top 2^20 offsets, so that adds taken
// on a word read below it (at most one per process, and a server has fewer
// than 2^18) never carry into the epoch bits.
constexpr uint64_t kAddsRoom = kTickOffsetMask - (uint64_t{1} << 20);
constexpr uint64_t RoomFor(bool adds) noexcept { return adds ? kAddsRoom : kTickOffsetMask; }

// Moves the word from `word` (last = `base` + its offset) to `target`,
// above it: in the same epoch where the offset fits the room, else into the
// next epoch with `target` as its base (a rebase), whose slot is filled
// first. False, with `word` reloaded, when another step moved the word
// meanwhile. `adds`: the state's steps add (TryAtomicStep).
template <class Ops>
inline bool ReplaceAtomicLast(AtomicSequence<Ops>& s, uint64_t& word, Tick base, Tick target,
                              bool adds = false) noexcept {
  const Tick offset = target - base;
  if (offset <= RoomFor(adds))
    return Ops::CompareExchange(s.word, word,
                                (word & ~kTickOffsetMask) | static_cast<uint64_t>(offset));
  PublishSlot(s, SlotOfWord(word) ^ 1, target);
  return Ops::CompareExchange(s.word, word, (word & ~kTickOffsetMask) + kTickEpochUnit);
}

// The common step, with no lock: the next tick after the word's, for a
// clock part read before it. False, changing nothing, where it would pass
// the durable lease or leave the epoch's room; the caller then takes
// TakeLockedAtomicStep. `renew_due` says the tick lies past the renewal
// point (a renewal is due, nobody waits for it).
//
// Behind the clock (the clock has moved past the last tick's clock part),
// the word jumps to the clock's tick with a compare-and-swap, retried when
// another step moved the word first. At or ahead of it (keys faster than
// the clock: the common case under load), where the state lets steps add
// (`adds`, a state made by a library that knows adds), the step adds one to
// the word: an add cannot fail, so no step pays for another's win with a
// second transfer of the word's cache line, however many cores ask. Without
// `adds` it swaps to last + 1, as the libraries that run beside such a
// state do.
//
// An add is checked against the lease before it is made, on the word it
// read; other adds may land first, so its tick may lie past the lease. It
// still owns that tick, one above every tick before it, and says so in
// `beyond_lease`: the caller hands it out only once a durable lease covers
// it (a renewal computes the new lease from the word, so it covers every
// tick taken). An add reads the slot of the epoch it landed in, and keeps
// its tick only where the word is still in that epoch afterwards: an epoch's
// slot is written only before the word enters it (its base) or while the
// word is in it (its lease, only ever raised), so the slot it read was that
// epoch's. Otherwise (two rebases came between its add and its read) the
// tick is dropped, never handed out, and the step starts again: a gap in
// the sequence, never a repeat.
//
// The lease: a tick is installed by a swap only from the very word value
// (epoch and offset) that the slot was read for, and only where it lies at
// or below that slot's lease. Within an epoch the offset only rises, so an
// unchanged word means an unchanged epoch; the slot's lease was durable when
// it was published and leases are only ever raised. A rebase moves the word
// into the next epoch before the other slot is written again, so a step
// that read a slot about to be rewritten fails its compare-and-swap —
// unless 256 rebases (at least two years of a v6 sequence's offsets, or as
// many uuid6_advance calls far ahead) pass between its read and its swap.
//
// The renewal point: published with the lease it belongs to, and read
// from the same slot; a value read before a renewal moved it on is lower,
// and only makes this step ask for a renewal that the writer, looking at
// the sequence again under the lock, finds not due (WriteLeases). No step
// passes the lease because of it: the lease check above is separate.
//
// The clock: read outside any lock, so a backend may arrive with a reading
// older than one another backend already used; max(clock tick, last + 1)
// keeps the order whatever the readings (the race SequenceLayout's
// race_tolerance allows for). Regressions are the glue's to notice (a
// reading below this process's previous one goes the locked way).
template <class Ops>
inline bool TryAtomicStep(AtomicSequence<Ops>& s, const SequenceLayout& layout, uint64_t clock,
                          uint64_t random, Tick& tick, bool& renew_due, bool& beyond_lease,
                          bool adds = false) noexcept {
  const uint64_t start = random & ((uint64_t{1} << layout.random_start_bits) - 1);
  const Tick clock_tick = static_cast<Tick>(clock) << layout.low_bits;
  const uint64_t room = RoomFor(adds);
  beyond_lease = false;
  uint64_t word = Ops::Load(s.word);
  for (;;) {
    Ops::ReadBarrier();
    const unsigned slot = SlotOfWord(word);
    const Tick base = AtomicSlotBase(s, slot);
    const uint64_t lease = Ops::Load(s.lease_offset[slot]);
    const uint64_t renew = Ops::Load(s.renew_offset[slot]);
    const uint64_t last = OffsetOfWord(word);
    uint64_t next = last + 1;
    // NextTick: the clock's tick with a random counter start once the clock
    // has moved past the last tick's clock part.
    const bool behind = clock_tick > base + last;
    if (behind) {
      const Tick ahead = (clock_tick | start) - base;
      if (ahead > lease || ahead > room) return false;
      next = static_cast<uint64_t>(ahead);
    }
    // The lease offset is at most kTickOffsetMask, so this also keeps the
    // offset inside the epoch.
    if (next > lease || next > room) return false;
    if (adds && !behind) {
      const uint64_t before = Ops::FetchAdd(s.word, 1);
      Ops::ReadBarrier();
      const unsigned landed = SlotOfWord(before);
      const uint64_t offset = OffsetOfWord(before) + 1;
      const Tick landed_base = AtomicSlotBase(s, landed);
      const uint64_t landed_lease = Ops::Load(s.lease_offset[landed]);
      const uint64_t landed_renew = Ops::Load(s.renew_offset[landed]);
      Ops::ReadBarrier();
      word = Ops::Load(s.word);
      if ((word >> kTickOffsetBits) != (before >> kTickOffsetBits)) continue;
      tick = landed_base + offset;
      renew_due = offset > landed_renew;
      beyond_lease = offset > landed_lease;
      return true;
    }
    if (Ops::CompareExchange(s.word, word, (word & ~kTickOffsetMask) | next)) {
      tick = base + next;
      renew_due = next > renew;
      return true;
    }
  }
}

// The step under the lock: TryAdvanceSequence's choice (ChooseNextTick,
// with its lease fallback) on the word, which common steps may move
// meanwhile: chosen again from the new last tick until the swap holds. The
// durable lease and renewal point are the lock holder's full-width copies.
template <class Ops>
inline bool TakeLockedAtomicStep(AtomicSequence<Ops>& s, const SequenceLayout& layout,
                                 uint64_t clock, uint64_t random, LeaseFallback fallback,
                                 Tick& tick, bool& renew_due, uint64_t grace = 0,
                                 bool adds = false) noexcept {
  const Tick lease = AtomicLeaseTick(s);
  uint64_t word = Ops::Load(s.word);
  for (;;) {
    Ops::ReadBarrier();
    const Tick base = AtomicSlotBase(s, SlotOfWord(word));
    const Tick last = base + OffsetOfWord(word);
    Tick next = 0;
    if (!ChooseNextTick(layout, last, lease, clock, random, fallback, next, grace)) return false;
    if (ReplaceAtomicLast(s, word, base, next, adds)) {
      tick = next;
      renew_due = next > AtomicRenewalPoint(s);
      return true;
    }
  }
}

// Raises the last tick to at least `target` (uuid6_advance, a restored or a
// database lease): every later tick is greater.
template <class Ops>
inline void RaiseAtomicLastTick(AtomicSequence<Ops>& s, Tick target, bool adds = false) noexcept {
  uint64_t word = Ops::Load(s.word);
  for (;;) {
    Ops::ReadBarrier();
    const Tick base = AtomicSlotBase(s, SlotOfWord(word));
    if (target <= base + OffsetOfWord(word)) return;
    if (ReplaceAtomicLast(s, word, base, target, adds)) return;
  }
}

// ExtendLease: raises the durable lease (never lowers it) once a file
// saying so is written, sets its renewal point from the last tick and the
// allowance for the next write, and publishes both to the current epoch's
// slot. The epoch cannot change meanwhile: only a lock holder changes it.
template <class Ops>
inline void ExtendAtomicLease(AtomicSequence<Ops>& s, const SequenceLayout& layout, Tick lease,
                              uint64_t allowance = 0) noexcept {
  if (lease <= AtomicLeaseTick(s)) return;
  s.lease_hi = static_cast<uint64_t>(lease >> 64);
  s.lease_lo = static_cast<uint64_t>(lease);
  const Tick renew_after = RenewalPointFrom(layout, AtomicLastTick(s), lease, allowance);
  s.renew_hi = static_cast<uint64_t>(renew_after >> 64);
  s.renew_lo = static_cast<uint64_t>(renew_after);
  const unsigned slot = SlotOfWord(Ops::Load(s.word));
  PublishSlot(s, slot, AtomicSlotBase(s, slot));
}

// The state in TryAdvanceSequence's form (last tick, lease and renewal
// point), for the code written against it: lock held.
template <class Ops>
inline void CopyAtomicSequence(const AtomicSequence<Ops>& s, SequenceState& copy) noexcept {
  const Tick last = AtomicLastTick(s);
  copy.last_hi = static_cast<uint64_t>(last >> 64);
  copy.last_lo = static_cast<uint64_t>(last);
  copy.lease_hi = s.lease_hi;
  copy.lease_lo = s.lease_lo;
  copy.renew_after_hi = s.renew_hi;
  copy.renew_after_lo = s.renew_lo;
}

}  // namespace uuid6
