-- The generators: the next tick of the generator's sequence (00_sequences.sql)
-- as a UUID in the C library's layout (docs/design.md, Ticks and layouts).
--
-- Each is a short PL/pgSQL function with three expressions on its fast
-- path: the tick (uuid6_sql_draw: the read-only check, the first draw's WAL
-- record, one nextval()), one test (the tick within the lift bound of the
-- clock, uuid6.node_id unset), and one RETURN that lays out the key from the
-- tick and 64 random bits. The rest is set up only when it runs: a tick to
-- lift, two more expressions of the generator (uuid6_sql_lifted), and a node
-- id, a slow path of its own.
--
-- Why so few expressions: a PL/pgSQL function keeps its expressions' plans
-- for the session, but sets up each one's run-time state again in every
-- transaction that calls it (and checks that its plan still holds), at a
-- cost that grows with the number of functions and operators in them. A
-- single-row INSERT with a DEFAULT pays that in full for every row; so does
-- nothing else. The layout is therefore plain bigint arithmetic on two
-- 64-bit words, joined once: uuid6_sql_key(hi, lo).
--
-- Security: the PL/pgSQL bodies hold nothing but control flow and calls of
-- @extschema@ functions whose arguments have exactly the declared types (an
-- integer literal for an integer, a bigint variable for a bigint), so no
-- function or operator is looked up through the caller's search_path; every
-- expression is one of the LANGUAGE sql helpers below, whose SQL-standard
-- bodies are bound when they are created and which the planner inlines (they
-- are not STRICT: a STRICT SQL function whose body is a CASE is never
-- inlined). No SET clause: it would cost more than the generator itself.
--
-- The random bits: uuid_hash_extended() of a gen_random_uuid(), that is, 64
-- bits hashed from 122 bits of PostgreSQL's CSPRNG. (Before PostgreSQL 18 a
-- bigint cannot be read from the bytes of a UUID without a round trip
-- through text.)
--
-- uuid6.node_id (a placeholder setting here) goes where the C library puts
-- it: v6 octets 11-12, v7 and v8 bits 74-89 (docs/design.md, Ticks and layouts).
--
-- A v8 of this layout never reads as a spread key (src/core/spread.hpp):
-- where its random bits happen to carry the spread mark with a valid bucket
-- count (about 7.5e-9 of the keys), bit 123 is flipped, as the C library's
-- WithoutSpreadMark does; only those keys pay for the test's second half.
--
-- PARALLEL UNSAFE, unlike the C library's: nextval() cannot run in a
-- parallel worker.

-- A UUID from its high and low 64-bit words.
CREATE FUNCTION uuid6_sql_key(hi bigint, lo bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN pg_catalog.encode(pg_catalog.int8send(hi) || pg_catalog.int8send(lo), 'hex')::uuid;
COMMENT ON FUNCTION uuid6_sql_key(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the UUID of two 64-bit words, high then low';

-- 64 random bits.
CREATE FUNCTION uuid6_sql_random(seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql VOLATILE PARALLEL SAFE
    RETURN pg_catalog.uuid_hash_extended(pg_catalog.gen_random_uuid(), 0);
COMMENT ON FUNCTION uuid6_sql_random(@extschema@.uuid6_sql_seal) IS
    'uuid6 internal: 64 random bits from PostgreSQL''s CSPRNG';

-- The low word of a v7 or v8: variant 10, the 8-bit counter (bits 66-73 of
-- the UUID), then 54 of the random bits r; with node_id, the node id in bits
-- 74-89 and 38 random bits below it.
CREATE FUNCTION uuid6_sql_lo(counter bigint, r bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ((counter | 512) << 54) | (r & 18014398509481983);
COMMENT ON FUNCTION uuid6_sql_lo(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the low word of a v7 or v8 (variant, 8-bit counter, random bits)';

CREATE FUNCTION uuid6_sql_lo_node(counter bigint, r bigint, node_id integer, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ((counter | 512) << 54) | (node_id::bigint << 38) | (r & 274877906943);
COMMENT ON FUNCTION uuid6_sql_lo_node(bigint, bigint, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the low word of a v7 or v8 (variant, 8-bit counter, node id in bits 74-89, random bits)';

-- The low word of a v6: variant 10, clock_seq (the 10-bit counter above 4
-- random bits), the random node with the multicast bit (bit 40 of the word),
-- or with node_id in octets 11-12.
CREATE FUNCTION uuid6_sql_lo_v6(counter bigint, r bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ((counter | 2048) << 52) | (r & 4503599627370495) | 1099511627776;
COMMENT ON FUNCTION uuid6_sql_lo_v6(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the low word of a v6 (variant, counting clock_seq, random node with the multicast bit)';

CREATE FUNCTION uuid6_sql_lo_v6_node(counter bigint, r bigint, node_id integer, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ((counter | 2048) << 52) | (node_id::bigint << 24) | (r & 4502500132519935) | 1099511627776;
COMMENT ON FUNCTION uuid6_sql_lo_v6_node(bigint, bigint, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the low word of a v6 (variant, counting clock_seq, node id in octets 11-12, random node bits with the multicast bit)';

-- The high words. v6: ts60 = Unix microseconds * 10 + the Gregorian offset
-- as time_high, time_mid, 6, time_low. v7: unix_ts_ms, 7, the Method 3
-- fraction. v8: ts60 = Unix ns >> 4 as in v6, with 8.
CREATE FUNCTION uuid6_sql_hi_v6(t bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ((((t >> 10) * 10 + 122192928000000000) >> 12) << 16) | 24576
           | (((t >> 10) * 10 + 122192928000000000) & 4095);
COMMENT ON FUNCTION uuid6_sql_hi_v6(bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the high word of a v6 for a tick of the v6 sequence';

CREATE FUNCTION uuid6_sql_hi_v7(t bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN (t >> 8) + (t >> 20) * 61440 + 28672;
COMMENT ON FUNCTION uuid6_sql_hi_v7(bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the high word of a v7 for a tick of the v7 sequence';

CREATE FUNCTION uuid6_sql_hi_v8(t bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ((((t >> 8) * 125) >> 13) << 16) | 32768 | ((((t >> 8) * 125) >> 1) & 4095);
COMMENT ON FUNCTION uuid6_sql_hi_v8(bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the high word of a v8 for a tick of the v8 sequence';

-- A v8 of this layout that would read as a spread key: its random bits r
-- carry the 26-bit mark 0x2F1A5C3 in bits 4-29 (bits 98-123 of the UUID;
-- r fills bits 0-37 of the low word with or without a node id), a bucket
-- count 2^k with k from 1 to 8 in its last 4 bits, and the 8 - k low bits
-- of the UUID's first byte (the top of ts60, from the tick t) are zero. Then
-- bit 123 of the UUID (bit 4 of the low word) is flipped: 16 here, else 0.
-- The callers test the mark first and call this only when it is there;
-- STRICT with a CASE, so that it is never inlined and adds one node to
-- their expressions, not a dozen.
CREATE FUNCTION uuid6_sql_spread_flip(t bigint, r bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN CASE WHEN ((r >> 4) & 67108863) = 49391043 AND (r & 15) BETWEEN 1 AND 8
                     AND ((((t >> 8) * 125) >> 53) & ((1::bigint << (8 - (r & 15)::integer)) - 1)) = 0
                THEN 16::bigint ELSE 0::bigint END;
COMMENT ON FUNCTION uuid6_sql_spread_flip(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: 16 where a v8 of uuid6''s layout with this tick and these random bits would read as a spread key (bit 123 to flip), else 0';

-- The low word of a v8 (variant, counter, random bits, the node id when
-- node >= 0), with bit 123 flipped where the key would read as a spread key.
CREATE FUNCTION uuid6_sql_lo_v8(t bigint, r bigint, node integer, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN node < 0 THEN @extschema@.uuid6_sql_lo(t & 255, r, true::@extschema@.uuid6_sql_seal)
                ELSE @extschema@.uuid6_sql_lo_node(t & 255, r, node, true::@extschema@.uuid6_sql_seal) END
           # CASE WHEN ((r >> 4) & 67108863) <> 49391043 THEN 0::bigint
                  ELSE @extschema@.uuid6_sql_spread_flip(t, r, true::@extschema@.uuid6_sql_seal) END;
COMMENT ON FUNCTION uuid6_sql_lo_v8(bigint, bigint, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the low word of a v8 of uuid6''s layout, changed in one bit where it would read as a spread key';

-- The keys of the fast paths: a tick and fresh random bits (v8: given, for
-- the spread mark's test).
CREATE FUNCTION uuid6_sql_key_v6(t bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_key(@extschema@.uuid6_sql_hi_v6(t, true::@extschema@.uuid6_sql_seal),
                                     @extschema@.uuid6_sql_lo_v6(t & 1023, @extschema@.uuid6_sql_random(true::@extschema@.uuid6_sql_seal), true::@extschema@.uuid6_sql_seal), true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION uuid6_sql_key_v6(bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a v6 of a tick of the v6 sequence with a random node';

CREATE FUNCTION uuid6_sql_key_v7(t bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_key(@extschema@.uuid6_sql_hi_v7(t, true::@extschema@.uuid6_sql_seal),
                                     @extschema@.uuid6_sql_lo(t & 255, @extschema@.uuid6_sql_random(true::@extschema@.uuid6_sql_seal), true::@extschema@.uuid6_sql_seal), true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION uuid6_sql_key_v7(bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a v7 of a tick of the v7 sequence with random rand_b';

CREATE FUNCTION uuid6_sql_key_v8(t bigint, r bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_key(@extschema@.uuid6_sql_hi_v8(t, true::@extschema@.uuid6_sql_seal), @extschema@.uuid6_sql_lo_v8(t, r, -1, true::@extschema@.uuid6_sql_seal), true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION uuid6_sql_key_v8(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a v8 of a tick of the v8 sequence and 64 random bits, never read as a spread key';

-- Any generator's key, with a node id or without (-1): the slow path's.
CREATE FUNCTION uuid6_sql_key_of(generator integer, t bigint, node integer, r bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE generator
      WHEN 6 THEN @extschema@.uuid6_sql_key(@extschema@.uuid6_sql_hi_v6(t, true::@extschema@.uuid6_sql_seal),
                    CASE WHEN node < 0 THEN @extschema@.uuid6_sql_lo_v6(t & 1023, r, true::@extschema@.uuid6_sql_seal)
                         ELSE @extschema@.uuid6_sql_lo_v6_node(t & 1023, r, node, true::@extschema@.uuid6_sql_seal) END, true::@extschema@.uuid6_sql_seal)
      WHEN 7 THEN @extschema@.uuid6_sql_key(@extschema@.uuid6_sql_hi_v7(t, true::@extschema@.uuid6_sql_seal),
                    CASE WHEN node < 0 THEN @extschema@.uuid6_sql_lo(t & 255, r, true::@extschema@.uuid6_sql_seal)
                         ELSE @extschema@.uuid6_sql_lo_node(t & 255, r, node, true::@extschema@.uuid6_sql_seal) END, true::@extschema@.uuid6_sql_seal)
      ELSE @extschema@.uuid6_sql_key(@extschema@.uuid6_sql_hi_v8(t, true::@extschema@.uuid6_sql_seal),
                                     @extschema@.uuid6_sql_lo_v8(t, r, node, true::@extschema@.uuid6_sql_seal), true::@extschema@.uuid6_sql_seal) END;
COMMENT ON FUNCTION uuid6_sql_key_of(integer, bigint, integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the key of generator 6, 7 or 8 for a tick, a node id (-1: none) and 64 random bits';

-- Whether a tick lies more than the lift bound (0.75 ms) behind the clock,
-- tested in double precision: date_part is cheaper than numeric, and a
-- bigint tick read as a double is good to a few hundred ticks, well under
-- the quarter millisecond between the lift bound and the lag bound. (Only
-- the lift acts on it, and tests again exactly before it sets anything:
-- uuid6_sql_lift_set, uuid6_sql_counted.) Ticks per second and the lift
-- bound of each generator (00_sequences.sql).
CREATE FUNCTION uuid6_sql_behind(generator integer, t bigint, seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql VOLATILE PARALLEL SAFE
    RETURN t::double precision
           < pg_catalog.date_part('epoch', pg_catalog.clock_timestamp())
             * CASE generator WHEN 6 THEN 1024000000::double precision
                              WHEN 7 THEN 1048576000::double precision
                              WHEN 70 THEN 16777216::double precision
                              WHEN 71 THEN 1024000000::double precision
                              ELSE 256000000::double precision END
             - CASE generator WHEN 6 THEN 768000::double precision
                              WHEN 7 THEN 786432::double precision
                              WHEN 70 THEN 12288::double precision
                              WHEN 71 THEN 768000::double precision
                              ELSE 192000::double precision END;
COMMENT ON FUNCTION uuid6_sql_behind(integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: whether a generator''s tick lies more than 0.75 ms behind the clock, when it is lifted (double precision)';

-- The fast path's test: the tick not to lift, and uuid6.node_id unset, empty
-- (as a session reads it after a SET LOCAL or a RESET) or -1, in the session
-- and for the database (whose setting is read once per plan: see
-- uuid6_sql_database_node_id); any other setting takes the slow path, which
-- reads and checks it.
CREATE FUNCTION uuid6_sql_fast(generator integer, t bigint, seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql VOLATILE PARALLEL SAFE
    RETURN NOT @extschema@.uuid6_sql_behind(generator, t, true::@extschema@.uuid6_sql_seal)
           AND coalesce(nullif(pg_catalog.current_setting('uuid6.node_id', true), ''), '-1') = '-1'
           AND coalesce(nullif(@extschema@.uuid6_sql_database_node_id(true::@extschema@.uuid6_sql_seal), ''), '-1') = '-1';
COMMENT ON FUNCTION uuid6_sql_fast(integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: whether a generator''s tick takes the fast path (within 0.75 ms of the clock, no node id)';

-- uuid6.node_id unset, empty or -1, as uuid6_sql_fast reads it: where the
-- fast path's test fails and this holds, the tick lies more than the lift
-- bound behind the clock, and the generator lifts it (uuid6_sql_lifted,
-- 00_sequences.sql) without a call of the slow path (a PL/pgSQL call of its
-- own: while the lift's lock is held by another role, every key comes here).
CREATE FUNCTION uuid6_sql_no_node(seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql STABLE PARALLEL SAFE
    RETURN coalesce(nullif(pg_catalog.current_setting('uuid6.node_id', true), ''), '-1') = '-1'
           AND coalesce(nullif(@extschema@.uuid6_sql_database_node_id(true::@extschema@.uuid6_sql_seal), ''), '-1') = '-1';
COMMENT ON FUNCTION uuid6_sql_no_node(@extschema@.uuid6_sql_seal) IS
    'uuid6 internal: whether uuid6.node_id is unset, empty or -1, as the generators'' fast path reads it';

-- The slow path of generator 6, 7 or 8 with uuid6.node_id set (or looking
-- set): every key comes here, so no SET clause; its tick is lifted here too
-- when it lies more than the lift bound behind the clock (see
-- 00_sequences.sql).
CREATE FUNCTION uuid6_sql_slow(generator integer, t bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE AS $$
DECLARE
  node integer := @extschema@.uuid6_sql_node_id(true::@extschema@.uuid6_sql_seal);
  r bigint := @extschema@.uuid6_sql_random(true::@extschema@.uuid6_sql_seal);
BEGIN
  IF @extschema@.uuid6_sql_behind(generator, t, true::@extschema@.uuid6_sql_seal) THEN
    t := @extschema@.uuid6_sql_lifted(generator, t, true::@extschema@.uuid6_sql_seal);
  END IF;
  RETURN @extschema@.uuid6_sql_key_of(generator, t, node, r, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid6_sql_slow(integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: uuid_generate_v6/v7/v8() (generator 6, 7, 8) for a tick to lift or with uuid6.node_id set';

-- v6: clock_seq = the 10-bit counter above 4 random bits; the node random
-- with the multicast bit (RFC 9562 section 6.10).
CREATE FUNCTION uuid_generate_v6() RETURNS uuid
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE AS $$
DECLARE
  t bigint := @extschema@.uuid6_sql_draw(6, true::@extschema@.uuid6_sql_seal);
BEGIN
  IF @extschema@.uuid6_sql_fast(6, t, true::@extschema@.uuid6_sql_seal) THEN
    RETURN @extschema@.uuid6_sql_key_v6(t, true::@extschema@.uuid6_sql_seal);
  END IF;
  IF @extschema@.uuid6_sql_no_node(true::@extschema@.uuid6_sql_seal) THEN
    t := @extschema@.uuid6_sql_lifted(6, t, true::@extschema@.uuid6_sql_seal);
    RETURN @extschema@.uuid6_sql_key_v6(t, true::@extschema@.uuid6_sql_seal);
  END IF;
  RETURN @extschema@.uuid6_sql_slow(6, t, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_generate_v6() IS
    'Next UUIDv6 of the database''s sequence: 100-ns Gregorian timestamp, counting clock_seq, random node';

-- v7: unix_ts_ms | 7 | the Method 3 fraction | 10 | the 8-bit counter |
-- 54 random bits (the top 16 of them the node id when set).
CREATE FUNCTION uuid_generate_v7() RETURNS uuid
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE AS $$
DECLARE
  t bigint := @extschema@.uuid6_sql_draw(7, true::@extschema@.uuid6_sql_seal);
BEGIN
  IF @extschema@.uuid6_sql_fast(7, t, true::@extschema@.uuid6_sql_seal) THEN
    RETURN @extschema@.uuid6_sql_key_v7(t, true::@extschema@.uuid6_sql_seal);
  END IF;
  IF @extschema@.uuid6_sql_no_node(true::@extschema@.uuid6_sql_seal) THEN
    t := @extschema@.uuid6_sql_lifted(7, t, true::@extschema@.uuid6_sql_seal);
    RETURN @extschema@.uuid6_sql_key_v7(t, true::@extschema@.uuid6_sql_seal);
  END IF;
  RETURN @extschema@.uuid6_sql_slow(7, t, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_generate_v7() IS
    'Next UUIDv7 of the database''s sequence: Unix ms, sub-ms fraction in rand_a, counter and random rand_b';

-- v8 (uuid6's layout): ts60 = Unix ns >> 4 | 8 | 10 | the 8-bit seq | 54
-- random node bits (the top 16 the node id when set). The random bits are a
-- variable of their own: the spread mark's test reads them more than once.
CREATE FUNCTION uuid_generate_v8() RETURNS uuid
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE AS $$
DECLARE
  t bigint := @extschema@.uuid6_sql_draw(8, true::@extschema@.uuid6_sql_seal);
  r bigint := @extschema@.uuid6_sql_random(true::@extschema@.uuid6_sql_seal);
BEGIN
  IF @extschema@.uuid6_sql_fast(8, t, true::@extschema@.uuid6_sql_seal) THEN
    RETURN @extschema@.uuid6_sql_key_v8(t, r, true::@extschema@.uuid6_sql_seal);
  END IF;
  IF @extschema@.uuid6_sql_no_node(true::@extschema@.uuid6_sql_seal) THEN
    t := @extschema@.uuid6_sql_lifted(8, t, true::@extschema@.uuid6_sql_seal);
    RETURN @extschema@.uuid6_sql_key_v8(t, r, true::@extschema@.uuid6_sql_seal);
  END IF;
  RETURN @extschema@.uuid6_sql_slow(8, t, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_generate_v8() IS
    'Next UUIDv8 of the database''s sequence in uuid6''s layout: 16-ns Unix timestamp, 8-bit sequence, random node';
