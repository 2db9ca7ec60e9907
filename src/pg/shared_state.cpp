#include "pg/shared_state.hpp"

#include <cstring>

namespace uuid6::pg {

namespace {

// The name carries the struct's layout version, so that a library built with
// another SharedState never attaches to a segment made by an older one.
constexpr const char* kStateName = "uuid6 sequences v1";

SharedState* attached_state = nullptr;
StateMode attached_mode = StateMode::kBackendLocal;
SharedState backend_local_state;

#if PG_VERSION_NUM >= 150000
shmem_request_hook_type previous_shmem_request_hook = nullptr;
#endif
shmem_startup_hook_type previous_shmem_startup_hook = nullptr;

void InitializeState(SharedState* state) {
  memset(state, 0, sizeof *state);
  for (PaddedSequence& padded : state->sequences) SpinLockInit(&padded.sequence.lock);
}

// Finds or creates the named struct in the main shared-memory segment; the
// caller holds AddinShmemInitLock, as every creator must.
SharedState* InitShmemStruct() {
  bool found = false;
  SharedState* state =
      static_cast<SharedState*>(ShmemInitStruct(kStateName, sizeof(SharedState), &found));
  if (!found) InitializeState(state);
  return state;
}

#if PG_VERSION_NUM >= 150000
void RequestSharedMemory() {
  if (previous_shmem_request_hook != nullptr) previous_shmem_request_hook();
  RequestAddinShmemSpace(MAXALIGN(sizeof(SharedState)));
}
#endif

// Runs in the postmaster at start and after every crash restart; backends
// inherit the pointer it sets.
void StartupSharedMemory() {
  if (previous_shmem_startup_hook != nullptr) previous_shmem_startup_hook();
  LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
  attached_state = InitShmemStruct();
  attached_mode = StateMode::kSharedPreload;
  LWLockRelease(AddinShmemInitLock);
}

#if PG_VERSION_NUM >= 170000
constexpr StateMode kLazyMode = StateMode::kDsmRegistry;

void InitializeSegment(void* segment) { InitializeState(static_cast<SharedState*>(segment)); }

SharedState* CreateLazily() {
  bool found = false;
  return static_cast<SharedState*>(
      GetNamedDSMSegment(kStateName, sizeof(SharedState), InitializeSegment, &found));
}
#else
constexpr StateMode kLazyMode = StateMode::kLazyShmem;

// The spare space PostgreSQL leaves in its main segment is small but ample
// for a few cache lines; pgvector creates its lock struct the same way.
SharedState* CreateLazily() {
  LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
  SharedState* state = InitShmemStruct();
  LWLockRelease(AddinShmemInitLock);
  return state;
}
#endif

// Not preloaded: try the shared path of this server version, and fall back
// to backend-local state if it fails, saying why.
SharedState* AttachLazily() {
  MemoryContext caller_context = CurrentMemoryContext;
  SharedState* volatile state = nullptr;
  const char* volatile reason = nullptr;
  PG_TRY();
  { state = CreateLazily(); }
  PG_CATCH();
  {
    if (LWLockHeldByMe(AddinShmemInitLock)) LWLockRelease(AddinShmemInitLock);
    MemoryContextSwitchTo(caller_context);
    ErrorData* error = CopyErrorData();
    FlushErrorState();
    reason = error->message;
  }
  PG_END_TRY();

  if (state != nullptr) {
    attached_mode = kLazyMode;
    return state;
  }
  InitializeState(&backend_local_state);
  attached_mode = StateMode::kBackendLocal;
  ereport(WARNING,
          (errmsg("uuid6: no shared memory for the UUID sequences, using backend-local state"),
           errdetail("UUIDs from this backend are increasing, but not ordered with other "
                     "backends' UUIDs. Cause: %s",
                     reason != nullptr ? reason : "unknown"),
           errhint("Add uuid6 to shared_preload_libraries and restart the server.")));
  return &backend_local_state;
}

}  // namespace

const char* StateModeName(StateMode mode) {
  switch (mode) {
    case StateMode::kSharedPreload:
      return "shared_preload";
    case StateMode::kDsmRegistry:
      return "dsm_registry";
    case StateMode::kLazyShmem:
      return "lazy_shmem";
    case StateMode::kBackendLocal:
      break;
  }
  return "backend_local";
}

SharedState* AttachSharedState() {
  if (likely(attached_state != nullptr)) return attached_state;
  attached_state = AttachLazily();
  return attached_state;
}

StateMode CurrentStateMode() {
  AttachSharedState();
  return attached_mode;
}

void InstallSharedMemoryHooks() {
#if PG_VERSION_NUM >= 150000
  previous_shmem_request_hook = shmem_request_hook;
  shmem_request_hook = RequestSharedMemory;
#else
  RequestAddinShmemSpace(MAXALIGN(sizeof(SharedState)));
#endif
  previous_shmem_startup_hook = shmem_startup_hook;
  shmem_startup_hook = StartupSharedMemory;
}

}  // namespace uuid6::pg
