-- The SQL edition's order: one strictly increasing sequence per generator per
-- database, across all of its sessions.
--
-- Each generator draws its *tick* with nextval() from a sequence of its own.
-- A tick is a clock part above a counter, as in the C library (docs/design.md,
-- Ticks and layouts), and a UUID is a function of its tick and random bits that rises with
-- the tick, so keys rise in the order nextval() hands out ticks. Sequences are
-- not transactional and are WAL-logged: a tick is never handed out twice, not
-- after a rollback, a crash (see "Durability" below), a promoted standby, a
-- point-in-time recovery, a dump and restore (the plain script's sequences
-- are ordinary objects; the extension marks them with
-- pg_extension_config_dump) or pg_upgrade.
--
-- The ticks, all in bigint and all counting from 1970, with how many of them
-- make a microsecond of the clock (the rate a sequence would have to beat
-- below):
--   v6        Unix microseconds << 10 | a 10-bit counter; clock_seq is the
--             counter above 4 random bits (a clock reads whole microseconds
--             here, so the 100-ns digit of ts60 stays 0). Good until 2255.
--             1,024 ticks a microsecond.
--   v7        (Unix ms << 12 | Method 3 fraction) << 8 | the 8-bit counter,
--             exactly as the C library. Good until 2248. 1,048.6 a
--             microsecond (2^20 a millisecond).
--   v8        Unix microseconds << 8 | the 8-bit seq. Good until 3111. 256.
--   draft ms  Unix time in 1/4096 s (the layout's 12-bit fraction) << 12 |
--             the 12-bit seq. 16.8 a microsecond: the narrowest.
--   draft us  Unix microseconds << 10 | a 10-bit counter (the seq's top
--             bits). 1,024.
--   draft ns  Unix microseconds << 8 | the 8-bit seq. 256.
-- (The C library's v6 and v8 ticks are 74 and 68 bits wide: a bigint cannot
-- hold a 100-ns or 16-ns clock above a counter for long enough, and the
-- clock read here has whole microseconds anyway.)
--
-- The lag bound. The fast path takes one nextval() and reads the clock after
-- it. Keys decode to an instant at most a millisecond (the *lag bound*)
-- before they were made, never after it: under load ticks run a little
-- behind the clock. A tick more than three quarters of a millisecond behind
-- the clock (the *lift bound*: 786,432 ticks of v7, 768,000 of v6 and draft
-- us, 192,000 of v8 and draft ns, 12,288 of draft ms; the first key after a
-- pause, or one every 0.75 ms under load) is lifted by uuid6_sql_lift:
--   - it tries the lift's lock, a row of its generator in the table
--     uuid6_sql_sequences.uuid6_sql_lifts (SELECT ... FOR UPDATE SKIP
--     LOCKED), and never waits for it. No other role can take or queue for
--     that lock: the table lies in the schema no other role may use, so no
--     statement of theirs can name it (LOCK TABLE, SELECT FOR UPDATE, DDL),
--     and functions that lock a relation by OID take at most the lock of a
--     reader, which does not conflict with a row lock's. (1.4 used an
--     advisory key: advisory keys are every role's, and a role holding it
--     held every key's time back for as long as it liked.) The row is locked
--     in a subtransaction that is rolled back as soon as the lift is done:
--     that releases the lock at once, and keeps what the lift set
--     (sequences are not transactional);
--   - granted: in one expression, it reads the sequence's last value and
--     setval()s the clock's tick (counter start random, as in the C
--     library) only if the sequence still lies more than the lift bound
--     below it; otherwise (another session lifted meanwhile) it draws again;
--   - not granted (a lift under way in another session of uuid6's, holding
--     the row for microseconds): it draws again and uses that tick, which
--     came from nextval() like any other and so lies above every earlier
--     key; only its time lags. While another session lifts such a tick lies
--     between the lift bound and the lag bound; one that lies more than the
--     lag bound behind the clock (a lifting backend descheduled while it
--     holds the row) is counted in the version's uuid6_sql_lagging_
--     sequence, which uuid6_status() shows as lagging_keys. The session
--     then leaves the lift alone for a quarter of a millisecond (the
--     *retry interval*, uuid6_sql_lifted): a tick it draws more than the lift
--     bound behind the clock in that time is drawn again by a small
--     function of the owner's (uuid6_sql_draw_lagging), which lifts it when
--     it lags by more than the lag bound (so it counts only what a lift of
--     uuid6's, refused, left behind: calling it by hand counts nothing). A
--     lift that another session completes leaves the sequence within the
--     lift bound of the clock for at least 0.75 ms, longer than the retry
--     interval, so the interval never skips a lift that a lift under way
--     made needless. A machine so loaded that a lifting backend is
--     descheduled while it holds the row counts a few keys.
--
-- Why no tick is handed out twice. Every tick is a value nextval() returned
-- or the value a lift set (which that lift takes itself; nextval() goes on
-- above it). So a tick repeats only if a setval() lowers a sequence below a
-- value already handed out. setval() is called only by a lift or by
-- uuid6_advance, each holding the lift's row lock, so no two of them ever
-- overlap; and each sets a value V only when the last value L it read in the
-- same expression lies more than the lift bound below V (uuid6_advance: V is
-- at least L plus the lag bound). The ticks other sessions draw between that
-- read and the setval() are L + 1, L + 2, ...: they stay below V unless the
-- lift bound's worth of nextval() calls (at least 12,288, for draft ms) ran
-- in the time between two function calls of one expression, a fraction of
-- a microsecond. nextval() of one sequence, all sessions together, made
-- about 1.4 million values a second on the 2-core machine of the project's
-- measurements (PostgreSQL 18): 12,288 of them take about 9 ms, and even
-- ten million a second (one locked sequence page, about 0.1 us per value)
-- would take 1.2 ms. Only a backend descheduled for that long exactly
-- between those two calls, while others draw from the same sequence at full
-- speed, could be undercut. (1.3's lift waited for its lock and argued from
-- the waiting: sessions that drew a tick to lift waited too, so at most one
-- draw per session fell into a lift. With a lock that is never waited for,
-- sessions keep drawing during a lift, so the check moved next to the
-- setval().)
--
-- A clock that steps back finds the sequence ahead of it: ticks go on from
-- the sequence, one at a time, until the clock catches up (values then
-- decode to the instant the sequence stands at). A server restarted with its
-- clock behind does the same.
--
-- Durability. nextval() WAL-logs a sequence 32 values ahead and assigns a
-- transaction id when it does, so the next values need no WAL of their own;
-- the record is flushed when a transaction that wrote WAL commits
-- synchronously. A transaction that draws one of those next values without
-- writing WAL (a SELECT of keys) commits without a flush, so after a crash
-- the sequence could restart below a key already returned (when the
-- logging transaction rolled back, or was still running) - and if no lift
-- covers it (the sequence ahead of the clock, or the lift's lock held right
-- after the restart), hand that key out again. A transaction id alone does
-- not help: a transaction that has one but wrote no WAL commits without a
-- flush too (RecordTransactionCommit). So the first draw of each transaction
-- writes a small WAL record (a setval() of uuid6_sql_flush, which also gives
-- the transaction an id) and notes that in the transaction-local setting
-- uuid6_sql.tick_logged: with synchronous_commit = on, its commit then
-- flushes the WAL up to its commit record, which covers every tick it drew.
-- A key returned by a committed transaction never repeats after a crash.
-- What is left: with synchronous_commit = off (every other value flushes
-- locally) a commit returns before its WAL is on disk, and a crash soon
-- after (up to three times wal_writer_delay) can take the draws of the last
-- transactions with it: their keys can be handed out again after the
-- restart unless a lift covers them. The same holds for keys a client saw
-- from a transaction that then rolled back (an abort is not flushed), for a
-- session that sets uuid6_sql.tick_logged itself, and for a failover to an
-- asynchronous standby that had not received the last commits.
--
-- Where nothing can be written (a read-only transaction, a hot standby)
-- nextval() is impossible: the generators say so with SQLSTATE 25006 and a
-- hint, never hand out a value outside the sequence. They are PARALLEL
-- UNSAFE for the same reason (nextval() is).
--
-- Security (PostgreSQL resolves names in SQL-string and PL/pgSQL bodies at
-- run time through the caller's search_path): every LANGUAGE sql function
-- here has a SQL-standard body (RETURN or BEGIN ATOMIC), parsed and bound
-- when it is created; PL/pgSQL bodies on a generator's path hold only
-- control flow and schema-qualified calls whose arguments have exactly the
-- declared types; the others pin search_path.
--
-- The seal. A qualified call in a PL/pgSQL body is still looked up by name
-- each time it is planned, among the functions of that name in uuid6's
-- schema: a role later given CREATE there could add an overload that the
-- call also matches (uuid6_sql_draw(integer, integer DEFAULT 0) beside
-- uuid6_sql_draw(integer)), and every such call would fail as "not unique"
-- (42725), for every role. So every uuid6_sql_ helper takes a last
-- parameter of the domain uuid6_sql_seal, on which no role but its owner
-- has USAGE, and every call passes true::@extschema@.uuid6_sql_seal (USAGE
-- on a type governs only objects made with it, not values of it in a
-- query): no other role can make a function with a parameter of that type
-- (but for the constructors PostgreSQL makes for a range type over it, of
-- two and three parameters, (seal, seal) and (seal, seal, text), which no
-- helper takes), so no other function has the exact argument types of a
-- call, and
-- PostgreSQL takes the one exact match before it weighs any other
-- candidate (a polymorphic one included). The block runs in every install
-- and update (and before an update's functions are compared): it makes the
-- domain where it is missing, refuses one that another role owns, and
-- leaves USAGE to the owner alone, whatever default privileges granted.
DO $uuid6_seal$
DECLARE
  found_owner oid;
  r record;
BEGIN
  SELECT t.typowner INTO found_owner FROM pg_catalog.pg_type t
  WHERE t.typnamespace OPERATOR(pg_catalog.=) '@extschema@'::pg_catalog.regnamespace
    AND t.typname OPERATOR(pg_catalog.=) 'uuid6_sql_seal';
  IF NOT FOUND THEN
    CREATE DOMAIN @extschema@.uuid6_sql_seal AS pg_catalog.bool;
    COMMENT ON DOMAIN @extschema@.uuid6_sql_seal IS
      'uuid6 internal: the last parameter of every uuid6_sql_ helper, a type no other role may use, so that no function of another role matches a call of uuid6''s';
  ELSIF found_owner OPERATOR(pg_catalog.<>) (SELECT o.oid FROM pg_catalog.pg_roles o
                                               WHERE o.rolname OPERATOR(pg_catalog.=) current_user) THEN
    RAISE EXCEPTION 'uuid6 does not install where type %.uuid6_sql_seal belongs to role %, not to %',
        '@extschema@'::pg_catalog.regnamespace, found_owner::pg_catalog.regrole, current_user
      USING ERRCODE = 'insufficient_privilege',
            DETAIL = 'uuid6 takes the type for its own: only the role that owns uuid6''s functions may own it.',
            HINT = 'Install or update uuid6 as the role that owns its functions; otherwise the type''s owner or the schema''s drops it, then install again.';
  END IF;
  FOR r IN
    SELECT CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC'
                ELSE pg_catalog.quote_ident(g.rolname) END AS grantee
    FROM pg_catalog.pg_type t
         CROSS JOIN LATERAL pg_catalog.aclexplode(coalesce(t.typacl, pg_catalog.acldefault('T', t.typowner))) a
         LEFT JOIN pg_catalog.pg_roles g ON g.oid OPERATOR(pg_catalog.=) a.grantee
    WHERE t.typnamespace OPERATOR(pg_catalog.=) '@extschema@'::pg_catalog.regnamespace
      AND t.typname OPERATOR(pg_catalog.=) 'uuid6_sql_seal'
      AND a.grantee OPERATOR(pg_catalog.<>) t.typowner
  LOOP
    -- (The type by its OID's name: a schema's name may hold a % that format() would read.)
    EXECUTE pg_catalog.format('REVOKE ALL ON DOMAIN %s FROM %s CASCADE',
                              pg_catalog.pg_typeof(NULL::@extschema@.uuid6_sql_seal)::pg_catalog.regtype, r.grantee);
  END LOOP;
END
$uuid6_seal$;
--
-- The sequences live in a schema of their own, uuid6_sql_sequences, on which
-- no role but the installer (and superusers) has USAGE. nextval() and
-- setval() take a lock on a sequence that every role drawing keys needs;
-- CREATE RULE, CREATE TRIGGER, LOCK TABLE, ALTER and COMMENT look a relation
-- up by name and queue for their stronger lock before they check ownership,
-- so a role allowed to name the sequences could queue behind any transaction
-- that drew a key and make every other draw wait behind it. A name in a
-- schema without USAGE is refused before any lock is taken. The functions
-- reach the sequences by OID only: a 'uuid6_sql_sequences.name'::regclass
-- constant in a SQL-standard body is bound (stored as the OID) when the
-- function is created, by the installer; nextval(), setval() and
-- pg_sequence_last_value() of an OID check the sequence's own privileges,
-- not the schema's. The name is fixed (the schema names of the functions
-- cannot be put into another name: PostgreSQL substitutes @extschema@
-- quoted): one such schema per database, which the pg_tle extension makes
-- its own (DROP EXTENSION drops it) and the plain script creates, owned by
-- the installing role, and shares between its installations in several
-- schemas of one database (one sequence per version per database, as one
-- installation has). The installers refuse the name where it exists and is
-- not theirs (scripts/tle-check.sql).

CREATE SCHEMA IF NOT EXISTS uuid6_sql_sequences;
COMMENT ON SCHEMA uuid6_sql_sequences IS
    'uuid6 SQL edition: its sequences, out of every other role''s reach (no role but their owner may name them)';

CREATE SEQUENCE IF NOT EXISTS uuid6_sql_sequences.uuid6_sql_v6 AS bigint MINVALUE 0 START 0 CACHE 1 NO CYCLE;
CREATE SEQUENCE IF NOT EXISTS uuid6_sql_sequences.uuid6_sql_v7 AS bigint MINVALUE 0 START 0 CACHE 1 NO CYCLE;
CREATE SEQUENCE IF NOT EXISTS uuid6_sql_sequences.uuid6_sql_v8 AS bigint MINVALUE 0 START 0 CACHE 1 NO CYCLE;
CREATE SEQUENCE IF NOT EXISTS uuid6_sql_sequences.uuid6_sql_draft_ms AS bigint MINVALUE 0 START 0 CACHE 1 NO CYCLE;
CREATE SEQUENCE IF NOT EXISTS uuid6_sql_sequences.uuid6_sql_draft_us AS bigint MINVALUE 0 START 0 CACHE 1 NO CYCLE;
CREATE SEQUENCE IF NOT EXISTS uuid6_sql_sequences.uuid6_sql_draft_ns AS bigint MINVALUE 0 START 0 CACHE 1 NO CYCLE;
COMMENT ON SEQUENCE uuid6_sql_sequences.uuid6_sql_v6 IS
    'uuid6 SQL edition: the tick of the version 6 generator (Unix microseconds << 10 | counter). Written by uuid6 only';
COMMENT ON SEQUENCE uuid6_sql_sequences.uuid6_sql_v7 IS
    'uuid6 SQL edition: the tick of the version 7 generator ((Unix ms << 12 | fraction) << 8 | counter). Written by uuid6 only';
COMMENT ON SEQUENCE uuid6_sql_sequences.uuid6_sql_v8 IS
    'uuid6 SQL edition: the tick of the version 8 generator (Unix microseconds << 8 | seq). Written by uuid6 only';
COMMENT ON SEQUENCE uuid6_sql_sequences.uuid6_sql_draft_ms IS
    'uuid6 SQL edition: the tick of the draft v7 generator at ms precision (Unix 1/4096 s << 12 | seq). Written by uuid6 only';
COMMENT ON SEQUENCE uuid6_sql_sequences.uuid6_sql_draft_us IS
    'uuid6 SQL edition: the tick of the draft v7 generator at us precision (Unix microseconds << 10 | counter). Written by uuid6 only';
COMMENT ON SEQUENCE uuid6_sql_sequences.uuid6_sql_draft_ns IS
    'uuid6 SQL edition: the tick of the draft v7 generator at ns precision (Unix microseconds << 8 | seq). Written by uuid6 only';

-- Keys handed out more than the lag bound behind the clock because the
-- lift's lock was taken (see above), per version (the draft v7 counts as
-- version 7): counters that never block and ignore rollbacks.
CREATE SEQUENCE IF NOT EXISTS uuid6_sql_sequences.uuid6_sql_lagging_v6 AS bigint MINVALUE 1 START 1 CACHE 1 NO CYCLE;
CREATE SEQUENCE IF NOT EXISTS uuid6_sql_sequences.uuid6_sql_lagging_v7 AS bigint MINVALUE 1 START 1 CACHE 1 NO CYCLE;
CREATE SEQUENCE IF NOT EXISTS uuid6_sql_sequences.uuid6_sql_lagging_v8 AS bigint MINVALUE 1 START 1 CACHE 1 NO CYCLE;
COMMENT ON SEQUENCE uuid6_sql_sequences.uuid6_sql_lagging_v6 IS
    'uuid6 SQL edition: how many version 6 keys were handed out more than a millisecond behind the clock because the lift''s lock was taken (uuid6_status().lagging_keys). Written by uuid6 only';
COMMENT ON SEQUENCE uuid6_sql_sequences.uuid6_sql_lagging_v7 IS
    'uuid6 SQL edition: how many version 7 keys (the draft v7 included) were handed out more than a millisecond behind the clock because the lift''s lock was taken (uuid6_status().lagging_keys). Written by uuid6 only';
COMMENT ON SEQUENCE uuid6_sql_sequences.uuid6_sql_lagging_v8 IS
    'uuid6 SQL edition: how many version 8 keys were handed out more than a millisecond behind the clock because the lift''s lock was taken (uuid6_status().lagging_keys). Written by uuid6 only';

-- The WAL record of each transaction's first draw (see "Durability"): its
-- value means nothing; every role may set it.
CREATE SEQUENCE IF NOT EXISTS uuid6_sql_sequences.uuid6_sql_flush AS bigint MINVALUE 1 START 1 CACHE 1 NO CYCLE;
COMMENT ON SEQUENCE uuid6_sql_sequences.uuid6_sql_flush IS
    'uuid6 SQL edition: set by the first key of each transaction, so that its commit flushes the WAL of every key it drew; its value means nothing';

-- The lift's lock (see above): one row per generator, locked by a lift
-- for the microseconds it takes. No privilege on it for any other role, in
-- a schema no other role may use: no other role can name it.
CREATE TABLE IF NOT EXISTS uuid6_sql_sequences.uuid6_sql_lifts (generator integer PRIMARY KEY);
COMMENT ON TABLE uuid6_sql_sequences.uuid6_sql_lifts IS
    'uuid6 SQL edition: the lift''s lock, a row per generator (6, 7, 8; 70, 71, 72 the draft v7 at ms, us, ns) that a lift locks while it sets the sequence. Written by uuid6 only';
INSERT INTO uuid6_sql_sequences.uuid6_sql_lifts (generator)
  VALUES (6), (7), (8), (70), (71), (72) ON CONFLICT DO NOTHING;

-- The node id that uuid6_set_node_id sets (see uuid6_sql_database_node_id):
-- at most one row, made by the first call (none while never set, so that a
-- restore's copy of the row meets an empty table), read by every role (by
-- OID, from a function's body), written by its owner only, in a transaction
-- like any row (a rollback undoes it; two callers take turns on the row);
-- node_id NULL while cleared.
CREATE TABLE IF NOT EXISTS uuid6_sql_sequences.uuid6_sql_node
    (one boolean PRIMARY KEY DEFAULT true CHECK (one), node_id integer CHECK (node_id BETWEEN -1 AND 65535));
COMMENT ON TABLE uuid6_sql_sequences.uuid6_sql_node IS
    'uuid6 SQL edition: the node id set by uuid6_set_node_id (-1 off, NULL cleared), one row at most. Written by uuid6 only';
GRANT SELECT ON TABLE uuid6_sql_sequences.uuid6_sql_node TO PUBLIC;

-- Dumps carry the sequences' values and the node id: an extension's objects
-- are left out of a dump unless marked (the plain script's are dumped
-- anyway).
-- (Runs once, as the installing role, with the installer's search_path:
-- every call is qualified all the same.)
DO $$
DECLARE
  s text;
BEGIN
  FOREACH s IN ARRAY ARRAY['uuid6_sql_v6', 'uuid6_sql_v7', 'uuid6_sql_v8',
                           'uuid6_sql_draft_ms', 'uuid6_sql_draft_us', 'uuid6_sql_draft_ns',
                           'uuid6_sql_lagging_v6', 'uuid6_sql_lagging_v7', 'uuid6_sql_lagging_v8',
                           'uuid6_sql_node']::pg_catalog.text[] LOOP
    IF EXISTS (SELECT FROM pg_catalog.pg_depend d
               WHERE d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_class'::pg_catalog.regclass
                 AND d.objid OPERATOR(pg_catalog.=) pg_catalog.to_regclass(pg_catalog.concat('uuid6_sql_sequences.', s))
                 AND d.deptype OPERATOR(pg_catalog.=) 'e') THEN
      PERFORM pg_catalog.pg_extension_config_dump(pg_catalog.to_regclass(pg_catalog.concat('uuid6_sql_sequences.', s)), '');
    END IF;
  END LOOP;
END
$$;

-- Every role draws (nextval needs USAGE) and reads the ticks, by OID (the
-- schema keeps their names out of reach); only their
-- owner, through the SECURITY DEFINER functions below, sets them, so no role
-- can lower a sequence. The counters are read by all and counted by the
-- owner; the flush sequence is set by every role.
GRANT SELECT, USAGE ON SEQUENCE uuid6_sql_sequences.uuid6_sql_v6, uuid6_sql_sequences.uuid6_sql_v7,
    uuid6_sql_sequences.uuid6_sql_v8, uuid6_sql_sequences.uuid6_sql_draft_ms,
    uuid6_sql_sequences.uuid6_sql_draft_us, uuid6_sql_sequences.uuid6_sql_draft_ns TO PUBLIC;
GRANT SELECT ON SEQUENCE uuid6_sql_sequences.uuid6_sql_lagging_v6, uuid6_sql_sequences.uuid6_sql_lagging_v7,
    uuid6_sql_sequences.uuid6_sql_lagging_v8 TO PUBLIC;
GRANT SELECT, UPDATE ON SEQUENCE uuid6_sql_sequences.uuid6_sql_flush TO PUBLIC;

-- The clock in Unix microseconds, rounded. date_part's double carries the
-- microseconds since 1970 to within a quarter of one (53 bits hold them until
-- 2255, when the v6 tick ends too), and costs a tenth of extract's numeric.
-- (SQL-standard body: bound when created.)
CREATE FUNCTION uuid6_sql_clock_us(seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql VOLATILE PARALLEL SAFE
    RETURN (pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) * 1000000::double precision)::bigint;
COMMENT ON FUNCTION uuid6_sql_clock_us(@extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the clock in Unix microseconds';

-- (The small helpers below have SQL-standard bodies, bound when created, and
-- are not STRICT, so that the planner inlines them: a STRICT SQL function
-- whose body is a CASE is never inlined.)

-- A generator's tick for a clock reading with a zero counter (generator: 6,
-- 7, 8; 70, 71, 72 for the draft v7 at ms, us, ns).
CREATE FUNCTION uuid6_sql_clock_tick(generator integer, us bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE generator
      WHEN 6 THEN us << 10
      WHEN 7 THEN (((us / 1000) << 12) | (((us % 1000) * 4096) / 1000)) << 8
      WHEN 8 THEN us << 8
      WHEN 70 THEN (((us / 1000000) << 12) | (((us % 1000000) * 4096) / 1000000)) << 12
      WHEN 71 THEN us << 10
      WHEN 72 THEN us << 8 END;
COMMENT ON FUNCTION uuid6_sql_clock_tick(integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the tick of a generator (6, 7, 8; 70, 71, 72 for the draft v7 at ms, us, ns) at a clock reading in Unix microseconds, counter zero';

CREATE FUNCTION uuid6_sql_tick_bits(generator integer, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE generator WHEN 6 THEN 10 WHEN 7 THEN 8 WHEN 8 THEN 8
                          WHEN 70 THEN 12 WHEN 71 THEN 10 WHEN 72 THEN 8 END;
COMMENT ON FUNCTION uuid6_sql_tick_bits(integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the width of a generator''s counter below the clock part of its tick';

-- The lag bound: a millisecond of a generator's ticks.
CREATE FUNCTION uuid6_sql_lag_ticks(generator integer, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_clock_tick(generator, 1000::bigint, true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION uuid6_sql_lag_ticks(integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: how many of a generator''s ticks make the millisecond a key may lag the clock';

-- The lift bound: three quarters of a millisecond of a generator's ticks.
CREATE FUNCTION uuid6_sql_lift_ticks(generator integer, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_clock_tick(generator, 750::bigint, true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION uuid6_sql_lift_ticks(integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: how many of a generator''s ticks make the 0.75 ms behind the clock beyond which a tick is lifted';

-- Unix microseconds (rounded down) of a tick's clock part.
CREATE FUNCTION uuid6_sql_tick_us(generator integer, tick bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE generator
      WHEN 7 THEN (tick >> 20) * 1000 + (((tick >> 8) & 4095) * 1000) / 4096
      WHEN 70 THEN (tick >> 24) * 1000000 + (((tick >> 12) & 4095) * 1000000) / 4096
      ELSE tick >> @extschema@.uuid6_sql_tick_bits(generator, true::@extschema@.uuid6_sql_seal) END;
COMMENT ON FUNCTION uuid6_sql_tick_us(integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the Unix microseconds, rounded down, that a generator''s tick stands for';

-- Whether a tick lies more than the lag bound (a millisecond) behind the
-- clock, to the microsecond. (The clock is read once: a volatile argument
-- used twice would keep the planner from inlining a helper.)
CREATE FUNCTION uuid6_sql_lags(generator integer, tick bigint, seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql VOLATILE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_tick_us(generator, tick, true::@extschema@.uuid6_sql_seal) < @extschema@.uuid6_sql_clock_us(true::@extschema@.uuid6_sql_seal) - 1000;
COMMENT ON FUNCTION uuid6_sql_lags(integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: whether a generator''s tick lies more than a millisecond behind the clock';

CREATE FUNCTION uuid6_sql_sequence(generator integer, seal @extschema@.uuid6_sql_seal) RETURNS regclass
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE generator
      WHEN 6 THEN 'uuid6_sql_sequences.uuid6_sql_v6'::pg_catalog.regclass
      WHEN 7 THEN 'uuid6_sql_sequences.uuid6_sql_v7'::pg_catalog.regclass
      WHEN 8 THEN 'uuid6_sql_sequences.uuid6_sql_v8'::pg_catalog.regclass
      WHEN 70 THEN 'uuid6_sql_sequences.uuid6_sql_draft_ms'::pg_catalog.regclass
      WHEN 71 THEN 'uuid6_sql_sequences.uuid6_sql_draft_us'::pg_catalog.regclass
      WHEN 72 THEN 'uuid6_sql_sequences.uuid6_sql_draft_ns'::pg_catalog.regclass END;
COMMENT ON FUNCTION uuid6_sql_sequence(integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the sequence that holds a generator''s tick';

-- The counter of a generator's lagging keys: per version, the draft v7's in
-- version 7's.
CREATE FUNCTION uuid6_sql_lagging_sequence(generator integer, seal @extschema@.uuid6_sql_seal) RETURNS regclass
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE generator
      WHEN 6 THEN 'uuid6_sql_sequences.uuid6_sql_lagging_v6'::pg_catalog.regclass
      WHEN 8 THEN 'uuid6_sql_sequences.uuid6_sql_lagging_v8'::pg_catalog.regclass
      ELSE 'uuid6_sql_sequences.uuid6_sql_lagging_v7'::pg_catalog.regclass END;
COMMENT ON FUNCTION uuid6_sql_lagging_sequence(integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the sequence that counts a generator''s keys handed out behind the clock';

-- The error for a generator that cannot draw: nothing can be written here.
-- (A raiser, called only to refuse: its path is pinned.)
CREATE FUNCTION uuid6_sql_read_only(generator integer, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE plpgsql VOLATILE PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF pg_catalog.pg_is_in_recovery() THEN
    RAISE EXCEPTION 'uuid6 cannot make a key of its sequences during recovery'
      USING ERRCODE = 'read_only_sql_transaction',
            DETAIL = 'The SQL edition of uuid6 draws each key from a WAL-logged sequence of the database, which a standby cannot advance.',
            HINT = 'Make keys on the primary. uuid_generate_v6/v7/v8(timestamptz) make a value outside the sequence, without its order.';
  END IF;
  RAISE EXCEPTION 'uuid6 cannot make a key of its sequences in a read-only transaction'
    USING ERRCODE = 'read_only_sql_transaction',
          DETAIL = 'The SQL edition of uuid6 draws each key from a WAL-logged sequence of the database, which a read-only transaction cannot advance.',
          HINT = 'Make keys in a read-write transaction. uuid_generate_v6/v7/v8(timestamptz) make a value outside the sequence, without its order.';
END
$$;
COMMENT ON FUNCTION uuid6_sql_read_only(integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the 25006 error of a generator in a read-only transaction or during recovery';

-- A generator's next tick (see the top of this file): one nextval(), and
-- in the transaction's first draw, first the read-only check (25006 with a
-- hint where nothing can be written) and the WAL record that gives the
-- transaction an id and makes its commit flush. One expression, inlined into
-- the generators' first one. Once the transaction has drawn, the mark
-- (uuid6_sql.tick_logged) stands for the read-only check too: a transaction
-- that logged could write; should it turn read-only afterwards (SET
-- transaction_read_only), nextval() refuses with the same SQLSTATE, without
-- the hint.
CREATE FUNCTION uuid6_sql_draw(generator integer, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    RETURN CASE
      WHEN pg_catalog.current_setting('uuid6_sql.tick_logged', true) = 'on'
        THEN pg_catalog.nextval(@extschema@.uuid6_sql_sequence(generator, true::@extschema@.uuid6_sql_seal))
      WHEN pg_catalog.current_setting('transaction_read_only') = 'on'
        THEN @extschema@.uuid6_sql_read_only(generator, true::@extschema@.uuid6_sql_seal)
      WHEN pg_catalog.setval('uuid6_sql_sequences.uuid6_sql_flush'::pg_catalog.regclass, 1, true) = 1
           AND pg_catalog.set_config('uuid6_sql.tick_logged', 'on', true) = 'on'
        THEN pg_catalog.nextval(@extschema@.uuid6_sql_sequence(generator, true::@extschema@.uuid6_sql_seal)) END;
COMMENT ON FUNCTION uuid6_sql_draw(integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the next tick of a generator''s sequence, after the WAL record that makes the transaction''s commit flush it';

-- uuid6.node_id that is not a plain decimal integer from -1 to 65535, refused.
-- (A raiser, off the generators' fast path: pinned path.)
CREATE FUNCTION uuid6_sql_node_id_refused(setting text, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  RAISE EXCEPTION 'invalid value for parameter "%": "%"', 'uuid6.node_id', setting
    USING ERRCODE = 'invalid_parameter_value',
          DETAIL = 'The SQL edition of uuid6 reads the node id as a plain decimal integer from -1 (none) to 65535.',
          HINT = 'As the role that installed uuid6: SELECT uuid6_set_node_id(N), with N a plain integer, or ALTER DATABASE ... SET uuid6.node_id = N.';
END
$$;
COMMENT ON FUNCTION uuid6_sql_node_id_refused(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the error for a uuid6.node_id that is not a plain decimal integer from -1 to 65535';

-- The node id is the owner's to choose, never a session's: uuid6.node_id is
-- a placeholder setting here, which any session can SET (or have from
-- PGOPTIONS, or from ALTER ROLE), and a role that may only insert through a
-- DEFAULT could otherwise put another node's id into its keys, or leave the
-- database's out. (The C library's setting is the server's, and refuses a
-- SET.) The node id in effect is, in this order: the one uuid6_set_node_id
-- set (20_operations.sql; its owner's, -1 for none), the database's own
-- uuid6.node_id (ALTER DATABASE ... SET, which needs a superuser or SET on
-- the parameter), or none. A session's own value is ignored, with a WARNING
-- (uuid6_sql_node_id).
--
-- The value in effect, as text, is IMMUTABLE on purpose: PostgreSQL folds
-- the call, whose argument is a constant, into the plan of each expression
-- that uses it, so it is read once per plan (a session's first keys, and
-- again after its plans are invalidated: uuid6_set_node_id invalidates them
-- in every session), not per key. Of the database's entries, the last one
-- PostgreSQL applies (a name written in another case is another entry).
-- NULL: no node id set anywhere.
-- The query, STABLE: read afresh each time the IMMUTABLE functions below run
-- (a call of an IMMUTABLE function in their bodies would be folded into
-- their own plans, which PostgreSQL 18 keeps for the session).
CREATE FUNCTION uuid6_sql_database_setting_now(seal @extschema@.uuid6_sql_seal) RETURNS text
    LANGUAGE sql STABLE PARALLEL SAFE
    RETURN (SELECT pg_catalog.substr(c.setting, pg_catalog.strpos(c.setting, '=') + 1)
            FROM pg_catalog.pg_db_role_setting s
                 CROSS JOIN LATERAL pg_catalog.unnest(s.setconfig) WITH ORDINALITY AS c(setting, n)
            WHERE s.setdatabase = (SELECT d.oid FROM pg_catalog.pg_database d
                                   WHERE d.datname = pg_catalog.current_database())
              AND s.setrole = 0::pg_catalog.oid
              AND pg_catalog.lower(pg_catalog.split_part(c.setting, '=', 1)) = 'uuid6.node_id'
            ORDER BY c.n DESC
            LIMIT 1);
COMMENT ON FUNCTION uuid6_sql_database_setting_now(@extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the database''s own uuid6.node_id (ALTER DATABASE ... SET) as it is now, NULL when it has none';

CREATE FUNCTION uuid6_sql_database_setting(seal @extschema@.uuid6_sql_seal) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_database_setting_now(true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION uuid6_sql_database_setting(@extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the database''s own uuid6.node_id (ALTER DATABASE ... SET), NULL when it has none; read once per plan';

CREATE FUNCTION uuid6_sql_database_node_id(seal @extschema@.uuid6_sql_seal) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN coalesce(
      (SELECT n.node_id::pg_catalog.text FROM uuid6_sql_sequences.uuid6_sql_node n),
      @extschema@.uuid6_sql_database_setting_now(true::@extschema@.uuid6_sql_seal));
COMMENT ON FUNCTION uuid6_sql_database_node_id(@extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the node id in effect, as text: uuid6_set_node_id''s, else the database''s own uuid6.node_id, NULL when none; read once per plan';

-- A session whose own uuid6.node_id is another: ignored, with a WARNING once
-- per value in the session (the session-local uuid6_sql.node_id_warned holds
-- the value warned about: a session that sets it only silences its own
-- warning). Returns the node id in effect. (Pinned path.)
CREATE FUNCTION uuid6_sql_node_id_ignored(session text, node integer, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF pg_catalog.current_setting('uuid6_sql.node_id_warned', true) IS DISTINCT FROM session THEN
    PERFORM pg_catalog.set_config('uuid6_sql.node_id_warned', session, false);
    RAISE WARNING 'uuid6.node_id "%" of this session is ignored: the node id is %', session,
                  CASE WHEN node < 0 THEN 'off' ELSE node::pg_catalog.text END
      USING ERRCODE = 'cant_change_runtime_param',
            DETAIL = 'The SQL edition of uuid6 takes the node id from uuid6_set_node_id() or the database''s own uuid6.node_id (ALTER DATABASE ... SET), never from a session''s SET, PGOPTIONS, a role''s setting or postgresql.conf.',
            HINT = 'The role that installed uuid6 sets the node id with uuid6_set_node_id(N). Remove the session''s own setting; a value the session had from ALTER DATABASE before that setting changed goes when it reconnects.';
  END IF;
  RETURN node;
END
$$;
COMMENT ON FUNCTION uuid6_sql_node_id_ignored(text, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: warns once per session and value that the session''s own uuid6.node_id is ignored; returns the node id in effect';

-- The node id in effect: -1 when unset or empty, 0 to 65535 written as a
-- plain decimal integer, an error for anything else (uuid6_set_node_id
-- writes an integer; ALTER DATABASE ... SET stores what it is given).
CREATE FUNCTION uuid6_sql_node_id_value(seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql STABLE PARALLEL SAFE
    RETURN CASE
      WHEN coalesce(@extschema@.uuid6_sql_database_node_id(true::@extschema@.uuid6_sql_seal), '') = '' THEN -1
      WHEN @extschema@.uuid6_sql_database_node_id(true::@extschema@.uuid6_sql_seal) ~ '^(-1|0|[1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])$'
        THEN @extschema@.uuid6_sql_database_node_id(true::@extschema@.uuid6_sql_seal)::integer
      ELSE @extschema@.uuid6_sql_node_id_refused(@extschema@.uuid6_sql_database_node_id(true::@extschema@.uuid6_sql_seal),
                                                 true::@extschema@.uuid6_sql_seal) END;
COMMENT ON FUNCTION uuid6_sql_node_id_value(@extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the node id in effect, -1 when none; a value that is not a plain integer from -1 to 65535 is refused';

-- The node id for a key: the one in effect; a session whose own
-- uuid6.node_id is set to something else (not unset or empty, not the same
-- spelling as the one in effect or as the database's setting, which a
-- session has from it, not -1 where none is in effect) is warned.
CREATE FUNCTION uuid6_sql_node_id(seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    RETURN CASE
      WHEN coalesce(pg_catalog.current_setting('uuid6.node_id', true), '') = ''
           OR pg_catalog.current_setting('uuid6.node_id', true)
              = coalesce(@extschema@.uuid6_sql_database_node_id(true::@extschema@.uuid6_sql_seal), '')
           OR pg_catalog.current_setting('uuid6.node_id', true)
              = coalesce(@extschema@.uuid6_sql_database_setting(true::@extschema@.uuid6_sql_seal), '')
           OR (pg_catalog.current_setting('uuid6.node_id', true) = '-1'
               AND coalesce(nullif(@extschema@.uuid6_sql_database_node_id(true::@extschema@.uuid6_sql_seal), ''), '-1') = '-1')
        THEN @extschema@.uuid6_sql_node_id_value(true::@extschema@.uuid6_sql_seal)
      ELSE @extschema@.uuid6_sql_node_id_ignored(coalesce(pg_catalog.current_setting('uuid6.node_id', true), ''),
                                                 @extschema@.uuid6_sql_node_id_value(true::@extschema@.uuid6_sql_seal),
                                                 true::@extschema@.uuid6_sql_seal) END;
COMMENT ON FUNCTION uuid6_sql_node_id(@extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the node id for a key (uuid6_set_node_id''s, else the database''s), -1 when none; a session''s own value is ignored with a WARNING';

-- The tick a lift sets: the clock's (us, read by the caller), its counter
-- starting as the C library starts it on a new clock tick (v6 and v7 at
-- random bits with a zero top bit, room to count; the others at zero).
CREATE FUNCTION uuid6_sql_lift_target(generator integer, us bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql VOLATILE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_clock_tick(generator, us, true::@extschema@.uuid6_sql_seal)
           | CASE WHEN generator IN (6, 7)
                  THEN pg_catalog.uuid_hash_extended(pg_catalog.gen_random_uuid(), 0)
                       & ((1::bigint << (@extschema@.uuid6_sql_tick_bits(generator, true::@extschema@.uuid6_sql_seal) - 1)) - 1)
                  ELSE 0 END;
COMMENT ON FUNCTION uuid6_sql_lift_target(integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the tick a lift of a generator''s sequence sets: the clock''s, with the counter''s start';

-- The lift proper, run under the lift's lock (see the top of this file): one
-- expression reads the sequence's last value and sets the target only if
-- that lies more than the lift bound below it; otherwise it draws. Only the
-- sequence's owner can set it, so only a SECURITY DEFINER caller gets past
-- setval().
CREATE FUNCTION uuid6_sql_lift_set(generator integer, target bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    RETURN CASE WHEN pg_catalog.pg_sequence_last_value(@extschema@.uuid6_sql_sequence(generator, true::@extschema@.uuid6_sql_seal))
                     < target - @extschema@.uuid6_sql_lift_ticks(generator, true::@extschema@.uuid6_sql_seal)
                THEN pg_catalog.setval(@extschema@.uuid6_sql_sequence(generator, true::@extschema@.uuid6_sql_seal), target, true)
                ELSE pg_catalog.nextval(@extschema@.uuid6_sql_sequence(generator, true::@extschema@.uuid6_sql_seal)) END;
COMMENT ON FUNCTION uuid6_sql_lift_set(integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: under the lift''s lock, sets a generator''s sequence to a target tick if it still lies more than 0.75 ms below it, else draws';

-- A tick handed out without a lift, counted when it lies more than the lag
-- bound behind the clock.
CREATE FUNCTION uuid6_sql_counted(generator integer, tick bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    RETURN CASE WHEN NOT @extschema@.uuid6_sql_lags(generator, tick, true::@extschema@.uuid6_sql_seal) THEN tick
                WHEN pg_catalog.nextval(@extschema@.uuid6_sql_lagging_sequence(generator, true::@extschema@.uuid6_sql_seal)) > 0 THEN tick END;
COMMENT ON FUNCTION uuid6_sql_counted(integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a tick handed out without a lift, counted among the lagging keys when it lies more than a millisecond behind the clock';

-- A lift refused, remembered for the retry interval, a quarter of a
-- millisecond (see the top of this file and uuid6_sql_lifted): the
-- session-local setting uuid6_sql.lift_refused_GENERATOR holds the Unix
-- microsecond at which the session tries the lift again, as 16 digits (until
-- 2286), so that text comparison in the C collation orders it as a number
-- and no spelling of the setting can make a comparison fail.
-- (SQL-standard bodies: bound when created.)
CREATE FUNCTION uuid6_sql_refusal_setting(generator integer, seal @extschema@.uuid6_sql_seal) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE generator
      WHEN 6 THEN 'uuid6_sql.lift_refused_6' WHEN 7 THEN 'uuid6_sql.lift_refused_7'
      WHEN 8 THEN 'uuid6_sql.lift_refused_8' WHEN 70 THEN 'uuid6_sql.lift_refused_70'
      WHEN 71 THEN 'uuid6_sql.lift_refused_71' WHEN 72 THEN 'uuid6_sql.lift_refused_72' END;
COMMENT ON FUNCTION uuid6_sql_refusal_setting(integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the session-local setting that holds until when a generator''s lift, found taken, is left alone';

CREATE FUNCTION uuid6_sql_note_refusal(generator integer, tick bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    RETURN CASE WHEN pg_catalog.set_config(@extschema@.uuid6_sql_refusal_setting(generator, true::@extschema@.uuid6_sql_seal),
                                           (@extschema@.uuid6_sql_clock_us(true::@extschema@.uuid6_sql_seal) + 250)::pg_catalog.text, false) IS NOT NULL
                THEN tick END;
COMMENT ON FUNCTION uuid6_sql_note_refusal(integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: notes in the session that a generator''s lift was found taken, to be left alone for a quarter of a millisecond; returns the tick given';

-- Whether the session found the generator's lift taken less than the retry
-- interval ago: the time noted lies after the clock, and no more than the
-- interval after it (a clock stepped back, or a setting written by hand,
-- does not keep the session from lifting).
CREATE FUNCTION uuid6_sql_refused(generator integer, seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql VOLATILE PARALLEL SAFE
    RETURN pg_catalog.current_setting(@extschema@.uuid6_sql_refusal_setting(generator, true::@extschema@.uuid6_sql_seal), true) COLLATE pg_catalog."C"
             > (@extschema@.uuid6_sql_clock_us(true::@extschema@.uuid6_sql_seal))::pg_catalog.text
           AND pg_catalog.current_setting(@extschema@.uuid6_sql_refusal_setting(generator, true::@extschema@.uuid6_sql_seal), true) COLLATE pg_catalog."C"
             <= (@extschema@.uuid6_sql_clock_us(true::@extschema@.uuid6_sql_seal) + 250)::pg_catalog.text;
COMMENT ON FUNCTION uuid6_sql_refused(integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: whether this session found a generator''s lift taken less than a quarter of a millisecond ago';

-- A tick drawn while the lift is left alone: a new tick of the sequence;
-- one that lies more than the lag bound behind the clock is lifted (the
-- lift counts it only if it finds the lift taken again), so a call of this
-- function, by uuid6 or by hand, counts nothing a lift did not leave
-- behind. Runs with its owner's rights, its path pinned; no lock, no block
-- for a tick that does not lag: it costs a fraction of a lift.
CREATE FUNCTION uuid6_sql_draw_lagging(generator integer, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  tick bigint := pg_catalog.nextval(@extschema@.uuid6_sql_sequence(generator, true::@extschema@.uuid6_sql_seal));
BEGIN
  IF @extschema@.uuid6_sql_lags(generator, tick, true::@extschema@.uuid6_sql_seal) THEN
    RETURN @extschema@.uuid6_sql_lift(generator, tick, true::@extschema@.uuid6_sql_seal);
  END IF;
  RETURN tick;
END
$$;
COMMENT ON FUNCTION uuid6_sql_draw_lagging(integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a new tick of a generator''s sequence while its lift is left alone, lifted when it lies more than a millisecond behind the clock';

-- The lift (see the top of this file). Runs with its owner's rights (only
-- the owner may set the sequences, count and lock the lift's row), with
-- its path pinned (it runs about once a millisecond per busy generator,
-- not per key). Returns the tick to use; the tick the caller drew (taken)
-- is left unused.
--
-- The row is locked in the block's subtransaction, which the block then
-- rolls back on purpose (the raise below, caught by its own handler): that
-- releases the row at once, however long the caller's transaction lasts,
-- and keeps the setval(), which no rollback undoes. An error or an
-- interrupt rolls it back too.
--
-- Nothing may hold the row while it waits for anything a session controls.
-- The one such wait on this path is the client: a message sent while the
-- row is held blocks in send() for as long as that client does not read,
-- and PostgreSQL sends the debug lines of the subtransaction's abort (at
-- client_min_messages = debug5) before it releases the row. So the
-- function sends the client nothing below an ERROR, whatever the caller
-- set, and an ERROR reaches the client only once the block has rolled
-- back. (uuid6_advance, which waits for the row, does the same.)
CREATE FUNCTION uuid6_sql_lift(generator integer, taken bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp SET client_min_messages = error AS $$
DECLARE
  us bigint;
  target bigint;
  tick bigint;
BEGIN
  -- (Calls are expressions, not PERFORM, but for the lock: PERFORM runs a query.)
  BEGIN
    PERFORM FROM uuid6_sql_sequences.uuid6_sql_lifts l
      WHERE l.generator OPERATOR(pg_catalog.=) $1 FOR UPDATE SKIP LOCKED;
    IF FOUND THEN
      us := @extschema@.uuid6_sql_clock_us(true::@extschema@.uuid6_sql_seal);
      target := @extschema@.uuid6_sql_lift_target(generator, us, true::@extschema@.uuid6_sql_seal);
      tick := @extschema@.uuid6_sql_lift_set(generator, target, true::@extschema@.uuid6_sql_seal);
      RAISE SQLSTATE 'U6L1F';
    END IF;
  EXCEPTION
    WHEN SQLSTATE 'U6L1F' THEN
      RETURN tick;
  END;
  -- Another session of uuid6's lifts: no wait, a new tick of the sequence
  -- (the lift under way may have moved it already), counted if it lags;
  -- and the session leaves the lift alone for a quarter of a millisecond
  -- (uuid6_sql_lifted).
  tick := pg_catalog.nextval(@extschema@.uuid6_sql_sequence(generator, true::@extschema@.uuid6_sql_seal));
  tick := @extschema@.uuid6_sql_note_refusal(generator, tick, true::@extschema@.uuid6_sql_seal);
  RETURN @extschema@.uuid6_sql_counted(generator, tick, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid6_sql_lift(integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: lifts a generator''s sequence to the clock when the tick drawn lies more than 0.75 ms behind it, without waiting for the lift''s lock; never lowers it';

-- What the generators call for a tick more than the lift bound behind the
-- clock: the lift, unless this session found the lift's lock taken less
-- than the retry interval (a quarter of a millisecond) ago, by a lift of
-- another session that most likely moved the sequence already; trying the
-- lock again for every key would cost each key a lift (a subtransaction,
-- the row tried, a pinned path); instead a new tick is drawn, and lifted
-- only if it lags by more than the lag bound (uuid6_sql_draw_lagging, an
-- owner's function too, without the block and the lock for a tick that
-- does not lag).
-- (SQL-standard body: bound when created; inlined.)
CREATE FUNCTION uuid6_sql_lifted(generator integer, taken bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    RETURN CASE WHEN @extschema@.uuid6_sql_refused(generator, true::@extschema@.uuid6_sql_seal)
                THEN @extschema@.uuid6_sql_draw_lagging(generator, true::@extschema@.uuid6_sql_seal)
                ELSE @extschema@.uuid6_sql_lift(generator, taken, true::@extschema@.uuid6_sql_seal) END;
COMMENT ON FUNCTION uuid6_sql_lifted(integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the tick for one drawn more than 0.75 ms behind the clock: lifted, or, for a quarter of a millisecond after the lift''s lock was found taken, a new tick counted if it lags';
