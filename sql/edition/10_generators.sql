-- The generators: the next tick of the generator's sequence (00_sequences.sql)
-- as a UUID in the C library's layout (SPEC section 1), random bits from
-- gen_random_uuid(). Each is one nextval(), one clock reading and one
-- gen_random_uuid() on its fast path; a tick more than a millisecond behind
-- the clock goes through uuid6_sql_lift first.
--
-- Random bits are read from the text of a gen_random_uuid(), 'xxxxxxxx-xxxx-
-- 4xxx-Vxxx-xxxxxxxxxxxx': every hex digit but the 13th (4) and the 17th
-- (V, two random bits) is random. Characters 21-23 and 25-36 are used.
--
-- uuid6.node_id (a placeholder setting here) goes where the C library puts
-- it: v6 octets 11-12, v7 and v8 bits 74-89 (SPEC section 2).
--
-- PARALLEL UNSAFE, unlike the C library's: nextval() cannot run in a
-- parallel worker.

-- v6: ts60 = Unix microseconds * 10 + the Gregorian offset; clock_seq = the
-- 10-bit counter above 4 random bits; the node random with the multicast bit
-- (RFC 9562 section 6.10).
CREATE FUNCTION uuid_generate_v6() RETURNS uuid
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE AS $$
DECLARE
  t bigint;
  us bigint;
  r text;
  x text;
  node integer;
BEGIN
  IF pg_catalog.current_setting('transaction_read_only') = 'on' THEN
    PERFORM @extschema@.uuid6_sql_read_only(6);
  END IF;
  t := pg_catalog.nextval('@extschema@.uuid6_sql_v6'::regclass);
  us := (extract(epoch FROM pg_catalog.clock_timestamp()) * 1000000)::bigint;
  IF t < (us << 10) - 1024000 THEN
    t := @extschema@.uuid6_sql_lift(6, t);
  END IF;
  r := pg_catalog.gen_random_uuid()::text;
  x := pg_catalog.lpad(pg_catalog.to_hex((t >> 10) * 10 + 122192928000000000), 15, '0');
  node := @extschema@.uuid6_sql_node_id();
  RETURN (substr(x, 1, 12) || '6' || substr(x, 13, 3)
          || pg_catalog.to_hex(32768 | ((t & 1023) << 4) | (strpos('0123456789abcdef', substr(r, 21, 1)) - 1))
          || substr(r, 25, 1) || translate(substr(r, 26, 1), '02468ace', '13579bdf')
          || CASE WHEN node < 0 THEN substr(r, 27, 4)
                  ELSE pg_catalog.lpad(pg_catalog.to_hex(node), 4, '0') END
          || substr(r, 31, 6))::uuid;
END
$$;
COMMENT ON FUNCTION uuid_generate_v6() IS
    'Next UUIDv6 of the database''s sequence: 100-ns Gregorian timestamp, counting clock_seq, random node';

-- v7: unix_ts_ms | 7 | the Method 3 fraction | 10 | the 8-bit counter |
-- 54 random bits (the top 16 of them the node id when set).
CREATE FUNCTION uuid_generate_v7() RETURNS uuid
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE AS $$
DECLARE
  t bigint;
  us bigint;
  r text;
  node integer;
BEGIN
  IF pg_catalog.current_setting('transaction_read_only') = 'on' THEN
    PERFORM @extschema@.uuid6_sql_read_only(7);
  END IF;
  t := pg_catalog.nextval('@extschema@.uuid6_sql_v7'::regclass);
  us := (extract(epoch FROM pg_catalog.clock_timestamp()) * 1000000)::bigint;
  IF t < ((((us / 1000) << 12) | (((us % 1000) * 4096) / 1000)) << 8) - 1048576 THEN
    t := @extschema@.uuid6_sql_lift(7, t);
  END IF;
  r := pg_catalog.gen_random_uuid()::text;
  node := @extschema@.uuid6_sql_node_id();
  IF node < 0 THEN
    RETURN (pg_catalog.lpad(pg_catalog.to_hex(((t >> 20) << 16) | 28672 | ((t >> 8) & 4095)), 16, '0')
            || pg_catalog.to_hex(2048 | ((t & 255) << 2) | ((strpos('0123456789abcdef', substr(r, 21, 1)) - 1) & 3))
            || substr(r, 23, 1) || substr(r, 25, 12))::uuid;
  END IF;
  RETURN (pg_catalog.lpad(pg_catalog.to_hex(((t >> 20) << 16) | 28672 | ((t >> 8) & 4095)), 16, '0')
          || pg_catalog.to_hex(134217728 | ((t & 255) << 18) | (node << 2)
                               | ((strpos('0123456789abcdef', substr(r, 21, 1)) - 1) & 3))
          || substr(r, 28, 9))::uuid;
END
$$;
COMMENT ON FUNCTION uuid_generate_v7() IS
    'Next UUIDv7 of the database''s sequence: Unix ms, sub-ms fraction in rand_a, counter and random rand_b';

-- v8 (uuid6's layout): ts60 = Unix ns >> 4 | 8 | 10 | the 8-bit seq | 54
-- random node bits (the top 16 the node id when set).
CREATE FUNCTION uuid_generate_v8() RETURNS uuid
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE AS $$
DECLARE
  t bigint;
  us bigint;
  r text;
  x text;
  node integer;
BEGIN
  IF pg_catalog.current_setting('transaction_read_only') = 'on' THEN
    PERFORM @extschema@.uuid6_sql_read_only(8);
  END IF;
  t := pg_catalog.nextval('@extschema@.uuid6_sql_v8'::regclass);
  us := (extract(epoch FROM pg_catalog.clock_timestamp()) * 1000000)::bigint;
  IF t < (us << 8) - 256000 THEN
    t := @extschema@.uuid6_sql_lift(8, t);
  END IF;
  r := pg_catalog.gen_random_uuid()::text;
  x := pg_catalog.lpad(pg_catalog.to_hex(((t >> 8) * 125) >> 1), 15, '0');
  node := @extschema@.uuid6_sql_node_id();
  IF node < 0 THEN
    RETURN (substr(x, 1, 12) || '8' || substr(x, 13, 3)
            || pg_catalog.to_hex(2048 | ((t & 255) << 2) | ((strpos('0123456789abcdef', substr(r, 21, 1)) - 1) & 3))
            || substr(r, 23, 1) || substr(r, 25, 12))::uuid;
  END IF;
  RETURN (substr(x, 1, 12) || '8' || substr(x, 13, 3)
          || pg_catalog.to_hex(134217728 | ((t & 255) << 18) | (node << 2)
                               | ((strpos('0123456789abcdef', substr(r, 21, 1)) - 1) & 3))
          || substr(r, 28, 9))::uuid;
END
$$;
COMMENT ON FUNCTION uuid_generate_v8() IS
    'Next UUIDv8 of the database''s sequence in uuid6''s layout: 16-ns Unix timestamp, 8-bit sequence, random node';
