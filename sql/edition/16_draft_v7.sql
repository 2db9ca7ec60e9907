-- The draft-era UUIDv7 (SPEC section 6), as src/core/draft_v7.cpp: 36-bit
-- Unix seconds, then 86 sub-second bits, most significant first: a binary
-- fraction of the second, the sequence, random bits. Each precision draws
-- from a sequence of its own (00_sequences.sql).
CREATE FUNCTION uuid_generate_v7_draft("precision" text DEFAULT 'us') RETURNS uuid
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE AS $$
DECLARE
  generator integer;
  t bigint;
  us bigint;
  rt text;
  r bigint;
  seconds bigint;
  fraction bigint;   -- the fraction of the second, in its precision's bits
  a bigint;          -- subsec_a, subsec_b: 12 bits each
  b bigint;
  low bigint;        -- subsec_seq_node: 62 bits
BEGIN
  generator := CASE "precision" WHEN 'ms' THEN 70 WHEN 'us' THEN 71 WHEN 'ns' THEN 72 END;
  IF generator IS NULL THEN
    RAISE EXCEPTION 'unknown precision "%" for a draft version 7 UUID', "precision"
      USING ERRCODE = 'invalid_parameter_value', HINT = 'Use ''ms'', ''us'' or ''ns''.';
  END IF;
  IF pg_catalog.current_setting('transaction_read_only') = 'on' THEN
    PERFORM @extschema@.uuid6_sql_read_only(generator);
  END IF;
  t := pg_catalog.nextval(@extschema@.uuid6_sql_sequence(generator));
  us := @extschema@.uuid6_sql_clock_us();
  IF t < @extschema@.uuid6_sql_clock_tick(generator, us) - @extschema@.uuid6_sql_clock_tick(generator, 1000) THEN
    t := @extschema@.uuid6_sql_lift(generator, t);
  END IF;
  -- 62 random bits: the variant digit's two and 60 more.
  rt := pg_catalog.gen_random_uuid()::text;
  r := ('x' || substr(rt, 20, 4) || substr(rt, 25, 12))::bit(64)::bigint & 4611686018427387903;
  CASE generator
    WHEN 70 THEN
      -- 'ms': 12 fraction bits, 12-bit sequence: the tick's own fields; 62
      -- random bits.
      seconds := t >> 24;
      a := (t >> 12) & 4095;
      b := t & 4095;
      low := r;
    WHEN 71 THEN
      -- 'us': 24 fraction bits rounded up from the microsecond, 14-bit
      -- sequence (the 10-bit counter above 4 random bits), 48 random.
      us := t >> 10;
      seconds := us / 1000000;
      fraction := ((us % 1000000) * 16777216 + 999999) / 1000000;
      a := fraction >> 12;
      b := fraction & 4095;
      low := (((t & 1023) << 4 | ((r >> 58) & 15)) << 48) | (r & 281474976710655);
    ELSE
      -- 'ns': 38 fraction bits rounded up from the instant (whole
      -- microseconds here), 8-bit sequence, 40 random.
      us := t >> 8;
      seconds := us / 1000000;
      fraction := ((us % 1000000) * 274877906944 + 999999) / 1000000;
      a := fraction >> 26;
      b := (fraction >> 14) & 4095;
      low := ((fraction & 16383) << 48) | ((t & 255) << 40) | (r & 1099511627775);
  END CASE;
  RETURN (pg_catalog.lpad(pg_catalog.to_hex((seconds << 28) | (a << 16) | 28672 | b), 16, '0')
          || pg_catalog.to_hex(low | (-9223372036854775807 - 1)))::uuid;
END
$$;
COMMENT ON FUNCTION uuid_generate_v7_draft(text) IS
    'Next UUIDv7 in the pre-RFC draft layout (36-bit Unix seconds, binary fraction) at precision ''ms'', ''us'' or ''ns'', from a database-wide sequence per precision; not RFC 9562 v7';

-- Precision-blind: the first 64 sub-second bits as a binary fraction of the
-- second (the remaining 22 weigh less than 2^-64 s), truncated to the
-- microsecond.
CREATE FUNCTION uuid_extract_time_draft(uuid) RETURNS timestamptz
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  t text := $1::text;
  fraction numeric;
BEGIN
  IF substr(t, 15, 1) <> '7' OR substr(t, 20, 1) NOT IN ('8', '9', 'a', 'b') THEN
    RETURN NULL;
  END IF;
  -- subsec_a (12 bits), subsec_b (12) and the top 40 of subsec_seq_node.
  fraction := ('x' || substr(t, 11, 3))::bit(12)::bigint::numeric * 4503599627370496
              + ('x' || substr(t, 16, 3))::bit(12)::bigint::numeric * 1099511627776
              + ((('x' || substr(t, 20, 4) || substr(t, 25, 7))::bit(44)::bigint >> 2) & 1099511627775);
  RETURN @extschema@.uuid6_sql_time(
      ('x' || substr(t, 1, 8) || substr(t, 10, 1))::bit(36)::bigint * 1000000
      + div(fraction * 1000000, 18446744073709551616)::bigint);
END
$$;
COMMENT ON FUNCTION uuid_extract_time_draft(uuid) IS
    'Creation time of a v7 in the pre-RFC draft layout, read precision-blind as 36-bit seconds plus a binary fraction, truncated to the microsecond; NULL for other versions';
