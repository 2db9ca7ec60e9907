-- uuid6 1.2 -> 1.3. Every SQL change from 1.2 on goes here; make builds the
-- 1.3 install script as the 1.0 script followed by the upgrade steps, so a
-- fresh install and an update run the same statements.
\echo Use "ALTER EXTENSION uuid6 UPDATE TO '1.3'" to load this file. \quit

-- ---------------------------------------------------------------------------
-- Spread mode: a version 8 key whose top bits are a bucket chosen by the
-- generating backend, followed by the tick of the cluster's v7 sequence
-- (bit layout in src/core/spread.hpp). Keys of one bucket rise strictly and
-- go to one right edge of the index; many writers at once append at as many
-- edges. The time reads back as a v7's. The partition and time-range
-- helpers are SQL over the bound function.

CREATE FUNCTION uuid_generate_v8_spread(buckets integer DEFAULT 16) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuid_generate_v8_spread' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_generate_v8_spread(integer) IS
    'a spread key: a UUIDv8 with this backend''s bucket (of buckets, a power of two from 2 to 256) in its top bits, then the next tick of the cluster''s v7 sequence; strictly increasing within a bucket, unique across all; 22023 for another bucket count, NULL for NULL';

CREATE FUNCTION uuid_spread_bucket(uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'uuid_spread_bucket' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_spread_bucket(uuid) IS
    'the bucket of a spread key (uuid_generate_v8_spread), from 0; NULL for any other UUID';

CREATE FUNCTION uuid_spread_buckets(uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'uuid_spread_buckets' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_spread_buckets(uuid) IS
    'the bucket count a spread key was made with (its last hex digit is log2 of it); NULL for any other UUID';

CREATE FUNCTION uuid_spread_floor(bucket integer, at timestamptz, buckets integer DEFAULT 16) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuid_spread_floor' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_spread_floor(integer, timestamptz, integer) IS
    'the smallest spread key of the bucket whose time, read to the millisecond, is at or after the instant: id >= uuid_spread_floor(b, a) selects exactly the keys of bucket b with uuid_extract_time(id) >= a; 22023 for a bad bucket or count, 22008 outside 1970 .. 10889';

-- A standard SQL body: bound to uuid_spread_floor when created, so it needs
-- no search_path at run time. The series runs at least once, so that a bad
-- bucket count is reported rather than answered with no rows.
CREATE FUNCTION uuid_spread_ranges(since timestamptz, until timestamptz, buckets integer DEFAULT 16)
    RETURNS TABLE (bucket integer, lo uuid, hi uuid)
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE ROWS 16
BEGIN ATOMIC
    SELECT b, uuid_spread_floor(b, since, buckets), uuid_spread_floor(b, until, buckets)
    FROM generate_series(0, greatest(buckets, 1) - 1) AS b
    ORDER BY b;
END;
COMMENT ON FUNCTION uuid_spread_ranges(timestamptz, timestamptz, integer) IS
    'one row per bucket: id >= lo AND id < hi selects the spread keys of that bucket with since <= uuid_extract_time(id) < until, one index range each (join it LATERAL); 22023 for a bad bucket count';

-- One range partition per bucket under a table declared PARTITION BY RANGE
-- on its uuid key: partition b holds every UUID whose top log2(buckets) bits
-- are b, so that each partition has one right edge, and together they hold
-- every UUID. Partitions already there with exactly those bounds are kept
-- (whatever their names), so running it again does nothing; any other
-- partition is refused. Returns the number of partitions created.
CREATE FUNCTION uuid6_create_spread_partitions(parent regclass, buckets integer DEFAULT 16)
    RETURNS integer
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
    SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    bits integer;
    strategy "char";
    key_columns int2vector;
    key_type regtype;
    rel_kind "char";
    bounds text[];
    foreign_partition text;
    parent_schema name;
    parent_name name;
    digits integer;
    suffix text;
    created integer := 0;
BEGIN
    IF buckets NOT IN (2, 4, 8, 16, 32, 64, 128, 256) THEN
        RAISE EXCEPTION 'a spread key needs a bucket count that is a power of two from 2 to 256, got %', buckets
            USING ERRCODE = '22023',
                  HINT = 'Use the same count for the keys, uuid6_create_spread_partitions and uuid_spread_ranges, for example 16.';
    END IF;
    bits := round(log(2, buckets))::integer;
    SELECT c.relkind, c.relnamespace::regnamespace::name, c.relname
        INTO rel_kind, parent_schema, parent_name
        FROM pg_class c WHERE c.oid = parent;
    IF rel_kind IS DISTINCT FROM 'p' THEN
        RAISE EXCEPTION '% is not a partitioned table', parent
            USING ERRCODE = '42809',
                  HINT = 'Declare it PARTITION BY RANGE on its uuid key, for example CREATE TABLE t (id uuid PRIMARY KEY DEFAULT uuid_generate_v8_spread(16), ...) PARTITION BY RANGE (id).';
    END IF;
    -- Serialises helpers on one table: they read the partitions, then add.
    EXECUTE format('LOCK TABLE %s IN SHARE ROW EXCLUSIVE MODE', parent);
    SELECT p.partstrat, p.partattrs INTO strategy, key_columns
        FROM pg_partitioned_table p WHERE p.partrelid = parent;
    IF strategy <> 'r' OR array_length(key_columns::int2[], 1) <> 1 OR key_columns[0] = 0 THEN
        RAISE EXCEPTION '% is not partitioned by range on one uuid column', parent
            USING ERRCODE = '42P16',
                  DETAIL = format('Its partition key is %s.', pg_get_partkeydef(parent)),
                  HINT = 'Spread partitions need PARTITION BY RANGE (id) on the uuid key alone.';
    END IF;
    SELECT a.atttypid::regtype INTO key_type
        FROM pg_attribute a WHERE a.attrelid = parent AND a.attnum = key_columns[0];
    IF key_type <> 'uuid'::regtype THEN
        RAISE EXCEPTION '% is not partitioned by range on one uuid column', parent
            USING ERRCODE = '42P16',
                  DETAIL = format('Its partition key is %s, of type %s.', pg_get_partkeydef(parent), key_type),
                  HINT = 'Spread partitions need PARTITION BY RANGE (id) on the uuid key alone.';
    END IF;

    -- The bound of bucket b: its top byte, b << (8 - bits), then zeros; the
    -- last bucket reaches MAXVALUE.
    SELECT array_agg(format('FOR VALUES FROM (%L) TO (%s)',
                            lpad(to_hex(b << (8 - bits)), 2, '0') || '000000-0000-0000-0000-000000000000',
                            CASE WHEN b = buckets - 1 THEN 'MAXVALUE'
                                 ELSE quote_literal(lpad(to_hex((b + 1) << (8 - bits)), 2, '0')
                                                    || '000000-0000-0000-0000-000000000000') END)
                     ORDER BY b)
        INTO bounds FROM generate_series(0, buckets - 1) AS b;
    SELECT format('%s (%s)', i.inhrelid::regclass, pg_get_expr(c.relpartbound, c.oid))
        INTO foreign_partition
        FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = parent AND pg_get_expr(c.relpartbound, c.oid) <> ALL (bounds)
        ORDER BY i.inhrelid::regclass::text LIMIT 1;
    IF foreign_partition IS NOT NULL THEN
        RAISE EXCEPTION '% already has a partition that is not one of % spread partitions', parent, buckets
            USING ERRCODE = '55000',
                  DETAIL = format('Partition %s.', foreign_partition),
                  HINT = 'Create the spread partitions on a table without other partitions, with the bucket count its keys are made with.';
    END IF;

    digits := length((buckets - 1)::text);
    FOR b IN 0 .. buckets - 1 LOOP
        CONTINUE WHEN EXISTS (
            SELECT FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
            WHERE i.inhparent = parent AND pg_get_expr(c.relpartbound, c.oid) = bounds[b + 1]);
        suffix := '_b' || lpad(b::text, digits, '0');
        EXECUTE format('CREATE TABLE %I.%I PARTITION OF %s %s', parent_schema,
                       left(parent_name, 63 - length(suffix)) || suffix, parent, bounds[b + 1]);
        created := created + 1;
    END LOOP;
    RETURN created;
END;
$$;
COMMENT ON FUNCTION uuid6_create_spread_partitions(regclass, integer) IS
    'creates one range partition per bucket (named <parent>_bNN) under a table declared PARTITION BY RANGE on its uuid key, each holding the UUIDs whose top bits are its bucket; keeps those already there; returns how many it created; 42809 for a table that is not partitioned, 42P16 for another partition key, 55000 for other partitions, 22023 for a bad bucket count';
