// Library load: configuration parameters and, when preloaded, the shared
// memory hooks.
#include "pg/postgres_headers.hpp"
#include "pg/settings.hpp"
#include "pg/shared_state.hpp"

namespace uuid6::pg {

int node_id_setting = -1;
int max_advance_setting = 300;

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
  // Shared memory can only be reserved while the postmaster loads
  // shared_preload_libraries; any later load attaches lazily on first use.
  if (process_shared_preload_libraries_in_progress) uuid6::pg::InstallSharedMemoryHooks();
}
