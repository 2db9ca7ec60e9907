#include "pg/shared_state.hpp"

#include "pg/horizon.hpp"
#include "pg/library_1_0.hpp"
#include "pg/cluster_lease.hpp"

#include <cstring>

namespace uuid6::pg {

AtomicSequences* attached_atomic_sequences = nullptr;
bool attached_adds = false;

namespace {

// 1.1's name for 1.1's layout: kept (see SharedState). 1.0's library used
// another name and layout ("uuid6 sequences v1"): its sessions cannot share
// a sequence with later ones, which docs/upgrading.md says, and
// this library refuses to start one beside them (library_1_0.hpp).
constexpr const char* kStateName = "uuid6 sequences v2";
constexpr const char* kExtensionName = "uuid6 sequences v2 extension";
constexpr const char* kAtomicName = "uuid6 sequences v2 atomic";
// 1: the words of 1.3 and later (which protocol runs on them is `protocol`'s
// to say: kAtomicProtocolChosen or, from 1.6, kAtomicProtocolAdds).
constexpr uint32 kAtomicLayoutVersion = 1;
// Allocated with a line to spare, so that each sequence's word can start a
// line of its own whatever the allocator's alignment.
constexpr size_t kAtomicBytes = sizeof(AtomicSequences) + 128;

SharedState* attached_state = nullptr;
// Where the struct was found or created, and the aligned struct inside it
// once the attached state is known to run the compare-and-swap protocol.
AtomicSequences* atomic_struct = nullptr;
SharedExtension* attached_extension = nullptr;
StateMode attached_mode = StateMode::kSharedPreload;

shmem_request_hook_type previous_shmem_request_hook = nullptr;
shmem_startup_hook_type previous_shmem_startup_hook = nullptr;

// A new state: zeroed, its locks ready, every sequence started above the
// lease the state file holds (docs/design.md, The cluster's lease). Runs with the creator's
// init lock held; restoring raises no ERROR.
// This library creates the state for the compare-and-swap protocol: it
// records that choice in the words' header and fences the state against
// earlier libraries (see AtomicSequences). The words were found or created
// just before, by this library or a later one.
void InitializeState(SharedState* state) {
  memset(state, 0, sizeof *state);
  for (PaddedSequence& padded : state->sequences) SpinLockInit(&padded.sequence.lock);
  SpinLockInit(&state->persistence.lock);
  state->persistence.writer_pid = kAtomicProtocolMark;
  atomic_struct->header.fields.protocol = kAtomicProtocolAdds;
  attached_atomic_sequences = atomic_struct;
  attached_adds = true;
  RestoreState(state);
}

AtomicSequences* AlignedAtomic(void* segment) {
  return reinterpret_cast<AtomicSequences*>(TYPEALIGN(128, reinterpret_cast<uintptr_t>(segment)));
}

void InitializeAtomic(void* segment) {
  memset(segment, 0, kAtomicBytes);
  AtomicSequences* atomic = AlignedAtomic(segment);
  atomic->header.fields.layout_version = kAtomicLayoutVersion;
  for (SharedAtomicSequence& sequence : atomic->sequences) {
    pg_atomic_init_u64(&sequence.word, 0);
    for (int slot = 0; slot < 2; slot++) {
      pg_atomic_init_u64(&sequence.base_hi[slot], 0);
      pg_atomic_init_u64(&sequence.base_lo[slot], 0);
      pg_atomic_init_u64(&sequence.lease_offset[slot], 0);
      pg_atomic_init_u64(&sequence.renew_offset[slot], 0);
    }
  }
}

// The protocol of the state attached, as its creator recorded it in the
// words' header (a layout this library knows, or a later one). Read after
// the state was found under the init lock its creator held.
void DecideProtocol() {
  const AtomicSequencesFields& fields = atomic_struct->header.fields;
  const bool known =
      fields.protocol == kAtomicProtocolChosen || fields.protocol == kAtomicProtocolAdds;
  attached_atomic_sequences =
      fields.layout_version >= kAtomicLayoutVersion && known ? atomic_struct : nullptr;
  attached_adds = attached_atomic_sequences != nullptr && fields.protocol == kAtomicProtocolAdds;
}

void InitializeExtension(SharedExtension* extension) {
  memset(extension, 0, sizeof *extension);
  SharedExtensionFields& fields = extension->fields;
  SpinLockInit(&fields.lock);
  ConditionVariableInit(&fields.lease_written);
  fields.layout_version = kExtensionLayoutVersion;
}

// An extension created by an earlier library: the fields added since are
// initialized here, under its lock. Layout 2's are zero, as the creator's
// memset of the whole reserve left them and no earlier library writes
// there; they are set again all the same. The first library of a layout
// that attaches raises the version, so no process of it has used the fields
// before.
void AdoptExtension(SharedExtension* extension) {
  SharedExtensionFields& fields = extension->fields;
  SpinLockAcquire(&fields.lock);
  if (fields.layout_version < 2) {
    fields.last_write_micros = 0;
    fields.renewing_since_us = 0;
    fields.late_write_ended_us = 0;
    fields.late_write_since_us = 0;
  }
  if (fields.layout_version < kExtensionLayoutVersion)
    fields.layout_version = kExtensionLayoutVersion;
  SpinLockRelease(&fields.lock);
}

// Finds or creates the named structs in the main shared-memory segment; the
// caller holds AddinShmemInitLock, as every creator must. The sequences
// first: an ERROR for the extension leaves them for the next call.
SharedState* InitShmemStruct() {
  bool found = false;
  void* atomic = ShmemInitStruct(kAtomicName, kAtomicBytes, &found);
  if (!found) InitializeAtomic(atomic);
  atomic_struct = AlignedAtomic(atomic);
  SharedState* state =
      static_cast<SharedState*>(ShmemInitStruct(kStateName, sizeof(SharedState), &found));
  if (!found) InitializeState(state);
  DecideProtocol();
  SharedExtension* extension = static_cast<SharedExtension*>(
      ShmemInitStruct(kExtensionName, sizeof(SharedExtension), &found));
  if (found)
    AdoptExtension(extension);
  else
    InitializeExtension(extension);
  attached_extension = extension;
  return state;
}

void RequestSharedMemory() {
  if (previous_shmem_request_hook != nullptr) previous_shmem_request_hook();
  RequestAddinShmemSpace(MAXALIGN(sizeof(SharedState)) + MAXALIGN(sizeof(SharedExtension)) +
                         MAXALIGN(kAtomicBytes) + HorizonBytes());
}

// Runs in the postmaster at start and after every crash restart; backends
// inherit the pointer it sets.
void StartupSharedMemory() {
  if (previous_shmem_startup_hook != nullptr) previous_shmem_startup_hook();
  LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
  attached_state = InitShmemStruct();
  InitHorizonPreloaded();
  attached_mode = StateMode::kSharedPreload;
  LWLockRelease(AddinShmemInitLock);
  // The postmaster saves the exact last ticks at shutdown (a crash restart
  // skips that and relies on the leases, as the other modes always do).
  if (!IsUnderPostmaster) on_shmem_exit(SaveStateAtShutdown, PointerGetDatum(attached_state));
}

constexpr StateMode kLazyMode =
    kLazyStructInDsmRegistry ? StateMode::kDsmRegistry : StateMode::kLazyShmem;

void InitializeSegment(void* segment) { InitializeState(static_cast<SharedState*>(segment)); }
void InitializeExtensionSegment(void* segment) {
  InitializeExtension(static_cast<SharedExtension*>(segment));
}

// Not preloaded: the DSM registry (17+) or the main segment's spare space,
// which is small but ample for a few cache lines. Three structs, the words
// and the sequences first (see InitShmemStruct).
SharedState* CreateLazily() {
  bool found = false;
  atomic_struct =
      AlignedAtomic(FindOrCreateNamedStruct<InitializeAtomic>(kAtomicName, kAtomicBytes, &found));
  SharedState* state = static_cast<SharedState*>(
      FindOrCreateNamedStruct<InitializeSegment>(kStateName, sizeof(SharedState), &found));
  DecideProtocol();
  SharedExtension* extension =
      static_cast<SharedExtension*>(FindOrCreateNamedStruct<InitializeExtensionSegment>(
          kExtensionName, sizeof(SharedExtension), &found));
  if (found) AdoptExtension(extension);
  attached_extension = extension;
  return state;
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
  RefuseBesideLibrary10();
  ErrorContextCallback context;
  context.callback = AttachErrorContext;
  context.arg = nullptr;
  context.previous = error_context_stack;
  error_context_stack = &context;
  SharedState* state = CreateLazily();
  AttachHorizonLazily();
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

SharedExtensionFields& AttachedExtension() { return attached_extension->fields; }

int& WriterPidOf(Persistence& persistence) {
  return attached_atomic_sequences != nullptr ? attached_atomic_sequences->header.fields.writer_pid
                                              : persistence.writer_pid;
}

SequenceState SequenceCopy(SharedState* state, int index) {
  SequenceState copy = state->sequences[index].sequence.state;
  if (attached_atomic_sequences != nullptr)
    CopyAtomicSequence(attached_atomic_sequences->sequences[index], copy);
  return copy;
}

void RaiseSequenceLastTick(SharedState* state, int index, Tick tick) {
  if (attached_atomic_sequences != nullptr)
    RaiseAtomicLastTick(attached_atomic_sequences->sequences[index], tick, attached_adds);
  else
    RaiseLastTick(state->sequences[index].sequence.state, tick);
}

void ExtendSequenceLease(SharedState* state, int index, Tick lease, uint64 allowance) {
  const SequenceLayout& layout = LayoutOf(static_cast<Generator>(index));
  if (attached_atomic_sequences != nullptr)
    ExtendAtomicLease(attached_atomic_sequences->sequences[index], layout, lease, allowance);
  else
    ExtendLease(state->sequences[index].sequence.state, layout, lease, allowance);
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
