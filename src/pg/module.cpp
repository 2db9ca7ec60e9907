// Library load: configuration parameters, when preloaded the shared memory
// hooks and the lease writer, and, when loaded by a statement, a warning if
// the facade key was readable until then.
#include "pg/postgres_headers.hpp"

extern "C" {
#include "access/parallel.h"
#include "access/xact.h"
#include "tcop/tcopprot.h"
}
#include "pg/database_lease.hpp"
#include "pg/generators.hpp"
#include "pg/horizon.hpp"
#include "pg/lease_writer.hpp"
#include "pg/settings.hpp"
#include "pg/shared_state.hpp"

namespace uuid6::pg {

int node_id_setting = -1;
int max_advance_setting = 300;

int64 AdvanceLimitMicros(bool superuser_role) {
  return superuser_role ? int64{86400} * 1000000 : int64{max_advance_setting} * 1000000;
}

void DefineSettings() {
  DefineCustomIntVariable(
      "uuid6.node_id", "Node identifier carried by every generated v6, v7 and v8 UUID.",
      "-1 (the default) leaves those bits random. 0 to 65535 puts the value in the 16 most "
      "significant random bits, so that clusters whose keys are merged never collide.",
      &node_id_setting, -1, -1, 65535, PGC_SIGHUP, 0, nullptr, nullptr, nullptr);
  DefineFacadeSetting();
  // Superuser-set (PGC_SUSET): postgresql.conf and reload, and also a
  // superuser's ALTER ROLE / ALTER DATABASE ... SET, or GRANT SET ON
  // PARAMETER, for a role trusted with more; never a role's own SET.
  DefineCustomIntVariable(
      "uuid6.max_advance",
      "How far ahead of the clock uuid6_advance may lift a sequence for a role that is not "
      "superuser.",
      "The sequences are shared by every database of the cluster: a UUID further ahead is "
      "refused unless a superuser runs uuid6_advance, whose bound is one day.",
      &max_advance_setting, 300, 0, 86400, PGC_SUSET, GUC_UNIT_S, nullptr, nullptr, nullptr);
  MarkGUCPrefixReserved("uuid6");
}

}  // namespace uuid6::pg

extern "C" {
PGDLLEXPORT void _PG_init(void);
}

void _PG_init(void) {
  uuid6::pg::DefineSettings();
  uuid6::pg::RegisterGeneratedCounting();
  uuid6::pg::RegisterDeferredCover();
  uuid6::pg::RegisterHorizonCallbacks();
  // Shared memory can only be reserved while the postmaster loads
  // shared_preload_libraries; any later load attaches lazily on first use.
  if (process_shared_preload_libraries_in_progress) {
    uuid6::pg::InstallSharedMemoryHooks();
    uuid6::pg::RegisterLeaseWriter();
    return;
  }
  // Loaded by a statement (one is running: session_preload_libraries loads
  // while the session starts, before any), and not in a parallel worker
  // (whose leader had the library already): if the server set the facade
  // key, every role of this session could read it until now.
  if (debug_query_string != nullptr && IsTransactionState() && !IsParallelWorker() &&
      uuid6::pg::FacadeKeyWasPlaceholder())
    // The statement that loaded the library may carry a key of its own (the
    // two-argument forms): this warning leaves it and its parameters out of
    // the server log, as uuid6's errors from those forms do.
    ereport(WARNING,
            (errhidestmt(true), errhidecontext(true),
             errmsg("uuid6.facade_key could be read by any role in this session until uuid6 "
                    "was loaded"),
             errdetail("The library was loaded by this session's first use of uuid6; until then "
                       "the setting was a placeholder, which SHOW and current_setting() show "
                       "to every role."),
             errhint("Add uuid6 to session_preload_libraries (or shared_preload_libraries), so "
                     "that the key is hidden from each session's first statement.")));
}
