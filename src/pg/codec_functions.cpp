// SQL entry points that only read or reshape a UUID: time extraction,
// v1 <-> v6 conversion, range floors, inspection and v8 from caller bytes.
// All are IMMUTABLE STRICT: the fmgr never calls them with a NULL argument.
#include <cstdio>

#include "core/draft_v7.hpp"
#include "core/layout.hpp"
#include "core/sequence.hpp"
#include "pg/convert.hpp"
#include "pg/layout_ranges.hpp"
#include "pg/sql_function.hpp"

using uuid6::Status;
using uuid6::Uuid;

namespace {

Datum ExtractTime(FunctionCallInfo fcinfo, Datum id, bool sub_ms) {
  int64 unix_us = 0;
  if (!uuid6::ExtractUnixMicros(uuid6::pg::UuidFromDatum(id), sub_ms, unix_us)) PG_RETURN_NULL();
  return uuid6::pg::TimestampDatumFromUnixMicros(unix_us);
}

// One conversion between v1 and v6, with the error a wrong input deserves.
Datum ConvertVersion(FunctionCallInfo fcinfo, const char* function, int expected,
                     Status (*convert)(const Uuid&, Uuid&, int&) noexcept) {
  const Uuid in = uuid6::pg::UuidFromDatum(PG_GETARG_DATUM(0));
  Uuid out{0, 0};
  int found = -1;
  const Status status = convert(in, out, found);
  if (status == Status::kWrongVariant)
    ereport(ERROR,
            (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
             errmsg("%s expects a version %d UUID, got a UUID of the %s variant", function,
                    expected, uuid6::VariantName(uuid6::VariantOf(in))),
             errdetail("Only the RFC 9562 variant (bits 64-65 = 10) defines versions.")));
  if (status == Status::kWrongVersion)
    ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                    errmsg("%s expects a version %d UUID, got version %d", function, expected,
                           found)));
  return uuid6::pg::DatumFromUuid(out);
}

Datum Floor(FunctionCallInfo fcinfo, const char* layout, const char* range,
            Status (*floor)(int64_t, Uuid&) noexcept) {
  const int64 unix_us = uuid6::pg::UnixMicrosFromTimestamp(PG_GETARG_TIMESTAMPTZ(0), layout);
  Uuid out{0, 0};
  if (floor(unix_us, out) != Status::kOk) uuid6::pg::ReportOutOfRange(layout, range);
  return uuid6::pg::DatumFromUuid(out);
}

}  // namespace

// uuid_extract_time(uuid): creation time of a v1, v6, v7 or (our) v8.
UUID6_SQL_FUNCTION(uuid_extract_time) { return ExtractTime(fcinfo, PG_GETARG_DATUM(0), false); }

// uuid_extract_time(uuid, sub_ms boolean): v7 read to the microsecond.
UUID6_SQL_FUNCTION(uuid_extract_time_sub_ms) {
  return ExtractTime(fcinfo, PG_GETARG_DATUM(0), PG_GETARG_BOOL(1));
}

// uuid_extract_time(text): the same reading of a UUID given as text, as
// pg_partman passes a partition's bound to its time decoder. The text is read
// by the uuid type's own input function, so that whatever a cast to uuid
// accepts reads the same and whatever it refuses fails with its error (22P02).
UUID6_SQL_FUNCTION(uuid_extract_time_text) {
  const Datum id =
      DirectFunctionCall1(uuid_in, CStringGetDatum(text_to_cstring(PG_GETARG_TEXT_PP(0))));
  return ExtractTime(fcinfo, id, false);
}

// uuid_extract_time_draft(uuid): a draft-layout v7 read precision-blind.
UUID6_SQL_FUNCTION(uuid_extract_time_draft) {
  int64 unix_us = 0;
  if (!uuid6::ExtractDraftUnixMicros(uuid6::pg::UuidFromDatum(PG_GETARG_DATUM(0)), unix_us))
    PG_RETURN_NULL();
  return uuid6::pg::TimestampDatumFromUnixMicros(unix_us);
}

// uuid_extract_node(uuid): the 16 bits where uuid6.node_id goes.
UUID6_SQL_FUNCTION(uuid_extract_node) {
  const int node = uuid6::NodeIdOf(uuid6::pg::UuidFromDatum(PG_GETARG_DATUM(0)));
  if (node < 0) PG_RETURN_NULL();
  PG_RETURN_INT32(node);
}

UUID6_SQL_FUNCTION(uuid_v1_to_v6) {
  return ConvertVersion(fcinfo, "uuid_v1_to_v6", 1, uuid6::ConvertV1ToV6);
}

UUID6_SQL_FUNCTION(uuid_v6_to_v1) {
  return ConvertVersion(fcinfo, "uuid_v6_to_v1", 6, uuid6::ConvertV6ToV1);
}

UUID6_SQL_FUNCTION(uuid_v7_floor) {
  return Floor(fcinfo, "version 7", uuid6::pg::kV7Range, uuid6::V7Floor);
}

UUID6_SQL_FUNCTION(uuid_v6_floor) {
  return Floor(fcinfo, "version 6", uuid6::pg::kV6Range, uuid6::V6Floor);
}

UUID6_SQL_FUNCTION(uuid_v8_floor) {
  return Floor(fcinfo, "version 8", uuid6::pg::kV8Range, uuid6::V8Floor);
}

// uuid_generate_v8(custom bytea): RFC 9562 §5.8 with caller-supplied bits.
UUID6_SQL_FUNCTION(uuid_generate_v8_custom) {
  const bytea* custom = PG_GETARG_BYTEA_PP(0);
  const int length = VARSIZE_ANY_EXHDR(custom);
  Uuid out{0, 0};
  if (!uuid6::V8FromBytes(reinterpret_cast<const uint8_t*>(VARDATA_ANY(custom)),
                          static_cast<size_t>(length), out))
    ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                    errmsg("uuid_generate_v8 needs at least 16 bytes, got %d", length),
                    errhint("Pass the 128 bits to use, for example sha256(namespace || name).")));
  return uuid6::pg::DatumFromUuid(out);
}

// uuid_inspect(uuid): every field the UUID's layout defines.
UUID6_SQL_FUNCTION(uuid_inspect) {
  TupleDesc descriptor;
  if (get_call_result_type(fcinfo, nullptr, &descriptor) != TYPEFUNC_COMPOSITE)
    ereport(ERROR, (errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
                    errmsg("uuid_inspect must be called in a context that accepts a record")));
  const uuid6::Fields fields = uuid6::Inspect(uuid6::pg::UuidFromDatum(PG_GETARG_DATUM(0)));

  Datum values[6];
  bool nulls[6] = {false, false, false, false, false, false};
  values[0] = Int32GetDatum(fields.version);
  nulls[0] = fields.version < 0;
  values[1] = CStringGetTextDatum(uuid6::VariantName(fields.variant));
  nulls[2] = !fields.has_time;
  values[2] = fields.has_time ? uuid6::pg::TimestampDatumFromUnixMicros(fields.unix_us) : 0;
  values[3] = Int32GetDatum(fields.clock_seq);
  nulls[3] = fields.clock_seq < 0;
  values[4] = Int32GetDatum(fields.counter);
  nulls[4] = fields.counter < 0;
  nulls[5] = fields.node_bits == 0;
  if (fields.node_bits != 0) {
    char node[17];
    snprintf(node, sizeof node, "%0*llx", (fields.node_bits + 3) / 4,
             static_cast<unsigned long long>(fields.node));
    values[5] = CStringGetTextDatum(node);
  } else {
    values[5] = 0;
  }
  descriptor = BlessTupleDesc(descriptor);
  return HeapTupleGetDatum(heap_form_tuple(descriptor, values, nulls));
}
