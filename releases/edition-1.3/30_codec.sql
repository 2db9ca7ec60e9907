-- Reading and reshaping UUIDs: v1 <-> v6, the node id bits and uuid_inspect,
-- as the C library's src/core/layout.cpp and src/pg/codec_functions.cpp do
-- them. Each works on the UUID's text form, 'xxxxxxxx-xxxx-Vxxx-Nxxx-xxxxxxxxxxxx':
-- characters 1-8 octets 0-3, 10-13 octets 4-5, 15 the version nibble, 16-18
-- the rest of octets 6-7, 20-23 octets 8-9 (20: the variant nibble) and 25-36
-- octets 10-15. Slicing that text is cheaper in SQL than any arithmetic on
-- the 128 bits.

-- The error for a UUID of the wrong version or variant, worded as the C
-- library words it; the caller has already found the UUID wrong. Returns
-- uuid only so that a caller can RETURN it.
CREATE FUNCTION uuid6_sql_wrong_version(function_name text, expected integer, id uuid)
    RETURNS uuid LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
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
COMMENT ON FUNCTION uuid6_sql_wrong_version(text, integer, uuid) IS
    'uuid6 internal: raises the 22023 error of a conversion given a UUID of another version or variant';

-- v1 keeps time_low | time_mid | 1 | time_hi; v6 the same 60 bits most
-- significant first: time_hi | time_mid | the top 20 bits of time_low | 6 |
-- its low 12 bits. clock_seq and node stay where they are.
CREATE FUNCTION uuid_v1_to_v6(uuid) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  t text := $1::text;
BEGIN
  IF substr(t, 15, 1) <> '1' OR substr(t, 20, 1) NOT IN ('8', '9', 'a', 'b') THEN
    RETURN @extschema@.uuid6_sql_wrong_version('uuid_v1_to_v6', 1, $1);
  END IF;
  RETURN (substr(t, 16, 3) || substr(t, 10, 4) || substr(t, 1, 5) || '6' || substr(t, 6, 3)
          || substr(t, 20, 4) || substr(t, 25, 12))::uuid;
END
$$;
COMMENT ON FUNCTION uuid_v1_to_v6(uuid) IS
    'The UUIDv6 with the same timestamp, clock_seq and node as the given UUIDv1 (lossless)';

-- The 15 hex digits of a v6's timestamp are characters 1-8, 10-13 and
-- 16-18; v1 writes digits 8-15 (time_low), 4-7 (time_mid), 1 and 1-3
-- (time_hi).
CREATE FUNCTION uuid_v6_to_v1(uuid) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  t text := $1::text;
BEGIN
  IF substr(t, 15, 1) <> '6' OR substr(t, 20, 1) NOT IN ('8', '9', 'a', 'b') THEN
    RETURN @extschema@.uuid6_sql_wrong_version('uuid_v6_to_v1', 6, $1);
  END IF;
  RETURN (substr(t, 8, 1) || substr(t, 10, 4) || substr(t, 16, 3) || substr(t, 4, 4) || '1'
          || substr(t, 1, 3) || substr(t, 20, 4) || substr(t, 25, 12))::uuid;
END
$$;
COMMENT ON FUNCTION uuid_v6_to_v1(uuid) IS
    'The UUIDv1 with the same timestamp, clock_seq and node as the given UUIDv6 (lossless)';

-- Where uuid6.node_id goes: octets 11-12 of a v6 (characters 27-30), bits
-- 74-89 of a v7 or v8 (the low 6 bits of octet 9, octet 10, the top 2 bits
-- of octet 11: characters 22-23 and 25-28 shifted right by 6).
CREATE FUNCTION uuid_extract_node(uuid) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  t text := $1::text;
BEGIN
  IF substr(t, 20, 1) NOT IN ('8', '9', 'a', 'b') THEN
    RETURN NULL;
  END IF;
  CASE substr(t, 15, 1)
    WHEN '6' THEN
      RETURN ('x' || substr(t, 27, 4))::bit(16)::integer;
    WHEN '7' THEN
      RETURN (('x' || substr(t, 22, 2) || substr(t, 25, 4))::bit(24)::integer >> 6) & 65535;
    WHEN '8' THEN
      -- A spread key keeps its node id in bits 82-97, after its v7 tick.
      IF @extschema@.uuid6_sql_is_spread(t) THEN
        RETURN (('x' || substr(t, 25, 5))::bit(20)::integer >> 2) & 65535;
      END IF;
      RETURN (('x' || substr(t, 22, 2) || substr(t, 25, 4))::bit(24)::integer >> 6) & 65535;
    ELSE
      RETURN NULL;
  END CASE;
END
$$;
COMMENT ON FUNCTION uuid_extract_node(uuid) IS
    'The 16 node bits of a v6 (bits 88-103, octets 11-12) or of a v7 or v8 (bits 74-89): the generating cluster''s uuid6.node_id when it had one set, random bits otherwise; NULL for other versions and variants';

-- The variant from the top bits of octet 8 (RFC 9562 section 4.1); the
-- version only under the RFC 9562 variant, the nibble meaning nothing under
-- the others; the time only where uuid_extract_time finds one.
CREATE FUNCTION uuid_inspect(id uuid,
    OUT version integer, OUT variant text, OUT "time" timestamptz,
    OUT clock_seq integer, OUT counter integer, OUT node text)
    RETURNS record LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  t text := id::text;
  variant_nibble text := substr(t, 20, 1);
BEGIN
  IF variant_nibble NOT IN ('8', '9', 'a', 'b') THEN
    variant := CASE WHEN variant_nibble IN ('c', 'd') THEN 'Microsoft'
                    WHEN variant_nibble IN ('e', 'f') THEN 'reserved'
                    ELSE 'NCS' END;
    RETURN;
  END IF;
  variant := 'RFC 9562';
  version := strpos('0123456789abcdef', substr(t, 15, 1)) - 1;
  CASE version
    WHEN 1, 6 THEN
      "time" := @extschema@.uuid_extract_time(id);
      clock_seq := ('x' || substr(t, 20, 4))::bit(16)::integer & 16383;
      node := substr(t, 25, 12);
    WHEN 7 THEN
      "time" := @extschema@.uuid_extract_time(id);
      counter := (('x' || substr(t, 20, 4))::bit(16)::integer >> 6) & 255;
    WHEN 8 THEN
      "time" := @extschema@.uuid_extract_time(id);
      -- A spread key shows its v7 counter (tick bits 0-7, bits 74-81) and,
      -- like a v7, no node.
      IF @extschema@.uuid6_sql_is_spread(t) THEN
        counter := (('x' || substr(t, 20, 4) || substr(t, 25, 1))::bit(20)::integer >> 2) & 255;
        RETURN;
      END IF;
      counter := (('x' || substr(t, 20, 4))::bit(16)::integer >> 6) & 255;
      node := lpad(to_hex(('x' || substr(t, 22, 2))::bit(8)::integer & 63), 2, '0')
              || substr(t, 25, 12);
    ELSE
      NULL;
  END CASE;
END
$$;
COMMENT ON FUNCTION uuid_inspect(uuid) IS
    'Fields of a UUID: version (NULL unless RFC 9562 variant), variant, time as uuid_extract_time, clock_seq (v1, v6), counter (v7 top of rand_b, v8 seq), node in hex (v1, v6, v8)';

-- The readers of a spread key (uuid_generate_v8_spread, a function of the C
-- library alone): its bucket, from the first byte, and its bucket count, 2 to
-- the last hex digit; NULL for any other UUID.
CREATE FUNCTION uuid_spread_bucket(uuid) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  t text := $1::text;
BEGIN
  IF substr(t, 15, 1) <> '8' OR substr(t, 20, 1) NOT IN ('8', '9', 'a', 'b')
     OR NOT @extschema@.uuid6_sql_is_spread(t) THEN
    RETURN NULL;
  END IF;
  RETURN ('x' || substr(t, 1, 2))::bit(8)::integer >> (8 - substr(t, 36, 1)::integer);
END
$$;
COMMENT ON FUNCTION uuid_spread_bucket(uuid) IS
    'the bucket of a spread key (uuid_generate_v8_spread), from 0; NULL for any other UUID';

CREATE FUNCTION uuid_spread_buckets(uuid) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  t text := $1::text;
BEGIN
  IF substr(t, 15, 1) <> '8' OR substr(t, 20, 1) NOT IN ('8', '9', 'a', 'b')
     OR NOT @extschema@.uuid6_sql_is_spread(t) THEN
    RETURN NULL;
  END IF;
  RETURN 1 << substr(t, 36, 1)::integer;
END
$$;
COMMENT ON FUNCTION uuid_spread_buckets(uuid) IS
    'the bucket count a spread key was made with (its last hex digit is log2 of it); NULL for any other UUID';
