-- Spread keys (docs/spread.md; the layout in src/core/spread.hpp): the
-- generator, the floor of a bucket at an instant, one range per bucket and
-- the partition helper, with the C library's names, declarations, layout,
-- errors and outputs. (Reading spread keys is in 12_time.sql, 20_operations
-- and 30_codec.sql.)
--
-- A spread key is a version 8 whose top bits are the session's bucket,
-- followed by a tick of the database's v7 sequence (00_sequences.sql): the
-- very tick uuid_generate_v7() would have carried, drawn, lifted and made
-- durable by the same functions (uuid6_sql_draw, uuid6_sql_behind,
-- uuid6_sql_lift). So spread keys share the v7 sequence's order and its
-- guarantees with no sequence of their own: unique across all buckets,
-- strictly increasing within each (a subsequence of one strictly increasing
-- sequence), never handed out again after a crash, a clock stepped back or
-- a lift's lock held by another role; and v7 keys and spread keys of one
-- database never share a tick.
--
-- The bucket. The C library takes the backend's slot (MyProcNumber), which
-- SQL cannot read. Here it is the low bits of the session's process id,
-- pg_backend_pid() & (buckets - 1): fixed for the life of the session, so
-- each session's keys stay in one bucket and append at one right edge of
-- the index; and spread, because the postmaster forks a backend for each
-- connection and the kernel hands out process ids in turn (Linux: the next
-- free id above the last), so sessions that connect one after another take
-- consecutive ids, and so consecutive buckets, as consecutive slots do in
-- the C library (and where ids are random, uniformly spread buckets). It
-- needs nothing stored: a per-session value kept in a setting would be lost
-- to a RESET ALL or DISCARD ALL (connection poolers run one between
-- clients) and undone by a rollback of the transaction that set it. What
-- differs from the slot: slots are reused from 0 up, so N sessions of the C
-- library fill N buckets exactly, while process ids keep rising, so sessions
-- that connect at different times, between other processes' forks, may
-- share a bucket where the C library's would not. (The C library takes the
-- process id too, where a backend has no slot.)
--
-- Security (see 00_sequences.sql): the helpers are LANGUAGE sql with
-- SQL-standard bodies, bound at installation and inlined; the public
-- functions that must be STRICT, and the generator, are PL/pgSQL holding
-- only control flow and @extschema@/pg_catalog calls whose arguments have
-- exactly the declared types, with no SET clause (the generator is a hot
-- path; the floor is read per row where it is not folded to a constant);
-- errors come from raisers with a pinned path, given the runtime input so
-- that the planner never folds one into a constant error; the partition
-- helper, run once per table, pins its path.

-- The C library's 22023 for a bucket count that is not a power of two from
-- 2 to 256. (A raiser: runs only to raise, pinned path.)
CREATE FUNCTION uuid6_sql_spread_bad_count(buckets integer, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  RAISE EXCEPTION 'a spread key needs a bucket count that is a power of two from 2 to 256, got %', buckets
    USING ERRCODE = 'invalid_parameter_value',
          HINT = 'Use the same count for the keys, uuid6_create_spread_partitions and uuid_spread_ranges, for example 16.';
END
$$;
COMMENT ON FUNCTION uuid6_sql_spread_bad_count(integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: raises the 22023 error of a spread bucket count that is not a power of two from 2 to 256 (a raiser: pinned search_path, runs only to raise)';

-- The C library's 22023 for a bucket outside 0 .. buckets - 1.
CREATE FUNCTION uuid6_sql_spread_bad_bucket(bucket integer, bits integer, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  RAISE EXCEPTION 'bucket % is not one of the % buckets', bucket, 1 << bits
    USING ERRCODE = 'invalid_parameter_value', HINT = 'Buckets are numbered from 0.';
END
$$;
COMMENT ON FUNCTION uuid6_sql_spread_bad_bucket(integer, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: raises the 22023 error of a spread bucket outside the bucket count (a raiser: pinned search_path, runs only to raise)';

-- The C library's 22008 for an instant a spread key cannot hold: infinite,
-- before 1970, or past the v7 layout's last millisecond.
CREATE FUNCTION uuid6_sql_spread_out_of_range(at timestamptz, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF NOT isfinite(at) THEN
    RAISE EXCEPTION 'infinite timestamp cannot be encoded in a spread UUID'
      USING ERRCODE = 'datetime_field_overflow';
  END IF;
  RAISE EXCEPTION 'timestamp out of range for a spread key'
    USING ERRCODE = 'datetime_field_overflow',
          DETAIL = 'A spread key holds times from 1970-01-01 to 10889-08-02 UTC, at millisecond precision, as a version 7 does.';
END
$$;
COMMENT ON FUNCTION uuid6_sql_spread_out_of_range(timestamptz, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: raises the 22008 error of an instant a spread key cannot hold (a raiser: pinned search_path, runs only to raise)';

-- log2 of a bucket count (1 .. 8), or the error.
CREATE FUNCTION uuid6_sql_spread_bits(buckets integer, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE buckets WHEN 2 THEN 1 WHEN 4 THEN 2 WHEN 8 THEN 3 WHEN 16 THEN 4
                        WHEN 32 THEN 5 WHEN 64 THEN 6 WHEN 128 THEN 7 WHEN 256 THEN 8
                        ELSE @extschema@.uuid6_sql_spread_bad_count(buckets, true::@extschema@.uuid6_sql_seal) END;
COMMENT ON FUNCTION uuid6_sql_spread_bits(integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: log2 of a spread bucket count, 22023 for any count but a power of two from 2 to 256 (SQL-standard body, inlined)';

-- A bucket checked against 2^bits buckets.
CREATE FUNCTION uuid6_sql_spread_bucket(bucket integer, bits integer, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN bucket >= 0 AND bucket < (1 << bits) THEN bucket
                ELSE @extschema@.uuid6_sql_spread_bad_bucket(bucket, bits, true::@extschema@.uuid6_sql_seal) END;
COMMENT ON FUNCTION uuid6_sql_spread_bucket(integer, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a spread bucket, 22023 outside 0 .. 2^bits - 1 (SQL-standard body, inlined)';

-- The Unix milliseconds of an instant, rounded up (the floor's millisecond),
-- from 1970-01-01 to one millisecond past the v7 layout's last (2^48 ms,
-- which the floor reads as past every key of the bucket); 22008 otherwise.
CREATE FUNCTION uuid6_sql_spread_ms(at timestamptz, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN at >= '1970-01-01 00:00:00+00'::timestamptz AND at <= '10889-08-02 05:31:50.656+00'::timestamptz
                THEN (@extschema@.uuid6_sql_unix_us_of_instant(at, true::@extschema@.uuid6_sql_seal) + 999) / 1000
                ELSE @extschema@.uuid6_sql_spread_out_of_range(at, true::@extschema@.uuid6_sql_seal) END;
COMMENT ON FUNCTION uuid6_sql_spread_ms(timestamptz, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: an instant as Unix milliseconds rounded up, 22008 outside what a spread key holds (SQL-standard body, inlined)';

-- The high word of a spread key: the bucket byte (bucket b of 2^bits is
-- b << (8 - bits)), the top 40 bits of unix_ts_ms, version 8, then the low 8
-- bits of unix_ts_ms and the top 4 of the fraction: bits 67-16 of the v7
-- tick, given here as ms and the 16 bits below it (fraction and counter).
CREATE FUNCTION uuid6_sql_spread_hi(bits integer, bucket integer, ms bigint, below bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN (((bucket::bigint & ((1::bigint << bits) - 1)) << (64 - bits)))
           | ((ms >> 8) << 16) | 32768::bigint | ((ms & 255::bigint) << 4) | (below >> 16);
COMMENT ON FUNCTION uuid6_sql_spread_hi(integer, integer, bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the high word of a spread key (bucket byte, unix_ts_ms, version 8, the top of the fraction) (SQL-standard body, inlined)';

-- The smallest spread key of a bucket at a millisecond (every bit after the
-- time zero): past the layout's last millisecond, the next bucket's first
-- key, or the largest UUID after the last bucket, as the C library.
CREATE FUNCTION uuid6_sql_spread_floor(bits integer, bucket integer, ms bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN ms <= 281474976710655::bigint
                THEN @extschema@.uuid6_sql_uuid(@extschema@.uuid6_sql_spread_hi(bits, bucket, ms, 0::bigint, true::@extschema@.uuid6_sql_seal),
                                                -9223372036854775808, true::@extschema@.uuid6_sql_seal)
                WHEN bucket + 1 < (1 << bits)
                THEN @extschema@.uuid6_sql_uuid(@extschema@.uuid6_sql_spread_hi(bits, bucket + 1, 0::bigint, 0::bigint, true::@extschema@.uuid6_sql_seal),
                                                -9223372036854775808, true::@extschema@.uuid6_sql_seal)
                ELSE 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid END;
COMMENT ON FUNCTION uuid6_sql_spread_floor(integer, integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the smallest spread key of a bucket at a Unix millisecond (SQL-standard body, inlined)';

-- A spread key of a v7 tick t ((unix_ts_ms << 12 | fraction) << 8 |
-- counter): the high word as above; the low word variant 10, the tick's low
-- 16 bits (the fraction's low 8, the counter), uuid6.node_id in bits 82-97
-- (random bits when node is -1), the 26-bit spread mark 0x2F1A5C3, and
-- k = bits in the last 4 bits. Each argument is read once (node too: NULLIF,
-- not a CASE), so that the planner inlines it even where node is the
-- uuid6.node_id reading, an expression too costly to be copied.
CREATE FUNCTION uuid6_sql_spread_key(bits integer, bucket integer, t bigint, node integer, r bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_key(
             @extschema@.uuid6_sql_spread_hi(bits, bucket, t >> 20, t & 1048575::bigint, true::@extschema@.uuid6_sql_seal),
             -9223372036854775808 | ((t & 65535::bigint) << 46)
             | (coalesce(nullif(node, -1)::bigint, r & 65535::bigint) << 30)
             | (49391043::bigint << 4) | bits::bigint, true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION uuid6_sql_spread_key(integer, integer, bigint, integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the spread key of a bucket and a tick of the v7 sequence, with a node id or (node < 0) random bits (SQL-standard body, inlined)';

-- The generator. The bucket count is checked before a tick is drawn; the
-- tick is uuid_generate_v7()'s (uuid6_sql_draw: the read-only check, the
-- transaction's WAL record for durability, one nextval(); lifted when more
-- than 0.75 ms behind the clock, without waiting for the lift's lock); the
-- bucket the low bits of the session's process id (see the top of the
-- file). No SET clause: a hot path.
CREATE FUNCTION uuid_generate_v8_spread(buckets integer DEFAULT 16) RETURNS uuid
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE AS $$
DECLARE
  bits integer := @extschema@.uuid6_sql_spread_bits(buckets, true::@extschema@.uuid6_sql_seal);
  t bigint := @extschema@.uuid6_sql_draw(7, true::@extschema@.uuid6_sql_seal);
BEGIN
  IF @extschema@.uuid6_sql_behind(7, t, true::@extschema@.uuid6_sql_seal) THEN
    t := @extschema@.uuid6_sql_lifted(7, t, true::@extschema@.uuid6_sql_seal);
  END IF;
  RETURN @extschema@.uuid6_sql_spread_key(bits, pg_catalog.pg_backend_pid(), t,
                                          @extschema@.uuid6_sql_node_id(true::@extschema@.uuid6_sql_seal), @extschema@.uuid6_sql_random(true::@extschema@.uuid6_sql_seal), true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_generate_v8_spread(integer) IS
    'a spread key: a UUIDv8 with this backend''s bucket (of buckets, a power of two from 2 to 256) in its top bits, then the next tick of the cluster''s v7 sequence; strictly increasing within a bucket, unique across all; 22023 for another bucket count, NULL for NULL';

-- The floor: STRICT as in the C library, so PL/pgSQL (a STRICT SQL function
-- with a CASE would not be inlined either, and would cost more); its checks
-- in the C library's order: the count, the bucket, the instant.
CREATE FUNCTION uuid_spread_floor(bucket integer, at timestamptz, buckets integer DEFAULT 16) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  bits integer := @extschema@.uuid6_sql_spread_bits(buckets, true::@extschema@.uuid6_sql_seal);
  b integer := @extschema@.uuid6_sql_spread_bucket(bucket, bits, true::@extschema@.uuid6_sql_seal);
  ms bigint := @extschema@.uuid6_sql_spread_ms(at, true::@extschema@.uuid6_sql_seal);
BEGIN
  RETURN @extschema@.uuid6_sql_spread_floor(bits, b, ms, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_spread_floor(integer, timestamptz, integer) IS
    'the smallest spread key of the bucket whose time, read to the millisecond, is at or after the instant: id >= uuid_spread_floor(b, a) selects exactly the keys of bucket b with uuid_extract_time(id) >= a; 22023 for a bad bucket or count, 22008 outside 1970 .. 10889';

-- As in the C library: a standard SQL body, bound to uuid_spread_floor when
-- created. The series runs at least once, so that a bad bucket count is
-- reported rather than answered with no rows.
CREATE FUNCTION uuid_spread_ranges(since timestamptz, until timestamptz, buckets integer DEFAULT 16)
    RETURNS TABLE (bucket integer, lo uuid, hi uuid)
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE ROWS 16
BEGIN ATOMIC
    SELECT b, @extschema@.uuid_spread_floor(b, since, buckets), @extschema@.uuid_spread_floor(b, until, buckets)
    FROM pg_catalog.generate_series(0, GREATEST(buckets, 1) - 1) AS b
    ORDER BY b;
END;
COMMENT ON FUNCTION uuid_spread_ranges(timestamptz, timestamptz, integer) IS
    'one row per bucket: id >= lo AND id < hi selects the spread keys of that bucket with since <= uuid_extract_time(id) < until, one index range each (join it LATERAL); 22023 for a bad bucket count';

-- The C library's partition helper (sql/uuid6--1.3--1.4.sql), statement for
-- statement: one range partition per bucket under a table declared
-- PARTITION BY RANGE on its uuid key, partition b holding every UUID whose
-- top log2(buckets) bits are b; partitions already there with exactly those
-- bounds kept (whatever their names), any other refused; the partitions
-- named by the parent's name cut to whole characters whose bytes fit in
-- max_identifier_length - 1, then _bNN. Returns the number created.
-- PL/pgSQL with SET search_path = pg_catalog, pg_temp: it runs once per
-- table, never on a hot path; it names the parent by its schema and name,
-- each quoted, and calls nothing of uuid6.
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
    stem text;
    name_bytes integer;
    created integer := 0;
BEGIN
    IF buckets NOT IN (2, 4, 8, 16, 32, 64, 128, 256) THEN
        RAISE EXCEPTION 'a spread key needs a bucket count that is a power of two from 2 to 256, got %', buckets
            USING ERRCODE = '22023',
                  HINT = 'Use the same count for the keys, uuid6_create_spread_partitions and uuid_spread_ranges, for example 16.';
    END IF;
    bits := round(log(2, buckets))::integer;
    SELECT c.relkind, n.nspname, c.relname
        INTO rel_kind, parent_schema, parent_name
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = parent;
    IF rel_kind IS DISTINCT FROM 'p' THEN
        RAISE EXCEPTION '% is not a partitioned table', parent
            USING ERRCODE = '42809',
                  HINT = 'Declare it PARTITION BY RANGE on its uuid key, for example CREATE TABLE t (id uuid PRIMARY KEY DEFAULT uuid_generate_v8_spread(16), ...) PARTITION BY RANGE (id).';
    END IF;
    -- Serialises helpers on one table: they read the partitions, then add.
    EXECUTE format('LOCK TABLE %I.%I IN SHARE ROW EXCLUSIVE MODE', parent_schema, parent_name);
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

    -- Partition b is named stem || '_b' || b with b zero-padded to `digits`:
    -- the stem is the parent's name, cut by whole characters until the name
    -- fits in max_identifier_length bytes, less one for its array type's "_".
    digits := length((buckets - 1)::text);
    name_bytes := current_setting('max_identifier_length')::integer - 1 - length('_b') - digits;
    stem := parent_name::text;
    WHILE octet_length(stem) > name_bytes LOOP
        stem := left(stem, -1);
    END LOOP;
    FOR b IN 0 .. buckets - 1 LOOP
        CONTINUE WHEN EXISTS (
            SELECT FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
            WHERE i.inhparent = parent AND pg_get_expr(c.relpartbound, c.oid) = bounds[b + 1]);
        EXECUTE format('CREATE TABLE %I.%I PARTITION OF %I.%I %s', parent_schema,
                       stem || '_b' || lpad(b::text, digits, '0'), parent_schema, parent_name,
                       bounds[b + 1]);
        created := created + 1;
    END LOOP;
    RETURN created;
END;
$$;
COMMENT ON FUNCTION uuid6_create_spread_partitions(regclass, integer) IS
    'creates one range partition per bucket (named <parent>_bNN) under a table declared PARTITION BY RANGE on its uuid key, each holding the UUIDs whose top bits are its bucket; keeps those already there; returns how many it created; 42809 for a table that is not partitioned, 42P16 for another partition key, 55000 for other partitions, 22023 for a bad bucket count';
