-- The draft-era UUIDv7 (docs/design.md, Ticks and layouts), as src/core/draft_v7.cpp: 36-bit
-- Unix seconds, then 86 sub-second bits, most significant first: a binary
-- fraction of the second, the sequence, random bits. Each precision draws
-- from a sequence of its own (00_sequences.sql), as uuid_generate_v7() does
-- (10_generators.sql): the read-only check and the first draw's WAL record,
-- a lift when the tick lags, the lagging keys counted with version 7's.
--
-- Security as in 10_generators.sql: the PL/pgSQL bodies call only
-- @extschema@ functions with arguments of exactly their types; the layouts
-- are SQL-standard bodies, bound when created.

-- The C library's error for a precision it does not know. (A raiser: it
-- takes the caller's input, so the planner never folds it in early.)
CREATE FUNCTION uuid6_sql_draft_unknown("precision" text, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  RAISE EXCEPTION 'unknown precision "%" for a draft version 7 UUID', "precision"
    USING ERRCODE = 'invalid_parameter_value', HINT = 'Use ''ms'', ''us'' or ''ns''.';
END
$$;
COMMENT ON FUNCTION uuid6_sql_draft_unknown(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the 22023 error of an unknown draft v7 precision';

-- The generator of a precision: 70, 71, 72 for 'ms', 'us', 'ns', compared
-- byte for byte as the C library does (under the call's collation a
-- case-insensitive one would take 'MS' for 'ms').
CREATE FUNCTION uuid6_sql_draft_generator("precision" text, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE "precision" COLLATE pg_catalog."C"
      WHEN 'ms' THEN 70 WHEN 'us' THEN 71 WHEN 'ns' THEN 72
      ELSE @extschema@.uuid6_sql_draft_unknown("precision", true::@extschema@.uuid6_sql_seal) END;
COMMENT ON FUNCTION uuid6_sql_draft_generator(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the generator of a draft v7 precision (70, 71, 72 for ms, us, ns)';

-- The key of a draft generator's tick t and 64 random bits r, as two words
-- (one function per precision: each reads r once, so that a call with fresh
-- random bits is still inlined).
--   ms: seconds, the 12-bit fraction and the 12-bit seq are the tick's own
--       fields; 62 random bits after the variant.
CREATE FUNCTION uuid6_sql_draft_key_ms(t bigint, r bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_key(
      ((t >> 24) << 28) | (((t >> 12) & 4095) << 16) | 28672 | (t & 4095),
      (-9223372036854775807 - 1) | (r & 4611686018427387903), true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION uuid6_sql_draft_key_ms(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a draft v7 at ms precision of a tick of its sequence and 64 random bits';

--   us: 24 fraction bits rounded up from the microsecond; the 14-bit seq is
--       the 10-bit counter above 4 random bits; 48 random bits.
CREATE FUNCTION uuid6_sql_draft_key_us(t bigint, r bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_key(
      (((t >> 10) / 1000000) << 28)
        | ((((((t >> 10) % 1000000) * 16777216 + 999999) / 1000000) >> 12) << 16) | 28672
        | (((((t >> 10) % 1000000) * 16777216 + 999999) / 1000000) & 4095),
      (-9223372036854775807 - 1) | ((t & 1023) << 52) | (r & 4503599627370495), true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION uuid6_sql_draft_key_us(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a draft v7 at us precision of a tick of its sequence and 64 random bits';

--   ns: 38 fraction bits rounded up from the instant (whole microseconds
--       here), the 8-bit seq, 40 random bits.
CREATE FUNCTION uuid6_sql_draft_key_ns(t bigint, r bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_key(
      (((t >> 8) / 1000000) << 28)
        | ((((((t >> 8) % 1000000) * 274877906944 + 999999) / 1000000) >> 26) << 16) | 28672
        | ((((((t >> 8) % 1000000) * 274877906944 + 999999) / 1000000) >> 14) & 4095),
      (-9223372036854775807 - 1)
        | ((((((t >> 8) % 1000000) * 274877906944 + 999999) / 1000000) & 16383) << 48)
        | ((t & 255) << 40) | (r & 1099511627775), true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION uuid6_sql_draft_key_ns(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a draft v7 at ns precision of a tick of its sequence and 64 random bits';

-- Whether a generator number is the one given (the PL/pgSQL body below
-- compares through this rather than with an operator of its own).
CREATE FUNCTION uuid6_sql_draft_is(generator integer, wanted integer, seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN generator = wanted;
COMMENT ON FUNCTION uuid6_sql_draft_is(integer, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: whether a draft generator number is the one given';

-- One branch per precision, each with its generator as a constant, so that
-- the helpers' CASEs fold away and a transaction prepares only the branch
-- it takes.
CREATE FUNCTION uuid_generate_v7_draft("precision" text DEFAULT 'us') RETURNS uuid
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE AS $$
DECLARE
  generator integer := @extschema@.uuid6_sql_draft_generator("precision", true::@extschema@.uuid6_sql_seal);
  t bigint;
BEGIN
  IF @extschema@.uuid6_sql_draft_is(generator, 71, true::@extschema@.uuid6_sql_seal) THEN
    t := @extschema@.uuid6_sql_draw(71, true::@extschema@.uuid6_sql_seal);
    IF @extschema@.uuid6_sql_behind(71, t, true::@extschema@.uuid6_sql_seal) THEN
      t := @extschema@.uuid6_sql_lifted(71, t, true::@extschema@.uuid6_sql_seal);
    END IF;
    RETURN @extschema@.uuid6_sql_draft_key_us(t, @extschema@.uuid6_sql_random(true::@extschema@.uuid6_sql_seal), true::@extschema@.uuid6_sql_seal);
  ELSIF @extschema@.uuid6_sql_draft_is(generator, 70, true::@extschema@.uuid6_sql_seal) THEN
    t := @extschema@.uuid6_sql_draw(70, true::@extschema@.uuid6_sql_seal);
    IF @extschema@.uuid6_sql_behind(70, t, true::@extschema@.uuid6_sql_seal) THEN
      t := @extschema@.uuid6_sql_lifted(70, t, true::@extschema@.uuid6_sql_seal);
    END IF;
    RETURN @extschema@.uuid6_sql_draft_key_ms(t, @extschema@.uuid6_sql_random(true::@extschema@.uuid6_sql_seal), true::@extschema@.uuid6_sql_seal);
  END IF;
  t := @extschema@.uuid6_sql_draw(72, true::@extschema@.uuid6_sql_seal);
  IF @extschema@.uuid6_sql_behind(72, t, true::@extschema@.uuid6_sql_seal) THEN
    t := @extschema@.uuid6_sql_lifted(72, t, true::@extschema@.uuid6_sql_seal);
  END IF;
  RETURN @extschema@.uuid6_sql_draft_key_ns(t, @extschema@.uuid6_sql_random(true::@extschema@.uuid6_sql_seal), true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_generate_v7_draft(text) IS
    'Next UUIDv7 in the pre-RFC draft layout (36-bit Unix seconds, binary fraction) at precision ''ms'', ''us'' or ''ns'', from a database-wide sequence per precision; not RFC 9562 v7';

-- A UUID's high or low 64-bit word (n = 0 or 1).
CREATE FUNCTION uuid6_sql_draft_word(id uuid, n integer, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ('x' || pg_catalog.encode(pg_catalog.substr(pg_catalog.uuid_send(id), 8 * n + 1, 8), 'hex'))::bit(64)::bigint;
COMMENT ON FUNCTION uuid6_sql_draft_word(uuid, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the high (0) or low (1) 64-bit word of a UUID';

-- Precision-blind: the first 64 sub-second bits as a binary fraction of the
-- second (the remaining 22 weigh less than 2^-64 s), truncated to the
-- microsecond. With x the top 40 of those bits (subsec_a, subsec_b, then
-- the 16 bits after the variant) and l the 24 below them,
-- floor((x * 2^24 + l) * 10^6 / 2^64) = (x * 10^6 + (l * 10^6 >> 24)) >> 40,
-- all in bigint; NULL unless version 7 of the RFC variant.
CREATE FUNCTION uuid6_sql_draft_time(hi bigint, lo bigint, seal @extschema@.uuid6_sql_seal) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN ((hi >> 12) & 15) = 7 AND ((lo >> 62) & 3) = 2 THEN
      @extschema@.uuid6_sql_time(((hi >> 28) & 68719476735) * 1000000
        + ((((((hi >> 16) & 4095) << 28) | ((hi & 4095) << 16) | ((lo >> 46) & 65535)) * 1000000
            + ((((lo >> 22) & 16777215) * 1000000) >> 24)) >> 40), true::@extschema@.uuid6_sql_seal) END;
COMMENT ON FUNCTION uuid6_sql_draft_time(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the creation time of a draft v7 from its two words, NULL for other versions';

-- A per-row decoder (it may back an index): no SET clause; its words are
-- taken once each.
CREATE FUNCTION uuid_extract_time_draft(uuid) RETURNS timestamptz
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  hi bigint := @extschema@.uuid6_sql_draft_word($1, 0, true::@extschema@.uuid6_sql_seal);
  lo bigint := @extschema@.uuid6_sql_draft_word($1, 1, true::@extschema@.uuid6_sql_seal);
BEGIN
  RETURN @extschema@.uuid6_sql_draft_time(hi, lo, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_extract_time_draft(uuid) IS
    'Creation time of a v7 in the pre-RFC draft layout, read precision-blind as 36-bit seconds plus a binary fraction, truncated to the microsecond; NULL for other versions';
