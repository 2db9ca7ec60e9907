/*
 * The module's magic block, in C: PostgreSQL 18 builds it with designated
 * initializers, which C++17 does not have.
 */
#include "postgres.h"

#include "fmgr.h"

#ifdef PG_MODULE_MAGIC_EXT
PG_MODULE_MAGIC_EXT(.name = "uuid6", .version = "1.6");
#else
PG_MODULE_MAGIC;
#endif
