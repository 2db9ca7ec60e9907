-- Partitioning by creation time: uuid_extract_time(text), pg_partman's time
-- decoder, reads as uuid_extract_time(uuid) (results, NULL, errors); an
-- untyped literal still means the same; uuid_v8_floor bounds uuid6's v8 keys;
-- queries bounded through the floors prune, with a bind parameter too.
-- Shared by both editions.
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
\set VERBOSITY default
\set SHOW_CONTEXT never

-- The text form beside the uuid form: the same reading of every version.
SELECT u, uuid_extract_time(u::text) AS from_text,
       uuid_extract_time(u::text) IS NOT DISTINCT FROM uuid_extract_time(u) AS same
FROM (VALUES ('c232ab00-9414-11ec-b3c8-9f6bdeced846'::uuid), ('1ec9414c-232a-6b00-b3c8-9f6bdeced846'),
             ('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'), ('919108f7-52d1-4320-9bac-f847db4148a8'),
             ('0001a208-5459-8012-9d04-3cc46f1a5c31'), ('1ec9414c-232a-8b00-b3c8-9f6bdeced846'),
             ('00000000-0000-0000-0000-000000000000'), ('ffffffff-ffff-ffff-ffff-ffffffffffff'),
             ('ffffffff-ffff-6fff-bfff-ffffffffffff'), ('ffffffff-ffff-7fff-bfff-ffffffffffff')) AS v(u);
-- Every spelling the uuid type reads (upper case, braces, no hyphens).
SELECT uuid_extract_time('017F22E2-79B0-7CC3-98C4-DC0C0C07398F'::text) AS upper_case,
       uuid_extract_time('{017f22e2-79b0-7cc3-98c4-dc0c0c07398f}'::text) AS braces,
       uuid_extract_time('017f22e279b07cc398c4dc0c0c07398f'::text) AS no_hyphens;
-- An untyped literal resolves to the text form and means what it meant.
SELECT pg_typeof(uuid_extract_time('017f22e2-79b0-7cc3-98c4-dc0c0c07398f')) AS result_type,
       uuid_extract_time('017f22e2-79b0-7cc3-98c4-dc0c0c07398f')
         = uuid_extract_time('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'::uuid) AS same;
-- NULL in, NULL out: the untyped NULL, text and varchar.
SELECT uuid_extract_time(NULL) IS NULL AS untyped, uuid_extract_time(NULL::text) IS NULL AS text,
       uuid_extract_time(NULL::varchar) IS NULL AS varchar;
-- Text that is not a UUID: the uuid type's own error, 22P02, as a cast gives.
SELECT uuid_extract_time('not a uuid');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_extract_time('017f22e2-79b0-7cc3-98c4-dc0c0c07398'::text);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_extract_time(''::text);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_extract_time('017f22e2-79b0-7cc3-98c4-dc0c0c07398f '::text) AS trailing_space;
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT 'not a uuid'::uuid;
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- uuid_v8_floor: the smallest v8 of uuid6's layout that reads back as the
-- instant, to the microsecond; 22008 outside the layout, NULL for NULL.
SELECT uuid_v8_floor('2022-02-22 19:22:22+00') AS v8_floor,
       uuid_extract_time(uuid_v8_floor('2022-02-22 19:22:22.000001+00')) AS read_back,
       uuid_v8_floor('1970-01-01 00:00:00+00') AS v8_min,
       uuid_v8_floor('2554-07-21 23:34:33.709551+00') AS v8_max,
       uuid_extract_time(uuid_v8_floor('2554-07-21 23:34:33.709551+00')) AS v8_max_time,
       uuid_v8_floor(NULL) IS NULL AS null_in;
-- Backfilled v8 keys of an instant lie at or above its floor and below the
-- next microsecond's.
SELECT count(*) AS keys,
       count(*) FILTER (WHERE k >= uuid_v8_floor(t) AND k < uuid_v8_floor(t + interval '1 microsecond')) AS inside
FROM (SELECT t, uuid_generate_v8(t) AS k
      FROM generate_series(timestamptz '2026-01-01 00:00+00', '2026-01-01 00:00:00.002+00', interval '1 microsecond') AS t) AS s;
SELECT uuid_v8_floor('infinity');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_v8_floor('1969-12-31 23:59:59.999999+00');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_v8_floor('2554-07-21 23:34:33.709552+00');
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- Pruning: 30 daily partitions keyed by v7 with a primary key. A bound
-- through uuid_v7_floor is computed once when the query starts (the function
-- is IMMUTABLE), and the partitions that cannot hold a key in range are
-- removed: with a bind parameter in a generic plan as with a constant.
CREATE TABLE readings (id uuid NOT NULL, value integer, PRIMARY KEY (id)) PARTITION BY RANGE (id);
CREATE TABLE readings_default PARTITION OF readings DEFAULT;
DO $$
DECLARE
  d timestamptz;
BEGIN
  FOR d IN SELECT generate_series(timestamptz '2026-01-01 00:00+00', '2026-01-30 00:00+00', interval '1 day') LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF readings FOR VALUES FROM (%L) TO (%L)',
                   'readings_' || to_char(d, 'YYYYMMDD'), uuid_v7_floor(d), uuid_v7_floor(d + interval '1 day'));
  END LOOP;
END
$$;
SELECT count(*) AS partitions FROM pg_inherits WHERE inhparent = 'readings'::regclass;
INSERT INTO readings
SELECT uuid_generate_v7(t), 1
FROM generate_series(timestamptz '2026-01-01 00:00+00', '2026-01-30 23:50+00', interval '10 minutes') AS t;
ANALYZE readings;
-- Partitions read by a query: the Subplans Removed line and the partitions
-- scanned, from EXPLAIN (ANALYZE) (the plan's shape is left out: it may
-- differ between editions).
CREATE FUNCTION pg_temp.touched(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  line text;
  removed text := 'none removed';
  scanned text[] := '{}';
BEGIN
  FOR line IN EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ' || query LOOP
    IF line ~ 'Subplans Removed' THEN
      removed := btrim(line);
    ELSIF line ~ ' on readings_[a-z0-9]+' AND line !~ 'never executed' THEN
      scanned := scanned || substring(line FROM ' on (readings_[a-z0-9]+)');
    END IF;
  END LOOP;
  RETURN removed || '; scanned: ' || array_to_string(ARRAY(SELECT DISTINCT s FROM unnest(scanned) AS s ORDER BY 1), ' ');
END
$$;
SELECT pg_temp.touched($q$SELECT count(*) FROM readings
  WHERE id >= uuid_v7_floor(timestamptz '2026-01-30 12:00+00' - interval '1 hour')$q$) AS constant_bound;
SELECT count(*) AS last_hours FROM readings WHERE id >= uuid_v7_floor(timestamptz '2026-01-30 12:00+00' - interval '1 hour');
PREPARE since(timestamptz) AS SELECT count(*) FROM readings WHERE id >= uuid_v7_floor($1);
PREPARE between_days(timestamptz, timestamptz) AS
  SELECT count(*) FROM readings WHERE id >= uuid_v7_floor($1) AND id < uuid_v7_floor($2);
SET plan_cache_mode = force_generic_plan;
SELECT pg_temp.touched($q$EXECUTE since('2026-01-30 11:00+00')$q$) AS generic_since;
SELECT pg_temp.touched($q$EXECUTE between_days('2026-01-10 00:00+00', '2026-01-12 00:00+00')$q$) AS generic_between;
EXECUTE between_days('2026-01-10 00:00+00', '2026-01-12 00:00+00');
RESET plan_cache_mode;
DROP TABLE readings;
