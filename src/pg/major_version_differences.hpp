// What differs between the PostgreSQL majors uuid6 builds against (15 to
// 19), papered over here and nowhere else: the glue reads the same on every
// major, and a new major's changes land in this one file.
#pragma once

#if PG_VERSION_NUM < 150000
#error "uuid6 needs PostgreSQL 15 or later (shmem_request_hook)"
#endif

extern "C" {
#include "storage/dsm.h"
#if PG_VERSION_NUM >= 170000
#include "storage/dsm_registry.h"
#include "storage/procnumber.h"
#else
#include "storage/backendid.h"
#endif
}

namespace uuid6::pg {

// Where a fixed-size named struct comes from when the library was not
// preloaded: the DSM registry from 17 on, else the spare space PostgreSQL
// leaves in its main segment (ShmemInitStruct under AddinShmemInitLock, as
// pgvector does).
constexpr bool kLazyStructInDsmRegistry = PG_VERSION_NUM >= 170000;
// The same for every library version: where a not-preloaded uuid6 1.0
// session kept its sequences. In the main segment (15, 16) a struct can be
// looked up by name without creating it (pg_get_shmem_allocations); the DSM
// registry of 17 and 18 has no such look-up, and 1.0 never built for 19.
constexpr bool kLazyStructInMainSegment = !kLazyStructInDsmRegistry;

// Finds the struct `name`, or creates it and runs `Initialize` on it once,
// under the creator's lock; `found` says which. An ERROR from PostgreSQL
// propagates; nothing is cached, so the next call tries again. 19 hands the
// initialiser an extra caller argument, which uuid6 does not need.
template <void (*Initialize)(void* segment)>
void* FindOrCreateNamedStruct(const char* name, size_t size, bool* found) {
  *found = false;
#if PG_VERSION_NUM >= 190000
  return GetNamedDSMSegment(
      name, size, [](void* segment, void*) { Initialize(segment); }, found, nullptr);
#elif PG_VERSION_NUM >= 170000
  return GetNamedDSMSegment(name, size, Initialize, found);
#else
  LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
  void* segment = ShmemInitStruct(name, size, found);
  if (!*found) Initialize(segment);
  LWLockRelease(AddinShmemInitLock);
  return segment;
#endif
}

// Like FindOrCreateNamedStruct, for a struct whose size grows with the
// server's settings (max_connections): from 17 on the DSM registry, as
// there; before, a dynamic shared memory segment of its own, pinned for the
// server's life and mapped for the backend's, whose handle a small struct in
// the main segment's spare space keeps (the spare space itself is too small
// for it). Created and attached under AddinShmemInitLock.
template <void (*Initialize)(void* segment)>
void* FindOrCreateNamedSegment(const char* name, size_t size, bool* found) {
#if PG_VERSION_NUM >= 170000
  return FindOrCreateNamedStruct<Initialize>(name, size, found);
#else
  struct Handle {
    dsm_handle handle;
  };
  *found = false;
  LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
  bool handle_found = false;
  Handle* handle = static_cast<Handle*>(ShmemInitStruct(name, sizeof(Handle), &handle_found));
  if (!handle_found) handle->handle = DSM_HANDLE_INVALID;
  dsm_segment* segment = nullptr;
  if (handle->handle != DSM_HANDLE_INVALID) {
    segment = dsm_find_mapping(handle->handle);
    if (segment == nullptr) segment = dsm_attach(handle->handle);
    *found = segment != nullptr;
  }
  if (segment == nullptr) {
    segment = dsm_create(size, 0);
    Initialize(dsm_segment_address(segment));
    dsm_pin_segment(segment);
    handle->handle = dsm_segment_handle(segment);
  }
  dsm_pin_mapping(segment);
  LWLockRelease(AddinShmemInitLock);
  return dsm_segment_address(segment);
#endif
}

// This process's slot among the server's PGPROCs, from 0: backends that are
// connected at one moment hold different slots, which a process id modulo
// a bucket count does not promise. 17 numbers the slots from 0
// (MyProcNumber); 15 and 16 count backend ids from 1 (MyBackendId). -1 for
// a process without one.
inline int BackendSlot() {
#if PG_VERSION_NUM >= 170000
  return MyProcNumber;
#else
  return MyBackendId == InvalidBackendId ? -1 : MyBackendId - 1;
#endif
}

// The slot of this process's parallel leader (BackendSlot's numbering), or
// its own where it is none.
inline int LeaderSlot() {
#if PG_VERSION_NUM >= 170000
  return ParallelLeaderProcNumber == INVALID_PROC_NUMBER ? MyProcNumber : ParallelLeaderProcNumber;
#else
  return ParallelLeaderBackendId == InvalidBackendId ? BackendSlot() : ParallelLeaderBackendId - 1;
#endif
}

}  // namespace uuid6::pg
