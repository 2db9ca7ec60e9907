-- The v4 facade of a v7 with the key given as bytea, as both editions (the C
-- library and the SQL one) have it: uuidv47's interop vectors, round trips,
-- every error with its SQLSTATE (the key's length named, never its bytes),
-- NULL, markings, and a generated column.
\set VERBOSITY default
\set SHOW_CONTEXT never

-- uuidv47's reference values, with the key given as 16 bytes.
SELECT uuid_v7_to_facade('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', '\x000102030405060708090a0b0c0d0e0f') AS facade_1,
       uuid_facade_to_v7('e4b98970-eb53-4cc3-98c4-dc0c0c07398f', '\x000102030405060708090a0b0c0d0e0f') AS v7_1,
       uuid_v7_to_facade('018570bb-4a7d-7000-8000-000000000000', '\x00112233445566778899aabbccddeeff') AS facade_2,
       uuid_facade_to_v7('0eed01e4-129e-4000-8000-000000000000', '\x00112233445566778899aabbccddeeff') AS v7_2;

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
DROP TABLE facade_keys;

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

-- NULL in, NULL out, for either argument.
SELECT uuid_v7_to_facade(NULL, '\x000102030405060708090a0b0c0d0e0f') IS NULL AS c,
       uuid_facade_to_v7(NULL, '\x000102030405060708090a0b0c0d0e0f') IS NULL AS d,
       uuid_v7_to_facade('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', NULL) IS NULL AS e,
       uuid_facade_to_v7('e4b98970-eb53-4cc3-98c4-dc0c0c07398f', NULL) IS NULL AS f;

-- Markings: IMMUTABLE STRICT PARALLEL SAFE, with a comment.
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel,
       obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented
FROM pg_proc p
WHERE p.proname IN ('uuid_v7_to_facade', 'uuid_facade_to_v7') AND p.pronargs = 2
ORDER BY p.oid::regprocedure::text COLLATE "C";

-- So a generated column can use the bytea form and not the setting's.
CREATE TEMP TABLE facade_generated (
    id uuid PRIMARY KEY,
    facade uuid GENERATED ALWAYS AS (uuid_v7_to_facade(id, '\x000102030405060708090a0b0c0d0e0f')) STORED);
INSERT INTO facade_generated (id) VALUES ('017f22e2-79b0-7cc3-98c4-dc0c0c07398f');
SELECT facade FROM facade_generated;
