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
