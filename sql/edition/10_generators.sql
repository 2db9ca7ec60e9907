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
-- Before drawing, a read-only transaction or a standby is refused with 25006
-- and a hint (nextval() would fail there anyway, without saying what to do).
--
-- Random bits come from gen_random_uuid() (PostgreSQL's CSPRNG), read from
-- its text, 'xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx', where every hex digit but
-- the 13th and the 17th is random (characters 21-23 and 25-36 are used);
-- uuid_in takes the hyphen that comes along after the 20th digit.
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
  t bigint := CASE WHEN pg_catalog.current_setting('transaction_read_only') = 'on'
                   THEN @extschema@.uuid6_sql_read_only(6)
                   ELSE pg_catalog.nextval('@extschema@.uuid6_sql_v6'::regclass) END;
  r text;
  x text;
BEGIN
  IF t < (pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) * 1024000000)::bigint - 1024000 THEN
    t := @extschema@.uuid6_sql_lift(6, t);
  END IF;
  r := pg_catalog.gen_random_uuid()::text;
  x := pg_catalog.lpad(pg_catalog.to_hex((t >> 10) * 10 + 122192928000000000), 15, '0');
  RETURN (substr(x, 1, 12) || '6' || substr(x, 13, 3)
          || pg_catalog.to_hex(32768 | ((t & 1023) << 4) | (strpos('0123456789abcdef', substr(r, 21, 1)) - 1))
          || substr(r, 25, 1) || translate(substr(r, 26, 1), '02468ace', '13579bdf')
          || CASE WHEN coalesce(pg_catalog.current_setting('uuid6.node_id', true), '') IN ('', '-1')
                  THEN substr(r, 27, 4)
                  ELSE pg_catalog.lpad(pg_catalog.to_hex(@extschema@.uuid6_sql_node_id()), 4, '0') END
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
  t bigint := CASE WHEN pg_catalog.current_setting('transaction_read_only') = 'on'
                   THEN @extschema@.uuid6_sql_read_only(7)
                   ELSE pg_catalog.nextval('@extschema@.uuid6_sql_v7'::regclass) END;
  r text;
BEGIN
  IF t < (pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) * 1048576000)::bigint - 1048576 THEN
    t := @extschema@.uuid6_sql_lift(7, t);
  END IF;
  r := pg_catalog.gen_random_uuid()::text;
  IF coalesce(pg_catalog.current_setting('uuid6.node_id', true), '') IN ('', '-1') THEN
    RETURN (pg_catalog.lpad(pg_catalog.to_hex(((t >> 20) << 16) | 28672 | ((t >> 8) & 4095)), 16, '0')
            || pg_catalog.to_hex(2048 | ((t & 255) << 2) | ((strpos('0123456789abcdef', substr(r, 21, 1)) - 1) & 3))
            || substr(r, 23, 14))::uuid;
  END IF;
  RETURN (pg_catalog.lpad(pg_catalog.to_hex(((t >> 20) << 16) | 28672 | ((t >> 8) & 4095)), 16, '0')
          || pg_catalog.to_hex(134217728 | ((t & 255) << 18) | (@extschema@.uuid6_sql_node_id() << 2)
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
  t bigint := CASE WHEN pg_catalog.current_setting('transaction_read_only') = 'on'
                   THEN @extschema@.uuid6_sql_read_only(8)
                   ELSE pg_catalog.nextval('@extschema@.uuid6_sql_v8'::regclass) END;
  r text;
  x text;
BEGIN
  IF t < (pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) * 256000000)::bigint - 256000 THEN
    t := @extschema@.uuid6_sql_lift(8, t);
  END IF;
  r := pg_catalog.gen_random_uuid()::text;
  x := pg_catalog.lpad(pg_catalog.to_hex(((t >> 8) * 125) >> 1), 15, '0');
  IF coalesce(pg_catalog.current_setting('uuid6.node_id', true), '') IN ('', '-1') THEN
    RETURN (substr(x, 1, 12) || '8' || substr(x, 13, 3)
            || pg_catalog.to_hex(2048 | ((t & 255) << 2) | ((strpos('0123456789abcdef', substr(r, 21, 1)) - 1) & 3))
            || substr(r, 23, 14))::uuid;
  END IF;
  RETURN (substr(x, 1, 12) || '8' || substr(x, 13, 3)
          || pg_catalog.to_hex(134217728 | ((t & 255) << 18) | (@extschema@.uuid6_sql_node_id() << 2)
                               | ((strpos('0123456789abcdef', substr(r, 21, 1)) - 1) & 3))
          || substr(r, 28, 9))::uuid;
END
$$;
COMMENT ON FUNCTION uuid_generate_v8() IS
    'Next UUIDv8 of the database''s sequence in uuid6''s layout: 16-ns Unix timestamp, 8-bit sequence, random node';
