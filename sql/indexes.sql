-- What IMMUTABLE buys: an expression index on the creation time, and
-- time-range scans on the primary key through uuid_v7_floor.
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';

CREATE TABLE events (id uuid PRIMARY KEY, created_at timestamptz NOT NULL);
-- One row a minute over ten days, keyed from its own created_at.
INSERT INTO events
SELECT uuid_generate_v7(t), t
FROM generate_series('2024-01-01 00:00+00'::timestamptz, '2024-01-10 23:59+00', '1 minute') AS t;
ANALYZE events;

-- The key encodes the row's time exactly (to the millisecond).
SELECT count(*) AS rows, count(*) FILTER (WHERE uuid_extract_time(id) = created_at) AS exact
FROM events;

-- An expression index on uuid_extract_time(id) is accepted (IMMUTABLE) and used.
CREATE INDEX events_created ON events (uuid_extract_time(id));
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM events WHERE uuid_extract_time(id) >= '2024-01-05' AND uuid_extract_time(id) < '2024-01-06';
SELECT count(*) FROM events WHERE uuid_extract_time(id) >= '2024-01-05' AND uuid_extract_time(id) < '2024-01-06';

-- Range scans on the primary key itself: the floors fold to constants and
-- become the index condition.
EXPLAIN (COSTS OFF)
SELECT id FROM events
WHERE id >= uuid_v7_floor('2024-01-05 00:00+00') AND id < uuid_v7_floor('2024-01-06 00:00+00');
SELECT count(*) AS in_jan_5,
       min(created_at) AS first, max(created_at) AS last
FROM events
WHERE id >= uuid_v7_floor('2024-01-05 00:00+00') AND id < uuid_v7_floor('2024-01-06 00:00+00');
-- Same rows as filtering on created_at.
SELECT count(*) FROM events WHERE created_at >= '2024-01-05' AND created_at < '2024-01-06';

-- The same with v6 keys and uuid_v6_floor.
CREATE TABLE events_v6 (id uuid PRIMARY KEY, created_at timestamptz NOT NULL);
INSERT INTO events_v6 SELECT uuid_generate_v6(created_at), created_at FROM events;
ANALYZE events_v6;
EXPLAIN (COSTS OFF)
SELECT id FROM events_v6
WHERE id >= uuid_v6_floor('2024-01-05 00:00+00') AND id < uuid_v6_floor('2024-01-06 00:00+00');
SELECT count(*) FROM events_v6
WHERE id >= uuid_v6_floor('2024-01-05 00:00+00') AND id < uuid_v6_floor('2024-01-06 00:00+00');
RESET enable_seqscan;
RESET enable_bitmapscan;

DROP TABLE events, events_v6;
