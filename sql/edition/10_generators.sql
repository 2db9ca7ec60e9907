-- The generators: the next tick of the generator's sequence (00_sequences.sql)
-- as a UUID in the C library's layout (SPEC section 1).
--
-- Each is one SQL expression, which the planner inlines into the calling
-- query (a DEFAULT, a SELECT list): no function call of its own. The tick is
-- drawn once, by nextval(), and read again with currval() (this session's
-- last value of the sequence, which uuid6_sql_lift leaves at the tick it
-- returns): an expression has no variables, and PostgreSQL evaluates a
-- function's arguments in order, so the first argument of the outermost
-- arithmetic draws (and lifts) the tick, "* 0" drops its value, and every
-- currval() after it reads that tick. Before drawing, a read-only
-- transaction or a standby is refused with 25006 and a hint. The test for a
-- lift reads the clock as a double (date_part, cheaper than numeric), good
-- to well under a microsecond, scaled to ticks: enough to see a millisecond
-- of lag; uuid6_sql_lift computes the exact tick it sets.
--
-- Random bits come from gen_random_uuid() (PostgreSQL's CSPRNG), read from
-- its text, 'xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx', where every hex digit but
-- the 13th and the 17th is random; uuid_in takes the hyphen that comes along
-- after the 20th digit. The few random bits that share a hex digit with the
-- counter (two in v7 and v8, four in v6's clock_seq) come from random(),
-- PostgreSQL's generator seeded from the CSPRNG: a digit cannot be split
-- without reading the random text twice, that is, drawing twice.
--
-- uuid6.node_id (a placeholder setting here) goes where the C library puts
-- it: v6 octets 11-12, v7 and v8 bits 74-89 (SPEC section 2).
--
-- PARALLEL UNSAFE, unlike the C library's: nextval() cannot run in a
-- parallel worker.

-- v6: ts60 = Unix microseconds * 10 + the Gregorian offset; clock_seq = the
-- 10-bit counter above 4 random bits; the node random, its first octet with
-- the multicast bit (RFC 9562 section 6.10), from a second gen_random_uuid().
CREATE FUNCTION uuid_generate_v6() RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    RETURN (pg_catalog.lpad(pg_catalog.to_hex(
              (CASE WHEN (CASE WHEN pg_catalog.current_setting('transaction_read_only') = 'on'
                               THEN @extschema@.uuid6_sql_read_only(6)
                               ELSE pg_catalog.nextval('@extschema@.uuid6_sql_v6'::regclass) END)
                         < (pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) * 1000000 * 1024)::bigint - 1024000
                    THEN @extschema@.uuid6_sql_lift(6, pg_catalog.currval('@extschema@.uuid6_sql_v6'::regclass))
                    ELSE 0 END) * 0
              + (((((pg_catalog.currval('@extschema@.uuid6_sql_v6'::regclass) >> 10) * 10 + 122192928000000000) >> 12) << 16)
                 | 24576
                 | (((pg_catalog.currval('@extschema@.uuid6_sql_v6'::regclass) >> 10) * 10 + 122192928000000000) & 4095))), 16, '0')
            || pg_catalog.to_hex(32768 | ((pg_catalog.currval('@extschema@.uuid6_sql_v6'::regclass) & 1023) << 4)
                                 | floor(pg_catalog.random() * 16)::integer)
            || pg_catalog.lpad(pg_catalog.to_hex(get_byte(uuid_send(pg_catalog.gen_random_uuid()), 10) | 1), 2, '0')
            || CASE WHEN coalesce(pg_catalog.current_setting('uuid6.node_id', true), '') IN ('', '-1')
                    THEN substr(pg_catalog.gen_random_uuid()::text, 27, 10)
                    ELSE pg_catalog.lpad(pg_catalog.to_hex(@extschema@.uuid6_sql_node_id()), 4, '0')
                         || substr(pg_catalog.gen_random_uuid()::text, 31, 6) END)::uuid;
COMMENT ON FUNCTION uuid_generate_v6() IS
    'Next UUIDv6 of the database''s sequence: 100-ns Gregorian timestamp, counting clock_seq, random node';

-- v7: unix_ts_ms | 7 | the Method 3 fraction | 10 | the 8-bit counter |
-- 54 random bits (the top 16 of them the node id when set).
CREATE FUNCTION uuid_generate_v7() RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    RETURN (pg_catalog.lpad(pg_catalog.to_hex(
              (CASE WHEN (CASE WHEN pg_catalog.current_setting('transaction_read_only') = 'on'
                               THEN @extschema@.uuid6_sql_read_only(7)
                               ELSE pg_catalog.nextval('@extschema@.uuid6_sql_v7'::regclass) END)
                         < (pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) * 1048576000)::bigint - 1048576
                    THEN @extschema@.uuid6_sql_lift(7, pg_catalog.currval('@extschema@.uuid6_sql_v7'::regclass))
                    ELSE 0 END) * 0
              + (((pg_catalog.currval('@extschema@.uuid6_sql_v7'::regclass) >> 20) << 16) | 28672
                 | ((pg_catalog.currval('@extschema@.uuid6_sql_v7'::regclass) >> 8) & 4095))), 16, '0')
            || CASE WHEN coalesce(pg_catalog.current_setting('uuid6.node_id', true), '') IN ('', '-1')
                    THEN pg_catalog.to_hex(2048 | ((pg_catalog.currval('@extschema@.uuid6_sql_v7'::regclass) & 255) << 2)
                                           | floor(pg_catalog.random() * 4)::integer)
                         || substr(pg_catalog.gen_random_uuid()::text, 23, 14)
                    ELSE pg_catalog.to_hex(134217728 | ((pg_catalog.currval('@extschema@.uuid6_sql_v7'::regclass) & 255) << 18)
                                           | (@extschema@.uuid6_sql_node_id() << 2) | floor(pg_catalog.random() * 4)::integer)
                         || substr(pg_catalog.gen_random_uuid()::text, 28, 9) END)::uuid;
COMMENT ON FUNCTION uuid_generate_v7() IS
    'Next UUIDv7 of the database''s sequence: Unix ms, sub-ms fraction in rand_a, counter and random rand_b';

-- v8 (uuid6's layout): ts60 = Unix ns >> 4 | 8 | 10 | the 8-bit seq | 54
-- random node bits (the top 16 the node id when set).
CREATE FUNCTION uuid_generate_v8() RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    RETURN (pg_catalog.lpad(pg_catalog.to_hex(
              (CASE WHEN (CASE WHEN pg_catalog.current_setting('transaction_read_only') = 'on'
                               THEN @extschema@.uuid6_sql_read_only(8)
                               ELSE pg_catalog.nextval('@extschema@.uuid6_sql_v8'::regclass) END)
                         < (pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) * 1000000 * 256)::bigint - 256000
                    THEN @extschema@.uuid6_sql_lift(8, pg_catalog.currval('@extschema@.uuid6_sql_v8'::regclass))
                    ELSE 0 END) * 0
              + (((((pg_catalog.currval('@extschema@.uuid6_sql_v8'::regclass) >> 8) * 125) >> 13) << 16)
                 | 32768
                 | ((((pg_catalog.currval('@extschema@.uuid6_sql_v8'::regclass) >> 8) * 125) >> 1) & 4095))), 16, '0')
            || CASE WHEN coalesce(pg_catalog.current_setting('uuid6.node_id', true), '') IN ('', '-1')
                    THEN pg_catalog.to_hex(2048 | ((pg_catalog.currval('@extschema@.uuid6_sql_v8'::regclass) & 255) << 2)
                                           | floor(pg_catalog.random() * 4)::integer)
                         || substr(pg_catalog.gen_random_uuid()::text, 23, 14)
                    ELSE pg_catalog.to_hex(134217728 | ((pg_catalog.currval('@extschema@.uuid6_sql_v8'::regclass) & 255) << 18)
                                           | (@extschema@.uuid6_sql_node_id() << 2) | floor(pg_catalog.random() * 4)::integer)
                         || substr(pg_catalog.gen_random_uuid()::text, 28, 9) END)::uuid;
COMMENT ON FUNCTION uuid_generate_v8() IS
    'Next UUIDv8 of the database''s sequence in uuid6''s layout: 16-ns Unix timestamp, 8-bit sequence, random node';
