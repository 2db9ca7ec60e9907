-- The generators: the next tick of the generator's sequence (00_sequences.sql)
-- as a UUID in the C library's layout (SPEC section 1).
--
-- Each is a short PL/pgSQL function: one nextval(), one clock reading (as a
-- double: date_part is cheaper than numeric, and good to well under a
-- microsecond, enough to see a millisecond of lag; uuid6_sql_lift computes
-- the exact tick it sets), one gen_random_uuid(). A LANGUAGE sql body that
-- the planner inlines costs about as much per row, but is planned again with
-- every statement that is not prepared (its expression is large): a
-- single-row INSERT paid far more for that than for the call.
--
-- Where a call's time goes (about 3.8 us on a small machine): gen_random_uuid()
-- about 1.2 us, the PL/pgSQL call about 0.5 us, nextval() about 0.3 us, and
-- the statements and the layout the rest. Fewer statements do not make it
-- cheaper: two (the tick, then one RETURN that reads the clock, lifts on a
-- slow branch and lays out the UUID from the random bytes read as one
-- bigint through bit(64), so that the random UUID is used once and the
-- layout is inlined) measured the same as the five below, the saved
-- statements spent again on the longer layout.
--
-- Before drawing, a read-only transaction or a standby is refused with 25006
-- and a hint (nextval() would fail there anyway, without saying what to do).
--
-- The UUID is put together as bytes (int8send of the high word, the low word
-- from the bytes of a gen_random_uuid(), PostgreSQL's CSPRNG, whose octets
-- 9-15 are all random) and read with encode(..., 'hex')::uuid: byte
-- functions, unlike text ones, need not count characters in the database's
-- encoding.
--
-- uuid6.node_id (a placeholder setting here) goes where the C library puts
-- it: v6 octets 11-12, v7 and v8 bits 74-89 (SPEC section 2).
--
-- PARALLEL UNSAFE, unlike the C library's: nextval() cannot run in a
-- parallel worker.

-- The low word of a v7 or v8 from the random bytes b: variant 10, the 8-bit
-- counter, then b's random bits; with node_id, the node id in bits 74-89.
-- Inlined into the generators' expressions (not STRICT, so that they can be).
CREATE FUNCTION uuid6_sql_low(b bytea, counter integer) RETURNS bytea
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN set_byte(set_byte(substring(b, 9, 8), 0, 128 | (counter >> 2)),
                    1, ((counter & 3) << 6) | (get_byte(b, 9) & 63));
COMMENT ON FUNCTION uuid6_sql_low(bytea, integer) IS
    'uuid6 internal: the low word of a v7 or v8 (variant, 8-bit counter, random bits) from random bytes';

CREATE FUNCTION uuid6_sql_low_node(b bytea, counter integer, node_id integer) RETURNS bytea
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN set_byte(set_byte(set_byte(set_byte(substring(b, 9, 8), 0, 128 | (counter >> 2)),
                                      1, ((counter & 3) << 6) | (node_id >> 10)),
                             2, (node_id >> 2) & 255),
                    3, ((node_id & 3) << 6) | (get_byte(b, 11) & 63));
COMMENT ON FUNCTION uuid6_sql_low_node(bytea, integer, integer) IS
    'uuid6 internal: the low word of a v7 or v8 (variant, 8-bit counter, node id in bits 74-89, random bits) from random bytes';

-- The low word of a v6: variant 10, clock_seq (the 10-bit counter above 4
-- random bits), the random node with the multicast bit, or with node_id in
-- octets 11-12.
CREATE FUNCTION uuid6_sql_low_v6(b bytea, counter integer) RETURNS bytea
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN set_byte(set_byte(set_byte(substring(b, 9, 8), 0, 128 | (counter >> 4)),
                             1, ((counter & 15) << 4) | (get_byte(b, 9) & 15)),
                    2, get_byte(b, 10) | 1);
COMMENT ON FUNCTION uuid6_sql_low_v6(bytea, integer) IS
    'uuid6 internal: the low word of a v6 (variant, counting clock_seq, random node with the multicast bit) from random bytes';

CREATE FUNCTION uuid6_sql_low_v6_node(b bytea, counter integer, node_id integer) RETURNS bytea
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN set_byte(set_byte(set_byte(set_byte(set_byte(substring(b, 9, 8), 0, 128 | (counter >> 4)),
                                               1, ((counter & 15) << 4) | (get_byte(b, 9) & 15)),
                                      2, get_byte(b, 10) | 1),
                             3, node_id >> 8),
                    4, node_id & 255);
COMMENT ON FUNCTION uuid6_sql_low_v6_node(bytea, integer, integer) IS
    'uuid6 internal: the low word of a v6 (variant, counting clock_seq, node id in octets 11-12, random node bits with the multicast bit) from random bytes';

-- v6: ts60 = Unix microseconds * 10 + the Gregorian offset (time_high,
-- time_mid, 6, time_low); clock_seq = the 10-bit counter above 4 random bits;
-- the node random with the multicast bit (RFC 9562 section 6.10).
CREATE FUNCTION uuid_generate_v6() RETURNS uuid
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE AS $$
DECLARE
  t bigint := CASE WHEN pg_catalog.current_setting('transaction_read_only') = 'on'
                   THEN @extschema@.uuid6_sql_read_only(6)
                   ELSE pg_catalog.nextval('@extschema@.uuid6_sql_v6'::regclass) END;
  b bytea;
  node integer;
BEGIN
  IF t < (pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) * 1024000000)::bigint - 1024000 THEN
    t := @extschema@.uuid6_sql_lift(6, t);
  END IF;
  b := pg_catalog.uuid_send(pg_catalog.gen_random_uuid());
  IF coalesce(pg_catalog.current_setting('uuid6.node_id', true), '') IN ('', '-1') THEN
    RETURN pg_catalog.encode(pg_catalog.int8send(((((t >> 10) * 10 + 122192928000000000) >> 12) << 16) | 24576
                                               | (((t >> 10) * 10 + 122192928000000000) & 4095))
                             || @extschema@.uuid6_sql_low_v6(b, (t & 1023)::integer), 'hex')::uuid;
  END IF;
  node := @extschema@.uuid6_sql_node_id();
  RETURN pg_catalog.encode(pg_catalog.int8send(((((t >> 10) * 10 + 122192928000000000) >> 12) << 16) | 24576
                                               | (((t >> 10) * 10 + 122192928000000000) & 4095))
                           || @extschema@.uuid6_sql_low_v6_node(b, (t & 1023)::integer, node), 'hex')::uuid;
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
  b bytea;
  node integer;
BEGIN
  IF t < (pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) * 1048576000)::bigint - 1048576 THEN
    t := @extschema@.uuid6_sql_lift(7, t);
  END IF;
  b := pg_catalog.uuid_send(pg_catalog.gen_random_uuid());
  IF coalesce(pg_catalog.current_setting('uuid6.node_id', true), '') IN ('', '-1') THEN
    RETURN pg_catalog.encode(pg_catalog.int8send(((t >> 20) << 16) | 28672 | ((t >> 8) & 4095))
                             || @extschema@.uuid6_sql_low(b, (t & 255)::integer), 'hex')::uuid;
  END IF;
  node := @extschema@.uuid6_sql_node_id();
  RETURN pg_catalog.encode(pg_catalog.int8send(((t >> 20) << 16) | 28672 | ((t >> 8) & 4095))
                           || @extschema@.uuid6_sql_low_node(b, (t & 255)::integer, node), 'hex')::uuid;
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
  b bytea;
  node integer;
BEGIN
  IF t < (pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) * 256000000)::bigint - 256000 THEN
    t := @extschema@.uuid6_sql_lift(8, t);
  END IF;
  b := pg_catalog.uuid_send(pg_catalog.gen_random_uuid());
  IF coalesce(pg_catalog.current_setting('uuid6.node_id', true), '') IN ('', '-1') THEN
    RETURN pg_catalog.encode(pg_catalog.int8send(((((t >> 8) * 125) >> 13) << 16) | 32768 | ((((t >> 8) * 125) >> 1) & 4095))
                             || @extschema@.uuid6_sql_low(b, (t & 255)::integer), 'hex')::uuid;
  END IF;
  node := @extschema@.uuid6_sql_node_id();
  RETURN pg_catalog.encode(pg_catalog.int8send(((((t >> 8) * 125) >> 13) << 16) | 32768 | ((((t >> 8) * 125) >> 1) & 4095))
                           || @extschema@.uuid6_sql_low_node(b, (t & 255)::integer, node), 'hex')::uuid;
END
$$;
COMMENT ON FUNCTION uuid_generate_v8() IS
    'Next UUIDv8 of the database''s sequence in uuid6''s layout: 16-ns Unix timestamp, 8-bit sequence, random node';

