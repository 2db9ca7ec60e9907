-- The pg_uuidv7 API as the C library declares it (sql/compat.sql has the
-- behaviour both editions share): its markings, the inlining that makes
-- zero = true usable as an index condition, and a move to another schema.
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
\set VERBOSITY default
\set SHOW_CONTEXT never

-- Markings: the readers are IMMUTABLE STRICT PARALLEL SAFE C functions; the
-- makers VOLATILE (zero = false draws random bits) PARALLEL SAFE SQL
-- functions with a standard body, not STRICT so that they can be inlined.
-- Each has a comment. pg_uuidv7's uuid_generate_v7() is ours, unchanged.
SELECT p.oid::regprocedure AS function, l.lanname, p.provolatile, p.proisstrict, p.proparallel,
       p.prosqlbody IS NOT NULL AS standard_body,
       obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented
FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
WHERE p.proname IN ('uuid_v7_to_timestamptz', 'uuid_v7_to_timestamp',
                    'uuid_timestamptz_to_v7', 'uuid_timestamp_to_v7', 'uuid_generate_v7')
ORDER BY p.oid::regprocedure::text COLLATE "C";

-- Inlined, a constant zero = true folds to uuid_v7_floor: a constant
-- instant gives a constant key, a stable one an index condition. zero =
-- false is uuid_generate_v7(at), evaluated per row.
CREATE TABLE compat_keys (id uuid PRIMARY KEY, made timestamp);
INSERT INTO compat_keys
SELECT uuid_timestamp_to_v7(t), t
FROM generate_series(timestamp '2024-01-01', '2024-01-31', interval '1 hour') AS t;
ANALYZE compat_keys;
SET enable_seqscan = off;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM compat_keys WHERE id >= uuid_timestamptz_to_v7('2024-01-30 00:00+00', true);
EXPLAIN (COSTS OFF)
SELECT count(*) FROM compat_keys WHERE id >= uuid_timestamp_to_v7('2024-01-30 00:00', true);
EXPLAIN (COSTS OFF)
SELECT count(*) FROM compat_keys WHERE id >= uuid_timestamptz_to_v7(now() - interval '1 day', true);
RESET enable_seqscan;
EXPLAIN (VERBOSE, COSTS OFF) SELECT uuid_timestamp_to_v7(made) FROM compat_keys;
SELECT count(*) FILTER (WHERE id >= uuid_timestamptz_to_v7('2024-01-30 00:00+00', true)) AS since_30th,
       count(*) FILTER (WHERE uuid_v7_to_timestamp(id) = made) AS made_read_back,
       count(*) AS total
FROM compat_keys;
DROP TABLE compat_keys;

-- The standard bodies are bound to uuid6's functions, not found through
-- search_path: they keep working with a search_path that does not name the
-- extension's schema.
SET search_path = pg_catalog;
SELECT public.uuid_timestamptz_to_v7('2023-01-02 04:26:40.637+00', true) AS tz_zeroed,
       public.uuid_timestamp_to_v7('2023-01-02 04:26:40.637', true) AS ts_zeroed,
       public.uuid_v7_to_timestamptz(
           public.uuid_timestamp_to_v7('2023-01-02 04:26:40.637')) AS read_back;
RESET search_path;
-- Since 1.5 the extension keeps its lease sequences in a schema of their
-- own, beside the one it is installed in: it cannot be moved as a whole.
CREATE SCHEMA compat_elsewhere;
ALTER EXTENSION uuid6 SET SCHEMA compat_elsewhere;
DROP SCHEMA compat_elsewhere;
