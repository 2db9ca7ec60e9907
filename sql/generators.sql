-- The generators as both editions (the C library and the SQL one) have them:
-- no shadowed core name, version and variant, order within a session, the
-- time they carry, and the backfill overloads with their NULLs and errors.
-- generators_c.sql has the C library's declarations and uuid6_status().
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
-- An error's context differs between the editions (a PL/pgSQL line in the SQL
-- edition, none in the C library): it is not shown.
\set SHOW_CONTEXT never

-- No function of uuid6 shadows a core function of this server. (uuid6's
-- min(uuid) and max(uuid), made only where the server has none, add the one
-- type core's aggregates lack: sql/minmax.sql, sql/core_names.sql.)
SELECT p.proname FROM pg_proc p
WHERE p.pronamespace = 'pg_catalog'::regnamespace
  AND p.proname IN (SELECT p2.proname FROM pg_proc p2
                    JOIN pg_depend d ON d.objid = p2.oid AND d.deptype = 'e'
                    JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uuid6'
                    WHERE NOT (p2.prokind = 'a' AND p2.proname IN ('min', 'max')
                               AND p2.proargtypes = '2950'::oidvector));

-- Version and variant of every generator.
SELECT (uuid_inspect(uuid_generate_v6())).version AS v6,
       (uuid_inspect(uuid_generate_v7())).version AS v7,
       (uuid_inspect(uuid_generate_v8())).version AS v8,
       (uuid_inspect(uuid_generate_v7())).variant AS variant;

-- Strictly increasing within a statement, for each version.
SELECT version, count(*) AS generated, count(*) FILTER (WHERE id <= previous) AS not_increasing,
       count(DISTINCT id) AS distinct_ids
FROM (
  SELECT version, id, lag(id) OVER (PARTITION BY version ORDER BY n) AS previous
  FROM (SELECT 6 AS version, n, uuid_generate_v6() AS id FROM generate_series(1, 20000) AS n
        UNION ALL
        SELECT 7, n, uuid_generate_v7() FROM generate_series(1, 20000) AS n
        UNION ALL
        SELECT 8, n, uuid_generate_v8() FROM generate_series(1, 20000) AS n) AS g
) AS s
GROUP BY version ORDER BY version;

-- Their time is now (within a second of the clock).
SELECT abs(extract(epoch FROM uuid_extract_time(uuid_generate_v6()) - clock_timestamp())) < 1 AS v6_now,
       abs(extract(epoch FROM uuid_extract_time(uuid_generate_v7(), true) - clock_timestamp())) < 1 AS v7_now,
       abs(extract(epoch FROM uuid_extract_time(uuid_generate_v8()) - clock_timestamp())) < 1 AS v8_now;

-- A decoded time is never later than the moment the value was made
-- (docs/design.md, Ticks and layouts): read back, each fresh value is at or before clock_timestamp() taken
-- right after it. (Rounding up would put most v7 sub-ms readings after it.)
SELECT count(*) AS samples,
       count(*) FILTER (WHERE uuid_extract_time(v6) > t) AS v6_late,
       count(*) FILTER (WHERE uuid_extract_time(v7, true) > t) AS v7_sub_ms_late,
       count(*) FILTER (WHERE uuid_extract_time(v7) > t) AS v7_late,
       count(*) FILTER (WHERE uuid_extract_time(v8) > t) AS v8_late
FROM (SELECT uuid_generate_v6() AS v6, uuid_generate_v7() AS v7, uuid_generate_v8() AS v8,
             clock_timestamp() AS t
      FROM generate_series(1, 20000) OFFSET 0) AS s;

-- RFC 9562 §6.10: a v6 with a random node has the multicast bit (the least
-- significant bit of octet 10) set, generated or backfilled; the other seven
-- bits of that octet stay random.
SELECT count(*) AS samples,
       count(*) FILTER (WHERE get_byte(b, 10) & 1 = 0) AS unicast,
       count(DISTINCT get_byte(b, 10)) AS octet_10_values
FROM (SELECT uuid_send(uuid_generate_v6()) AS b FROM generate_series(1, 10000)) AS s;
SELECT count(*) AS samples,
       count(*) FILTER (WHERE get_byte(b, 10) & 1 = 0) AS unicast,
       count(DISTINCT get_byte(b, 10)) AS octet_10_values
FROM (SELECT uuid_send(uuid_generate_v6('2001-02-03 04:05:06+00'::timestamptz + n * interval '1 ms')) AS b
      FROM generate_series(1, 10000) AS n) AS s;

-- Core uuid_extract_timestamp reads v1 from PostgreSQL 17 and v7 from 18:
-- wherever it reads a version, it must agree with uuid_extract_time. Where
-- the server has core uuidv7 (18+), our sub-millisecond reading of its
-- values stays inside the millisecond it encodes.
DO $$
DECLARE
  ours timestamptz;
  core timestamptz;
  id uuid;
  compared int := 0;
BEGIN
  IF to_regproc('pg_catalog.uuid_extract_timestamp') IS NOT NULL THEN
    FOR i IN 1..1000 LOOP
      FOREACH id IN ARRAY ARRAY[uuid_generate_v7(), uuid_v6_to_v1(uuid_generate_v6()),
                                'c232ab00-9414-11ec-b3c8-9f6bdeced846'::uuid] LOOP
        EXECUTE 'SELECT pg_catalog.uuid_extract_timestamp($1)' INTO core USING id;
        IF core IS NOT NULL THEN
          compared := compared + 1;
          IF core <> uuid_extract_time(id) THEN
            RAISE EXCEPTION 'core reads % as %, uuid6 as %', id, core, uuid_extract_time(id);
          END IF;
        END IF;
      END LOOP;
    END LOOP;
    IF compared < 2000 THEN
      RAISE EXCEPTION 'core uuid_extract_timestamp read only % values', compared;
    END IF;
  END IF;
  IF to_regproc('pg_catalog.uuidv7') IS NOT NULL THEN
    FOR i IN 1..1000 LOOP
      EXECUTE 'SELECT pg_catalog.uuidv7()' INTO id;
      ours := uuid_extract_time(id, true);
      IF ours < uuid_extract_time(id) OR ours >= uuid_extract_time(id) + interval '1 ms' THEN
        RAISE EXCEPTION 'sub-ms reading % of core uuidv7 % is outside its millisecond', ours, id;
      END IF;
    END LOOP;
  END IF;
END
$$;

-- Backfill: the value decodes to the given instant; low bits are random.
SELECT uuid_extract_time(uuid_generate_v6('2001-02-03 04:05:06.789012+00')) AS v6,
       uuid_extract_time(uuid_generate_v7('2001-02-03 04:05:06.789012+00'), true) AS v7_sub_ms,
       uuid_extract_time(uuid_generate_v7('2001-02-03 04:05:06.789012+00')) AS v7,
       uuid_extract_time(uuid_generate_v8(timestamptz '2001-02-03 04:05:06.789012+00')) AS v8;
SELECT count(DISTINCT uuid_generate_v7('2001-02-03 04:05:06+00')) AS distinct_v7,
       count(DISTINCT uuid_generate_v6('2001-02-03 04:05:06+00')) AS distinct_v6,
       count(DISTINCT uuid_generate_v8(timestamptz '2001-02-03 04:05:06+00')) AS distinct_v8
FROM generate_series(1, 1000);
-- Exact round trip at microsecond precision for many instants.
SELECT count(*) FILTER (WHERE uuid_extract_time(uuid_generate_v6(t)) <> t) AS v6_wrong,
       count(*) FILTER (WHERE uuid_extract_time(uuid_generate_v7(t), true) <> t) AS v7_wrong,
       count(*) FILTER (WHERE uuid_extract_time(uuid_generate_v8(t)) <> t) AS v8_wrong
FROM generate_series('2020-01-01 00:00:00+00'::timestamptz, '2020-01-01 00:00:01+00', '0.000997 s') AS t;
-- Backfilled keys sort by their instant (to the version's precision).
SELECT bool_and(a < b) AS v7_sorted
FROM (SELECT uuid_generate_v7(t) AS a, uuid_generate_v7(t + interval '1 ms') AS b
      FROM generate_series('2020-01-01'::timestamptz, '2020-01-02', '1 hour') AS t) AS s;
SELECT uuid_generate_v6(NULL) IS NULL AS v6, uuid_generate_v7(NULL) IS NULL AS v7,
       uuid_generate_v8(NULL::timestamptz) IS NULL AS v8;
SELECT uuid_generate_v7('1969-12-31 23:59:59+00');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_generate_v7('infinity');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_generate_v8(timestamptz '1969-12-31 23:59:59+00');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_generate_v8(timestamptz '2554-07-21 23:34:33.709552+00');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_generate_v6('1582-10-14 00:00:00+00');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_generate_v6('-infinity');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
-- PostgreSQL's last instant: its microseconds since 1970 exceed int64.
SELECT uuid_generate_v6('294276-12-31 23:59:59.999999+00');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_generate_v7('294276-12-31 23:59:59.999999+00');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_generate_v8(timestamptz '294276-12-31 23:59:59.999999+00');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_extract_time(uuid_generate_v8(timestamptz '2554-07-21 23:34:33.709551+00')) AS v8_last;
