#include "core/tag.hpp"

#include "core/no_postgres.hpp"  // last: proves no PostgreSQL header came in

namespace uuid6 {

namespace {

constexpr uint64_t kTagBits = 0xFF;
// The mark and the tag: the last 32 bits of the low word.
constexpr uint64_t kMarkAndTagBits = 0xFFFFFFFF;

}  // namespace

Uuid WithTag(Uuid v7, int tag) noexcept {
  v7.lo = (v7.lo & ~kMarkAndTagBits) | (kTagMark << kTagMarkShift) |
          (static_cast<uint64_t>(tag) & kTagBits);
  return v7;
}

bool ReadTag(const Uuid& id, int& tag) noexcept {
  if (VersionOf(id) != 7) return false;
  if (((id.lo >> kTagMarkShift) & 0xFFFFFF) != kTagMark) return false;
  tag = static_cast<int>(id.lo & kTagBits);
  return true;
}

}  // namespace uuid6
