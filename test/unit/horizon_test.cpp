// The commit horizon's publish and scan (core/horizon.hpp), raced by threads:
// writers that take keys from one atomic sequence in transactions of random
// length (publishing a bound before their first draw, clearing it only once
// the transaction has ended), and readers that compute the horizon and then
// check it against the truth: no transaction that was still open when the
// horizon was returned holds a key below it, and no key drawn afterwards
// lies below it.
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <random>
#include <thread>
#include <vector>

#include "core/horizon.hpp"

namespace uuid6 {
namespace {

struct StdOps {
  using Word = std::atomic<uint64_t>;
  static uint64_t Load(const Word& word) { return word.load(std::memory_order_relaxed); }
  static void Store(Word& word, uint64_t value) { word.store(value, std::memory_order_relaxed); }
  static bool CompareExchange(Word& word, uint64_t& expected, uint64_t desired) {
    return word.compare_exchange_strong(expected, desired, std::memory_order_seq_cst);
  }
  static void FullBarrier() { std::atomic_thread_fence(std::memory_order_seq_cst); }
};

using Slot = HorizonSlot<StdOps>;
static_assert(sizeof(Slot) == 64, "a slot is a cache line");

constexpr int kWriters = 6;
constexpr int kReaders = 2;
constexpr uint64_t kDatabase = 5;
constexpr int kG = 1;  // v7

// Each writer's open transaction: the least key it drew (UINT64_MAX: none, or ended). Set
// once its first key is drawn, reset once it has ended and before its bound is cleared.
struct Truth {
  std::atomic<uint64_t> open_min[kWriters];
};

TEST(Horizon, NoOpenTransactionBelowItNoLaterKeyBelowIt) {
  // The sequence: a counter whose values stand for clock parts (each draw a new one, the
  // worst case for the rounding to clock parts).
  std::atomic<uint64_t> sequence{1000};
  std::unique_ptr<Slot[]> slots(new Slot[kWriters + 1]());
  for (int i = 0; i <= kWriters; i++) {
    for (auto& b : slots[i].bound) b.store(0);
    slots[i].database.store(kDatabase);
    slots[i].since_us.store(0);
  }
  // A slot of another database, whose bound must not count.
  slots[kWriters].database.store(kDatabase + 1);
  slots[kWriters].bound[kG].store(1);  // clock part 0: would hold everything back
  Truth truth;
  for (auto& t : truth.open_min) t.store(UINT64_MAX);
  std::atomic<bool> stop{false};
  std::atomic<uint64_t> transactions{0}, horizons{0}, violations{0};

  std::vector<std::thread> threads;
  for (int w = 0; w < kWriters; w++) {
    threads.emplace_back([&, w] {
      std::mt19937_64 random(w + 1);
      while (!stop.load()) {
        const int keys = 1 + static_cast<int>(random() % 5);
        for (int k = 0; k < keys; k++) {
          if (k == 0) PublishHorizonBound(slots[w], kG, sequence.load(std::memory_order_seq_cst));
          const uint64_t key = sequence.fetch_add(1, std::memory_order_seq_cst) + 1;
          if (k == 0) truth.open_min[w].store(key, std::memory_order_seq_cst);
          if (random() % 4 == 0) std::this_thread::yield();
        }
        // The transaction ends; its effects visible; only then the bound goes.
        truth.open_min[w].store(UINT64_MAX, std::memory_order_seq_cst);
        ClearHorizonBound(slots[w], kG);
        transactions++;
      }
    });
  }
  for (int r = 0; r < kReaders; r++) {
    threads.emplace_back([&] {
      while (!stop.load()) {
        const uint64_t s = sequence.load(std::memory_order_seq_cst);
        const uint64_t least = LeastHorizonBound(slots.get(), kWriters + 1, kDatabase, kG);
        const uint64_t h = least < s + 1 ? least : s + 1;
        // Every transaction still open now that holds a key below h is a miss.
        for (int w = 0; w < kWriters; w++) {
          const uint64_t open = truth.open_min[w].load(std::memory_order_seq_cst);
          if (open != UINT64_MAX && open < h) violations++;
        }
        // Every key drawn from now on lies at or above h.
        if (sequence.load(std::memory_order_seq_cst) + 1 < h) violations++;
        horizons++;
      }
    });
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  stop.store(true);
  for (auto& t : threads) t.join();
  EXPECT_EQ(violations.load(), 0u);
  EXPECT_GT(transactions.load(), 1000u);
  EXPECT_GT(horizons.load(), 1000u);
}

uint64_t HorizonAt(uint64_t sequence_last, const Slot* slots) {
  const uint64_t least = LeastHorizonBound(slots, 1, kDatabase, kG);
  return least < sequence_last + 1 ? least : sequence_last + 1;
}

// Without the bound (a writer that publishes nothing), a reader does see open
// transactions below its horizon: the check above can fail.
TEST(Horizon, WithoutBoundsReadersMissOpenTransactions) {
  std::atomic<uint64_t> sequence{1000};
  std::unique_ptr<Slot[]> slots(new Slot[1]());
  for (auto& b : slots[0].bound) b.store(0);
  slots[0].database.store(kDatabase);
  // An open transaction that took key 1001 and published nothing; others went on.
  const uint64_t open = sequence.fetch_add(1) + 1;
  sequence.fetch_add(10);
  const uint64_t h = HorizonAt(sequence.load(), slots.get());
  EXPECT_LT(open, h);
  // Published, it holds the horizon at its bound.
  PublishHorizonBound(slots[0], kG, open - 1);
  EXPECT_EQ(HorizonAt(sequence.load(), slots.get()), open - 1);
  int holder = -2;
  LeastHorizonBound(slots.get(), 1, kDatabase, kG, &holder);
  EXPECT_EQ(holder, 0);
  ClearHorizonBound(slots[0], kG);
  // With nothing in progress, the horizon lies above every key made so far.
  EXPECT_EQ(HorizonAt(sequence.load(), slots.get()), sequence.load() + 1);
}

// The horizon as a tick, and the key it stands for: the least tick of the
// least bound's clock part, or the tick after the sequence's last one.
// A slot shared by a parallel leader and its workers keeps the least bound
// published in it: a worker's, published first, is not raised by the
// leader's first key of the version, drawn later.
TEST(Horizon, APublishOnlyLowersTheSlotsBound) {
  Slot slot{};
  PublishHorizonBound(slot, kG, 100);  // a worker's key
  PublishHorizonBound(slot, kG, 250);  // the leader's, later
  EXPECT_EQ(StdOps::Load(slot.bound[kG]), 101u);
  PublishHorizonBound(slot, kG, 40);  // another worker's, read earlier
  EXPECT_EQ(StdOps::Load(slot.bound[kG]), 41u);
  ClearHorizonBound(slot, kG);
  PublishHorizonBound(slot, kG, 250);  // the next transaction's
  EXPECT_EQ(StdOps::Load(slot.bound[kG]), 251u);
}

TEST(Horizon, TickOfTheBoundOrAfterTheLast) {
  const SequenceLayout& layout = LayoutOf(Generator::kV7);
  const Tick last = (Tick{5000} << layout.low_bits) | 17;
  EXPECT_EQ(HorizonTick(layout, last, UINT64_MAX), last + 1);
  EXPECT_EQ(HorizonTick(layout, last, 4000), Tick{4000} << layout.low_bits);
  EXPECT_EQ(HorizonTick(layout, last, 5000), Tick{5000} << layout.low_bits);
  EXPECT_EQ(HorizonTick(layout, last, 6000), last + 1);
  // The key of the horizon lies at or below every key of a tick at or above it.
  const Uuid floor = PackTick(Generator::kV7, HorizonTick(layout, last, 5000), 0, -1);
  EXPECT_FALSE(PackTick(Generator::kV7, Tick{5000} << layout.low_bits, ~uint64_t{0}, -1) < floor);
  EXPECT_FALSE(PackTick(Generator::kV7, last, 0, 7) < floor);
}

}  // namespace
}  // namespace uuid6
