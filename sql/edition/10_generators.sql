-- The generators: the next tick of the generator's sequence (00_sequences.sql)
-- as a UUID in the C library's layout (SPEC section 1).
--
-- Each is a PL/pgSQL function of two statements (every statement is an
-- expression evaluated on its own, and costs about as much as the work in
-- it): the declaration draws the tick with one nextval(); RETURN reads the
-- clock (as a double: date_part is cheaper than numeric, and good to well
-- under a microsecond, enough to see a millisecond of lag; uuid6_sql_lift
-- computes the exact tick it sets) and, when the tick is within a
-- millisecond of it, makes the UUID of the tick and one gen_random_uuid() in
-- the same expression: the SQL function that lays it out (uuid6_sql_v7_of
-- and the like) is inlined there, once per session, when PL/pgSQL plans the
-- expression. Otherwise it lifts the tick first and calls that function
-- (not inlined: its argument is used more than once). A LANGUAGE sql
-- generator that the planner inlines costs about as much per row, but is
-- planned again with every statement that is not prepared (its expression is
-- large): a single-row INSERT paid far more for that than for the call.
--
-- Before drawing, a read-only transaction or a standby is refused with 25006
-- and a hint (nextval() would fail there anyway, without saying what to do).
--
-- The UUID is put together as two bigints, the high word of the tick and
-- the low word of the tick's counter and the random bits, sent as bytes
-- (int8send) and read with encode(..., 'hex')::uuid: byte functions, unlike
-- text ones, need not count characters in the database's encoding. The
-- random bits are those of octets 8-15 of a gen_random_uuid() (PostgreSQL's
-- CSPRNG; all of them random but the variant's two), read as one bigint
-- through bit(64), so that the random UUID is used once (a function whose
-- volatile argument is used twice is not inlined) and its bits are taken
-- with a mask.
--
-- uuid6.node_id (a placeholder setting here) goes where the C library puts
-- it: v6 octets 11-12, v7 and v8 bits 74-89 (SPEC section 2).
--
-- PARALLEL UNSAFE, unlike the C library's: nextval() cannot run in a
-- parallel worker.

-- The random bigint of a random UUID: its octets 8-15.
CREATE FUNCTION uuid6_sql_random_word(r uuid) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ('x' || pg_catalog.encode(pg_catalog.substring(pg_catalog.uuid_send(r), 9, 8), 'hex'))::bit(64)::bigint;
COMMENT ON FUNCTION uuid6_sql_random_word(uuid) IS
    'uuid6 internal: octets 8-15 of a UUID as a bigint';

-- Whether uuid6.node_id (the setting's text, node) is off: unset, empty or -1.
CREATE FUNCTION uuid6_sql_node_off(node text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN node IS NULL OR node = '' OR node = '-1';
COMMENT ON FUNCTION uuid6_sql_node_off(text) IS
    'uuid6 internal: whether the text of uuid6.node_id means no node id';

-- The low word of a v7 or v8: variant 10, the 8-bit counter, then r's random
-- bits (54 of them); with a node id (node: the setting's text, checked by
-- uuid6_sql_node_id) the node id in bits 74-89 and 38 random bits.
-- STABLE (uuid6_sql_node_id reads a setting), not STRICT: so that it is
-- inlined.
CREATE FUNCTION uuid6_sql_low(r uuid, counter integer, node text) RETURNS bigint
    LANGUAGE sql STABLE PARALLEL SAFE
    RETURN (@extschema@.uuid6_sql_random_word(r)
            & CASE WHEN @extschema@.uuid6_sql_node_off(node) THEN 18014398509481983 ELSE 274877906943 END)
           | (counter::bigint << 54) | -9223372036854775808
           | CASE WHEN @extschema@.uuid6_sql_node_off(node) THEN 0
                  ELSE @extschema@.uuid6_sql_node_id()::bigint << 38 END;
COMMENT ON FUNCTION uuid6_sql_low(uuid, integer, text) IS
    'uuid6 internal: the low word of a v7 or v8 (variant, 8-bit counter, node id when set, random bits)';

-- The low word of a v6: variant 10, clock_seq (the 10-bit counter above 4
-- random bits), the random node with the multicast bit (bit 40), or with the
-- node id in octets 11-12.
CREATE FUNCTION uuid6_sql_low_v6(r uuid, counter integer, node text) RETURNS bigint
    LANGUAGE sql STABLE PARALLEL SAFE
    RETURN (@extschema@.uuid6_sql_random_word(r)
            & CASE WHEN @extschema@.uuid6_sql_node_off(node) THEN 4503599627370495 ELSE 4502500132519935 END)
           | (counter::bigint << 52) | -9223372036854775808 | 1099511627776
           | CASE WHEN @extschema@.uuid6_sql_node_off(node) THEN 0
                  ELSE @extschema@.uuid6_sql_node_id()::bigint << 24 END;
COMMENT ON FUNCTION uuid6_sql_low_v6(uuid, integer, text) IS
    'uuid6 internal: the low word of a v6 (variant, counting clock_seq, node id when set, random node bits with the multicast bit)';

-- The UUIDs of a tick t, random UUID r and uuid6.node_id's text node.
-- v6: ts60 = Unix microseconds * 10 + the Gregorian offset (time_high,
-- time_mid, 6, time_low); clock_seq = the 10-bit counter above 4 random bits;
-- the node random with the multicast bit (RFC 9562 section 6.10).
CREATE FUNCTION uuid6_sql_v6_of(t bigint, r uuid, node text) RETURNS uuid
    LANGUAGE sql STABLE PARALLEL SAFE
    RETURN pg_catalog.encode(pg_catalog.int8send(((((t >> 10) * 10 + 122192928000000000) >> 12) << 16) | 24576
                                                 | (((t >> 10) * 10 + 122192928000000000) & 4095))
                             || pg_catalog.int8send(@extschema@.uuid6_sql_low_v6(r, (t & 1023)::integer, node)),
                             'hex')::uuid;
COMMENT ON FUNCTION uuid6_sql_v6_of(bigint, uuid, text) IS
    'uuid6 internal: the UUIDv6 of a tick of the version 6 sequence, random bits and uuid6.node_id';

-- v7: unix_ts_ms | 7 | the Method 3 fraction | 10 | the 8-bit counter |
-- 54 random bits (the top 16 of them the node id when set).
CREATE FUNCTION uuid6_sql_v7_of(t bigint, r uuid, node text) RETURNS uuid
    LANGUAGE sql STABLE PARALLEL SAFE
    RETURN pg_catalog.encode(pg_catalog.int8send(((t >> 20) << 16) | 28672 | ((t >> 8) & 4095))
                             || pg_catalog.int8send(@extschema@.uuid6_sql_low(r, (t & 255)::integer, node)),
                             'hex')::uuid;
COMMENT ON FUNCTION uuid6_sql_v7_of(bigint, uuid, text) IS
    'uuid6 internal: the UUIDv7 of a tick of the version 7 sequence, random bits and uuid6.node_id';

-- v8 (uuid6's layout): ts60 = Unix ns >> 4 | 8 | 10 | the 8-bit seq | 54
-- random node bits (the top 16 the node id when set).
CREATE FUNCTION uuid6_sql_v8_of(t bigint, r uuid, node text) RETURNS uuid
    LANGUAGE sql STABLE PARALLEL SAFE
    RETURN pg_catalog.encode(pg_catalog.int8send(((((t >> 8) * 125) >> 13) << 16) | 32768
                                                 | ((((t >> 8) * 125) >> 1) & 4095))
                             || pg_catalog.int8send(@extschema@.uuid6_sql_low(r, (t & 255)::integer, node)),
                             'hex')::uuid;
COMMENT ON FUNCTION uuid6_sql_v8_of(bigint, uuid, text) IS
    'uuid6 internal: the UUIDv8 of a tick of the version 8 sequence, random bits and uuid6.node_id';

CREATE FUNCTION uuid_generate_v6() RETURNS uuid
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE AS $$
DECLARE
  t bigint := CASE WHEN pg_catalog.current_setting('transaction_read_only') = 'on'
                   THEN @extschema@.uuid6_sql_read_only(6)
                   ELSE pg_catalog.nextval('@extschema@.uuid6_sql_v6'::regclass) END;
BEGIN
  RETURN CASE WHEN t >= (pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) * 1024000000)::bigint - 1024000
              THEN @extschema@.uuid6_sql_v6_of(t, pg_catalog.gen_random_uuid(),
                                                 pg_catalog.current_setting('uuid6.node_id', true))
              ELSE @extschema@.uuid6_sql_v6_of(@extschema@.uuid6_sql_lift(6, t), pg_catalog.gen_random_uuid(),
                                                 pg_catalog.current_setting('uuid6.node_id', true)) END;
END
$$;
COMMENT ON FUNCTION uuid_generate_v6() IS
    'Next UUIDv6 of the database''s sequence: 100-ns Gregorian timestamp, counting clock_seq, random node';

CREATE FUNCTION uuid_generate_v7() RETURNS uuid
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE AS $$
DECLARE
  t bigint := CASE WHEN pg_catalog.current_setting('transaction_read_only') = 'on'
                   THEN @extschema@.uuid6_sql_read_only(7)
                   ELSE pg_catalog.nextval('@extschema@.uuid6_sql_v7'::regclass) END;
BEGIN
  RETURN CASE WHEN t >= (pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) * 1048576000)::bigint - 1048576
              THEN @extschema@.uuid6_sql_v7_of(t, pg_catalog.gen_random_uuid(),
                                                 pg_catalog.current_setting('uuid6.node_id', true))
              ELSE @extschema@.uuid6_sql_v7_of(@extschema@.uuid6_sql_lift(7, t), pg_catalog.gen_random_uuid(),
                                                 pg_catalog.current_setting('uuid6.node_id', true)) END;
END
$$;
COMMENT ON FUNCTION uuid_generate_v7() IS
    'Next UUIDv7 of the database''s sequence: Unix ms, sub-ms fraction in rand_a, counter and random rand_b';

CREATE FUNCTION uuid_generate_v8() RETURNS uuid
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE AS $$
DECLARE
  t bigint := CASE WHEN pg_catalog.current_setting('transaction_read_only') = 'on'
                   THEN @extschema@.uuid6_sql_read_only(8)
                   ELSE pg_catalog.nextval('@extschema@.uuid6_sql_v8'::regclass) END;
BEGIN
  RETURN CASE WHEN t >= (pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) * 256000000)::bigint - 256000
              THEN @extschema@.uuid6_sql_v8_of(t, pg_catalog.gen_random_uuid(),
                                                 pg_catalog.current_setting('uuid6.node_id', true))
              ELSE @extschema@.uuid6_sql_v8_of(@extschema@.uuid6_sql_lift(8, t), pg_catalog.gen_random_uuid(),
                                                 pg_catalog.current_setting('uuid6.node_id', true)) END;
END
$$;
COMMENT ON FUNCTION uuid_generate_v8() IS
    'Next UUIDv8 of the database''s sequence in uuid6''s layout: 16-ns Unix timestamp, 8-bit sequence, random node';
