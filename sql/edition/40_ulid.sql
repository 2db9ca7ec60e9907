-- The ULID text form (docs/reference.md), as src/core/ulid.cpp and
-- src/pg/ulid_functions.cpp: the 128 bits in 26 characters of Crockford's
-- base32, most significant first, the first character holding only the top
-- 3 bits. The alphabet is in ASCII order, so the text sorts like the uuid.
--
-- As in 12_time.sql (see its top): the work is in SQL-standard helpers
-- (bound at installation, inlined), the STRICT public functions are PL/pgSQL
-- calls of qualified helpers with exact argument types, and errors come from
-- a raiser with a pinned search_path.

-- The 64-bit words of a UUID: octets 0-7 (start_octet 0) or 8-15 (start_octet 8).
CREATE FUNCTION uuid6_sql_word(id uuid, start_octet integer, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN (pg_catalog.get_byte(pg_catalog.uuid_send(id), start_octet)::bigint << 56) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), start_octet + 1)::bigint << 48)
           | (pg_catalog.get_byte(pg_catalog.uuid_send(id), start_octet + 2)::bigint << 40) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), start_octet + 3)::bigint << 32)
           | (pg_catalog.get_byte(pg_catalog.uuid_send(id), start_octet + 4)::bigint << 24) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), start_octet + 5) << 16)
           | (pg_catalog.get_byte(pg_catalog.uuid_send(id), start_octet + 6) << 8) | pg_catalog.get_byte(pg_catalog.uuid_send(id), start_octet + 7);
COMMENT ON FUNCTION uuid6_sql_word(uuid, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the 64-bit word of a UUID that starts at octet start_octet (0 or 8) (SQL-standard body, inlined)';

-- Each character is 5 bits of the 130-bit string of two zero bits and the
-- UUID's 128 bits: of the high word hi, then (the 14th straddles them) of
-- the low word lo. (>> brings in copies of the sign bit; the masks drop
-- them.)
CREATE FUNCTION uuid6_sql_ulid(hi bigint, lo bigint, seal @extschema@.uuid6_sql_seal) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((hi >> 61) & 7)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((hi >> 56) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((hi >> 51) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((hi >> 46) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((hi >> 41) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((hi >> 36) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((hi >> 31) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((hi >> 26) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((hi >> 21) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((hi >> 16) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((hi >> 11) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((hi >> 6) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((hi >> 1) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (((hi & 1) << 4) | ((lo >> 60) & 15))::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((lo >> 55) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((lo >> 50) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((lo >> 45) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((lo >> 40) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((lo >> 35) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((lo >> 30) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((lo >> 25) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((lo >> 20) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((lo >> 15) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((lo >> 10) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((lo >> 5) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (lo & 31)::integer + 1, 1);
COMMENT ON FUNCTION uuid6_sql_ulid(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the ULID text of a UUID''s two 64-bit words (SQL-standard body, inlined)';

CREATE FUNCTION uuid_to_ulid(uuid) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- Qualified calls with exact argument types only (see 12_time.sql); the
-- words in variables, so that the helper reads each once.
DECLARE
  hi bigint := @extschema@.uuid6_sql_word($1, 0, true::@extschema@.uuid6_sql_seal);
  lo bigint := @extschema@.uuid6_sql_word($1, 8, true::@extschema@.uuid6_sql_seal);
BEGIN
  RETURN @extschema@.uuid6_sql_ulid(hi, lo, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_to_ulid(uuid) IS
    'The UUID as a ULID: 26 upper-case Crockford base32 characters that sort like the UUID';

-- A well-formed ULID: 26 characters of the alphabet in either case, the
-- first at most 7. Matched under the C collation whatever the argument's:
-- regular expressions and strpos refuse a nondeterministic one.
CREATE FUNCTION uuid6_sql_ulid_ok(s text, seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN s COLLATE "C" ~ '^[0-7][0-9ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyz]{25}$';
COMMENT ON FUNCTION uuid6_sql_ulid_ok(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: whether a text is a well-formed ULID (SQL-standard body, inlined)';

-- A well-formed ULID read 5 bits a character into the two words: a
-- character's value is its position in the alphabet, upper case first, then
-- the letters in lower case 32 further on (so & 31 folds them; the '#'
-- never match).
CREATE FUNCTION uuid6_sql_ulid_value(s text, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_uuid(
        (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 1, 1) COLLATE "C") - 1) & 31)::bigint << 61)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 2, 1) COLLATE "C") - 1) & 31)::bigint << 56)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 3, 1) COLLATE "C") - 1) & 31)::bigint << 51)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 4, 1) COLLATE "C") - 1) & 31)::bigint << 46)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 5, 1) COLLATE "C") - 1) & 31)::bigint << 41)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 6, 1) COLLATE "C") - 1) & 31)::bigint << 36)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 7, 1) COLLATE "C") - 1) & 31)::bigint << 31)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 8, 1) COLLATE "C") - 1) & 31)::bigint << 26)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 9, 1) COLLATE "C") - 1) & 31)::bigint << 21)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 10, 1) COLLATE "C") - 1) & 31)::bigint << 16)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 11, 1) COLLATE "C") - 1) & 31)::bigint << 11)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 12, 1) COLLATE "C") - 1) & 31)::bigint << 6)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 13, 1) COLLATE "C") - 1) & 31)::bigint << 1)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 14, 1) COLLATE "C") - 1) & 31) >> 4),
        ((((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 14, 1) COLLATE "C") - 1) & 31) & 15)::bigint << 60)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 15, 1) COLLATE "C") - 1) & 31)::bigint << 55)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 16, 1) COLLATE "C") - 1) & 31)::bigint << 50)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 17, 1) COLLATE "C") - 1) & 31)::bigint << 45)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 18, 1) COLLATE "C") - 1) & 31)::bigint << 40)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 19, 1) COLLATE "C") - 1) & 31)::bigint << 35)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 20, 1) COLLATE "C") - 1) & 31)::bigint << 30)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 21, 1) COLLATE "C") - 1) & 31)::bigint << 25)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 22, 1) COLLATE "C") - 1) & 31)::bigint << 20)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 23, 1) COLLATE "C") - 1) & 31)::bigint << 15)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 24, 1) COLLATE "C") - 1) & 31)::bigint << 10)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 25, 1) COLLATE "C") - 1) & 31)::bigint << 5)
        | ((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 26, 1) COLLATE "C") - 1) & 31), true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION uuid6_sql_ulid_value(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the UUID of a well-formed ULID (SQL-standard body, inlined)';

-- Anything else is refused with the error the C library gives, naming what
-- is wrong: the length in characters, the first character outside the
-- alphabet (quoted only when it is a printable ASCII character), or a first
-- character above 7. Only ASCII letters are folded to upper case: upper()
-- could map a character from outside ASCII onto a letter of the alphabet.
-- (ascii() is asked only about single bytes: it refuses other multi-byte
-- characters than UTF-8's.) A raiser: it runs only to raise, so its
-- search_path is pinned.
CREATE FUNCTION uuid6_sql_ulid_refused(text, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  -- Under the C collation whatever the argument's: strpos refuses a
  -- nondeterministic one.
  s constant text COLLATE "C" := $1;
  a constant text COLLATE "C" := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  c text COLLATE "C";
BEGIN
  IF octet_length(s) <> 26 THEN
    IF length(s) <> 26 THEN
      RAISE EXCEPTION 'invalid ULID: "%"', s
        USING ERRCODE = 'invalid_text_representation',
              DETAIL = format('A ULID has 26 characters, not %s.', length(s));
    END IF;
    -- 26 characters in more bytes: the first one beyond ASCII is named.
    FOR i IN 1..26 LOOP
      IF octet_length(substr(s, i, 1)) > 1 THEN
        RAISE EXCEPTION 'invalid ULID: "%"', s
          USING ERRCODE = 'invalid_text_representation',
                DETAIL = format('The character at position %s is not in the ULID alphabet.', i),
                HINT = 'A ULID is written with the digits and the letters A to Z except I, L, O and U, in either case.';
      END IF;
    END LOOP;
  END IF;
  -- 26 bytes: the first character that is not in the alphabet, or a first
  -- character above 7. (Where some of the 26 bytes are one character, the
  -- first of those is the first character outside the alphabet.)
  FOR i IN 1..length(s) LOOP
    c := substr(s, i, 1);
    IF strpos(a, translate(c, 'abcdefghjkmnpqrstvwxyz', 'ABCDEFGHJKMNPQRSTVWXYZ')) = 0 THEN
      IF (CASE WHEN octet_length(c) = 1 THEN ascii(c) BETWEEN 33 AND 126 ELSE false END) THEN
        RAISE EXCEPTION 'invalid ULID: "%"', s
          USING ERRCODE = 'invalid_text_representation',
                DETAIL = format('Character "%s" at position %s is not in the ULID alphabet.', c, i),
                HINT = 'A ULID is written with the digits and the letters A to Z except I, L, O and U, in either case.';
      END IF;
      RAISE EXCEPTION 'invalid ULID: "%"', s
        USING ERRCODE = 'invalid_text_representation',
              DETAIL = format('The character at position %s is not in the ULID alphabet.', i),
              HINT = 'A ULID is written with the digits and the letters A to Z except I, L, O and U, in either case.';
    END IF;
    IF i = 1 AND c NOT IN ('0', '1', '2', '3', '4', '5', '6', '7') THEN
      RAISE EXCEPTION 'invalid ULID: "%"', s
        USING ERRCODE = 'invalid_text_representation',
              DETAIL = format('The first character is "%s", above "7": the value exceeds 128 bits.', c);
    END IF;
  END LOOP;
  -- uuid6_sql_ulid_ok accepts everything else.
  RAISE EXCEPTION 'uuid_from_ulid found nothing wrong with a text it refused' USING ERRCODE = 'internal_error';
END
$$;
COMMENT ON FUNCTION uuid6_sql_ulid_refused(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: raises the 22P02 error of a text that is not a ULID, naming what is wrong (a raiser: pinned search_path)';

CREATE FUNCTION uuid_from_ulid(text) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- Control flow and qualified calls with exact argument types only (see
-- 12_time.sql).
BEGIN
  IF @extschema@.uuid6_sql_ulid_ok($1, true::@extschema@.uuid6_sql_seal) THEN
    RETURN @extschema@.uuid6_sql_ulid_value($1, true::@extschema@.uuid6_sql_seal);
  END IF;
  RETURN @extschema@.uuid6_sql_ulid_refused($1, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_from_ulid(text) IS
    'The UUID of a ULID, read in either case; a wrong length, a character outside the alphabet or a value above 128 bits is an error (22P02)';
