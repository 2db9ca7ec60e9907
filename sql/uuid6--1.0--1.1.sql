-- uuid6 1.0 -> 1.1. The 1.1 install script is this file appended to
-- uuid6--1.0.sql (see the Makefile), so an update and a fresh install run
-- the same statements.

\echo Use "ALTER EXTENSION uuid6 UPDATE TO '1.1'" to load this file. \quit

-- ---------------------------------------------------------------------------
-- pg_uuidv7 1.6 API, for moving off that extension without touching queries.
-- Its uuid_generate_v7() is already ours (the cluster-wide sequence).
-- Differences, all documented in the README: anything but a v7 reads as NULL
-- (pg_uuidv7 reads any UUID's first 48 bits), an instant before 1970 or
-- infinity is an error (22008) instead of a wrapped value, and with zero =
-- false rand_a holds the sub-millisecond fraction, as in uuid_generate_v7(),
-- instead of random bits. The extractors read only their argument, so they
-- are IMMUTABLE (pg_uuidv7 says STABLE) and can be indexed.

CREATE FUNCTION uuid_v7_to_timestamptz(uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'uuid_v7_to_timestamptz' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v7_to_timestamptz(uuid) IS
    'pg_uuidv7 API: the Unix milliseconds of a UUIDv7 as timestamptz; NULL for other versions';

CREATE FUNCTION uuid_v7_to_timestamp(uuid) RETURNS timestamp
    AS 'MODULE_PATHNAME', 'uuid_v7_to_timestamp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v7_to_timestamp(uuid) IS
    'pg_uuidv7 API: the Unix milliseconds of a UUIDv7 as a timestamp in UTC, whatever the session TimeZone; NULL for other versions';

-- The generating pair is SQL with a standard body: it is bound to the
-- functions it calls when created (no search_path at run time, and it
-- follows ALTER EXTENSION ... SET SCHEMA), and the planner inlines it. With a
-- constant zero, the CASE then folds away: zero = true becomes uuid_v7_floor
-- (IMMUTABLE, so "id >= uuid_timestamptz_to_v7(now() - interval '1 day',
-- true)" is an index condition), zero = false becomes uuid_generate_v7(at).
-- Because one branch draws random bits the function is VOLATILE; it is not
-- STRICT because a STRICT SQL function with a CASE body is never inlined,
-- yet NULL in still gives NULL out: both branches are STRICT and a NULL zero
-- matches neither.

CREATE FUNCTION uuid_timestamptz_to_v7(ts timestamptz, zero boolean DEFAULT false) RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL SAFE
    RETURN CASE WHEN zero THEN uuid_v7_floor(ts) WHEN NOT zero THEN uuid_generate_v7(ts) END;
COMMENT ON FUNCTION uuid_timestamptz_to_v7(timestamptz, boolean) IS
    'pg_uuidv7 API: a UUIDv7 for the instant; zero = true gives its millisecond''s floor (uuid_v7_floor), false a value with random low bits (uuid_generate_v7(at))';

-- A timestamp without time zone is taken as UTC: AT TIME ZONE 'UTC' is
-- exact and does not depend on the session's TimeZone.
CREATE FUNCTION uuid_timestamp_to_v7(ts timestamp, zero boolean DEFAULT false) RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL SAFE
    RETURN CASE WHEN zero THEN uuid_v7_floor(ts AT TIME ZONE 'UTC')
                WHEN NOT zero THEN uuid_generate_v7(ts AT TIME ZONE 'UTC') END;
COMMENT ON FUNCTION uuid_timestamp_to_v7(timestamp, boolean) IS
    'pg_uuidv7 API: a UUIDv7 for the timestamp read as UTC; zero = true gives its millisecond''s floor, false a value with random low bits';

-- ---------------------------------------------------------------------------
-- ULID text form: the same 128 bits in 26 characters of Crockford's base32,
-- sorting like the uuid; a v7's ULID carries its milliseconds where every
-- ULID library reads them.

CREATE FUNCTION uuid_to_ulid(uuid) RETURNS text
    AS 'MODULE_PATHNAME', 'uuid_to_ulid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_to_ulid(uuid) IS
    'The UUID as a ULID: 26 upper-case Crockford base32 characters that sort like the UUID';

CREATE FUNCTION uuid_from_ulid(text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuid_from_ulid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_from_ulid(text) IS
    'The UUID of a ULID, read in either case; a wrong length, a character outside the alphabet or a value above 128 bits is an error (22P02)';

-- ---------------------------------------------------------------------------
-- Hardening: the v6 node id moves to octets 11-12, after the multicast bit
-- every random v6 node now carries (RFC 9562 section 6.10), and decoded
-- times are rounded down, never later than the instant a value was made.

COMMENT ON FUNCTION uuid_extract_node(uuid) IS
    'The 16 node bits of a v6 (bits 88-103, octets 11-12) or of a v7 or v8 (bits 74-89): the generating cluster''s uuid6.node_id when it had one set, random bits otherwise; NULL for other versions and variants';

COMMENT ON FUNCTION uuid_extract_time(uuid, boolean) IS
    'As uuid_extract_time(uuid); with sub_ms true a v7 also reads rand_a as the RFC 9562 Method 3 sub-millisecond fraction, rounded down to the microsecond';

COMMENT ON FUNCTION uuid_extract_time_draft(uuid) IS
    'Creation time of a v7 in the pre-RFC draft layout, read precision-blind as 36-bit seconds plus a binary fraction, truncated to the microsecond; NULL for other versions';
-- ---------------------------------------------------------------------------
-- Durability: a state file keeps every sequence above the values it handed
-- out across restarts and crashes; uuid6_advance lifts a sequence above keys
-- made elsewhere; uuid6_status says what was restored.

DROP FUNCTION uuid6_status();
CREATE FUNCTION uuid6_status(
    OUT mode text, OUT node_id integer, OUT version integer, OUT generated bigint,
    OUT clock_regressions bigint, OUT largest_regression_us bigint, OUT ahead_of_clock_us bigint,
    OUT restored_from text, OUT restored_until timestamptz, OUT state_saved_at timestamptz,
    OUT persisted_until timestamptz)
    RETURNS SETOF record
    AS 'MODULE_PATHNAME', 'uuid6_status' LANGUAGE C VOLATILE PARALLEL SAFE ROWS 3;
COMMENT ON FUNCTION uuid6_status() IS
    'Where the sequences live (shared_preload, dsm_registry or lazy_shmem), uuid6.node_id, and per version: values generated, clock regressions seen, the largest one, how far the sequence is ahead of the clock, what the state file gave when the shared state was created (restored_from, the time the restored sequence stood at, when that file was saved) and the time up to which the state file now covers the sequence';

CREATE FUNCTION uuid6_advance(uuid) RETURNS void
    AS 'MODULE_PATHNAME', 'uuid6_advance' LANGUAGE C VOLATILE STRICT;
COMMENT ON FUNCTION uuid6_advance(uuid) IS
    'Lifts the cluster-wide sequence of the UUID''s version (6, 7 or 8) so that every later value is greater, and saves that in the state file before returning; refuses a UUID more than one day ahead of the clock. Not executable by PUBLIC';
REVOKE EXECUTE ON FUNCTION uuid6_advance(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION uuid6_advance(uuid) TO @extowner@ WITH GRANT OPTION;
