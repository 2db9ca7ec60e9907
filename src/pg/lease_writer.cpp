#include "pg/lease_writer.hpp"

#include <csignal>
#include <cstring>
#include <ctime>

#include "pg/cluster_lease.hpp"

extern "C" {
#include "postmaster/bgworker.h"
#include "postmaster/interrupt.h"
#include "storage/latch.h"
}

extern "C" {
PGDLLEXPORT void uuid6_lease_writer_main(Datum);
}

namespace uuid6::pg {

namespace {

// Set in the postmaster when it registered the writer, and so in every
// process it starts; false in single-user mode, where no worker runs.
bool lease_writer_registered = false;

// A process asks again at most this often while the writer has not yet
// taken the claim.
constexpr int64 kRequestIntervalMicros = 10 * 1000;
int64 last_request_us = 0;

// How long the writer waits before it tries again after a write that failed
// (a full disk: the call that runs out of lease reports it), and while
// another process holds the claim (a writer of an earlier library does not
// broadcast when it is done).
constexpr long kRetryAfterFailureMs = 1000;
constexpr long kLookAgainWhileBusyMs = 100;

int64 MonotonicMicros() {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return static_cast<int64>(now.tv_sec) * 1000000 + now.tv_nsec / 1000;
}

}  // namespace

void RegisterLeaseWriter() {
  BackgroundWorker worker;
  memset(&worker, 0, sizeof worker);
  // It reads the sequences and writes a file in the data directory. It is
  // connected to no database, only so that pg_stat_activity lists it, with
  // what it waits for; so it starts once connections can be accepted (on a
  // standby too, whose sequences are leased as well), before any call can
  // ask it for a renewal.
  worker.bgw_flags = BGWORKER_SHMEM_ACCESS | BGWORKER_BACKEND_DATABASE_CONNECTION;
  worker.bgw_start_time = BgWorkerStart_ConsistentState;
  worker.bgw_restart_time = 1;
  snprintf(worker.bgw_library_name, sizeof worker.bgw_library_name, "uuid6");
  snprintf(worker.bgw_function_name, sizeof worker.bgw_function_name, "uuid6_lease_writer_main");
  snprintf(worker.bgw_name, sizeof worker.bgw_name, "uuid6 lease writer");
  snprintf(worker.bgw_type, sizeof worker.bgw_type, "uuid6 lease writer");
  RegisterBackgroundWorker(&worker);
  lease_writer_registered = IsPostmasterEnvironment;
}

void RequestLeaseRenewal(SharedState* state) {
  if (!lease_writer_registered) {
    RenewLeasesIfIdle(state);
    return;
  }
  if (LeaseWriteUnderWay(state)) return;
  const int64 now = MonotonicMicros();
  if (now - last_request_us < kRequestIntervalMicros) return;
  last_request_us = now;
  ConditionVariableBroadcast(&AttachedExtension().lease_written);
}

}  // namespace uuid6::pg

// The worker: waits on the condition variable that calls asking for a
// renewal and writers finishing a write broadcast on, and renews whatever
// leases are due when it wakes. Between a look and its sleep it is already
// on the variable's wait list, so a request made meanwhile wakes it at once.
// A renewal is due once a call has taken a tick past the renewal point, or,
// for a sequence that took a tick within the last minute, once the clock has
// passed it (core/sequence.hpp, KeepAliveDue): so a call after a short pause
// finds a lease that covers the clock and waits for no write, and a server
// idle for longer than that writes nothing. SIGHUP rereads the configuration (fsync decides
// whether writes are flushed); SIGTERM ends it with exit code 1, so that the
// postmaster starts it again a second later unless it is shutting down (a
// writer ended by pg_terminate_backend would otherwise stay away, and every
// renewal fall to the calls); interrupts (procsignal barriers) are served
// each time it wakes.
void uuid6_lease_writer_main(Datum) {
  pqsignal(SIGHUP, SignalHandlerForConfigReload);
  pqsignal(SIGTERM, SignalHandlerForShutdownRequest);
  BackgroundWorkerUnblockSignals();
  BackgroundWorkerInitializeConnection(nullptr, nullptr, 0);
  uuid6::pg::SharedState* state = uuid6::pg::AttachSharedState();
  ConditionVariable* requests = &uuid6::pg::AttachedExtension().lease_written;
  for (;;) {
    ConditionVariablePrepareToSleep(requests);
    if (ShutdownRequestPending) break;
    if (ConfigReloadPending) {
      ConfigReloadPending = false;
      ProcessConfigFile(PGC_SIGHUP);
    }
    long timeout_ms = -1;
    const int64 keep_alive_us = uuid6::pg::KeepAliveWaitMicros(state);
    if (uuid6::pg::LeaseRenewalDue(state) || keep_alive_us == 0) {
      const uuid6::pg::RenewOutcome outcome = uuid6::pg::RenewDueLeases(state, true);
      // Written: look again at once, for calls that passed the new renewal
      // point while a slow write was under way.
      if (outcome == uuid6::pg::RenewOutcome::kDone) continue;
      timeout_ms = outcome == uuid6::pg::RenewOutcome::kBusy ? uuid6::pg::kLookAgainWhileBusyMs
                                                             : uuid6::pg::kRetryAfterFailureMs;
    } else if (keep_alive_us > 0) {
      // Woken a millisecond after the clock passes the renewal point.
      timeout_ms = static_cast<long>(keep_alive_us / 1000) + 1;
    }
    (void)WaitLatch(MyLatch,
                    WL_LATCH_SET | WL_EXIT_ON_PM_DEATH | (timeout_ms >= 0 ? WL_TIMEOUT : 0),
                    timeout_ms, PG_WAIT_EXTENSION);
    ResetLatch(MyLatch);
    CHECK_FOR_INTERRUPTS();
  }
  ConditionVariableCancelSleep();
  proc_exit(1);
}
