// Conversions between PostgreSQL datums and the core's types, and the error
// reports every entry point shares.
#pragma once

#include "core/layout.hpp"
#include "pg/postgres_headers.hpp"

namespace uuid6::pg {

Uuid UuidFromDatum(Datum datum);
Datum DatumFromUuid(const Uuid& id);

// Unix microseconds of a finite timestamptz; an infinite one is an error
// (22008) naming `layout`, the UUID version it was meant for. The last
// years PostgreSQL holds come back as INT64_MAX (see the core's
// UnixMicrosFromPostgresMicros), which every layout's range check refuses.
int64 UnixMicrosFromTimestamp(TimestampTz timestamp, const char* layout);
Datum TimestampDatumFromUnixMicros(int64 unix_us);

// 22008 for an instant outside `layout`'s range (described by `range`).
[[noreturn]] void ReportOutOfRange(const char* layout, const char* range);

}  // namespace uuid6::pg
