// Configuration parameters of the extension.
#pragma once

namespace uuid6::pg {

// uuid6.node_id: -1 (off) or 0..65535, the 16 node bits of every generated
// v6/v7/v8 (docs/design.md, Ticks and layouts; RFC 9562 §6.4).
extern int node_id_setting;

// uuid6.max_advance: seconds, 0..86400. How far ahead of the clock a role
// that is not superuser may lift a sequence with uuid6_advance (superusers:
// one day).
extern int max_advance_setting;

// How far ahead of the clock a sequence may be lifted on a role's behalf:
// one day for a superuser, uuid6.max_advance for any other role.
int64 AdvanceLimitMicros(bool superuser_role);

void DefineSettings();

// uuid6.facade_key, the key of the v4 facade (facade_functions.cpp), taken
// from the server's configuration file only: also installs the hook that
// refuses SET, ALTER SYSTEM, ALTER ROLE, ALTER DATABASE and CREATE or ALTER
// FUNCTION ... SET for it, and the one that names the key's fingerprint in
// the postmaster's line for a reload that changed it.
void DefineFacadeSetting();

// True when DefineFacadeSetting found uuid6.facade_key already set by the
// server (postgresql.conf, ALTER SYSTEM, the command line) before the
// library was loaded: until then the value was a placeholder, which SHOW
// and current_setting() show to every role.
bool FacadeKeyWasPlaceholder();

}  // namespace uuid6::pg
