-- The same inputs through every function both editions have: run by test/edition/run.sh on the
-- C library, the pg_tle edition and the plain script (search_path set to where each is
-- installed), whose outputs must be equal byte for byte. Inputs are made from md5 so that every
-- run sees the same ones: UUIDs of every version under every variant, instants across and beyond
-- each layout's range, keys for the facade, ULID texts good and bad, bytea of every length.
-- An error is shown as its SQLSTATE and message, so the errors must match too.
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
SET extra_float_digits = 0;
\pset format unaligned
\pset tuples_only on
\pset null '<null>'

CREATE FUNCTION pg_temp.try(expr text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  result text;
BEGIN
  EXECUTE 'SELECT (' || expr || ')::text' INTO result;
  RETURN coalesce(result, '<null>');
EXCEPTION WHEN OTHERS THEN
  RETURN 'ERROR ' || SQLSTATE || ' ' || SQLERRM;
END
$$;

-- The same with an error's detail and hint: for the text forms, whose details say what is wrong.
CREATE FUNCTION pg_temp.try_full(expr text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  result text;
  detail text;
  hint text;
BEGIN
  EXECUTE 'SELECT (' || expr || ')::text' INTO result;
  RETURN coalesce(result, '<null>');
EXCEPTION WHEN OTHERS THEN
  GET STACKED DIAGNOSTICS detail = PG_EXCEPTION_DETAIL, hint = PG_EXCEPTION_HINT;
  RETURN 'ERROR ' || SQLSTATE || ' ' || SQLERRM || ' DETAIL ' || detail || ' HINT ' || hint;
END
$$;

-- The declarations: arguments (with defaults), result, volatility, strictness, parallel
-- safety and a comment, for every function of the shared API (the facade with a key in the
-- setting is the C library's alone).
-- The generators that draw from a sequence are PARALLEL UNSAFE in the SQL edition (nextval()
-- is) and PARALLEL SAFE in the C library: their parallel marking is left out (docs/sql-edition.md:
-- "What differs from the C library").
SELECT p.proname || '(' || pg_get_function_arguments(p.oid) || ') -> ' || pg_get_function_result(p.oid)
       || ' ' || p.provolatile::text || p.proisstrict::text
       || CASE WHEN (p.proname IN ('uuid_generate_v6', 'uuid_generate_v7', 'uuid_generate_v8') AND p.pronargs = 0)
                    OR p.proname IN ('uuid_generate_v7_draft', 'uuid6_advance', 'uuid6_status', 'uuid_generate_v8_spread',
                                     'uuid_generate_v7_tagged')
               THEN '' ELSE p.proparallel::text END
       || ' ' || (obj_description(p.oid, 'pg_proc') IS NOT NULL)::text
FROM pg_proc p
WHERE p.pronamespace = current_schema()::regnamespace
  AND p.proname IN ('uuid_generate_v6', 'uuid_generate_v7', 'uuid_generate_v8', 'uuid_extract_time',
                    'uuid_v1_to_v6', 'uuid_v6_to_v1', 'uuid_v7_floor', 'uuid_v6_floor', 'uuid_v8_floor',
                    'uuid_extract_node', 'uuid_inspect', 'uuid_generate_v7_draft',
                    'uuid_extract_time_draft', 'uuid_v7_to_timestamptz', 'uuid_v7_to_timestamp',
                    'uuid_timestamptz_to_v7', 'uuid_timestamp_to_v7', 'uuid_to_ulid', 'uuid_from_ulid',
                    'uuid_to_base32hex', 'uuid_from_base32hex', 'uuid_to_typeid', 'uuid_from_typeid',
                    'uuid6_smaller', 'uuid6_larger', 'min', 'max', 'uuid_generate_v7_tagged', 'uuid_extract_tag',
                    'uuid6_advance', 'uuid_v7_to_facade', 'uuid_facade_to_v7', 'uuid6_status',
                    'uuid_spread_bucket', 'uuid_spread_buckets', 'uuid_generate_v8_spread',
                    'uuid_spread_floor', 'uuid_spread_ranges', 'uuid6_create_spread_partitions')
  AND NOT (p.proname IN ('uuid_v7_to_facade', 'uuid_facade_to_v7') AND p.pronargs = 1)
ORDER BY 1;

-- UUIDs: 600 from md5, each with a version nibble (0-15 in turn) and a variant nibble from all
-- four variants, plus nil and max.
CREATE TEMP TABLE inputs AS
SELECT i, u, decode(md5('key' || i), 'hex') AS k
FROM (SELECT i, overlay(overlay(md5('uuid' || i) PLACING to_hex(i % 16) FROM 13)
                        PLACING substr('89ab89ab89ab01234567cdef', i % 24 + 1, 1) FROM 17)::uuid AS u
      FROM generate_series(1, 600) AS i
      UNION ALL SELECT 601, '00000000-0000-0000-0000-000000000000'
      UNION ALL SELECT 602, 'ffffffff-ffff-ffff-ffff-ffffffffffff') AS s;
-- Spread keys (uuid_generate_v8_spread, SPEC section 6d) read as the v7 they carry: keys made by
-- the C library with 2 to 256 buckets in several buckets, with and without a node id; the edges
-- of the layout; near misses (a mark one bit off, a bucket count out of 1..8, unused bucket bits
-- set, another version or variant), which read as uuid6's own v8 or as their version; a v8 from
-- bytes that carries the mark, which is read as a spread key like any other; then md5 keys with
-- the mark, every bucket-count digit and bucket bytes both clean and not.
INSERT INTO inputs (i, u)
SELECT 602 + o, u::uuid
FROM unnest(ARRAY['0001a208-5459-8012-9d04-3cc46f1a5c31', '8001a208-5459-8372-ba0d-d3c26f1a5c31',
                  '0001a208-5459-86b3-8bdb-ccba2f1a5c32', '4001a208-5459-89ac-9792-064eaf1a5c32',
                  'c001a208-5459-8d2c-9dca-db886f1a5c33', 'e001a208-5459-8ff4-8003-ff772f1a5c33',
                  '8001a208-545a-82da-bb4d-21ae2f1a5c34', '9001a208-545a-8597-bf87-83e3af1a5c34',
                  '2001a208-545b-8b40-81da-728a6f1a5c34', '5001a208-545a-8863-9f01-63ddaf1a5c35',
                  '5801a208-545a-8b49-a990-f7f56f1a5c35', '3001a208-545a-8dd6-9cdb-2ed3ef1a5c36',
                  '3401a208-545b-8029-b751-5cadef1a5c36', '1c01a208-545b-8288-98cb-0e40ef1a5c37',
                  '1e01a208-545b-84c8-9008-53b32f1a5c37', '1001a208-545b-870d-a081-8e3c6f1a5c38',
                  '1101a208-545b-892f-be0c-7b09af1a5c38',
                  '00000000-0000-8000-8000-00002f1a5c31', 'ffffffff-ffff-8fff-bfff-ffffef1a5c38',
                  '80000000-0000-8000-8000-00002f1a5c31', 'ff000000-0000-8fff-bfc0-00002f1a5c38',
                  'fe123456-789a-8bcd-bfff-ffffef1a5c37', '00ffffff-ffff-8fff-bfff-ffffef1a5c31',
                  '01000000-0000-8000-8000-00002f1a5c31', '1f01a208-545b-84c8-9008-53b32f1a5c34',
                  '0001a208-5459-8012-9d04-3cc46f1a5c30', '0001a208-5459-8012-9d04-3cc46f1a5c39',
                  '0001a208-5459-8012-9d04-3cc46f1a5c3f', '0001a208-5459-8012-9d04-3cc46f1a5c21',
                  '0001a208-5459-8012-9d04-3cc46f1a5d31', '0001a208-5459-8012-9d04-3cc46e1a5c31',
                  '0001a208-5459-8012-9d04-3cc4631a5c31', '0001a208-5459-8012-9d04-3cc4671a5c31',
                  '0001a208-5459-8012-9d04-3cc46b1a5c31', '0001a208-5459-8012-9d04-3cc4641a5c31',
                  '0001a208-5459-7012-9d04-3cc46f1a5c31', '0001a208-5459-6012-9d04-3cc46f1a5c31',
                  '0001a208-5459-8012-dd04-3cc46f1a5c31', '0001a208-5459-8012-1d04-3cc46f1a5c31',
                  '0001a208-5459-8012-fd04-3cc46f1a5c31']) WITH ORDINALITY AS s(u, o)
UNION ALL SELECT 700, uuid_generate_v8(decode('1001a20854590123456789ab2f1a5c34', 'hex'))
UNION ALL SELECT 700 + n, overlay(overlay(overlay(overlay(md5('spread' || n)
                   PLACING CASE WHEN n % 3 = 0 THEN substr(md5('byte' || n), 1, 2)
                                ELSE lpad(to_hex((n * 37) % 256 & ~((1 << greatest(0, 8 - n % 12)) - 1)), 2, '0') END
                   FROM 1) PLACING '8' FROM 13) PLACING substr('89ab', n % 4 + 1, 1) FROM 17)
                   PLACING substr('26ae', n % 4 + 1, 1) || 'f1a5c3' || to_hex(n % 12) FROM 25)::uuid
          FROM generate_series(1, 96) AS n;
UPDATE inputs SET k = decode(md5('key' || i), 'hex');

SELECT i, u,
       pg_temp.try(format('uuid_extract_time(%L::uuid)', u)),
       pg_temp.try(format('uuid_extract_time(%L::uuid, true)', u)),
       pg_temp.try(format('uuid_extract_time(%L::uuid, false)', u)),
       pg_temp.try(format('uuid_extract_time(%L::text)', u)),
       pg_temp.try(format('uuid_extract_time(%L)', upper(u::text))),
       pg_temp.try(format('uuid_inspect(%L::uuid)', u)),
       pg_temp.try(format('uuid_v1_to_v6(%L::uuid)', u)),
       pg_temp.try(format('uuid_v6_to_v1(%L::uuid)', u)),
       pg_temp.try(format('uuid_extract_node(%L::uuid)', u)),
       pg_temp.try(format('uuid_to_ulid(%L::uuid)', u)),
       pg_temp.try(format('uuid_from_ulid(lower(uuid_to_ulid(%L::uuid)))', u)),
       pg_temp.try(format('uuid_to_base32hex(%L::uuid)', u)),
       pg_temp.try(format('uuid_from_base32hex(lower(uuid_to_base32hex(%L::uuid)) || %L)', u, '======')),
       pg_temp.try(format('uuid_to_typeid(%L, %L::uuid)', substr('abcdefghijklmnopqrstuvwxyz_', 1, i::integer % 8), u)),
       pg_temp.try(format('uuid_from_typeid(uuid_to_typeid(%L, %L::uuid), %L)', 'a_z', u, 'a_z')),
       pg_temp.try(format('uuid_v7_to_timestamptz(%L::uuid)', u)),
       pg_temp.try(format('uuid_v7_to_timestamp(%L::uuid)', u)),
       pg_temp.try(format('uuid_extract_time_draft(%L::uuid)', u)),
       pg_temp.try(format('uuid_v7_to_facade(%L::uuid, %L::bytea)', u, k)),
       pg_temp.try(format('uuid_facade_to_v7(%L::uuid, %L::bytea)', u, k)),
       pg_temp.try(format('uuid_facade_to_v7(uuid_v7_to_facade(%L::uuid, %L::bytea), %L::bytea) = %L::uuid', u, k, k, u)),
       pg_temp.try(format('uuid_spread_bucket(%L::uuid)', u)),
       pg_temp.try(format('uuid_spread_buckets(%L::uuid)', u)),
       pg_temp.try(format('uuid_extract_tag(%L::uuid)', u)),
       pg_temp.try(format('uuid_extract_tag(overlay(%L::uuid::text PLACING %L FROM 29)::uuid)', u, '7a9c3e'))
FROM inputs ORDER BY i;

-- v7 keys of the right version for the facade: the same facade, and back.
SELECT i, f, uuid_facade_to_v7(f, k) = v
FROM (SELECT i, k, v, uuid_v7_to_facade(v, k) AS f
      FROM (SELECT i, k, overlay(overlay(u::text PLACING '7' FROM 15) PLACING '8' FROM 20)::uuid AS v
            FROM inputs) s) t
ORDER BY i;

-- Instants from before 1582 to past every layout, and the edges.
CREATE TEMP TABLE instants AS
SELECT row_number() OVER (ORDER BY t) AS i, t
FROM (SELECT timestamptz '1500-01-01 00:00:00+00' + n * interval '1234 days 5 hours 6 min 7.891011 s' AS t
      FROM generate_series(0, 900) AS n
      UNION ALL SELECT unnest(ARRAY['1582-10-15 00:00:00+00', '1582-10-14 23:59:59.999999+00',
                                    '1969-12-31 23:59:59.999999+00', '1970-01-01 00:00:00+00',
                                    '2022-02-22 19:22:22.123456+00', '2554-07-21 23:34:33.709551+00',
                                    '2554-07-21 23:34:33.709552+00', '5236-03-31 21:21:00.684697+00',
                                    '5236-03-31 21:21:00.684698+00', '10889-08-02 05:31:50.655999+00',
                                    '10889-08-02 05:31:50.656+00', '294276-12-31 23:59:59.999999+00',
                                    'infinity', '-infinity']::timestamptz[])) AS s;
SELECT i, t,
       pg_temp.try(format('uuid_v7_floor(%L::timestamptz)', t)),
       pg_temp.try(format('uuid_v6_floor(%L::timestamptz)', t)),
       pg_temp.try(format('uuid_v8_floor(%L::timestamptz)', t)),
       pg_temp.try(format('uuid_extract_time(uuid_v8_floor(%L::timestamptz)) = %L::timestamptz', t, t)),
       pg_temp.try(format('uuid_timestamptz_to_v7(%L::timestamptz, true)', t)),
       pg_temp.try(format('uuid_timestamp_to_v7(%L::timestamptz::timestamp, true)', t)),
       pg_temp.try(format('uuid_extract_time(uuid_generate_v6(%L::timestamptz))', t)),
       pg_temp.try(format('uuid_extract_time(uuid_generate_v7(%L::timestamptz), true)', t)),
       pg_temp.try(format('uuid_extract_time(uuid_generate_v8(%L::timestamptz))', t)),
       pg_temp.try(format('uuid_v7_to_timestamptz(uuid_timestamptz_to_v7(%L::timestamptz))', t)),
       pg_temp.try(format('left(uuid_generate_v7(%L::timestamptz)::text, 15) = left(uuid_v7_floor(%L::timestamptz)::text, 15)', t, t)),
       pg_temp.try(format('(SELECT string_agg(x::text, %L) FROM (SELECT (uuid_inspect(g)).version AS x FROM (VALUES (uuid_generate_v6(%L::timestamptz)), (uuid_generate_v7(%L::timestamptz)), (uuid_generate_v8(%L::timestamptz))) AS v(g)) s)', ',', t, t, t))
FROM instants ORDER BY i;

-- uuid_extract_time of text (pg_partman's time decoder): spellings the uuid type reads and
-- text it refuses, as a typed text and as an untyped literal.
SELECT s, pg_temp.try(format('uuid_extract_time(%L::text)', s)), pg_temp.try(format('uuid_extract_time(%L)', s))
FROM unnest(ARRAY['017f22e2-79b0-7cc3-98c4-dc0c0c07398f', '{017f22e2-79b0-7cc3-98c4-dc0c0c07398f}',
                  '017F22E279B07CC398C4DC0C0C07398F', '017f22e2-79b0-7cc3-98c4-dc0c0c07398', '',
                  ' 017f22e2-79b0-7cc3-98c4-dc0c0c07398f', '017f22e2-79b0-7cc3-98c4-dc0c0c07398f0',
                  '1ec9414c-232a-6b00-b3c8-9f6bdeced846', 'not a uuid', '017f22e2-79b0-7cc3-98c4-dc0c0c07398g']) AS s
ORDER BY s COLLATE "C";
SELECT pg_temp.try('uuid_extract_time(NULL)'), pg_temp.try('uuid_extract_time(NULL::text)');

-- uuid_generate_v8(bytea) for every length from 0 to 20 bytes.
SELECT n, pg_temp.try(format('uuid_generate_v8(%L::bytea)', substr(decode(md5('b') || md5('c'), 'hex'), 1, n)))
FROM generate_series(0, 20) AS n ORDER BY n;

-- ULID texts: good ones of every first character, bad lengths, characters and overflows.
SELECT s, pg_temp.try(format('uuid_from_ulid(%L)', s))
FROM unnest(ARRAY['01ARYZ6S41TSV4RRFFQ69G5FAV', '7ZZZZZZZZZZZZZZZZZZZZZZZZZ', '80000000000000000000000000',
                  '01arz3ndektsv4rrffq69g5fav', '01ARYZ6S41TSV4RRFFQ69G5FA', '01ARYZ6S41TSV4RRFFQ69G5FAVV',
                  '01ARYZ6S41TSV4RRFFQ69G5FAI', '01ARYZ6S41TSV4RRFFQ69G5FAL', '01ARYZ6S41TSV4RRFFQ69G5FAO',
                  '01ARYZ6S41TSV4RRFFQ69G5FAU', '01ARYZ6S41-SV4RRFFQ69G5FAV', '', ' 1ARYZ6S41TSV4RRFFQ69G5FAV',
                  'ZZZZZZZZZZZZZZZZZZZZZZZZZZ', '00000000000000000000000000']) AS s
ORDER BY s COLLATE "C";

-- base32hex texts: good ones in either case, with and without the padding, and every way of
-- being wrong (length, a character outside the alphabet, low bits in the last character, padding
-- that is not "======"), in ASCII and beyond it, the first wrong character named.
SELECT s, pg_temp.try_full(format('uuid_from_base32hex(%L)', s))
FROM unnest(ARRAY['V0EKVBJTTG8T19R502GCI7JBUO', 'v0ekvbjttg8t19r502gci7jbuo======', 'VVVVVVVVVVVVVVVVVVVVVVVVVS',
                  '00000000000000000000000000', 'VVVVVVVVVVVVVVVVVVVVVVVVVV', '0000000000000000000000000c',
                  '0000000000000000000000000C======', 'V0EKVBJTTG8T19R502GCI7JBU', 'V0EKVBJTTG8T19R502GCI7JBUO0',
                  'V0EKVBJTTG8T19R502GCI7JBUO=====', 'V0EKVBJTTG8T19R502GCI7JBUO=======', '',
                  'W0EKVBJTTG8T19R502GCI7JBUO', 'V0EKVBJTTG8T19R502GCI7JBUw', 'V0EKVBJTTG=T19R502GCI7JBUO',
                  ' 0EKVBJTTG8T19R502GCI7JBUO', 'V0EKVBJTTG8T19R502GCI7JBU1', 'W0EKVBJTTG8T19R502GCI7JBU1',
                  'V0EKVBJTTG8T19R502GCI7JBUO=====0', 'V0EKVBJTTG8T19R502GCI7JBUO =====',
                  'V0EKVBJTTG8T19R502GCI7JBU1=====0', 'V0EKVBJTTG8T19R502GCI7JBUOxxxxxx',
                  repeat(chr(233), 26), repeat(chr(233), 32), 'V0EKVBJTTG8T19R502GCI7JBU' || chr(233),
                  chr(233) || '0EKVBJTTG8T19R502GCI7JBUO', 'W0EKVBJTTG8T' || chr(233) || '9R502GCI7JBUO',
                  'V0EKVBJTTG8T19R502GCI7JBUO=====' || chr(233), 'V0EKVBJTTG8T19R502GCI7JBUO' || repeat(chr(233), 3),
                  'V0EKVBJTTG8T19R502GCI7J' || chr(233) || 'O', 'V0EKVBJTTG8T19R502GCI7JBU' || chr(233) || '=====',
                  'V0EKVBJTTG8T19R502GCI7JB' || chr(233)]) AS s
ORDER BY s COLLATE "C";

-- TypeIDs: the specification's examples good and bad, and more of every rule (prefix characters,
-- a leading or trailing "_", 63 and 64 characters, the separator alone, the suffix's length,
-- alphabet, case and first character), in ASCII and beyond it; read with no expected prefix, with
-- their own, with another and with one no TypeID can have.
CREATE TEMP TABLE typeids AS
SELECT s FROM unnest(ARRAY[
  '00000000000000000000000000', '7zzzzzzzzzzzzzzzzzzzzzzzzz', 'prefix_0123456789abcdefghjkmnpqrs',
  'prefix_01h455vb4pex5vsknk084sn02q', 'pre_fix_00000000000000000000000000', 'a_01h455vb4pex5vsknk084sn02q',
  'my__type_01h455vb4pex5vsknk084sn02q', repeat('z', 63) || '_01h455vb4pex5vsknk084sn02q',
  repeat('z', 64) || '_01h455vb4pex5vsknk084sn02q', repeat('z', 70) || '__01h455vb4pex5vsknk084sn02q',
  'PREFIX_00000000000000000000000000', '12345_00000000000000000000000000', 'pre.fix_00000000000000000000000000',
  'pr' || chr(233) || 'fix_00000000000000000000000000', '  prefix_00000000000000000000000000',
  '_00000000000000000000000000', '_', '', 'prefix_', '__', 'a__', 'prefix_1234567890123456789012345',
  'prefix_123456789012345678901234567', 'prefix_1234567890123456789012345 ', 'prefix_0123456789ABCDEFGHJKMNPQRS',
  'prefix_123456789-123456789-123456', 'prefix_ooooooiiiiiiuuuuuuulllllll', 'prefix_i23456789ol23456789oi23456',
  'prefix_123456789-0123456789-0123456', 'prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz', '_prefix_00000000000000000000000000',
  'prefix__00000000000000000000000000', '01H455VB4PEX5VSKNK084SN02Q', '01890a5d-ac96-774b-bcce-b302099a8057',
  'user_9zzzzzzzzzzzzzzzzzzzzzzzzU', 'User_9zzzzzzzzzzzzzzzzzzzzzzzzU', 'user_' || repeat(chr(233), 26),
  'user_01h455vb4pex5vsknk084sn0' || chr(233), chr(233) || '1h455vb4pex5vsknk084sn02q',
  'us' || chr(233) || 'r_01h455vb4pex5vsknk084sn02q', 'user_01h455vb4pex5vsknk084sn02q' || chr(233),
  'user_01h455vb4pex5vsknk084sn' || chr(233) || chr(233), 'user_' || chr(233) || '1h455vb4pex5vsknk084sn02',
  'user_01h455vb4pex5vs' || chr(9) || 'nk084sn02q', 'user-01h455vb4pex5vsknk084sn02q']) AS s;
SELECT s, e, pg_temp.try_full(CASE WHEN e IS NULL THEN format('uuid_from_typeid(%L)', s)
                                   ELSE format('uuid_from_typeid(%L, %L)', s, e) END)
FROM typeids, unnest(ARRAY[NULL, '', 'prefix', 'user', 'Prefix', 'prefix_', repeat('z', 64)]) AS e
ORDER BY s COLLATE "C", e COLLATE "C" NULLS FIRST;
SELECT p, pg_temp.try_full(format('uuid_to_typeid(%L, %L::uuid)', p, '01890a5d-ac96-774b-bcce-b302099a8057'))
FROM unnest(ARRAY['', 'a', 'user', 'my__type', repeat('z', 63), repeat('z', 64), 'User', 'user1', '_user',
                  'user_', '_', '__', 'user order', 'us' || chr(233) || 'r', repeat(chr(233), 70),
                  repeat('z', 70) || '_', '_' || repeat('z', 70)]) AS p
ORDER BY p COLLATE "C";
DROP TABLE typeids;

-- min(uuid) and max(uuid) (uuid6's, where PostgreSQL has none) over the inputs, in groups, and
-- their transition functions on each input and the one before it.
SELECT i % 13, min(u), max(u), count(*) FROM inputs GROUP BY 1 ORDER BY 1;
SELECT min(u), max(u) FROM inputs WHERE false;
SELECT i, uuid6_smaller(u, p), uuid6_larger(u, p), uuid6_smaller(p, u), uuid6_larger(p, u)
FROM (SELECT i, u, lag(u) OVER (ORDER BY i) AS p FROM inputs) AS s ORDER BY i;

-- Tagged keys: fresh keys of tags across the range, read back; their layout (a v7 whose last 8 hex
-- digits are the mark and the tag), rising with uuid_generate_v7()'s in turn; refused tags.
SELECT count(*), count(*) FILTER (WHERE uuid_extract_tag(k) = t), count(*) FILTER (WHERE k <= p),
       count(*) FILTER (WHERE right(k::text, 8) <> '7a9c3e' || lpad(to_hex(t), 2, '0') AND t IS NOT NULL),
       bool_and(substr(k::text, 15, 1) = '7' AND substr(k::text, 20, 1) IN ('8', '9', 'a', 'b')),
       bool_and(abs(extract(epoch FROM uuid_extract_time(k) - clock_timestamp())) < 5)
FROM (SELECT t, k, lag(k) OVER (ORDER BY n) AS p
      FROM (SELECT n, t, CASE WHEN t IS NULL THEN uuid_generate_v7() ELSE uuid_generate_v7_tagged(t) END AS k
            FROM (SELECT n, CASE WHEN n % 7 = 0 THEN NULL ELSE (n * 101) % 256 END AS t
                  FROM generate_series(1, 3000) AS n) AS g) AS s) AS r;
SELECT t, pg_temp.try_full(format('uuid_generate_v7_tagged(%s)', t))
FROM unnest(ARRAY[-2147483648, -256, -1, 256, 257, 65535, 2147483647]) AS t ORDER BY t;
SELECT t, pg_temp.try(format('uuid_extract_tag(uuid_generate_v7_tagged(%s))', t))
FROM unnest(ARRAY[0, 1, 15, 16, 127, 128, 200, 254, 255]) AS t ORDER BY t;

-- The draft v7 at each precision, and errors.
SELECT p, pg_temp.try(format('(uuid_inspect(uuid_generate_v7_draft(%L))).version', p)),
       pg_temp.try(format('abs(extract(epoch FROM uuid_extract_time_draft(uuid_generate_v7_draft(%L)) - clock_timestamp())) < 1', p))
FROM unnest(ARRAY['ms', 'us', 'ns', 's', 'MS', '']) AS p ORDER BY p COLLATE "C";

-- The precision under a case-insensitive collation is still compared byte for byte: 'MS' is
-- refused. Only where the server has ICU; the first line says whether it ran.
SELECT 'icu', EXISTS (SELECT FROM pg_collation WHERE collprovider = 'i');
DO $$
BEGIN
  IF EXISTS (SELECT FROM pg_collation WHERE collprovider = 'i') THEN
    CREATE COLLATION pg_temp.ci (provider = icu, locale = 'und-u-ks-level2', deterministic = false);
  END IF;
END
$$;
SELECT p, pg_temp.try(format('(uuid_inspect(uuid_generate_v7_draft(%L COLLATE pg_temp.ci))).version', p))
FROM unnest(ARRAY['ms', 'MS', 'Us', 'nS']) AS p
WHERE EXISTS (SELECT FROM pg_collation WHERE collprovider = 'i')
ORDER BY p COLLATE "C";

-- NULL in, NULL out.
SELECT pg_temp.try(e)
FROM unnest(ARRAY['uuid_extract_time(NULL)', 'uuid_extract_time(NULL, true)', 'uuid_v1_to_v6(NULL)',
                  'uuid_v6_to_v1(NULL)', 'uuid_v7_floor(NULL)', 'uuid_v6_floor(NULL)',
                  'uuid_extract_node(NULL)', 'uuid_inspect(NULL)', 'uuid_to_ulid(NULL)', 'uuid_from_ulid(NULL)',
                  'uuid_to_base32hex(NULL)', 'uuid_from_base32hex(NULL)', 'uuid_to_typeid(NULL, gen_random_uuid())',
                  'uuid_to_typeid(''user'', NULL)', 'uuid_from_typeid(NULL)', 'uuid_from_typeid(NULL, ''user'')',
                  'uuid_from_typeid(''user_01h455vb4pex5vsknk084sn02q'', NULL)',
                  'uuid_generate_v7_tagged(NULL)', 'uuid_extract_tag(NULL)',
                  'uuid_generate_v6(NULL)', 'uuid_generate_v7(NULL)', 'uuid_generate_v8(NULL::timestamptz)',
                  'uuid_generate_v8(NULL::bytea)', 'uuid_v7_to_timestamptz(NULL)', 'uuid_v7_to_timestamp(NULL)',
                  'uuid_timestamptz_to_v7(NULL)', 'uuid_timestamptz_to_v7(now(), NULL)',
                  'uuid_timestamp_to_v7(NULL)', 'uuid_v7_to_facade(NULL, ''\x00'')',
                  'uuid_facade_to_v7(gen_random_uuid(), NULL)', 'uuid_extract_time_draft(NULL)',
                  'uuid_generate_v7_draft(NULL)', 'uuid_spread_bucket(NULL)',
                  'uuid_spread_buckets(NULL)', 'uuid_generate_v8_spread(NULL)',
                  'uuid_spread_floor(NULL, now())', 'uuid_spread_floor(0, NULL)', 'uuid_spread_floor(0, now(), NULL)',
                  '(SELECT count(*) FROM uuid_spread_ranges(NULL, now()))',
                  '(SELECT count(*) FROM uuid_spread_ranges(now(), NULL))',
                  '(SELECT count(*) FROM uuid_spread_ranges(now(), now(), NULL))',
                  'uuid6_create_spread_partitions(NULL)', 'uuid6_create_spread_partitions(NULL, 16)',
                  'uuid6_create_spread_partitions(''pg_class'', NULL)']) WITH ORDINALITY AS e(e, o)
ORDER BY o;

-- Fresh keys: version, variant, time now, strictly rising within the statement.
SELECT v, count(*), count(*) FILTER (WHERE g <= prev),
       bool_and(abs(extract(epoch FROM uuid_extract_time(g) - clock_timestamp())) < 5),
       min((uuid_inspect(g)).version), max((uuid_inspect(g)).version), min((uuid_inspect(g)).variant)
FROM (SELECT v, g, lag(g) OVER (PARTITION BY v ORDER BY n) AS prev
      FROM (SELECT 6 AS v, n, uuid_generate_v6() AS g FROM generate_series(1, 2000) AS n
            UNION ALL SELECT 7, n, uuid_generate_v7() FROM generate_series(1, 2000) AS n
            UNION ALL SELECT 8, n, uuid_generate_v8() FROM generate_series(1, 2000) AS n) s) t
GROUP BY v ORDER BY v;

-- Spread keys (SPEC section 6d, src/core/spread.hpp). uuid_spread_floor at every instant above
-- with each bucket count in turn and a bucket from each end and one inside; then bucket counts,
-- buckets and instants that are refused, in every combination (which error comes first).
SELECT i, b, pg_temp.try(format('uuid_spread_floor(%s, %L::timestamptz, %s)', b, t, n))
FROM instants, LATERAL (SELECT 1 << (1 + i::integer % 8) AS n) c,
     LATERAL (SELECT DISTINCT b FROM unnest(ARRAY[0, (i::integer * 7) % n, n - 1]) AS b) bb
ORDER BY i, b;
SELECT n, b, t, pg_temp.try(format('uuid_spread_floor(%s, %L::timestamptz, %s)', b, t, n))
FROM unnest(ARRAY[-2147483648, -16, 0, 1, 2, 3, 6, 16, 17, 255, 256, 257, 512, 2147483647]) AS n,
     unnest(ARRAY[-2147483648, -1, 0, 1, 15, 16, 255, 256, 2147483647]) AS b,
     unnest(ARRAY['2024-05-06 07:08:09.123456+00', 'infinity', '-infinity', '1969-12-31 23:59:59.999999+00',
                  '10889-08-02 05:31:50.656001+00']::timestamptz[]) AS t
ORDER BY n, b, t;
SELECT b, t, pg_temp.try(format('uuid_spread_floor(%s, %L::timestamptz)', b, t))
FROM unnest(ARRAY[-1, 0, 7, 15, 16]) AS b,
     unnest(ARRAY['1970-01-01 00:00:00+00', '2024-05-06 07:08:09.000001+00', '10889-08-02 05:31:50.655+00',
                  '10889-08-02 05:31:50.655001+00', '10889-08-02 05:31:50.656+00']::timestamptz[]) AS t
ORDER BY b, t;

-- uuid_spread_ranges: every row, for counts good and bad, ranges forward, backward, open and
-- past the layout's end, and with the default count.
SELECT n, s, u, pg_temp.try(format('(SELECT string_agg(format(%L, bucket, lo, hi), %L ORDER BY bucket) FROM uuid_spread_ranges(%L::timestamptz, %L::timestamptz, %s))',
                                   '%s %s %s', ' | ', s, u, n))
FROM unnest(ARRAY[2, 4, 16, 256, 0, 3, -4, 1024]) AS n,
     (VALUES ('2024-01-01 00:00:00+00', '2024-01-02 00:00:00.0005+00'), ('2024-01-02 00:00:00+00', '2024-01-01 00:00:00+00'),
             ('1970-01-01 00:00:00+00', '10889-08-02 05:31:50.656+00'), ('1969-12-31 00:00:00+00', '2024-01-01 00:00:00+00'),
             ('2024-01-01 00:00:00+00', 'infinity'), ('10889-08-02 05:31:50.655+00', '10889-08-02 05:31:50.656+00')) AS r(s, u)
ORDER BY n, s, u;
SELECT bucket, lo, hi FROM uuid_spread_ranges('2024-01-01 00:00:00+00', '2024-02-01 00:00:00+00') ORDER BY bucket;

-- Fresh spread keys of every bucket count and the default: version 8 of the RFC 9562 variant,
-- read as spread keys of that count, in one bucket for the whole session (which one is the
-- backend's: the C library's slot, the SQL edition's process id, so not shown), strictly rising,
-- their time now; refused bucket counts.
SELECT n, count(*), count(DISTINCT uuid_spread_bucket(g)), min(uuid_spread_buckets(g)), max(uuid_spread_buckets(g)),
       count(*) FILTER (WHERE g <= prev), bool_and(uuid_spread_bucket(g) < coalesce(n, 16)),
       bool_and(abs(extract(epoch FROM uuid_extract_time(g) - clock_timestamp())) < 5),
       min((uuid_inspect(g)).version), max((uuid_inspect(g)).version), min((uuid_inspect(g)).variant)
FROM (SELECT n, g, lag(g) OVER (PARTITION BY n ORDER BY k) AS prev
      FROM (SELECT n, k, CASE WHEN n IS NULL THEN uuid_generate_v8_spread() ELSE uuid_generate_v8_spread(n) END AS g
            FROM unnest(ARRAY[2, 4, 8, 16, 32, 64, 128, 256, NULL]) WITH ORDINALITY AS c(n, o),
                 LATERAL generate_series(1, 300) AS k) s) t
GROUP BY n ORDER BY n NULLS LAST;
SELECT n, pg_temp.try(format('uuid_generate_v8_spread(%s)', n))
FROM unnest(ARRAY[-2147483648, -16, 0, 1, 3, 6, 17, 255, 257, 512, 2147483647]) AS n ORDER BY n;
-- Spread keys take their tick from the v7 sequence: v7 keys and spread keys made in turn carry
-- strictly rising ticks ((unix_ts_ms << 12 | fraction) << 8 | counter, read back here from each
-- layout's bits).
CREATE FUNCTION pg_temp.tick(u uuid) RETURNS numeric LANGUAGE sql AS $$
  SELECT CASE WHEN substr(u::text, 15, 1) = '7'
              THEN ('x' || substr(h, 1, 12))::bit(48)::bigint * 1048576 + ('x' || substr(h, 14, 3))::bit(12)::integer * 256
                   + ((get_byte(b, 8) & 63) << 2) + (get_byte(b, 9) >> 6)
              ELSE ('x' || substr(h, 3, 10))::bit(40)::bigint * 268435456::numeric + ('x' || substr(h, 14, 3))::bit(12)::integer * 65536
                   + ((get_byte(b, 8) & 63) << 10) + (get_byte(b, 9) << 2) + (get_byte(b, 10) >> 6) END
  FROM (SELECT uuid_send(u) AS b, encode(uuid_send(u), 'hex') AS h) s
$$;
SELECT count(*), count(*) FILTER (WHERE t <= prev), count(DISTINCT substr(g::text, 15, 1))
FROM (SELECT g, pg_temp.tick(g) AS t, lag(pg_temp.tick(g)) OVER (ORDER BY n) AS prev
      FROM (SELECT n, CASE n % 3 WHEN 0 THEN uuid_generate_v7() WHEN 1 THEN uuid_generate_v8_spread(4)
                                 ELSE uuid_generate_v8_spread(256) END AS g
            FROM generate_series(1, 3000) AS n) s) t;

-- uuid6_create_spread_partitions: the partitions it makes (names, bounds), run again, partly
-- made before, each bucket count, long names (ASCII and, in the server's encoding, Cyrillic),
-- and the tables it refuses. Partition names count bytes: the encoding is shown.
SELECT 'encoding', current_setting('server_encoding');
CREATE SCHEMA spread_cmp;
CREATE TABLE spread_cmp.t16 (id uuid PRIMARY KEY, body text) PARTITION BY RANGE (id);
CREATE TABLE spread_cmp.t2 (id uuid PRIMARY KEY) PARTITION BY RANGE (id);
CREATE TABLE spread_cmp.t256 (id uuid) PARTITION BY RANGE (id);
CREATE TABLE spread_cmp.t4 (id uuid) PARTITION BY RANGE (id);
CREATE TABLE spread_cmp.t4_b01 PARTITION OF spread_cmp.t4 FOR VALUES FROM ('40000000-0000-0000-0000-000000000000') TO ('80000000-0000-0000-0000-000000000000');
CREATE TABLE spread_cmp."Long Name 12345678901234567890123456789012345678901234567890123" (id uuid) PARTITION BY RANGE (id);
CREATE TABLE spread_cmp."таблица_с_очень_длинным_именем_для" (id uuid) PARTITION BY RANGE (id);
CREATE TABLE spread_cmp.plain (id uuid);
CREATE TABLE spread_cmp.by_list (id uuid) PARTITION BY LIST (id);
CREATE TABLE spread_cmp.by_text (id text) PARTITION BY RANGE (id);
CREATE TABLE spread_cmp.by_two (id uuid, n int) PARTITION BY RANGE (id, n);
CREATE TABLE spread_cmp.by_expr (id uuid) PARTITION BY RANGE ((uuid_extract_time(id)));
CREATE TABLE spread_cmp.other (id uuid) PARTITION BY RANGE (id);
CREATE TABLE spread_cmp.other_p PARTITION OF spread_cmp.other FOR VALUES FROM (MINVALUE) TO ('10000000-0000-0000-0000-000000000000');
SELECT e, pg_temp.try(e)
FROM unnest(ARRAY['uuid6_create_spread_partitions(''spread_cmp.t16'')', 'uuid6_create_spread_partitions(''spread_cmp.t16'', 16)',
                  'uuid6_create_spread_partitions(''spread_cmp.t16'', 4)', 'uuid6_create_spread_partitions(''spread_cmp.t2'', 2)',
                  'uuid6_create_spread_partitions(''spread_cmp.t256'', 256)', 'uuid6_create_spread_partitions(''spread_cmp.t4'', 4)',
                  'uuid6_create_spread_partitions(''spread_cmp."Long Name 12345678901234567890123456789012345678901234567890123"'', 128)',
                  'uuid6_create_spread_partitions(''spread_cmp."таблица_с_очень_длинным_именем_для"'', 32)',
                  'uuid6_create_spread_partitions(''spread_cmp.plain'')', 'uuid6_create_spread_partitions(''spread_cmp.by_list'')',
                  'uuid6_create_spread_partitions(''spread_cmp.by_text'')', 'uuid6_create_spread_partitions(''spread_cmp.by_two'')',
                  'uuid6_create_spread_partitions(''spread_cmp.by_expr'')', 'uuid6_create_spread_partitions(''spread_cmp.other'')',
                  'uuid6_create_spread_partitions(''spread_cmp.t2'', 3)', 'uuid6_create_spread_partitions(''spread_cmp.t2'', 0)',
                  'uuid6_create_spread_partitions(''spread_cmp.t2'', 512)', 'uuid6_create_spread_partitions(''pg_class'', 3)',
                  'uuid6_create_spread_partitions(''pg_class'')']) WITH ORDINALITY AS e(e, o)
ORDER BY o;
SELECT i.inhparent::regclass::text, c.oid::regclass::text, octet_length(c.relname), pg_get_expr(c.relpartbound, c.oid)
FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
WHERE i.inhparent IN (SELECT oid FROM pg_class WHERE relnamespace = 'spread_cmp'::regnamespace)
ORDER BY i.inhparent::regclass::text COLLATE "C", c.oid::regclass::text COLLATE "C";
-- Keys go to the partition of their bucket, and each bucket's floor to its own.
INSERT INTO spread_cmp.t16 (id) SELECT uuid_generate_v8_spread() FROM generate_series(1, 100);
INSERT INTO spread_cmp.t16 (id, body) SELECT uuid_spread_floor(b, '2024-01-01 00:00:00+00'), b FROM generate_series(0, 15) AS b;
SELECT count(*), count(*) FILTER (WHERE tableoid::regclass::text
                                        = format('spread_cmp.t16_b%s', lpad(coalesce(body::integer, uuid_spread_bucket(id))::text, 2, '0')))
FROM spread_cmp.t16;
SET client_min_messages = warning;
DROP SCHEMA spread_cmp CASCADE;
RESET client_min_messages;

-- uuid6_advance of a spread key lifts the v7 sequence its tick came from: a spread key two
-- seconds ahead of the clock, then a v7 key, which cannot read earlier (last, so that the keys
-- above read the clock unlifted).
SELECT pg_temp.try(format('uuid6_advance(%L::uuid)', s)),
       uuid_extract_time(uuid_generate_v7(), true) >= uuid_extract_time(s::uuid, true)
FROM (SELECT '10' || substr(h, 1, 6) || '-' || substr(h, 7, 4) || '-8' || substr(h, 11, 2) || '0-8000-00002f1a5c34' AS s
      FROM (SELECT lpad(to_hex((extract(epoch FROM clock_timestamp()) * 1000)::bigint + 2000), 12, '0') AS h) h) k;
