// The commit horizon (docs/design.md, The commit horizon): a key below
// which no transaction of a database that took keys of a version is still
// in progress, so that a reader who stays below it never skips a row that
// commits late.
//
// Each backend owns one slot, on a cache line of its own. On its
// transaction's first key of a version it publishes there a lower bound of
// that key: the clock part of the sequence's last tick, read before the
// draw; a full barrier follows the store, then the draw. At the end of the
// transaction (once its effects are visible) it clears the bound. A reader
// reads the sequence's last tick S, a full barrier, then every slot of its
// database; the horizon is the least of the tick after S and of the bounds
// it found (each the least tick of its clock part).
//
// Why no transaction below the horizon can be missed: take a transaction X
// that draws a key T, and a reader that computes H. If the reader's scan
// sees X's bound B, then H <= the least tick of B's clock part <= T. If it
// does not, X's store came after the scan in the single order of full
// barriers (both sides issue one between their two accesses: X between its
// store and its draw, the reader between reading S and scanning), so X's
// draw came after the reader read S, and T > S: T >= S + 1 >= H. Either way
// a key below H belongs to a transaction whose bound the reader saw; while
// that bound stands the transaction is in progress, and it is cleared only
// once the transaction has ended. And every key drawn after the reader read
// S lies above S, so at or above H.
//
// The slot holds clock parts, not whole ticks: they fit one 64-bit word, and
// a horizon made of a clock part (the least key of that clock part) is at or
// below every key of it, so rounding down only holds a reader back a
// little.
#pragma once

#include <cstdint>

#include "core/sequence.hpp"

namespace uuid6 {

// One backend's bounds: for each RFC generator, the clock part of a lower
// bound of its transaction's first key, plus one (0: none); the database it
// belongs to; and, for the operator's view of who holds the horizon back,
// its process id and when its transaction's first key was taken (Unix µs).
template <class Ops>
struct HorizonSlot {
  using Word = typename Ops::Word;
  Word bound[kRfcGeneratorCount];
  Word database;
  Word pid;
  Word since_us;
  char padding[64 - (kRfcGeneratorCount + 3) * sizeof(Word)];
};

// Publishes the bound `clock` for generator `g` and orders it before the
// draw that follows (Ops::FullBarrier). Only ever lowers a bound already
// there: a slot is shared by a parallel leader and its workers, whose keys
// the leader's transaction stores, and a worker's bound, published first,
// may lie below the leader's.
template <class Ops>
inline void PublishHorizonBound(HorizonSlot<Ops>& slot, int g, uint64_t clock) noexcept {
  uint64_t seen = Ops::Load(slot.bound[g]);
  while ((seen == 0 || seen - 1 > clock) &&
         !Ops::CompareExchange(slot.bound[g], seen, clock + 1)) {
  }
  Ops::FullBarrier();
}

template <class Ops>
inline void ClearHorizonBound(HorizonSlot<Ops>& slot, int g) noexcept {
  Ops::Store(slot.bound[g], 0);
}

// The least bound published in `slots` for generator `g` by backends of
// database `database`, as a clock part (UINT64_MAX: none), after a full
// barrier that orders it after the caller's read of the sequence.
// `holder`, where given, gets the slot that holds it (-1: none). The
// horizon is then the lesser of the tick after the sequence's last one (so
// that, with nothing in progress, every key made so far lies below it) and
// the least tick of that clock part.
template <class Ops>
inline uint64_t LeastHorizonBound(const HorizonSlot<Ops>* slots, int count, uint64_t database,
                                  int g, int* holder = nullptr) noexcept {
  Ops::FullBarrier();
  uint64_t least = UINT64_MAX;
  if (holder != nullptr) *holder = -1;
  for (int i = 0; i < count; i++) {
    const uint64_t bound = Ops::Load(slots[i].bound[g]);
    if (bound == 0 || Ops::Load(slots[i].database) != database) continue;
    if (bound - 1 < least) {
      least = bound - 1;
      if (holder != nullptr) *holder = i;
    }
  }
  return least;
}

// The horizon as a tick: the tick after `sequence_last` (read before
// LeastHorizonBound), or the least tick of the clock part `least_bound`.
inline Tick HorizonTick(const SequenceLayout& layout, Tick sequence_last,
                        uint64_t least_bound) noexcept {
  const Tick after = sequence_last + 1;
  if (least_bound == UINT64_MAX) return after;
  const Tick bound = static_cast<Tick>(least_bound) << layout.low_bits;
  return bound < after ? bound : after;
}

}  // namespace uuid6
