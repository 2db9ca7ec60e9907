-- Moving a database between the editions, as docs/sql-edition.md's "Moving between editions" says, on a
-- server that has the C library: run by test/edition/run.sh as a role that is not superuser and
-- owns the database, where the plain script is installed in schema uuid6 (psql -v plain=PATH
-- names the script). Prints "ok - ..." or "not ok - ..." per check.
\set ON_ERROR_STOP on
SET client_min_messages = warning;

-- A table whose DEFAULTs are the SQL edition's generators, with keys made.
CREATE TABLE item (n bigserial PRIMARY KEY, edition text NOT NULL,
                   v6 uuid NOT NULL DEFAULT uuid6.uuid_generate_v6(),
                   v7 uuid NOT NULL DEFAULT uuid6.uuid_generate_v7(),
                   v8 uuid NOT NULL DEFAULT uuid6.uuid_generate_v8());
INSERT INTO item (edition) SELECT 'sql' FROM generate_series(1, 500);
-- The SQL edition's sequences a minute ahead of the clock (as after a clock stepped back): a
-- C library not lifted to them would hand out lower keys.
SELECT uuid6.uuid6_advance(uuid6.uuid_generate_v6(clock_timestamp() + interval '1 minute')),
       uuid6.uuid6_advance(uuid6.uuid_generate_v7(clock_timestamp() + interval '1 minute')),
       uuid6.uuid6_advance(uuid6.uuid_generate_v8(clock_timestamp() + interval '1 minute')) \gset
INSERT INTO item (edition) SELECT 'sql' FROM generate_series(1, 500);
CREATE TEMP TABLE seen AS
SELECT 'before'::text AS step,
       (SELECT string_agg(format('%s=%s', adnum, pg_get_expr(adbin, adrelid)), ' ' ORDER BY adnum)
        FROM pg_attrdef WHERE adrelid = 'item'::regclass) AS defaults,
       (SELECT string_agg(p.oid::text, ' ' ORDER BY p.proname) FROM pg_proc p
        WHERE p.pronamespace = 'uuid6'::regnamespace
          AND p.proname IN ('uuid_generate_v6', 'uuid_generate_v7', 'uuid_generate_v8') AND p.pronargs = 0) AS generators,
       (SELECT string_agg(md5(pg_get_functiondef(p.oid)), ' ' ORDER BY p.proname) FROM pg_proc p
        WHERE p.pronamespace = 'uuid6'::regnamespace
          AND p.proname IN ('uuid_generate_v6', 'uuid_generate_v7', 'uuid_generate_v8') AND p.pronargs = 0) AS bodies,
       (SELECT md5(string_agg(format('%s %s %s %s', n, v6, v7, v8), ',' ORDER BY n)) FROM item) AS keys;

-- SQL edition -> C library, in one transaction: the C library beside it in a schema of its
-- own, lifted above every key the SQL edition has made, and the SQL edition's generators
-- replaced (same functions, so every DEFAULT follows) by calls to the C library's.
BEGIN;
SELECT pg_current_xact_id() AS forward_xid \gset
CREATE SCHEMA uuid6_c;
CREATE EXTENSION uuid6 SCHEMA uuid6_c;
SELECT uuid6_c.uuid6_advance(uuid6.uuid_generate_v6()),
       uuid6_c.uuid6_advance(uuid6.uuid_generate_v7()),
       uuid6_c.uuid6_advance(uuid6.uuid_generate_v8()) \gset
CREATE OR REPLACE FUNCTION uuid6.uuid_generate_v6() RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL SAFE RETURN uuid6_c.uuid_generate_v6();
CREATE OR REPLACE FUNCTION uuid6.uuid_generate_v7() RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL SAFE RETURN uuid6_c.uuid_generate_v7();
CREATE OR REPLACE FUNCTION uuid6.uuid_generate_v8() RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL SAFE RETURN uuid6_c.uuid_generate_v8();
SELECT pg_current_xact_id() = :'forward_xid'::xid8 AS forward_one_transaction \gset
COMMIT;

SELECT generated AS c_v7_before FROM uuid6_c.uuid6_status() WHERE version = 7 \gset
INSERT INTO item (edition) SELECT 'c' FROM generate_series(1, 500);
SELECT generated - :c_v7_before >= 500 AS c_made_them FROM uuid6_c.uuid6_status() WHERE version = 7 \gset
INSERT INTO seen
SELECT 'on c',
       (SELECT string_agg(format('%s=%s', adnum, pg_get_expr(adbin, adrelid)), ' ' ORDER BY adnum)
        FROM pg_attrdef WHERE adrelid = 'item'::regclass),
       (SELECT string_agg(p.oid::text, ' ' ORDER BY p.proname) FROM pg_proc p
        WHERE p.pronamespace = 'uuid6'::regnamespace
          AND p.proname IN ('uuid_generate_v6', 'uuid_generate_v7', 'uuid_generate_v8') AND p.pronargs = 0),
       (SELECT string_agg(md5(pg_get_functiondef(p.oid)), ' ' ORDER BY p.proname) FROM pg_proc p
        WHERE p.pronamespace = 'uuid6'::regnamespace
          AND p.proname IN ('uuid_generate_v6', 'uuid_generate_v7', 'uuid_generate_v8') AND p.pronargs = 0),
       (SELECT md5(string_agg(format('%s %s %s %s', n, v6, v7, v8), ',' ORDER BY n)) FROM item WHERE edition = 'sql');

-- The C library a couple of minutes ahead of the clock in turn, so that going back must lift
-- the SQL edition above it.
SELECT uuid6_c.uuid6_advance(uuid6_c.uuid_generate_v6(clock_timestamp() + interval '2 minutes')),
       uuid6_c.uuid6_advance(uuid6_c.uuid_generate_v7(clock_timestamp() + interval '2 minutes')),
       uuid6_c.uuid6_advance(uuid6_c.uuid_generate_v8(clock_timestamp() + interval '2 minutes')) \gset
INSERT INTO item (edition) SELECT 'c' FROM generate_series(1, 500);

-- C library -> SQL edition, in one transaction: the plain script run again over itself (its
-- functions back, same OIDs, the sequences kept), lifted above every key the C library has
-- made, and the C library dropped.
BEGIN;
SELECT pg_current_xact_id() AS back_xid \gset
\set outer_transaction 1
\set schema uuid6
\i :plain
\unset outer_transaction
SELECT uuid6.uuid6_advance(uuid6_c.uuid_generate_v6()),
       uuid6.uuid6_advance(uuid6_c.uuid_generate_v7()),
       uuid6.uuid6_advance(uuid6_c.uuid_generate_v8()) \gset
DROP EXTENSION uuid6;
DROP SCHEMA uuid6_c;
SELECT pg_current_xact_id() = :'back_xid'::xid8 AS back_one_transaction \gset
COMMIT;
RESET search_path;

INSERT INTO item (edition) SELECT 'sql again' FROM generate_series(1, 500);
INSERT INTO seen
SELECT 'back',
       (SELECT string_agg(format('%s=%s', adnum, pg_get_expr(adbin, adrelid)), ' ' ORDER BY adnum)
        FROM pg_attrdef WHERE adrelid = 'item'::regclass),
       (SELECT string_agg(p.oid::text, ' ' ORDER BY p.proname) FROM pg_proc p
        WHERE p.pronamespace = 'uuid6'::regnamespace
          AND p.proname IN ('uuid_generate_v6', 'uuid_generate_v7', 'uuid_generate_v8') AND p.pronargs = 0),
       (SELECT string_agg(md5(pg_get_functiondef(p.oid)), ' ' ORDER BY p.proname) FROM pg_proc p
        WHERE p.pronamespace = 'uuid6'::regnamespace
          AND p.proname IN ('uuid_generate_v6', 'uuid_generate_v7', 'uuid_generate_v8') AND p.pronargs = 0),
       (SELECT md5(string_agg(format('%s %s %s %s', n, v6, v7, v8), ',' ORDER BY n)) FROM item WHERE edition IN ('sql', 'c'));

\pset format unaligned
\pset tuples_only on
WITH b AS (SELECT * FROM seen WHERE step = 'before'), c AS (SELECT * FROM seen WHERE step = 'on c'),
     k AS (SELECT * FROM seen WHERE step = 'back'),
     rises AS (SELECT count(*) FILTER (WHERE v6 <= p6 OR v7 <= p7 OR v8 <= p8) AS lower, count(*) AS rows
               FROM (SELECT v6, v7, v8, lag(v6) OVER w AS p6, lag(v7) OVER w AS p7, lag(v8) OVER w AS p8
                     FROM item WINDOW w AS (ORDER BY n)) s)
SELECT format('%s - %s', CASE WHEN pass THEN 'ok' ELSE 'not ok' END, check_name)
FROM (VALUES
  ((SELECT c.defaults = b.defaults AND k.defaults = b.defaults FROM b, c, k),
   'every DEFAULT unchanged on the C library and back'),
  ((SELECT c.generators = b.generators AND c.bodies <> b.bodies FROM b, c),
   'on the C library: the same generator functions (same OIDs), with new bodies'),
  ((SELECT k.generators = b.generators AND k.bodies = b.bodies FROM b, k),
   'back: the same generator functions with their SQL edition bodies'),
  ((SELECT c.keys = (SELECT md5(string_agg(format('%s %s %s %s', n, v6, v7, v8), ',' ORDER BY n)) FROM item WHERE edition = 'sql')
           AND b.keys = c.keys FROM b, c),
   'no key rewritten'),
  (:'c_made_them'::boolean, 'on the C library: the DEFAULTs take their keys from it'),
  (:'forward_one_transaction'::boolean, 'to the C library in one transaction'),
  (:'back_one_transaction'::boolean, 'back to the SQL edition in one transaction (the plain script inside it)'),
  ((SELECT lower = 0 AND rows = 2500 FROM rises),
   'keys rise across both moves (SQL edition ahead of the clock, then the C library ahead), every version')
) AS t(pass, check_name);
