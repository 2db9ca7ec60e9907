#include "pg/cluster_lease.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>

#include "core/state_file.hpp"
#include "pg/convert.hpp"

extern "C" {
#include "common/file_perm.h"
#include "postmaster/interrupt.h"
}

namespace uuid6::pg {

namespace {

constexpr const char* kTempFileName = "uuid6.state.tmp";
// A restored lease further ahead of the clock than this is reported.
constexpr int64 kFarAheadMicros = int64{86400} * 1000000;
// A write slower than this is logged: leases then reach noticeably further.
constexpr int64 kSlowWriteMicros = 500 * 1000;

// A write that begins within this long of the end of a write that
// installed a lease already due carries on the renewal that write carried
// (SharedExtensionFields::renewing_since_us).
constexpr int64 kCarryOnMicros = 1000 * 1000;
// How many writes in a row the lease writer makes while each installs a
// lease already due (a disk growing slower), before it lets go of the claim.
constexpr int kMaxWritesInARow = 4;

int64 MonotonicMicros() {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return static_cast<int64>(now.tv_sec) * 1000000 + now.tv_nsec / 1000;
}

int64 NowUnixMicros() { return UnixNanosNow() / 1000; }

// How long the last write took (SharedExtensionFields::last_write_micros):
// read and written by the claim's holder only.
int64& LastWriteMicros() { return AttachedExtension().last_write_micros; }

// write(2) until done; false with errno set on failure.
bool WriteAll(int fd, const char* data, size_t length) {
  while (length > 0) {
    const ssize_t written = write(fd, data, length);
    if (written < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    if (written == 0) {
      errno = ENOSPC;
      return false;
    }
    data += written;
    length -= static_cast<size_t>(written);
  }
  return true;
}

// Flushes the data directory's entry for the renamed file. Some file
// systems cannot fsync a directory (EINVAL, EBADF); as PostgreSQL does, that
// is not a failure.
bool SyncDataDirectory() {
  const int fd = open(".", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool synced = fsync(fd) == 0 || errno == EINVAL || errno == EBADF;
  const int saved = errno;
  close(fd);
  errno = saved;
  return synced;
}

// Writes the file atomically and durably: a temporary file, flushed,
// renamed over the old one, and the directory flushed, so that the rename
// itself survives a crash of the machine — the only order in which the new
// lease may be trusted, since the old file, should it come back, does not
// cover values handed out under the new one. With fsync = off, as for
// PostgreSQL's own files, nothing is flushed. Any failed step, a failed
// flush included, fails the whole write: the caller installs nothing of it,
// and the next attempt starts again from a new temporary file (after a
// failed fsync the kernel may have dropped the data, and a second fsync of
// the same file could report success for data never written). Plain system
// calls only, so that nothing here can raise an ERROR while the writer's
// claim is held. Returns 0 or the errno of the step that failed.
int WriteStateFile(const PersistedState& persisted) {
  char text[kStateFileMaxBytes];
  const size_t length = FormatStateFile(persisted, text, sizeof text);
  if (length == 0) return EOVERFLOW;
  const int fd = open(kTempFileName, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, pg_file_create_mode);
  if (fd < 0) return errno;
  if (!WriteAll(fd, text, length) || (enableFsync && fsync(fd) != 0)) {
    const int saved = errno;
    close(fd);
    unlink(kTempFileName);
    return saved;
  }
  if (close(fd) != 0) return errno;
  if (rename(kTempFileName, kStateFileName) != 0) return errno;
  if (enableFsync && !SyncDataDirectory()) return errno;
  return 0;
}

// True when `pid` no longer exists: a claim it left can be taken over. (A
// backend cannot leave the claim behind by exiting — nothing between claim
// and release can raise an ERROR or exit — and dying abnormally restarts the
// cluster, re-creating the state. This only guards against the unforeseen.)
bool ProcessGone(int pid) { return kill(pid, 0) != 0 && errno == ESRCH; }

// Takes the single writer's claim, or says another process holds it. A
// plain read first, so that backends passing by during a write do not all
// take the spinlock; only a caller that must have a lease (`must`) checks
// whether the holder still exists. The claim is announced as one that will
// broadcast when released.
// The renewal a write carries on is its own, begun now, unless it follows
// within kCarryOnMicros a write that installed a lease already due: then it
// carries on that write's renewal (SharedExtensionFields). Under the lock.
void StartRenewal(SharedExtensionFields& extension, int64 now_us) {
  const bool carries_on = extension.late_write_ended_us != 0 &&
                          now_us - extension.late_write_ended_us <= kCarryOnMicros &&
                          now_us >= extension.late_write_ended_us;
  extension.renewing_since_us = carries_on ? extension.late_write_since_us : now_us;
  extension.late_write_ended_us = 0;
  extension.late_write_since_us = 0;
}

bool ClaimWriter(Persistence& persistence, bool must) {
  int& writer_pid = WriterPidOf(persistence);
  const int holder = *static_cast<volatile int*>(&writer_pid);
  if (holder != 0 && (!must || !ProcessGone(holder))) return false;
  bool claimed = false;
  SharedExtensionFields& extension = AttachedExtension();
  const int64 now_us = NowUnixMicros();
  SpinLockAcquire(&persistence.lock);
  if (writer_pid == 0 || writer_pid == holder) {
    writer_pid = MyProcPid;
    extension.broadcasting_writer_pid = MyProcPid;
    StartRenewal(extension, now_us);
    claimed = true;
  }
  SpinLockRelease(&persistence.lock);
  return claimed;
}

// Releases the claim, then wakes every caller waiting for the write. `late`:
// the last write installed a lease already due, and the next write carries
// on its renewal.
void ReleaseWriter(Persistence& persistence, bool late = false) {
  SharedExtensionFields& extension = AttachedExtension();
  int& writer_pid = WriterPidOf(persistence);
  const int64 now_us = NowUnixMicros();
  SpinLockAcquire(&persistence.lock);
  if (writer_pid == MyProcPid) {
    writer_pid = 0;
    extension.broadcasting_writer_pid = 0;
    extension.late_write_ended_us = late ? now_us : 0;
    extension.late_write_since_us = late ? extension.renewing_since_us : 0;
    extension.renewing_since_us = 0;
  }
  SpinLockRelease(&persistence.lock);
  ConditionVariableBroadcast(&extension.lease_written);
}

// A copy of sequence `index`, taken under its lock.
SequenceState LockedCopy(SharedState* state, int index) {
  SharedSequence& sequence = state->sequences[index].sequence;
  SpinLockAcquire(&sequence.lock);
  const SequenceState copy = SequenceCopy(state, index);
  SpinLockRelease(&sequence.lock);
  return copy;
}

// In use: values taken. Under the compare-and-swap protocol backends count
// theirs in batches, so a last tick above the one restored at start says so
// too.
bool InUse(const SharedState* state, int index, const SequenceState& copy) {
  return copy.generated > 0 ||
         (AttachedAtomicSequences() != nullptr &&
          LastTick(copy) > ((static_cast<Tick>(state->persistence.restored_hi[index]) << 64) |
                            state->persistence.restored_lo[index]));
}

// With the writer's claim held: computes the lease of every sequence that
// needs one (`forced`, or in use and running low), writes the file and, once
// it is durably written, installs the new leases. The leases allow for a
// write as long as the last one (whoever made it), and their renewal points
// for one as long as this one (LeaseSpan). Returns 0 or an errno; `late`
// says a lease it installed was already due by the clock (this write took
// longer than the one before: the next write allows for it).
int WriteLeases(SharedState* state, int forced, bool& late) {
  late = false;
  const int64 start = MonotonicMicros();
  PersistedState persisted;
  memset(&persisted, 0, sizeof persisted);
  persisted.saved_unix_us = NowUnixMicros();
  bool renewed[kGeneratorCount] = {};
  bool any = false;
  for (int i = 0; i < kGeneratorCount; i++) {
    const Generator generator = static_cast<Generator>(i);
    const SequenceLayout& layout = LayoutOf(generator);
    const uint64 clock = ClockPartAt(generator, UnixNanosNow());
    const SequenceState copy = LockedCopy(state, i);
    const Tick last = LastTick(copy);
    const Tick lease = LeaseTick(copy);
    const Tick clock_tick = static_cast<Tick>(clock) << layout.low_bits;
    const Tick current = last > clock_tick ? last : clock_tick;
    if (i == forced || (InUse(state, i, copy) && PastRenewalPoint(copy, current))) {
      // Above the lease already installed (which may come from a clock
      // reading later than this one), so that the renewal point moves on.
      persisted.lease[i] =
          RenewedLease(layout, last, lease, clock, WriteAllowance(layout, LastWriteMicros()));
      renewed[i] = any = true;
    } else {
      persisted.lease[i] = lease;
    }
    persisted.present[i] = persisted.lease[i] != 0;
  }
  if (!any) return 0;
  const int error = WriteStateFile(persisted);
  if (error != 0) return error;
  const int64 took = MonotonicMicros() - start;
  LastWriteMicros() = took;
  const int64 installed_ns = UnixNanosNow();
  for (int i = 0; i < kGeneratorCount; i++) {
    if (!renewed[i]) continue;
    const Generator generator = static_cast<Generator>(i);
    const SequenceLayout& layout = LayoutOf(generator);
    SharedSequence& sequence = state->sequences[i].sequence;
    const uint64 allowance = WriteAllowance(layout, took);
    SpinLockAcquire(&sequence.lock);
    ExtendSequenceLease(state, i, persisted.lease[i], allowance);
    const SequenceState copy = SequenceCopy(state, i);
    SpinLockRelease(&sequence.lock);
    const Tick clock_tick = static_cast<Tick>(ClockPartAt(generator, installed_ns))
                            << layout.low_bits;
    if (PastRenewalPoint(copy, clock_tick)) late = true;
  }
  return 0;
}

// What reading the state file gave: its leases, no file at all, or a
// failure (`error_number` from a system call, else `parse_error`).
enum class ReadOutcome { kRead, kMissing, kFailed };

struct StateFileRead {
  ReadOutcome outcome;
  int error_number;
  StateFileError parse_error;
  PersistedState persisted;
};

// Reads and parses the state file with plain system calls: raises nothing,
// so that it can run while shared memory is being created (in the
// postmaster, where an ERROR would stop the server).
StateFileRead ReadStateFile() {
  StateFileRead result;
  memset(&result, 0, sizeof result);
  const int fd = open(kStateFileName, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    result.outcome = errno == ENOENT ? ReadOutcome::kMissing : ReadOutcome::kFailed;
    result.error_number = errno;
    return result;
  }
  char text[kStateFileMaxBytes + 1];
  size_t length = 0;
  ssize_t got = 0;
  while (length < sizeof text && (got = read(fd, text + length, sizeof text - length)) != 0) {
    if (got < 0) {
      if (errno == EINTR) continue;
      break;
    }
    length += static_cast<size_t>(got);
  }
  const int read_errno = got < 0 ? errno : 0;
  close(fd);
  if (read_errno != 0) {
    result.outcome = ReadOutcome::kFailed;
    result.error_number = read_errno;
    return result;
  }
  result.parse_error = length > kStateFileMaxBytes ? StateFileError::kMalformed
                                                   : ParseStateFile(text, length, result.persisted);
  result.outcome =
      result.parse_error == StateFileError::kNone ? ReadOutcome::kRead : ReadOutcome::kFailed;
  return result;
}

// The claim a state file that cannot be read leaves on the writer's slot:
// the postmaster's pid, which lives as long as the shared memory, so that no
// process — not even a library of an earlier version, which takes over a
// claim only from a process that no longer exists — ever writes over the
// file. Lifted only by a process that has read the file, or found it gone.
// (In single-user mode there is no postmaster: the one process stands in.)
int FencePid() { return PostmasterPid != 0 ? static_cast<int>(PostmasterPid) : MyProcPid; }

bool UnreadableFence(Persistence& persistence) {
  return *static_cast<const volatile int*>(&WriterPidOf(persistence)) == FencePid();
}

// Installs the leases read from the file into a state no value has been
// taken from yet, and records what was restored for uuid6_status.
void ApplyRestoredState(SharedState* state, const PersistedState& persisted) {
  Persistence& persistence = state->persistence;
  persistence.restored_saved_at_us = persisted.saved_unix_us;
  for (int i = 0; i < kGeneratorCount; i++) {
    if (!persisted.present[i]) continue;
    SharedSequence& sequence = state->sequences[i].sequence;
    SpinLockAcquire(&sequence.lock);
    RaiseSequenceLastTick(state, i, persisted.lease[i]);
    ExtendSequenceLease(state, i, persisted.lease[i], 0);
    SpinLockRelease(&sequence.lock);
    persistence.restored_present[i] = true;
    persistence.restored_hi[i] = static_cast<uint64>(persisted.lease[i] >> 64);
    persistence.restored_lo[i] = static_cast<uint64>(persisted.lease[i]);
  }
  persistence.restore_result = RestoreResult::kRestored;
}

void WarnFarAhead(const PersistedState& persisted) {
  for (int i = 0; i < kGeneratorCount; i++) {
    if (!persisted.present[i]) continue;
    const Generator generator = static_cast<Generator>(i);
    const uint64 restored_clock =
        static_cast<uint64>(persisted.lease[i] >> LayoutOf(generator).low_bits);
    if (UnixMicrosFromClockPart(generator, restored_clock) > NowUnixMicros() + kFarAheadMicros)
      ereport(WARNING,
              (errmsg("uuid6: the saved %s sequence in \"%s\" is more than a day ahead of "
                      "the clock",
                      GeneratorName(generator), kStateFileName),
               errdetail("New values continue above it, so their times lie in the future."),
               errdetail_log("New values continue above it, so their times lie in the future. "
                             "The file is \"%s/%s\".",
                             DataDir, kStateFileName)));
  }
}

const char* ReadFailureText(const StateFileRead& read) {
  return read.error_number != 0 ? strerror(read.error_number)
                                : StateFileErrorText(read.parse_error);
}

// The ERROR of a generator (or uuid6_advance) while the state file cannot
// be read: the file, the cause, and the ways out. Raised with no lock and no
// claim held.
void ReportUnreadableStateFile(const StateFileRead& read) {
  const char* detail =
      "The file records how far the UUID sequences went: no UUID is generated, and the file is "
      "not replaced, until it can be read.";
  const char* hint =
      "Fix the file (its permissions, its storage); or, to start the sequences from the clock, "
      "stop every application that generates UUIDs, move the file out of the data directory, "
      "then run uuid6_advance with the newest key of each version in use: from the moment the "
      "file is gone, generators start from the clock.";
  // The client is told the file's name in the data directory, whose path is
  // not shown to every role; the server log gets the full path.
  if (read.error_number != 0) {
    errno = read.error_number;
    ereport(ERROR, (errcode_for_file_access(),
                    errmsg("uuid6: could not read state file \"%s\": %m", kStateFileName),
                    errdetail("%s", detail),
                    errdetail_log("%s The file is \"%s/%s\".", detail, DataDir, kStateFileName),
                    errhint("%s", hint)));
  }
  ereport(ERROR, (errcode(ERRCODE_DATA_CORRUPTED),
                  errmsg("uuid6: state file \"%s\" is unusable: %s", kStateFileName,
                         StateFileErrorText(read.parse_error)),
                  errdetail("%s", detail),
                  errdetail_log("%s The file is \"%s/%s\".", detail, DataDir, kStateFileName),
                  errhint("%s", hint)));
}

}  // namespace

void RestoreState(SharedState* state) {
  Persistence& persistence = state->persistence;
  persistence.restore_result = RestoreResult::kNoFile;
  const StateFileRead read = ReadStateFile();
  switch (read.outcome) {
    case ReadOutcome::kMissing:
      return;
    case ReadOutcome::kRead:
      ApplyRestoredState(state, read.persisted);
      WarnFarAhead(read.persisted);
      return;
    case ReadOutcome::kFailed:
      break;
  }
  // Fail closed: decided here, raised by each generator call, which reads
  // the file again first (a passing error clears by itself).
  persistence.restore_result = RestoreResult::kUnreadable;
  WriterPidOf(persistence) = FencePid();
  ereport(WARNING,
          (errmsg("uuid6: cannot use state file \"%s\": %s", kStateFileName,
                  ReadFailureText(read)),
           errdetail("UUID generators fail until the file can be read, or is moved aside."),
           errdetail_log("UUID generators fail until the file can be read, or is moved aside. "
                         "The file is \"%s/%s\".",
                         DataDir, kStateFileName)));
}

void SaveStateAtShutdown(int code, Datum arg) {
  if (code != 0) return;  // a crash: shared memory is not to be trusted
  SharedState* state = reinterpret_cast<SharedState*>(DatumGetPointer(arg));
  // A file that could not be read is left as it is.
  if (UnreadableFence(state->persistence)) return;
  PersistedState persisted;
  memset(&persisted, 0, sizeof persisted);
  persisted.saved_unix_us = NowUnixMicros();
  for (int i = 0; i < kGeneratorCount; i++) {
    // Every backend is gone: the last ticks are final, and exact.
    const Tick last = LastTick(SequenceCopy(state, i));
    persisted.lease[i] = last;
    persisted.present[i] = last != 0;
  }
  const int error = WriteStateFile(persisted);
  if (error != 0) {
    errno = error;
    ereport(LOG, (errmsg("uuid6: could not save state file \"%s/%s\": %m", DataDir,
                         kStateFileName),
                  errdetail("The leases written while the server ran stand.")));
  }
}

namespace {

// One write under the claim, timed; a slow one is logged once it is done.
// With `in_a_row` (the lease writer), a write that installed a lease already
// due is followed at once by another, allowing for it, without letting go
// of the claim — so that no call takes the claim in between and writes
// inline — and those waiting are woken after each; a call writes once and
// leaves the next write to the next call that needs it.
int TimedWriteLeases(SharedState* state, int forced, bool in_a_row = false) {
  const int64 start = MonotonicMicros();
  bool late = false;
  int error = WriteLeases(state, forced, late);
  // A shutdown asked of the lease writer meanwhile ends the run.
  for (int writes = 1; error == 0 && late && in_a_row && !ShutdownRequestPending &&
                       writes < kMaxWritesInARow;
       writes++) {
    ConditionVariableBroadcast(&AttachedExtension().lease_written);
    error = WriteLeases(state, -1, late);
  }
  ReleaseWriter(state->persistence, error == 0 && late);
  const int64 took = MonotonicMicros() - start;
  if (took > kSlowWriteMicros)
    ereport(LOG_SERVER_ONLY,
            (errmsg("uuid6: writing state file \"%s/%s\" took %lld ms", DataDir, kStateFileName,
                    static_cast<long long>(took / 1000)),
             errdetail("The next leases reach further past the clock, three times as far as "
                       "this write took (up to 30 s more), so that each is renewed before it "
                       "runs out; the sequences may start that far ahead of the clock after a "
                       "crash.")));
  return error;
}

}  // namespace

RenewOutcome RenewDueLeases(SharedState* state, bool in_a_row) {
  if (!ClaimWriter(state->persistence, false)) return RenewOutcome::kBusy;
  return TimedWriteLeases(state, -1, in_a_row) == 0 ? RenewOutcome::kDone : RenewOutcome::kFailed;
}

void RenewLeasesIfIdle(SharedState* state) { RenewDueLeases(state, false); }

bool LeaseRenewalDue(SharedState* state) {
  for (int i = 0; i < kGeneratorCount; i++) {
    const SequenceState copy = LockedCopy(state, i);
    if (InUse(state, i, copy) && PastRenewalPoint(copy, LastTick(copy))) return true;
  }
  return false;
}

int64 KeepAliveWaitMicros(SharedState* state) {
  int64 wait = -1;
  const int64 now_ns = UnixNanosNow();
  for (int i = 0; i < kGeneratorCount; i++) {
    const Generator generator = static_cast<Generator>(i);
    const SequenceLayout& layout = LayoutOf(generator);
    const SequenceState copy = LockedCopy(state, i);
    if (!InUse(state, i, copy) || LeaseTick(copy) == 0) continue;
    const int64_t units =
        KeepAliveWaitClock(layout, LastTick(copy), RenewalPoint(copy), ClockPartAt(generator, now_ns));
    if (units == kKeepAliveNever) continue;
    // The clock past the window: nothing to write unless it is stepped back;
    // looked at again now and then.
    const int64 until = units == kKeepAliveClockAway ? kKeepAliveClockAwayLookMicros
                        : units == 0                 ? 0
                                                     : MicrosFromClockUnits(generator, static_cast<uint64>(units));
    if (wait < 0 || until < wait) wait = until;
  }
  return wait;
}

bool LeaseWriteUnderWay(SharedState* state) {
  return *static_cast<const volatile int*>(&WriterPidOf(state->persistence)) != 0;
}

namespace {

// While a state file that could not be read fences the writer's slot: reads
// it again. Still unreadable: the ERROR. Readable, or gone (moved aside by
// the operator): its leases, if any, are installed and the fence lifted, by
// whichever process gets there first. Returns holding no claim.
void LiftFenceOrReport(SharedState* state) {
  const StateFileRead read = ReadStateFile();
  if (read.outcome == ReadOutcome::kFailed) ReportUnreadableStateFile(read);
  Persistence& persistence = state->persistence;
  bool lifted = false;
  SharedExtensionFields& extension = AttachedExtension();
  int& writer_pid = WriterPidOf(persistence);
  SpinLockAcquire(&persistence.lock);
  if (writer_pid == FencePid()) {
    writer_pid = MyProcPid;
    extension.broadcasting_writer_pid = MyProcPid;
    extension.renewing_since_us = 0;
    lifted = true;
  }
  SpinLockRelease(&persistence.lock);
  if (!lifted) return;
  if (read.outcome == ReadOutcome::kRead)
    ApplyRestoredState(state, read.persisted);
  else
    persistence.restore_result = RestoreResult::kNoFile;
  ReleaseWriter(persistence);
  ereport(LOG_SERVER_ONLY,
          (errmsg(read.outcome == ReadOutcome::kRead
                      ? "uuid6: state file \"%s/%s\" read: the sequences continue above it"
                      : "uuid6: state file \"%s/%s\" is gone: the sequences start from "
                        "the clock",
                  DataDir, kStateFileName)));
  if (read.outcome == ReadOutcome::kRead) WarnFarAhead(read.persisted);
}

}  // namespace

bool RenewLease(SharedState* state, Generator generator) {
  if (unlikely(UnreadableFence(state->persistence))) {
    LiftFenceOrReport(state);
    return false;
  }
  if (!ClaimWriter(state->persistence, true)) return false;
  const int error = TimedWriteLeases(state, static_cast<int>(generator));
  if (error != 0) {
    errno = error;
    ereport(ERROR, (errcode_for_file_access(),
                    errmsg("uuid6: could not write state file \"%s\": %m", kStateFileName),
                    errdetail("A %s value is handed out only once the state file covers it, "
                              "so that no restart can repeat it.",
                              GeneratorName(generator)),
                    errdetail_log("A %s value is handed out only once the state file covers "
                                  "it, so that no restart can repeat it. The file is "
                                  "\"%s/%s\".",
                                  GeneratorName(generator), DataDir, kStateFileName)));
  }
  return true;
}

void WaitForLeaseWrite(SharedState* state) {
  Persistence& persistence = state->persistence;
  SharedExtensionFields& extension = AttachedExtension();
  // Prepared before the claim is looked at, so that a release between the
  // look and the sleep still wakes this process.
  ConditionVariablePrepareToSleep(&extension.lease_written);
  for (;;) {
    SpinLockAcquire(&persistence.lock);
    const int holder = WriterPidOf(persistence);
    const bool broadcasts = holder != 0 && extension.broadcasting_writer_pid == holder;
    SpinLockRelease(&persistence.lock);
    if (holder == 0 || holder == MyProcPid || holder == FencePid() || ProcessGone(holder))
      break;
    // A writer of this library broadcasts when it is done, and after each
    // lease it installs while it goes on writing: woken, the caller looks
    // at the lease again. The timeout only looks again, once a second,
    // whether the writer still exists.
    if (!ConditionVariableTimedSleep(&extension.lease_written, broadcasts ? 1000 : 10,
                                     PG_WAIT_EXTENSION) &&
        broadcasts)
      break;
  }
  ConditionVariableCancelSleep();
}

uint64 LeaseGrace(SharedState* state, Generator generator) {
  Persistence& persistence = state->persistence;
  SharedExtensionFields& extension = AttachedExtension();
  const int64 now_us = NowUnixMicros();
  SpinLockAcquire(&persistence.lock);
  const int holder = WriterPidOf(persistence);
  const int64 since_us =
      holder != 0 && extension.broadcasting_writer_pid == holder ? extension.renewing_since_us : 0;
  SpinLockRelease(&persistence.lock);
  if (since_us == 0 || now_us <= since_us) return 0;
  return WriteAllowance(LayoutOf(generator), now_us - since_us);
}

}  // namespace uuid6::pg
