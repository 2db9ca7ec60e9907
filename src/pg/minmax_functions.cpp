// uuid6_smaller(uuid, uuid) and uuid6_larger(uuid, uuid): the transition
// (and combine) functions of the min(uuid) and max(uuid) aggregates that
// uuid6 creates where PostgreSQL has none (before PostgreSQL 20; see
// sql/uuid6--1.5--1.6.sql). They compare as the uuid type's btree operators
// do: the 16 bytes, unsigned, most significant first, which is the order of
// the core's (hi, lo) words.
#include "pg/convert.hpp"
#include "pg/sql_function.hpp"

// The smaller argument, the first of two equal ones. An argument is returned
// as it is: the aggregate copies a new state into its own memory.
UUID6_SQL_FUNCTION(uuid6_smaller) {
  const Datum first = PG_GETARG_DATUM(0);
  const Datum second = PG_GETARG_DATUM(1);
  return uuid6::pg::UuidFromDatum(second) < uuid6::pg::UuidFromDatum(first) ? second : first;
}

// The larger argument, the first of two equal ones.
UUID6_SQL_FUNCTION(uuid6_larger) {
  const Datum first = PG_GETARG_DATUM(0);
  const Datum second = PG_GETARG_DATUM(1);
  return uuid6::pg::UuidFromDatum(first) < uuid6::pg::UuidFromDatum(second) ? second : first;
}
