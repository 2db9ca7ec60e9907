#include "pg/persistence.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>

#include "core/state_file.hpp"

extern "C" {
#include "common/file_perm.h"
}

namespace uuid6::pg {

namespace {

constexpr const char* kTempFileName = "uuid6.state.tmp";
// A writer that has held its claim this long is presumed gone: a write takes
// milliseconds, and a backend cannot die holding the claim without a crash
// restart re-creating the state.
constexpr int64 kStaleWriterMicros = 10 * 1000000;
// A restored lease further ahead of the clock than this is reported.
constexpr int64 kFarAheadMicros = int64{86400} * 1000000;

int64 MonotonicMicros() {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return static_cast<int64>(now.tv_sec) * 1000000 + now.tv_nsec / 1000;
}

int64 NowUnixMicros() {
  struct timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  return static_cast<int64>(now.tv_sec) * 1000000 + now.tv_nsec / 1000;
}

uint64 ClockPartNow(Generator generator) {
  struct timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  uint64_t clock = 0;
  if (ClockPartFromUnixNanos(generator,
                             static_cast<int64>(now.tv_sec) * 1000000000 + now.tv_nsec,
                             clock) != Status::kOk)
    clock = 0;
  return clock;
}

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

bool SyncDataDirectory() {
  if (!enableFsync) return true;
  const int fd = open(".", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool synced = fsync(fd) == 0;
  const int saved = errno;
  close(fd);
  errno = saved;
  return synced;
}

// Writes the file atomically: a temporary file, flushed (unless fsync is
// off), renamed over the old one, the directory flushed. Plain system calls
// only, so that nothing here can raise an ERROR while the writer's claim is
// held. Returns 0 or the errno of the step that failed.
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
  if (!SyncDataDirectory()) return errno;
  return 0;
}

bool ClaimWriter(Persistence& persistence) {
  const int64 now = MonotonicMicros();
  bool claimed = false;
  SpinLockAcquire(&persistence.lock);
  if (persistence.writer_pid == 0 || now - persistence.writer_since_us > kStaleWriterMicros) {
    persistence.writer_pid = MyProcPid;
    persistence.writer_since_us = now;
    claimed = true;
  }
  SpinLockRelease(&persistence.lock);
  return claimed;
}

void ReleaseWriter(Persistence& persistence, int error) {
  SpinLockAcquire(&persistence.lock);
  if (persistence.writer_pid == MyProcPid) persistence.writer_pid = 0;
  if (error == 0) persistence.writes++;
  persistence.last_errno = error;
  SpinLockRelease(&persistence.lock);
}

// With the writer's claim held: computes the lease of every sequence that
// needs one (`forced`, or in use and running low), writes the file and, once
// it is on disk, installs the new leases. Returns 0 or an errno.
int WriteLeases(SharedState* state, int forced) {
  PersistedState persisted;
  memset(&persisted, 0, sizeof persisted);
  persisted.saved_unix_us = NowUnixMicros();
  bool renewed[kGeneratorCount] = {};
  bool any = false;
  for (int i = 0; i < kGeneratorCount; i++) {
    const Generator generator = static_cast<Generator>(i);
    const SequenceLayout& layout = LayoutOf(generator);
    const uint64 clock = ClockPartNow(generator);
    SharedSequence& sequence = state->sequences[i].sequence;
    SpinLockAcquire(&sequence.lock);
    const SequenceState copy = sequence.state;
    SpinLockRelease(&sequence.lock);

    const Tick last = LastTick(copy);
    const Tick lease = LeaseTick(copy);
    Tick current = last;
    if (static_cast<Tick>(clock) << layout.low_bits > current)
      current = static_cast<Tick>(clock) << layout.low_bits;
    if (i == forced || (copy.generated > 0 && LeaseRunningLow(layout, lease, current))) {
      persisted.lease[i] = LeaseFor(layout, last, clock);
      renewed[i] = any = true;
    } else {
      persisted.lease[i] = lease;
    }
    persisted.present[i] = persisted.lease[i] != 0;
  }
  if (!any) return 0;
  const int error = WriteStateFile(persisted);
  if (error != 0) return error;
  for (int i = 0; i < kGeneratorCount; i++) {
    if (!renewed[i]) continue;
    SharedSequence& sequence = state->sequences[i].sequence;
    SpinLockAcquire(&sequence.lock);
    ExtendLease(sequence.state, persisted.lease[i]);
    SpinLockRelease(&sequence.lock);
  }
  return 0;
}

}  // namespace

void RestoreState(SharedState* state) {
  Persistence& persistence = state->persistence;
  persistence.restore_result = RestoreResult::kNoFile;
  const int fd = open(kStateFileName, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno != ENOENT) {
      persistence.restore_result = RestoreResult::kUnreadable;
      ereport(WARNING, (errcode_for_file_access(),
                        errmsg("uuid6: could not open state file \"%s/%s\": %m", DataDir,
                               kStateFileName),
                        errdetail("The UUID sequences start from the clock.")));
    }
    return;
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

  PersistedState persisted;
  StateFileError error = StateFileError::kNone;
  if (read_errno == 0)
    error = length > kStateFileMaxBytes ? StateFileError::kMalformed
                                        : ParseStateFile(text, length, persisted);
  if (read_errno != 0 || error != StateFileError::kNone) {
    persistence.restore_result = RestoreResult::kUnreadable;
    errno = read_errno;
    ereport(WARNING,
            (errmsg("uuid6: ignoring state file \"%s/%s\": %s", DataDir, kStateFileName,
                    read_errno != 0 ? strerror(read_errno) : StateFileErrorText(error)),
             errdetail("The UUID sequences start from the clock; values made before this "
                       "start may sort above new ones if the clock is behind them."),
             errhint("If keys made before are known, SELECT uuid6_advance(max_key) for each "
                     "version lifts the sequence above them.")));
    return;
  }

  persistence.restore_result = RestoreResult::kRestored;
  persistence.restored_saved_at_us = persisted.saved_unix_us;
  for (int i = 0; i < kGeneratorCount; i++) {
    if (!persisted.present[i]) continue;
    const Generator generator = static_cast<Generator>(i);
    SequenceState& sequence = state->sequences[i].sequence.state;
    RaiseLastTick(sequence, persisted.lease[i]);
    ExtendLease(sequence, persisted.lease[i]);
    persistence.restored_present[i] = true;
    persistence.restored_hi[i] = static_cast<uint64>(persisted.lease[i] >> 64);
    persistence.restored_lo[i] = static_cast<uint64>(persisted.lease[i]);
    const uint64 restored_clock =
        static_cast<uint64>(persisted.lease[i] >> LayoutOf(generator).low_bits);
    if (UnixMicrosFromClockPart(generator, restored_clock) > NowUnixMicros() + kFarAheadMicros)
      ereport(WARNING,
              (errmsg("uuid6: the saved %s sequence in \"%s/%s\" is more than a day ahead of "
                      "the clock",
                      GeneratorName(generator), DataDir, kStateFileName),
               errdetail("New values continue above it, so their times lie in the future.")));
  }
}

void SaveStateAtShutdown(int code, Datum arg) {
  if (code != 0) return;  // a crash: shared memory is not to be trusted
  SharedState* state = reinterpret_cast<SharedState*>(DatumGetPointer(arg));
  PersistedState persisted;
  memset(&persisted, 0, sizeof persisted);
  persisted.saved_unix_us = NowUnixMicros();
  for (int i = 0; i < kGeneratorCount; i++) {
    // Every backend is gone: the last ticks are final, and exact.
    const Tick last = LastTick(state->sequences[i].sequence.state);
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

void RenewLeasesIfIdle(SharedState* state) {
  if (!ClaimWriter(state->persistence)) return;
  ReleaseWriter(state->persistence, WriteLeases(state, -1));
}

void RenewLeaseOrWait(SharedState* state, Generator generator) {
  if (!ClaimWriter(state->persistence)) {
    // Another backend is writing; its leases may well cover this sequence.
    pg_usleep(100);
    CHECK_FOR_INTERRUPTS();
    return;
  }
  const int error = WriteLeases(state, static_cast<int>(generator));
  ReleaseWriter(state->persistence, error);
  if (error != 0) {
    errno = error;
    ereport(ERROR, (errcode_for_file_access(),
                    errmsg("uuid6: could not write state file \"%s/%s\": %m", DataDir,
                           kStateFileName),
                    errdetail("A %s value is handed out only once the state file covers it, "
                              "so that no restart can repeat it.",
                              GeneratorName(generator))));
  }
}

}  // namespace uuid6::pg
