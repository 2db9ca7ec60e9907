-- TypeIDs, as src/core/typeid.cpp and src/pg/typeid_functions.cpp: a type
-- prefix (at most 63 of a-z and "_", starting and ending with a letter), "_"
-- and the UUID as 26 lower-case characters of Crockford's base32 (the ULID
-- text of 40_ulid.sql in lower case); with an empty prefix, the suffix
-- alone. Read strictly, as the TypeID specification asks: no upper case, no
-- reading aids, the first suffix character 0-7.
--
-- As 40_ulid.sql (see the top of 12_time.sql): the work is in SQL-standard
-- helpers (bound at installation, inlined), the STRICT public functions are
-- PL/pgSQL calls of qualified helpers with exact argument types, and errors
-- come from raisers with a pinned search_path.

-- The C library's 22023 for a prefix argument no TypeID can have, naming the
-- rule it breaks: the first character outside a-z and "_" (quoted only when
-- it is a printable ASCII character) or a leading "_", then a trailing "_",
-- then the length. (A raiser: runs only to raise, pinned path.)
CREATE FUNCTION uuid6_sql_typeid_bad_prefix(prefix text, seal @extschema@.uuid6_sql_seal) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  p constant text COLLATE "C" := prefix;
  hint constant text := 'A TypeID prefix is at most 63 lower-case letters and underscores, starting and ending with a letter, or empty.';
  c text COLLATE "C";
BEGIN
  FOR i IN 1..length(p) LOOP
    c := substr(p, i, 1);
    IF NOT (c BETWEEN 'a' AND 'z' OR c = '_') THEN
      IF (CASE WHEN octet_length(c) = 1 THEN ascii(c) BETWEEN 33 AND 126 ELSE false END) THEN
        RAISE EXCEPTION 'invalid TypeID prefix: "%"', p
          USING ERRCODE = 'invalid_parameter_value',
                DETAIL = format('Character "%s" at position %s is not a lower-case letter or "_", as a TypeID prefix must be.', c, i),
                HINT = hint;
      END IF;
      RAISE EXCEPTION 'invalid TypeID prefix: "%"', p
        USING ERRCODE = 'invalid_parameter_value',
              DETAIL = format('The character at position %s is not a lower-case letter or "_", as a TypeID prefix must be.', i),
              HINT = hint;
    END IF;
    IF i = 1 AND c = '_' THEN
      RAISE EXCEPTION 'invalid TypeID prefix: "%"', p
        USING ERRCODE = 'invalid_parameter_value',
              DETAIL = 'The prefix starts with "_": a TypeID prefix starts and ends with a letter.', HINT = hint;
    END IF;
  END LOOP;
  IF right(p, 1) = '_' THEN
    RAISE EXCEPTION 'invalid TypeID prefix: "%"', p
      USING ERRCODE = 'invalid_parameter_value',
            DETAIL = 'The prefix ends with "_": a TypeID prefix starts and ends with a letter.', HINT = hint;
  END IF;
  RAISE EXCEPTION 'invalid TypeID prefix: "%"', p
    USING ERRCODE = 'invalid_parameter_value',
          DETAIL = format('The prefix has %s characters; a TypeID prefix has at most 63.', length(p)), HINT = hint;
END
$$;
COMMENT ON FUNCTION uuid6_sql_typeid_bad_prefix(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: raises the 22023 error of a prefix no TypeID can have, naming the rule it breaks (a raiser: pinned search_path, runs only to raise)';

-- A prefix checked: at most 63 of a-z and "_", starting and ending with a
-- letter, or empty; else the error. Matched under the C collation whatever
-- the argument's (regular expressions refuse a nondeterministic one, and
-- its ranges are then byte ranges).
CREATE FUNCTION uuid6_sql_typeid_prefix(prefix text, seal @extschema@.uuid6_sql_seal) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN prefix COLLATE "C" ~ '^([a-z]([a-z_]{0,61}[a-z])?)?$' THEN prefix
                ELSE @extschema@.uuid6_sql_typeid_bad_prefix(prefix, true::@extschema@.uuid6_sql_seal) END;
COMMENT ON FUNCTION uuid6_sql_typeid_prefix(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a TypeID prefix, 22023 for one no TypeID can have (SQL-standard body, inlined)';

-- The TypeID of a checked prefix and a UUID's two words: the ULID text in
-- lower case, after the prefix and "_" unless the prefix is empty.
CREATE FUNCTION uuid6_sql_typeid(prefix text, hi bigint, lo bigint, seal @extschema@.uuid6_sql_seal) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN pg_catalog.octet_length(prefix) = 0 THEN '' ELSE prefix || '_' END
           || pg_catalog.translate(@extschema@.uuid6_sql_ulid(hi, lo, true::@extschema@.uuid6_sql_seal),
                                   'ABCDEFGHJKMNPQRSTVWXYZ', 'abcdefghjkmnpqrstvwxyz');
COMMENT ON FUNCTION uuid6_sql_typeid(text, bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the TypeID of a checked prefix and a UUID''s two 64-bit words (SQL-standard body, inlined)';

CREATE FUNCTION uuid_to_typeid(prefix text, id uuid) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- Qualified calls with exact argument types only (see 12_time.sql); the
-- prefix is checked before anything else. The text variable's type is named
-- with its schema: text, unlike bigint, is a name the caller's search_path
-- would look up.
DECLARE
  p pg_catalog.text := @extschema@.uuid6_sql_typeid_prefix($1, true::@extschema@.uuid6_sql_seal);
  hi bigint := @extschema@.uuid6_sql_word($2, 0, true::@extschema@.uuid6_sql_seal);
  lo bigint := @extschema@.uuid6_sql_word($2, 8, true::@extschema@.uuid6_sql_seal);
BEGIN
  RETURN @extschema@.uuid6_sql_typeid(p, hi, lo, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_to_typeid(text, uuid) IS
    'The UUID as a TypeID: the prefix (at most 63 of a-z and "_", starting and ending with a letter), "_" and 26 lower-case Crockford base32 characters; the suffix alone for the prefix ''''; another prefix is an error (22023)';

-- A well-formed TypeID: an optional prefix with its separator, then 26
-- characters of the lower-case alphabet, the first 0-7. (The suffix has no
-- "_", so the prefix runs to the last one.) Under the C collation, as above.
CREATE FUNCTION uuid6_sql_typeid_ok(s text, seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN s COLLATE "C" ~ '^([a-z]([a-z_]{0,61}[a-z])?_)?[0-7][0-9abcdefghjkmnpqrstvwxyz]{25}$';
COMMENT ON FUNCTION uuid6_sql_typeid_ok(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: whether a text is a well-formed TypeID (SQL-standard body, inlined)';

-- The UUID of a well-formed TypeID: its last 26 characters read as a ULID.
CREATE FUNCTION uuid6_sql_typeid_value(s text, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_ulid_value(pg_catalog.right(s, 26), true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION uuid6_sql_typeid_value(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the UUID of a well-formed TypeID (SQL-standard body, inlined)';

-- Whether a well-formed TypeID has the checked prefix `expected` ('' for
-- none): everything before its separator, compared byte for byte.
CREATE FUNCTION uuid6_sql_typeid_has_prefix(s text, expected text, seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN pg_catalog.left(s, GREATEST(pg_catalog.length(s) - 27, 0)) COLLATE "C" = expected;
COMMENT ON FUNCTION uuid6_sql_typeid_has_prefix(text, text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: whether a well-formed TypeID has the given prefix (SQL-standard body, inlined)';

-- Anything else is refused with the error the C library gives, naming the
-- rule broken, in its order: a separator with nothing before it; the prefix
-- (up to the last "_") from its first character (one outside a-z and "_",
-- or a leading "_"), then a trailing "_", then its length; the suffix's
-- length (counted in characters unless it is 26 bytes, as the C library
-- reads a suffix of 26 bytes as 26 characters), then from its first
-- character, one outside the lower-case alphabet or a first one above 7.
-- Positions count characters of the whole text; a character is quoted only
-- when it is a printable ASCII one. (ascii() is asked only about single
-- bytes.) A raiser: it runs only to raise, so its search_path is pinned.
CREATE FUNCTION uuid6_sql_typeid_refused(text, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  -- Under the C collation whatever the argument's: strpos refuses a
  -- nondeterministic one.
  s constant text COLLATE "C" := $1;
  a constant text COLLATE "C" := '0123456789abcdefghjkmnpqrstvwxyz';
  shape constant text := 'A TypeID is a prefix of at most 63 lower-case letters and underscores, starting and ending with a letter, then "_" and a suffix of 26 characters; without a prefix, the suffix alone.';
  alphabet constant text := 'A TypeID''s suffix is written in lower case with the digits and the letters a to z except i, l, o and u, the first one 0 to 7.';
  -- The separator: the position of the last "_", 0 for none.
  sep constant integer := CASE WHEN strpos(s, '_') = 0 THEN 0 ELSE length(s) - strpos(reverse(s), '_') + 1 END;
  p constant text COLLATE "C" := substr(s, 1, greatest(sep - 1, 0));
  suffix constant text COLLATE "C" := substr(s, sep + 1);
  c text COLLATE "C";
  printable boolean;
BEGIN
  IF sep = 1 THEN
    RAISE EXCEPTION 'invalid TypeID: "%"', s
      USING ERRCODE = 'invalid_text_representation',
            DETAIL = 'It starts with the separator "_": a TypeID without a prefix is its suffix alone.', HINT = shape;
  END IF;
  FOR i IN 1..length(p) LOOP
    c := substr(p, i, 1);
    IF NOT (c BETWEEN 'a' AND 'z' OR c = '_') THEN
      IF (CASE WHEN octet_length(c) = 1 THEN ascii(c) BETWEEN 33 AND 126 ELSE false END) THEN
        RAISE EXCEPTION 'invalid TypeID: "%"', s
          USING ERRCODE = 'invalid_text_representation',
                DETAIL = format('Character "%s" at position %s is not a lower-case letter or "_", as a TypeID prefix must be.', c, i),
                HINT = shape;
      END IF;
      RAISE EXCEPTION 'invalid TypeID: "%"', s
        USING ERRCODE = 'invalid_text_representation',
              DETAIL = format('The character at position %s is not a lower-case letter or "_", as a TypeID prefix must be.', i),
              HINT = shape;
    END IF;
    IF i = 1 AND c = '_' THEN
      RAISE EXCEPTION 'invalid TypeID: "%"', s
        USING ERRCODE = 'invalid_text_representation',
              DETAIL = 'The prefix starts with "_": a TypeID prefix starts and ends with a letter.', HINT = shape;
    END IF;
  END LOOP;
  IF right(p, 1) = '_' THEN
    RAISE EXCEPTION 'invalid TypeID: "%"', s
      USING ERRCODE = 'invalid_text_representation',
            DETAIL = 'The prefix ends with "_": a TypeID prefix starts and ends with a letter.', HINT = shape;
  END IF;
  IF length(p) > 63 THEN
    RAISE EXCEPTION 'invalid TypeID: "%"', s
      USING ERRCODE = 'invalid_text_representation',
            DETAIL = format('The prefix has %s characters; a TypeID prefix has at most 63.', length(p)), HINT = shape;
  END IF;
  IF octet_length(suffix) <> 26 AND length(suffix) <> 26 THEN
    IF sep = 0 THEN
      RAISE EXCEPTION 'invalid TypeID: "%"', s
        USING ERRCODE = 'invalid_text_representation',
              DETAIL = format('A TypeID without a prefix is its suffix of 26 characters alone, not %s characters.', length(suffix)),
              HINT = shape;
    END IF;
    RAISE EXCEPTION 'invalid TypeID: "%"', s
      USING ERRCODE = 'invalid_text_representation',
            DETAIL = format('The suffix after the last "_" has %s characters, not 26.', length(suffix)), HINT = shape;
  END IF;
  FOR i IN 1..length(suffix) LOOP
    c := substr(suffix, i, 1);
    printable := CASE WHEN octet_length(c) = 1 THEN ascii(c) BETWEEN 33 AND 126 ELSE false END;
    IF strpos(a, c) = 0 THEN
      IF printable THEN
        RAISE EXCEPTION 'invalid TypeID: "%"', s
          USING ERRCODE = 'invalid_text_representation',
                DETAIL = format('Character "%s" at position %s is not in the TypeID alphabet.', c, sep + i),
                HINT = alphabet;
      END IF;
      RAISE EXCEPTION 'invalid TypeID: "%"', s
        USING ERRCODE = 'invalid_text_representation',
              DETAIL = format('The character at position %s is not in the TypeID alphabet.', sep + i),
              HINT = alphabet;
    END IF;
    IF i = 1 AND c NOT IN ('0', '1', '2', '3', '4', '5', '6', '7') THEN
      RAISE EXCEPTION 'invalid TypeID: "%"', s
        USING ERRCODE = 'invalid_text_representation',
              DETAIL = format('The suffix starts with "%s", above "7": the value exceeds 128 bits.', c);
    END IF;
  END LOOP;
  -- uuid6_sql_typeid_ok accepts everything else.
  RAISE EXCEPTION 'uuid_from_typeid found nothing wrong with a text it refused' USING ERRCODE = 'internal_error';
END
$$;
COMMENT ON FUNCTION uuid6_sql_typeid_refused(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: raises the 22P02 error of a text that is not a TypeID, naming the rule it breaks (a raiser: pinned search_path)';

-- The C library's 22P02 for a well-formed TypeID of another prefix than the
-- checked one expected. (A raiser: runs only to raise, pinned path.)
CREATE FUNCTION uuid6_sql_typeid_wrong_prefix(typeid text, expected text, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  actual constant text := left(typeid, greatest(length(typeid) - 27, 0));
BEGIN
  IF actual = '' THEN
    RAISE EXCEPTION 'TypeID "%" is not of the expected prefix', typeid
      USING ERRCODE = 'invalid_text_representation',
            DETAIL = format('It has no prefix; "%s" was expected.', expected);
  END IF;
  IF expected = '' THEN
    RAISE EXCEPTION 'TypeID "%" is not of the expected prefix', typeid
      USING ERRCODE = 'invalid_text_representation',
            DETAIL = format('Its prefix is "%s"; no prefix was expected.', actual);
  END IF;
  RAISE EXCEPTION 'TypeID "%" is not of the expected prefix', typeid
    USING ERRCODE = 'invalid_text_representation',
          DETAIL = format('Its prefix is "%s"; "%s" was expected.', actual, expected);
END
$$;
COMMENT ON FUNCTION uuid6_sql_typeid_wrong_prefix(text, text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: raises the 22P02 error of a TypeID whose prefix is not the expected one (a raiser: pinned search_path, runs only to raise)';

CREATE FUNCTION uuid_from_typeid(typeid text) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- Control flow and qualified calls with exact argument types only (see
-- 12_time.sql).
BEGIN
  IF @extschema@.uuid6_sql_typeid_ok($1, true::@extschema@.uuid6_sql_seal) THEN
    RETURN @extschema@.uuid6_sql_typeid_value($1, true::@extschema@.uuid6_sql_seal);
  END IF;
  RETURN @extschema@.uuid6_sql_typeid_refused($1, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_from_typeid(text) IS
    'The UUID of a TypeID of any prefix; a text that breaks a rule of the TypeID specification (prefix, separator, suffix length, alphabet, lower case, 128 bits) is an error (22P02) naming it';

CREATE FUNCTION uuid_from_typeid(typeid text, expected_prefix text) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- Control flow and qualified calls with exact argument types only (see
-- 12_time.sql). The expected prefix is checked first, as in the C library:
-- one no TypeID can have is the caller's mistake, not the input's. (Its
-- variable's type named with its schema, as in uuid_to_typeid.)
DECLARE
  expected pg_catalog.text := @extschema@.uuid6_sql_typeid_prefix($2, true::@extschema@.uuid6_sql_seal);
BEGIN
  IF NOT @extschema@.uuid6_sql_typeid_ok($1, true::@extschema@.uuid6_sql_seal) THEN
    RETURN @extschema@.uuid6_sql_typeid_refused($1, true::@extschema@.uuid6_sql_seal);
  END IF;
  IF @extschema@.uuid6_sql_typeid_has_prefix($1, expected, true::@extschema@.uuid6_sql_seal) THEN
    RETURN @extschema@.uuid6_sql_typeid_value($1, true::@extschema@.uuid6_sql_seal);
  END IF;
  RETURN @extschema@.uuid6_sql_typeid_wrong_prefix($1, expected, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_from_typeid(text, text) IS
    'The UUID of a TypeID whose prefix is expected_prefix ('''' for none); a malformed TypeID or one of another prefix is an error (22P02), an expected prefix no TypeID can have 22023';
