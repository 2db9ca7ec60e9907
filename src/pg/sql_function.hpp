// How a SQL-callable function is declared: a C-linkage shim with no locals
// of its own that runs the C++ body through RunGuarded. Bodies hold no C++
// object with a destructor while they call into PostgreSQL, so an ERROR's
// longjmp skips nothing; any C++ exception that escapes a body is caught and
// turned into an ERROR only after the catch scope has closed.
#pragma once

#include <cstdio>
#include <exception>

#include "pg/postgres_headers.hpp"

namespace uuid6::pg {

using SqlBody = Datum (*)(FunctionCallInfo fcinfo);

Datum RunGuarded(SqlBody body, FunctionCallInfo fcinfo);

}  // namespace uuid6::pg

#define UUID6_SQL_FUNCTION(name)                                                    \
  static Datum name##_body(FunctionCallInfo fcinfo);                                \
  extern "C" {                                                                      \
  PG_FUNCTION_INFO_V1(name);                                                        \
  Datum name(PG_FUNCTION_ARGS) { return uuid6::pg::RunGuarded(name##_body, fcinfo); } \
  }                                                                                 \
  static Datum name##_body(FunctionCallInfo fcinfo)
