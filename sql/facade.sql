-- The v4 facade of a v7 with its key in the setting uuid6.facade_key (the C
-- library's; facade_bytea.sql has the bytea overloads both editions share):
-- both key forms of the setting, round trips, what passes through, every
-- error with its SQLSTATE (and never the key in a message), NULL, markings,
-- the setting hidden from other roles, ALTER DATABASE ... SET, parallel
-- workers, and a facade looked up through the primary key.
\set VERBOSITY default
\set SHOW_CONTEXT never

-- No key yet, so no fingerprint. (This call also loads the library, so that
-- every SET below is checked, preloaded or not.)
SELECT uuid6_facade_key_id() IS NULL AS no_key;
SELECT uuid_v7_to_facade('017f22e2-79b0-7cc3-98c4-dc0c0c07398f');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_facade_to_v7('e4b98970-eb53-4cc3-98c4-dc0c0c07398f');
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- The same from the setting, in both of its forms.
SET uuid6.facade_key = '000102030405060708090a0b0c0d0e0f';
SELECT uuid_v7_to_facade('017f22e2-79b0-7cc3-98c4-dc0c0c07398f') AS facade_1,
       uuid_facade_to_v7('e4b98970-eb53-4cc3-98c4-dc0c0c07398f') AS v7_1,
       uuid6_facade_key_id() AS key_id_1;
SET uuid6.facade_key = '0011223344556677:8899aabbccddeeff';
SELECT uuid_v7_to_facade('018570bb-4a7d-7000-8000-000000000000') AS facade_2,
       uuid_facade_to_v7('0eed01e4-129e-4000-8000-000000000000') AS v7_2,
       uuid6_facade_key_id() AS key_id_2;

-- Every form uuid47 accepts names the same key: one fingerprint.
CREATE FUNCTION pg_temp.key_id_after(setting text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('uuid6.facade_key', setting, false);
  RETURN uuid6_facade_key_id();
END $$;
SELECT pg_temp.key_id_after(form) AS key_id, count(*) AS forms
FROM (VALUES ('00112233445566778899aabbccddeeff'), ('00112233445566778899AABBCCDDEEFF'),
             ('0x00112233445566778899aabbccddeeff'), ('0011223344556677:8899aabbccddeeff'),
             ('0x0011223344556677:0X8899aabbccddeeff'),
             (E' 0011 2233 4455 6677 : 8899 aabb ccdd eeff\t\n')) AS f(form)
GROUP BY 1;

-- A malformed value is refused when it is set, with a message that does not
-- quote it, and the key in force stays.
SET uuid6.facade_key = 'secret-but-malformed 0123456789';
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT set_config('uuid6.facade_key', '00112233445566778899aabbccddeef', false);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT set_config('uuid6.facade_key', '0011223344556677:8899aabbccddeeff:00', false);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid6_facade_key_id() AS key_id_still;
-- The empty string is no key.
SET uuid6.facade_key = '';
SELECT uuid6_facade_key_id() IS NULL AS no_key, current_setting('uuid6.facade_key') = '' AS shown_empty;
SELECT uuid_facade_to_v7('0eed01e4-129e-4000-8000-000000000000');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SET uuid6.facade_key = '00112233445566778899aabbccddeeff';

-- Round trips over generated keys: every facade is a v4 of the RFC variant,
-- differs from its v7 only in the first 12 hex digits and the version, and
-- comes back exactly; another key gives other facades and another v7 back.
CREATE TEMP TABLE facade_keys AS
SELECT uuid_generate_v7() AS v7 FROM generate_series(1, 10000);
SELECT count(*) AS keys,
       count(*) FILTER (WHERE uuid_facade_to_v7(f) = v7) AS round_trips,
       count(*) FILTER (WHERE substr(f::text, 15, 1) = '4' AND substr(f::text, 20, 1) IN ('8', '9', 'a', 'b'))
           AS v4_rfc,
       count(*) FILTER (WHERE substr(f::text, 16) = substr(v7::text, 16)) AS rest_kept,
       count(DISTINCT f) AS distinct_facades,
       count(*) FILTER (WHERE f = uuid_v7_to_facade(v7, '\x00112233445566778899aabbccddeeff')) AS same_as_bytea,
       count(*) FILTER (WHERE f = uuid_v7_to_facade(v7, '\x00112233445566778899aabbccddeefe')) AS same_other_key,
       count(*) FILTER (WHERE uuid_facade_to_v7(f, '\x00112233445566778899aabbccddeefe') = v7) AS other_key_back
FROM (SELECT v7, uuid_v7_to_facade(v7) AS f FROM facade_keys) AS t;
-- Keys made in one millisecond do not give facades in one place: the first
-- 12 hex digits of consecutive facades share no prefix worth the name.
SELECT count(*) FILTER (WHERE left(f::text, 4) = left(prev::text, 4)) < 100 AS scattered
FROM (SELECT uuid_v7_to_facade(v7) AS f, lag(uuid_v7_to_facade(v7)) OVER (ORDER BY v7) AS prev
      FROM facade_keys) AS t;

-- Errors, each with its SQLSTATE: the wrong version (named), another
-- variant, and a key that is not 16 bytes (its length named, never its bytes).
SELECT uuid_v7_to_facade('e4b98970-eb53-4cc3-98c4-dc0c0c07398f');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_v7_to_facade('1ec9414c-232a-6b00-b3c8-9f6bdeced846');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_facade_to_v7('017f22e2-79b0-7cc3-98c4-dc0c0c07398f');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_facade_to_v7('e4b98970-eb53-4cc3-c8c4-dc0c0c07398f');
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- NULL in, NULL out (facade_bytea.sql: the same with a key).
SELECT uuid_v7_to_facade(NULL) IS NULL AS a, uuid_facade_to_v7(NULL) IS NULL AS b;

-- Markings: the setting's forms STABLE, the bytea forms IMMUTABLE, all STRICT
-- PARALLEL SAFE; the fingerprint STABLE; every one with a comment.
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel,
       obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented
FROM pg_proc p
WHERE p.proname IN ('uuid_v7_to_facade', 'uuid_facade_to_v7', 'uuid6_facade_key_id')
ORDER BY p.oid::regprocedure::text COLLATE "C";
-- So a generated column cannot use the setting's form (facade_bytea.sql: the
-- bytea form can).
CREATE TEMP TABLE facade_generated_stable (
    id uuid PRIMARY KEY,
    facade uuid GENERATED ALWAYS AS (uuid_v7_to_facade(id)) STORED);
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- The setting is hidden from other roles: SHOW, current_setting() (even
-- with missing_ok) and pg_settings; they cannot set it, yet they can use it.
-- pg_settings leaves it out for everyone, as does SHOW ALL, and those who
-- may look (a superuser, a member of pg_read_all_settings) see only the
-- fingerprint.
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
SELECT uuid_v7_to_facade('018570bb-4a7d-7000-8000-000000000000') AS facade_2,
       uuid6_facade_key_id() AS key_id_2;
RESET ROLE;
GRANT pg_read_all_settings TO regress_facade_app;
SET ROLE regress_facade_app;
SHOW uuid6.facade_key;
SELECT current_setting('uuid6.facade_key', true) AS current_setting;
RESET ROLE;
REVOKE pg_read_all_settings FROM regress_facade_app;
-- A role granted SET on the parameter may set it, and still not read it.
GRANT SET ON PARAMETER uuid6.facade_key TO regress_facade_app;
SET ROLE regress_facade_app;
SET uuid6.facade_key = '000102030405060708090a0b0c0d0e0f';
SELECT uuid6_facade_key_id() AS key_id_1;
\set VERBOSITY sqlstate
SHOW uuid6.facade_key;
\set VERBOSITY default
RESET ROLE;
REVOKE SET ON PARAMETER uuid6.facade_key FROM regress_facade_app;
DROP ROLE regress_facade_app;

-- ALTER DATABASE ... SET: checked when set, in force in the next session
-- (where, without preloading, it waits as a placeholder until the library
-- loads).
DO $$ BEGIN
  EXECUTE format('ALTER DATABASE %I SET uuid6.facade_key = %L', current_database(), 'k0:k1 malformed');
END $$;
\echo SQLSTATE :LAST_ERROR_SQLSTATE
DO $$ BEGIN
  EXECUTE format('ALTER DATABASE %I SET uuid6.facade_key = %L', current_database(),
                 '000102030405060708090a0b0c0d0e0f');
END $$;
\c -
\set VERBOSITY default
\set SHOW_CONTEXT never
SELECT uuid6_facade_key_id() AS key_id_1,
       uuid_facade_to_v7('e4b98970-eb53-4cc3-98c4-dc0c0c07398f') AS v7_1;
DO $$ BEGIN
  EXECUTE format('ALTER DATABASE %I RESET uuid6.facade_key', current_database());
END $$;

-- Parallel workers use the session's key.
SET uuid6.facade_key = '00112233445566778899aabbccddeeff';
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
WHERE uuid_facade_to_v7(uuid_v7_to_facade(v7)) = v7
  AND uuid_v7_to_facade(v7) = uuid_v7_to_facade(v7, '\x00112233445566778899aabbccddeeff');
SELECT count(*) FROM facade_parallel
WHERE uuid_facade_to_v7(uuid_v7_to_facade(v7)) = v7
  AND uuid_v7_to_facade(v7) = uuid_v7_to_facade(v7, '\x00112233445566778899aabbccddeeff');
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
SET uuid6.facade_key = '000102030405060708090a0b0c0d0e0f';
SET enable_seqscan = off;
EXPLAIN (COSTS OFF)
SELECT kind FROM facade_events WHERE id = uuid_facade_to_v7('e4b98970-eb53-4cc3-98c4-dc0c0c07398f');
SELECT kind FROM facade_events WHERE id = uuid_facade_to_v7('e4b98970-eb53-4cc3-98c4-dc0c0c07398f');
RESET enable_seqscan;
DROP TABLE facade_events;
RESET uuid6.facade_key;
