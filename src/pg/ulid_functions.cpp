// uuid_to_ulid(uuid) and uuid_from_ulid(text): the ULID text form of a UUID
// (src/core/ulid.hpp), with a 22P02 error that names what is wrong with a
// text that is not a ULID.
#include "core/ulid.hpp"
#include "pg/convert.hpp"
#include "pg/sql_function.hpp"

extern "C" {
#include "mb/pg_wchar.h"
}

namespace {

[[noreturn]] void ReportBadUlid(const text* input, uuid6::UlidError error, size_t position) {
  const char* data = VARDATA_ANY(input);
  const int length = VARSIZE_ANY_EXHDR(input);
  if (error == uuid6::UlidError::kWrongLength) {
    const int characters = pg_mbstrlen_with_len(data, length);
    if (characters != static_cast<int>(uuid6::kUlidLength))
      ereport(ERROR, (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                      errmsg("invalid ULID: \"%s\"", text_to_cstring(input)),
                      errdetail("A ULID has 26 characters, not %d.", characters)));
    // 26 characters in more bytes: some are multi-byte, and the first one
    // is the character to name.
    error = uuid6::UlidError::kBadCharacter;
    position = 0;
    while (!IS_HIGHBIT_SET(data[position])) position++;
  }
  // Every byte before `position` is ASCII, so `position` also counts
  // characters; only an ASCII graphic character is quoted, so that the
  // message never carries part of a multi-byte character.
  const unsigned char bad = static_cast<unsigned char>(data[position]);
  const int character = static_cast<int>(position) + 1;
  if (error == uuid6::UlidError::kTooLarge)
    ereport(ERROR,
            (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
             errmsg("invalid ULID: \"%s\"", text_to_cstring(input)),
             errdetail("The first character is \"%c\", above \"7\": the value exceeds 128 bits.",
                       bad)));
  if (bad > 0x20 && bad < 0x7F)
    ereport(ERROR,
            (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
             errmsg("invalid ULID: \"%s\"", text_to_cstring(input)),
             errdetail("Character \"%c\" at position %d is not in the ULID alphabet.", bad,
                       character),
             errhint("A ULID is written with the digits and the letters A to Z except I, L, O "
                     "and U, in either case.")));
  ereport(ERROR,
          (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
           errmsg("invalid ULID: \"%s\"", text_to_cstring(input)),
           errdetail("The character at position %d is not in the ULID alphabet.", character),
           errhint("A ULID is written with the digits and the letters A to Z except I, L, O "
                   "and U, in either case.")));
  pg_unreachable();
}

}  // namespace

// uuid_to_ulid(uuid): 26 upper-case characters, written straight into the
// result.
UUID6_SQL_FUNCTION(uuid_to_ulid) {
  text* result = static_cast<text*>(palloc(VARHDRSZ + uuid6::kUlidLength));
  SET_VARSIZE(result, VARHDRSZ + uuid6::kUlidLength);
  uuid6::EncodeUlid(uuid6::pg::UuidFromDatum(PG_GETARG_DATUM(0)), VARDATA(result));
  PG_RETURN_TEXT_P(result);
}

// uuid_from_ulid(text): either case; anything else is 22P02.
UUID6_SQL_FUNCTION(uuid_from_ulid) {
  const text* input = PG_GETARG_TEXT_PP(0);
  uuid6::Uuid id{0, 0};
  size_t position = 0;
  const uuid6::UlidError error =
      uuid6::DecodeUlid(VARDATA_ANY(input), VARSIZE_ANY_EXHDR(input), id, position);
  if (error != uuid6::UlidError::kNone) ReportBadUlid(input, error, position);
  return uuid6::pg::DatumFromUuid(id);
}
