-- The pg_uuidv7 1.6 API: uuid_v7_to_timestamptz, uuid_v7_to_timestamp,
-- uuid_timestamptz_to_v7 and uuid_timestamp_to_v7. pg_uuidv7's own test
-- vector, timestamps without time zone read and written as UTC under more
-- than one session TimeZone, non-v7 input, range edges and NULL: what both
-- editions (the C library and the SQL one) share. compat_c.sql has the C
-- library's markings and inlining.
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
\set VERBOSITY default
\set SHOW_CONTEXT never
\set uuidv7 '018570bb-4a7d-7000-8000-000000000000'
\set uuidtz '2023-01-02 04:26:40.637+00'
\set uuidts '2023-01-02 04:26:40.637'

-- The vector both ways, as pg_uuidv7's tests state it.
SELECT uuid_v7_to_timestamptz(:'uuidv7') AS to_timestamptz,
       uuid_v7_to_timestamptz(:'uuidv7') = :'uuidtz' AS same_instant,
       uuid_v7_to_timestamp(:'uuidv7') AS to_timestamp,
       uuid_v7_to_timestamp(:'uuidv7') = :'uuidts' AS same_wall_clock;
SELECT uuid_timestamptz_to_v7(:'uuidtz', true) AS zeroed,
       uuid_timestamptz_to_v7(:'uuidtz', true) = :'uuidv7' AS same_uuid,
       uuid_timestamptz_to_v7(:'uuidtz') > :'uuidv7' AS random_above,
       uuid_timestamp_to_v7(:'uuidts', true) = :'uuidv7' AS ts_same_uuid,
       uuid_timestamp_to_v7(:'uuidts') > :'uuidv7' AS ts_random_above;

-- A timestamp without time zone is UTC whatever the session's TimeZone: the
-- same results under two zones on either side of UTC (a conversion through
-- the session zone would shift them by hours). The timestamptz forms show
-- the same instant in the session's zone.
SET timezone = 'America/New_York';
SELECT uuid_v7_to_timestamp(:'uuidv7') AS to_timestamp,
       uuid_v7_to_timestamptz(:'uuidv7') AS to_timestamptz,
       uuid_timestamp_to_v7(:'uuidts', true) AS ts_zeroed,
       uuid_timestamptz_to_v7(:'uuidtz', true) AS tz_zeroed,
       uuid_v7_to_timestamp(uuid_timestamp_to_v7(:'uuidts')) AS ts_round_trip;
SET timezone = 'Asia/Kolkata';
SELECT uuid_v7_to_timestamp(:'uuidv7') AS to_timestamp,
       uuid_v7_to_timestamptz(:'uuidv7') AS to_timestamptz,
       uuid_timestamp_to_v7(:'uuidts', true) AS ts_zeroed,
       uuid_timestamptz_to_v7(:'uuidtz', true) AS tz_zeroed,
       uuid_v7_to_timestamp(uuid_timestamp_to_v7(:'uuidts')) AS ts_round_trip;
SET timezone = 'UTC';

-- Millisecond precision: rand_a and rand_b are ignored when reading, and
-- the zeroed form is the floor of the instant's millisecond, as uuid_v7_floor.
SELECT uuid_v7_to_timestamptz('018570bb-4a7d-7fff-bfff-ffffffffffff') AS all_low_bits_set,
       uuid_timestamptz_to_v7('2023-01-02 04:26:40.637999+00', true) AS floor_of_637999,
       uuid_timestamp_to_v7('2023-01-02 04:26:40.637999', true) AS ts_floor_of_637999;
SELECT count(*) AS instants,
       count(*) FILTER (WHERE uuid_timestamptz_to_v7(t, true) <> uuid_v7_floor(t)) AS floor_differs,
       count(*) FILTER (WHERE uuid_v7_to_timestamptz(uuid_timestamptz_to_v7(t))
                              <> date_trunc('milliseconds', t)) AS ms_differs,
       count(*) FILTER (WHERE uuid_v7_to_timestamp(uuid_timestamp_to_v7(t::timestamp, true))
                              <> date_trunc('milliseconds', t::timestamp)) AS ts_ms_differs
FROM generate_series(timestamptz '1970-01-01 00:00:00+00', '2100-01-01', interval '9 days 1.234567 s') AS t;

-- zero = false: version 7, RFC variant, the instant's millisecond, the
-- sub-millisecond fraction in rand_a as uuid_generate_v7(at) puts it (so
-- the microsecond reads back), and random rand_b: no two alike.
SELECT (uuid_inspect(u)).version, (uuid_inspect(u)).variant,
       uuid_v7_to_timestamptz(u) AS ms,
       uuid_extract_time(u, true) AS us
FROM (SELECT uuid_timestamptz_to_v7('2024-05-01 12:00:00.123456+00') AS u) AS t;
SELECT count(DISTINCT uuid_timestamptz_to_v7('2024-05-01 12:00:00+00')) AS distinct_tz,
       count(DISTINCT uuid_timestamp_to_v7('2024-05-01 12:00:00', false)) AS distinct_ts,
       count(DISTINCT uuid_timestamptz_to_v7('2024-05-01 12:00:00+00', true)) AS distinct_zeroed
FROM generate_series(1, 1000);

-- Anything but an RFC 9562 v7 reads as NULL (pg_uuidv7 would read any
-- UUID's first 48 bits as a time): v1, v4, v6, v8, nil, max, and a
-- nibble 7 under the other variants.
SELECT u, uuid_v7_to_timestamptz(u) IS NULL AS tz_null, uuid_v7_to_timestamp(u) IS NULL AS ts_null
FROM (VALUES ('c232ab00-9414-11ec-b3c8-9f6bdeced846'::uuid),
             ('919108f7-52d1-4320-9bac-f847db4148a8'),
             ('1ec9414c-232a-6b00-b3c8-9f6bdeced846'),
             ('2489e9ad-2ee2-8e00-8ec9-32d5f69181c0'),
             ('00000000-0000-0000-0000-000000000000'),
             ('ffffffff-ffff-ffff-ffff-ffffffffffff'),
             ('018570bb-4a7d-7000-0000-000000000000'),
             ('018570bb-4a7d-7000-c000-000000000000'),
             ('018570bb-4a7d-7000-e000-000000000000'),
             ('017f22e2-79b0-7cc3-98c4-dc0c0c07398f')) AS t(u);

-- The layout's range, both edges, and what lies outside it (22008), where
-- pg_uuidv7 would wrap silently.
SELECT uuid_timestamptz_to_v7('1970-01-01 00:00:00+00', true) AS first,
       uuid_timestamptz_to_v7('10889-08-02 05:31:50.655999+00', true) AS last,
       uuid_v7_to_timestamptz('ffffffff-ffff-7fff-bfff-ffffffffffff') AS last_read,
       uuid_v7_to_timestamp('ffffffff-ffff-7fff-bfff-ffffffffffff') AS last_read_ts;
SELECT uuid_timestamptz_to_v7('1969-12-31 23:59:59.999999+00', true);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_timestamptz_to_v7('1969-12-31 23:59:59.999999+00');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_timestamptz_to_v7('10889-08-02 05:31:50.656+00', true);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_timestamptz_to_v7('infinity');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_timestamp_to_v7('-infinity', true);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_timestamp_to_v7('1969-12-31 23:59:59.999999');
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- NULL in, NULL out, for every argument (zero NULL included).
SELECT uuid_v7_to_timestamptz(NULL) IS NULL AS a, uuid_v7_to_timestamp(NULL) IS NULL AS b,
       uuid_timestamptz_to_v7(NULL) IS NULL AS c, uuid_timestamptz_to_v7(NULL, true) IS NULL AS d,
       uuid_timestamptz_to_v7(:'uuidtz', NULL) IS NULL AS e,
       uuid_timestamp_to_v7(NULL) IS NULL AS f, uuid_timestamp_to_v7(NULL, true) IS NULL AS g,
       uuid_timestamp_to_v7(:'uuidts', NULL) IS NULL AS h;
