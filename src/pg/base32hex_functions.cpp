// uuid_to_base32hex(uuid) and uuid_from_base32hex(text): the base32hex text
// form of a UUID (src/core/base32hex.hpp), with a 22P02 error that names what
// is wrong with a text that is not one.
#include "core/base32hex.hpp"
#include "pg/convert.hpp"
#include "pg/sql_function.hpp"

extern "C" {
#include "mb/pg_wchar.h"
}

namespace {

constexpr const char* kAlphabetHint =
    "base32hex is written with the digits and the letters A to V, in either case: 26 "
    "characters, optionally followed by \"======\".";

[[noreturn]] void ReportBadBase32Hex(const text* input, uuid6::Base32HexError error,
                                     size_t position) {
  const char* data = VARDATA_ANY(input);
  const int length = VARSIZE_ANY_EXHDR(input);
  if (error == uuid6::Base32HexError::kWrongLength) {
    const int characters = pg_mbstrlen_with_len(data, length);
    if (characters != static_cast<int>(uuid6::kBase32HexLength) &&
        characters != static_cast<int>(uuid6::kBase32HexPaddedLength))
      ereport(ERROR,
              (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
               errmsg("invalid base32hex UUID: \"%s\"", text_to_cstring(input)),
               errdetail("A UUID in base32hex has 26 characters, or 32 with the padding "
                         "\"======\", not %d.",
                         characters)));
    // 26 or 32 characters in more bytes: some are multi-byte. Read as that
    // many bytes, the text is wrong at the first character that is wrong,
    // the first multi-byte one at the latest (its first byte is in no
    // alphabet); every byte before it is a character.
    uuid6::Uuid ignored{0, 0};
    error = uuid6::DecodeBase32Hex(data, static_cast<size_t>(characters), ignored, position);
  }
  // Every byte before `position` is ASCII, so `position` also counts
  // characters; only an ASCII graphic character is quoted, so that the
  // message never carries part of a multi-byte character.
  const unsigned char bad = static_cast<unsigned char>(data[position]);
  const bool printable = bad > 0x20 && bad < 0x7F;
  const int character = static_cast<int>(position) + 1;
  if (error == uuid6::Base32HexError::kLowBitsSet)
    ereport(ERROR,
            (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
             errmsg("invalid base32hex UUID: \"%s\"", text_to_cstring(input)),
             errdetail("The last character is \"%c\", which sets bits beyond the 128 of a "
                       "UUID: it must be one of 0, 4, 8, C, G, K, O and S.",
                       bad)));
  if (error == uuid6::Base32HexError::kBadPadding) {
    if (printable)
      ereport(ERROR,
              (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
               errmsg("invalid base32hex UUID: \"%s\"", text_to_cstring(input)),
               errdetail("Character \"%c\" at position %d is not padding: after its 26 "
                         "characters, a UUID in base32hex may only be followed by \"======\".",
                         bad, character)));
    ereport(ERROR,
            (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
             errmsg("invalid base32hex UUID: \"%s\"", text_to_cstring(input)),
             errdetail("The character at position %d is not padding: after its 26 characters, "
                       "a UUID in base32hex may only be followed by \"======\".",
                       character)));
  }
  if (printable)
    ereport(ERROR, (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                    errmsg("invalid base32hex UUID: \"%s\"", text_to_cstring(input)),
                    errdetail("Character \"%c\" at position %d is not in the base32hex alphabet.",
                              bad, character),
                    errhint("%s", kAlphabetHint)));
  ereport(ERROR, (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                  errmsg("invalid base32hex UUID: \"%s\"", text_to_cstring(input)),
                  errdetail("The character at position %d is not in the base32hex alphabet.",
                            character),
                  errhint("%s", kAlphabetHint)));
  pg_unreachable();
}

}  // namespace

// uuid_to_base32hex(uuid): 26 upper-case characters, written straight into
// the result; PostgreSQL 19's encode(uuid_send(id), 'base32hex') without its
// padding.
UUID6_SQL_FUNCTION(uuid_to_base32hex) {
  text* result = static_cast<text*>(palloc(VARHDRSZ + uuid6::kBase32HexLength));
  SET_VARSIZE(result, VARHDRSZ + uuid6::kBase32HexLength);
  uuid6::EncodeBase32Hex(uuid6::pg::UuidFromDatum(PG_GETARG_DATUM(0)), VARDATA(result));
  PG_RETURN_TEXT_P(result);
}

// uuid_from_base32hex(text): either case, with or without "======"; anything
// else is 22P02.
UUID6_SQL_FUNCTION(uuid_from_base32hex) {
  const text* input = PG_GETARG_TEXT_PP(0);
  uuid6::Uuid id{0, 0};
  size_t position = 0;
  const uuid6::Base32HexError error =
      uuid6::DecodeBase32Hex(VARDATA_ANY(input), VARSIZE_ANY_EXHDR(input), id, position);
  if (error != uuid6::Base32HexError::kNone) ReportBadBase32Hex(input, error, position);
  return uuid6::pg::DatumFromUuid(id);
}
