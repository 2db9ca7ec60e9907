#include "core/random_pool.hpp"

#include <cstring>
#include "core/no_postgres.hpp"  // last: proves no PostgreSQL header came in

namespace uuid6 {

void WipeBytes(void* buffer, size_t length) noexcept {
  volatile uint8_t* bytes = static_cast<volatile uint8_t*>(buffer);
  for (size_t i = 0; i < length; i++) bytes[i] = 0;
}

namespace {

bool Refill(RandomPool& pool, int64_t process_id, RandomFill fill) noexcept {
  WipeBytes(pool.bytes, RandomPool::kSize);
  pool.next = RandomPool::kSize;
  pool.owner = process_id;
  if (!fill(pool.bytes, RandomPool::kSize)) {
    WipeBytes(pool.bytes, RandomPool::kSize);
    return false;
  }
  pool.next = 0;
  return true;
}

}  // namespace

bool TakeRandom(RandomPool& pool, int64_t process_id, RandomFill fill, void* out,
                size_t length) noexcept {
  if (length > RandomPool::kSize) {
    std::memset(out, 0, length);
    return false;
  }
  if (pool.owner != process_id || pool.next > RandomPool::kSize ||
      RandomPool::kSize - pool.next < length) {
    if (!Refill(pool, process_id, fill)) {
      std::memset(out, 0, length);
      return false;
    }
  }
  std::memcpy(out, pool.bytes + pool.next, length);
  WipeBytes(pool.bytes + pool.next, length);
  pool.next += length;
  return true;
}

bool TakeRandom64(RandomPool& pool, int64_t process_id, RandomFill fill, uint64_t& out) noexcept {
  // The common case, without the general path's byte loop: eight bytes
  // copied and wiped as one word.
  if (pool.owner == process_id && pool.next <= RandomPool::kSize - sizeof out) {
    std::memcpy(&out, pool.bytes + pool.next, sizeof out);
    const uint64_t zero = 0;
    std::memcpy(pool.bytes + pool.next, &zero, sizeof zero);
    // Keep the compiler from dropping the wipe as a dead store.
    __asm__ __volatile__("" : : "r"(pool.bytes + pool.next) : "memory");
    pool.next += sizeof out;
    return true;
  }
  return TakeRandom(pool, process_id, fill, &out, sizeof out);
}

}  // namespace uuid6
