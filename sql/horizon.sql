-- uuid6_commit_horizon(version) and uuid6_commit_horizon_holders(), within one
-- session (the concurrency is test/t/037_commit_horizon.pl's): an open
-- transaction's keys hold the horizon at or below them, and it lists the
-- session; once committed, nothing of it does; every key made after a call
-- lies at or above the horizon the call returned; bad input.
SELECT uuid6_commit_horizon(NULL) IS NULL AS null_in_null_out;
\set VERBOSITY terse
SELECT uuid6_commit_horizon(4);
SELECT uuid6_commit_horizon(9);
\set VERBOSITY default
SELECT (uuid_inspect(uuid6_commit_horizon(6))).version AS v6,
       (uuid_inspect(uuid6_commit_horizon())).version AS v7,
       (uuid_inspect(uuid6_commit_horizon(8))).version AS v8;

BEGIN;
CREATE TEMP TABLE open_keys AS
SELECT uuid_generate_v6() AS v6, uuid_generate_v7() AS v7, uuid_generate_v8() AS v8;
SELECT uuid6_commit_horizon(6) <= v6 AS v6_held, uuid6_commit_horizon(7) <= v7 AS v7_held,
       uuid6_commit_horizon(8) <= v8 AS v8_held
FROM open_keys;
SELECT version, pid = pg_backend_pid() AS this_session, prepared_gid, since <= clock_timestamp() AS since_past,
       holds_below <= (SELECT CASE version WHEN 6 THEN v6 WHEN 7 THEN v7 ELSE v8 END FROM open_keys) AS below_its_key
FROM uuid6_commit_horizon_holders() ORDER BY version;
COMMIT;
SELECT count(*) AS holders_after_commit FROM uuid6_commit_horizon_holders() WHERE pid = pg_backend_pid();

-- A key made after a call lies at or above the horizon it returned.
CREATE TEMP TABLE horizons AS SELECT uuid6_commit_horizon() AS h;
SELECT uuid_generate_v7() >= (SELECT h FROM horizons) AS later_key_above;
-- A transaction that made no key holds nothing.
BEGIN;
SELECT count(*) AS holders_without_keys FROM uuid6_commit_horizon_holders() WHERE pid = pg_backend_pid();
COMMIT;
