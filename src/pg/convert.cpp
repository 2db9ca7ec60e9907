#include "pg/convert.hpp"

namespace uuid6::pg {

static_assert(kUnixToPostgresMicros ==
                  static_cast<int64>(POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * USECS_PER_DAY,
              "the core's epoch offset is PostgreSQL's");

Uuid UuidFromDatum(Datum datum) {
  return LoadUuid(DatumGetUUIDP(datum)->data);
}

Datum DatumFromUuid(const Uuid& id) {
  pg_uuid_t* result = static_cast<pg_uuid_t*>(palloc(sizeof(pg_uuid_t)));
  StoreUuid(id, result->data);
  return UUIDPGetDatum(result);
}

int64 UnixMicrosFromTimestamp(TimestampTz timestamp, const char* layout) {
  if (TIMESTAMP_NOT_FINITE(timestamp))
    ereport(ERROR, (errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
                    errmsg("infinite timestamp cannot be encoded in a %s UUID", layout)));
  return UnixMicrosFromPostgresMicros(timestamp);
}

Datum TimestampDatumFromUnixMicros(int64 unix_us) {
  const TimestampTz timestamp = unix_us - kUnixToPostgresMicros;
  // Every layout's range lies inside PostgreSQL's; kept as a guard so that
  // a wrong value can never be returned silently.
  if (!IS_VALID_TIMESTAMP(timestamp))
    ereport(ERROR, (errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
                    errmsg("timestamp out of range")));
  return TimestampTzGetDatum(timestamp);
}

void ReportOutOfRange(const char* layout, const char* range) {
  ereport(ERROR, (errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
                  errmsg("timestamp out of range for a %s UUID", layout),
                  errdetail("A %s UUID holds instants from %s.", layout, range)));
  pg_unreachable();
}

}  // namespace uuid6::pg
