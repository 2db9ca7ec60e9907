-- The v4 facade of a v7 as only the C library has it (facade_bytea.sql has
-- the bytea overloads both editions share): the setting refused from every
-- statement (it is taken from the configuration file only), with messages
-- that never quote the key, NULL, markings, the setting hidden from other
-- roles, parallel workers, and a facade looked up through the primary key.
\set VERBOSITY default
\set SHOW_CONTEXT never

-- No key, so no fingerprint. (This call also loads the library, so that
-- every SET below is checked, preloaded or not.)
SELECT uuid6_facade_key_id() IS NULL AS no_key;
SELECT uuid_v7_to_facade('017f22e2-79b0-7cc3-98c4-dc0c0c07398f');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_facade_to_v7('e4b98970-eb53-4cc3-98c4-dc0c0c07398f');
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- The key is accepted from the server's configuration file only (the TAP
-- test 014_facade_key.pl sets it there): SET, set_config(), ALTER SYSTEM,
-- ALTER DATABASE and ALTER ROLE ... SET are refused, well-formed value or
-- not, with messages that never quote it, and no key comes into force.
SET uuid6.facade_key = '000102030405060708090a0b0c0d0e0f';
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SET uuid6.facade_key = 'secret-but-malformed 0123456789';
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SET LOCAL uuid6.facade_key = '000102030405060708090a0b0c0d0e0f';
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT set_config('uuid6.facade_key', '000102030405060708090a0b0c0d0e0f', false);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
ALTER SYSTEM SET uuid6.facade_key = '000102030405060708090a0b0c0d0e0f';
\echo SQLSTATE :LAST_ERROR_SQLSTATE
DO $$ BEGIN
  EXECUTE format('ALTER DATABASE %I SET uuid6.facade_key = %L', current_database(),
                 '000102030405060708090a0b0c0d0e0f');
END $$;
\echo SQLSTATE :LAST_ERROR_SQLSTATE
DO $$ BEGIN
  EXECUTE format('ALTER ROLE %I IN DATABASE %I SET uuid6.facade_key = %L', current_user,
                 current_database(), '000102030405060708090a0b0c0d0e0f');
END $$;
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid6_facade_key_id() IS NULL AS still_no_key,
       (SELECT count(*) FROM pg_db_role_setting
        WHERE array_to_string(setconfig, ' ') LIKE '%facade_key%') AS stored_settings;

-- NULL in, NULL out, without a key (facade_bytea.sql: with one).
SELECT uuid_v7_to_facade(NULL) IS NULL AS a, uuid_facade_to_v7(NULL) IS NULL AS b;

-- Markings: the setting's forms STABLE, the bytea forms IMMUTABLE, all STRICT
-- PARALLEL SAFE; the fingerprint STABLE; every one with a comment.
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel,
       obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented
FROM pg_proc p
WHERE p.proname IN ('uuid_v7_to_facade', 'uuid_facade_to_v7', 'uuid6_facade_key_id')
ORDER BY p.oid::regprocedure::text COLLATE "C";
-- A generated column cannot use the setting's forms (facade_bytea.sql: the
-- bytea form can).
CREATE TEMP TABLE facade_generated_stable (
    id uuid PRIMARY KEY,
    facade uuid GENERATED ALWAYS AS (uuid_v7_to_facade(id)) STORED);
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- The setting is hidden from other roles: SHOW, current_setting() (even
-- with missing_ok) and pg_settings; they cannot set it. pg_settings leaves
-- it out for everyone, as does SHOW ALL, and those who may look (a
-- superuser, a member of pg_read_all_settings) see only the fingerprint
-- (here: no key, so nothing; 014_facade_key.pl shows the fingerprint).
CREATE ROLE regress_facade_app;
SELECT count(*) AS in_pg_settings FROM pg_settings WHERE name = 'uuid6.facade_key';
SHOW uuid6.facade_key;
SELECT current_setting('uuid6.facade_key') AS current_setting;
SET ROLE regress_facade_app;
-- (The wording of "permission denied to examine" differs between
-- PostgreSQL majors; the SQLSTATE does not.)
\set VERBOSITY sqlstate
SHOW uuid6.facade_key;
SELECT current_setting('uuid6.facade_key');
SELECT current_setting('uuid6.facade_key', true);
\set VERBOSITY default
SELECT count(*) AS in_pg_settings FROM pg_settings WHERE name LIKE 'uuid6.%key%';
SET uuid6.facade_key = '000102030405060708090a0b0c0d0e0f';
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT set_config('uuid6.facade_key', 'not a key', false);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
RESET ROLE;
-- A role granted SET on the parameter cannot set it either.
GRANT SET ON PARAMETER uuid6.facade_key TO regress_facade_app;
SET ROLE regress_facade_app;
SET uuid6.facade_key = '000102030405060708090a0b0c0d0e0f';
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid6_facade_key_id() IS NULL AS no_key;
RESET ROLE;
REVOKE SET ON PARAMETER uuid6.facade_key FROM regress_facade_app;
DROP ROLE regress_facade_app;

-- Parallel workers run the bytea forms (014_facade_key.pl: the setting's).
CREATE TABLE facade_parallel AS
SELECT uuid_generate_v7() AS v7 FROM generate_series(1, 20000);
ANALYZE facade_parallel;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
SET parallel_leader_participation = off;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM facade_parallel
WHERE uuid_facade_to_v7(uuid_v7_to_facade(v7, '\x00112233445566778899aabbccddeeff'),
                        '\x00112233445566778899aabbccddeeff') = v7;
SELECT count(*) FROM facade_parallel
WHERE uuid_facade_to_v7(uuid_v7_to_facade(v7, '\x00112233445566778899aabbccddeeff'),
                        '\x00112233445566778899aabbccddeeff') = v7;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;
RESET parallel_leader_participation;
DROP TABLE facade_parallel;

-- A facade from outside finds its row through the primary-key index.
CREATE TABLE facade_events (id uuid PRIMARY KEY, kind text NOT NULL);
INSERT INTO facade_events
SELECT uuid_generate_v7(), 'event ' || n FROM generate_series(1, 1000) AS n;
INSERT INTO facade_events VALUES ('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', 'the vector');
ANALYZE facade_events;
SET enable_seqscan = off;
EXPLAIN (COSTS OFF)
SELECT kind FROM facade_events
WHERE id = uuid_facade_to_v7('e4b98970-eb53-4cc3-98c4-dc0c0c07398f', '\x000102030405060708090a0b0c0d0e0f');
SELECT kind FROM facade_events
WHERE id = uuid_facade_to_v7('e4b98970-eb53-4cc3-98c4-dc0c0c07398f', '\x000102030405060708090a0b0c0d0e0f');
RESET enable_seqscan;
DROP TABLE facade_events;
