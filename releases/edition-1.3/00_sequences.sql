-- The SQL edition's order: one strictly increasing sequence per generator per
-- database, across all of its sessions.
--
-- Each generator draws its *tick* with nextval() from a sequence of its own.
-- A tick is a clock part above a counter, as in the C library (SPEC section
-- 2), and a UUID is a function of its tick and random bits that rises with
-- the tick, so keys rise in the order nextval() hands out ticks. Sequences are
-- not transactional and are WAL-logged: a tick is never handed out twice, not
-- after a rollback, a crash, a promoted standby, a point-in-time recovery, a
-- dump and restore (the plain script's sequences are ordinary objects; the
-- extension marks them with pg_extension_config_dump) or pg_upgrade.
--
-- The ticks, all in bigint and all counting from 1970:
--   v6        Unix microseconds << 10 | a 10-bit counter; clock_seq is the
--             counter above 4 random bits (a clock reads whole microseconds
--             here, so the 100-ns digit of ts60 stays 0). Good until 2255.
--   v7        (Unix ms << 12 | Method 3 fraction) << 8 | the 8-bit counter,
--             exactly as the C library. Good until 2248.
--   v8        Unix microseconds << 8 | the 8-bit seq. Good until 3111.
--   draft ms  Unix time in 1/4096 s (the layout's 12-bit fraction) << 12 |
--             the 12-bit seq.
--   draft us  Unix microseconds << 10 | a 10-bit counter (the seq's top bits).
--   draft ns  Unix microseconds << 8 | the 8-bit seq.
-- (The C library's v6 and v8 ticks are 74 and 68 bits wide: a bigint cannot
-- hold a 100-ns or 16-ns clock above a counter for long enough, and the
-- clock read here has whole microseconds anyway.)
--
-- The fast path takes one nextval() and reads the clock after it. A tick no
-- more than a millisecond behind the clock (tested in double precision, good
-- to well under a microsecond) is used as it is: under load ticks run a
-- little behind the clock and decode to an instant up to a millisecond
-- before the key was made, never after it. A tick further behind (the first
-- key after a pause) is lifted: uuid6_sql_lift takes a session advisory lock
-- (per database; it waits for a lift under way, so lifts are serialised and
-- one never lowers the sequence), draws again and, if that tick too lies
-- more than a millisecond behind the clock, setval()s the sequence to the
-- clock's tick (counter start random, as in the C library) and uses that.
--
-- Why no tick is handed out twice: every tick comes from nextval() or is the
-- value a lift sets, and a lift sets a value more than a millisecond of ticks
-- above the tick it drew itself. The ticks other sessions draw between that
-- nextval() and the setval() lie below the value set unless the sequence
-- gained a millisecond of ticks in between; but a session uses a tick
-- without the lock only when it lies within a millisecond of its own clock
-- reading, and otherwise waits for the lock and draws again. So the sequence
-- would have to count faster than the clock runs (the ticks advance 16.8
-- (draft ms), 256 (v8, draft ns), 1024 (v6, draft us) or 1049 (v7) times a
-- microsecond), which nextval(), one locked sequence page per call, cannot
-- do, or more sessions than a millisecond has ticks would have to draw one
-- tick each and wait.
--
-- A clock that steps back finds the sequence ahead of it: ticks go on from
-- the sequence, one at a time, until the clock catches up (values then
-- decode to the instant the sequence stands at). A server restarted with its
-- clock behind does the same.
--
-- One exception, PostgreSQL's own for sequences: nextval()'s WAL record is
-- flushed by the commit of a transaction that writes, so a key only returned
-- (by a SELECT, or with synchronous_commit = off) before anything flushed
-- that record can be handed out again after a crash of the server. A key
-- stored by a committed transaction cannot.
--
-- Where nothing can be written (a read-only transaction, a hot standby)
-- nextval() is impossible: the generators say so with SQLSTATE 25006 and a
-- hint, never hand out a value outside the sequence. They are PARALLEL
-- UNSAFE for the same reason (nextval() is).

CREATE SEQUENCE IF NOT EXISTS uuid6_sql_v6 AS bigint MINVALUE 0 START 0 CACHE 1 NO CYCLE;
CREATE SEQUENCE IF NOT EXISTS uuid6_sql_v7 AS bigint MINVALUE 0 START 0 CACHE 1 NO CYCLE;
CREATE SEQUENCE IF NOT EXISTS uuid6_sql_v8 AS bigint MINVALUE 0 START 0 CACHE 1 NO CYCLE;
CREATE SEQUENCE IF NOT EXISTS uuid6_sql_draft_ms AS bigint MINVALUE 0 START 0 CACHE 1 NO CYCLE;
CREATE SEQUENCE IF NOT EXISTS uuid6_sql_draft_us AS bigint MINVALUE 0 START 0 CACHE 1 NO CYCLE;
CREATE SEQUENCE IF NOT EXISTS uuid6_sql_draft_ns AS bigint MINVALUE 0 START 0 CACHE 1 NO CYCLE;
COMMENT ON SEQUENCE uuid6_sql_v6 IS
    'uuid6 SQL edition: the tick of the version 6 generator (Unix microseconds << 10 | counter). Written by uuid6 only';
COMMENT ON SEQUENCE uuid6_sql_v7 IS
    'uuid6 SQL edition: the tick of the version 7 generator ((Unix ms << 12 | fraction) << 8 | counter). Written by uuid6 only';
COMMENT ON SEQUENCE uuid6_sql_v8 IS
    'uuid6 SQL edition: the tick of the version 8 generator (Unix microseconds << 8 | seq). Written by uuid6 only';
COMMENT ON SEQUENCE uuid6_sql_draft_ms IS
    'uuid6 SQL edition: the tick of the draft v7 generator at ms precision (Unix 1/4096 s << 12 | seq). Written by uuid6 only';
COMMENT ON SEQUENCE uuid6_sql_draft_us IS
    'uuid6 SQL edition: the tick of the draft v7 generator at us precision (Unix microseconds << 10 | counter). Written by uuid6 only';
COMMENT ON SEQUENCE uuid6_sql_draft_ns IS
    'uuid6 SQL edition: the tick of the draft v7 generator at ns precision (Unix microseconds << 8 | seq). Written by uuid6 only';

-- Dumps carry the sequences' values: an extension's objects are left out of
-- a dump unless marked (the plain script's sequences are dumped anyway).
DO $$
DECLARE
  s text;
BEGIN
  FOREACH s IN ARRAY ARRAY['uuid6_sql_v6', 'uuid6_sql_v7', 'uuid6_sql_v8',
                           'uuid6_sql_draft_ms', 'uuid6_sql_draft_us', 'uuid6_sql_draft_ns'] LOOP
    IF EXISTS (SELECT FROM pg_catalog.pg_depend
               WHERE classid = 'pg_catalog.pg_class'::regclass
                 AND objid = ('@extschema@.' || s)::regclass AND deptype = 'e') THEN
      PERFORM pg_catalog.pg_extension_config_dump('@extschema@.' || s, '');
    END IF;
  END LOOP;
END
$$;

-- Every role draws (nextval needs USAGE) and reads them; only their owner,
-- through the SECURITY DEFINER functions below, sets them, so no role can
-- lower a sequence.
GRANT SELECT, USAGE ON SEQUENCE uuid6_sql_v6, uuid6_sql_v7, uuid6_sql_v8,
    uuid6_sql_draft_ms, uuid6_sql_draft_us, uuid6_sql_draft_ns TO PUBLIC;

-- The clock in Unix microseconds.
CREATE FUNCTION uuid6_sql_clock_us() RETURNS bigint
    LANGUAGE sql VOLATILE PARALLEL SAFE
    RETURN (extract(epoch FROM pg_catalog.clock_timestamp()) * 1000000)::bigint;
COMMENT ON FUNCTION uuid6_sql_clock_us() IS
    'uuid6 internal: the clock in Unix microseconds';

-- (The small helpers below are not STRICT, so that the planner inlines them:
-- a STRICT SQL function whose body is a CASE is never inlined.)

-- A generator's tick for a clock reading with a zero counter (generator: 6,
-- 7, 8; 70, 71, 72 for the draft v7 at ms, us, ns), and how many ticks make
-- the millisecond a fast-path tick may lag the clock.
CREATE FUNCTION uuid6_sql_clock_tick(generator integer, us bigint) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE generator
      WHEN 6 THEN us << 10
      WHEN 7 THEN (((us / 1000) << 12) | (((us % 1000) * 4096) / 1000)) << 8
      WHEN 8 THEN us << 8
      WHEN 70 THEN (((us / 1000000) << 12) | (((us % 1000000) * 4096) / 1000000)) << 12
      WHEN 71 THEN us << 10
      WHEN 72 THEN us << 8 END;
COMMENT ON FUNCTION uuid6_sql_clock_tick(integer, bigint) IS
    'uuid6 internal: the tick of a generator (6, 7, 8; 70, 71, 72 for the draft v7 at ms, us, ns) at a clock reading in Unix microseconds, counter zero';

CREATE FUNCTION uuid6_sql_tick_bits(generator integer) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE generator WHEN 6 THEN 10 WHEN 7 THEN 8 WHEN 8 THEN 8
                          WHEN 70 THEN 12 WHEN 71 THEN 10 WHEN 72 THEN 8 END;
COMMENT ON FUNCTION uuid6_sql_tick_bits(integer) IS
    'uuid6 internal: the width of a generator''s counter below the clock part of its tick';

-- Unix microseconds (rounded down) of a tick's clock part.
CREATE FUNCTION uuid6_sql_tick_us(generator integer, tick bigint) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE generator
      WHEN 7 THEN (tick >> 20) * 1000 + (((tick >> 8) & 4095) * 1000) / 4096
      WHEN 70 THEN (tick >> 24) * 1000000 + (((tick >> 12) & 4095) * 1000000) / 4096
      ELSE tick >> @extschema@.uuid6_sql_tick_bits(generator) END;
COMMENT ON FUNCTION uuid6_sql_tick_us(integer, bigint) IS
    'uuid6 internal: the Unix microseconds, rounded down, that a generator''s tick stands for';

CREATE FUNCTION uuid6_sql_sequence(generator integer) RETURNS regclass
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE generator
      WHEN 6 THEN '@extschema@.uuid6_sql_v6'::regclass
      WHEN 7 THEN '@extschema@.uuid6_sql_v7'::regclass
      WHEN 8 THEN '@extschema@.uuid6_sql_v8'::regclass
      WHEN 70 THEN '@extschema@.uuid6_sql_draft_ms'::regclass
      WHEN 71 THEN '@extschema@.uuid6_sql_draft_us'::regclass
      WHEN 72 THEN '@extschema@.uuid6_sql_draft_ns'::regclass END;
COMMENT ON FUNCTION uuid6_sql_sequence(integer) IS
    'uuid6 internal: the sequence that holds a generator''s tick';

-- The error for a generator that cannot draw: nothing can be written here.
CREATE FUNCTION uuid6_sql_read_only(generator integer) RETURNS bigint
    LANGUAGE plpgsql VOLATILE PARALLEL SAFE AS $$
BEGIN
  IF pg_catalog.pg_is_in_recovery() THEN
    RAISE EXCEPTION 'uuid6 cannot make a key of its sequences during recovery'
      USING ERRCODE = 'read_only_sql_transaction',
            DETAIL = 'The SQL edition of uuid6 draws each key from a WAL-logged sequence of the database, which a standby cannot advance.',
            HINT = 'Make keys on the primary. uuid_generate_v6/v7/v8(timestamptz) make a value outside the sequences, without their order.';
  END IF;
  RAISE EXCEPTION 'uuid6 cannot make a key of its sequences in a read-only transaction'
    USING ERRCODE = 'read_only_sql_transaction',
          DETAIL = 'The SQL edition of uuid6 draws each key from a WAL-logged sequence of the database, which a read-only transaction cannot advance.',
          HINT = 'Make keys in a read-write transaction. uuid_generate_v6/v7/v8(timestamptz) make a value outside the sequences, without their order.';
END
$$;
COMMENT ON FUNCTION uuid6_sql_read_only(integer) IS
    'uuid6 internal: the 25006 error of a generator in a read-only transaction or during recovery';

-- uuid6.node_id, a placeholder setting here (ALTER DATABASE ... SET
-- uuid6.node_id = 7): -1 when unset, empty or -1; 0 to 65535 otherwise.
CREATE FUNCTION uuid6_sql_node_id() RETURNS integer
    LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  setting text := pg_catalog.current_setting('uuid6.node_id', true);
BEGIN
  IF setting IS NULL OR setting = '' OR setting = '-1' THEN
    RETURN -1;
  END IF;
  IF setting !~ '^\s*[0-9]{1,5}\s*$' OR setting::integer > 65535 THEN
    RAISE EXCEPTION 'invalid value for parameter "uuid6.node_id": "%"', setting
      USING ERRCODE = 'invalid_parameter_value',
            HINT = 'uuid6.node_id is -1 (off) or an integer from 0 to 65535.';
  END IF;
  RETURN setting::integer;
END
$$;
COMMENT ON FUNCTION uuid6_sql_node_id() IS
    'uuid6 internal: uuid6.node_id as read from the placeholder setting, -1 when unset';

-- Releases the lift's advisory lock where this session holds it (an error
-- may come before it was granted).
CREATE FUNCTION uuid6_sql_unlock_lift(generator integer) RETURNS void
    LANGUAGE sql VOLATILE SET search_path = pg_catalog, pg_temp AS $$
SELECT pg_advisory_unlock(1970629988, generator)
FROM pg_locks
WHERE locktype = 'advisory' AND pid = pg_backend_pid() AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
  AND classid = 1970629988 AND objid = generator AND objsubid = 2 AND granted
LIMIT 1
$$;
COMMENT ON FUNCTION uuid6_sql_unlock_lift(integer) IS
    'uuid6 internal: releases the advisory lock of a generator''s lift where this session holds it';

-- The lift (see the top of this file). Runs with its owner's rights: only
-- the owner may setval the sequences. Returns the tick to use; the tick the
-- caller drew (taken) is left unused.
--
-- The advisory lock is a session lock, released as soon as the lift is done:
-- it is taken inside the block, so that an interrupt that lands as it is
-- granted (a cancel, statement_timeout) still reaches the handler, which
-- releases it if it is held. Any role may take advisory locks, so the wait
-- is bounded (lock_timeout, one second) and ends in a clear 55P03 instead of
-- stalling the database's keys behind a session that holds the same key.
CREATE FUNCTION uuid6_sql_lift(generator integer, taken bigint) RETURNS bigint
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp SET lock_timeout = '1s' AS $$
DECLARE
  seq regclass := @extschema@.uuid6_sql_sequence(generator);
  tick bigint;
  clock bigint;
  start bigint := 0;
  b bytea;
  done boolean;
BEGIN
  -- (The lock calls are expressions, not PERFORM: PERFORM runs a query.)
  BEGIN
    -- Waits while another session lifts (cancellable, bounded); released
    -- below, also on an error.
    done := pg_advisory_lock(1970629988, generator) IS NULL;
    tick := nextval(seq);
    clock := @extschema@.uuid6_sql_clock_tick(generator, @extschema@.uuid6_sql_clock_us());
    IF tick < clock - @extschema@.uuid6_sql_clock_tick(generator, 1000) THEN
      -- A new clock tick starts the counter as the C library does: v6 and v7
      -- at random bits with a zero top bit, the others at zero.
      IF generator IN (6, 7) THEN
        b := uuid_send(gen_random_uuid());
        start := ((get_byte(b, 14) << 8) | get_byte(b, 15))
                 & ((1 << (@extschema@.uuid6_sql_tick_bits(generator) - 1)) - 1);
      END IF;
      tick := setval(seq, clock | start, true);
    END IF;
    done := pg_advisory_unlock(1970629988, generator);
  EXCEPTION
    WHEN lock_not_available THEN
      PERFORM @extschema@.uuid6_sql_unlock_lift(generator);
      RAISE EXCEPTION 'uuid6: a lift of sequence % waited more than a second for a lock', seq
        USING ERRCODE = 'lock_not_available',
              DETAIL = format('Lifts of one sequence take turns on the advisory lock (1970629988, %s).',
                              generator),
              HINT = 'Look in pg_locks for a session that holds that advisory lock, and end it.';
    WHEN OTHERS OR query_canceled THEN
      PERFORM @extschema@.uuid6_sql_unlock_lift(generator);
      RAISE;
  END;
  RETURN tick;
END
$$;
COMMENT ON FUNCTION uuid6_sql_lift(integer, bigint) IS
    'uuid6 internal: lifts a generator''s sequence to the clock when the tick drawn lies more than a millisecond behind it; never lowers it';
