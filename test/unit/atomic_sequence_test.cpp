// The sequence's common step as one compare-and-swap (core/atomic_sequence.hpp),
// hammered by threads: every value unique and rising per thread, no value
// below one already handed out when its step began, no value above the
// durable lease, through lease renewals, rebases and a clock stepped back.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <random>
#include <thread>
#include <vector>

#include "core/atomic_sequence.hpp"
#include "core/sequence.hpp"

namespace uuid6 {
namespace {

struct StdOps {
  using Word = std::atomic<uint64_t>;
  static uint64_t Load(const Word& word) { return word.load(std::memory_order_relaxed); }
  static void Store(Word& word, uint64_t value) { word.store(value, std::memory_order_relaxed); }
  static bool CompareExchange(Word& word, uint64_t& expected, uint64_t desired) {
    return word.compare_exchange_strong(expected, desired, std::memory_order_seq_cst);
  }
  static uint64_t FetchAdd(Word& word, uint64_t add) {
    return word.fetch_add(add, std::memory_order_seq_cst);
  }
  static void ReadBarrier() { std::atomic_thread_fence(std::memory_order_acquire); }
  static void FullBarrier() { std::atomic_thread_fence(std::memory_order_seq_cst); }
};

using Sequence = AtomicSequence<StdOps>;
static_assert(sizeof(Sequence) == 256, "two 128-byte lines");

constexpr Generator kAll[] = {Generator::kV6, Generator::kV7, Generator::kV8};
constexpr int64_t kNow = 1700000000123456789;  // 2023-11-14, ns
constexpr int64_t kSecond = 1000000000;

// One cluster's sequence as the glue drives it: the common step without a
// lock, the locked step and the lease renewal under a mutex standing in for
// the spinlock, the durable lease as the "file".
struct Cluster {
  Generator generator;
  const SequenceLayout& layout;
  std::unique_ptr<Sequence> sequence{new Sequence()};
  std::mutex lock;
  SequenceState stats{};  // regression bookkeeping, under `lock`
  std::atomic<uint64_t> durable_hi{0}, durable_lo{0};  // the last lease "written"
  std::atomic<int64_t> clock_ns{kNow};
  std::atomic<bool> step_back{false};
  std::atomic<uint64_t> renewals{0};
  std::atomic<uint64_t> locked_steps{0};
  std::atomic<uint64_t> beyond_lease_steps{0};
  // Real-time order: the highest tick returned so far.
  std::atomic<uint64_t> returned_hi{0}, returned_lo{0};
  std::mutex returned_lock;

  bool adds;  // the state's common steps add (a state made by 1.6 or later)

  Cluster(Generator g, bool adds_) : generator(g), layout(LayoutOf(g)), adds(adds_) {}

  Tick Durable() {
    std::lock_guard<std::mutex> guard(returned_lock);
    return (static_cast<Tick>(durable_hi.load()) << 64) | durable_lo.load();
  }

  uint64_t ClockPart(int64_t ns) {
    uint64_t clock = 0;
    EXPECT_EQ(ClockPartFromUnixNanos(generator, ns, clock), Status::kOk);
    return clock;
  }

  // RenewLease: the new lease is "written" (durable) before it is
  // installed. Short leases (a few hundred ticks past the clock or the last
  // tick, where the server's reach two seconds), so that the steps run into
  // them all the time.
  void Renew(uint64_t clock) {
    const Tick last = AtomicLastTick(*sequence);
    const Tick clock_tick = static_cast<Tick>(clock) << layout.low_bits;
    Tick lease = (last > clock_tick ? last : clock_tick) + 300;
    if (lease <= AtomicLeaseTick(*sequence)) lease = AtomicLeaseTick(*sequence) + 300;
    {
      std::lock_guard<std::mutex> guard(returned_lock);
      durable_hi.store(static_cast<uint64_t>(lease >> 64));
      durable_lo.store(static_cast<uint64_t>(lease));
    }
    ExtendAtomicLease(*sequence, layout, lease);
    renewals++;
  }

  // TakeSequenceTick's shape: the common step unless this thread saw its
  // clock go back, then the locked step, renewing where the lease is used up.
  Tick Take(int64_t& previous_ns, uint64_t random) {
    const int64_t now = clock_ns.fetch_add(1 + static_cast<int64_t>(random % 50));
    const bool saw_regression = now < previous_ns;
    previous_ns = now;
    const uint64_t clock = ClockPart(now);
    Tick tick = 0;
    bool renew_due = false;
    bool beyond_lease = false;
    if (!saw_regression &&
        TryAtomicStep(*sequence, layout, clock, random, tick, renew_due, beyond_lease, adds)) {
      // A tick an add took past the lease is handed out once a lease covers
      // it (the glue's CoverTakenTick).
      if (beyond_lease) {
        std::lock_guard<std::mutex> guard(lock);
        beyond_lease_steps++;
        while (tick > AtomicLeaseTick(*sequence)) Renew(clock);
        return tick;
      }
      // A renewal due is taken up now and then only (as by whichever
      // backend wins the writer's claim), so that steps also run into the
      // lease's end.
      if (renew_due && random % 8 == 0) {
        std::lock_guard<std::mutex> guard(lock);
        if (tick > AtomicRenewalPoint(*sequence)) Renew(clock);
      }
      return tick;
    }
    std::lock_guard<std::mutex> guard(lock);
    locked_steps++;
    NoteClockReading(stats, layout, clock, saw_regression);
    LeaseFallback fallback = LeaseFallback::kNone;
    while (!TakeLockedAtomicStep(*sequence, layout, clock, random, fallback, tick, renew_due, 0,
                                 adds)) {
      Renew(clock);
      fallback = LeaseFallback::kAlways;
    }
    if (renew_due) Renew(clock);
    return tick;
  }

  Tick Returned() {
    std::lock_guard<std::mutex> guard(returned_lock);
    return (static_cast<Tick>(returned_hi.load()) << 64) | returned_lo.load();
  }
  void NoteReturned(Tick tick) {
    std::lock_guard<std::mutex> guard(returned_lock);
    const Tick seen = (static_cast<Tick>(returned_hi.load()) << 64) | returned_lo.load();
    if (tick > seen) {
      returned_hi.store(static_cast<uint64_t>(tick >> 64));
      returned_lo.store(static_cast<uint64_t>(tick));
    }
  }
};

struct ThreadLog {
  std::vector<Tick> ticks;
  int disorder = 0;         // a tick at or below the thread's previous one
  int behind_returned = 0;  // at or below a tick returned before the step began
  int above_lease = 0;      // above every lease made durable by then
};

// `threads` threads take `per_thread` ticks each; halfway through, with
// `step_back`, the clock jumps back five seconds; with `raise`, one thread
// lifts the sequence far ahead now and then (uuid6_advance), so that the
// word changes epoch (a rebase) while the others keep stepping.
void HammerOne(Generator g, int threads, int per_thread, bool step_back, bool raise, bool adds) {
  Cluster cluster(g, adds);
  std::vector<ThreadLog> logs(threads);
  std::atomic<int> taken{0};
  std::atomic<bool> stepped{false};
  auto run = [&](int id) {
    std::mt19937_64 random(1000 + id);
    int64_t previous_ns = 0;
    ThreadLog& log = logs[id];
    log.ticks.reserve(per_thread);
    for (int i = 0; i < per_thread; i++) {
      if (step_back && !stepped && taken.load() > threads * per_thread / 2 &&
          !stepped.exchange(true))
        cluster.clock_ns.fetch_sub(5 * kSecond);
      if (raise && id == 0 && i % 2000 == 1000) {
        std::lock_guard<std::mutex> guard(cluster.lock);
        // Lifted past the epoch's offsets: kTickOffsetMask ticks ahead.
        RaiseAtomicLastTick(*cluster.sequence,
                            AtomicLastTick(*cluster.sequence) + kTickOffsetMask + 7, adds);
      }
      const Tick before = cluster.Returned();
      const Tick tick = cluster.Take(previous_ns, random());
      if (!log.ticks.empty() && tick <= log.ticks.back()) log.disorder++;
      if (tick <= before) log.behind_returned++;
      if (tick > cluster.Durable()) log.above_lease++;
      cluster.NoteReturned(tick);
      log.ticks.push_back(tick);
      taken++;
    }
  };
  std::vector<std::thread> pool;
  for (int id = 0; id < threads; id++) pool.emplace_back(run, id);
  for (std::thread& thread : pool) thread.join();

  std::vector<Tick> all;
  for (const ThreadLog& log : logs) {
    EXPECT_EQ(log.disorder, 0);
    EXPECT_EQ(log.behind_returned, 0);
    EXPECT_EQ(log.above_lease, 0);
    all.insert(all.end(), log.ticks.begin(), log.ticks.end());
  }
  ASSERT_EQ(all.size(), static_cast<size_t>(threads) * per_thread);
  std::sort(all.begin(), all.end());
  EXPECT_EQ(std::adjacent_find(all.begin(), all.end()), all.end()) << "a tick handed out twice";
  EXPECT_EQ(AtomicLastTick(*cluster.sequence), all.back());
  EXPECT_LE(AtomicLastTick(*cluster.sequence), AtomicLeaseTick(*cluster.sequence));
  EXPECT_GT(cluster.renewals.load(), 0u);
  if (step_back) {
    EXPECT_GE(cluster.stats.regressions, 1u);
  }
}

// Both protocols: every step a compare-and-swap (a state made by 1.3 to
// 1.5), and adds (made by 1.6 or later).
void Hammer(Generator g, int threads, int per_thread, bool step_back, bool raise) {
  for (bool adds : {false, true}) {
    SCOPED_TRACE(adds ? "adds" : "compare-and-swap only");
    HammerOne(g, threads, per_thread, step_back, raise, adds);
  }
}

TEST(AtomicSequence, TwoThreads) {
  for (Generator g : kAll) Hammer(g, 2, 20000, false, false);
}

TEST(AtomicSequence, FourThreads) {
  for (Generator g : kAll) Hammer(g, 4, 10000, false, false);
}

TEST(AtomicSequence, SixteenThreads) {
  for (Generator g : kAll) Hammer(g, 16, 3000, false, false);
}

TEST(AtomicSequence, ClockJumpsBackMidRun) {
  for (Generator g : kAll) {
    Hammer(g, 4, 10000, true, false);
    Hammer(g, 16, 3000, true, false);
  }
}

TEST(AtomicSequence, RebasesWhileOthersStep) {
  for (Generator g : kAll) {
    Hammer(g, 4, 10000, false, true);
    Hammer(g, 16, 3000, true, true);
  }
}

// One thread, against TryAdvanceSequence: the same ticks for the same
// clock readings and random bits, renewals included.
TEST(AtomicSequence, SameTicksAsTheLockedSequence) {
  for (Generator g : kAll) {
    const SequenceLayout& layout = LayoutOf(g);
    Sequence atomic{};
    SequenceState locked{};
    std::mt19937_64 random(5);
    int64_t now = kNow;
    for (int i = 0; i < 200000; i++) {
      now += static_cast<int64_t>(random() % 3000) - (i == 100000 ? 3 * kSecond : 0);
      uint64_t clock = 0;
      ASSERT_EQ(ClockPartFromUnixNanos(g, now, clock), Status::kOk);
      const uint64_t bits = random();
      Tick expected = 0;
      while (!TryAdvanceSequence(locked, layout, clock, bits, false, expected)) {
        // Leases that allow for writes of up to two seconds, as a slow
        // disk's do, in the second half.
        const uint64_t allowance = i < 100000 ? 0 : random() % (2 * layout.race_tolerance);
        const uint64_t took = i < 100000 ? 0 : random() % (2 * layout.race_tolerance);
        const Tick lease =
            RenewedLease(layout, LastTick(locked), LeaseTick(locked), clock, allowance);
        ExtendLease(locked, layout, lease, took);
        ExtendAtomicLease(atomic, layout, lease, took);
      }
      Tick tick = 0;
      bool renew_due = false;
      bool beyond = false;
      if (!TryAtomicStep(atomic, layout, clock, bits, tick, renew_due, beyond)) {
        ASSERT_TRUE(TakeLockedAtomicStep(atomic, layout, clock, bits, LeaseFallback::kNone, tick,
                                         renew_due));
      }
      ASSERT_EQ(tick, expected) << "step " << i;
      ASSERT_EQ(renew_due, PastRenewalPoint(locked, expected)) << "step " << i;
    }
  }
}

TEST(AtomicSequence, StepStopsAtTheLease) {
  const Generator g = Generator::kV7;
  const SequenceLayout& layout = LayoutOf(g);
  Sequence s{};
  uint64_t clock = 0;
  ASSERT_EQ(ClockPartFromUnixNanos(g, kNow, clock), Status::kOk);
  Tick tick = 0;
  bool renew_due = false;
  bool beyond = false;
  // No lease yet: neither step takes a tick.
  EXPECT_FALSE(TryAtomicStep(s, layout, clock, 0, tick, renew_due, beyond));
  EXPECT_FALSE(TakeLockedAtomicStep(s, layout, clock, 0, LeaseFallback::kNone, tick, renew_due));
  // A lease ending 3 ticks above the clock's first: 4 ticks, then nothing.
  const Tick first = static_cast<Tick>(clock) << layout.low_bits;
  ExtendAtomicLease(s, layout, first + 3);
  ASSERT_TRUE(TakeLockedAtomicStep(s, layout, clock, 0, LeaseFallback::kNone, tick, renew_due));
  EXPECT_EQ(tick, first);
  for (int i = 1; i <= 3; i++) {
    ASSERT_TRUE(TryAtomicStep(s, layout, clock, 0, tick, renew_due, beyond));
    EXPECT_EQ(tick, first + i);
    EXPECT_TRUE(renew_due);
  }
  EXPECT_FALSE(TryAtomicStep(s, layout, clock, 0, tick, renew_due, beyond));
  EXPECT_FALSE(TakeLockedAtomicStep(s, layout, clock, 0, LeaseFallback::kNone, tick, renew_due));
  EXPECT_EQ(AtomicLastTick(s), first + 3);
}

// A lease that ran out 2.5 s ago serves its last second under the locked
// step only with the grace of a renewal under way that long (ChooseNextTick).
TEST(AtomicSequence, LockedStepTakesTheGraceOfARenewalUnderWay) {
  for (Generator g : kAll) {
    const SequenceLayout& layout = LayoutOf(g);
    const uint64_t second = layout.race_tolerance;
    Sequence s{};
    uint64_t clock = 0;
    ASSERT_EQ(ClockPartFromUnixNanos(g, kNow, clock), Status::kOk);
    ExtendAtomicLease(s, layout, LeaseFor(layout, 0, clock));
    Tick first = 0;
    bool renew_due = false;
    ASSERT_TRUE(TakeLockedAtomicStep(s, layout, clock, 0, LeaseFallback::kNone, first, renew_due));
    const uint64_t later = clock + 2 * second + 5 * second / 2;
    Tick tick = 0;
    EXPECT_FALSE(TakeLockedAtomicStep(s, layout, later, 0, LeaseFallback::kIfRecent, tick,
                                      renew_due, second));
    ASSERT_TRUE(TakeLockedAtomicStep(s, layout, later, 0, LeaseFallback::kIfRecent, tick,
                                     renew_due, 3 * second));
    EXPECT_TRUE(tick > first && tick <= AtomicLeaseTick(s));
    EXPECT_EQ(AtomicLastTick(s), tick);
  }
}

TEST(AtomicSequence, RaiseRebasesAndKeepsTheLease) {
  const Generator g = Generator::kV6;
  const SequenceLayout& layout = LayoutOf(g);
  Sequence s{};
  uint64_t clock = 0;
  ASSERT_EQ(ClockPartFromUnixNanos(g, kNow, clock), Status::kOk);
  ExtendAtomicLease(s, layout, LeaseFor(layout, 0, clock));
  Tick tick = 0;
  bool renew_due = false;
  bool beyond = false;
  ASSERT_TRUE(TakeLockedAtomicStep(s, layout, clock, 0, LeaseFallback::kNone, tick, renew_due));
  const uint64_t epoch = StdOps::Load(s.word) >> kTickOffsetBits;
  // Far ahead of the epoch's base: a rebase. The lease lies below the new
  // last tick, so neither step takes a tick until it is renewed.
  const Tick far = tick + (Tick{1} << 70);
  RaiseAtomicLastTick(s, far);
  EXPECT_EQ(AtomicLastTick(s), far);
  EXPECT_NE(StdOps::Load(s.word) >> kTickOffsetBits, epoch);
  EXPECT_FALSE(TryAtomicStep(s, layout, clock, 0, tick, renew_due, beyond));
  EXPECT_FALSE(TakeLockedAtomicStep(s, layout, clock, 0, LeaseFallback::kNone, tick, renew_due));
  ExtendAtomicLease(s, layout, RenewedLease(layout, far, AtomicLeaseTick(s), clock));
  ASSERT_TRUE(TryAtomicStep(s, layout, clock, 0, tick, renew_due, beyond));
  EXPECT_EQ(tick, far + 1);
  // A raise below the last tick changes nothing.
  RaiseAtomicLastTick(s, far - 5);
  EXPECT_EQ(AtomicLastTick(s), far + 1);
}

}  // namespace
}  // namespace uuid6

namespace uuid6 {
namespace {

constexpr bool kAdds = true;

// Atomics whose next add lets another backend's add land first, between the
// step's look at the word and its own add.
struct RacingOps : StdOps {
  static inline bool race = false;
  static uint64_t FetchAdd(Word& word, uint64_t add) {
    if (race) {
      race = false;
      word.fetch_add(1, std::memory_order_seq_cst);
    }
    return word.fetch_add(add, std::memory_order_seq_cst);
  }
};

// An add that lands past the lease (another add came between the step's
// check and its own) still owns its tick, one above every tick before it,
// and says it lies beyond the lease, so that it is handed out only once a
// lease covers it.
TEST(AtomicSequence, AnAddPastTheLeaseIsFlagged) {
  const Generator g = Generator::kV7;
  const SequenceLayout& layout = LayoutOf(g);
  AtomicSequence<RacingOps> s{};
  uint64_t clock = 0;
  ASSERT_EQ(ClockPartFromUnixNanos(g, kNow, clock), Status::kOk);
  const Tick first = static_cast<Tick>(clock) << layout.low_bits;
  ExtendAtomicLease(s, layout, first + 3);
  Tick tick = 0;
  bool renew_due = false;
  bool beyond = false;
  ASSERT_TRUE(TakeLockedAtomicStep(s, layout, clock, 0, LeaseFallback::kNone, tick, renew_due, 0, kAdds));
  ASSERT_TRUE(TryAtomicStep(s, layout, clock, 0, tick, renew_due, beyond, kAdds));
  EXPECT_EQ(tick, first + 1);
  EXPECT_FALSE(beyond);
  ASSERT_TRUE(TryAtomicStep(s, layout, clock, 0, tick, renew_due, beyond, kAdds));
  EXPECT_EQ(tick, first + 2);
  EXPECT_FALSE(beyond);
  // The step sees first + 2 with the lease at first + 3 and adds; another add
  // lands first (first + 3, the lease's last tick): this one takes first + 4.
  RacingOps::race = true;
  ASSERT_TRUE(TryAtomicStep(s, layout, clock, 0, tick, renew_due, beyond, kAdds));
  EXPECT_EQ(tick, first + 4);
  EXPECT_TRUE(beyond);
  EXPECT_TRUE(renew_due);
  // Every later step stops at the lease until it is renewed past the word.
  EXPECT_FALSE(TryAtomicStep(s, layout, clock, 0, tick, renew_due, beyond, kAdds));
  ExtendAtomicLease(s, layout, RenewedLease(layout, AtomicLastTick(s), AtomicLeaseTick(s), clock));
  EXPECT_GE(AtomicLeaseTick(s), first + 4);
  ASSERT_TRUE(TryAtomicStep(s, layout, clock, 0, tick, renew_due, beyond, kAdds));
  EXPECT_EQ(tick, first + 5);
  EXPECT_FALSE(beyond);
}


// Where the state does not take adds (made by 1.3 to 1.5, whose libraries
// may run beside this one), no step adds: the racing add never comes.
TEST(AtomicSequence, NoAddWithoutTheAddsProtocol) {
  const Generator g = Generator::kV7;
  const SequenceLayout& layout = LayoutOf(g);
  AtomicSequence<RacingOps> s{};
  uint64_t clock = 0;
  ASSERT_EQ(ClockPartFromUnixNanos(g, kNow, clock), Status::kOk);
  const Tick first = static_cast<Tick>(clock) << layout.low_bits;
  ExtendAtomicLease(s, layout, first + 3);
  Tick tick = 0;
  bool renew_due = false;
  bool beyond = false;
  ASSERT_TRUE(TakeLockedAtomicStep(s, layout, clock, 0, LeaseFallback::kNone, tick, renew_due));
  RacingOps::race = true;
  ASSERT_TRUE(TryAtomicStep(s, layout, clock, 0, tick, renew_due, beyond));
  EXPECT_EQ(tick, first + 1);
  EXPECT_FALSE(beyond);
  EXPECT_TRUE(RacingOps::race) << "a compare-and-swap state added";
  RacingOps::race = false;
}

// A swap never takes the word into the top 2^20 offsets of its epoch where
// steps add: there the step gives up, and the locked step rebases. Adds
// taken on a word read below that room then land inside the epoch.
TEST(AtomicSequence, SwapsLeaveRoomForAdds) {
  const Generator g = Generator::kV7;
  const SequenceLayout& layout = LayoutOf(g);
  AtomicSequence<StdOps> s{};
  uint64_t clock = 0;
  ASSERT_EQ(ClockPartFromUnixNanos(g, kNow, clock), Status::kOk);
  const Tick first = static_cast<Tick>(clock) << layout.low_bits;
  ExtendAtomicLease(s, layout, first + kTickOffsetMask + 1000);
  Tick tick = 0;
  bool renew_due = false;
  bool beyond = false;
  ASSERT_TRUE(TakeLockedAtomicStep(s, layout, clock, 0, LeaseFallback::kNone, tick, renew_due, 0,
                                   kAdds));
  const Tick base = AtomicSlotBase(s, SlotOfWord(StdOps::Load(s.word)));
  const uint64_t epoch = StdOps::Load(s.word) >> kTickOffsetBits;
  // Raised to one below the room: that raise stays in the epoch.
  RaiseAtomicLastTick(s, base + kAddsRoom - 1, kAdds);
  EXPECT_EQ(StdOps::Load(s.word) >> kTickOffsetBits, epoch);
  ASSERT_TRUE(TryAtomicStep(s, layout, clock, 0, tick, renew_due, beyond, kAdds));
  EXPECT_EQ(tick, base + kAddsRoom);
  EXPECT_FALSE(beyond);
  // The room is used up: the common step gives up, the locked one rebases.
  EXPECT_FALSE(TryAtomicStep(s, layout, clock, 0, tick, renew_due, beyond, kAdds));
  ASSERT_TRUE(TakeLockedAtomicStep(s, layout, clock, 0, LeaseFallback::kNone, tick, renew_due, 0,
                                   kAdds));
  EXPECT_EQ(tick, base + kAddsRoom + 1);
  EXPECT_NE(StdOps::Load(s.word) >> kTickOffsetBits, epoch);
  EXPECT_EQ(AtomicLastTick(s), base + kAddsRoom + 1);
  // Without adds the same raise would have stayed in the epoch up to its
  // last offset.
  AtomicSequence<StdOps> t{};
  ExtendAtomicLease(t, layout, first + kTickOffsetMask + 1000);
  ASSERT_TRUE(TakeLockedAtomicStep(t, layout, clock, 0, LeaseFallback::kNone, tick, renew_due));
  const uint64_t t_epoch = StdOps::Load(t.word) >> kTickOffsetBits;
  RaiseAtomicLastTick(t, AtomicSlotBase(t, SlotOfWord(StdOps::Load(t.word))) + kAddsRoom + 5);
  EXPECT_EQ(StdOps::Load(t.word) >> kTickOffsetBits, t_epoch);
}

// Atomics whose next add is followed, before the step reads its slot, by
// two rebases (as two lock holders far ahead would make while the adding
// process is descheduled): the slot the add would read is no longer its
// epoch's, so the step drops the tick it took and starts again.
struct RebasingOps : StdOps {
  static inline AtomicSequence<RebasingOps>* sequence = nullptr;
  static inline bool rebase = false;
  static uint64_t FetchAdd(Word& word, uint64_t add) {
    const uint64_t before = word.fetch_add(add, std::memory_order_seq_cst);
    if (rebase) {
      rebase = false;
      for (int i = 0; i < 2; i++)
        RaiseAtomicLastTick(*sequence, AtomicLastTick(*sequence) + kTickOffsetMask + 7, true);
    }
    return before;
  }
};

TEST(AtomicSequence, AnAddOutrunByTwoRebasesIsDropped) {
  const Generator g = Generator::kV7;
  const SequenceLayout& layout = LayoutOf(g);
  AtomicSequence<RebasingOps> s{};
  RebasingOps::sequence = &s;
  uint64_t clock = 0;
  ASSERT_EQ(ClockPartFromUnixNanos(g, kNow, clock), Status::kOk);
  const Tick first = static_cast<Tick>(clock) << layout.low_bits;
  ExtendAtomicLease(s, layout, first + 100);
  Tick tick = 0;
  bool renew_due = false;
  bool beyond = false;
  ASSERT_TRUE(TakeLockedAtomicStep(s, layout, clock, 0, LeaseFallback::kNone, tick, renew_due, 0,
                                   kAdds));
  RebasingOps::rebase = true;
  // Its add took first + 1 in an epoch the word has left twice: dropped; the
  // step tries again from the new word, whose lease lies below it.
  EXPECT_FALSE(TryAtomicStep(s, layout, clock, 0, tick, renew_due, beyond, kAdds));
  const Tick far = AtomicLastTick(s);
  EXPECT_GT(far, first + 2 * kTickOffsetMask);
  ExtendAtomicLease(s, layout, far + 10);
  ASSERT_TRUE(TryAtomicStep(s, layout, clock, 0, tick, renew_due, beyond, kAdds));
  EXPECT_EQ(tick, far + 1);
  EXPECT_FALSE(beyond);
}

}  // namespace
}  // namespace uuid6
