-- Operations: uuid6_advance lifts a sequence above a key made elsewhere;
-- uuid6_status says which edition answered and how far its sequences have
-- come.
--
-- Security: the helpers and uuid6_status have SQL-standard bodies, bound
-- when created; uuid6_advance, SECURITY DEFINER, pins its search_path and
-- calls @extschema@ functions with arguments of exactly their types.

-- The tick at or above which every later tick of the version's sequence
-- makes a UUID greater than id (the C library's TickOfUuid, carried over to
-- this edition's ticks, 00_sequences.sql); NULL for another version.
-- v6: 100-ns ticks since 1970 (ts); ours are whole microseconds with the
-- counter (c) in the top 10 bits of clock_seq.
CREATE FUNCTION uuid6_sql_tick_of_v6(ts bigint, c bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN ts < 0 THEN -1
                WHEN ((ts + 9) / 10) * 10 = ts THEN (((ts + 9) / 10) << 10) | c
                ELSE (((ts + 9) / 10) << 10) - 1 END;
COMMENT ON FUNCTION uuid6_sql_tick_of_v6(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the v6 tick above which every tick makes a greater UUID than a v6 of 100-ns time ts and clock_seq counter c';

-- v8: 16-ns ticks (ts60); ours are whole microseconds, ts60 = us * 62.5
-- rounded down, above the seq (s).
CREATE FUNCTION uuid6_sql_tick_of_v8(ts bigint, s bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN (((ts * 2 + 124) / 125) * 125) >> 1 = ts THEN (((ts * 2 + 124) / 125) << 8) | s
                ELSE (((ts * 2 + 124) / 125) << 8) - 1 END;
COMMENT ON FUNCTION uuid6_sql_tick_of_v8(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the v8 tick above which every tick makes a greater UUID than a v8 of ts60 ts and seq s';

CREATE FUNCTION uuid6_sql_tick_of(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN CASE
      WHEN pg_catalog.substr(id::text, 20, 1) NOT IN ('8', '9', 'a', 'b') THEN NULL
      -- v7: (ms << 12 | fraction) << 8 | counter, as in the C library.
      WHEN pg_catalog.substr(id::text, 15, 1) = '7' THEN
        (('x' || pg_catalog.substr(id::text, 1, 8) || pg_catalog.substr(id::text, 10, 4)
          || pg_catalog.substr(id::text, 16, 3))::bit(60)::bigint << 8)
        | ((('x' || pg_catalog.substr(id::text, 20, 3))::bit(12)::bigint >> 2) & 255)
      WHEN pg_catalog.substr(id::text, 15, 1) = '6' THEN
        @extschema@.uuid6_sql_tick_of_v6(
          ('x' || pg_catalog.substr(id::text, 1, 8) || pg_catalog.substr(id::text, 10, 4)
           || pg_catalog.substr(id::text, 16, 3))::bit(60)::bigint - 122192928000000000,
          (('x' || pg_catalog.substr(id::text, 20, 4))::bit(16)::bigint & 16383) >> 4, true::@extschema@.uuid6_sql_seal)
      -- A spread key carries a tick of the v7 sequence, as a v7 would.
      WHEN pg_catalog.substr(id::text, 15, 1) = '8' AND @extschema@.uuid6_sql_is_spread(id::text, true::@extschema@.uuid6_sql_seal) THEN
        (('x' || pg_catalog.substr(id::text, 3, 6) || pg_catalog.substr(id::text, 10, 4)
          || pg_catalog.substr(id::text, 16, 3))::bit(52)::bigint << 16)
        | ((('x' || pg_catalog.substr(id::text, 20, 4) || pg_catalog.substr(id::text, 25, 1))::bit(20)::bigint >> 2) & 65535)
      WHEN pg_catalog.substr(id::text, 15, 1) = '8' THEN
        @extschema@.uuid6_sql_tick_of_v8(
          ('x' || pg_catalog.substr(id::text, 1, 8) || pg_catalog.substr(id::text, 10, 4)
           || pg_catalog.substr(id::text, 16, 3))::bit(60)::bigint,
          (('x' || pg_catalog.substr(id::text, 20, 3))::bit(12)::bigint >> 2) & 255, true::@extschema@.uuid6_sql_seal) END;
COMMENT ON FUNCTION uuid6_sql_tick_of(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the tick of a v6, v7 or v8 sequence (a spread key: of the v7 sequence) above which every tick makes a greater UUID than the given one';

-- uuid6_advance's step, run under the lift's lock: in one expression, the
-- sequence's last value read and, only if it lies below the target, the
-- sequence set to the target or, if more, to the lag bound above that last
-- value (the lift's margin against draws in between, 00_sequences.sql).
-- Returns the value set, or the target where the sequence already lay at or
-- above it (so NULL only for a NULL argument or an unknown generator,
-- whatever the sequence holds). Only the sequence's owner can set it.
CREATE FUNCTION uuid6_sql_advance_set(generator integer, target bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    RETURN CASE WHEN coalesce(pg_catalog.pg_sequence_last_value(@extschema@.uuid6_sql_sequence(generator, true::@extschema@.uuid6_sql_seal)), -1) < target
                THEN pg_catalog.setval(@extschema@.uuid6_sql_sequence(generator, true::@extschema@.uuid6_sql_seal),
                       greatest(target,
                                coalesce(pg_catalog.pg_sequence_last_value(@extschema@.uuid6_sql_sequence(generator, true::@extschema@.uuid6_sql_seal)), -1)
                                + @extschema@.uuid6_sql_lag_ticks(generator, true::@extschema@.uuid6_sql_seal)),
                       true)
                ELSE target END;
COMMENT ON FUNCTION uuid6_sql_advance_set(integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: under the lift''s lock, sets a generator''s sequence above a target tick if it lies below it';

-- Lifts with the lift's lock (00_sequences.sql), a row only uuid6's own
-- functions can lock, held by a lift for microseconds: waited for here, in
-- a subtransaction rolled back on purpose once the sequence is set, so that
-- the row is released at once (the setval() stays). Pinned path (SECURITY
-- DEFINER); nothing below an ERROR is sent to the client while it runs, so
-- that a client that stops reading cannot hold the row (see uuid6_sql_lift).
CREATE FUNCTION uuid6_advance(uuid) RETURNS void
    LANGUAGE plpgsql VOLATILE STRICT SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp SET client_min_messages = error AS $$
DECLARE
  t text := $1::text;
  version integer;
  seq regclass;
  target bigint;
  us bigint;
BEGIN
  version := CASE WHEN substr(t, 20, 1) IN ('8', '9', 'a', 'b')
                  THEN strpos('0123456789abcdef', substr(t, 15, 1)) - 1 ELSE -1 END;
  IF version NOT IN (6, 7, 8) THEN
    RAISE EXCEPTION 'uuid6_advance expects a version 6, 7 or 8 UUID, got %',
        CASE WHEN version < 0 THEN 'a UUID of another variant' ELSE 'version ' || version END
      USING ERRCODE = 'invalid_parameter_value',
            DETAIL = 'Only the sequences of the RFC 9562 generators can be advanced.';
  END IF;
  IF pg_catalog.pg_is_in_recovery() THEN
    RAISE EXCEPTION 'uuid6_advance cannot run during recovery'
      USING ERRCODE = 'read_only_sql_transaction',
            DETAIL = 'The sequences of a standby are those of its primary, in WAL.',
            HINT = 'Run uuid6_advance on the primary.';
  END IF;
  -- A spread key lifts the v7 sequence its tick came from.
  IF version = 8 AND @extschema@.uuid6_sql_is_spread(t, true::@extschema@.uuid6_sql_seal) THEN
    version := 7;
  END IF;
  us := @extschema@.uuid6_sql_unix_us_of($1, true, true::@extschema@.uuid6_sql_seal);
  IF us > @extschema@.uuid6_sql_clock_us(true::@extschema@.uuid6_sql_seal) + 86400000000 THEN
    RAISE EXCEPTION 'uuid6_advance refuses a UUID more than one day ahead of the clock'
      USING ERRCODE = 'datetime_field_overflow',
            DETAIL = format('The UUID''s time is %s; every later key of the database would be made after it.',
                            @extschema@.uuid6_sql_time(us, true::@extschema@.uuid6_sql_seal)),
            HINT = 'Check the UUID, or the server''s clock.';
  END IF;
  seq := @extschema@.uuid6_sql_sequence(version, true::@extschema@.uuid6_sql_seal);
  target := @extschema@.uuid6_sql_tick_of($1, true::@extschema@.uuid6_sql_seal);
  BEGIN
    PERFORM FROM uuid6_sql_sequences.uuid6_sql_lifts l
      WHERE l.generator OPERATOR(pg_catalog.=) version FOR UPDATE;
    target := @extschema@.uuid6_sql_advance_set(version, target, true::@extschema@.uuid6_sql_seal);
    RAISE SQLSTATE 'U6L1F';
  EXCEPTION
    WHEN SQLSTATE 'U6L1F' THEN
      RETURN;
  END;
END
$$;
COMMENT ON FUNCTION uuid6_advance(uuid) IS
    'Lifts the database''s sequence of the UUID''s version (6, 7 or 8) so that every later value is greater; refuses a UUID more than one day ahead of the clock. Not executable by PUBLIC';
REVOKE EXECUTE ON FUNCTION uuid6_advance(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION uuid6_advance(uuid) TO @extowner@ WITH GRANT OPTION;

-- The node id of this database's keys (00_sequences.sql, "The node id is the
-- owner's to choose"): 0 to 65535, -1 for none, NULL to clear it (the
-- database's own uuid6.node_id, if any, applies again). For the role that
-- installed uuid6 (and those it grants it to), who need no superuser: an
-- ALTER DATABASE ... SET of the placeholder does. Transactional: the row is
-- written first, so that two callers take turns on it and a rollback undoes
-- all of it. It takes effect in every session at its next key after the
-- commit: the ALTER FUNCTION below invalidates the plans that folded the
-- value in, those of every installation of the plain script in the
-- database too (they share the row). SECURITY DEFINER (only the owner may
-- write the row), pinned path.
CREATE FUNCTION uuid6_set_node_id(node_id integer) RETURNS integer
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  f pg_catalog.regprocedure;
BEGIN
  IF node_id < -1 OR node_id > 65535 THEN
    RAISE EXCEPTION '% is outside the valid range for parameter "%" (% .. %)', node_id, 'uuid6.node_id', -1, 65535
      USING ERRCODE = 'invalid_parameter_value',
            HINT = 'Give 0 to 65535, -1 for no node id, or NULL::integer to clear it (the database''s own uuid6.node_id then applies).';
  END IF;
  IF pg_catalog.pg_is_in_recovery() THEN
    RAISE EXCEPTION 'uuid6_set_node_id cannot run during recovery'
      USING ERRCODE = 'read_only_sql_transaction', HINT = 'Run uuid6_set_node_id on the primary.';
  END IF;
  INSERT INTO uuid6_sql_sequences.uuid6_sql_node AS n (one, node_id) VALUES (true, $1)
    ON CONFLICT (one) DO UPDATE SET node_id = EXCLUDED.node_id;
  -- Every session's plans that read the node id are made again at their
  -- next use: the value is folded into the plans of the expressions that
  -- inline these functions, and a change of an inlined function's row
  -- invalidates them. (The installations of the database: the functions of
  -- these names that take the seal, owned by this function's owner.)
  FOR f IN
    SELECT p.oid::pg_catalog.regprocedure FROM pg_catalog.pg_proc p
    JOIN pg_catalog.pg_type t ON t.oid OPERATOR(pg_catalog.=) p.proargtypes[p.pronargs OPERATOR(pg_catalog.-) 1]
    WHERE p.proname OPERATOR(pg_catalog.=) ANY (ARRAY['uuid6_sql_fast', 'uuid6_sql_no_node', 'uuid6_sql_node_id',
                                                     'uuid6_sql_node_id_value']::pg_catalog.name[])
      AND t.typname OPERATOR(pg_catalog.=) 'uuid6_sql_seal'
      -- (current_user: the owner, in this SECURITY DEFINER function)
      AND p.proowner OPERATOR(pg_catalog.=) (SELECT r.oid FROM pg_catalog.pg_roles r
                                             WHERE r.rolname OPERATOR(pg_catalog.=) current_user)
    ORDER BY p.oid
  LOOP
    EXECUTE pg_catalog.format('ALTER FUNCTION %s COST 100', f);
  END LOOP;
  RETURN node_id;
END
$$;
COMMENT ON FUNCTION uuid6_set_node_id(integer) IS
    'Sets the node id of the database''s keys (0 to 65535, -1 for none; NULL::integer clears it, and the database''s uuid6.node_id applies again), in every session at its next key after the commit. Not executable by PUBLIC';
REVOKE EXECUTE ON FUNCTION uuid6_set_node_id(integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION uuid6_set_node_id(integer) TO @extowner@ WITH GRANT OPTION;

-- The C library's columns; what this edition cannot know is NULL. mode is
-- 'sql_extension' where uuid6 was made by CREATE EXTENSION (pg_tle,
-- database.dev) and 'sql_script' where the plain script made it.
-- database_lease is the sequence that holds the version's tick,
-- database_lease_until the time its last tick stands for, and
-- database_lease_written whether this session can draw from it.
-- lagging_keys: the keys of the version handed out more than a millisecond
-- behind the clock because the lift's lock was taken (00_sequences.sql).
-- (1.3's uuid6_status had one column fewer: the update from 1.3 drops the
-- old function, having checked that nothing outside uuid6 depends on it.)
CREATE FUNCTION uuid6_status(
    OUT mode text, OUT node_id integer, OUT version integer, OUT generated bigint,
    OUT clock_regressions bigint, OUT largest_regression_us bigint, OUT ahead_of_clock_us bigint,
    OUT restored_from text, OUT restored_until timestamptz, OUT state_saved_at timestamptz,
    OUT persisted_until timestamptz, OUT database_lease text, OUT database_lease_until timestamptz,
    OUT database_lease_written boolean, OUT lagging_keys bigint)
    RETURNS SETOF record
    LANGUAGE sql VOLATILE PARALLEL SAFE ROWS 3
BEGIN ATOMIC
  SELECT CASE WHEN EXISTS (SELECT FROM pg_catalog.pg_extension e
                           WHERE e.extname = 'uuid6' AND e.extnamespace = '@extschema@'::regnamespace)
              THEN 'sql_extension' ELSE 'sql_script' END,
         nullif(@extschema@.uuid6_sql_node_id_value(true::@extschema@.uuid6_sql_seal), -1),
         s.v,
         NULL::bigint, NULL::bigint, NULL::bigint,
         CASE WHEN s.last IS NULL THEN 0
              ELSE greatest(0, @extschema@.uuid6_sql_tick_us(s.v, s.last, true::@extschema@.uuid6_sql_seal) - @extschema@.uuid6_sql_clock_us(true::@extschema@.uuid6_sql_seal)) END,
         NULL::text, NULL::timestamptz, NULL::timestamptz, NULL::timestamptz,
         s.seq::text,
         @extschema@.uuid6_sql_time(@extschema@.uuid6_sql_tick_us(s.v, s.last, true::@extschema@.uuid6_sql_seal), true::@extschema@.uuid6_sql_seal),
         pg_catalog.current_setting('transaction_read_only') = 'off',
         coalesce(pg_catalog.pg_sequence_last_value(@extschema@.uuid6_sql_lagging_sequence(s.v, true::@extschema@.uuid6_sql_seal)), 0)
  FROM (SELECT g.v, @extschema@.uuid6_sql_sequence(g.v, true::@extschema@.uuid6_sql_seal) AS seq,
               pg_catalog.pg_sequence_last_value(@extschema@.uuid6_sql_sequence(g.v, true::@extschema@.uuid6_sql_seal)) AS last
        FROM pg_catalog.unnest(ARRAY[6, 7, 8]) AS g(v)) AS s
  ORDER BY s.v;
END;
COMMENT ON FUNCTION uuid6_status() IS
    'Which edition answered (sql_extension or sql_script), uuid6.node_id, and per version: how far the database''s sequence is ahead of the clock, the sequence (database_lease), the time its last value stands for, whether this session can draw from it, and how many keys were handed out more than a millisecond behind the clock because the lift''s lock was taken (lagging_keys); the C library''s other columns are NULL here';
