// The extraction half of pg_uuidv7's API (docs/reference.md), so that queries written
// for that extension run unchanged: a v7's Unix milliseconds as timestamptz,
// or as a timestamp without time zone holding the UTC wall-clock time. The
// generating half (uuid_timestamptz_to_v7, uuid_timestamp_to_v7) is plain SQL
// over uuid_v7_floor and uuid_generate_v7(timestamptz); see the upgrade script.
#include "core/layout.hpp"
#include "pg/convert.hpp"
#include "pg/sql_function.hpp"

namespace {

// pg_uuidv7 reads the first 48 bits of any UUID as milliseconds; a column
// that mixes older v4 keys with v7 keys would then yield made-up times for
// the v4 rows. Here anything but an RFC 9562 v7 reads as NULL, as it does
// for uuid_extract_time and core uuid_extract_timestamp.
Datum V7Millis(FunctionCallInfo fcinfo) {
  const uuid6::Uuid id = uuid6::pg::UuidFromDatum(PG_GETARG_DATUM(0));
  if (uuid6::VersionOf(id) != 7) PG_RETURN_NULL();
  return uuid6::pg::TimestampDatumFromUnixMicros(uuid6::UnixMicrosFromV7(uuid6::V7UnixMillis(id)));
}

}  // namespace

UUID6_SQL_FUNCTION(uuid_v7_to_timestamptz) { return V7Millis(fcinfo); }

// A timestamp and a timestamptz share one representation, microseconds since
// 2000-01-01; read as a timestamp, the instant's value is its UTC wall-clock
// time, whatever the session's TimeZone.
UUID6_SQL_FUNCTION(uuid_v7_to_timestamp) { return V7Millis(fcinfo); }
