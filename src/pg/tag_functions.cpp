// uuid_generate_v7_tagged(tag) and uuid_extract_tag(uuid): v7 keys that carry
// a caller's tag (src/core/tag.hpp).
#include "core/tag.hpp"
#include "pg/convert.hpp"
#include "pg/generators.hpp"
#include "pg/settings.hpp"
#include "pg/sql_function.hpp"

// uuid_generate_v7_tagged(tag integer): the next tick of the cluster's v7
// sequence, laid out as uuid_generate_v7() lays it out, with the tag mark
// and the tag in its last 32 bits. The tag is checked before a tick is
// taken, so that a refused call uses none.
UUID6_SQL_FUNCTION(uuid_generate_v7_tagged) {
  const int32 tag = PG_GETARG_INT32(0);
  if (!uuid6::IsValidTag(tag))
    ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                    errmsg("a key's tag must be from 0 to 255, got %d", tag),
                    errhint("The tag is the key's last byte: number the kinds of keys, for "
                            "example the tables, from 0.")));
  const uint64 random = uuid6::pg::TakeRandom64();
  const uuid6::Tick tick = uuid6::pg::TakeSequenceTick(uuid6::Generator::kV7, random);
  return uuid6::pg::DatumFromUuid(uuid6::WithTag(
      uuid6::PackTick(uuid6::Generator::kV7, tick, random, uuid6::pg::node_id_setting), tag));
}

// uuid_extract_tag(uuid): the tag of a tagged key, NULL for any other UUID.
UUID6_SQL_FUNCTION(uuid_extract_tag) {
  int tag = 0;
  if (!uuid6::ReadTag(uuid6::pg::UuidFromDatum(PG_GETARG_DATUM(0)), tag)) PG_RETURN_NULL();
  PG_RETURN_INT32(tag);
}
