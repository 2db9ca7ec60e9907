// Where the cluster-wide sequences live (SPEC §2), chosen on first use:
//   1. shared_preload_libraries: reserved at server start;
//   2. not preloaded, PostgreSQL 17+: the DSM registry;
//   3. not preloaded, before 17: carved lazily from the main segment's spare
//      space with ShmemInitStruct under AddinShmemInitLock;
//   4. none of these: the ERROR PostgreSQL raised reaches the caller, and the
//      next call tries again (SPEC §2: never a silent backend-local state).
#pragma once

#include "core/sequence.hpp"
#include "pg/postgres_headers.hpp"

namespace uuid6::pg {

enum class StateMode { kSharedPreload, kDsmRegistry, kLazyShmem };

const char* StateModeName(StateMode mode);

// One sequence and the spinlock that guards it: plain data, no constructor.
struct SharedSequence {
  slock_t lock;
  SequenceState state;
};

// Each sequence on its own cache line, so that backends generating
// different versions do not contend for one line.
union PaddedSequence {
  SharedSequence sequence;
  char padding[PG_CACHE_LINE_SIZE];
};

// What was restored from the state file when the shared state was created.
enum class RestoreResult : int { kNoFile, kRestored, kUnreadable };

// The state file's single writer and what the file gave at start. Writers
// claim `writer_pid` under `lock` and write the file with no lock held, so
// a slow disk never holds up a generator that still has lease left.
struct Persistence {
  slock_t lock;
  int writer_pid;  // 0 when nobody is writing
  // Set once when the state is created, read-only afterwards.
  RestoreResult restore_result;
  int64 restored_saved_at_us;  // `saved` line of the file restored
  bool restored_present[kGeneratorCount];
  uint64 restored_hi[kGeneratorCount];
  uint64 restored_lo[kGeneratorCount];
};

struct SharedState {
  PaddedSequence sequences[kGeneratorCount];
  Persistence persistence;
};

static_assert(sizeof(SharedSequence) <= PG_CACHE_LINE_SIZE, "a sequence fits one cache line");

// The state of this cluster, attaching or creating it on first use. Never
// returns null: a failure is an ERROR.
SharedState* AttachSharedState();
StateMode CurrentStateMode();

// Called from _PG_init while shared_preload_libraries is being processed.
void InstallSharedMemoryHooks();

}  // namespace uuid6::pg
