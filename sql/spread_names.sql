-- uuid6_create_spread_partitions names partition b of a table "parent"
-- parent_bNN, the parent's name cut so that the whole name fits in 62
-- bytes: max_identifier_length (63) less the "_" of its array type's name.
-- Bytes, not characters: in UTF-8 a Cyrillic letter is two bytes, a CJK
-- character three, an emoji four.
-- Names of each kind, long, at the byte limit and straddling it, for
-- every bucket count from 2 to 256, in a schema whose name needs quoting
-- too (1.3 quoted such a name twice):
-- each call creates one partition per bucket, every name distinct, at
-- most 62 bytes, the longest prefix of the parent's name that fits
-- followed by the bucket's suffix, and each partition holds the bounds of
-- the bucket its name says. The byte lengths need a UTF-8 database: the
-- test makes one of its own (the regression database may be SQL_ASCII).
\set VERBOSITY terse
SELECT current_user AS superuser, current_database() AS regression_db \gset
SET client_min_messages = warning;
DROP DATABASE IF EXISTS uuid6_spread_names;
RESET client_min_messages;
CREATE DATABASE uuid6_spread_names TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C';
\c uuid6_spread_names :superuser
SET client_encoding = 'UTF8';
CREATE EXTENSION uuid6;
SHOW max_identifier_length;
CREATE SCHEMA names;
CREATE SCHEMA "Spread Names";

-- The parents' names: label, name.
CREATE TEMP TABLE parents (label text PRIMARY KEY, name text NOT NULL);
INSERT INTO parents VALUES
    ('ascii, 63 bytes', repeat('a', 63)),
    ('cyrillic, 30 characters', repeat('д', 30)),
    ('cyrillic, 31 characters', repeat('д', 31)),
    ('cyrillic 31 and ascii 1, 63 bytes', repeat('д', 31) || 'x'),
    ('ascii 1 and cyrillic 31, 63 bytes', 'x' || repeat('д', 31)),
    ('cjk, 21 characters', repeat('表', 21)),
    ('emoji 15 and ascii 3, 63 bytes', repeat('😀', 15) || 'abc'),
    ('ascii 58 and emoji 1, 62 bytes', repeat('b', 58) || '😀'),
    ('short', 'заказы');
SELECT label, length(name) AS characters, octet_length(name) AS bytes FROM parents ORDER BY label;

-- One case: a table of that name partitioned by range on a uuid, the
-- helper run on it, and what its partitions are called.
CREATE FUNCTION pg_temp.partition_names(schema text, parent text, buckets integer)
RETURNS TABLE (created integer, partitions bigint, distinct_names bigint, longest_bytes integer,
               longest_prefix_and_suffix boolean, bounds_match_names boolean)
LANGUAGE plpgsql AS $$
DECLARE
    digits integer := length((buckets - 1)::text);
    limit_bytes integer := 63 - 1 - 2 - digits;
BEGIN
    EXECUTE format('CREATE TABLE %I.%I (id uuid) PARTITION BY RANGE (id)', schema, parent);
    BEGIN
        created := uuid6_create_spread_partitions(format('%I.%I', schema, parent)::regclass, buckets);
    EXCEPTION WHEN OTHERS THEN
        RAISE NOTICE '% partitions of %: %', buckets, parent, SQLERRM;
    END;
    SELECT count(*), count(DISTINCT c.relname), max(octet_length(c.relname)),
           -- name = the parent's longest prefix that fits, then _b and the bucket
           bool_and(n.nspname = schema
                    AND c.relname::text ~ ('_b[0-9]{' || digits || '}$')
                    AND starts_with(parent, left(c.relname::text, -2 - digits))
                    AND octet_length(left(c.relname::text, -2 - digits)) <= limit_bytes
                    AND (length(left(c.relname::text, -2 - digits)) = length(parent)
                         OR octet_length(left(parent, length(c.relname::text) - 2 - digits + 1)) > limit_bytes)),
           -- the bucket in the name is the one whose bounds the partition has
           bool_and(pg_get_expr(c.relpartbound, c.oid) LIKE
                    format('FOR VALUES FROM (%L)%%',
                           lpad(to_hex(right(c.relname::text, digits)::integer
                                       << (8 - round(log(2, buckets))::integer)), 2, '0')
                           || '000000-0000-0000-0000-000000000000'))
        INTO partitions, distinct_names, longest_bytes, longest_prefix_and_suffix, bounds_match_names
        FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE i.inhparent = format('%I.%I', schema, parent)::regclass;
    EXECUTE format('DROP TABLE %I.%I', schema, parent);
    RETURN NEXT;
END;
$$;

-- Every name with 2, 16 and 128 buckets (suffixes of 3, 4 and 5 bytes);
-- the issue's 30-character Cyrillic name with every bucket count.
SELECT p.label, b AS buckets, r.*
FROM parents p CROSS JOIN unnest(ARRAY[2, 16, 128]) AS b
     CROSS JOIN LATERAL pg_temp.partition_names('names', p.name, b) AS r
ORDER BY p.label, b;
SELECT b AS buckets, r.*
FROM generate_series(1, 8) AS e(e) CROSS JOIN LATERAL (SELECT (2 ^ e)::integer AS b) AS s
     CROSS JOIN LATERAL pg_temp.partition_names('names', repeat('д', 30), b) AS r
ORDER BY b;

-- The names themselves: a Cyrillic parent with 16 buckets, an emoji one
-- with 2, in the schema whose name needs quoting.
CREATE TABLE "Spread Names"."ддддддддддддддддддддддддддддддд" (id uuid) PARTITION BY RANGE (id);
SELECT uuid6_create_spread_partitions('"Spread Names"."ддддддддддддддддддддддддддддддд"', 16) AS created;
CREATE TABLE "Spread Names"."😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀abc" (id uuid) PARTITION BY RANGE (id);
SELECT uuid6_create_spread_partitions('"Spread Names"."😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀abc"', 2) AS created;
SELECT c.relname, octet_length(c.relname) AS bytes, pg_get_expr(c.relpartbound, c.oid) AS bound
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = 'Spread Names' AND c.relispartition
ORDER BY c.relname COLLATE "C";
-- Run again: every partition is there already.
SELECT uuid6_create_spread_partitions('"Spread Names"."ддддддддддддддддддддддддддддддд"', 16) AS created_again;

\c :regression_db :superuser
DROP DATABASE uuid6_spread_names;
