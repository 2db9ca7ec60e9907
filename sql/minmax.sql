-- min(uuid) and max(uuid): uuid6's where PostgreSQL has none (before 20),
-- core's from 20 on; this file reads the same on both. Values at both ends
-- of the byte order, NULLs, empty input, groups, agreement with ORDER BY,
-- the transition functions, the planner's index answer (Index Only Scan
-- Backward under a Limit on a primary key), a parallel plan that combines
-- partial results, and markings.
SET timezone = 'UTC';
\set VERBOSITY default

-- Exactly one min(uuid) and one max(uuid) are visible: core's, or uuid6's.
SELECT (pg_catalog.to_regprocedure('pg_catalog.min(uuid)') IS NOT NULL)
       <> EXISTS (SELECT FROM pg_proc p WHERE p.proname = 'min' AND p.prokind = 'a'
                  AND p.proargtypes = '2950'::oidvector AND p.pronamespace <> 'pg_catalog'::regnamespace) AS one_min,
       (pg_catalog.to_regprocedure('pg_catalog.max(uuid)') IS NOT NULL)
       <> EXISTS (SELECT FROM pg_proc p WHERE p.proname = 'max' AND p.prokind = 'a'
                  AND p.proargtypes = '2950'::oidvector AND p.pronamespace <> 'pg_catalog'::regnamespace) AS one_max;

-- The byte order, unsigned: a first or ninth byte of 0x80 is above 0x7f.
SELECT min(u), max(u)
FROM (VALUES ('7fffffff-ffff-ffff-ffff-ffffffffffff'::uuid), ('80000000-0000-0000-0000-000000000000'),
             ('00000000-0000-0000-0000-000000000001'), (NULL)) AS v(u);
SELECT min(u), max(u)
FROM (VALUES ('01890a5d-ac96-774b-7fff-ffffffffffff'::uuid), ('01890a5d-ac96-774b-8000-000000000000'),
             ('01890a5d-ac96-774b-8000-000000000001')) AS v(u);
SELECT min(u), max(u)
FROM (VALUES ('00000000-0000-0000-0000-000000000000'::uuid), ('ffffffff-ffff-ffff-ffff-ffffffffffff')) AS v(u);

-- NULLs are skipped; no rows, or only NULLs, give NULL.
SELECT min(u) IS NULL AS min_null, max(u) IS NULL AS max_null FROM (SELECT NULL::uuid WHERE false) AS v(u);
SELECT min(u) IS NULL AS min_null, max(u) IS NULL AS max_null FROM (VALUES (NULL::uuid), (NULL)) AS v(u);
SELECT min(u), max(u) FROM (VALUES (NULL::uuid), ('01890a5d-ac96-774b-bcce-b302099a8057'), (NULL)) AS v(u);

-- Groups, and agreement with ORDER BY over random values and keys.
CREATE TABLE minmax_keys (id uuid PRIMARY KEY, g integer, r uuid);
INSERT INTO minmax_keys SELECT uuid_generate_v7(), n % 7, CASE WHEN n % 11 = 0 THEN NULL ELSE gen_random_uuid() END
FROM generate_series(1, 10000) AS n;
SELECT count(*) AS groups,
       count(*) FILTER (WHERE lo = (SELECT r FROM minmax_keys k WHERE k.g = s.g AND r IS NOT NULL ORDER BY r LIMIT 1)
                          AND hi = (SELECT r FROM minmax_keys k WHERE k.g = s.g AND r IS NOT NULL ORDER BY r DESC LIMIT 1)
                          AND first_key = (SELECT id FROM minmax_keys k WHERE k.g = s.g ORDER BY id LIMIT 1)
                          AND last_key = (SELECT id FROM minmax_keys k WHERE k.g = s.g ORDER BY id DESC LIMIT 1)) AS agree
FROM (SELECT g, min(r) AS lo, max(r) AS hi, min(id) AS first_key, max(id) AS last_key
      FROM minmax_keys GROUP BY g) AS s;
SELECT min(id) = (SELECT id FROM minmax_keys ORDER BY id LIMIT 1) AS min_first,
       max(id) = (SELECT id FROM minmax_keys ORDER BY id DESC LIMIT 1) AS max_last,
       min(r) = (SELECT r FROM minmax_keys WHERE r IS NOT NULL ORDER BY r LIMIT 1) AS min_random,
       max(r) = (SELECT r FROM minmax_keys WHERE r IS NOT NULL ORDER BY r DESC LIMIT 1) AS max_random
FROM minmax_keys;

-- The planner answers min(id) and max(id) from the primary key: a Limit
-- over an Index Only Scan, backward for max, as for core's aggregates. (The
-- plan is read by a query: its text differs between PostgreSQL versions.)
VACUUM ANALYZE minmax_keys;
CREATE FUNCTION pg_temp.plan_of(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  line text;
  plan text := '';
BEGIN
  FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
    plan := plan || line || E'\n';
  END LOOP;
  RETURN plan;
END
$$;
SELECT q AS query,
       plan ~ 'Limit' AS limited,
       plan ~ 'Index Only Scan Backward using minmax_keys_pkey' AS backward_scan,
       plan ~ 'Index Only Scan using minmax_keys_pkey' AS forward_scan,
       plan ~ 'Seq Scan' AS seq_scan
FROM unnest(ARRAY['SELECT max(id) FROM minmax_keys', 'SELECT min(id) FROM minmax_keys',
                  'SELECT min(id), max(id) FROM minmax_keys']) WITH ORDINALITY AS t(q, o),
     LATERAL pg_temp.plan_of(q) AS plan
ORDER BY o;
SELECT max(id) = (SELECT id FROM minmax_keys ORDER BY id DESC LIMIT 1) AS indexed_max_right,
       min(id) = (SELECT id FROM minmax_keys ORDER BY id LIMIT 1) AS indexed_min_right
FROM minmax_keys;

-- A parallel plan aggregates in its workers and combines their results.
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
SELECT plan ~ 'Finalize Aggregate' AS finalized, plan ~ 'Partial Aggregate' AS partial,
       plan ~ 'Parallel Seq Scan' AS parallel_scan
FROM pg_temp.plan_of('SELECT min(r), max(r) FROM minmax_keys') AS plan;
SELECT min(r) = (SELECT r FROM minmax_keys WHERE r IS NOT NULL ORDER BY r LIMIT 1) AS parallel_min_right,
       max(r) = (SELECT r FROM minmax_keys WHERE r IS NOT NULL ORDER BY r DESC LIMIT 1) AS parallel_max_right
FROM minmax_keys;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;
DROP TABLE minmax_keys;

-- The aggregates in use (core's or uuid6's): ordered by the uuid btree
-- operators, with a combine function, parallel safe.
SELECT p.proname AS aggregate, a.aggsortop::regoperator AS sort_operator,
       a.aggcombinefn <> 0 AS combines, p.proparallel, a.aggtranstype::regtype AS state
FROM pg_aggregate a JOIN pg_proc p ON p.oid = a.aggfnoid
WHERE a.aggfnoid IN ('min(uuid)'::regprocedure, 'max(uuid)'::regprocedure)
ORDER BY 1;

-- uuid6's transition functions: the smaller and the larger of two, the first
-- of two equal ones; NULL in, NULL out; IMMUTABLE STRICT PARALLEL SAFE, with
-- a comment.
SELECT uuid6_smaller('80000000-0000-0000-0000-000000000000', '7fffffff-ffff-ffff-ffff-ffffffffffff') AS smaller,
       uuid6_larger('80000000-0000-0000-0000-000000000000', '7fffffff-ffff-ffff-ffff-ffffffffffff') AS larger,
       uuid6_smaller(NULL, gen_random_uuid()) IS NULL AS smaller_null,
       uuid6_larger(gen_random_uuid(), NULL) IS NULL AS larger_null;
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel,
       obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented
FROM pg_proc p
WHERE p.proname IN ('uuid6_smaller', 'uuid6_larger')
ORDER BY p.oid::regprocedure::text COLLATE "C";
