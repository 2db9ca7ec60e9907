// Conversions between PostgreSQL datums and the core's types, and the error
// reports every entry point shares.
#pragma once

#include <ctime>

#include "core/layout.hpp"
#include "core/sequence.hpp"
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

// The real-time clock in Unix nanoseconds. Inline: the generators' hot path
// reads it on every call.
inline int64 UnixNanosNow() {
  struct timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  return static_cast<int64>(now.tv_sec) * 1000000000 + now.tv_nsec;
}

// The clock part of a generator's sequence at `unix_ns`; a clock before 1970
// reads as 0 and the sequence simply counts on.
inline uint64 ClockPartAt(Generator generator, int64 unix_ns) {
  uint64_t clock = 0;
  if (ClockPartFromUnixNanos(generator, unix_ns, clock) != Status::kOk) clock = 0;
  return clock;
}

// 22008 for an instant outside `layout`'s range (described by `range`).
[[noreturn]] void ReportOutOfRange(const char* layout, const char* range);

}  // namespace uuid6::pg
