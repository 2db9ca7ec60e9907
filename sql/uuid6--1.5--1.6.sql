-- uuid6 1.5 -> 1.6. Every SQL change from 1.5 on goes here; make builds the
-- 1.6 install script as the 1.0 script followed by the upgrade steps, so a
-- fresh install and an update run the same statements.
\echo Use "ALTER EXTENSION uuid6 UPDATE TO '1.6'" to load this file. \quit

-- Keys are covered by the database's lease before the transaction that
-- stores them commits. PostgreSQL lets no parallel worker write, and the
-- leader only once parallel mode has ended: so the generators whose keys the
-- lease covers run in the leader alone, which covers what it made before
-- its transaction commits (a worker could not).
ALTER FUNCTION uuid_generate_v6() PARALLEL RESTRICTED;
ALTER FUNCTION uuid_generate_v7() PARALLEL RESTRICTED;
ALTER FUNCTION uuid_generate_v8() PARALLEL RESTRICTED;
ALTER FUNCTION uuid_generate_v8_spread(integer) PARALLEL RESTRICTED;

-- The commit horizon: a key below which no transaction of this database that
-- took keys of the version is still in progress (docs/reading-in-order.md).
CREATE FUNCTION uuid6_commit_horizon(version integer DEFAULT 7) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuid6_commit_horizon' LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION uuid6_commit_horizon(integer) IS
    'The least key of the version (6, 7 or 8) below which every transaction of this database that took a key of it has ended, and above which every later key lies: read rows below it in a statement after this call, and none that commits later is skipped';

CREATE FUNCTION uuid6_commit_horizon_holders(
    OUT version integer, OUT pid integer, OUT prepared_gid text, OUT since timestamptz,
    OUT holds_below uuid)
    RETURNS SETOF record
    AS 'MODULE_PATHNAME', 'uuid6_commit_horizon_holders' LANGUAGE C VOLATILE PARALLEL RESTRICTED ROWS 10;
COMMENT ON FUNCTION uuid6_commit_horizon_holders() IS
    'What holds this database''s commit horizon back: each session whose open transaction took a key (pid, when its first key was taken) and each prepared transaction (gid), per version, with the key below which it holds the horizon';

-- ---------------------------------------------------------------------------
-- The base32hex text form (src/core/base32hex.hpp): PostgreSQL 19's
-- encode(uuid_send(id), 'base32hex') without its padding, on every server.
-- ---------------------------------------------------------------------------
CREATE FUNCTION uuid_to_base32hex(uuid) RETURNS text
    AS 'MODULE_PATHNAME', 'uuid_to_base32hex' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_to_base32hex(uuid) IS
    'The UUID in base32hex (RFC 4648): 26 upper-case characters of 0-9 and A-V that sort like the UUID, as PostgreSQL 19''s encode(id::bytea, ''base32hex'') without its padding';

CREATE FUNCTION uuid_from_base32hex(text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuid_from_base32hex' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_from_base32hex(text) IS
    'The UUID of a base32hex text: 26 characters in either case, optionally followed by "======"; a wrong length, a character outside the alphabet, a last character with bits beyond 128 or other padding is an error (22P02)';

-- ---------------------------------------------------------------------------
-- TypeIDs (src/core/typeid.hpp): a type prefix, "_" and the UUID in 26
-- lower-case characters of Crockford's base32.
-- ---------------------------------------------------------------------------
CREATE FUNCTION uuid_to_typeid(prefix text, id uuid) RETURNS text
    AS 'MODULE_PATHNAME', 'uuid_to_typeid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_to_typeid(text, uuid) IS
    'The UUID as a TypeID: the prefix (at most 63 of a-z and "_", starting and ending with a letter), "_" and 26 lower-case Crockford base32 characters; the suffix alone for the prefix ''''; another prefix is an error (22023)';

CREATE FUNCTION uuid_from_typeid(typeid text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuid_from_typeid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_from_typeid(text) IS
    'The UUID of a TypeID of any prefix; a text that breaks a rule of the TypeID specification (prefix, separator, suffix length, alphabet, lower case, 128 bits) is an error (22P02) naming it';

CREATE FUNCTION uuid_from_typeid(typeid text, expected_prefix text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuid_from_typeid_expecting' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_from_typeid(text, text) IS
    'The UUID of a TypeID whose prefix is expected_prefix ('''' for none); a malformed TypeID or one of another prefix is an error (22P02), an expected prefix no TypeID can have 22023';

-- ---------------------------------------------------------------------------
-- min(uuid) and max(uuid), where PostgreSQL has none: it adds them in
-- version 20. The aggregates are made only when pg_catalog has no min(uuid)
-- when this script runs, so that CREATE EXTENSION and ALTER EXTENSION UPDATE
-- decide alike (the install script is this one after the earlier steps), and
-- a dump restored into PostgreSQL 20 makes none beside core's. SORTOP lets
-- the planner answer min(id) and max(id) from a btree index on id, as it
-- does core's; the transition function combines partial results too, so
-- parallel plans aggregate in their workers.
-- ---------------------------------------------------------------------------
CREATE FUNCTION uuid6_smaller(uuid, uuid) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuid6_smaller' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid6_smaller(uuid, uuid) IS
    'uuid6 internal: the smaller of two UUIDs (the first of two equal ones), as the uuid type orders them: the transition and combine function of min(uuid) where PostgreSQL has none';

CREATE FUNCTION uuid6_larger(uuid, uuid) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuid6_larger' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid6_larger(uuid, uuid) IS
    'uuid6 internal: the larger of two UUIDs (the first of two equal ones), as the uuid type orders them: the transition and combine function of max(uuid) where PostgreSQL has none';

DO $uuid6_minmax$
BEGIN
  IF pg_catalog.to_regprocedure('pg_catalog.min(uuid)') IS NULL THEN
    CREATE AGGREGATE min(uuid) (
        SFUNC = uuid6_smaller, STYPE = uuid, COMBINEFUNC = uuid6_smaller,
        SORTOP = OPERATOR(pg_catalog.<), PARALLEL = SAFE);
    COMMENT ON AGGREGATE min(uuid) IS
        'The smallest UUID of the group (NULLs ignored; NULL for none), as core''s min(uuid) from PostgreSQL 20: answered from a btree index on the column where there is one';
  END IF;
  IF pg_catalog.to_regprocedure('pg_catalog.max(uuid)') IS NULL THEN
    CREATE AGGREGATE max(uuid) (
        SFUNC = uuid6_larger, STYPE = uuid, COMBINEFUNC = uuid6_larger,
        SORTOP = OPERATOR(pg_catalog.>), PARALLEL = SAFE);
    COMMENT ON AGGREGATE max(uuid) IS
        'The largest UUID of the group (NULLs ignored; NULL for none), as core''s max(uuid) from PostgreSQL 20: answered from a btree index on the column where there is one';
  END IF;
END
$uuid6_minmax$;

-- ---------------------------------------------------------------------------
-- Tagged keys (src/core/tag.hpp): a v7 of the v7 sequence with a caller's
-- tag, 0-255, in its last byte, after a 24-bit mark, read back by
-- uuid_extract_tag. PARALLEL RESTRICTED as the other generators (above).
-- ---------------------------------------------------------------------------
CREATE FUNCTION uuid_generate_v7_tagged(tag integer) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuid_generate_v7_tagged' LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION uuid_generate_v7_tagged(integer) IS
    'Next UUIDv7 of the cluster''s v7 sequence, as uuid_generate_v7() makes it, carrying the tag (0-255) in its last byte after a 24-bit mark: it sorts with every v7 key in the order they were made, whatever the tags; 22023 for another tag, NULL for NULL';

CREATE FUNCTION uuid_extract_tag(uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'uuid_extract_tag' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_extract_tag(uuid) IS
    'The tag (0-255) of a key made by uuid_generate_v7_tagged: the last byte of a v7 that carries the tag mark; NULL for any other UUID (a v7 made otherwise carries the mark by chance once in 2^24)';
