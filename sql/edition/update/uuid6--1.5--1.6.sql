-- uuid6 1.5 -> 1.6, SQL edition. Written by hand: what 1.6 changes, nothing else.
-- scripts/tle.sh runs it between the installation check and the bound check, as
-- ALTER EXTENSION uuid6 UPDATE (pg_tle, database.dev) and in the plain script.
--
-- Rules for this file (and every update after it):
--   - functions are replaced in place (CREATE OR REPLACE: same OID, so every
--     DEFAULT, view and index of the user's stays), never dropped in the
--     release that stops calling them: a statement that was running when the
--     update committed may still call them through an old body;
--   - every function it makes is named @extschema@.NAME and created with the
--     path pinned to pg_catalog, pg_temp;
--   - a grant or comment it makes is one that 1.6 changes: the user's own
--     stay as they are;
--   - it ends by saying its version (uuid6_sql_edition_version()).
-- The edition suite checks that an update from every earlier release leaves
-- what a fresh install of 1.6 makes, object by object.

-- Only the role that installed the edition: objects it creates would
-- otherwise have two owners.
DO $uuid6_owner$
DECLARE
  owner oid := (SELECT p.proowner FROM pg_catalog.pg_proc p
                WHERE p.oid OPERATOR(pg_catalog.=) '@extschema@.uuid6_sql_edition_version()'::pg_catalog.regprocedure);
BEGIN
  IF owner OPERATOR(pg_catalog.<>) (SELECT o.oid FROM pg_catalog.pg_roles o WHERE o.rolname OPERATOR(pg_catalog.=) current_user) THEN
    RAISE EXCEPTION 'uuid6: its functions belong to role %, not to %, who runs this update',
        owner::pg_catalog.regrole, current_user
      USING ERRCODE = 'insufficient_privilege',
            HINT = 'Update uuid6 as the role that installed it (SET ROLE to it first), so that its functions keep one owner.';
  END IF;
END
$uuid6_owner$;

SET LOCAL search_path = pg_catalog, pg_temp;

-- Nothing that holds the lift's row sends the client anything below an
-- ERROR (a client that stops reading would hold it: 00_sequences.sql).
ALTER FUNCTION @extschema@.uuid6_sql_lift(integer, bigint, @extschema@.uuid6_sql_seal)
    SET client_min_messages = error;
ALTER FUNCTION @extschema@.uuid6_advance(uuid) SET client_min_messages = error;

-- uuid6.node_id: a plain decimal integer from -1 to 65535, or refused
-- (00_sequences.sql); the readers of every other spelling retired
-- (80_retired.sql), kept with bodies that refuse, for statements still
-- running 1.5's bodies.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_node_id_refused(setting text, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  RAISE EXCEPTION 'invalid value for parameter "%": "%"', 'uuid6.node_id', setting
    USING ERRCODE = 'invalid_parameter_value',
          DETAIL = 'The SQL edition of uuid6 reads the node id as a plain decimal integer from -1 (none) to 65535.',
          HINT = 'As the role that installed uuid6: SELECT uuid6_set_node_id(N), with N a plain integer, or ALTER DATABASE ... SET uuid6.node_id = N.';
END
$$;
COMMENT ON FUNCTION @extschema@.uuid6_sql_node_id_refused(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the error for a uuid6.node_id that is not a plain decimal integer from -1 to 65535';

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_node_id_value(seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql STABLE PARALLEL SAFE
    RETURN CASE
      WHEN coalesce(@extschema@.uuid6_sql_database_node_id(true::@extschema@.uuid6_sql_seal), '') = '' THEN -1
      WHEN @extschema@.uuid6_sql_database_node_id(true::@extschema@.uuid6_sql_seal) ~ '^(-1|0|[1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])$'
        THEN @extschema@.uuid6_sql_database_node_id(true::@extschema@.uuid6_sql_seal)::integer
      ELSE @extschema@.uuid6_sql_node_id_refused(@extschema@.uuid6_sql_database_node_id(true::@extschema@.uuid6_sql_seal),
                                                 true::@extschema@.uuid6_sql_seal) END;
COMMENT ON FUNCTION @extschema@.uuid6_sql_node_id_value(@extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the node id in effect, -1 when none; a value that is not a plain integer from -1 to 65535 is refused';

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_parse_node_id(setting text, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_node_id_refused(setting, true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION @extschema@.uuid6_sql_parse_node_id(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal, retired in 1.6: refuses a uuid6.node_id that is not a plain integer';

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_node_id_in_range(setting text, value numeric, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_node_id_refused(setting, true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION @extschema@.uuid6_sql_node_id_in_range(text, numeric, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal, retired in 1.6: refuses a uuid6.node_id that is not a plain integer';

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_node_id_invalid(setting text, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_node_id_refused(setting, true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION @extschema@.uuid6_sql_node_id_invalid(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal, retired in 1.6: refuses a uuid6.node_id that is not a plain integer';

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_strtol_reads_binary(seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    RETURN false;
COMMENT ON FUNCTION @extschema@.uuid6_sql_strtol_reads_binary(@extschema@.uuid6_sql_seal) IS
    'uuid6 internal, retired in 1.6: no spelling but a plain integer is read';

-- The base32hex text form: sql/edition/42_base32hex.sql, every function named
-- with its schema (a fresh 1.6 install makes the same).
-- Each character is 5 bits of the 130-bit string of the UUID's 128 bits and
-- two zero bits: of the high word hi, then (the 13th straddles them) of the
-- low word lo, the 26th the last 3 bits shifted over the two zeros. (>>
-- brings in copies of the sign bit; the masks drop them.)
CREATE FUNCTION @extschema@.uuid6_sql_base32hex(hi bigint, lo bigint, seal @extschema@.uuid6_sql_seal) RETURNS text
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
COMMENT ON FUNCTION @extschema@.uuid6_sql_base32hex(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the base32hex text of a UUID''s two 64-bit words (SQL-standard body, inlined)';

CREATE FUNCTION @extschema@.uuid_to_base32hex(uuid) RETURNS text
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
COMMENT ON FUNCTION @extschema@.uuid_to_base32hex(uuid) IS
    'The UUID in base32hex (RFC 4648): 26 upper-case characters of 0-9 and A-V that sort like the UUID, as PostgreSQL 19''s encode(id::bytea, ''base32hex'') without its padding';

-- A well-formed text: 26 characters of the alphabet in either case, the last
-- with its two low bits zero, then nothing or exactly "======". Matched
-- under the C collation whatever the argument's: regular expressions and
-- strpos refuse a nondeterministic one.
CREATE FUNCTION @extschema@.uuid6_sql_base32hex_ok(s text, seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN s COLLATE "C" ~ '^[0-9A-Va-v]{25}[048CGKOScgkos](======)?$';
COMMENT ON FUNCTION @extschema@.uuid6_sql_base32hex_ok(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: whether a text is a well-formed base32hex UUID (SQL-standard body, inlined)';

-- A well-formed text read 5 bits a character into the two words (the 26th
-- gives its top 3): a character's value is its position in the alphabet,
-- upper case first, then the letters in lower case 32 further on (so & 31
-- folds them; the '#' never match).
CREATE FUNCTION @extschema@.uuid6_sql_base32hex_value(s text, seal @extschema@.uuid6_sql_seal) RETURNS uuid
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
COMMENT ON FUNCTION @extschema@.uuid6_sql_base32hex_value(text, @extschema@.uuid6_sql_seal) IS
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
CREATE FUNCTION @extschema@.uuid6_sql_base32hex_refused(text, seal @extschema@.uuid6_sql_seal) RETURNS uuid
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
COMMENT ON FUNCTION @extschema@.uuid6_sql_base32hex_refused(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: raises the 22P02 error of a text that is not a base32hex UUID, naming what is wrong (a raiser: pinned search_path)';

CREATE FUNCTION @extschema@.uuid_from_base32hex(text) RETURNS uuid
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
COMMENT ON FUNCTION @extschema@.uuid_from_base32hex(text) IS
    'The UUID of a base32hex text: 26 characters in either case, optionally followed by "======"; a wrong length, a character outside the alphabet, a last character with bits beyond 128 or other padding is an error (22P02)';

-- TypeIDs: sql/edition/46_typeid.sql, every function named with its schema.
-- The C library's 22023 for a prefix argument no TypeID can have, naming the
-- rule it breaks: the first character outside a-z and "_" (quoted only when
-- it is a printable ASCII character) or a leading "_", then a trailing "_",
-- then the length. (A raiser: runs only to raise, pinned path.)
CREATE FUNCTION @extschema@.uuid6_sql_typeid_bad_prefix(prefix text, seal @extschema@.uuid6_sql_seal) RETURNS text
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
COMMENT ON FUNCTION @extschema@.uuid6_sql_typeid_bad_prefix(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: raises the 22023 error of a prefix no TypeID can have, naming the rule it breaks (a raiser: pinned search_path, runs only to raise)';

-- A prefix checked: at most 63 of a-z and "_", starting and ending with a
-- letter, or empty; else the error. Matched under the C collation whatever
-- the argument's (regular expressions refuse a nondeterministic one, and
-- its ranges are then byte ranges).
CREATE FUNCTION @extschema@.uuid6_sql_typeid_prefix(prefix text, seal @extschema@.uuid6_sql_seal) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN prefix COLLATE "C" ~ '^([a-z]([a-z_]{0,61}[a-z])?)?$' THEN prefix
                ELSE @extschema@.uuid6_sql_typeid_bad_prefix(prefix, true::@extschema@.uuid6_sql_seal) END;
COMMENT ON FUNCTION @extschema@.uuid6_sql_typeid_prefix(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a TypeID prefix, 22023 for one no TypeID can have (SQL-standard body, inlined)';

-- The TypeID of a checked prefix and a UUID's two words: the ULID text in
-- lower case, after the prefix and "_" unless the prefix is empty.
CREATE FUNCTION @extschema@.uuid6_sql_typeid(prefix text, hi bigint, lo bigint, seal @extschema@.uuid6_sql_seal) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN pg_catalog.octet_length(prefix) = 0 THEN '' ELSE prefix || '_' END
           || pg_catalog.translate(@extschema@.uuid6_sql_ulid(hi, lo, true::@extschema@.uuid6_sql_seal),
                                   'ABCDEFGHJKMNPQRSTVWXYZ', 'abcdefghjkmnpqrstvwxyz');
COMMENT ON FUNCTION @extschema@.uuid6_sql_typeid(text, bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the TypeID of a checked prefix and a UUID''s two 64-bit words (SQL-standard body, inlined)';

CREATE FUNCTION @extschema@.uuid_to_typeid(prefix text, id uuid) RETURNS text
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
COMMENT ON FUNCTION @extschema@.uuid_to_typeid(text, uuid) IS
    'The UUID as a TypeID: the prefix (at most 63 of a-z and "_", starting and ending with a letter), "_" and 26 lower-case Crockford base32 characters; the suffix alone for the prefix ''''; another prefix is an error (22023)';

-- A well-formed TypeID: an optional prefix with its separator, then 26
-- characters of the lower-case alphabet, the first 0-7. (The suffix has no
-- "_", so the prefix runs to the last one.) Under the C collation, as above.
CREATE FUNCTION @extschema@.uuid6_sql_typeid_ok(s text, seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN s COLLATE "C" ~ '^([a-z]([a-z_]{0,61}[a-z])?_)?[0-7][0-9abcdefghjkmnpqrstvwxyz]{25}$';
COMMENT ON FUNCTION @extschema@.uuid6_sql_typeid_ok(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: whether a text is a well-formed TypeID (SQL-standard body, inlined)';

-- The UUID of a well-formed TypeID: its last 26 characters read as a ULID.
CREATE FUNCTION @extschema@.uuid6_sql_typeid_value(s text, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_ulid_value(pg_catalog.right(s, 26), true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION @extschema@.uuid6_sql_typeid_value(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the UUID of a well-formed TypeID (SQL-standard body, inlined)';

-- Whether a well-formed TypeID has the checked prefix `expected` ('' for
-- none): everything before its separator, compared byte for byte.
CREATE FUNCTION @extschema@.uuid6_sql_typeid_has_prefix(s text, expected text, seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN pg_catalog.left(s, GREATEST(pg_catalog.length(s) - 27, 0)) COLLATE "C" = expected;
COMMENT ON FUNCTION @extschema@.uuid6_sql_typeid_has_prefix(text, text, @extschema@.uuid6_sql_seal) IS
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
CREATE FUNCTION @extschema@.uuid6_sql_typeid_refused(text, seal @extschema@.uuid6_sql_seal) RETURNS uuid
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
COMMENT ON FUNCTION @extschema@.uuid6_sql_typeid_refused(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: raises the 22P02 error of a text that is not a TypeID, naming the rule it breaks (a raiser: pinned search_path)';

-- The C library's 22P02 for a well-formed TypeID of another prefix than the
-- checked one expected. (A raiser: runs only to raise, pinned path.)
CREATE FUNCTION @extschema@.uuid6_sql_typeid_wrong_prefix(typeid text, expected text, seal @extschema@.uuid6_sql_seal) RETURNS uuid
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
COMMENT ON FUNCTION @extschema@.uuid6_sql_typeid_wrong_prefix(text, text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: raises the 22P02 error of a TypeID whose prefix is not the expected one (a raiser: pinned search_path, runs only to raise)';

CREATE FUNCTION @extschema@.uuid_from_typeid(typeid text) RETURNS uuid
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
COMMENT ON FUNCTION @extschema@.uuid_from_typeid(text) IS
    'The UUID of a TypeID of any prefix; a text that breaks a rule of the TypeID specification (prefix, separator, suffix length, alphabet, lower case, 128 bits) is an error (22P02) naming it';

CREATE FUNCTION @extschema@.uuid_from_typeid(typeid text, expected_prefix text) RETURNS uuid
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
COMMENT ON FUNCTION @extschema@.uuid_from_typeid(text, text) IS
    'The UUID of a TypeID whose prefix is expected_prefix ('''' for none); a malformed TypeID or one of another prefix is an error (22P02), an expected prefix no TypeID can have 22023';

-- min(uuid) and max(uuid) where PostgreSQL has none: sql/edition/48_minmax.sql, every
-- function named with its schema; the aggregates made or not as a fresh install decides.
-- The transition functions are SQL-standard bodies, bound at installation to
-- pg_catalog's uuid operators (the path is pinned), so they order as the uuid
-- type's btree does; they serve as combine functions too, so parallel plans
-- aggregate in their workers. (STRICT, so that the aggregate skips NULLs and
-- starts from the first value; not inlined, which an aggregate's transition
-- function never is.)
CREATE FUNCTION @extschema@.uuid6_smaller(uuid, uuid) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN CASE WHEN $2 OPERATOR(pg_catalog.<) $1 THEN $2 ELSE $1 END;
COMMENT ON FUNCTION @extschema@.uuid6_smaller(uuid, uuid) IS
    'uuid6 internal: the smaller of two UUIDs (the first of two equal ones), as the uuid type orders them: the transition and combine function of min(uuid) where PostgreSQL has none';

CREATE FUNCTION @extschema@.uuid6_larger(uuid, uuid) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN CASE WHEN $1 OPERATOR(pg_catalog.<) $2 THEN $2 ELSE $1 END;
COMMENT ON FUNCTION @extschema@.uuid6_larger(uuid, uuid) IS
    'uuid6 internal: the larger of two UUIDs (the first of two equal ones), as the uuid type orders them: the transition and combine function of max(uuid) where PostgreSQL has none';

-- The aggregates, made only when pg_catalog has no min(uuid) (max(uuid)) as
-- this runs: a fresh install and an update decide alike, and a database
-- restored into PostgreSQL 20 gets none beside core's. SORTOP lets the
-- planner answer min(id) and max(id) from a btree index on id. Where the
-- aggregate is uuid6's already (the plain script run again over this
-- version), it is kept; another min(uuid) in the schema is refused by
-- CREATE AGGREGATE. Every name qualified: the block runs with the path the
-- installer set.
DO $uuid6_minmax$
BEGIN
  IF pg_catalog.to_regprocedure('pg_catalog.min(uuid)') IS NULL
     AND NOT EXISTS (SELECT FROM pg_catalog.pg_aggregate a
                     WHERE a.aggfnoid OPERATOR(pg_catalog.=) pg_catalog.to_regprocedure('@extschema@.min(uuid)')
                       AND a.aggtransfn OPERATOR(pg_catalog.=) '@extschema@.uuid6_smaller(uuid,uuid)'::pg_catalog.regprocedure) THEN
    CREATE AGGREGATE @extschema@.min(pg_catalog.uuid) (
        SFUNC = @extschema@.uuid6_smaller, STYPE = pg_catalog.uuid, COMBINEFUNC = @extschema@.uuid6_smaller,
        SORTOP = OPERATOR(pg_catalog.<), PARALLEL = SAFE);
    COMMENT ON AGGREGATE @extschema@.min(pg_catalog.uuid) IS
        'The smallest UUID of the group (NULLs ignored; NULL for none), as core''s min(uuid) from PostgreSQL 20: answered from a btree index on the column where there is one';
  END IF;
  IF pg_catalog.to_regprocedure('pg_catalog.max(uuid)') IS NULL
     AND NOT EXISTS (SELECT FROM pg_catalog.pg_aggregate a
                     WHERE a.aggfnoid OPERATOR(pg_catalog.=) pg_catalog.to_regprocedure('@extschema@.max(uuid)')
                       AND a.aggtransfn OPERATOR(pg_catalog.=) '@extschema@.uuid6_larger(uuid,uuid)'::pg_catalog.regprocedure) THEN
    CREATE AGGREGATE @extschema@.max(pg_catalog.uuid) (
        SFUNC = @extschema@.uuid6_larger, STYPE = pg_catalog.uuid, COMBINEFUNC = @extschema@.uuid6_larger,
        SORTOP = OPERATOR(pg_catalog.>), PARALLEL = SAFE);
    COMMENT ON AGGREGATE @extschema@.max(pg_catalog.uuid) IS
        'The largest UUID of the group (NULLs ignored; NULL for none), as core''s max(uuid) from PostgreSQL 20: answered from a btree index on the column where there is one';
  END IF;
END
$uuid6_minmax$;

-- Tagged keys: sql/edition/72_tagged.sql, every function named with its schema.
-- The C library's 22023 for a tag outside 0-255. (A raiser: runs only to
-- raise, pinned path.)
CREATE FUNCTION @extschema@.uuid6_sql_tag_refused(tag integer, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  RAISE EXCEPTION 'a key''s tag must be from 0 to 255, got %', tag
    USING ERRCODE = 'invalid_parameter_value',
          HINT = 'The tag is the key''s last byte: number the kinds of keys, for example the tables, from 0.';
END
$$;
COMMENT ON FUNCTION @extschema@.uuid6_sql_tag_refused(integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: raises the 22023 error of a tag outside 0-255 (a raiser: pinned search_path, runs only to raise)';

-- A tag checked: 0-255, else the error.
CREATE FUNCTION @extschema@.uuid6_sql_tag(tag integer, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN tag >= 0 AND tag <= 255 THEN tag::bigint
                ELSE @extschema@.uuid6_sql_tag_refused(tag, true::@extschema@.uuid6_sql_seal) END;
COMMENT ON FUNCTION @extschema@.uuid6_sql_tag(integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a key''s tag, 22023 outside 0-255 (SQL-standard body, inlined)';

-- The tagged key of a tick t of the v7 sequence: the high word of a v7; the
-- low word of a v7 (variant, the counter, uuid6.node_id in bits 74-89 or
-- random bits when node is -1, random bits below) with its last 32 bits
-- replaced by the mark (bits 96-119) and the checked tag (bits 120-127).
CREATE FUNCTION @extschema@.uuid6_sql_tagged_key(t bigint, node integer, r bigint, tag bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_key(
             @extschema@.uuid6_sql_hi_v7(t, true::@extschema@.uuid6_sql_seal),
             (CASE WHEN node < 0 THEN @extschema@.uuid6_sql_lo(t & 255, r, true::@extschema@.uuid6_sql_seal)
                   ELSE @extschema@.uuid6_sql_lo_node(t & 255, r, node, true::@extschema@.uuid6_sql_seal) END
              & -4294967296) | (8035390::bigint << 8) | tag, true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION @extschema@.uuid6_sql_tagged_key(bigint, integer, bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the tagged key of a tick of the v7 sequence, a node id (-1: none), 64 random bits and a checked tag (SQL-standard body, inlined)';

-- The generator. The tag is checked before a tick is drawn, so that a
-- refused call takes none.
CREATE FUNCTION @extschema@.uuid_generate_v7_tagged(tag integer) RETURNS uuid
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE AS $$
DECLARE
  checked bigint := @extschema@.uuid6_sql_tag($1, true::@extschema@.uuid6_sql_seal);
  t bigint := @extschema@.uuid6_sql_draw(7, true::@extschema@.uuid6_sql_seal);
BEGIN
  IF @extschema@.uuid6_sql_behind(7, t, true::@extschema@.uuid6_sql_seal) THEN
    t := @extschema@.uuid6_sql_lifted(7, t, true::@extschema@.uuid6_sql_seal);
  END IF;
  RETURN @extschema@.uuid6_sql_tagged_key(t, @extschema@.uuid6_sql_node_id(true::@extschema@.uuid6_sql_seal),
                                          @extschema@.uuid6_sql_random(true::@extschema@.uuid6_sql_seal), checked,
                                          true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION @extschema@.uuid_generate_v7_tagged(integer) IS
    'Next UUIDv7 of the cluster''s v7 sequence, as uuid_generate_v7() makes it, carrying the tag (0-255) in its last byte after a 24-bit mark: it sorts with every v7 key in the order they were made, whatever the tags; 22023 for another tag, NULL for NULL';

-- The tag of a UUID's two words: its last byte where it is a v7 of the RFC
-- variant (version nibble 0111, variant 10) carrying the mark, else NULL.
CREATE FUNCTION @extschema@.uuid6_sql_tag_of(hi bigint, lo bigint, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN (hi & 61440) = 28672 AND ((lo >> 62) & 3) = 2 AND ((lo >> 8) & 16777215) = 8035390
                THEN (lo & 255)::integer END;
COMMENT ON FUNCTION @extschema@.uuid6_sql_tag_of(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the tag of a tagged key''s two 64-bit words, NULL for any other UUID (SQL-standard body, inlined)';

CREATE FUNCTION @extschema@.uuid_extract_tag(uuid) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- Qualified calls with exact argument types only (see 12_time.sql).
DECLARE
  hi bigint := @extschema@.uuid6_sql_word($1, 0, true::@extschema@.uuid6_sql_seal);
  lo bigint := @extschema@.uuid6_sql_word($1, 8, true::@extschema@.uuid6_sql_seal);
BEGIN
  RETURN @extschema@.uuid6_sql_tag_of(hi, lo, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION @extschema@.uuid_extract_tag(uuid) IS
    'The tag (0-255) of a key made by uuid_generate_v7_tagged: the last byte of a v7 that carries the tag mark; NULL for any other UUID (a v7 made otherwise carries the mark by chance once in 2^24)';

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_edition_version() RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN '1.6';

SET LOCAL search_path = @extschema@, pg_temp;
