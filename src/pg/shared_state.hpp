// Where the cluster-wide sequences live (docs/design.md, The shared sequence), chosen on first use:
//   1. shared_preload_libraries: reserved at server start;
//   2. not preloaded, PostgreSQL 17+: the DSM registry;
//   3. not preloaded, before 17: carved lazily from the main segment's spare
//      space with ShmemInitStruct under AddinShmemInitLock;
//   4. none of these: the ERROR PostgreSQL raised reaches the caller, and the
//      next call tries again (docs/design.md, Where the state lives: never a state of one backend's own).
#pragma once

#include "core/atomic_sequence.hpp"
#include "core/sequence.hpp"
#include "pg/postgres_headers.hpp"

extern "C" {
#include "port/atomics.h"
}

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

// The sequences and the state file's writer, shared by every library
// version from 1.1 on. Its name and layout are an interface between library
// versions: where the library is not preloaded, a session that loaded an
// older library and one that loaded a newer one run side by side until the
// old sessions end, and they must draw from one sequence. So this struct,
// its name and the writer's claim protocol (a process claims `writer_pid`
// under `lock`, takes a claim over only from a process that no longer
// exists, and installs leases only after writing the file) never change;
// fields a later version needs go into SharedExtension.
struct SharedState {
  PaddedSequence sequences[kGeneratorCount];
  Persistence persistence;
};

static_assert(sizeof(SharedSequence) <= PG_CACHE_LINE_SIZE, "a sequence fits one cache line");

// Shared fields added after 1.1, in a struct of their own (its name is
// stable too) with a layout version and room to grow: its size never
// changes, fields are only ever appended inside the reserve, and a library
// that finds an older layout initializes the fields it adds under `lock`
// and raises `layout_version`; one that finds a newer layout uses the fields
// it knows. Writers of every version before this struct existed (1.1) leave
// it alone.
struct SharedExtensionFields {
  uint32 layout_version;
  slock_t lock;  // guards layout_version
  // Broadcast whenever a writer of this library releases its claim: callers
  // waiting for a lease sleep on it instead of polling.
  ConditionVariable lease_written;
  // The writer that will broadcast, set and cleared under Persistence::lock
  // with writer_pid: equal to it while a writer of this library (or a later
  // one) holds the claim. A claim held by a 1.1 writer, which does not
  // broadcast, is looked at again every 10 ms by those waiting for it.
  int broadcasting_writer_pid;
  // Layout 2 (1.5), read by no earlier library; read and written under
  // Persistence::lock by writers of this library, which alone set them.
  // How long the last write of the state file took, from the clock reading
  // its leases were taken at to their installation, in microseconds: the
  // allowance the next leases make for their own write (core/sequence.hpp,
  // LeaseSpan). Shared, so that whichever process writes next — the lease
  // writer, one started again, or a backend writing for the first time —
  // allows for the disk as the last write found it.
  int64 last_write_micros;
  // While a writer of this library holds the claim (broadcasting_writer_pid
  // equals it): when the renewal it carries on began, in Unix microseconds
  // (the clock leases are taken from) — its own start, or that of the write
  // before it when that one installed a lease already due. Zero otherwise.
  // Calls that find their lease used up take values from its last second
  // for as long as such a renewal is under way, if it began within a second
  // of the lease's end (pg/cluster_lease.hpp, LeaseGrace).
  int64 renewing_since_us;
  // The last write whose lease was already due when it was installed (a
  // write slower than the one before): when it ended and the renewal it
  // carried on began, so that the write right after it carries that
  // renewal on. Zero once a write installs a lease in time.
  int64 late_write_ended_us;
  int64 late_write_since_us;
};

constexpr uint32 kExtensionLayoutVersion = 2;
constexpr size_t kSharedExtensionBytes = 512;

union SharedExtension {
  SharedExtensionFields fields;
  char reserve[kSharedExtensionBytes];
};

static_assert(sizeof(SharedExtensionFields) <= kSharedExtensionBytes, "the fields fit the reserve");

// core/atomic_sequence.hpp's atomics as PostgreSQL's: every platform it
// builds on has a 64-bit compare-and-swap (natively or emulated).
struct PgAtomicOps {
  using Word = pg_atomic_uint64;
  static uint64 Load(const Word& word) { return pg_atomic_read_u64(const_cast<Word*>(&word)); }
  static void Store(Word& word, uint64 value) { pg_atomic_write_u64(&word, value); }
  static bool CompareExchange(Word& word, uint64_t& expected, uint64_t desired) {
    uint64 seen = expected;
    const bool swapped = pg_atomic_compare_exchange_u64(&word, &seen, desired);
    expected = seen;
    return swapped;
  }
  static uint64 FetchAdd(Word& word, uint64 add) {
    return pg_atomic_fetch_add_u64(&word, static_cast<int64>(add));
  }
  static void ReadBarrier() { pg_read_barrier(); }
  static void FullBarrier() { pg_memory_barrier(); }
};

using SharedAtomicSequence = AtomicSequence<PgAtomicOps>;
static_assert(sizeof(SharedAtomicSequence) == 2 * 128, "two lines of 128 bytes");

// The sequences' words of the compare-and-swap protocol (docs/design.md, The shared sequence), in a
// struct of their own ("uuid6 sequences v2 atomic"), created by this library
// before SharedState. Which protocol a state runs is decided once, by the
// library that creates SharedState, and written where no earlier library
// writes: a library of this version that creates SharedState sets
// `protocol` below to kAtomicProtocolChosen, under the same init lock, for
// good; beside a state created by an earlier library (1.1, 1.2) it stays
// zero, and this library then runs the spinlock protocol on SharedState
// exactly as they do, for as long as that state lives (until a restart).
//
// The creator also fences the state against earlier libraries: it sets
// Persistence::writer_pid to kAtomicProtocolMark. That field is theirs to
// write, so it only fences them and never decides the protocol. An earlier
// library that attaches to a fenced state fails closed: the sequences in
// SharedState keep a last tick and a lease of zero, so its every step needs
// a renewal, and the writer's claim it would take is held by "process" -1,
// which kill(-1, 0) finds alive as long as any process of the server's user
// runs; it is never the postmaster's pid (which 1.2 takes for an unreadable
// state file's fence and would lift). So a 1.1 or 1.2 session that draws a
// value, or runs uuid6_advance, waits (cancellably, as it waits behind an
// unreadable state file) and never writes the state file or hands out a
// value. Were kill(-1, 0) ever to find no process, their claim protocol
// would take the fence over; this library's sessions, attached before or
// after, would still run the one protocol the header records. This
// library's own claim is `writer_pid` below, under Persistence::lock, with
// the same protocol.
constexpr int kAtomicProtocolMark = -1;

// `protocol` of a state created by 1.3 to 1.5: every common step a
// compare-and-swap.
constexpr uint32 kAtomicProtocolChosen = 0x75753133;
// `protocol` of a state this library (or a later one) created: common steps
// add (core/atomic_sequence.hpp, TryAtomicStep), and every session publishes
// its transactions' first keys for the commit horizon. A 1.3 to 1.5 library
// does not know the value: it takes the state for one an earlier library
// created, runs the spinlock protocol on SharedState, and finds it fenced
// (above) — its sessions wait and hand out nothing, so that no step that
// swaps up to the epoch's last offset, and no transaction unseen by the
// horizon, runs beside this library's. This library runs either protocol,
// as the state's creator recorded it.
constexpr uint32 kAtomicProtocolAdds = 0x75753136;

// Fields are only ever appended, within the header's 128 bytes; a library
// that finds a newer layout_version uses the fields it knows.
struct AtomicSequencesFields {
  uint32 layout_version;
  int writer_pid;  // this protocol's writer's claim (see Persistence)
  // kAtomicProtocolAdds or kAtomicProtocolChosen once the library that
  // created SharedState chose this protocol; zero beside a state an earlier
  // library created.
  uint32 protocol;
};
static_assert(sizeof(AtomicSequencesFields) <= 128, "the fields fit the header");

struct AtomicSequences {
  union {
    AtomicSequencesFields fields;
    char padding[128];
  } header;
  SharedAtomicSequence sequences[kGeneratorCount];
};

// The words of the attached state's sequences, or null where the state
// runs the spinlock protocol (it was created by an earlier library); set
// when the state is attached. Read on every generation, so inline.
extern AtomicSequences* attached_atomic_sequences;
inline AtomicSequences* AttachedAtomicSequences() { return attached_atomic_sequences; }
// The attached state runs 1.6's protocol (kAtomicProtocolAdds): its common
// steps add, and no library that publishes no first key for the commit
// horizon (pg/horizon.hpp) runs beside it.
extern bool attached_adds;
inline bool StateTakesAdds() { return attached_adds; }

// The writer's claim of the state's protocol: AtomicSequences' where the
// state runs the compare-and-swap protocol, Persistence::writer_pid where it
// runs the spinlock protocol.
int& WriterPidOf(Persistence& persistence);

// With the lock of sequence `index` held, whichever the protocol: a copy in
// SequenceState's form (last tick, lease and renewal point from the words
// where the state has them), raising the last tick, extending the lease
// (with the allowance for the next write: ExtendLease).
SequenceState SequenceCopy(SharedState* state, int index);
void RaiseSequenceLastTick(SharedState* state, int index, Tick tick);
void ExtendSequenceLease(SharedState* state, int index, Tick lease, uint64 allowance);

// The state of this cluster, attaching or creating it (and its extension)
// on first use. Never returns null: a failure is an ERROR.
SharedState* AttachSharedState();
StateMode CurrentStateMode();
// The extension of the attached state; only after AttachSharedState.
SharedExtensionFields& AttachedExtension();

// Called from _PG_init while shared_preload_libraries is being processed.
void InstallSharedMemoryHooks();

}  // namespace uuid6::pg
