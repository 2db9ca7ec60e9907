-- The draft-era UUIDv7 (SPEC section 6), as src/core/draft_v7.cpp: 36-bit
-- Unix seconds, then 86 sub-second bits, most significant first: a binary
-- fraction of the second, the sequence, random bits. Each precision draws
-- from a sequence of its own (00_sequences.sql).
CREATE FUNCTION uuid_generate_v7_draft("precision" text DEFAULT 'us') RETURNS uuid
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE AS $$
DECLARE
  t bigint;
  f bigint;  -- the fraction of the second, in the precision's bits
  r text;
BEGIN
  -- The precision is compared byte for byte, as the C library does: under the
  -- call's collation a case-insensitive one would take 'MS' for 'ms'.
  -- Each precision draws as uuid_generate_v7() does (10_generators.sql).
  IF "precision" COLLATE "C" = 'ms' THEN
    t := CASE WHEN pg_catalog.current_setting('transaction_read_only') = 'on'
              THEN @extschema@.uuid6_sql_read_only(70)
              ELSE pg_catalog.nextval('@extschema@.uuid6_sql_draft_ms'::regclass) END;
    IF t < (pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) * 16777216)::bigint - 16384 THEN
      t := @extschema@.uuid6_sql_lift(70, t);
    END IF;
    -- 12 fraction bits and the 12-bit sequence are the tick's own fields;
    -- the 62 random bits with the variant are the low word of a random UUID.
    RETURN (pg_catalog.lpad(pg_catalog.to_hex(((t >> 24) << 28) | (((t >> 12) & 4095) << 16) | 28672
                                              | (t & 4095)), 16, '0')
            || substr(pg_catalog.gen_random_uuid()::text, 20, 17))::uuid;
  ELSIF "precision" COLLATE "C" = 'us' THEN
    t := CASE WHEN pg_catalog.current_setting('transaction_read_only') = 'on'
              THEN @extschema@.uuid6_sql_read_only(71)
              ELSE pg_catalog.nextval('@extschema@.uuid6_sql_draft_us'::regclass) END;
    IF t < (pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) * 1024000000)::bigint - 1024000 THEN
      t := @extschema@.uuid6_sql_lift(71, t);
    END IF;
    -- 24 fraction bits rounded up from the microsecond; the 14-bit
    -- sequence is the 10-bit counter above 4 random bits; 48 random bits.
    f := (((t >> 10) % 1000000) * 16777216 + 999999) / 1000000;
    r := pg_catalog.gen_random_uuid()::text;
    RETURN (pg_catalog.lpad(pg_catalog.to_hex((((t >> 10) / 1000000) << 28) | ((f >> 12) << 16) | 28672
                                              | (f & 4095)), 16, '0')
            || pg_catalog.to_hex(32768 | ((t & 1023) << 4) | (strpos('0123456789abcdef', substr(r, 21, 1)) - 1))
            || substr(r, 25, 12))::uuid;
  ELSIF "precision" COLLATE "C" = 'ns' THEN
    t := CASE WHEN pg_catalog.current_setting('transaction_read_only') = 'on'
              THEN @extschema@.uuid6_sql_read_only(72)
              ELSE pg_catalog.nextval('@extschema@.uuid6_sql_draft_ns'::regclass) END;
    IF t < (pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) * 256000000)::bigint - 256000 THEN
      t := @extschema@.uuid6_sql_lift(72, t);
    END IF;
    -- 38 fraction bits rounded up from the instant (whole microseconds
    -- here), the 8-bit sequence, 40 random bits.
    f := (((t >> 8) % 1000000) * 274877906944 + 999999) / 1000000;
    RETURN (pg_catalog.lpad(pg_catalog.to_hex((((t >> 8) / 1000000) << 28) | ((f >> 26) << 16) | 28672
                                              | ((f >> 14) & 4095)), 16, '0')
            || substr(pg_catalog.to_hex((-9223372036854775807 - 1) | ((f & 16383) << 48) | ((t & 255) << 40)), 1, 6)
            || substr(pg_catalog.gen_random_uuid()::text, 27, 10))::uuid;
  END IF;
  RAISE EXCEPTION 'unknown precision "%" for a draft version 7 UUID', "precision"
    USING ERRCODE = 'invalid_parameter_value', HINT = 'Use ''ms'', ''us'' or ''ns''.';
END
$$;
COMMENT ON FUNCTION uuid_generate_v7_draft(text) IS
    'Next UUIDv7 in the pre-RFC draft layout (36-bit Unix seconds, binary fraction) at precision ''ms'', ''us'' or ''ns'', from a database-wide sequence per precision; not RFC 9562 v7';

-- Precision-blind: the first 64 sub-second bits as a binary fraction of the
-- second (the remaining 22 weigh less than 2^-64 s), truncated to the
-- microsecond. With x the top 40 of those bits and l the 24 below them,
-- floor((x * 2^24 + l) * 10^6 / 2^64) = (x * 10^6 + (l * 10^6 >> 24)) >> 40,
-- all in bigint.
CREATE FUNCTION uuid_extract_time_draft(uuid) RETURNS timestamptz
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  t text := $1::text;
BEGIN
  IF substr(t, 15, 1) <> '7' OR substr(t, 20, 1) NOT IN ('8', '9', 'a', 'b') THEN
    RETURN NULL;
  END IF;
  -- x: subsec_a (hex 11-13), subsec_b (16-18), and the 16 bits of
  -- subsec_seq_node after the variant; l: its next 24 bits.
  RETURN @extschema@.uuid6_sql_time(
      ('x' || substr(t, 1, 8) || substr(t, 10, 1))::bit(36)::bigint * 1000000
      + ((((('x' || substr(t, 11, 3) || substr(t, 16, 3))::bit(24)::bigint << 16)
           | ((('x' || substr(t, 20, 4) || substr(t, 25, 1))::bit(20)::bigint >> 2) & 65535)) * 1000000
          + ((((('x' || substr(t, 25, 7))::bit(28)::bigint >> 2) & 16777215) * 1000000) >> 24)) >> 40));
END
$$;
COMMENT ON FUNCTION uuid_extract_time_draft(uuid) IS
    'Creation time of a v7 in the pre-RFC draft layout, read precision-blind as 36-bit seconds plus a binary fraction, truncated to the microsecond; NULL for other versions';
