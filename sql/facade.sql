-- The v4 facade of a v7: uuidv47's interop vectors through the bytea
-- overloads, the setting refused from every statement (it is taken from the
-- configuration file only), round trips, what passes through, every error
-- with its SQLSTATE (and never the key in a message), NULL, markings, the
-- setting hidden from other roles, parallel workers, and a facade looked up
-- through the primary key.
\set VERBOSITY default
\set SHOW_CONTEXT never

-- No key, so no fingerprint. (This call also loads the library, so that
-- every SET below is checked, preloaded or not.)
SELECT uuid6_facade_key_id() IS NULL AS no_key;
SELECT uuid_v7_to_facade('017f22e2-79b0-7cc3-98c4-dc0c0c07398f');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_facade_to_v7('e4b98970-eb53-4cc3-98c4-dc0c0c07398f');
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- uuidv47's reference values, with the key given as 16 bytes.
SELECT uuid_v7_to_facade('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', '\x000102030405060708090a0b0c0d0e0f') AS facade_1,
       uuid_facade_to_v7('e4b98970-eb53-4cc3-98c4-dc0c0c07398f', '\x000102030405060708090a0b0c0d0e0f') AS v7_1,
       uuid_v7_to_facade('018570bb-4a7d-7000-8000-000000000000', '\x00112233445566778899aabbccddeeff') AS facade_2,
       uuid_facade_to_v7('0eed01e4-129e-4000-8000-000000000000', '\x00112233445566778899aabbccddeeff') AS v7_2;

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

-- Round trips over generated keys: every facade is a v4 of the RFC variant,
-- differs from its v7 only in the first 12 hex digits and the version, and
-- comes back exactly; another key gives other facades and another v7 back.
CREATE TEMP TABLE facade_keys AS
SELECT uuid_generate_v7() AS v7 FROM generate_series(1, 10000);
SELECT count(*) AS keys,
       count(*) FILTER (WHERE uuid_facade_to_v7(f, '\x00112233445566778899aabbccddeeff') = v7) AS round_trips,
       count(*) FILTER (WHERE substr(f::text, 15, 1) = '4' AND substr(f::text, 20, 1) IN ('8', '9', 'a', 'b'))
           AS v4_rfc,
       count(*) FILTER (WHERE substr(f::text, 16) = substr(v7::text, 16)) AS rest_kept,
       count(DISTINCT f) AS distinct_facades,
       count(*) FILTER (WHERE f = uuid_v7_to_facade(v7, '\x00112233445566778899aabbccddeefe')) AS same_other_key,
       count(*) FILTER (WHERE uuid_facade_to_v7(f, '\x00112233445566778899aabbccddeefe') = v7) AS other_key_back
FROM (SELECT v7, uuid_v7_to_facade(v7, '\x00112233445566778899aabbccddeeff') AS f FROM facade_keys) AS t;
-- Keys made in one millisecond do not give facades in one place: the first
-- 12 hex digits of consecutive facades share no prefix worth the name.
SELECT count(*) FILTER (WHERE left(f::text, 4) = left(prev::text, 4)) < 100 AS scattered
FROM (SELECT f, lag(f) OVER (ORDER BY v7) AS prev
      FROM (SELECT v7, uuid_v7_to_facade(v7, '\x00112233445566778899aabbccddeeff') AS f
            FROM facade_keys) AS k) AS t;

-- Errors, each with its SQLSTATE: the wrong version (named), another
-- variant, and a key that is not 16 bytes (its length named, never its bytes).
SELECT uuid_v7_to_facade('e4b98970-eb53-4cc3-98c4-dc0c0c07398f', '\x00112233445566778899aabbccddeeff');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_v7_to_facade('1ec9414c-232a-6b00-b3c8-9f6bdeced846', '\x00112233445566778899aabbccddeeff');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_facade_to_v7('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', '\x00112233445566778899aabbccddeeff');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_facade_to_v7('e4b98970-eb53-4cc3-c8c4-dc0c0c07398f', '\x00112233445566778899aabbccddeeff');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_v7_to_facade('00000000-0000-0000-0000-000000000000', '\x000102030405060708090a0b0c0d0e0f');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_facade_to_v7('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', '\x000102030405060708090a0b0c0d0e0f');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_v7_to_facade('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', '\x000102030405060708090a0b0c0d0e');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_facade_to_v7('e4b98970-eb53-4cc3-98c4-dc0c0c07398f', '\x000102030405060708090a0b0c0d0e0f10');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_facade_to_v7('e4b98970-eb53-4cc3-98c4-dc0c0c07398f', '');
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- NULL in, NULL out, with or without a key.
SELECT uuid_v7_to_facade(NULL) IS NULL AS a, uuid_facade_to_v7(NULL) IS NULL AS b,
       uuid_v7_to_facade(NULL, '\x000102030405060708090a0b0c0d0e0f') IS NULL AS c,
       uuid_facade_to_v7(NULL, '\x000102030405060708090a0b0c0d0e0f') IS NULL AS d,
       uuid_v7_to_facade('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', NULL) IS NULL AS e,
       uuid_facade_to_v7('e4b98970-eb53-4cc3-98c4-dc0c0c07398f', NULL) IS NULL AS f;

-- Markings: the setting's forms STABLE, the bytea forms IMMUTABLE, all STRICT
-- PARALLEL SAFE; the fingerprint STABLE; every one with a comment.
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel,
       obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented
FROM pg_proc p
WHERE p.proname IN ('uuid_v7_to_facade', 'uuid_facade_to_v7', 'uuid6_facade_key_id')
ORDER BY p.oid::regprocedure::text COLLATE "C";
-- So a generated column can use the bytea form and not the setting's.
CREATE TEMP TABLE facade_generated (
    id uuid PRIMARY KEY,
    facade uuid GENERATED ALWAYS AS (uuid_v7_to_facade(id, '\x000102030405060708090a0b0c0d0e0f')) STORED);
INSERT INTO facade_generated (id) VALUES ('017f22e2-79b0-7cc3-98c4-dc0c0c07398f');
SELECT facade FROM facade_generated;
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
