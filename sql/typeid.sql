-- TypeIDs: uuid_to_typeid(prefix, id), uuid_from_typeid(typeid) and
-- uuid_from_typeid(typeid, expected_prefix). The example strings of the
-- TypeID specification (version 0.3: its spec/valid.yml and spec/invalid.yml)
-- as data, every invalid one refused with the rule it breaks; prefixes given
-- to the encoder; the expected prefix; round trips and order; NULL; markings.
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
\set VERBOSITY default
\set SHOW_CONTEXT never

-- The specification's valid examples: each TypeID with its prefix and UUID.
-- Read back to the UUID, with its prefix expected; written again from the
-- prefix and the UUID to the same text.
CREATE TEMP TABLE typeid_valid (name text, typeid text, prefix text, id uuid);
INSERT INTO typeid_valid VALUES
  ('nil', '00000000000000000000000000', '', '00000000-0000-0000-0000-000000000000'),
  ('one', '00000000000000000000000001', '', '00000000-0000-0000-0000-000000000001'),
  ('ten', '0000000000000000000000000a', '', '00000000-0000-0000-0000-00000000000a'),
  ('sixteen', '0000000000000000000000000g', '', '00000000-0000-0000-0000-000000000010'),
  ('thirty-two', '00000000000000000000000010', '', '00000000-0000-0000-0000-000000000020'),
  ('max-valid', '7zzzzzzzzzzzzzzzzzzzzzzzzz', '', 'ffffffff-ffff-ffff-ffff-ffffffffffff'),
  ('valid-alphabet', 'prefix_0123456789abcdefghjkmnpqrs', 'prefix', '0110c853-1d09-52d8-d73e-1194e95b5f19'),
  ('valid-uuidv7', 'prefix_01h455vb4pex5vsknk084sn02q', 'prefix', '01890a5d-ac96-774b-bcce-b302099a8057'),
  ('prefix-underscore', 'pre_fix_00000000000000000000000000', 'pre_fix', '00000000-0000-0000-0000-000000000000');
SELECT name, uuid_from_typeid(typeid) AS id, uuid_from_typeid(typeid) = id AS decoded,
       uuid_from_typeid(typeid, prefix) = id AS with_its_prefix, uuid_to_typeid(prefix, id) = typeid AS encoded
FROM typeid_valid ORDER BY name COLLATE "C";

-- The specification's own table of prefixes: the empty one (no separator),
-- underscores inside, a single letter, and the longest, 63 letters.
SELECT p AS prefix, uuid_to_typeid(p, '01890a5d-ac96-774b-bcce-b302099a8057') AS typeid,
       uuid_from_typeid(uuid_to_typeid(p, '01890a5d-ac96-774b-bcce-b302099a8057'), p) AS back
FROM unnest(ARRAY['', 'user', 'my_type', 'a_b_c', 'my__type', 'a',
                  'abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijk']) WITH ORDINALITY AS t(p, o)
ORDER BY o;

-- The specification's invalid examples, each refused (22P02) with a detail
-- naming the rule it breaks: the prefix's characters (upper case, digits, a
-- period, a letter beyond ASCII, spaces), its length (64), a separator
-- without a prefix, the suffix's length (25, 27, 28), its characters (a
-- space, upper case, hyphens, i, l, o and u), its first character (above 7:
-- more than 128 bits), a prefix starting or ending with "_", the empty text
-- and an empty suffix. (The letter beyond ASCII is written with chr(), and
-- its error is shown without the text, which the database encoding decides.)
SELECT uuid_from_typeid('PREFIX_00000000000000000000000000');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_typeid('12345_00000000000000000000000000');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_typeid('pre.fix_00000000000000000000000000');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
DO $$
DECLARE
  detail text;
BEGIN
  PERFORM uuid_from_typeid('pr' || chr(233) || 'fix_00000000000000000000000000');
EXCEPTION WHEN OTHERS THEN
  GET STACKED DIAGNOSTICS detail = PG_EXCEPTION_DETAIL;
  RAISE NOTICE 'prefix-non-ascii: SQLSTATE %: %', SQLSTATE, detail;
END
$$;
SELECT uuid_from_typeid('  prefix_00000000000000000000000000');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_typeid('abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl_00000000000000000000000000');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_typeid('_00000000000000000000000000');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_typeid('_');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_typeid('prefix_1234567890123456789012345');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_typeid('prefix_123456789012345678901234567');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_typeid('prefix_1234567890123456789012345 ');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_typeid('prefix_0123456789ABCDEFGHJKMNPQRS');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_typeid('prefix_123456789-123456789-123456');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_typeid('prefix_ooooooiiiiiiuuuuuuulllllll');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_typeid('prefix_i23456789ol23456789oi23456');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_typeid('prefix_123456789-0123456789-0123456');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_typeid('prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_typeid('_prefix_00000000000000000000000000');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_typeid('prefix__00000000000000000000000000');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_typeid('');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_typeid('prefix_');
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- More of the same rules: a ULID in upper case (valid as a ULID, not as a
-- TypeID), a UUID's own text, a suffix too short without a prefix, the
-- first wrong character named where there are several.
SELECT uuid_from_typeid('01H455VB4PEX5VSKNK084SN02Q');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_typeid('01890a5d-ac96-774b-bcce-b302099a8057');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_typeid('01h455vb4pex5vsknk084sn02');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_typeid('user_9zzzzzzzzzzzzzzzzzzzzzzzzU');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_typeid('user_0zzzzzzzzzzzzzzzzzzzzzzzzU');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_typeid('User_9zzzzzzzzzzzzzzzzzzzzzzzzU');
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- Characters beyond ASCII in the suffix and the prefix. The message depends
-- on the database encoding, so only the SQLSTATE is shown, and whether a
-- length was blamed (a suffix of 26 characters never is).
DO $$
DECLARE
  input text;
  state text;
  detail text;
BEGIN
  FOREACH input IN ARRAY ARRAY['user_' || repeat(chr(233), 26), 'user_01h455vb4pex5vsknk084sn0' || chr(233),
                               chr(233) || '1h455vb4pex5vsknk084sn02q', 'us' || chr(233) || 'r_01h455vb4pex5vsknk084sn02q',
                               'user_01h455vb4pex5vsknk084sn02q' || chr(233)] LOOP
    BEGIN
      PERFORM uuid_from_typeid(input);
      RAISE NOTICE 'accepted';
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, detail = PG_EXCEPTION_DETAIL;
      RAISE NOTICE 'SQLSTATE %, length blamed: %', state, detail LIKE '% characters%';
    END;
  END LOOP;
END
$$;

-- The encoder's prefix: the same rules, for an argument (22023).
SELECT uuid_to_typeid('User', '01890a5d-ac96-774b-bcce-b302099a8057');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_to_typeid('user1', '01890a5d-ac96-774b-bcce-b302099a8057');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_to_typeid('_user', '01890a5d-ac96-774b-bcce-b302099a8057');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_to_typeid('user_', '01890a5d-ac96-774b-bcce-b302099a8057');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_to_typeid('_', '01890a5d-ac96-774b-bcce-b302099a8057');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_to_typeid(repeat('a', 64), '01890a5d-ac96-774b-bcce-b302099a8057');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_to_typeid('user order', '01890a5d-ac96-774b-bcce-b302099a8057');
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- The expected prefix: the TypeID's own is accepted; another, a missing
-- one or an unexpected one is 22P02; an expected prefix no TypeID can have
-- is the caller's mistake (22023), reported before the input is read.
SELECT uuid_from_typeid('user_01h455vb4pex5vsknk084sn02q', 'user') AS user_prefix,
       uuid_from_typeid('01h455vb4pex5vsknk084sn02q', '') AS no_prefix,
       uuid_from_typeid('my__type_01h455vb4pex5vsknk084sn02q', 'my__type') AS underscores;
SELECT uuid_from_typeid('user_01h455vb4pex5vsknk084sn02q', 'order');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_typeid('user_01h455vb4pex5vsknk084sn02q', 'use');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_typeid('user_01h455vb4pex5vsknk084sn02q', '');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_typeid('01h455vb4pex5vsknk084sn02q', 'user');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_typeid('user_01h455vb4pex5vsknk084sn02q', 'User');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_typeid('USER_01h455vb4pex5vsknk084sn02q', 'user_');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_from_typeid('USER_01h455vb4pex5vsknk084sn02q', 'user');
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- Round trips over generated keys of every kind, with and without a prefix;
-- the suffix is the ULID text in lower case; within a prefix the text sorts
-- like the uuid (COLLATE "C").
CREATE TEMP TABLE typeid_keys AS
SELECT uuid_generate_v7() AS v7, gen_random_uuid() AS v4 FROM generate_series(1, 5000);
SELECT count(*) AS values,
       count(*) FILTER (WHERE uuid_from_typeid(uuid_to_typeid('user', u)) <> u) AS prefixed_differs,
       count(*) FILTER (WHERE uuid_from_typeid(uuid_to_typeid('user', u), 'user') <> u) AS expected_differs,
       count(*) FILTER (WHERE uuid_from_typeid(uuid_to_typeid('', u)) <> u) AS bare_differs,
       count(*) FILTER (WHERE right(uuid_to_typeid('user', u), 26) <> lower(uuid_to_ulid(u))) AS not_lower_ulid,
       count(*) FILTER (WHERE uuid_to_typeid('user', u) COLLATE "C" !~ '^user_[0-7][0-9a-hjkmnp-tv-z]{25}$') AS malformed
FROM (SELECT v7 FROM typeid_keys UNION ALL SELECT v4 FROM typeid_keys) AS t(u);
SELECT array_agg(u ORDER BY u) = array_agg(u ORDER BY uuid_to_typeid('user', u) COLLATE "C") AS same_order
FROM (SELECT v4 FROM typeid_keys) AS t(u);
DROP TABLE typeid_keys, typeid_valid;

-- NULL in, NULL out.
SELECT uuid_to_typeid(NULL, gen_random_uuid()) IS NULL AS null_prefix,
       uuid_to_typeid('user', NULL) IS NULL AS null_id,
       uuid_from_typeid(NULL) IS NULL AS null_typeid,
       uuid_from_typeid(NULL, 'user') IS NULL AS null_typeid_expecting,
       uuid_from_typeid('user_01h455vb4pex5vsknk084sn02q', NULL) IS NULL AS null_expected;

-- Markings: IMMUTABLE STRICT PARALLEL SAFE, with a comment.
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel,
       obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented
FROM pg_proc p
WHERE p.proname IN ('uuid_to_typeid', 'uuid_from_typeid')
ORDER BY p.oid::regprocedure::text COLLATE "C";
