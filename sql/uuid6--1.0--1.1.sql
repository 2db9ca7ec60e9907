-- uuid6 1.0 -> 1.1. The 1.1 install script is this file appended to
-- uuid6--1.0.sql (see the Makefile), so an update and a fresh install run
-- the same statements.

\echo Use "ALTER EXTENSION uuid6 UPDATE TO '1.1'" to load this file. \quit

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
