-- Spread keys (uuid_generate_v8_spread): the layout bit by bit, version and
-- variant, the bucket, time read back exactly as a v7's, the v7 sequence
-- they draw from, errors with their SQLSTATEs, NULLs; the partition helper
-- on an empty and a filled table, run again, and its errors; the time
-- ranges against the filter they stand for, on random ranges, with index
-- scans only.
\set VERBOSITY default
\set SHOW_CONTEXT never
SET timezone = 'UTC';

-- A spread key built from its documented fields in SQL, independently of
-- the library: bucket byte (bucket << (8 - bits)), the v7 tick of `v7`
-- (48-bit ms, 12-bit fraction, 8-bit counter) around version 1000 and
-- variant 10, 16 node bits (here those of the v7), the 26-bit mark and
-- log2 of the bucket count.
CREATE FUNCTION pg_temp.spread_from_v7(v7 uuid, bucket int, bits int) RETURNS uuid
LANGUAGE sql IMMUTABLE AS $$
  WITH v AS (SELECT ('x' || replace(v7::text, '-', ''))::bit(128) AS b),
  f AS (SELECT substring(b from 1 for 48) || substring(b from 53 for 12)
               || substring(b from 67 for 8) AS tick,
               substring(b from 75 for 16) AS node FROM v),
  s AS (SELECT (bucket << (8 - bits))::bit(8) || substring(tick from 1 for 40) || B'1000'
               || substring(tick from 41 for 12) || B'10' || substring(tick from 53 for 16)
               || node || B'10111100011010010111000011' || bits::bit(4) AS b FROM f)
  SELECT (lpad(to_hex(substring(b from 1 for 64)::bigint), 16, '0')
          || lpad(to_hex(substring(b from 65 for 64)::bigint), 16, '0'))::uuid FROM s
$$;

-- The vector: bucket 9 of 16, 2022-02-22 19:22:22 UTC, fraction 0xabc,
-- counter 0x5d, node 0x1234; the v7 with the same tick beside it.
SELECT pg_temp.spread_from_v7('017f22e2-79b0-7abc-9744-8d0000000000', 9, 4) AS spread;
SELECT uuid_spread_bucket(k) AS bucket, uuid_spread_buckets(k) AS buckets,
       uuid_extract_time(k) AS "time", uuid_extract_time(k, true) AS time_us,
       uuid_extract_time(k) = uuid_extract_time(v) AND
       uuid_extract_time(k, true) = uuid_extract_time(v, true) AS reads_as_v7,
       uuid_extract_node(k) = uuid_extract_node(v) AS node_as_v7,
       (uuid_inspect(k)).*
FROM (VALUES ('90017f22-e279-8b0a-af17-448d2f1a5c34'::uuid,
              '017f22e2-79b0-7abc-9744-8d0000000000'::uuid)) AS t(k, v);

-- Generated keys, for every bucket count: version 8, variant 10, the mark
-- and log2(buckets) in the last 30 bits, unused bucket bits zero, the
-- bucket this backend's slot modulo the count (so one slot for all counts),
-- a tick of the v7 sequence (below the v7 made next, in the same bucket),
-- strictly rising.
CREATE TEMP TABLE made AS
SELECT n, buckets, uuid_generate_v8_spread(buckets) AS k, uuid_generate_v7() AS after
FROM generate_series(1, 8) AS bits, LATERAL (SELECT (1 << bits) AS buckets) b,
     generate_series(1, 200) AS n;
SELECT buckets,
       bool_and(substr(k::text, 15, 1) = '8') AS version_8,
       bool_and(substr(k::text, 20, 1) IN ('8', '9', 'a', 'b')) AS variant_10,
       bool_and(right(('x' || right(replace(k::text, '-', ''), 8))::bit(32)::text, 30)
                = '10111100011010010111000011' || (log(2, buckets)::int)::bit(4)::text) AS mark_and_bits,
       bool_and(right(('x' || left(k::text, 2))::bit(8)::text, 8 - log(2, buckets)::int)
                = repeat('0', 8 - log(2, buckets)::int)) AS unused_bucket_bits_zero,
       bool_and(get_byte(uuid_send(k), 0) = uuid_spread_bucket(k) << (8 - log(2, buckets)::int)) AS bucket_byte,
       count(DISTINCT uuid_spread_bucket(k)) AS buckets_used,
       bool_and(uuid_spread_buckets(k) = buckets) AS count_read_back,
       bool_and(k < pg_temp.spread_from_v7(after, uuid_spread_bucket(k), log(2, buckets)::int)
                AND uuid_extract_time(k, true) <= uuid_extract_time(after, true)) AS before_next_v7_tick,
       bool_and(uuid_extract_time(k) = date_trunc('milliseconds', uuid_extract_time(k, true))) AS ms_then_fraction
FROM made GROUP BY buckets ORDER BY buckets;
SELECT count(DISTINCT uuid_spread_bucket(k) % 2) AS one_slot_for_all_counts
FROM made;
SELECT count(*) FILTER (WHERE k <= previous) AS not_rising
FROM (SELECT k, lag(k) OVER (PARTITION BY buckets ORDER BY n) AS previous FROM made) AS m;

-- The keys are ticks of the v7 sequence: they count there, and a v7 made
-- between two spread keys lies between them in time.
CREATE TEMP TABLE before AS SELECT generated FROM uuid6_status() WHERE version = 7;
SELECT count(uuid_generate_v8_spread()) FROM generate_series(1, 1000);
SELECT s.generated - b.generated AS counted_as_v7 FROM uuid6_status() s, before b WHERE s.version = 7;
SELECT uuid_extract_time(a, true) <= uuid_extract_time(v, true)
       AND uuid_extract_time(v, true) <= uuid_extract_time(b, true) AS v7_between
FROM (SELECT uuid_generate_v8_spread() AS a) x, LATERAL (SELECT uuid_generate_v7() AS v) y,
     LATERAL (SELECT uuid_generate_v8_spread() AS b) z;

-- The same bits, from any v7: time, node and bucket read back exactly, for
-- 2,000 random instants and buckets.
SELECT setseed(0.23);
SELECT count(*) AS keys,
       count(*) FILTER (WHERE uuid_extract_time(k) IS DISTINCT FROM uuid_extract_time(v)) AS time_ms_differs,
       count(*) FILTER (WHERE uuid_extract_time(k, true) IS DISTINCT FROM uuid_extract_time(v, true)) AS time_us_differs,
       count(*) FILTER (WHERE uuid_extract_node(k) IS DISTINCT FROM uuid_extract_node(v)) AS node_differs,
       count(*) FILTER (WHERE uuid_spread_bucket(k) IS DISTINCT FROM b) AS bucket_differs,
       count(*) FILTER (WHERE (uuid_inspect(k)).counter IS DISTINCT FROM (uuid_inspect(v)).counter) AS counter_differs
FROM (SELECT uuid_generate_v7(timestamptz '1970-01-01 UTC' + random() * interval '100 years') AS v,
             (random() * 255)::int AS b
      FROM generate_series(1, 2000)) AS r,
     LATERAL (SELECT pg_temp.spread_from_v7(v, b, 8) AS k) AS s;

-- Not spread keys: a v7, uuid6's own v8 (which reads as before), a v4, the
-- RFC's foreign v8.
SELECT uuid_spread_bucket(uuid_generate_v7()) AS v7,
       uuid_spread_bucket(uuid_generate_v8()) AS v8,
       uuid_spread_bucket('919108f7-52d1-4320-9bac-f847db4148a8') AS v4,
       uuid_spread_buckets('2489e9ad-2ee2-8e00-8ec9-32d5f69181c0') AS rfc_v8;
SELECT uuid_extract_time(v) = '2022-02-22 19:22:22.123456+00' AS v8_reads_as_before
FROM (SELECT uuid_generate_v8('2022-02-22 19:22:22.123456+00'::timestamptz) AS v) AS t;

-- ULID text: the same 128 bits, sorting like the uuid; the v4 facade is
-- for v7 keys only.
SELECT uuid_to_ulid('90017f22-e279-8b0a-af17-448d2f1a5c34') AS ulid,
       uuid_from_ulid(uuid_to_ulid('90017f22-e279-8b0a-af17-448d2f1a5c34')) AS back;
SELECT uuid_v7_to_facade('90017f22-e279-8b0a-af17-448d2f1a5c34', '\x000102030405060708090a0b0c0d0e0f');
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- Errors: a bucket count that is not a power of two from 2 to 256 (22023),
-- a bucket outside the count (22023), an instant outside the layout
-- (22008). NULL in, NULL out.
SELECT uuid_generate_v8_spread(0);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_generate_v8_spread(1);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_generate_v8_spread(12);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_generate_v8_spread(512);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_generate_v8_spread(-16);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT * FROM uuid_spread_ranges('2026-01-01', '2026-01-02', 0);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT * FROM uuid_spread_ranges('2026-01-01', '2026-01-02', 24);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_spread_floor(16, '2026-01-01', 16);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_spread_floor(-1, '2026-01-01', 16);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_spread_floor(0, '1969-12-31 23:59:59.999999+00', 16);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_spread_floor(0, 'infinity', 16);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_generate_v8_spread(NULL) AS generated, uuid_spread_bucket(NULL) AS bucket,
       uuid_spread_buckets(NULL) AS buckets, uuid_spread_floor(NULL, now()) AS floor_1,
       uuid_spread_floor(0, NULL) AS floor_2, uuid_spread_floor(0, now(), NULL) AS floor_3,
       uuid6_create_spread_partitions(NULL) AS partitions_1,
       uuid6_create_spread_partitions('pg_class', NULL) AS partitions_2;
SELECT count(*) AS null_ranges FROM uuid_spread_ranges(NULL, now());
-- The floors: rounded up to the millisecond, at the ends of the range.
SELECT uuid_spread_floor(3, '2022-02-22 19:22:22+00', 16) AS at_ms,
       uuid_spread_floor(3, '2022-02-22 19:22:22.000001+00', 16) AS rounded_up,
       uuid_spread_floor(0, '1970-01-01 00:00:00+00', 2) AS first,
       uuid_spread_floor(0, '10889-08-02 05:31:50.656+00', 2) AS past_last_of_bucket_0,
       uuid_spread_floor(1, '10889-08-02 05:31:50.656+00', 2) AS past_last_of_bucket_1;
SELECT uuid_spread_floor(1, '10889-08-02 05:31:50.656001+00', 2);
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- The partition helper. Not a partitioned table (42809), another strategy
-- or key (42P16), a bad count (22023).
CREATE TABLE plain_t (id uuid PRIMARY KEY);
SELECT uuid6_create_spread_partitions('plain_t');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
CREATE TABLE list_t (id uuid) PARTITION BY LIST (id);
SELECT uuid6_create_spread_partitions('list_t');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
CREATE TABLE two_t (id uuid, n int) PARTITION BY RANGE (id, n);
SELECT uuid6_create_spread_partitions('two_t');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
CREATE TABLE int_t (id bigint) PARTITION BY RANGE (id);
SELECT uuid6_create_spread_partitions('int_t');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
CREATE TABLE expr_t (id uuid) PARTITION BY RANGE ((uuid_spread_bucket(id)));
SELECT uuid6_create_spread_partitions('expr_t');
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- An empty table: four partitions, one per bucket, covering every UUID;
-- again: nothing to do.
CREATE TABLE events (id uuid PRIMARY KEY DEFAULT uuid_generate_v8_spread(4), payload int)
    PARTITION BY RANGE (id);
SELECT uuid6_create_spread_partitions('events', 3);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid6_create_spread_partitions('events', 4) AS created;
SELECT uuid6_create_spread_partitions('events', 4) AS created_again;
SELECT c.oid::regclass AS partition, pg_get_expr(c.relpartbound, c.oid) AS bound
FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
WHERE i.inhparent = 'events'::regclass ORDER BY 1::text;

-- Filled: 20,000 keys of every bucket over one day (the library's own
-- keys, moved to the other buckets by their top byte), each in its
-- bucket's partition. Run again: nothing created, nothing moved; a drop
-- of one partition is repaired; another count is refused (55000).
INSERT INTO events (payload) SELECT g FROM generate_series(1, 100) AS g;
INSERT INTO events (id, payload)
SELECT pg_temp.spread_from_v7(uuid_generate_v7('2026-03-01 00:00:00+00'::timestamptz
                                               + random() * interval '1 day'), g % 4, 2), g
FROM generate_series(1, 20000) AS g;
SELECT count(*) AS rows,
       count(*) FILTER (WHERE tableoid::regclass::text <> 'events_b' || uuid_spread_bucket(id)) AS misplaced
FROM events;
SELECT uuid6_create_spread_partitions('events', 4) AS created_on_filled;
SELECT count(*) AS rows FROM events;
DROP TABLE events_b2;
SELECT uuid6_create_spread_partitions('events', 4) AS repaired;
SELECT uuid6_create_spread_partitions('events', 8);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid6_create_spread_partitions('events', 2);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
INSERT INTO events (id, payload)
SELECT pg_temp.spread_from_v7(uuid_generate_v7('2026-03-01 00:00:00+00'::timestamptz
                                               + random() * interval '1 day'), 2, 2), g
FROM generate_series(1, 5000) AS g;
-- The same keys in one table without partitions.
CREATE TABLE events_one (id uuid PRIMARY KEY, payload int);
INSERT INTO events_one SELECT * FROM events;
ANALYZE events;
ANALYZE events_one;

-- Ranges: on 40 random ranges (microsecond ends, some empty, some
-- reversed, some wider than the data) the rows of the LATERAL query are
-- exactly those of the filter, in both tables.
CREATE TEMP TABLE ranges AS
SELECT r, since, since + (random() * 30 - 2) * interval '1 hour' AS until
FROM (SELECT r, '2026-02-28 22:00:00+00'::timestamptz + random() * interval '28 hours' AS since
      FROM generate_series(1, 40) AS r) AS s;
SELECT count(*) AS ranges,
       sum(by_filter) > 100000 AS many_rows_selected,
       count(*) FILTER (WHERE by_filter <> by_ranges OR by_filter <> by_ranges_one
                        OR hash_filter <> hash_ranges OR hash_filter <> hash_ranges_one) AS ranges_that_differ,
       count(*) FILTER (WHERE by_filter = 0) > 0 AS some_ranges_empty
FROM ranges,
LATERAL (SELECT count(*) AS by_filter, coalesce(sum(hashtext(id::text)), 0) AS hash_filter
         FROM events WHERE uuid_extract_time(id) >= since AND uuid_extract_time(id) < until) AS f,
LATERAL (SELECT count(*) AS by_ranges, coalesce(sum(hashtext(e.id::text)), 0) AS hash_ranges
         FROM uuid_spread_ranges(since, until, 4) AS x
         CROSS JOIN LATERAL (SELECT * FROM events WHERE id >= x.lo AND id < x.hi) AS e) AS g,
LATERAL (SELECT count(*) AS by_ranges_one, coalesce(sum(hashtext(e.id::text)), 0) AS hash_ranges_one
         FROM uuid_spread_ranges(since, until, 4) AS x
         CROSS JOIN LATERAL (SELECT * FROM events_one WHERE id >= x.lo AND id < x.hi) AS e) AS h;
-- Edges, in each bucket: keys read as exactly `since` are in (whatever
-- their fraction), one a fraction before it and one read as exactly
-- `until` are out.
SELECT count(*) AS rows,
       count(*) FILTER (WHERE uuid_extract_time(id) = '2026-03-01 12:00:00+00') AS at_since,
       count(DISTINCT b) AS buckets
FROM uuid_spread_ranges('2026-03-01 12:00:00+00', '2026-03-01 12:00:00.001+00', 4) AS x
CROSS JOIN LATERAL (
  SELECT x.bucket AS b, id
  FROM (VALUES ('019ca945-09ff-7fff-bfff-ffffffffffff'::uuid), ('019ca945-0a00-7000-8000-000000000000'),
               ('019ca945-0a00-7fff-bfff-ffffffffffff'), ('019ca945-0a01-7000-8000-000000000000')) AS v(v7),
       LATERAL (SELECT pg_temp.spread_from_v7(v7, x.bucket, 2) AS id) AS k
  WHERE id >= x.lo AND id < x.hi) AS e;

-- The plans: an index range scan per bucket (partition), no sequential scan.
CREATE FUNCTION pg_temp.plan_of(query text) RETURNS TABLE (index_scans bigint, seq_scans bigint)
LANGUAGE plpgsql AS $$
DECLARE line text; plan text := '';
BEGIN
  FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP plan := plan || line || E'\n'; END LOOP;
  RETURN QUERY SELECT (SELECT count(*) FROM regexp_matches(plan, 'Index (Only )?Scan', 'g')),
                      (SELECT count(*) FROM regexp_matches(plan, 'Seq Scan', 'g'));
END $$;
SELECT * FROM pg_temp.plan_of($$
  SELECT e.* FROM uuid_spread_ranges('2026-03-01 10:00+00', '2026-03-01 11:00+00', 4) AS r
  CROSS JOIN LATERAL (SELECT * FROM events WHERE id >= r.lo AND id < r.hi) AS e $$);
SELECT * FROM pg_temp.plan_of($$
  SELECT e.* FROM uuid_spread_ranges('2026-03-01 10:00+00', '2026-03-01 11:00+00', 4) AS r
  CROSS JOIN LATERAL (SELECT * FROM events_one WHERE id >= r.lo AND id < r.hi) AS e $$);

DROP TABLE events, events_one, plain_t, list_t, two_t, int_t, expr_t;
