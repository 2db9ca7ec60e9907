-- The ULID text form: uuid_to_ulid(uuid) and uuid_from_ulid(text). Bounds,
-- vectors, the timestamp where ULID readers look for it, either case, round
-- trips, text order equal to uuid order, every class of bad input with its
-- SQLSTATE, NULL, and markings.
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
\set VERBOSITY default
\set SHOW_CONTEXT never

-- Bounds: 128 zero bits, and 128 one bits (the first character holds only
-- the top 3 bits, so it is at most 7).
SELECT uuid_to_ulid('00000000-0000-0000-0000-000000000000') AS all_zero,
       uuid_to_ulid('ffffffff-ffff-ffff-ffff-ffffffffffff') AS all_one;
SELECT uuid_from_ulid('00000000000000000000000000') AS all_zero,
       uuid_from_ulid('7ZZZZZZZZZZZZZZZZZZZZZZZZZ') AS all_one;
SELECT uuid_to_ulid('00000000-0000-0000-0000-000000000001') AS last_bit,
       uuid_to_ulid('80000000-0000-0000-0000-000000000000') AS first_bit;

-- The pg_uuidv7 vector (2023-01-02 04:26:40.637 UTC), and the ULID
-- specification's own example, whose first 10 characters are 1469918176385 ms.
SELECT uuid_to_ulid('018570bb-4a7d-7000-8000-000000000000') AS vector_ulid,
       uuid_from_ulid('01GNRBPJKXE008000000000000') AS vector_uuid;
SELECT u AS spec_example,
       ('x' || left(replace(u::text, '-', ''), 12))::bit(48)::bigint AS first_48_bits,
       uuid_to_ulid(u) AS back
FROM (SELECT uuid_from_ulid('01ARYZ6S41TSV4RRFFQ69G5FAV') AS u) AS t;

-- Any case reads; output is upper case.
SELECT uuid_from_ulid('01gnrbpjkxe008000000000000') AS lower,
       uuid_from_ulid('01GnRbPjKxE008000000000000') AS mixed,
       uuid_to_ulid(uuid_from_ulid('01arz3ndektsv4rrffq69g5fav')) AS upper_again;

-- Every character of the alphabet in the last place, in order.
SELECT string_agg(right(uuid_to_ulid(('00000000-0000-0000-0000-0000000000'
                                      || lpad(to_hex(n), 2, '0'))::uuid), 1), '' ORDER BY n) AS alphabet
FROM generate_series(0, 31) AS n;

-- A v7's first 10 characters are its Unix milliseconds in base 32, read
-- here by hand as any ULID library would read them.
CREATE TEMP TABLE ulid_keys AS
SELECT uuid_generate_v7() AS v7, uuid_generate_v6() AS v6, uuid_generate_v8() AS v8,
       gen_random_uuid() AS v4
FROM generate_series(1, 5000);
SELECT count(*) AS v7_keys,
       count(*) FILTER (WHERE ms <> (extract(epoch FROM uuid_v7_to_timestamptz(v7)) * 1000)::bigint)
           AS ms_differs
FROM ulid_keys,
     LATERAL (SELECT sum((strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ',
                                 substr(uuid_to_ulid(v7), i, 1)) - 1)::bigint
                         * (32::bigint ^ (10 - i))::bigint) AS ms
              FROM generate_series(1, 10) AS i) AS decoded;

-- Round trips over generated values of every kind, in either case; every
-- text 26 characters of the alphabet, first one 0-7.
SELECT count(*) AS values,
       count(*) FILTER (WHERE uuid_from_ulid(uuid_to_ulid(u)) <> u) AS upper_differs,
       count(*) FILTER (WHERE uuid_from_ulid(lower(uuid_to_ulid(u))) <> u) AS lower_differs,
       count(*) FILTER (WHERE uuid_to_ulid(u) !~ '^[0-7][0-9A-HJKMNP-TV-Z]{25}$') AS malformed
FROM (SELECT v7 FROM ulid_keys UNION ALL SELECT v6 FROM ulid_keys
      UNION ALL SELECT v8 FROM ulid_keys UNION ALL SELECT v4 FROM ulid_keys) AS t(u);

-- The text sorts exactly like the uuid, byte-wise (COLLATE "C"), over
-- random values and over keys that share long prefixes.
SELECT array_agg(u ORDER BY u) = array_agg(u ORDER BY uuid_to_ulid(u) COLLATE "C") AS random_same_order,
       array_agg(u ORDER BY u) = array_agg(u ORDER BY uuid_to_ulid(u) COLLATE "C" DESC) AS reversed
FROM (SELECT v4 FROM ulid_keys) AS t(u);
SELECT array_agg(u ORDER BY u) = array_agg(u ORDER BY uuid_to_ulid(u) COLLATE "C") AS v7_same_order,
       count(DISTINCT uuid_to_ulid(u)) = count(*) AS all_distinct
FROM (SELECT v7 FROM ulid_keys) AS t(u);
SELECT array_agg(u ORDER BY u) = array_agg(u ORDER BY uuid_to_ulid(u) COLLATE "C") AS near_same_order
FROM (SELECT ('018570bb-4a7d-7000-8000-0000000000' || lpad(to_hex(n), 2, '0'))::uuid
      FROM generate_series(0, 255) AS n
      UNION ALL
      SELECT ('018570bb-4a7d-7000-8000-' || lpad(to_hex(n), 2, '0') || '0000000000')::uuid
      FROM generate_series(0, 255) AS n) AS t(u);
DROP TABLE ulid_keys;

-- Bad input, each class with its SQLSTATE (22P02): wrong length (empty,
-- 25, 27, the uuid's own text form), a character outside the alphabet
-- (Crockford's I, L, O and U, punctuation, a space), and a first character
-- above 7 (more than 128 bits).
SELECT uuid_from_ulid('');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_ulid('01GNRBPJKXE00800000000000');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_ulid('01GNRBPJKXE0080000000000000');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_ulid('018570bb-4a7d-7000-8000-000000000000');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_ulid('01GNRBPJKXE00800000000000I');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_ulid('01GNRBPJKXE0080000000000l0');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_ulid('O1GNRBPJKXE008000000000000');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_ulid('01GNRBPJKXE00800000000000u');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_ulid('01GNRBPJKX-E00800000000000');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_ulid('01GNRBPJKX E00800000000000');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_ulid('80000000000000000000000000');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_ulid('ZZZZZZZZZZZZZZZZZZZZZZZZZZ');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_ulid('8IIIIIIIIIIIIIIIIIIIIIIIII');
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- Characters beyond ASCII. The message depends on the database encoding
-- (one character or several bytes), so only the SQLSTATE is shown, and
-- that a text of 26 characters is never called the wrong length.
DO $$
DECLARE
  input text;
  state text;
  detail text;
BEGIN
  FOREACH input IN ARRAY ARRAY[repeat(chr(233), 26), '01GNRBPJKXE00800000000000' || chr(233),
                               chr(233) || '1GNRBPJKXE00800000000000'] LOOP
    BEGIN
      PERFORM uuid_from_ulid(input);
      RAISE NOTICE 'accepted';
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, detail = PG_EXCEPTION_DETAIL;
      RAISE NOTICE 'SQLSTATE %, length blamed: %', state,
        detail = 'A ULID has 26 characters, not 26.';
    END;
  END LOOP;
END
$$;

-- NULL in, NULL out.
SELECT uuid_to_ulid(NULL) IS NULL AS to_null, uuid_from_ulid(NULL) IS NULL AS from_null;

-- Markings: IMMUTABLE STRICT PARALLEL SAFE, with a comment.
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel,
       obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented
FROM pg_proc p
WHERE p.proname IN ('uuid_to_ulid', 'uuid_from_ulid')
ORDER BY p.oid::regprocedure::text COLLATE "C";
