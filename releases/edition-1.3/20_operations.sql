-- Operations: uuid6_advance lifts a sequence above a key made elsewhere;
-- uuid6_status says which edition answered and how far its sequences have
-- come.

-- The tick at or above which every later tick of the version's sequence
-- makes a UUID greater than id (the C library's TickOfUuid, carried over to
-- this edition's ticks, 00_sequences.sql); NULL for another version.
CREATE FUNCTION uuid6_sql_tick_of(id uuid) RETURNS bigint
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  t text := id::text;
  ts bigint;
  us bigint;
BEGIN
  IF substr(t, 20, 1) NOT IN ('8', '9', 'a', 'b') THEN
    RETURN NULL;
  END IF;
  CASE substr(t, 15, 1)
    WHEN '7' THEN
      -- (ms << 12 | fraction) << 8 | counter, as in the C library.
      RETURN (('x' || substr(t, 1, 8) || substr(t, 10, 4) || substr(t, 16, 3))::bit(60)::bigint << 8)
             | (('x' || substr(t, 20, 3))::bit(12)::bigint >> 2 & 255);
    WHEN '6' THEN
      -- 100-ns ticks since 1970; ours are whole microseconds with the
      -- counter in the top 10 bits of clock_seq.
      ts := ('x' || substr(t, 1, 8) || substr(t, 10, 4) || substr(t, 16, 3))::bit(60)::bigint
            - 122192928000000000;
      IF ts < 0 THEN
        RETURN -1;
      END IF;
      us := (ts + 9) / 10;
      IF us * 10 = ts THEN
        RETURN (us << 10) | ((('x' || substr(t, 20, 4))::bit(16)::bigint & 16383) >> 4);
      END IF;
      RETURN (us << 10) - 1;
    WHEN '8' THEN
      -- A spread key carries a tick of the v7 sequence, as a v7 would.
      IF @extschema@.uuid6_sql_is_spread(t) THEN
        RETURN (('x' || substr(t, 3, 6) || substr(t, 10, 4) || substr(t, 16, 3))::bit(52)::bigint << 16)
               | (('x' || substr(t, 20, 4) || substr(t, 25, 1))::bit(20)::bigint >> 2 & 65535);
      END IF;
      -- 16-ns ticks; ours are whole microseconds, ts60 = us * 62.5 rounded down.
      ts := ('x' || substr(t, 1, 8) || substr(t, 10, 4) || substr(t, 16, 3))::bit(60)::bigint;
      us := (ts * 2 + 124) / 125;
      IF (us * 125) >> 1 = ts THEN
        RETURN (us << 8) | (('x' || substr(t, 20, 3))::bit(12)::bigint >> 2 & 255);
      END IF;
      RETURN (us << 8) - 1;
    ELSE
      RETURN NULL;
  END CASE;
END
$$;
COMMENT ON FUNCTION uuid6_sql_tick_of(uuid) IS
    'uuid6 internal: the tick of a v6, v7 or v8 sequence (a spread key: of the v7 sequence) above which every tick makes a greater UUID than the given one';

CREATE FUNCTION uuid6_advance(uuid) RETURNS void
    LANGUAGE plpgsql VOLATILE STRICT SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp SET lock_timeout = '1s' AS $$
DECLARE
  t text := $1::text;
  version integer;
  seq regclass;
  target bigint;
  margin bigint;
  us bigint;
  current bigint;
BEGIN
  version := CASE WHEN substr(t, 20, 1) IN ('8', '9', 'a', 'b')
                  THEN strpos('0123456789abcdef', substr(t, 15, 1)) - 1 ELSE -1 END;
  IF version NOT IN (6, 7, 8) THEN
    RAISE EXCEPTION 'uuid6_advance expects a version 6, 7 or 8 UUID, got %',
        CASE WHEN version < 0 THEN 'a UUID of another variant' ELSE 'version ' || version END
      USING ERRCODE = 'invalid_parameter_value',
            DETAIL = 'Only the sequences of the RFC 9562 generators can be advanced.';
  END IF;
  IF pg_is_in_recovery() THEN
    RAISE EXCEPTION 'uuid6_advance cannot run during recovery'
      USING ERRCODE = 'read_only_sql_transaction',
            DETAIL = 'The sequences of a standby are those of its primary, in WAL.',
            HINT = 'Run uuid6_advance on the primary.';
  END IF;
  -- A spread key lifts the v7 sequence its tick came from.
  IF version = 8 AND @extschema@.uuid6_sql_is_spread(t) THEN
    version := 7;
  END IF;
  us := @extschema@.uuid6_sql_unix_us_of($1, true);
  IF us > @extschema@.uuid6_sql_clock_us() + 86400000000 THEN
    RAISE EXCEPTION 'uuid6_advance refuses a UUID more than one day ahead of the clock'
      USING ERRCODE = 'datetime_field_overflow',
            DETAIL = format('The UUID''s time is %s; every later key of the database would be made after it.',
                            @extschema@.uuid6_sql_time(us)),
            HINT = 'Check the UUID, or the server''s clock.';
  END IF;
  seq := @extschema@.uuid6_sql_sequence(version);
  target := @extschema@.uuid6_sql_tick_of($1);
  -- Ticks drawn by other sessions between this nextval and the setval are
  -- not seen here: lifting at least 100 ms of ticks above the one drawn keeps
  -- them all below the new value (nextval cannot count that far in the
  -- meantime).
  margin := @extschema@.uuid6_sql_clock_tick(version, 100000);
  -- The lift's lock, taken and released as in uuid6_sql_lift.
  BEGIN
    PERFORM pg_advisory_lock(1970629988, version);
    current := nextval(seq);
    IF current < target THEN
      PERFORM setval(seq, greatest(target, current + margin), true);
    END IF;
    PERFORM pg_advisory_unlock(1970629988, version);
  EXCEPTION
    WHEN lock_not_available THEN
      PERFORM @extschema@.uuid6_sql_unlock_lift(version);
      RAISE EXCEPTION 'uuid6: uuid6_advance of sequence % waited more than a second for a lock', seq
        USING ERRCODE = 'lock_not_available',
              DETAIL = format('Lifts of one sequence take turns on the advisory lock (1970629988, %s).',
                              version),
              HINT = 'Look in pg_locks for a session that holds that advisory lock, and end it.';
    WHEN OTHERS OR query_canceled THEN
      PERFORM @extschema@.uuid6_sql_unlock_lift(version);
      RAISE;
  END;
END
$$;
COMMENT ON FUNCTION uuid6_advance(uuid) IS
    'Lifts the database''s sequence of the UUID''s version (6, 7 or 8) so that every later value is greater; refuses a UUID more than one day ahead of the clock. Not executable by PUBLIC';
REVOKE EXECUTE ON FUNCTION uuid6_advance(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION uuid6_advance(uuid) TO @extowner@ WITH GRANT OPTION;

-- The C library's columns; what this edition cannot know is NULL. mode is
-- 'sql_extension' where uuid6 was made by CREATE EXTENSION (pg_tle,
-- database.dev) and 'sql_script' where the plain script made it.
-- database_lease is the sequence that holds the version's tick,
-- database_lease_until the time its last tick stands for, and
-- database_lease_written whether this session can draw from it.
CREATE FUNCTION uuid6_status(
    OUT mode text, OUT node_id integer, OUT version integer, OUT generated bigint,
    OUT clock_regressions bigint, OUT largest_regression_us bigint, OUT ahead_of_clock_us bigint,
    OUT restored_from text, OUT restored_until timestamptz, OUT state_saved_at timestamptz,
    OUT persisted_until timestamptz, OUT database_lease text, OUT database_lease_until timestamptz,
    OUT database_lease_written boolean)
    RETURNS SETOF record
    LANGUAGE sql VOLATILE PARALLEL SAFE ROWS 3 AS $$
SELECT CASE WHEN EXISTS (SELECT FROM pg_catalog.pg_depend d
                         WHERE d.classid = 'pg_catalog.pg_proc'::regclass
                           AND d.objid = '@extschema@.uuid6_status()'::regprocedure
                           AND d.deptype = 'e')
            THEN 'sql_extension' ELSE 'sql_script' END,
       nullif(@extschema@.uuid6_sql_node_id(), -1),
       v,
       NULL::bigint, NULL::bigint, NULL::bigint,
       CASE WHEN last IS NULL THEN 0
            ELSE greatest(0, @extschema@.uuid6_sql_tick_us(v, last) - @extschema@.uuid6_sql_clock_us()) END,
       NULL::text, NULL::timestamptz, NULL::timestamptz, NULL::timestamptz,
       seq::text,
       @extschema@.uuid6_sql_time(@extschema@.uuid6_sql_tick_us(v, last)),
       pg_catalog.current_setting('transaction_read_only') = 'off'
FROM (SELECT v, @extschema@.uuid6_sql_sequence(v) AS seq,
             pg_catalog.pg_sequence_last_value(@extschema@.uuid6_sql_sequence(v)) AS last
      FROM unnest(ARRAY[6, 7, 8]) AS v) AS s
ORDER BY v
$$;
COMMENT ON FUNCTION uuid6_status() IS
    'Which edition answered (sql_extension or sql_script), uuid6.node_id, and per version: how far the database''s sequence is ahead of the clock, the sequence (database_lease), the time its last value stands for, and whether this session can draw from it; the C library''s other columns are NULL here';
