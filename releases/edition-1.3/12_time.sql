-- Instants in and out of the layouts, as the C library's src/core/layout.cpp
-- and src/pg/convert.cpp: encoding a backfill instant rounds up, decoding
-- rounds down (SPEC section 3), and an instant outside a layout is refused
-- with the C library's 22008 error.

-- A timestamptz as Unix microseconds, refused (22008) when infinite or
-- outside [min_us, max_us]. Exact: extract(epoch ...) is numeric.
CREATE FUNCTION uuid6_sql_unix_us(ts timestamptz, layout text, min_us bigint, max_us bigint,
                                  range text) RETURNS bigint
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  us numeric;
BEGIN
  IF NOT pg_catalog.isfinite(ts) THEN
    RAISE EXCEPTION 'infinite timestamp cannot be encoded in a % UUID', layout
      USING ERRCODE = 'datetime_field_overflow';
  END IF;
  us := extract(epoch FROM ts) * 1000000;
  IF us < min_us OR us > max_us THEN
    RAISE EXCEPTION 'timestamp out of range for a % UUID', layout
      USING ERRCODE = 'datetime_field_overflow',
            DETAIL = format('A %s UUID holds instants from %s.', layout, range);
  END IF;
  RETURN us::bigint;
END
$$;
COMMENT ON FUNCTION uuid6_sql_unix_us(timestamptz, text, bigint, bigint, text) IS
    'uuid6 internal: a timestamptz as Unix microseconds, or the 22008 error of an instant outside a layout';

-- Each layout's range, as the C library states it (src/pg/layout_ranges.hpp).
CREATE FUNCTION uuid6_sql_v6_us(ts timestamptz) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_unix_us(ts, 'version 6', -12219292800000000, 103072857660684697,
                                         '1582-10-15 00:00:00 to 5236-03-31 21:21:00.684697 UTC');
COMMENT ON FUNCTION uuid6_sql_v6_us(timestamptz) IS
    'uuid6 internal: a timestamptz as Unix microseconds inside the version 6 layout''s range';

CREATE FUNCTION uuid6_sql_v7_us(ts timestamptz) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_unix_us(ts, 'version 7', 0, 281474976710655999,
                                         '1970-01-01 00:00:00 to 10889-08-02 05:31:50.655999 UTC');
COMMENT ON FUNCTION uuid6_sql_v7_us(timestamptz) IS
    'uuid6 internal: a timestamptz as Unix microseconds inside the version 7 layout''s range';

CREATE FUNCTION uuid6_sql_v8_us(ts timestamptz) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_unix_us(ts, 'version 8', 0, 18446744073709551,
                                         '1970-01-01 00:00:00 to 2554-07-21 23:34:33.709551 UTC');
COMMENT ON FUNCTION uuid6_sql_v8_us(timestamptz) IS
    'uuid6 internal: a timestamptz as Unix microseconds inside the version 8 layout''s range';

-- Unix microseconds as a timestamptz, exactly: whole hours and the
-- microseconds within the hour are each exact in the double that interval
-- multiplication uses, and an interval of hours and microseconds adds the
-- same in every time zone.
CREATE FUNCTION uuid6_sql_time(us bigint) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN '1970-01-01 00:00:00+00'::timestamptz + (us / 3600000000) * interval '1 hour'
           + (us % 3600000000) * interval '1 microsecond';
COMMENT ON FUNCTION uuid6_sql_time(bigint) IS
    'uuid6 internal: Unix microseconds as a timestamptz, exactly';

-- The 16 hex digits of a v7 or v8 low word: variant 10, 62 random bits,
-- and, when uuid6.node_id is set, the node id in its bits 74-89.
CREATE FUNCTION uuid6_sql_random_low(r text, node integer) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN node < 0 THEN substr(r, 20, 4) || substr(r, 25, 12)
                ELSE pg_catalog.to_hex((('x' || substr(r, 20, 4) || substr(r, 25, 3))::bit(28)::integer
                                        & ~(65535 << 2)) | (node << 2)) || substr(r, 28, 9) END;
COMMENT ON FUNCTION uuid6_sql_random_low(text, integer) IS
    'uuid6 internal: a random v7 or v8 low word in hex from a gen_random_uuid() text, with the node id when set';

-- Backfill: a value for the given instant with random low bits, outside the
-- sequences. v6: ts60 to the microsecond; v7: the fraction rounded up, so
-- that the instant reads back exactly; v8: ts60 rounded up to 16 ns.

CREATE FUNCTION uuid_generate_v6("at" timestamptz) RETURNS uuid
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL SAFE AS $$
DECLARE
  x text := pg_catalog.lpad(pg_catalog.to_hex(@extschema@.uuid6_sql_v6_us("at") * 10 + 122192928000000000), 15, '0');
  r text := pg_catalog.gen_random_uuid()::text;
  node integer := @extschema@.uuid6_sql_node_id();
BEGIN
  RETURN (substr(x, 1, 12) || '6' || substr(x, 13, 3) || substr(r, 20, 4)
          || substr(r, 25, 1) || translate(substr(r, 26, 1), '02468ace', '13579bdf')
          || CASE WHEN node < 0 THEN substr(r, 27, 4)
                  ELSE pg_catalog.lpad(pg_catalog.to_hex(node), 4, '0') END
          || substr(r, 31, 6))::uuid;
END
$$;
COMMENT ON FUNCTION uuid_generate_v6(timestamptz) IS
    'A UUIDv6 for the given instant with random clock_seq and node, outside the sequence (for backfilling keys)';

CREATE FUNCTION uuid_generate_v7("at" timestamptz) RETURNS uuid
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL SAFE AS $$
DECLARE
  us bigint := @extschema@.uuid6_sql_v7_us("at");
BEGIN
  RETURN (pg_catalog.lpad(pg_catalog.to_hex(us / 1000), 12, '0') || '7'
          || pg_catalog.lpad(pg_catalog.to_hex(((us % 1000) * 4096 + 999) / 1000), 3, '0')
          || @extschema@.uuid6_sql_random_low(pg_catalog.gen_random_uuid()::text,
                                              @extschema@.uuid6_sql_node_id()))::uuid;
END
$$;
COMMENT ON FUNCTION uuid_generate_v7(timestamptz) IS
    'A UUIDv7 for the given instant (to the microsecond) with random rand_b, outside the sequence (for backfilling keys)';

CREATE FUNCTION uuid_generate_v8("at" timestamptz) RETURNS uuid
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL SAFE AS $$
DECLARE
  x text := pg_catalog.lpad(pg_catalog.to_hex((@extschema@.uuid6_sql_v8_us("at") * 125 + 1) >> 1), 15, '0');
BEGIN
  RETURN (substr(x, 1, 12) || '8' || substr(x, 13, 3)
          || @extschema@.uuid6_sql_random_low(pg_catalog.gen_random_uuid()::text,
                                              @extschema@.uuid6_sql_node_id()))::uuid;
END
$$;
COMMENT ON FUNCTION uuid_generate_v8(timestamptz) IS
    'A UUIDv8 (uuid6 layout) for the given instant with random sequence and node, outside the sequence (for backfilling keys)';

-- RFC 9562 section 5.8 with caller-supplied bits.
CREATE FUNCTION uuid_generate_v8(custom bytea) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  h text;
BEGIN
  IF length(custom) < 16 THEN
    RAISE EXCEPTION 'uuid_generate_v8 needs at least 16 bytes, got %', length(custom)
      USING ERRCODE = 'invalid_parameter_value',
            HINT = 'Pass the 128 bits to use, for example sha256(namespace || name).';
  END IF;
  h := encode(substr(custom, 1, 16), 'hex');
  RETURN (substr(h, 1, 12) || '8' || substr(h, 14, 3)
          || substr('89ab89ab89ab89ab', strpos('0123456789abcdef', substr(h, 17, 1)), 1)
          || substr(h, 18, 15))::uuid;
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
-- costs no call; its callers are STRICT.
CREATE FUNCTION uuid6_sql_is_spread(t text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN substr(t, 30, 6) = 'f1a5c3' AND substr(t, 29, 1) IN ('2', '6', 'a', 'e')
           AND substr(t, 36, 1) IN ('1', '2', '3', '4', '5', '6', '7', '8')
           AND (('x' || substr(t, 1, 2))::bit(8)::integer & ((1 << (8 - substr(t, 36, 1)::integer)) - 1)) = 0;
COMMENT ON FUNCTION uuid6_sql_is_spread(text) IS
    'uuid6 internal: whether the text of a version 8 UUID of the RFC 9562 variant is a spread key';

-- Reading the time. v1 and v6: 100-ns ticks since 1582, floored to the
-- microsecond; v7: the millisecond, or with sub_ms the Method 3 fraction
-- floored to the microsecond; v8: a spread key as the v7 it carries (the
-- 48-bit millisecond in hex digits 3-17 after the bucket byte, the fraction's
-- top 4 bits in digit 18 and its low 8 bits after the variant), otherwise
-- 16-ns ticks since 1970, truncated.
CREATE FUNCTION uuid6_sql_unix_us_of(id uuid, sub_ms boolean) RETURNS bigint
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  t text := id::text;
  ts bigint;
BEGIN
  IF substr(t, 20, 1) NOT IN ('8', '9', 'a', 'b') THEN
    RETURN NULL;
  END IF;
  CASE substr(t, 15, 1)
    WHEN '7' THEN
      ts := ('x' || substr(t, 1, 8) || substr(t, 10, 4))::bit(48)::bigint * 1000;
      IF sub_ms THEN
        ts := ts + (('x' || substr(t, 16, 3))::bit(12)::integer * 1000) / 4096;
      END IF;
      RETURN ts;
    WHEN '6' THEN
      ts := ('x' || substr(t, 1, 8) || substr(t, 10, 4) || substr(t, 16, 3))::bit(60)::bigint;
    WHEN '1' THEN
      ts := ('x' || substr(t, 16, 3) || substr(t, 10, 4) || substr(t, 1, 8))::bit(60)::bigint;
    WHEN '8' THEN
      IF @extschema@.uuid6_sql_is_spread(t) THEN
        ts := ('x' || substr(t, 3, 6) || substr(t, 10, 4) || substr(t, 16, 2))::bit(48)::bigint * 1000;
        IF sub_ms THEN
          ts := ts + ((((('x' || substr(t, 18, 1) || substr(t, 20, 4) || substr(t, 25, 1))::bit(24)::integer >> 12) & 3840)
                   | ((('x' || substr(t, 20, 4) || substr(t, 25, 1))::bit(20)::integer >> 10) & 255)) * 1000) / 4096;
        END IF;
        RETURN ts;
      END IF;
      RETURN ('x' || substr(t, 1, 8) || substr(t, 10, 4) || substr(t, 16, 3))::bit(60)::bigint * 2 / 125;
    ELSE
      RETURN NULL;
  END CASE;
  ts := ts - 122192928000000000;
  RETURN (ts - ((ts % 10) + 10) % 10) / 10;
END
$$;
COMMENT ON FUNCTION uuid6_sql_unix_us_of(uuid, boolean) IS
    'uuid6 internal: the Unix microseconds, rounded down, that a v1, v6, v7 or v8 UUID (a spread key as the v7 it carries) stands for; NULL for other versions and variants';

-- The two readers repeat uuid6_sql_unix_us_of's body: one PL/pgSQL call
-- each, and not inlined, so that an index on uuid_extract_time(id) and its
-- plans read as they do with the C library.
CREATE FUNCTION uuid_extract_time(uuid) RETURNS timestamptz
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  t text := $1::text;
  ts bigint;
BEGIN
  IF substr(t, 20, 1) NOT IN ('8', '9', 'a', 'b') THEN
    RETURN NULL;
  END IF;
  CASE substr(t, 15, 1)
    WHEN '7' THEN
      ts := ('x' || substr(t, 1, 8) || substr(t, 10, 4))::bit(48)::bigint * 1000;
      RETURN @extschema@.uuid6_sql_time(ts);
    WHEN '6' THEN
      ts := ('x' || substr(t, 1, 8) || substr(t, 10, 4) || substr(t, 16, 3))::bit(60)::bigint;
    WHEN '1' THEN
      ts := ('x' || substr(t, 16, 3) || substr(t, 10, 4) || substr(t, 1, 8))::bit(60)::bigint;
    WHEN '8' THEN
      IF @extschema@.uuid6_sql_is_spread(t) THEN
        RETURN @extschema@.uuid6_sql_time(('x' || substr(t, 3, 6) || substr(t, 10, 4) || substr(t, 16, 2))::bit(48)::bigint * 1000);
      END IF;
      RETURN @extschema@.uuid6_sql_time(
          ('x' || substr(t, 1, 8) || substr(t, 10, 4) || substr(t, 16, 3))::bit(60)::bigint * 2 / 125);
    ELSE
      RETURN NULL;
  END CASE;
  ts := ts - 122192928000000000;
  RETURN @extschema@.uuid6_sql_time((ts - ((ts % 10) + 10) % 10) / 10);
END
$$;
COMMENT ON FUNCTION uuid_extract_time(uuid) IS
    'Creation time of a v1 or v6 (to the microsecond), v7 (to the millisecond) or v8 read by uuid6''s own layout (meaningless for other generators'' v8); NULL for other versions and variants';

CREATE FUNCTION uuid_extract_time(uuid, sub_ms boolean) RETURNS timestamptz
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  t text := $1::text;
  ts bigint;
BEGIN
  IF substr(t, 20, 1) NOT IN ('8', '9', 'a', 'b') THEN
    RETURN NULL;
  END IF;
  CASE substr(t, 15, 1)
    WHEN '7' THEN
      ts := ('x' || substr(t, 1, 8) || substr(t, 10, 4))::bit(48)::bigint * 1000;
      IF sub_ms THEN
        ts := ts + (('x' || substr(t, 16, 3))::bit(12)::integer * 1000) / 4096;
      END IF;
      RETURN @extschema@.uuid6_sql_time(ts);
    WHEN '6' THEN
      ts := ('x' || substr(t, 1, 8) || substr(t, 10, 4) || substr(t, 16, 3))::bit(60)::bigint;
    WHEN '1' THEN
      ts := ('x' || substr(t, 16, 3) || substr(t, 10, 4) || substr(t, 1, 8))::bit(60)::bigint;
    WHEN '8' THEN
      IF @extschema@.uuid6_sql_is_spread(t) THEN
        ts := ('x' || substr(t, 3, 6) || substr(t, 10, 4) || substr(t, 16, 2))::bit(48)::bigint * 1000;
        IF sub_ms THEN
          ts := ts + ((((('x' || substr(t, 18, 1) || substr(t, 20, 4) || substr(t, 25, 1))::bit(24)::integer >> 12) & 3840)
                   | ((('x' || substr(t, 20, 4) || substr(t, 25, 1))::bit(20)::integer >> 10) & 255)) * 1000) / 4096;
        END IF;
        RETURN @extschema@.uuid6_sql_time(ts);
      END IF;
      RETURN @extschema@.uuid6_sql_time(
          ('x' || substr(t, 1, 8) || substr(t, 10, 4) || substr(t, 16, 3))::bit(60)::bigint * 2 / 125);
    ELSE
      RETURN NULL;
  END CASE;
  ts := ts - 122192928000000000;
  RETURN @extschema@.uuid6_sql_time((ts - ((ts % 10) + 10) % 10) / 10);
END
$$;
COMMENT ON FUNCTION uuid_extract_time(uuid, boolean) IS
    'As uuid_extract_time(uuid); with sub_ms true a v7 also reads rand_a as the RFC 9562 Method 3 sub-millisecond fraction, rounded down to the microsecond';

-- Range floors: the smallest UUID of the version at the instant.
CREATE FUNCTION uuid_v7_floor(timestamptz) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN (pg_catalog.lpad(pg_catalog.to_hex(@extschema@.uuid6_sql_v7_us($1) / 1000), 12, '0')
            || '70008000000000000000')::uuid;
COMMENT ON FUNCTION uuid_v7_floor(timestamptz) IS
    'The smallest UUIDv7 of the given instant''s millisecond: id >= uuid_v7_floor(a) AND id < uuid_v7_floor(b) selects keys made in [a, b)';

CREATE FUNCTION uuid_v6_floor(timestamptz) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  x text := pg_catalog.lpad(pg_catalog.to_hex(@extschema@.uuid6_sql_v6_us($1) * 10 + 122192928000000000), 15, '0');
BEGIN
  RETURN (substr(x, 1, 12) || '6' || substr(x, 13, 3) || '8000000000000000')::uuid;
END
$$;
COMMENT ON FUNCTION uuid_v6_floor(timestamptz) IS
    'The smallest UUIDv6 of the given instant (100-ns precision): id >= uuid_v6_floor(a) AND id < uuid_v6_floor(b) selects keys made in [a, b)';
