-- Reading and reshaping UUIDs: v1 <-> v6, the node id bits and uuid_inspect,
-- as the C library's src/core/layout.cpp and src/pg/codec_functions.cpp do
-- them. Each works on the UUID's text form, 'xxxxxxxx-xxxx-Vxxx-Nxxx-xxxxxxxxxxxx':
-- characters 1-8 octets 0-3, 10-13 octets 4-5, 15 the version nibble, 16-18
-- the rest of octets 6-7, 20-23 octets 8-9 (20: the variant nibble) and 25-36
-- octets 10-15. Fields are read from the UUID's bytes (uuid6_sql_byte and
-- the helpers of 12_time.sql); a reordering of whole hex digits is a slice of
-- the text.
--
-- As in 12_time.sql (see its top): the work is in SQL-standard helpers
-- (bound at installation, inlined), the STRICT public functions are PL/pgSQL
-- calls of one qualified helper with exact argument types, and errors come
-- from raisers with a pinned search_path.

-- The error for a UUID of the wrong version or variant, worded as the C
-- library words it; the caller has already found the UUID wrong. Returns
-- uuid only so that a caller can RETURN it. A raiser: it runs only to raise,
-- so its search_path is pinned.
CREATE FUNCTION uuid6_sql_wrong_version(function_name text, expected integer, id uuid, seal @extschema@.uuid6_sql_seal)
    RETURNS uuid LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  variant_nibble text := substr(id::text, 20, 1);
BEGIN
  IF variant_nibble NOT IN ('8', '9', 'a', 'b') THEN
    RAISE EXCEPTION '% expects a version % UUID, got a UUID of the % variant', function_name,
        expected, CASE WHEN variant_nibble IN ('c', 'd') THEN 'Microsoft'
                       WHEN variant_nibble IN ('e', 'f') THEN 'reserved'
                       ELSE 'NCS' END
      USING ERRCODE = 'invalid_parameter_value',
            DETAIL = 'Only the RFC 9562 variant (bits 64-65 = 10) defines versions.';
  END IF;
  RAISE EXCEPTION '% expects a version % UUID, got version %', function_name, expected,
      strpos('0123456789abcdef', substr(id::text, 15, 1)) - 1
    USING ERRCODE = 'invalid_parameter_value';
END
$$;
COMMENT ON FUNCTION uuid6_sql_wrong_version(text, integer, uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: raises the 22023 error of a conversion given a UUID of another version or variant (a raiser: pinned search_path)';

-- v1 keeps time_low | time_mid | 1 | time_hi; v6 the same 60 bits most
-- significant first: time_hi | time_mid | the top 20 bits of time_low | 6 |
-- its low 12 bits. clock_seq and node stay where they are. The hex digits
-- are moved in the UUID's text t, which the callers pass in a variable, so
-- that it is written once.
CREATE FUNCTION uuid6_sql_v1_to_v6(t text, id uuid, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal) = 1
                THEN (pg_catalog.substr(t, 16, 3) || pg_catalog.substr(t, 10, 4) || pg_catalog.substr(t, 1, 5) || '6' || pg_catalog.substr(t, 6, 3)
                      || pg_catalog.substr(t, 20, 4) || pg_catalog.substr(t, 25, 12))::uuid
                ELSE @extschema@.uuid6_sql_wrong_version('uuid_v1_to_v6', 1, id, true::@extschema@.uuid6_sql_seal) END;
COMMENT ON FUNCTION uuid6_sql_v1_to_v6(text, uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: uuid_v1_to_v6 of a UUID and its text (SQL-standard body, inlined)';

CREATE FUNCTION uuid_v1_to_v6(uuid) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- A qualified call with exact argument types, and a cast to a qualified
-- type (see 12_time.sql).
DECLARE
  t pg_catalog.text := $1::pg_catalog.text;
BEGIN
  RETURN @extschema@.uuid6_sql_v1_to_v6(t, $1, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_v1_to_v6(uuid) IS
    'The UUIDv6 with the same timestamp, clock_seq and node as the given UUIDv1 (lossless)';

-- The 15 hex digits of a v6's timestamp are characters 1-8, 10-13 and
-- 16-18; v1 writes digits 8-15 (time_low), 4-7 (time_mid), 1 and 1-3
-- (time_hi).
CREATE FUNCTION uuid6_sql_v6_to_v1(t text, id uuid, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal) = 6
                THEN (pg_catalog.substr(t, 8, 1) || pg_catalog.substr(t, 10, 4) || pg_catalog.substr(t, 16, 3) || pg_catalog.substr(t, 4, 4) || '1'
                      || pg_catalog.substr(t, 1, 3) || pg_catalog.substr(t, 20, 4) || pg_catalog.substr(t, 25, 12))::uuid
                ELSE @extschema@.uuid6_sql_wrong_version('uuid_v6_to_v1', 6, id, true::@extschema@.uuid6_sql_seal) END;
COMMENT ON FUNCTION uuid6_sql_v6_to_v1(text, uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: uuid_v6_to_v1 of a UUID and its text (SQL-standard body, inlined)';

CREATE FUNCTION uuid_v6_to_v1(uuid) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- A qualified call with exact argument types, and a cast to a qualified
-- type (see 12_time.sql).
DECLARE
  t pg_catalog.text := $1::pg_catalog.text;
BEGIN
  RETURN @extschema@.uuid6_sql_v6_to_v1(t, $1, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_v6_to_v1(uuid) IS
    'The UUIDv1 with the same timestamp, clock_seq and node as the given UUIDv6 (lossless)';

-- Where uuid6.node_id goes: octets 11-12 of a v6, bits 74-89 of a v7 or v8
-- (the low 6 bits of octet 9, octet 10, the top 2 bits of octet 11); a
-- spread key keeps it in bits 82-97, after its v7 tick (the low 6 bits of
-- octet 10, octet 11, the top 2 bits of octet 12).
CREATE FUNCTION uuid6_sql_node(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal)
      WHEN 6 THEN (@extschema@.uuid6_sql_byte(id, 11, true::@extschema@.uuid6_sql_seal) << 8) | @extschema@.uuid6_sql_byte(id, 12, true::@extschema@.uuid6_sql_seal)
      WHEN 7 THEN ((@extschema@.uuid6_sql_byte(id, 9, true::@extschema@.uuid6_sql_seal) & 63) << 10) | (@extschema@.uuid6_sql_byte(id, 10, true::@extschema@.uuid6_sql_seal) << 2)
                  | (@extschema@.uuid6_sql_byte(id, 11, true::@extschema@.uuid6_sql_seal) >> 6)
      WHEN 8 THEN CASE WHEN @extschema@.uuid6_sql_spread(id, true::@extschema@.uuid6_sql_seal)
                       THEN ((@extschema@.uuid6_sql_byte(id, 10, true::@extschema@.uuid6_sql_seal) & 63) << 10) | (@extschema@.uuid6_sql_byte(id, 11, true::@extschema@.uuid6_sql_seal) << 2)
                            | (@extschema@.uuid6_sql_byte(id, 12, true::@extschema@.uuid6_sql_seal) >> 6)
                       ELSE ((@extschema@.uuid6_sql_byte(id, 9, true::@extschema@.uuid6_sql_seal) & 63) << 10) | (@extschema@.uuid6_sql_byte(id, 10, true::@extschema@.uuid6_sql_seal) << 2)
                            | (@extschema@.uuid6_sql_byte(id, 11, true::@extschema@.uuid6_sql_seal) >> 6) END END;
COMMENT ON FUNCTION uuid6_sql_node(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: uuid_extract_node (SQL-standard body, inlined)';

CREATE FUNCTION uuid_extract_node(uuid) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- One qualified call with its exact argument type (see 12_time.sql).
BEGIN
  RETURN @extschema@.uuid6_sql_node($1, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_extract_node(uuid) IS
    'The 16 node bits of a v6 (bits 88-103, octets 11-12) or of a v7 or v8 (bits 74-89): the generating cluster''s uuid6.node_id when it had one set, random bits otherwise; NULL for other versions and variants';

-- uuid_inspect's fields, one helper each. The variant from the top bits of
-- octet 8 (RFC 9562 section 4.1); the version only under the RFC 9562
-- variant, the nibble meaning nothing under the others; the time only where
-- uuid_extract_time finds one; clock_seq for v1 and v6; the counter of a v7
-- (the top of rand_b) and of a v8 (its seq; a spread key's v7 counter, bits
-- 74-81); the node in hex for v1, v6 and a v8 of uuid6's layout.
CREATE FUNCTION uuid6_sql_variant(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE @extschema@.uuid6_sql_byte(id, 8, true::@extschema@.uuid6_sql_seal) >> 5
      WHEN 4 THEN 'RFC 9562' WHEN 5 THEN 'RFC 9562' WHEN 6 THEN 'Microsoft' WHEN 7 THEN 'reserved'
      ELSE 'NCS' END;
COMMENT ON FUNCTION uuid6_sql_variant(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the variant of a UUID by name (SQL-standard body, inlined)';

CREATE FUNCTION uuid6_sql_clock_seq(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal) IN (1, 6)
                THEN ((@extschema@.uuid6_sql_byte(id, 8, true::@extschema@.uuid6_sql_seal) & 63) << 8) | @extschema@.uuid6_sql_byte(id, 9, true::@extschema@.uuid6_sql_seal) END;
COMMENT ON FUNCTION uuid6_sql_clock_seq(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the clock_seq of a v1 or v6, NULL otherwise (SQL-standard body, inlined)';

CREATE FUNCTION uuid6_sql_counter(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal) = 8 AND @extschema@.uuid6_sql_spread(id, true::@extschema@.uuid6_sql_seal)
                THEN ((@extschema@.uuid6_sql_byte(id, 9, true::@extschema@.uuid6_sql_seal) & 63) << 2) | (@extschema@.uuid6_sql_byte(id, 10, true::@extschema@.uuid6_sql_seal) >> 6)
                WHEN @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal) IN (7, 8)
                THEN ((@extschema@.uuid6_sql_byte(id, 8, true::@extschema@.uuid6_sql_seal) & 63) << 2) | (@extschema@.uuid6_sql_byte(id, 9, true::@extschema@.uuid6_sql_seal) >> 6) END;
COMMENT ON FUNCTION uuid6_sql_counter(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the counter of a v7 or v8 (a spread key''s v7 counter), NULL otherwise (SQL-standard body, inlined)';

CREATE FUNCTION uuid6_sql_node_hex(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal) IN (1, 6) THEN pg_catalog.substr(id::text, 25, 12)
                WHEN @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal) = 8 AND NOT @extschema@.uuid6_sql_spread(id, true::@extschema@.uuid6_sql_seal)
                THEN pg_catalog.lpad(pg_catalog.to_hex(@extschema@.uuid6_sql_byte(id, 9, true::@extschema@.uuid6_sql_seal) & 63), 2, '0') || pg_catalog.substr(id::text, 25, 12) END;
COMMENT ON FUNCTION uuid6_sql_node_hex(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the node of a v1, v6 or v8 (not a spread key) in hex, NULL otherwise (SQL-standard body, inlined)';

CREATE FUNCTION uuid6_sql_inspect_version(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal) >= 0 THEN @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal) END;
COMMENT ON FUNCTION uuid6_sql_inspect_version(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the version of a UUID of the RFC 9562 variant, NULL for another variant (SQL-standard body, inlined)';

CREATE FUNCTION uuid_inspect(id uuid,
    OUT version integer, OUT variant text, OUT "time" timestamptz,
    OUT clock_seq integer, OUT counter integer, OUT node text)
    RETURNS record LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- Qualified calls with exact argument types only (see 12_time.sql).
BEGIN
  version := @extschema@.uuid6_sql_inspect_version(id, true::@extschema@.uuid6_sql_seal);
  variant := @extschema@.uuid6_sql_variant(id, true::@extschema@.uuid6_sql_seal);
  "time" := @extschema@.uuid6_sql_extract_time(id, false, true::@extschema@.uuid6_sql_seal);
  clock_seq := @extschema@.uuid6_sql_clock_seq(id, true::@extschema@.uuid6_sql_seal);
  counter := @extschema@.uuid6_sql_counter(id, true::@extschema@.uuid6_sql_seal);
  node := @extschema@.uuid6_sql_node_hex(id, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_inspect(uuid) IS
    'Fields of a UUID: version (NULL unless RFC 9562 variant), variant, time as uuid_extract_time, clock_seq (v1, v6), counter (v7 top of rand_b, v8 seq), node in hex (v1, v6, v8)';

-- The readers of a spread key (uuid_generate_v8_spread, a function of the C
-- library alone): its bucket, from the first byte, and its bucket count, 2 to
-- the last hex digit; NULL for any other UUID.
CREATE FUNCTION uuid6_sql_spread_bucket(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal) = 8 AND @extschema@.uuid6_sql_spread(id, true::@extschema@.uuid6_sql_seal)
                THEN @extschema@.uuid6_sql_byte(id, 0, true::@extschema@.uuid6_sql_seal) >> (8 - (@extschema@.uuid6_sql_byte(id, 15, true::@extschema@.uuid6_sql_seal) & 15)) END;
COMMENT ON FUNCTION uuid6_sql_spread_bucket(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: uuid_spread_bucket (SQL-standard body, inlined)';

CREATE FUNCTION uuid_spread_bucket(uuid) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- One qualified call with its exact argument type (see 12_time.sql).
BEGIN
  RETURN @extschema@.uuid6_sql_spread_bucket($1, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_spread_bucket(uuid) IS
    'the bucket of a spread key (uuid_generate_v8_spread), from 0; NULL for any other UUID';

CREATE FUNCTION uuid6_sql_spread_buckets(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal) = 8 AND @extschema@.uuid6_sql_spread(id, true::@extschema@.uuid6_sql_seal)
                THEN 1 << (@extschema@.uuid6_sql_byte(id, 15, true::@extschema@.uuid6_sql_seal) & 15) END;
COMMENT ON FUNCTION uuid6_sql_spread_buckets(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: uuid_spread_buckets (SQL-standard body, inlined)';

CREATE FUNCTION uuid_spread_buckets(uuid) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- One qualified call with its exact argument type (see 12_time.sql).
BEGIN
  RETURN @extschema@.uuid6_sql_spread_buckets($1, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_spread_buckets(uuid) IS
    'the bucket count a spread key was made with (its last hex digit is log2 of it); NULL for any other UUID';
