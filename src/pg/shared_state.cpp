#include "pg/shared_state.hpp"

#include "pg/persistence.hpp"

#include <cstring>

namespace uuid6::pg {

namespace {

// The name carries the struct's layout version, so that a library built with
// another SharedState never attaches to a segment made by an older one.
constexpr const char* kStateName = "uuid6 sequences v2";

SharedState* attached_state = nullptr;
StateMode attached_mode = StateMode::kSharedPreload;

shmem_request_hook_type previous_shmem_request_hook = nullptr;
shmem_startup_hook_type previous_shmem_startup_hook = nullptr;

// A new state: zeroed, its locks ready, every sequence started above the
// lease the state file holds (SPEC §2, Durability). Runs with the creator's
// init lock held; restoring raises no ERROR.
void InitializeState(SharedState* state) {
  memset(state, 0, sizeof *state);
  for (PaddedSequence& padded : state->sequences) SpinLockInit(&padded.sequence.lock);
  SpinLockInit(&state->persistence.lock);
  RestoreState(state);
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

void RequestSharedMemory() {
  if (previous_shmem_request_hook != nullptr) previous_shmem_request_hook();
  RequestAddinShmemSpace(MAXALIGN(sizeof(SharedState)));
}

// Runs in the postmaster at start and after every crash restart; backends
// inherit the pointer it sets.
void StartupSharedMemory() {
  if (previous_shmem_startup_hook != nullptr) previous_shmem_startup_hook();
  LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
  attached_state = InitShmemStruct();
  attached_mode = StateMode::kSharedPreload;
  LWLockRelease(AddinShmemInitLock);
  // The postmaster saves the exact last ticks at shutdown (a crash restart
  // skips that and relies on the leases, as the other modes always do).
  if (!IsUnderPostmaster) on_shmem_exit(SaveStateAtShutdown, PointerGetDatum(attached_state));
}

constexpr StateMode kLazyMode =
    kLazyStructInDsmRegistry ? StateMode::kDsmRegistry : StateMode::kLazyShmem;

void InitializeSegment(void* segment) { InitializeState(static_cast<SharedState*>(segment)); }

// Not preloaded: the DSM registry (17+) or the main segment's spare space,
// which is small but ample for a few cache lines.
SharedState* CreateLazily() {
  return static_cast<SharedState*>(
      FindOrCreateNamedStruct<InitializeSegment>(kStateName, sizeof(SharedState)));
}

// Names, in any ERROR raised while the shared state is created or attached,
// what was being done and how to avoid that path altogether.
void AttachErrorContext(void*) {
  errcontext("creating uuid6's shared sequences on first use (%s); adding uuid6 to "
             "shared_preload_libraries reserves them at server start instead",
             StateModeName(kLazyMode));
}

// Not preloaded: the shared path of this server version. An ERROR from
// PostgreSQL (out of shared memory, a DSM segment that cannot be created)
// is never caught here: catching it outside a subtransaction would leave
// core locks held and the interrupt hold-off count wrong. It propagates, the
// transaction's abort releases whatever PostgreSQL took, and since nothing
// was cached the next call tries again.
SharedState* AttachLazily() {
  ErrorContextCallback context;
  context.callback = AttachErrorContext;
  context.arg = nullptr;
  context.previous = error_context_stack;
  error_context_stack = &context;
  SharedState* state = CreateLazily();
  error_context_stack = context.previous;
  attached_mode = kLazyMode;
  return state;
}

}  // namespace

const char* StateModeName(StateMode mode) {
  switch (mode) {
    case StateMode::kSharedPreload:
      return "shared_preload";
    case StateMode::kDsmRegistry:
      return "dsm_registry";
    case StateMode::kLazyShmem:
      break;
  }
  return "lazy_shmem";
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
  previous_shmem_request_hook = shmem_request_hook;
  shmem_request_hook = RequestSharedMemory;
  previous_shmem_startup_hook = shmem_startup_hook;
  shmem_startup_hook = StartupSharedMemory;
}

}  // namespace uuid6::pg
