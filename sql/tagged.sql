-- Tagged keys: uuid_generate_v7_tagged(tag) and uuid_extract_tag(uuid). Every
-- tag read back, the bounds, bad tags (22023), NULL, the layout (a v7 whose
-- last 4 bytes are the mark and the tag, its time now), order across tags
-- and with uuid_generate_v7() (one sequence), UUIDs that carry no tag, and
-- markings.
SET timezone = 'UTC';
\set VERBOSITY default
\set SHOW_CONTEXT never

-- Every tag, 0 to 255, read back from its key.
SELECT count(*) AS keys, count(*) FILTER (WHERE uuid_extract_tag(k) = t) AS read_back,
       min(uuid_extract_tag(k)) AS lowest, max(uuid_extract_tag(k)) AS highest
FROM (SELECT t, uuid_generate_v7_tagged(t) AS k FROM generate_series(0, 255) AS t) AS s;

-- The layout: a v7 of the RFC variant, made now, whose last 8 hex digits are
-- the mark 7a9c3e and the tag; the rest reads as any v7 of uuid6's.
SELECT t, right(k::text, 8) = '7a9c3e' || lpad(to_hex(t), 2, '0') AS mark_and_tag,
       (uuid_inspect(k)).version, (uuid_inspect(k)).variant,
       abs(extract(epoch FROM uuid_extract_time(k, true) - clock_timestamp())) < 5 AS made_now,
       uuid_v7_floor(uuid_extract_time(k)) <= k AS above_its_floor
FROM (SELECT t, uuid_generate_v7_tagged(t) AS k FROM unnest(ARRAY[0, 1, 127, 128, 254, 255]) AS t) AS s
ORDER BY t;

-- A tag outside 0 to 255 is refused (22023); NULL gives NULL.
SELECT uuid_generate_v7_tagged(-1);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_generate_v7_tagged(256);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_generate_v7_tagged(2147483647);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_generate_v7_tagged(-2147483648);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_generate_v7_tagged(NULL) IS NULL AS null_tag, uuid_extract_tag(NULL) IS NULL AS null_key;

-- Order: keys made in turn, with tags that fall and rise, and between keys
-- of uuid_generate_v7(), all rise strictly: one sequence, the tag below it.
SELECT count(*) AS keys, count(*) FILTER (WHERE k <= previous) AS not_rising,
       count(*) FILTER (WHERE n % 5 <> 0 AND uuid_extract_tag(k) = (255 - n * 37) & 255) AS tags_read,
       count(DISTINCT (255 - n * 37) & 255) FILTER (WHERE n % 5 <> 0) AS tags
FROM (SELECT n, k, lag(k) OVER (ORDER BY n) AS previous
      FROM (SELECT n, CASE WHEN n % 5 = 0 THEN uuid_generate_v7()
                           ELSE uuid_generate_v7_tagged((255 - n * 37) & 255) END AS k
            FROM generate_series(1, 5000) AS n) AS g) AS s;

-- A table of several kinds of rows, each kind's keys tagged: which kind a key
-- is comes from the key alone, and the keys of all kinds sort by when they
-- were made, interleaved (the tag clusters nothing).
CREATE TABLE tagged_rows (id uuid PRIMARY KEY, kind integer NOT NULL);
INSERT INTO tagged_rows SELECT uuid_generate_v7_tagged(n % 3), n % 3 FROM generate_series(1, 3000) AS n;
SELECT count(*) AS rows, count(*) FILTER (WHERE uuid_extract_tag(id) = kind) AS kind_from_key,
       (SELECT count(*) FROM (SELECT kind, lag(kind) OVER (ORDER BY id) AS before FROM tagged_rows) AS o
        WHERE kind <> before) AS kind_changes_in_key_order
FROM tagged_rows;
DROP TABLE tagged_rows;

-- UUIDs that carry no tag: other versions and variants (with the mark in
-- their last bytes too), the v7 floors, nil and max, a v7 with the mark one
-- bit off; a v7 written with the mark reads as tagged, whoever made it.
SELECT u, uuid_extract_tag(u::uuid) AS tag
FROM unnest(ARRAY['01890a5d-ac96-474b-bcce-b3027a9c3e05', '01890a5d-ac96-874b-bcce-b3027a9c3e05',
                  '01890a5d-ac96-674b-bcce-b3027a9c3e05', '01890a5d-ac96-774b-3cce-b3027a9c3e05',
                  '01890a5d-ac96-774b-dcce-b3027a9c3e05', '01890a5d-ac96-774b-bcce-b3027a9c3f05',
                  '01890a5d-ac96-774b-bcce-b302fa9c3e05', '01890a5d-ac96-774b-bcce-b302099a8057',
                  '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff',
                  '01890a5d-ac96-774b-bcce-b3027a9c3e05', '01890a5d-ac96-774b-8000-00007a9c3eff']) WITH ORDINALITY AS t(u, o)
ORDER BY o;
SELECT uuid_extract_tag(uuid_v7_floor('2024-05-01 12:00:00+00')) AS floor_tag,
       uuid_extract_tag(uuid_generate_v8()) AS v8_tag, uuid_extract_tag(uuid_generate_v6()) AS v6_tag;

-- Markings: the generator VOLATILE STRICT and not parallel safe (it draws
-- from the database's sequence: RESTRICTED in the C library, UNSAFE in the
-- SQL edition), the reader IMMUTABLE STRICT PARALLEL SAFE; both commented.
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict,
       CASE WHEN p.proname = 'uuid_generate_v7_tagged' THEN p.proparallel <> 's' ELSE p.proparallel = 's' END AS parallel_as_meant,
       obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented
FROM pg_proc p
WHERE p.proname IN ('uuid_generate_v7_tagged', 'uuid_extract_tag')
ORDER BY p.oid::regprocedure::text COLLATE "C";
