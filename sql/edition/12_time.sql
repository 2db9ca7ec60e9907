-- Instants in and out of the layouts, as the C library's src/core/layout.cpp
-- and src/pg/convert.cpp: encoding a backfill instant rounds up, decoding
-- rounds down (docs/design.md, Ticks and layouts), and an instant outside a layout is refused
-- with the C library's 22008 error.
--
-- How these bodies keep to their own meaning whatever the caller's
-- search_path and whatever other roles created (issue 31):
--   - The work is done by LANGUAGE sql functions with SQL-standard bodies
--     (RETURN ...): PostgreSQL binds their functions, operators and casts
--     when it creates them (at installation, in a schema no other role can
--     create in), and the planner inlines them into the caller's expression,
--     so they cost no call. They are not STRICT, because a STRICT function
--     whose body holds a CASE is never inlined; the public functions in
--     front of them are STRICT, so NULL never reaches them.
--   - The public functions that must be STRICT (as in the C library) are
--     PL/pgSQL functions of one or a few statements, each a call of such a
--     helper qualified with @extschema@. and given arguments of exactly its
--     declared types (a parameter, a variable, a typed constant): nothing in
--     them is looked up in the caller's search_path but that one function,
--     in a schema only the installing role can create in. A STRICT LANGUAGE
--     sql function would not be inlined and would cost several times more.
--   - Errors come from raiser functions (PL/pgSQL with SET search_path =
--     pg_catalog, pg_temp: they run only to raise), given the runtime input
--     so that the planner never folds one into a constant error.
-- The input of a decoder is read from its 16 bytes (uuid_send, get_byte),
-- which costs less than slicing its text.

-- The error for an instant outside a layout. STRICT: a NULL instant (which
-- no public caller passes) stays NULL.
CREATE FUNCTION uuid6_sql_out_of_range(ts timestamptz, layout text, range text, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF NOT isfinite(ts) THEN
    RAISE EXCEPTION 'infinite timestamp cannot be encoded in a % UUID', layout
      USING ERRCODE = 'datetime_field_overflow';
  END IF;
  RAISE EXCEPTION 'timestamp out of range for a % UUID', layout
    USING ERRCODE = 'datetime_field_overflow',
          DETAIL = format('A %s UUID holds instants from %s.', layout, range);
END
$$;
COMMENT ON FUNCTION uuid6_sql_out_of_range(timestamptz, text, text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: raises the 22008 error of an instant outside a layout (a raiser: pinned search_path, runs only to raise)';

-- A finite timestamptz as Unix microseconds, exactly: extract(epoch ...) of
-- a timestamp is numeric, and AT TIME ZONE 'UTC' makes the timestamp
-- without involving the session's TimeZone (both IMMUTABLE, so the callers
-- inline). SQL-standard body: bound at installation.
CREATE FUNCTION uuid6_sql_unix_us_of_instant(ts timestamptz, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN (extract(epoch FROM ts AT TIME ZONE 'UTC') * 1000000)::bigint;
COMMENT ON FUNCTION uuid6_sql_unix_us_of_instant(timestamptz, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a finite timestamptz as Unix microseconds (SQL-standard body, inlined)';

-- Each layout's range, as the C library states it (src/pg/layout_ranges.hpp):
-- an instant inside it as Unix microseconds, any other (infinite included)
-- refused. SQL-standard bodies, inlined.
CREATE FUNCTION uuid6_sql_v6_us(ts timestamptz, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN ts >= '1582-10-15 00:00:00+00'::timestamptz AND ts <= '5236-03-31 21:21:00.684697+00'::timestamptz
                THEN @extschema@.uuid6_sql_unix_us_of_instant(ts, true::@extschema@.uuid6_sql_seal)
                ELSE @extschema@.uuid6_sql_out_of_range(ts, 'version 6',
                         '1582-10-15 00:00:00 to 5236-03-31 21:21:00.684697 UTC', true::@extschema@.uuid6_sql_seal) END;
COMMENT ON FUNCTION uuid6_sql_v6_us(timestamptz, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a timestamptz as Unix microseconds inside the version 6 layout''s range (SQL-standard body, inlined)';

CREATE FUNCTION uuid6_sql_v7_us(ts timestamptz, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN ts >= '1970-01-01 00:00:00+00'::timestamptz AND ts <= '10889-08-02 05:31:50.655999+00'::timestamptz
                THEN @extschema@.uuid6_sql_unix_us_of_instant(ts, true::@extschema@.uuid6_sql_seal)
                ELSE @extschema@.uuid6_sql_out_of_range(ts, 'version 7',
                         '1970-01-01 00:00:00 to 10889-08-02 05:31:50.655999 UTC', true::@extschema@.uuid6_sql_seal) END;
COMMENT ON FUNCTION uuid6_sql_v7_us(timestamptz, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a timestamptz as Unix microseconds inside the version 7 layout''s range (SQL-standard body, inlined)';

CREATE FUNCTION uuid6_sql_v8_us(ts timestamptz, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN ts >= '1970-01-01 00:00:00+00'::timestamptz AND ts <= '2554-07-21 23:34:33.709551+00'::timestamptz
                THEN @extschema@.uuid6_sql_unix_us_of_instant(ts, true::@extschema@.uuid6_sql_seal)
                ELSE @extschema@.uuid6_sql_out_of_range(ts, 'version 8',
                         '1970-01-01 00:00:00 to 2554-07-21 23:34:33.709551 UTC', true::@extschema@.uuid6_sql_seal) END;
COMMENT ON FUNCTION uuid6_sql_v8_us(timestamptz, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a timestamptz as Unix microseconds inside the version 8 layout''s range (SQL-standard body, inlined)';

-- Unix microseconds as a timestamptz, exactly: whole hours and the
-- microseconds within the hour are each exact in the double that interval
-- multiplication uses, and timestamp (without time zone) arithmetic and AT
-- TIME ZONE 'UTC' involve no zone's rules (all IMMUTABLE). SQL-standard
-- body; inlined where its argument is cheap to repeat.
CREATE FUNCTION uuid6_sql_time(us bigint, seal @extschema@.uuid6_sql_seal) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN (timestamp '1970-01-01 00:00:00' + (us / 3600000000) * interval '1 hour'
            + (us % 3600000000) * interval '1 microsecond') AT TIME ZONE 'UTC';
COMMENT ON FUNCTION uuid6_sql_time(bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: Unix microseconds as a timestamptz, exactly (SQL-standard body)';

-- A UUID from its high and low 64-bit words. SQL-standard body, inlined.
CREATE FUNCTION uuid6_sql_uuid(hi bigint, lo bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN pg_catalog.encode(pg_catalog.int8send(hi) || pg_catalog.int8send(lo), 'hex')::uuid;
COMMENT ON FUNCTION uuid6_sql_uuid(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the UUID of two 64-bit words, high then low (SQL-standard body, inlined)';

-- Byte i (0-15) of a UUID. SQL-standard body, inlined.
CREATE FUNCTION uuid6_sql_byte(id uuid, i integer, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN pg_catalog.get_byte(pg_catalog.uuid_send(id), i);
COMMENT ON FUNCTION uuid6_sql_byte(uuid, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: octet i of a UUID (SQL-standard body, inlined)';

-- The low word of a backfilled v7 or v8 from 64 random bits r: variant 10,
-- 62 random bits, and with a node id (0..65535) that id in bits 74-89 of the
-- UUID (bits 38-53 of the word). r appears once, so that a volatile
-- argument does not stop the inlining. SQL-standard body, inlined.
CREATE FUNCTION uuid6_sql_random_lo(r bigint, node integer, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN (r & CASE WHEN node < 0 THEN 4611686018427387903 ELSE 4593671894795812863 END)
           | CASE WHEN node < 0 THEN -9223372036854775808 ELSE -9223372036854775808 | (node::bigint << 38) END;
COMMENT ON FUNCTION uuid6_sql_random_lo(bigint, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the random low word of a backfilled v7 or v8, with the node id when set (SQL-standard body, inlined)';

-- Backfill: a value for the given instant with random low bits, outside the
-- sequences. v6: ts60 to the microsecond, clock_seq and node random, the
-- node's multicast bit set (RFC 9562 section 6.10), the node id in octets
-- 11-12 when set; v7: the fraction rounded up, so that the instant reads
-- back exactly; v8: ts60 rounded up to 16 ns, and never a value that reads
-- as a spread key (the C library's WithoutSpreadMark in src/core/spread.cpp:
-- bit 123 flipped in the rare value whose random bits carry the mark).
--
-- The layouts are SQL-standard helpers of the instant's microseconds us, 64
-- random bits r and the node id (-1: none). Each generator is a LANGUAGE sql
-- function whose body PostgreSQL inlines into the caller's query (bound at
-- installation): the random bits, then one call of a STABLE PL/pgSQL
-- function that checks the instant, reads the node id and lays the value
-- out. A VOLATILE PL/pgSQL function could not run in a parallel query that
-- writes (CREATE TABLE AS, with a parallel plan): PL/pgSQL advances the
-- command counter before each statement of a VOLATILE function, which a
-- parallel operation forbids.
CREATE FUNCTION uuid6_sql_v6_hi(us bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN (((us * 10 + 122192928000000000) >> 12) << 16) | 24576 | ((us * 10 + 122192928000000000) & 4095);
COMMENT ON FUNCTION uuid6_sql_v6_hi(bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the high word of a v6 for Unix microseconds (SQL-standard body, inlined)';

CREATE FUNCTION uuid6_sql_v6_at(us bigint, r bigint, node integer, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_uuid(@extschema@.uuid6_sql_v6_hi(us, true::@extschema@.uuid6_sql_seal),
        (r & CASE WHEN node < 0 THEN 4611686018427387903 ELSE 4611684918932537343 END)
        | CASE WHEN node < 0 THEN -9223370937343148032 ELSE -9223370937343148032 | (node::bigint << 24) END, true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION uuid6_sql_v6_at(bigint, bigint, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the v6 of a backfill instant (Unix microseconds) with random bits r and node id (-1: none) (SQL-standard body, inlined)';

CREATE FUNCTION uuid6_sql_v7_at(us bigint, r bigint, node integer, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_uuid(((us / 1000) << 16) | 28672 | (((us % 1000) * 4096 + 999) / 1000),
                                      @extschema@.uuid6_sql_random_lo(r, node, true::@extschema@.uuid6_sql_seal), true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION uuid6_sql_v7_at(bigint, bigint, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the v7 of a backfill instant (Unix microseconds) with random bits r and node id (-1: none) (SQL-standard body, inlined)';

-- The high word h and low word l of a v8 of uuid6's own layout read as a
-- spread key (src/core/spread.cpp, ReadSpread) when l carries the 26-bit
-- mark at bits 4-29, a bucket-bit count k from 1 to 8 in its last 4 bits,
-- and h has zero bucket bits below the bucket (the top byte's low 8 - k
-- bits). Then bit 4 of l (bit 123 of the UUID) is flipped.
CREATE FUNCTION uuid6_sql_without_spread_mark(h bigint, l bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN ((l >> 4) & 67108863) = 49391043 AND (l & 15) BETWEEN 1 AND 8
                     AND ((h >> 56) & ((1 << (8 - (l & 15)::integer)) - 1)) = 0
                THEN l # 16 ELSE l END;
COMMENT ON FUNCTION uuid6_sql_without_spread_mark(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the low word of a v8 of uuid6''s layout, with bit 123 flipped where the UUID would read as a spread key (SQL-standard body, inlined)';

CREATE FUNCTION uuid6_sql_v8_hi(us bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ((((us * 125 + 1) >> 1) >> 12) << 16) | 32768 | (((us * 125 + 1) >> 1) & 4095);
COMMENT ON FUNCTION uuid6_sql_v8_hi(bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the high word of a v8 of uuid6''s layout for Unix microseconds, ts60 rounded up to 16 ns (SQL-standard body, inlined)';

-- lo: the random low word (uuid6_sql_random_lo), a parameter because the
-- mark test reads it several times.
CREATE FUNCTION uuid6_sql_v8_at(us bigint, lo bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_uuid(@extschema@.uuid6_sql_v8_hi(us, true::@extschema@.uuid6_sql_seal),
        @extschema@.uuid6_sql_without_spread_mark(@extschema@.uuid6_sql_v8_hi(us, true::@extschema@.uuid6_sql_seal), lo, true::@extschema@.uuid6_sql_seal), true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION uuid6_sql_v8_at(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the v8 (uuid6 layout) of a backfill instant (Unix microseconds) with the low word lo, never reading as a spread key (SQL-standard body, inlined)';

-- The instant, the node id and the random bits r as the value: STABLE (the
-- node id is a setting), so PL/pgSQL does not advance the command counter.
CREATE FUNCTION uuid6_sql_v6_of(ts timestamptz, r bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE AS $$
-- Qualified calls with exact argument types only (see the top of the file).
DECLARE
  us bigint := @extschema@.uuid6_sql_v6_us(ts, true::@extschema@.uuid6_sql_seal);
  node integer := @extschema@.uuid6_sql_node_id_value(true::@extschema@.uuid6_sql_seal);
BEGIN
  RETURN @extschema@.uuid6_sql_v6_at(us, r, node, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid6_sql_v6_of(timestamptz, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: uuid_generate_v6(timestamptz) with the random bits r (PL/pgSQL of qualified calls)';

CREATE FUNCTION uuid6_sql_v7_of(ts timestamptz, r bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE AS $$
-- Qualified calls with exact argument types only (see the top of the file).
DECLARE
  us bigint := @extschema@.uuid6_sql_v7_us(ts, true::@extschema@.uuid6_sql_seal);
  node integer := @extschema@.uuid6_sql_node_id_value(true::@extschema@.uuid6_sql_seal);
BEGIN
  RETURN @extschema@.uuid6_sql_v7_at(us, r, node, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid6_sql_v7_of(timestamptz, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: uuid_generate_v7(timestamptz) with the random bits r (PL/pgSQL of qualified calls)';

CREATE FUNCTION uuid6_sql_v8_of(ts timestamptz, r bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE AS $$
-- Qualified calls with exact argument types only (see the top of the file).
DECLARE
  us bigint := @extschema@.uuid6_sql_v8_us(ts, true::@extschema@.uuid6_sql_seal);
  node integer := @extschema@.uuid6_sql_node_id_value(true::@extschema@.uuid6_sql_seal);
  lo bigint := @extschema@.uuid6_sql_random_lo(r, node, true::@extschema@.uuid6_sql_seal);
BEGIN
  RETURN @extschema@.uuid6_sql_v8_at(us, lo, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid6_sql_v8_of(timestamptz, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: uuid_generate_v8(timestamptz) with the random bits r (PL/pgSQL of qualified calls)';

-- 64 random bits: a hash of the 122 random bits of a version 4 UUID.
CREATE FUNCTION uuid_generate_v6("at" timestamptz) RETURNS uuid
    LANGUAGE sql VOLATILE STRICT PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_v6_of("at", pg_catalog.uuid_hash_extended(pg_catalog.gen_random_uuid(), 0::bigint), true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION uuid_generate_v6(timestamptz) IS
    'A UUIDv6 for the given instant with random clock_seq and node, outside the sequence (for backfilling keys)';

CREATE FUNCTION uuid_generate_v7("at" timestamptz) RETURNS uuid
    LANGUAGE sql VOLATILE STRICT PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_v7_of("at", pg_catalog.uuid_hash_extended(pg_catalog.gen_random_uuid(), 0::bigint), true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION uuid_generate_v7(timestamptz) IS
    'A UUIDv7 for the given instant (to the microsecond) with random rand_b, outside the sequence (for backfilling keys)';

CREATE FUNCTION uuid_generate_v8("at" timestamptz) RETURNS uuid
    LANGUAGE sql VOLATILE STRICT PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_v8_of("at", pg_catalog.uuid_hash_extended(pg_catalog.gen_random_uuid(), 0::bigint), true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION uuid_generate_v8(timestamptz) IS
    'A UUIDv8 (uuid6 layout) for the given instant with random sequence and node, outside the sequence (for backfilling keys)';

-- RFC 9562 section 5.8 with caller-supplied bits: the first 16 bytes with
-- version 8 and variant 10; fewer is an error.
CREATE FUNCTION uuid6_sql_short_custom(custom bytea, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  RAISE EXCEPTION 'uuid_generate_v8 needs at least 16 bytes, got %', length(custom)
    USING ERRCODE = 'invalid_parameter_value',
          HINT = 'Pass the 128 bits to use, for example sha256(namespace || name).';
END
$$;
COMMENT ON FUNCTION uuid6_sql_short_custom(bytea, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: raises the 22023 error of uuid_generate_v8 given fewer than 16 bytes (a raiser: pinned search_path)';

CREATE FUNCTION uuid6_sql_v8_custom(custom bytea, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN pg_catalog.octet_length(custom) >= 16
                THEN pg_catalog.encode(pg_catalog.set_byte(pg_catalog.set_byte(pg_catalog.substr(custom, 1, 16), 6, (pg_catalog.get_byte(custom, 6) & 15) | 128),
                                     8, (pg_catalog.get_byte(custom, 8) & 63) | 128), 'hex')::uuid
                ELSE @extschema@.uuid6_sql_short_custom(custom, true::@extschema@.uuid6_sql_seal) END;
COMMENT ON FUNCTION uuid6_sql_v8_custom(bytea, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: uuid_generate_v8(bytea) (SQL-standard body, inlined)';

CREATE FUNCTION uuid_generate_v8(custom bytea) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- One qualified call with its exact argument type (see the top of the file).
BEGIN
  RETURN @extschema@.uuid6_sql_v8_custom(custom, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_generate_v8(bytea) IS
    'A UUIDv8 from the first 16 of the given bytes with version and variant set (RFC 9562 section 5.8, Appendix B.2)';

-- A spread key (uuid_generate_v8_spread; the layout in src/core/spread.hpp),
-- from the text of a version 8 UUID of the RFC 9562 variant: the 26-bit mark
-- in bits 98-123 (hex digits 29-35: 'f1a5c3' after a digit whose low two
-- bits are 10), k = log2 of the bucket count from 1 to 8 in the last digit,
-- and the 8 - k bits below the bucket in the first byte zero. Not STRICT, so
-- that the planner inlines it where it is used (its AND is not strict) and it
-- costs no call; its callers are STRICT. SQL-standard body.
CREATE FUNCTION uuid6_sql_is_spread(t text, seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN pg_catalog.substr(t, 30, 6) = 'f1a5c3' AND pg_catalog.substr(t, 29, 1) IN ('2', '6', 'a', 'e')
           AND pg_catalog.substr(t, 36, 1) IN ('1', '2', '3', '4', '5', '6', '7', '8')
           AND (('x' || pg_catalog.substr(t, 1, 2))::bit(8)::integer & ((1 << (8 - pg_catalog.substr(t, 36, 1)::integer)) - 1)) = 0;
COMMENT ON FUNCTION uuid6_sql_is_spread(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: whether the text of a version 8 UUID of the RFC 9562 variant is a spread key (SQL-standard body, inlined)';

-- The same test on the UUID's bytes (octets 12-15 hold the mark and k).
CREATE FUNCTION uuid6_sql_spread(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN (pg_catalog.get_byte(pg_catalog.uuid_send(id), 12) & 63) = 47 AND pg_catalog.get_byte(pg_catalog.uuid_send(id), 13) = 26
           AND pg_catalog.get_byte(pg_catalog.uuid_send(id), 14) = 92 AND (pg_catalog.get_byte(pg_catalog.uuid_send(id), 15) >> 4) = 3
           AND (pg_catalog.get_byte(pg_catalog.uuid_send(id), 15) & 15) BETWEEN 1 AND 8
           AND (pg_catalog.get_byte(pg_catalog.uuid_send(id), 0) & ((1 << (8 - (pg_catalog.get_byte(pg_catalog.uuid_send(id), 15) & 15))) - 1)) = 0;
COMMENT ON FUNCTION uuid6_sql_spread(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: whether a version 8 UUID of the RFC 9562 variant is a spread key, read from its bytes (SQL-standard body, inlined)';

-- The version of an RFC 9562 UUID, -1 under another variant.
CREATE FUNCTION uuid6_sql_version(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN (pg_catalog.get_byte(pg_catalog.uuid_send(id), 8) & 192) = 128 THEN pg_catalog.get_byte(pg_catalog.uuid_send(id), 6) >> 4 ELSE -1 END;
COMMENT ON FUNCTION uuid6_sql_version(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the version of a UUID of the RFC 9562 variant, -1 for another variant (SQL-standard body, inlined)';

-- The 60-bit timestamp of a v6 or v8 (time_high, time_mid, time_low: octets
-- 0-5 and the low 12 bits of octets 6-7) and of a v1 (time_low, time_mid,
-- time_hi in that order).
CREATE FUNCTION uuid6_sql_ts60(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN (pg_catalog.get_byte(pg_catalog.uuid_send(id), 0)::bigint << 52) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 1)::bigint << 44)
           | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 2)::bigint << 36) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 3)::bigint << 28)
           | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 4)::bigint << 20) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 5)::bigint << 12)
           | ((pg_catalog.get_byte(pg_catalog.uuid_send(id), 6) & 15) << 8) | pg_catalog.get_byte(pg_catalog.uuid_send(id), 7);
COMMENT ON FUNCTION uuid6_sql_ts60(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the 60-bit timestamp of a v6 or v8 (SQL-standard body, inlined)';

CREATE FUNCTION uuid6_sql_ts60_v1(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ((pg_catalog.get_byte(pg_catalog.uuid_send(id), 6) & 15)::bigint << 56) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 7)::bigint << 48)
           | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 4)::bigint << 40) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 5)::bigint << 32)
           | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 0)::bigint << 24) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 1) << 16)
           | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 2) << 8) | pg_catalog.get_byte(pg_catalog.uuid_send(id), 3);
COMMENT ON FUNCTION uuid6_sql_ts60_v1(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the 60-bit timestamp of a v1 (SQL-standard body, inlined)';

-- The Unix milliseconds of a v7 (octets 0-5) and of a spread key (octet 1
-- to the top of octet 7, around the version nibble), each in two 24-bit
-- halves: (high << 24) + low. Halves, because a half times a millisecond
-- interval stays exact in interval multiplication's double.
CREATE FUNCTION uuid6_sql_ms_high(id uuid, spread boolean, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN spread
                THEN (pg_catalog.get_byte(pg_catalog.uuid_send(id), 1) << 16) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 2) << 8) | pg_catalog.get_byte(pg_catalog.uuid_send(id), 3)
                ELSE (pg_catalog.get_byte(pg_catalog.uuid_send(id), 0) << 16) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 1) << 8) | pg_catalog.get_byte(pg_catalog.uuid_send(id), 2) END;
COMMENT ON FUNCTION uuid6_sql_ms_high(uuid, boolean, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the top 24 bits of the Unix milliseconds of a v7 or a spread key (SQL-standard body, inlined)';

CREATE FUNCTION uuid6_sql_ms_low(id uuid, spread boolean, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN spread
                THEN (pg_catalog.get_byte(pg_catalog.uuid_send(id), 4) << 16) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 5) << 8)
                     | ((pg_catalog.get_byte(pg_catalog.uuid_send(id), 6) & 15) << 4) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 7) >> 4)
                ELSE (pg_catalog.get_byte(pg_catalog.uuid_send(id), 3) << 16) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 4) << 8) | pg_catalog.get_byte(pg_catalog.uuid_send(id), 5) END;
COMMENT ON FUNCTION uuid6_sql_ms_low(uuid, boolean, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the low 24 bits of the Unix milliseconds of a v7 or a spread key (SQL-standard body, inlined)';

-- The Method 3 fraction (12 bits) of a v7 (rand_a) or of a spread key (the
-- low 4 bits of octet 7, then 8 bits after the variant), as microseconds
-- rounded down.
CREATE FUNCTION uuid6_sql_fraction_us(id uuid, spread boolean, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN (CASE WHEN spread
                 THEN ((pg_catalog.get_byte(pg_catalog.uuid_send(id), 7) & 15) << 8) | ((pg_catalog.get_byte(pg_catalog.uuid_send(id), 8) & 63) << 2)
                      | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 9) >> 6)
                 ELSE ((pg_catalog.get_byte(pg_catalog.uuid_send(id), 6) & 15) << 8) | pg_catalog.get_byte(pg_catalog.uuid_send(id), 7) END * 1000) >> 12;
COMMENT ON FUNCTION uuid6_sql_fraction_us(uuid, boolean, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the sub-millisecond fraction of a v7 or a spread key in microseconds, rounded down (SQL-standard body, inlined)';

-- The Unix microseconds, rounded down, that a v1, v6, v7 or v8 UUID stands
-- for (a spread key as the v7 it carries; with sub_ms a v7 also reads the
-- fraction); NULL for other versions and variants. v1 and v6: 100-ns ticks
-- since 1582 (never negative, so / rounds down); v8: 16-ns ticks since 1970.
CREATE FUNCTION uuid6_sql_unix_us_of(id uuid, sub_ms boolean, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal)
      WHEN 7 THEN ((@extschema@.uuid6_sql_ms_high(id, false, true::@extschema@.uuid6_sql_seal)::bigint << 24)
                   | @extschema@.uuid6_sql_ms_low(id, false, true::@extschema@.uuid6_sql_seal)) * 1000
                  + CASE WHEN sub_ms THEN @extschema@.uuid6_sql_fraction_us(id, false, true::@extschema@.uuid6_sql_seal) ELSE 0 END
      WHEN 6 THEN @extschema@.uuid6_sql_ts60(id, true::@extschema@.uuid6_sql_seal) / 10 - 12219292800000000
      WHEN 1 THEN @extschema@.uuid6_sql_ts60_v1(id, true::@extschema@.uuid6_sql_seal) / 10 - 12219292800000000
      WHEN 8 THEN CASE WHEN @extschema@.uuid6_sql_spread(id, true::@extschema@.uuid6_sql_seal)
                       THEN ((@extschema@.uuid6_sql_ms_high(id, true, true::@extschema@.uuid6_sql_seal)::bigint << 24)
                             | @extschema@.uuid6_sql_ms_low(id, true, true::@extschema@.uuid6_sql_seal)) * 1000
                            + CASE WHEN sub_ms THEN @extschema@.uuid6_sql_fraction_us(id, true, true::@extschema@.uuid6_sql_seal) ELSE 0 END
                       ELSE @extschema@.uuid6_sql_ts60(id, true::@extschema@.uuid6_sql_seal) * 2 / 125 END END;
COMMENT ON FUNCTION uuid6_sql_unix_us_of(uuid, boolean, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the Unix microseconds, rounded down, that a v1, v6, v7 or v8 UUID (a spread key as the v7 it carries) stands for; NULL for other versions and variants (SQL-standard body, inlined)';

-- Reading the time, as uuid6_sql_unix_us_of but straight into a timestamp
-- (without time zone, whose arithmetic is IMMUTABLE) in parts that each stay
-- exact: whole hours and microseconds (v1, v6 from 1582, v8), or the two
-- halves of the milliseconds (v7, spread keys), then AT TIME ZONE 'UTC'.
CREATE FUNCTION uuid6_sql_extract_time(id uuid, sub_ms boolean, seal @extschema@.uuid6_sql_seal) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal)
      WHEN 7 THEN (timestamp '1970-01-01 00:00:00'
                   + @extschema@.uuid6_sql_ms_high(id, false, true::@extschema@.uuid6_sql_seal) * interval '16777216 milliseconds'
                   + @extschema@.uuid6_sql_ms_low(id, false, true::@extschema@.uuid6_sql_seal) * interval '1 millisecond'
                   + CASE WHEN sub_ms THEN @extschema@.uuid6_sql_fraction_us(id, false, true::@extschema@.uuid6_sql_seal) ELSE 0 END
                     * interval '1 microsecond') AT TIME ZONE 'UTC'
      WHEN 6 THEN (timestamp '1582-10-15 00:00:00'
                   + (@extschema@.uuid6_sql_ts60(id, true::@extschema@.uuid6_sql_seal) / 36000000000) * interval '1 hour'
                   + ((@extschema@.uuid6_sql_ts60(id, true::@extschema@.uuid6_sql_seal) % 36000000000) / 10) * interval '1 microsecond') AT TIME ZONE 'UTC'
      WHEN 1 THEN (timestamp '1582-10-15 00:00:00'
                   + (@extschema@.uuid6_sql_ts60_v1(id, true::@extschema@.uuid6_sql_seal) / 36000000000) * interval '1 hour'
                   + ((@extschema@.uuid6_sql_ts60_v1(id, true::@extschema@.uuid6_sql_seal) % 36000000000) / 10) * interval '1 microsecond') AT TIME ZONE 'UTC'
      WHEN 8 THEN CASE WHEN @extschema@.uuid6_sql_spread(id, true::@extschema@.uuid6_sql_seal)
                       THEN (timestamp '1970-01-01 00:00:00'
                             + @extschema@.uuid6_sql_ms_high(id, true, true::@extschema@.uuid6_sql_seal) * interval '16777216 milliseconds'
                             + @extschema@.uuid6_sql_ms_low(id, true, true::@extschema@.uuid6_sql_seal) * interval '1 millisecond'
                             + CASE WHEN sub_ms THEN @extschema@.uuid6_sql_fraction_us(id, true, true::@extschema@.uuid6_sql_seal) ELSE 0 END
                               * interval '1 microsecond') AT TIME ZONE 'UTC'
                       ELSE (timestamp '1970-01-01 00:00:00'
                             + (@extschema@.uuid6_sql_ts60(id, true::@extschema@.uuid6_sql_seal) / 225000000000) * interval '1 hour'
                             + ((@extschema@.uuid6_sql_ts60(id, true::@extschema@.uuid6_sql_seal) * 2 / 125) % 3600000000) * interval '1 microsecond')
                            AT TIME ZONE 'UTC' END END;
COMMENT ON FUNCTION uuid6_sql_extract_time(uuid, boolean, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: uuid_extract_time (SQL-standard body, inlined)';

-- The two readers: one PL/pgSQL call each, of one qualified helper, so that
-- they are STRICT as in the C library, and an index on uuid_extract_time(id)
-- and its plans read as they do with the C library.
CREATE FUNCTION uuid_extract_time(uuid) RETURNS timestamptz
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- One qualified call with exact argument types (see the top of the file).
BEGIN
  RETURN @extschema@.uuid6_sql_extract_time($1, false, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_extract_time(uuid) IS
    'Creation time of a v1 or v6 (to the microsecond), v7 (to the millisecond) or v8 read by uuid6''s own layout (meaningless for other generators'' v8); NULL for other versions and variants';

CREATE FUNCTION uuid_extract_time(uuid, sub_ms boolean) RETURNS timestamptz
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- One qualified call with exact argument types (see the top of the file).
BEGIN
  RETURN @extschema@.uuid6_sql_extract_time($1, sub_ms, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_extract_time(uuid, boolean) IS
    'As uuid_extract_time(uuid); with sub_ms true a v7 also reads rand_a as the RFC 9562 Method 3 sub-millisecond fraction, rounded down to the microsecond';

-- Range floors: the smallest UUID of the version at the instant.
CREATE FUNCTION uuid6_sql_v7_floor(ts timestamptz, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_uuid(((@extschema@.uuid6_sql_v7_us(ts, true::@extschema@.uuid6_sql_seal) / 1000) << 16) | 28672,
                                      -9223372036854775808, true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION uuid6_sql_v7_floor(timestamptz, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: uuid_v7_floor (SQL-standard body, inlined)';

CREATE FUNCTION uuid_v7_floor(timestamptz) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- One qualified call with exact argument types (see the top of the file).
BEGIN
  RETURN @extschema@.uuid6_sql_v7_floor($1, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_v7_floor(timestamptz) IS
    'The smallest UUIDv7 of the given instant''s millisecond: id >= uuid_v7_floor(a) AND id < uuid_v7_floor(b) selects keys made in [a, b)';

CREATE FUNCTION uuid6_sql_v6_floor(us bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_uuid(@extschema@.uuid6_sql_v6_hi(us, true::@extschema@.uuid6_sql_seal), -9223372036854775808, true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION uuid6_sql_v6_floor(bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the smallest v6 of an instant in Unix microseconds (SQL-standard body, inlined)';

CREATE FUNCTION uuid_v6_floor(timestamptz) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- Qualified calls with exact argument types only (see the top of the file).
DECLARE
  us bigint := @extschema@.uuid6_sql_v6_us($1, true::@extschema@.uuid6_sql_seal);
BEGIN
  RETURN @extschema@.uuid6_sql_v6_floor(us, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_v6_floor(timestamptz) IS
    'The smallest UUIDv6 of the given instant (100-ns precision): id >= uuid_v6_floor(a) AND id < uuid_v6_floor(b) selects keys made in [a, b)';

-- The floor of uuid6's own v8 layout: the tick of the instant rounded up, as
-- a backfilled v8's (uuid6_sql_v8_hi), with the low word zero but for the
-- variant, so that it reads back as the instant.
CREATE FUNCTION uuid6_sql_v8_floor(us bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_uuid(@extschema@.uuid6_sql_v8_hi(us, true::@extschema@.uuid6_sql_seal), -9223372036854775808, true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION uuid6_sql_v8_floor(bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the smallest v8 of uuid6''s layout of an instant in Unix microseconds (SQL-standard body, inlined)';

CREATE FUNCTION uuid_v8_floor(timestamptz) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- Qualified calls with exact argument types only (see the top of the file).
DECLARE
  us bigint := @extschema@.uuid6_sql_v8_us($1, true::@extschema@.uuid6_sql_seal);
BEGIN
  RETURN @extschema@.uuid6_sql_v8_floor(us, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_v8_floor(timestamptz) IS
    'The smallest UUIDv8 of uuid6''s layout for the given instant (to the microsecond): id >= uuid_v8_floor(a) AND id < uuid_v8_floor(b) selects the v8 keys uuid6 made in [a, b) (spread keys are not in that order)';

-- pg_partman's time decoder: it calls the decoder with a partition's bound
-- as text. The text is cast to uuid (the type's own input function: the
-- same 22P02 for text that is not a UUID), then read as uuid_extract_time(uuid)
-- reads it. An untyped literal, uuid_extract_time('0190...'), resolves to
-- this form and means the same.
CREATE FUNCTION uuid_extract_time(text) RETURNS timestamptz
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- One qualified call with an argument of exactly its type (see the top of the file).
BEGIN
  RETURN @extschema@.uuid6_sql_extract_time(CAST($1 AS pg_catalog.uuid), false, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_extract_time(text) IS
    'uuid_extract_time(uuid) of a UUID given as text (pg_partman''s time decoder calls it so); 22P02 for text that is not a UUID';
