-- uuid6 1.3 -> 1.4. Every SQL change from 1.3 on goes here; make builds the
-- 1.4 install script as the 1.0 script followed by the upgrade steps, so a
-- fresh install and an update run the same statements.
\echo Use "ALTER EXTENSION uuid6 UPDATE TO '1.4'" to load this file. \quit

-- ---------------------------------------------------------------------------
-- uuid6_status() gains lagging_keys: the keys of the version handed out more
-- than the lag bound behind the clock because a lift's lock was taken. The
-- SQL edition can fall behind that way; this library's sequence never
-- trails the clock, so it says 0. (The library fills as many columns as the
-- declaration has, so 1.0 to 1.3 declarations keep working with it.)
DROP FUNCTION uuid6_status();
CREATE FUNCTION uuid6_status(
    OUT mode text, OUT node_id integer, OUT version integer, OUT generated bigint,
    OUT clock_regressions bigint, OUT largest_regression_us bigint, OUT ahead_of_clock_us bigint,
    OUT restored_from text, OUT restored_until timestamptz, OUT state_saved_at timestamptz,
    OUT persisted_until timestamptz, OUT database_lease text, OUT database_lease_until timestamptz,
    OUT database_lease_written boolean, OUT lagging_keys bigint)
    RETURNS SETOF record
    AS 'MODULE_PATHNAME', 'uuid6_status' LANGUAGE C VOLATILE PARALLEL SAFE ROWS 3;
COMMENT ON FUNCTION uuid6_status() IS
    'Where the sequences live (shared_preload, dsm_registry or lazy_shmem), uuid6.node_id, and per version: values generated, clock regressions seen, the largest one, how far the sequence is ahead of the clock, what the state file gave when the shared state was created (restored_from, the time the restored sequence stood at, when that file was saved), the time up to which the state file now covers the sequence, this database''s lease (its sequence, the time up to which it covers keys made here, and whether this session writes it: false during recovery, in a read-only transaction or in parallel mode, where the state file alone covers new keys), and lagging_keys, always 0 here (the SQL edition counts keys it handed out behind the clock)';
