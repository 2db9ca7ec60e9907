-- The pure functions: RFC 9562 Appendix A vectors, every version nibble and
-- variant, NULL, nil and max, and every error with its SQLSTATE.
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
\set VERBOSITY default
\set SHOW_CONTEXT never

-- RFC 9562 Appendix A (2022-02-22 19:22:22 UTC).
SELECT uuid_v1_to_v6('c232ab00-9414-11ec-b3c8-9f6bdeced846') AS v6_of_v1,
       uuid_v6_to_v1('1ec9414c-232a-6b00-b3c8-9f6bdeced846') AS v1_of_v6;
SELECT uuid_extract_time('c232ab00-9414-11ec-b3c8-9f6bdeced846') AS v1_time,
       uuid_extract_time('1ec9414c-232a-6b00-b3c8-9f6bdeced846') AS v6_time,
       uuid_extract_time('017f22e2-79b0-7cc3-98c4-dc0c0c07398f') AS v7_time,
       uuid_extract_time('919108f7-52d1-4320-9bac-f847db4148a8') AS v4_time;
-- With sub_ms, the v7 vector's rand_a (0xCC3) is read as a fraction of its ms.
SELECT uuid_extract_time('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', true) AS v7_sub_ms,
       uuid_extract_time('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', false) AS v7_ms;
-- A foreign v8 (RFC B.1) is version 8, but its "time" is read by our layout.
SELECT * FROM uuid_inspect('2489e9ad-2ee2-8e00-8ec9-32d5f69181c0');

-- RFC 9562 B.2: a name-based v8 from SHA-256.
SELECT uuid_generate_v8(sha256(uuid_send('6ba7b810-9dad-11d1-80b4-00c04fd430c8')
                               || convert_to('www.example.com', 'UTF8'))) AS rfc_b2;
SELECT uuid_generate_v8('\x00000000000000000000000000000000'::bytea) AS zeros,
       uuid_generate_v8('\xffffffffffffffffffffffffffffffffff'::bytea) AS ones_17_bytes;

-- Lossless both ways, including on values that exercise every field bit.
SELECT uuid_v6_to_v1(uuid_v1_to_v6(u)) = u AS round_trip, u
FROM (VALUES ('c232ab00-9414-11ec-b3c8-9f6bdeced846'::uuid),
             ('ffffffff-ffff-1fff-bfff-ffffffffffff'),
             ('00000000-0000-1000-8000-000000000000'),
             ('12345678-9abc-1def-9234-56789abcdef0')) AS t(u);
SELECT uuid_v1_to_v6('12345678-9abc-1def-9234-56789abcdef0');

-- Every version nibble under the RFC variant, and the same nibble under the
-- other variants: only v1, v6, v7 and v8 of the RFC variant have a time.
SELECT n AS nibble, u,
       uuid_extract_time(u) AS extracted,
       (uuid_inspect(u)).version, (uuid_inspect(u)).variant
FROM generate_series(0, 15) AS n,
     LATERAL (SELECT ('1ec9414c-232a-' || to_hex(n) || 'b00-b3c8-9f6bdeced846')::uuid AS u) AS t
ORDER BY n;
SELECT v AS variant_nibble, u, uuid_extract_time(u) AS extracted, (uuid_inspect(u)).variant
FROM unnest(ARRAY['0', '7', '8', 'b', 'c', 'd', 'e', 'f']) AS v,
     LATERAL (SELECT ('1ec9414c-232a-6b00-' || v || '3c8-9f6bdeced846')::uuid AS u) AS t;

-- Nil and max.
SELECT * FROM uuid_inspect('00000000-0000-0000-0000-000000000000');
SELECT * FROM uuid_inspect('ffffffff-ffff-ffff-ffff-ffffffffffff');
SELECT uuid_extract_time('00000000-0000-0000-0000-000000000000') AS nil_time,
       uuid_extract_time('ffffffff-ffff-ffff-ffff-ffffffffffff') AS max_time;

-- Inspection of each layout.
SELECT * FROM uuid_inspect('c232ab00-9414-11ec-b3c8-9f6bdeced846');
SELECT * FROM uuid_inspect('1ec9414c-232a-6b00-b3c8-9f6bdeced846');
SELECT * FROM uuid_inspect('017f22e2-79b0-7cc3-98c4-dc0c0c07398f');
SELECT * FROM uuid_inspect('919108f7-52d1-4320-9bac-f847db4148a8');

-- Floors: the smallest UUID of the instant's millisecond / 100 ns.
SELECT uuid_v7_floor('2022-02-22 19:22:22.000999+00') AS v7_floor,
       uuid_v6_floor('2022-02-22 19:22:22+00') AS v6_floor;
SELECT '017f22e2-79b0-7cc3-98c4-dc0c0c07398f'::uuid >= uuid_v7_floor('2022-02-22 19:22:22+00')
   AND '017f22e2-79b0-7cc3-98c4-dc0c0c07398f'::uuid < uuid_v7_floor('2022-02-22 19:22:22.001+00')
       AS vector_in_its_ms;
-- Range edges of each layout.
SELECT uuid_v7_floor('1970-01-01 00:00:00+00') AS v7_min,
       uuid_v7_floor('10889-08-02 05:31:50.655999+00') AS v7_max;
SELECT uuid_v6_floor('1582-10-15 00:00:00+00') AS v6_min,
       uuid_v6_floor('5236-03-31 21:21:00.684697+00') AS v6_max;
SELECT uuid_extract_time(uuid_v6_floor('5236-03-31 21:21:00.684697+00')) AS v6_max_time,
       uuid_extract_time(uuid_v6_floor('1582-10-15 00:00:00+00')) AS v6_min_time,
       uuid_extract_time(uuid_v6_floor('1969-12-31 23:59:59.999999+00')) AS before_1970;
SELECT uuid_extract_time('ffffffff-ffff-6fff-bfff-ffffffffffff') AS v6_last_tick,
       uuid_extract_time('ffffffff-ffff-7fff-bfff-ffffffffffff', true) AS v7_last_ms,
       uuid_extract_time('ffffffff-ffff-8fff-bfff-ffffffffffff') AS v8_last_tick;

-- NULL in, NULL out.
SELECT uuid_extract_time(NULL) IS NULL AS a, uuid_extract_time(NULL, true) IS NULL AS b,
       uuid_extract_time('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', NULL) IS NULL AS c,
       uuid_v1_to_v6(NULL) IS NULL AS d, uuid_v6_to_v1(NULL) IS NULL AS e,
       uuid_v7_floor(NULL) IS NULL AS f, uuid_v6_floor(NULL) IS NULL AS g,
       uuid_generate_v8(NULL::bytea) IS NULL AS h, (uuid_inspect(NULL)).version IS NULL AS i;

-- Errors, each with its SQLSTATE.
SELECT uuid_v1_to_v6('919108f7-52d1-4320-9bac-f847db4148a8');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_v1_to_v6('1ec9414c-232a-6b00-b3c8-9f6bdeced846');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_v6_to_v1('c232ab00-9414-11ec-b3c8-9f6bdeced846');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_v6_to_v1('017f22e2-79b0-7cc3-98c4-dc0c0c07398f');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_v1_to_v6('00000000-0000-0000-0000-000000000000');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_v6_to_v1('ffffffff-ffff-ffff-ffff-ffffffffffff');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_v1_to_v6('c232ab00-9414-11ec-d3c8-9f6bdeced846');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_generate_v8('\x0102'::bytea);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_generate_v8(''::bytea);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_generate_v8('\x000102030405060708090a0b0c0d0e'::bytea);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_v7_floor('infinity');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_v7_floor('-infinity');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_v6_floor('infinity');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_v7_floor('1969-12-31 23:59:59.999999+00');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_v7_floor('10889-08-02 05:31:50.656+00');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_v6_floor('1582-10-14 23:59:59.999999+00');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_v6_floor('5236-03-31 21:21:00.684698+00');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
-- PostgreSQL's last instant lies beyond every layout, and its count of
-- microseconds since 1970 beyond int64: refused like any other late instant.
SELECT uuid_v7_floor('294276-12-31 23:59:59.999999+00');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_v6_floor('294276-12-31 23:59:59.999999+00');
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- uuid_extract_node: the bits uuid6.node_id fills (v6: 88-103, after the
-- multicast octet; v7, v8: 74-89), read from hand-built values; NULL for
-- versions without them.
SELECT uuid_extract_node('1ec9414c-232a-6b00-b3c8-011234ced846') AS v6_octets_11_12,
       uuid_extract_node('1ec9414c-232a-6b00-b3c8-ff0000ced846') AS v6_octet_10_is_not_read,
       uuid_extract_node('017f22e2-79b0-7cc3-98c4-dc0c0c07398f') AS v7_vector,
       uuid_extract_node('017f22e2-79b0-7cc3-9804-8d00ffffffff') AS v7_0x1234,
       uuid_extract_node('18ea1fae-20ee-8c6c-8004-8d0000000000') AS v8_0x1234,
       uuid_extract_node('c232ab00-9414-11ec-b3c8-9f6bdeced846') AS v1,
       uuid_extract_node('919108f7-52d1-4320-9bac-f847db4148a8') AS v4,
       uuid_extract_node('1ec9414c-232a-6b00-f3c8-1234deced846') AS reserved_variant,
       uuid_extract_node(NULL) AS null_in;
