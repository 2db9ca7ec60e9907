// uuid6 1.0's library beside this one: a clear refusal (library_1_0.cpp).
#pragma once

#include "pg/postgres_headers.hpp"

namespace uuid6::pg {

// Called before this library first creates or attaches its shared state
// where uuid6 is not preloaded: an ERROR with a hint when 1.0's library has
// made its own sequences in this server (found by name, never created).
// Where 1.0 kept them in the DSM registry (PostgreSQL 17 and 18), which
// offers no look-up that does not create, nothing is checked.
void RefuseBesideLibrary10();

}  // namespace uuid6::pg
