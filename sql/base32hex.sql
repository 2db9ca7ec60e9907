-- The base32hex text form: uuid_to_base32hex(uuid) and uuid_from_base32hex(text).
-- Vectors written by PostgreSQL 19's encode(id::bytea, 'base32hex'), the 26th
-- character's 3 bits, either case, the optional padding, round trips, text
-- order equal to uuid order, every class of bad input with its SQLSTATE, NULL,
-- and markings. (On PostgreSQL 19 and later, test/t/038_base32hex_core.pl
-- also compares with encode() itself.)
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
\set VERBOSITY default
\set SHOW_CONTEXT never

-- Vectors: each UUID beside the text PostgreSQL 19 writes for it (its
-- first 26 characters; it pads them with "======").
SELECT u, uuid_to_base32hex(u) AS base32hex, uuid_to_base32hex(u) = b AS as_postgres_19,
       uuid_from_base32hex(b) = u AS read_back, uuid_from_base32hex(b || '======') = u AS padded_read_back
FROM (VALUES ('00000000-0000-0000-0000-000000000000'::uuid, '00000000000000000000000000'),
             ('ffffffff-ffff-ffff-ffff-ffffffffffff', 'VVVVVVVVVVVVVVVVVVVVVVVVVS'),
             ('00000000-0000-0000-0000-000000000001', '00000000000000000000000004'),
             ('00000000-0000-0000-0000-000000000004', '0000000000000000000000000G'),
             ('00000000-0000-0000-0000-000000000008', '00000000000000000000000010'),
             ('80000000-0000-0000-0000-000000000000', 'G0000000000000000000000000'),
             ('018570bb-4a7d-7000-8000-000000000000', '062N1EQAFLO010000000000000'),
             ('01234567-89ab-cdef-0123-456789abcdef', '04HKAPS9LF6UU0938LJOJAUDTS'),
             ('f81d4fae-7dec-11d0-a765-00a0c91e6bf6', 'V0EKVBJTTG8T19R502GCI7JBUO')) AS v(u, b);

-- The 26th character is the UUID's last 3 bits over 2 zero bits: one of
-- 0 4 8 C G K O S, in order.
SELECT string_agg(right(uuid_to_base32hex(('00000000-0000-0000-0000-00000000000' || n)::uuid), 1), ''
                  ORDER BY n) AS last_characters
FROM generate_series(0, 7) AS n;

-- Any case reads, with or without the padding; output is upper case.
SELECT uuid_from_base32hex('v0ekvbjttg8t19r502gci7jbuo') AS lower,
       uuid_from_base32hex('V0ekVBjtTG8t19R502gcI7jbUo======') AS mixed_padded,
       uuid_to_base32hex(uuid_from_base32hex('062n1eqaflo010000000000000')) AS upper_again;
-- Each of the eight last characters in lower case, alone and padded.
SELECT count(*) AS values,
       count(*) FILTER (WHERE uuid_from_base32hex(lower(uuid_to_base32hex(u))) = u) AS lower_read,
       count(*) FILTER (WHERE uuid_from_base32hex(lower(uuid_to_base32hex(u)) || '======') = u) AS lower_padded_read
FROM (SELECT ('ffffffff-ffff-ffff-ffff-fffffffffff' || n)::uuid FROM generate_series(0, 7) AS n) AS t(u);

-- Round trips over generated values of every kind, in either case and
-- padded; every text 26 characters of the alphabet, the last one of the
-- eight.
CREATE TEMP TABLE base32hex_keys AS
SELECT uuid_generate_v7() AS v7, uuid_generate_v6() AS v6, uuid_generate_v8() AS v8,
       gen_random_uuid() AS v4
FROM generate_series(1, 5000);
SELECT count(*) AS values,
       count(*) FILTER (WHERE uuid_from_base32hex(uuid_to_base32hex(u)) <> u) AS upper_differs,
       count(*) FILTER (WHERE uuid_from_base32hex(lower(uuid_to_base32hex(u))) <> u) AS lower_differs,
       count(*) FILTER (WHERE uuid_from_base32hex(uuid_to_base32hex(u) || '======') <> u) AS padded_differs,
       count(*) FILTER (WHERE uuid_to_base32hex(u) COLLATE "C" !~ '^[0-9A-V]{25}[048CGKOS]$') AS malformed
FROM (SELECT v7 FROM base32hex_keys UNION ALL SELECT v6 FROM base32hex_keys
      UNION ALL SELECT v8 FROM base32hex_keys UNION ALL SELECT v4 FROM base32hex_keys) AS t(u);

-- The text sorts exactly like the uuid, byte-wise (COLLATE "C"), over
-- random values, over v7 keys, and over keys that differ in their last bits
-- only (where the 26th character decides).
SELECT array_agg(u ORDER BY u) = array_agg(u ORDER BY uuid_to_base32hex(u) COLLATE "C") AS random_same_order,
       array_agg(u ORDER BY u) = array_agg(u ORDER BY uuid_to_base32hex(u) COLLATE "C" DESC) AS reversed
FROM (SELECT v4 FROM base32hex_keys) AS t(u);
SELECT array_agg(u ORDER BY u) = array_agg(u ORDER BY uuid_to_base32hex(u) COLLATE "C") AS v7_same_order,
       count(DISTINCT uuid_to_base32hex(u)) = count(*) AS all_distinct
FROM (SELECT v7 FROM base32hex_keys) AS t(u);
SELECT array_agg(u ORDER BY u) = array_agg(u ORDER BY uuid_to_base32hex(u) COLLATE "C") AS near_same_order
FROM (SELECT ('018570bb-4a7d-7000-8000-0000000000' || lpad(to_hex(n), 2, '0'))::uuid
      FROM generate_series(0, 255) AS n
      UNION ALL
      SELECT ('018570bb-4a7d-7000-8000-' || lpad(to_hex(n), 2, '0') || '0000000000')::uuid
      FROM generate_series(0, 255) AS n) AS t(u);
DROP TABLE base32hex_keys;

-- Bad input, each class with its SQLSTATE (22P02): wrong length (empty, 25,
-- 27, padding too short or too long, the uuid's own text form); a character
-- outside the alphabet (W to Z, "=" among the 26, punctuation, a space); a
-- last character with bits beyond 128; padding that is not "======".
SELECT uuid_from_base32hex('');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_base32hex('062N1EQAFLO01000000000000');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_base32hex('062N1EQAFLO0100000000000000');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_base32hex('062N1EQAFLO010000000000000=====');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_base32hex('062N1EQAFLO010000000000000=======');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_base32hex('018570bb-4a7d-7000-8000-000000000000');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_base32hex('062N1EQAFLO01000000000000W');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_base32hex('Z62N1EQAFLO010000000000000');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_base32hex('062N1EQAFLO0x0000000000000');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_base32hex('062N1EQAFL=010000000000000');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_base32hex('062N1EQAFL-010000000000000');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_base32hex('062N1EQAFL 010000000000000');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_base32hex('0000000000000000000000000V');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_base32hex('00000000000000000000000001======');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_base32hex('VVVVVVVVVVVVVVVVVVVVVVVVVV');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_base32hex('062N1EQAFLO010000000000000=====0');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_base32hex('062N1EQAFLO010000000000000 =====');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_base32hex('062N1EQAFLO010000000000000000000');
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- Characters beyond ASCII. The message depends on the database encoding
-- (one character or several bytes), so only the SQLSTATE is shown, and
-- that a text of 26 or 32 characters is never called the wrong length.
DO $$
DECLARE
  input text;
  state text;
  detail text;
BEGIN
  FOREACH input IN ARRAY ARRAY[repeat(chr(233), 26), '062N1EQAFLO01000000000000' || chr(233),
                               chr(233) || '62N1EQAFLO010000000000000',
                               '062N1EQAFLO010000000000000=====' || chr(233),
                               repeat(chr(233), 32)] LOOP
    BEGIN
      PERFORM uuid_from_base32hex(input);
      RAISE NOTICE 'accepted';
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, detail = PG_EXCEPTION_DETAIL;
      RAISE NOTICE 'SQLSTATE %, length blamed: %', state, detail LIKE 'A UUID in base32hex has %';
    END;
  END LOOP;
END
$$;

-- NULL in, NULL out.
SELECT uuid_to_base32hex(NULL) IS NULL AS to_null, uuid_from_base32hex(NULL) IS NULL AS from_null;

-- Markings: IMMUTABLE STRICT PARALLEL SAFE, with a comment.
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel,
       obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented
FROM pg_proc p
WHERE p.proname IN ('uuid_to_base32hex', 'uuid_from_base32hex')
ORDER BY p.oid::regprocedure::text COLLATE "C";
