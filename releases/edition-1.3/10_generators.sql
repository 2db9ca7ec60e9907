-- The generators: the next tick of the generator's sequence (00_sequences.sql)
-- as a UUID in the C library's layout (SPEC section 1).
--
-- Each is a short PL/pgSQL function with three expressions on its fast
-- path: the tick (one nextval(), after the read-only check), one test (the
-- tick within a millisecond of the clock, uuid6.node_id unset), and one
-- RETURN that lays out the key from the tick and 64 random bits. The rest (a
-- tick to lift, a node id) is a slow path of its own, whose expressions are
-- prepared only when it runs.
--
-- Why so few expressions: a PL/pgSQL function keeps its expressions' plans
-- for the session, but sets up each one's run-time state again in every
-- transaction that calls it (and checks that its plan still holds), at a
-- cost that grows with the number of functions and operators in them. A single-row INSERT
-- with a DEFAULT pays that in full for every row; so does nothing else. The
-- layout is therefore plain bigint arithmetic on two 64-bit words, joined
-- once: uuid6_sql_key(hi, lo). The helpers below are LANGUAGE sql and not
-- STRICT, so that the planner inlines them into the generators' expressions.
--
-- The random bits: uuid_hash_extended() of a gen_random_uuid(), that is, 64
-- bits hashed from 122 bits of PostgreSQL's CSPRNG. (Before PostgreSQL 18 a
-- bigint cannot be read from the bytes of a UUID without a round trip
-- through text.)
--
-- Before drawing, a read-only transaction or a standby is refused with 25006
-- and a hint (nextval() would fail there anyway, without saying what to do).
--
-- uuid6.node_id (a placeholder setting here) goes where the C library puts
-- it: v6 octets 11-12, v7 and v8 bits 74-89 (SPEC section 2).
--
-- PARALLEL UNSAFE, unlike the C library's: nextval() cannot run in a
-- parallel worker.

-- A UUID from its high and low 64-bit words.
CREATE FUNCTION uuid6_sql_key(hi bigint, lo bigint) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN pg_catalog.encode(pg_catalog.int8send(hi) || pg_catalog.int8send(lo), 'hex')::uuid;
COMMENT ON FUNCTION uuid6_sql_key(bigint, bigint) IS
    'uuid6 internal: the UUID of two 64-bit words, high then low';

-- The low word of a v7 or v8: variant 10, the 8-bit counter (bits 66-73 of
-- the UUID), then 54 of the random bits r; with node_id, the node id in bits
-- 74-89 and 38 random bits below it.
CREATE FUNCTION uuid6_sql_lo(counter bigint, r bigint) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ((counter | 512) << 54) | (r & 18014398509481983);
COMMENT ON FUNCTION uuid6_sql_lo(bigint, bigint) IS
    'uuid6 internal: the low word of a v7 or v8 (variant, 8-bit counter, random bits)';

CREATE FUNCTION uuid6_sql_lo_node(counter bigint, r bigint, node_id integer) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ((counter | 512) << 54) | (node_id::bigint << 38) | (r & 274877906943);
COMMENT ON FUNCTION uuid6_sql_lo_node(bigint, bigint, integer) IS
    'uuid6 internal: the low word of a v7 or v8 (variant, 8-bit counter, node id in bits 74-89, random bits)';

-- The low word of a v6: variant 10, clock_seq (the 10-bit counter above 4
-- random bits), the random node with the multicast bit (bit 40 of the word),
-- or with node_id in octets 11-12.
CREATE FUNCTION uuid6_sql_lo_v6(counter bigint, r bigint) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ((counter | 2048) << 52) | (r & 4503599627370495) | 1099511627776;
COMMENT ON FUNCTION uuid6_sql_lo_v6(bigint, bigint) IS
    'uuid6 internal: the low word of a v6 (variant, counting clock_seq, random node with the multicast bit)';

CREATE FUNCTION uuid6_sql_lo_v6_node(counter bigint, r bigint, node_id integer) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ((counter | 2048) << 52) | (node_id::bigint << 24) | (r & 4502500132519935) | 1099511627776;
COMMENT ON FUNCTION uuid6_sql_lo_v6_node(bigint, bigint, integer) IS
    'uuid6 internal: the low word of a v6 (variant, counting clock_seq, node id in octets 11-12, random node bits with the multicast bit)';

-- The high words. v6: ts60 = Unix microseconds * 10 + the Gregorian offset
-- as time_high, time_mid, 6, time_low. v7: unix_ts_ms, 7, the Method 3
-- fraction. v8: ts60 = Unix ns >> 4 as in v6, with 8.
CREATE FUNCTION uuid6_sql_hi_v6(t bigint) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ((((t >> 10) * 10 + 122192928000000000) >> 12) << 16) | 24576
           | (((t >> 10) * 10 + 122192928000000000) & 4095);
COMMENT ON FUNCTION uuid6_sql_hi_v6(bigint) IS
    'uuid6 internal: the high word of a v6 for a tick of the v6 sequence';

CREATE FUNCTION uuid6_sql_hi_v7(t bigint) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN (t >> 8) + (t >> 20) * 61440 + 28672;
COMMENT ON FUNCTION uuid6_sql_hi_v7(bigint) IS
    'uuid6 internal: the high word of a v7 for a tick of the v7 sequence';

CREATE FUNCTION uuid6_sql_hi_v8(t bigint) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ((((t >> 8) * 125) >> 13) << 16) | 32768 | ((((t >> 8) * 125) >> 1) & 4095);
COMMENT ON FUNCTION uuid6_sql_hi_v8(bigint) IS
    'uuid6 internal: the high word of a v8 for a tick of the v8 sequence';

-- The slow path of generator 6, 7 or 8: the tick t lies more than a
-- millisecond behind the clock (lifted, see 00_sequences.sql; tested as the
-- lift tests it), or uuid6.node_id is set (or looks set). The lift comes
-- first: other sessions that draw a tick before it is done wait for it, so
-- nothing else runs between the draw and the lift.
CREATE FUNCTION uuid6_sql_slow(generator integer, t bigint) RETURNS uuid
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE AS $$
DECLARE
  node integer;
  r bigint;
BEGIN
  IF t < @extschema@.uuid6_sql_clock_tick(generator, @extschema@.uuid6_sql_clock_us())
         - @extschema@.uuid6_sql_clock_tick(generator, 1000) THEN
    t := @extschema@.uuid6_sql_lift(generator, t);
  END IF;
  node := @extschema@.uuid6_sql_node_id();
  r := pg_catalog.uuid_hash_extended(pg_catalog.gen_random_uuid(), 0);
  IF generator = 6 THEN
    RETURN @extschema@.uuid6_sql_key(@extschema@.uuid6_sql_hi_v6(t),
      CASE WHEN node < 0 THEN @extschema@.uuid6_sql_lo_v6(t & 1023, r)
           ELSE @extschema@.uuid6_sql_lo_v6_node(t & 1023, r, node) END);
  END IF;
  RETURN @extschema@.uuid6_sql_key(
    CASE generator WHEN 7 THEN @extschema@.uuid6_sql_hi_v7(t) ELSE @extschema@.uuid6_sql_hi_v8(t) END,
    CASE WHEN node < 0 THEN @extschema@.uuid6_sql_lo(t & 255, r)
         ELSE @extschema@.uuid6_sql_lo_node(t & 255, r, node) END);
END
$$;
COMMENT ON FUNCTION uuid6_sql_slow(integer, bigint) IS
    'uuid6 internal: uuid_generate_v6/v7/v8() (generator 6, 7, 8) for a tick to lift or with uuid6.node_id set';

-- The fast paths. The clock test is in double precision (date_part is
-- cheaper than numeric; a bigint tick read as a double is good to a few
-- hundred ticks, well under the millisecond it tests); the slow path and
-- uuid6_sql_lift test again exactly, in microseconds, before anything is
-- set. Any uuid6.node_id other than unset, empty (as a
-- session reads it after a SET LOCAL or a RESET) or -1 takes the slow path,
-- which reads and checks it.

-- v6: clock_seq = the 10-bit counter above 4 random bits; the node random
-- with the multicast bit (RFC 9562 section 6.10).
CREATE FUNCTION uuid_generate_v6() RETURNS uuid
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE AS $$
DECLARE
  t bigint := CASE WHEN pg_catalog.current_setting('transaction_read_only') = 'on'
                   THEN @extschema@.uuid6_sql_read_only(6)
                   ELSE pg_catalog.nextval('@extschema@.uuid6_sql_v6'::regclass) END;
BEGIN
  IF t::float8 < pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) * 1024000000 - 1024000
     OR coalesce(nullif(pg_catalog.current_setting('uuid6.node_id', true), ''), '-1') <> '-1' THEN
    RETURN @extschema@.uuid6_sql_slow(6, t);
  END IF;
  RETURN @extschema@.uuid6_sql_key(@extschema@.uuid6_sql_hi_v6(t),
    @extschema@.uuid6_sql_lo_v6(t & 1023, pg_catalog.uuid_hash_extended(pg_catalog.gen_random_uuid(), 0)));
END
$$;
COMMENT ON FUNCTION uuid_generate_v6() IS
    'Next UUIDv6 of the database''s sequence: 100-ns Gregorian timestamp, counting clock_seq, random node';

-- v7: unix_ts_ms | 7 | the Method 3 fraction | 10 | the 8-bit counter |
-- 54 random bits (the top 16 of them the node id when set).
CREATE FUNCTION uuid_generate_v7() RETURNS uuid
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE AS $$
DECLARE
  t bigint := CASE WHEN pg_catalog.current_setting('transaction_read_only') = 'on'
                   THEN @extschema@.uuid6_sql_read_only(7)
                   ELSE pg_catalog.nextval('@extschema@.uuid6_sql_v7'::regclass) END;
BEGIN
  IF t::float8 < pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) * 1048576000 - 1048576
     OR coalesce(nullif(pg_catalog.current_setting('uuid6.node_id', true), ''), '-1') <> '-1' THEN
    RETURN @extschema@.uuid6_sql_slow(7, t);
  END IF;
  RETURN @extschema@.uuid6_sql_key(@extschema@.uuid6_sql_hi_v7(t),
    @extschema@.uuid6_sql_lo(t & 255, pg_catalog.uuid_hash_extended(pg_catalog.gen_random_uuid(), 0)));
END
$$;
COMMENT ON FUNCTION uuid_generate_v7() IS
    'Next UUIDv7 of the database''s sequence: Unix ms, sub-ms fraction in rand_a, counter and random rand_b';

-- v8 (uuid6's layout): ts60 = Unix ns >> 4 | 8 | 10 | the 8-bit seq | 54
-- random node bits (the top 16 the node id when set).
CREATE FUNCTION uuid_generate_v8() RETURNS uuid
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE AS $$
DECLARE
  t bigint := CASE WHEN pg_catalog.current_setting('transaction_read_only') = 'on'
                   THEN @extschema@.uuid6_sql_read_only(8)
                   ELSE pg_catalog.nextval('@extschema@.uuid6_sql_v8'::regclass) END;
BEGIN
  IF t::float8 < pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) * 256000000 - 256000
     OR coalesce(nullif(pg_catalog.current_setting('uuid6.node_id', true), ''), '-1') <> '-1' THEN
    RETURN @extschema@.uuid6_sql_slow(8, t);
  END IF;
  RETURN @extschema@.uuid6_sql_key(@extschema@.uuid6_sql_hi_v8(t),
    @extschema@.uuid6_sql_lo(t & 255, pg_catalog.uuid_hash_extended(pg_catalog.gen_random_uuid(), 0)));
END
$$;
COMMENT ON FUNCTION uuid_generate_v8() IS
    'Next UUIDv8 of the database''s sequence in uuid6''s layout: 16-ns Unix timestamp, 8-bit sequence, random node';
