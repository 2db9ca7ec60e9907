-- The layout of the SQL edition's generated keys, rebuilt here from the tick each one was made
-- of (currval() of its sequence: the value nextval() drew, or the value a lift set), with
-- arithmetic of this file's own, field by field as SPEC section 1 and 2 lay them out; with
-- uuid6.node_id unset, empty, -1, 4660 (0x1234), 0 and 65535; a bad node id's error; and which
-- settings take the generators' fast path.
-- Prints one line per setting: "node v6 n/bad v7 n/bad v8 n/bad".
\set ON_ERROR_STOP 1
-- The fast path (10_generators.sql) with uuid6.node_id unset, -1 and empty (as a session reads
-- it once it has set it, after a RESET or a SET LOCAL), the slow path with a node id: calls of uuid6_sql_slow in 1000 keys of
-- each version in one transaction. Ticks to lift take the slow path too (about one a
-- millisecond while keys are made), so "fast" is fewer than half.
SET track_functions = 'pl';
-- uuid6.node_id as the edition takes it: the database's own setting (ALTER DATABASE ... SET),
-- which a session sees as its own value once it reconnects; here the session's value is set to
-- the same, and the plans that read the database's once are dropped (DISCARD PLANS). NULL: no
-- setting for the database, the session's unset (read as empty). pg_temp.database_node_id sets
-- the database's only.
CREATE FUNCTION pg_temp.database_node_id(node text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF node IS NULL THEN
    EXECUTE format('ALTER DATABASE %I RESET uuid6.node_id', current_database());
  ELSE
    EXECUTE format('ALTER DATABASE %I SET uuid6.node_id = %L', current_database(), node);
  END IF;
  EXECUTE 'DISCARD PLANS';
END
$$;
CREATE FUNCTION pg_temp.node_id(node text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_temp.database_node_id(node);
  PERFORM set_config('uuid6.node_id', coalesce(node, ''), false);
END
$$;
CREATE FUNCTION pg_temp.paths(label text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  out text := label;
  n bigint;
BEGIN
  FOR v IN 6..8 LOOP
    -- (the counts not yet reported, this transaction's and those before: the difference)
    n := coalesce(pg_stat_get_xact_function_calls('uuid6_sql_slow'::regproc), 0);
    PERFORM count(CASE v WHEN 6 THEN uuid_generate_v6() WHEN 7 THEN uuid_generate_v7() ELSE uuid_generate_v8() END)
    FROM generate_series(1, 1000);
    n := coalesce(pg_stat_get_xact_function_calls('uuid6_sql_slow'::regproc), 0) - n;
    out := out || ' v' || v || CASE WHEN n < 500 THEN ' fast' WHEN n >= 1000 THEN ' slow' ELSE ' ' || n END;
  END LOOP;
  RETURN out;
END
$$;
-- (unset: this session has not touched the setting yet; "unset:" shows what it reads)
BEGIN;
SELECT pg_temp.paths('unset: ' || coalesce(current_setting('uuid6.node_id', true), 'NULL'));
COMMIT;
CREATE TEMP TABLE layout_out (seq serial, node text, version int, n int, bad int);
CREATE FUNCTION pg_temp.layout_check(node text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  k uuid;
  b bytea;
  t bigint;
  hi text;
  want text;
  c bigint;
  nid int := CASE WHEN node IN ('unset', '', '-1') THEN -1 ELSE node::int END;
  bad int;
  rnd text[];
BEGIN
  IF node <> 'unset' THEN
    PERFORM pg_temp.node_id(node);
  END IF;
  FOR v IN 6..8 LOOP
    bad := 0;
    rnd := '{}';
    FOR i IN 1..300 LOOP
      k := CASE v WHEN 6 THEN uuid_generate_v6() WHEN 7 THEN uuid_generate_v7() ELSE uuid_generate_v8() END;
      t := currval(format('uuid6_sql_sequences.uuid6_sql_v%s', v)::regclass);
      b := uuid_send(k);
      hi := substr(encode(b, 'hex'), 1, 16);
      rnd := rnd || substr(encode(b, 'hex'), 27, 6);  -- octets 13-15: random in every layout
      IF v = 6 THEN
        -- ts60 = Unix us * 10 + the Gregorian offset: time_high, time_mid, 6, time_low;
        -- clock_seq = the 10-bit counter above 4 random bits; the multicast bit of octet 10
        c := (t >> 10) * 10 + 122192928000000000;
        want := lpad(to_hex(c >> 28), 8, '0') || lpad(to_hex((c >> 12) & 65535), 4, '0')
                || '6' || lpad(to_hex(c & 4095), 3, '0');
        IF hi <> want OR get_byte(b, 8) <> 128 + ((t & 1023) >> 4)::int
           OR get_byte(b, 9) >> 4 <> (t & 15)::int OR get_byte(b, 10) & 1 <> 1
           OR (nid >= 0 AND (get_byte(b, 11) <> nid >> 8 OR get_byte(b, 12) <> nid & 255)) THEN
          bad := bad + 1;
        END IF;
      ELSE
        IF v = 7 THEN
          -- unix_ts_ms, 7, the Method 3 fraction
          want := lpad(to_hex(t >> 20), 12, '0') || '7' || lpad(to_hex((t >> 8) & 4095), 3, '0');
        ELSE
          -- ts60 = Unix us * 125 / 2 (16-ns units): 48 bits, 8, 12 bits
          c := ((t >> 8) * 125) >> 1;
          want := lpad(to_hex(c >> 12), 12, '0') || '8' || lpad(to_hex(c & 4095), 3, '0');
        END IF;
        -- variant 10, the 8-bit counter, then the node id (bits 74-89) when set
        IF hi <> want OR get_byte(b, 8) <> 128 + ((t & 255) >> 2)::int
           OR get_byte(b, 9) >> 6 <> (t & 3)::int
           OR (nid >= 0 AND (get_byte(b, 9) & 63 <> nid >> 10 OR get_byte(b, 10) <> (nid >> 2) & 255
                             OR get_byte(b, 11) >> 6 <> nid & 3)) THEN
          bad := bad + 1;
        END IF;
      END IF;
      IF nid >= 0 AND uuid_extract_node(k) IS DISTINCT FROM nid THEN
        bad := bad + 1;
      END IF;
      IF uuid_extract_time(k) > clock_timestamp() OR uuid_extract_time(k) < clock_timestamp() - interval '10 s' THEN
        bad := bad + 1;
      END IF;
    END LOOP;
    -- 300 draws of 24 random bits: a repeat has odds of about 1 in 370
    IF (SELECT count(DISTINCT x) FROM unnest(rnd) AS x) < 299 THEN
      bad := bad + 1000;
    END IF;
    INSERT INTO layout_out (node, version, n, bad) VALUES (node, v, 300, bad);
  END LOOP;
  PERFORM pg_temp.node_id('-1');
END
$$;
DO $$
BEGIN
  PERFORM pg_temp.layout_check(node) FROM unnest(ARRAY['unset', '', '-1', '4660', '0', '65535']) AS node;
END
$$;
SELECT coalesce(nullif(node, ''), 'empty') || ' ' || string_agg(format('v%s %s/%s', version, n, bad), ' ' ORDER BY version)
FROM layout_out GROUP BY node ORDER BY min(seq);
-- A node id that is not one is refused with the C library's SQLSTATE, for every version.
CREATE FUNCTION pg_temp.refused(node text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  out text := 'node ' || node || ':';
BEGIN
  PERFORM pg_temp.node_id(node);
  FOR v IN 6..8 LOOP
    BEGIN
      PERFORM CASE v WHEN 6 THEN uuid_generate_v6() WHEN 7 THEN uuid_generate_v7() ELSE uuid_generate_v8() END;
      out := out || ' v' || v || ' made a key';
    EXCEPTION WHEN OTHERS THEN
      out := out || ' v' || v || ' ' || SQLSTATE;
    END;
  END LOOP;
  PERFORM pg_temp.node_id('-1');
  RETURN out;
END
$$;
SELECT pg_temp.refused('65536');
SELECT pg_temp.refused('x');
BEGIN;
SET LOCAL uuid6.node_id = '-1';
SELECT pg_temp.paths('-1:');
COMMIT;
RESET uuid6.node_id;
BEGIN;
SELECT pg_temp.paths('empty: "' || current_setting('uuid6.node_id', true) || '"');
COMMIT;
BEGIN;
DO $$ BEGIN PERFORM pg_temp.database_node_id('4660'); END $$;
SET LOCAL uuid6.node_id = 4660;
SELECT pg_temp.paths('4660:');
COMMIT;
DO $$ BEGIN PERFORM pg_temp.node_id('-1'); END $$;
-- A v8 of uuid6's layout never reads as a spread key (src/core/spread.hpp, the C library's
-- WithoutSpreadMark): random bits that carry the spread mark (0x2F1A5C3 in bits 98-123) with a
-- bucket count 2^k, k from 1 to 8, in the last digit, beside a first byte whose 8 - k low bits
-- are zero, would make the plain layout (the one 9bf83c5's generators wrote) read as a spread
-- key; the generators' layouts flip bit 123 there, and leave every other key as the plain
-- layout has it. Chosen random bits, every k from 0 to 15, a first byte of 0x18 (k of 5 to 8
-- fit) or of 0x19 (none fits), with and without a node id, through the fast path's layout
-- (uuid6_sql_key_v8) and the slow path's (uuid6_sql_key_of); each key read back by
-- uuid_extract_time and uuid_inspect.
WITH c AS (
  SELECT k, node, t, r,
         uuid6_sql_key(uuid6_sql_hi_v8(t, true::uuid6_sql_seal), CASE WHEN node < 0 THEN uuid6_sql_lo(t & 255, r, true::uuid6_sql_seal)
                                                ELSE uuid6_sql_lo_node(t & 255, r, node, true::uuid6_sql_seal) END, true::uuid6_sql_seal) AS plain,
         coalesce(CASE WHEN node < 0 THEN uuid6_sql_key_v8(t, r, true::uuid6_sql_seal) END, uuid6_sql_key_of(8, t, node, r, true::uuid6_sql_seal)) AS fast,
         uuid6_sql_key_of(8, t, node, r, true::uuid6_sql_seal) AS slow,
         -- the same tick with random bits that carry no mark: the time a v8 of t reads as
         uuid6_sql_key(uuid6_sql_hi_v8(t, true::uuid6_sql_seal), uuid6_sql_lo(t & 255, 0, true::uuid6_sql_seal), true::uuid6_sql_seal) AS reference
  FROM generate_series(0, 15) AS k, unnest(ARRAY[-1, 4660]) AS node,
       -- ticks whose ts60 starts with the byte 0x18 (2025) and 0x19 (2032)
       unnest(ARRAY[(1750000000000000::bigint << 8) | 77, (1990000000000000::bigint << 8) | 3]) AS t,
       LATERAL (SELECT (2882400000::bigint << 30) | (x'2F1A5C3'::bigint << 4) | k AS r) AS rr),
m AS (
  SELECT *, uuid6_sql_is_spread(plain::text, true::uuid6_sql_seal) AS plain_spread,
         ('x' || encode(uuid_send(plain), 'hex'))::bit(128) # ('x' || encode(uuid_send(slow), 'hex'))::bit(128) AS slow_diff,
         ('x' || encode(uuid_send(plain), 'hex'))::bit(128) # ('x' || encode(uuid_send(fast), 'hex'))::bit(128) AS fast_diff
  FROM c)
SELECT format('spread mark: %s keys, %s would read as spread keys in the plain layout (%s with another time),'
              ' %s made so, %s changed in bit 123 alone, %s changed otherwise, %s read back wrong',
              count(*), count(*) FILTER (WHERE plain_spread),
              count(*) FILTER (WHERE plain_spread AND uuid_extract_time(plain) <> uuid_extract_time(reference)),
              count(*) FILTER (WHERE uuid6_sql_is_spread(slow::text, true::uuid6_sql_seal) OR uuid6_sql_is_spread(fast::text, true::uuid6_sql_seal)),
              count(*) FILTER (WHERE plain_spread AND slow_diff = (repeat('0', 123) || '1' || repeat('0', 4))::bit(128)
                                     AND fast_diff = slow_diff),
              count(*) FILTER (WHERE NOT plain_spread AND (bit_count(slow_diff) > 0 OR bit_count(fast_diff) > 0)),
              count(*) FILTER (WHERE uuid_extract_time(slow) <> uuid_extract_time(reference)
                                  OR uuid_extract_time(fast) <> uuid_extract_time(reference)
                                  OR (uuid_inspect(slow)).version <> 8 OR (uuid_inspect(fast)).version <> 8))
FROM m;
-- Spread keys (uuid_generate_v8_spread, src/core/spread.hpp), rebuilt here from the tick of the
-- v7 sequence each was made of (currval() of uuid6_sql_v7: spread keys draw, lift and flush
-- as v7 keys do) and the session's bucket, pg_backend_pid() & (buckets - 1): the bucket byte
-- b << (8 - log2 buckets), tick bits 67-28, version 8, tick bits 27-16; variant 10, tick bits
-- 15-0, the node id (bits 82-97) when set, the 26-bit mark 0x2F1A5C3, log2 of the count. Each
-- key also read back (bucket, count, node bits, time), rising within the session; the node bits
-- random when no node id is set. For 2, 16 and 256 buckets, with uuid6.node_id unset, 4660, 0
-- and 65535; then a node id that is not one. Prints "spread NODE: COUNT n/bad ...".
CREATE FUNCTION pg_temp.spread_check(node text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  out text := 'spread ' || node || ':';
  nid int := CASE WHEN node = 'unset' THEN -1 ELSE node::int END;
  k uuid;
  prev uuid;
  t bigint;
  bits int;
  bucket int;
  h text;
  lo bit(64);
  bad int;
  nodes int[];
BEGIN
  PERFORM pg_temp.node_id(CASE WHEN node = 'unset' THEN NULL ELSE node END);
  FOREACH bits IN ARRAY ARRAY[1, 4, 8] LOOP
    bad := 0;
    nodes := '{}';
    prev := NULL;
    bucket := pg_backend_pid() & ((1 << bits) - 1);
    FOR i IN 1..300 LOOP
      k := uuid_generate_v8_spread(1 << bits);
      t := currval('uuid6_sql_sequences.uuid6_sql_v7');
      h := encode(uuid_send(k), 'hex');
      lo := ('x' || substr(h, 17, 16))::bit(64);
      nodes := nodes || substring(lo FROM 19 FOR 16)::integer;
      IF substr(h, 1, 16) <> lpad(to_hex(bucket << (8 - bits)), 2, '0') || lpad(to_hex((t >> 28) & 1099511627775), 10, '0')
                             || '8' || lpad(to_hex((t >> 16) & 4095), 3, '0')
         OR substring(lo FROM 1 FOR 18) <> B'10' || (t & 65535)::integer::bit(16)
         OR (nid >= 0 AND substring(lo FROM 19 FOR 16) <> nid::bit(16))
         OR substring(lo FROM 35 FOR 26) <> 49391043::bit(26)
         OR substring(lo FROM 61 FOR 4) <> bits::bit(4)
         OR uuid_spread_bucket(k) IS DISTINCT FROM bucket OR uuid_spread_buckets(k) IS DISTINCT FROM 1 << bits
         OR uuid_extract_node(k) IS DISTINCT FROM substring(lo FROM 19 FOR 16)::integer
         OR uuid_extract_time(k) > clock_timestamp() OR uuid_extract_time(k) < clock_timestamp() - interval '10 s'
         OR k <= prev THEN
        bad := bad + 1;
      END IF;
      prev := k;
    END LOOP;
    -- 300 draws of 16 random bits: 290 or fewer distinct has odds far below 1 in a million
    IF nid < 0 AND (SELECT count(DISTINCT x) FROM unnest(nodes) AS x) <= 290 THEN
      bad := bad + 1000;
    END IF;
    out := out || format(' %s 300/%s', 1 << bits, bad);
  END LOOP;
  PERFORM pg_temp.node_id('-1');
  RETURN out;
END
$$;
SELECT pg_temp.spread_check(node) FROM unnest(ARRAY['unset', '4660', '0', '65535']) WITH ORDINALITY AS n(node, o) ORDER BY o;
CREATE FUNCTION pg_temp.spread_refused(node text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_temp.node_id(node);
  PERFORM uuid_generate_v8_spread();
  PERFORM pg_temp.node_id('-1');
  RETURN 'spread node ' || node || ': made a key';
EXCEPTION WHEN OTHERS THEN
  PERFORM pg_temp.node_id('-1');
  RETURN 'spread node ' || node || ': ' || SQLSTATE;
END
$$;
SELECT pg_temp.spread_refused('65536');
SELECT pg_temp.spread_refused('x');
-- The database as it was: no uuid6.node_id of its own.
DO $$ BEGIN PERFORM pg_temp.node_id(NULL); END $$;
