// A per-process reserve of CSPRNG bytes (docs/design.md, The shared sequence). A strong-random call
// costs about a microsecond whatever its size, so bytes are drawn 4 KiB at a
// time and handed out a few at a time.
//
// The pool belongs to the process that filled it: a process forked from the
// filler (a backend forked from the postmaster, say) finds a foreign owner
// and refills before using it, so no two processes ever hand out the same
// bytes. Bytes are wiped as they are handed out.
#pragma once

#include <cstddef>
#include <cstdint>


namespace uuid6 {

// Fills `length` bytes from a CSPRNG; false on failure.
using RandomFill = bool (*)(void* buffer, size_t length);

struct RandomPool {
  static constexpr size_t kSize = 4096;
  uint8_t bytes[kSize];
  size_t next;     // first byte not yet handed out; kSize = empty
  int64_t owner;   // process that filled the pool; 0 = never filled
};

// Copies `length` (at most kSize) fresh bytes into `out`, refilling first
// when the pool is short or belongs to another process. False when the
// fill fails; `out` is then zeroed and the pool left empty.
bool TakeRandom(RandomPool& pool, int64_t process_id, RandomFill fill, void* out,
                size_t length) noexcept;

// Eight fresh bytes as one integer (the common case of the generators).
bool TakeRandom64(RandomPool& pool, int64_t process_id, RandomFill fill, uint64_t& out) noexcept;

// Overwrites memory in a way the compiler may not elide.
void WipeBytes(void* buffer, size_t length) noexcept;

}  // namespace uuid6
