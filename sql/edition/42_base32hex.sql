-- The base32hex text form, as src/core/base32hex.cpp and
-- src/pg/base32hex_functions.cpp: the 128 bits in 26 characters of RFC 4648's
-- extended hex alphabet (0-9, A-V), most significant first, the 26th holding
-- the last 3 bits above 2 zero bits: PostgreSQL 19's
-- encode(uuid_send(id), 'base32hex') without its padding "======", written
-- out here for every PostgreSQL the edition runs on. The alphabet is in ASCII
-- order, so the text sorts like the uuid.
--
-- As 40_ulid.sql (see the top of 12_time.sql): the work is in SQL-standard
-- helpers (bound at installation, inlined), the STRICT public functions are
-- PL/pgSQL calls of qualified helpers with exact argument types, and errors
-- come from a raiser with a pinned search_path.

-- Each character is 5 bits of the 130-bit string of the UUID's 128 bits and
-- two zero bits: of the high word hi, then (the 13th straddles them) of the
-- low word lo, the 26th the last 3 bits shifted over the two zeros. (>>
-- brings in copies of the sign bit; the masks drop them.)
CREATE FUNCTION uuid6_sql_base32hex(hi bigint, lo bigint, seal @extschema@.uuid6_sql_seal) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN pg_catalog.substr('0123456789ABCDEFGHIJKLMNOPQRSTUV', ((hi >> 59) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHIJKLMNOPQRSTUV', ((hi >> 54) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHIJKLMNOPQRSTUV', ((hi >> 49) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHIJKLMNOPQRSTUV', ((hi >> 44) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHIJKLMNOPQRSTUV', ((hi >> 39) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHIJKLMNOPQRSTUV', ((hi >> 34) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHIJKLMNOPQRSTUV', ((hi >> 29) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHIJKLMNOPQRSTUV', ((hi >> 24) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHIJKLMNOPQRSTUV', ((hi >> 19) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHIJKLMNOPQRSTUV', ((hi >> 14) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHIJKLMNOPQRSTUV', ((hi >> 9) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHIJKLMNOPQRSTUV', ((hi >> 4) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHIJKLMNOPQRSTUV', (((hi & 15) << 1) | ((lo >> 63) & 1))::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHIJKLMNOPQRSTUV', ((lo >> 58) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHIJKLMNOPQRSTUV', ((lo >> 53) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHIJKLMNOPQRSTUV', ((lo >> 48) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHIJKLMNOPQRSTUV', ((lo >> 43) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHIJKLMNOPQRSTUV', ((lo >> 38) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHIJKLMNOPQRSTUV', ((lo >> 33) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHIJKLMNOPQRSTUV', ((lo >> 28) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHIJKLMNOPQRSTUV', ((lo >> 23) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHIJKLMNOPQRSTUV', ((lo >> 18) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHIJKLMNOPQRSTUV', ((lo >> 13) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHIJKLMNOPQRSTUV', ((lo >> 8) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHIJKLMNOPQRSTUV', ((lo >> 3) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHIJKLMNOPQRSTUV', ((lo & 7) << 2)::integer + 1, 1);
COMMENT ON FUNCTION uuid6_sql_base32hex(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the base32hex text of a UUID''s two 64-bit words (SQL-standard body, inlined)';

CREATE FUNCTION uuid_to_base32hex(uuid) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- Qualified calls with exact argument types only (see 12_time.sql); the
-- words in variables, so that the helper reads each once.
DECLARE
  hi bigint := @extschema@.uuid6_sql_word($1, 0, true::@extschema@.uuid6_sql_seal);
  lo bigint := @extschema@.uuid6_sql_word($1, 8, true::@extschema@.uuid6_sql_seal);
BEGIN
  RETURN @extschema@.uuid6_sql_base32hex(hi, lo, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_to_base32hex(uuid) IS
    'The UUID in base32hex (RFC 4648): 26 upper-case characters of 0-9 and A-V that sort like the UUID, as PostgreSQL 19''s encode(id::bytea, ''base32hex'') without its padding';

-- A well-formed text: 26 characters of the alphabet in either case, the last
-- with its two low bits zero, then nothing or exactly "======". Matched
-- under the C collation whatever the argument's: regular expressions and
-- strpos refuse a nondeterministic one.
CREATE FUNCTION uuid6_sql_base32hex_ok(s text, seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN s COLLATE "C" ~ '^[0-9A-Va-v]{25}[048CGKOScgkos](======)?$';
COMMENT ON FUNCTION uuid6_sql_base32hex_ok(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: whether a text is a well-formed base32hex UUID (SQL-standard body, inlined)';

-- A well-formed text read 5 bits a character into the two words (the 26th
-- gives its top 3): a character's value is its position in the alphabet,
-- upper case first, then the letters in lower case 32 further on (so & 31
-- folds them; the '#' never match).
CREATE FUNCTION uuid6_sql_base32hex_value(s text, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_uuid(
        (((pg_catalog.strpos('0123456789ABCDEFGHIJKLMNOPQRSTUV##########abcdefghijklmnopqrstuv', pg_catalog.substr(s, 1, 1) COLLATE "C") - 1) & 31)::bigint << 59)
        | (((pg_catalog.strpos('0123456789ABCDEFGHIJKLMNOPQRSTUV##########abcdefghijklmnopqrstuv', pg_catalog.substr(s, 2, 1) COLLATE "C") - 1) & 31)::bigint << 54)
        | (((pg_catalog.strpos('0123456789ABCDEFGHIJKLMNOPQRSTUV##########abcdefghijklmnopqrstuv', pg_catalog.substr(s, 3, 1) COLLATE "C") - 1) & 31)::bigint << 49)
        | (((pg_catalog.strpos('0123456789ABCDEFGHIJKLMNOPQRSTUV##########abcdefghijklmnopqrstuv', pg_catalog.substr(s, 4, 1) COLLATE "C") - 1) & 31)::bigint << 44)
        | (((pg_catalog.strpos('0123456789ABCDEFGHIJKLMNOPQRSTUV##########abcdefghijklmnopqrstuv', pg_catalog.substr(s, 5, 1) COLLATE "C") - 1) & 31)::bigint << 39)
        | (((pg_catalog.strpos('0123456789ABCDEFGHIJKLMNOPQRSTUV##########abcdefghijklmnopqrstuv', pg_catalog.substr(s, 6, 1) COLLATE "C") - 1) & 31)::bigint << 34)
        | (((pg_catalog.strpos('0123456789ABCDEFGHIJKLMNOPQRSTUV##########abcdefghijklmnopqrstuv', pg_catalog.substr(s, 7, 1) COLLATE "C") - 1) & 31)::bigint << 29)
        | (((pg_catalog.strpos('0123456789ABCDEFGHIJKLMNOPQRSTUV##########abcdefghijklmnopqrstuv', pg_catalog.substr(s, 8, 1) COLLATE "C") - 1) & 31)::bigint << 24)
        | (((pg_catalog.strpos('0123456789ABCDEFGHIJKLMNOPQRSTUV##########abcdefghijklmnopqrstuv', pg_catalog.substr(s, 9, 1) COLLATE "C") - 1) & 31)::bigint << 19)
        | (((pg_catalog.strpos('0123456789ABCDEFGHIJKLMNOPQRSTUV##########abcdefghijklmnopqrstuv', pg_catalog.substr(s, 10, 1) COLLATE "C") - 1) & 31)::bigint << 14)
        | (((pg_catalog.strpos('0123456789ABCDEFGHIJKLMNOPQRSTUV##########abcdefghijklmnopqrstuv', pg_catalog.substr(s, 11, 1) COLLATE "C") - 1) & 31)::bigint << 9)
        | (((pg_catalog.strpos('0123456789ABCDEFGHIJKLMNOPQRSTUV##########abcdefghijklmnopqrstuv', pg_catalog.substr(s, 12, 1) COLLATE "C") - 1) & 31)::bigint << 4)
        | (((pg_catalog.strpos('0123456789ABCDEFGHIJKLMNOPQRSTUV##########abcdefghijklmnopqrstuv', pg_catalog.substr(s, 13, 1) COLLATE "C") - 1) & 31) >> 1),
        ((((pg_catalog.strpos('0123456789ABCDEFGHIJKLMNOPQRSTUV##########abcdefghijklmnopqrstuv', pg_catalog.substr(s, 13, 1) COLLATE "C") - 1) & 31) & 1)::bigint << 63)
        | (((pg_catalog.strpos('0123456789ABCDEFGHIJKLMNOPQRSTUV##########abcdefghijklmnopqrstuv', pg_catalog.substr(s, 14, 1) COLLATE "C") - 1) & 31)::bigint << 58)
        | (((pg_catalog.strpos('0123456789ABCDEFGHIJKLMNOPQRSTUV##########abcdefghijklmnopqrstuv', pg_catalog.substr(s, 15, 1) COLLATE "C") - 1) & 31)::bigint << 53)
        | (((pg_catalog.strpos('0123456789ABCDEFGHIJKLMNOPQRSTUV##########abcdefghijklmnopqrstuv', pg_catalog.substr(s, 16, 1) COLLATE "C") - 1) & 31)::bigint << 48)
        | (((pg_catalog.strpos('0123456789ABCDEFGHIJKLMNOPQRSTUV##########abcdefghijklmnopqrstuv', pg_catalog.substr(s, 17, 1) COLLATE "C") - 1) & 31)::bigint << 43)
        | (((pg_catalog.strpos('0123456789ABCDEFGHIJKLMNOPQRSTUV##########abcdefghijklmnopqrstuv', pg_catalog.substr(s, 18, 1) COLLATE "C") - 1) & 31)::bigint << 38)
        | (((pg_catalog.strpos('0123456789ABCDEFGHIJKLMNOPQRSTUV##########abcdefghijklmnopqrstuv', pg_catalog.substr(s, 19, 1) COLLATE "C") - 1) & 31)::bigint << 33)
        | (((pg_catalog.strpos('0123456789ABCDEFGHIJKLMNOPQRSTUV##########abcdefghijklmnopqrstuv', pg_catalog.substr(s, 20, 1) COLLATE "C") - 1) & 31)::bigint << 28)
        | (((pg_catalog.strpos('0123456789ABCDEFGHIJKLMNOPQRSTUV##########abcdefghijklmnopqrstuv', pg_catalog.substr(s, 21, 1) COLLATE "C") - 1) & 31)::bigint << 23)
        | (((pg_catalog.strpos('0123456789ABCDEFGHIJKLMNOPQRSTUV##########abcdefghijklmnopqrstuv', pg_catalog.substr(s, 22, 1) COLLATE "C") - 1) & 31)::bigint << 18)
        | (((pg_catalog.strpos('0123456789ABCDEFGHIJKLMNOPQRSTUV##########abcdefghijklmnopqrstuv', pg_catalog.substr(s, 23, 1) COLLATE "C") - 1) & 31)::bigint << 13)
        | (((pg_catalog.strpos('0123456789ABCDEFGHIJKLMNOPQRSTUV##########abcdefghijklmnopqrstuv', pg_catalog.substr(s, 24, 1) COLLATE "C") - 1) & 31)::bigint << 8)
        | (((pg_catalog.strpos('0123456789ABCDEFGHIJKLMNOPQRSTUV##########abcdefghijklmnopqrstuv', pg_catalog.substr(s, 25, 1) COLLATE "C") - 1) & 31)::bigint << 3)
        | (((pg_catalog.strpos('0123456789ABCDEFGHIJKLMNOPQRSTUV##########abcdefghijklmnopqrstuv', pg_catalog.substr(s, 26, 1) COLLATE "C") - 1) & 31) >> 2), true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION uuid6_sql_base32hex_value(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the UUID of a well-formed base32hex text (SQL-standard body, inlined)';

-- Anything else is refused with the error the C library gives, naming what
-- is wrong: the length in characters (26, or 32 with the padding), else the
-- first character that is wrong: one of the 26 outside the alphabet (quoted
-- only when it is a printable ASCII character), a 26th with bits beyond the
-- 128, or a character of the padding that is not "=". Only ASCII letters are
-- folded to upper case: upper() could map a character from outside ASCII
-- onto a letter of the alphabet. (ascii() is asked only about single bytes:
-- it refuses other multi-byte characters than UTF-8's.) A raiser: it runs
-- only to raise, so its search_path is pinned.
CREATE FUNCTION uuid6_sql_base32hex_refused(text, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  -- Under the C collation whatever the argument's: strpos refuses a
  -- nondeterministic one.
  s constant text COLLATE "C" := $1;
  a constant text COLLATE "C" := '0123456789ABCDEFGHIJKLMNOPQRSTUV';
  hint constant text := 'base32hex is written with the digits and the letters A to V, in either case: 26 characters, optionally followed by "======".';
  c text COLLATE "C";
  printable boolean;
BEGIN
  -- The C library counts characters only where the bytes are neither 26 nor
  -- 32: 26 or 32 bytes are read as that many characters, the first
  -- multi-byte one (a byte beyond ASCII) wrong wherever it stands.
  IF octet_length(s) NOT IN (26, 32) AND length(s) NOT IN (26, 32) THEN
    RAISE EXCEPTION 'invalid base32hex UUID: "%"', s
      USING ERRCODE = 'invalid_text_representation',
            DETAIL = format('A UUID in base32hex has 26 characters, or 32 with the padding "======", not %s.', length(s));
  END IF;
  FOR i IN 1..length(s) LOOP
    c := substr(s, i, 1);
    printable := CASE WHEN octet_length(c) = 1 THEN ascii(c) BETWEEN 33 AND 126 ELSE false END;
    IF i > 26 THEN
      IF c <> '=' THEN
        IF printable THEN
          RAISE EXCEPTION 'invalid base32hex UUID: "%"', s
            USING ERRCODE = 'invalid_text_representation',
                  DETAIL = format('Character "%s" at position %s is not padding: after its 26 characters, a UUID in base32hex may only be followed by "======".', c, i);
        END IF;
        RAISE EXCEPTION 'invalid base32hex UUID: "%"', s
          USING ERRCODE = 'invalid_text_representation',
                DETAIL = format('The character at position %s is not padding: after its 26 characters, a UUID in base32hex may only be followed by "======".', i);
      END IF;
      CONTINUE;
    END IF;
    IF strpos(a, translate(c, 'abcdefghijklmnopqrstuv', 'ABCDEFGHIJKLMNOPQRSTUV')) = 0 THEN
      IF printable THEN
        RAISE EXCEPTION 'invalid base32hex UUID: "%"', s
          USING ERRCODE = 'invalid_text_representation',
                DETAIL = format('Character "%s" at position %s is not in the base32hex alphabet.', c, i),
                HINT = hint;
      END IF;
      RAISE EXCEPTION 'invalid base32hex UUID: "%"', s
        USING ERRCODE = 'invalid_text_representation',
              DETAIL = format('The character at position %s is not in the base32hex alphabet.', i),
              HINT = hint;
    END IF;
    IF i = 26 AND ((strpos(a, translate(c, 'abcdefghijklmnopqrstuv', 'ABCDEFGHIJKLMNOPQRSTUV')) - 1) & 3) <> 0 THEN
      RAISE EXCEPTION 'invalid base32hex UUID: "%"', s
        USING ERRCODE = 'invalid_text_representation',
              DETAIL = format('The last character is "%s", which sets bits beyond the 128 of a UUID: it must be one of 0, 4, 8, C, G, K, O and S.', c);
    END IF;
  END LOOP;
  -- uuid6_sql_base32hex_ok accepts everything else.
  RAISE EXCEPTION 'uuid_from_base32hex found nothing wrong with a text it refused' USING ERRCODE = 'internal_error';
END
$$;
COMMENT ON FUNCTION uuid6_sql_base32hex_refused(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: raises the 22P02 error of a text that is not a base32hex UUID, naming what is wrong (a raiser: pinned search_path)';

CREATE FUNCTION uuid_from_base32hex(text) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- Control flow and qualified calls with exact argument types only (see
-- 12_time.sql).
BEGIN
  IF @extschema@.uuid6_sql_base32hex_ok($1, true::@extschema@.uuid6_sql_seal) THEN
    RETURN @extschema@.uuid6_sql_base32hex_value($1, true::@extschema@.uuid6_sql_seal);
  END IF;
  RETURN @extschema@.uuid6_sql_base32hex_refused($1, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_from_base32hex(text) IS
    'The UUID of a base32hex text: 26 characters in either case, optionally followed by "======"; a wrong length, a character outside the alphabet, a last character with bits beyond 128 or other padding is an error (22P02)';
