// uuid_to_typeid(prefix, id), uuid_from_typeid(typeid) and
// uuid_from_typeid(typeid, expected_prefix): TypeIDs (src/core/typeid.hpp).
// A text that is not a TypeID, or one of another prefix than expected, is
// 22P02 with a detail naming the rule it breaks; a prefix argument that no
// TypeID could have is 22023.
#include <cstring>

#include "core/typeid.hpp"
#include "pg/convert.hpp"
#include "pg/sql_function.hpp"

extern "C" {
#include "mb/pg_wchar.h"
}

namespace {

constexpr const char* kShapeHint =
    "A TypeID is a prefix of at most 63 lower-case letters and underscores, starting and ending "
    "with a letter, then \"_\" and a suffix of 26 characters; without a prefix, the suffix "
    "alone.";
constexpr const char* kSuffixHint =
    "A TypeID's suffix is written in lower case with the digits and the letters a to z except "
    "i, l, o and u, the first one 0 to 7.";

// The detail (and hint) of an error of the prefix, for both the text and
// the argument: `position` indexes `data`, whose bytes before it are ASCII.
// (Called inside ereport's argument list: it only adds to the report.)
int PrefixDetail(uuid6::TypeIdError error, const char* data, size_t prefix_length,
                 size_t position) {
  const unsigned char bad = static_cast<unsigned char>(data[position]);
  switch (error) {
    case uuid6::TypeIdError::kPrefixStartsWithUnderscore:
      return errdetail("The prefix starts with \"_\": a TypeID prefix starts and ends with a letter.");
    case uuid6::TypeIdError::kPrefixEndsWithUnderscore:
      return errdetail("The prefix ends with \"_\": a TypeID prefix starts and ends with a letter.");
    case uuid6::TypeIdError::kPrefixTooLong:
      return errdetail("The prefix has %d characters; a TypeID prefix has at most 63.",
                       static_cast<int>(prefix_length));
    default:
      break;
  }
  if (bad > 0x20 && bad < 0x7F)
    return errdetail("Character \"%c\" at position %d is not a lower-case letter or \"_\", as a "
                     "TypeID prefix must be.",
                     bad, static_cast<int>(position) + 1);
  return errdetail("The character at position %d is not a lower-case letter or \"_\", as a "
                   "TypeID prefix must be.",
                   static_cast<int>(position) + 1);
}

// The length of the prefix `prefix` names (to the last "_" of a text).
size_t PrefixLengthOf(const char* data, size_t length) {
  for (size_t i = length; i-- > 0;)
    if (data[i] == '_') return i;
  return 0;
}

[[noreturn]] void ReportBadTypeId(const text* input, uuid6::TypeIdError error,
                                  size_t suffix_start, size_t position) {
  const char* data = VARDATA_ANY(input);
  const int length = VARSIZE_ANY_EXHDR(input);
  switch (error) {
    case uuid6::TypeIdError::kSeparatorWithoutPrefix:
      ereport(ERROR, (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                      errmsg("invalid TypeID: \"%s\"", text_to_cstring(input)),
                      errdetail("It starts with the separator \"_\": a TypeID without a prefix "
                                "is its suffix alone."),
                      errhint("%s", kShapeHint)));
      break;
    case uuid6::TypeIdError::kPrefixBadCharacter:
    case uuid6::TypeIdError::kPrefixStartsWithUnderscore:
    case uuid6::TypeIdError::kPrefixEndsWithUnderscore:
    case uuid6::TypeIdError::kPrefixTooLong:
      ereport(ERROR, (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                      errmsg("invalid TypeID: \"%s\"", text_to_cstring(input)),
                      PrefixDetail(error, data, PrefixLengthOf(data, length), position),
                      errhint("%s", kShapeHint)));
      break;
    default:
      break;
  }
  // The suffix: the prefix before it is ASCII, so byte indexes up to the
  // suffix's first multi-byte character count characters.
  if (error == uuid6::TypeIdError::kSuffixWrongLength) {
    const int characters = pg_mbstrlen_with_len(data + suffix_start, length - static_cast<int>(suffix_start));
    if (characters != static_cast<int>(uuid6::kTypeIdSuffixLength)) {
      if (suffix_start == 0)
        ereport(ERROR, (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                        errmsg("invalid TypeID: \"%s\"", text_to_cstring(input)),
                        errdetail("A TypeID without a prefix is its suffix of 26 characters "
                                  "alone, not %d characters.",
                                  characters),
                        errhint("%s", kShapeHint)));
      ereport(ERROR, (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                      errmsg("invalid TypeID: \"%s\"", text_to_cstring(input)),
                      errdetail("The suffix after the last \"_\" has %d characters, not 26.",
                                characters),
                      errhint("%s", kShapeHint)));
    }
    // 26 characters in more bytes: read as 26 bytes, the suffix is wrong at
    // its first wrong character, the first multi-byte one at the latest.
    uuid6::Uuid ignored{0, 0};
    error = uuid6::DecodeTypeIdSuffix(data + suffix_start, uuid6::kTypeIdSuffixLength, ignored,
                                      position);
    position += suffix_start;
  }
  const unsigned char bad = static_cast<unsigned char>(data[position]);
  if (error == uuid6::TypeIdError::kSuffixTooLarge)
    ereport(ERROR,
            (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
             errmsg("invalid TypeID: \"%s\"", text_to_cstring(input)),
             errdetail("The suffix starts with \"%c\", above \"7\": the value exceeds 128 bits.",
                       bad)));
  if (bad > 0x20 && bad < 0x7F)
    ereport(ERROR, (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                    errmsg("invalid TypeID: \"%s\"", text_to_cstring(input)),
                    errdetail("Character \"%c\" at position %d is not in the TypeID alphabet.", bad,
                              static_cast<int>(position) + 1),
                    errhint("%s", kSuffixHint)));
  ereport(ERROR, (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                  errmsg("invalid TypeID: \"%s\"", text_to_cstring(input)),
                  errdetail("The character at position %d is not in the TypeID alphabet.",
                            static_cast<int>(position) + 1),
                  errhint("%s", kSuffixHint)));
  pg_unreachable();
}

// A prefix argument (of uuid_to_typeid, or the expected one) that no TypeID
// can have: 22023, as any argument outside a function's domain.
void CheckPrefixArgument(const text* prefix) {
  const char* data = VARDATA_ANY(prefix);
  const size_t length = VARSIZE_ANY_EXHDR(prefix);
  size_t position = 0;
  const uuid6::TypeIdError error = uuid6::CheckTypeIdPrefix(data, length, position);
  if (error != uuid6::TypeIdError::kNone)
    ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                    errmsg("invalid TypeID prefix: \"%s\"", text_to_cstring(prefix)),
                    PrefixDetail(error, data, length, position),
                    errhint("A TypeID prefix is at most 63 lower-case letters and underscores, "
                            "starting and ending with a letter, or empty.")));
}

// The UUID of a TypeID text, or the 22P02 error; its prefix's length.
uuid6::Uuid DecodeOrReport(const text* input, size_t& prefix_length) {
  uuid6::Uuid id{0, 0};
  size_t suffix_start = 0;
  size_t position = 0;
  const uuid6::TypeIdError error =
      uuid6::DecodeTypeId(VARDATA_ANY(input), VARSIZE_ANY_EXHDR(input), id, prefix_length,
                          suffix_start, position);
  if (error != uuid6::TypeIdError::kNone) ReportBadTypeId(input, error, suffix_start, position);
  return id;
}

}  // namespace

// uuid_to_typeid(prefix text, id uuid): prefix, "_" and the lower-case
// suffix, written straight into the result; the suffix alone for "".
UUID6_SQL_FUNCTION(uuid_to_typeid) {
  const text* prefix = PG_GETARG_TEXT_PP(0);
  CheckPrefixArgument(prefix);
  const size_t prefix_length = VARSIZE_ANY_EXHDR(prefix);
  const size_t length = prefix_length + (prefix_length > 0 ? 1 : 0) + uuid6::kTypeIdSuffixLength;
  text* result = static_cast<text*>(palloc(VARHDRSZ + length));
  SET_VARSIZE(result, VARHDRSZ + length);
  char* out = VARDATA(result);
  if (prefix_length > 0) {
    std::memcpy(out, VARDATA_ANY(prefix), prefix_length);
    out[prefix_length] = '_';
    out += prefix_length + 1;
  }
  uuid6::EncodeTypeIdSuffix(uuid6::pg::UuidFromDatum(PG_GETARG_DATUM(1)), out);
  PG_RETURN_TEXT_P(result);
}

// uuid_from_typeid(typeid text): the UUID of a TypeID of any prefix.
UUID6_SQL_FUNCTION(uuid_from_typeid) {
  size_t prefix_length = 0;
  return uuid6::pg::DatumFromUuid(DecodeOrReport(PG_GETARG_TEXT_PP(0), prefix_length));
}

// uuid_from_typeid(typeid text, expected_prefix text): the same, for a
// TypeID of that prefix only ("" for none). The expected prefix is checked
// first: one no TypeID can have is the caller's mistake, not the input's.
UUID6_SQL_FUNCTION(uuid_from_typeid_expecting) {
  const text* input = PG_GETARG_TEXT_PP(0);
  const text* expected = PG_GETARG_TEXT_PP(1);
  CheckPrefixArgument(expected);
  size_t prefix_length = 0;
  const uuid6::Uuid id = DecodeOrReport(input, prefix_length);
  const size_t expected_length = VARSIZE_ANY_EXHDR(expected);
  if (prefix_length == expected_length &&
      std::memcmp(VARDATA_ANY(input), VARDATA_ANY(expected), prefix_length) == 0)
    return uuid6::pg::DatumFromUuid(id);
  if (prefix_length == 0)
    ereport(ERROR, (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                    errmsg("TypeID \"%s\" is not of the expected prefix", text_to_cstring(input)),
                    errdetail("It has no prefix; \"%s\" was expected.", text_to_cstring(expected))));
  const char* actual = pnstrdup(VARDATA_ANY(input), prefix_length);
  if (expected_length == 0)
    ereport(ERROR, (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                    errmsg("TypeID \"%s\" is not of the expected prefix", text_to_cstring(input)),
                    errdetail("Its prefix is \"%s\"; no prefix was expected.", actual)));
  ereport(ERROR, (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                  errmsg("TypeID \"%s\" is not of the expected prefix", text_to_cstring(input)),
                  errdetail("Its prefix is \"%s\"; \"%s\" was expected.", actual,
                            text_to_cstring(expected))));
  pg_unreachable();
}
