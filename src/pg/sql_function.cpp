#include "pg/sql_function.hpp"

namespace uuid6::pg {

Datum RunGuarded(SqlBody body, FunctionCallInfo fcinfo) {
  char message[256];
  try {
    return body(fcinfo);
  } catch (const std::exception& caught) {
    snprintf(message, sizeof message, "%s", caught.what());
  } catch (...) {
    snprintf(message, sizeof message, "unknown C++ exception");
  }
  // Raised here, outside every catch scope, so the longjmp leaves no C++
  // exception object half-handled.
  ereport(ERROR, (errcode(ERRCODE_INTERNAL_ERROR), errmsg("uuid6: %s", message)));
  pg_unreachable();
}

}  // namespace uuid6::pg
