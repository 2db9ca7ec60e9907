SET LOCAL search_path = pg_catalog, pg_temp;
-- sql/edition/00_sequences.sql
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
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'ebda04b84bc0550d') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON SCHEMA uuid6_sql_sequences IS
    'uuid6 SQL edition: its sequences, out of every other role''s reach (no role but their owner may name them)';
END IF; END $uuid6_update$;

CREATE SEQUENCE IF NOT EXISTS uuid6_sql_sequences.uuid6_sql_v6 AS bigint MINVALUE 0 START 0 CACHE 1 NO CYCLE;
CREATE SEQUENCE IF NOT EXISTS uuid6_sql_sequences.uuid6_sql_v7 AS bigint MINVALUE 0 START 0 CACHE 1 NO CYCLE;
CREATE SEQUENCE IF NOT EXISTS uuid6_sql_sequences.uuid6_sql_v8 AS bigint MINVALUE 0 START 0 CACHE 1 NO CYCLE;
CREATE SEQUENCE IF NOT EXISTS uuid6_sql_sequences.uuid6_sql_draft_ms AS bigint MINVALUE 0 START 0 CACHE 1 NO CYCLE;
CREATE SEQUENCE IF NOT EXISTS uuid6_sql_sequences.uuid6_sql_draft_us AS bigint MINVALUE 0 START 0 CACHE 1 NO CYCLE;
CREATE SEQUENCE IF NOT EXISTS uuid6_sql_sequences.uuid6_sql_draft_ns AS bigint MINVALUE 0 START 0 CACHE 1 NO CYCLE;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '4eb4add754027859') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON SEQUENCE uuid6_sql_sequences.uuid6_sql_v6 IS
    'uuid6 SQL edition: the tick of the version 6 generator (Unix microseconds << 10 | counter). Written by uuid6 only';
END IF; END $uuid6_update$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'f91527309eea0858') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON SEQUENCE uuid6_sql_sequences.uuid6_sql_v7 IS
    'uuid6 SQL edition: the tick of the version 7 generator ((Unix ms << 12 | fraction) << 8 | counter). Written by uuid6 only';
END IF; END $uuid6_update$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '16c10d13856c9761') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON SEQUENCE uuid6_sql_sequences.uuid6_sql_v8 IS
    'uuid6 SQL edition: the tick of the version 8 generator (Unix microseconds << 8 | seq). Written by uuid6 only';
END IF; END $uuid6_update$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '0ad1d3d9e6398ca4') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON SEQUENCE uuid6_sql_sequences.uuid6_sql_draft_ms IS
    'uuid6 SQL edition: the tick of the draft v7 generator at ms precision (Unix 1/4096 s << 12 | seq). Written by uuid6 only';
END IF; END $uuid6_update$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '51edd4a66c957772') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON SEQUENCE uuid6_sql_sequences.uuid6_sql_draft_us IS
    'uuid6 SQL edition: the tick of the draft v7 generator at us precision (Unix microseconds << 10 | counter). Written by uuid6 only';
END IF; END $uuid6_update$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '731873c92e8f7180') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON SEQUENCE uuid6_sql_sequences.uuid6_sql_draft_ns IS
    'uuid6 SQL edition: the tick of the draft v7 generator at ns precision (Unix microseconds << 8 | seq). Written by uuid6 only';
END IF; END $uuid6_update$;

-- Keys handed out more than the lag bound behind the clock because the
-- lift's lock was taken (see above), per version (the draft v7 counts as
-- version 7): counters that never block and ignore rollbacks.
CREATE SEQUENCE IF NOT EXISTS uuid6_sql_sequences.uuid6_sql_lagging_v6 AS bigint MINVALUE 1 START 1 CACHE 1 NO CYCLE;
CREATE SEQUENCE IF NOT EXISTS uuid6_sql_sequences.uuid6_sql_lagging_v7 AS bigint MINVALUE 1 START 1 CACHE 1 NO CYCLE;
CREATE SEQUENCE IF NOT EXISTS uuid6_sql_sequences.uuid6_sql_lagging_v8 AS bigint MINVALUE 1 START 1 CACHE 1 NO CYCLE;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '1ecfb8d545a718ad') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON SEQUENCE uuid6_sql_sequences.uuid6_sql_lagging_v6 IS
    'uuid6 SQL edition: how many version 6 keys were handed out more than a millisecond behind the clock because the lift''s lock was taken (uuid6_status().lagging_keys). Written by uuid6 only';
END IF; END $uuid6_update$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'c3c9f3f3165aaadf') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON SEQUENCE uuid6_sql_sequences.uuid6_sql_lagging_v7 IS
    'uuid6 SQL edition: how many version 7 keys (the draft v7 included) were handed out more than a millisecond behind the clock because the lift''s lock was taken (uuid6_status().lagging_keys). Written by uuid6 only';
END IF; END $uuid6_update$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '34224b855f94ca87') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON SEQUENCE uuid6_sql_sequences.uuid6_sql_lagging_v8 IS
    'uuid6 SQL edition: how many version 8 keys were handed out more than a millisecond behind the clock because the lift''s lock was taken (uuid6_status().lagging_keys). Written by uuid6 only';
END IF; END $uuid6_update$;

-- The WAL record of each transaction's first draw (see "Durability"): its
-- value means nothing; every role may set it.
CREATE SEQUENCE IF NOT EXISTS uuid6_sql_sequences.uuid6_sql_flush AS bigint MINVALUE 1 START 1 CACHE 1 NO CYCLE;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '879f2da574fd50c6') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON SEQUENCE uuid6_sql_sequences.uuid6_sql_flush IS
    'uuid6 SQL edition: set by the first key of each transaction, so that its commit flushes the WAL of every key it drew; its value means nothing';
END IF; END $uuid6_update$;

-- The lift's lock (see above): one row per generator, locked by a lift
-- for the microseconds it takes. No privilege on it for any other role, in
-- a schema no other role may use: no other role can name it.
CREATE TABLE IF NOT EXISTS uuid6_sql_sequences.uuid6_sql_lifts (generator integer PRIMARY KEY);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'a662d418d4975205') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON TABLE uuid6_sql_sequences.uuid6_sql_lifts IS
    'uuid6 SQL edition: the lift''s lock, a row per generator (6, 7, 8; 70, 71, 72 the draft v7 at ms, us, ns) that a lift locks while it sets the sequence. Written by uuid6 only';
END IF; END $uuid6_update$;
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
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '8e57bed0d644e69d') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON TABLE uuid6_sql_sequences.uuid6_sql_node IS
    'uuid6 SQL edition: the node id set by uuid6_set_node_id (-1 off, NULL cleared), one row at most. Written by uuid6 only';
END IF; END $uuid6_update$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '83a3f48e09f954fc') OPERATOR(pg_catalog.=) 0 THEN
GRANT SELECT ON TABLE uuid6_sql_sequences.uuid6_sql_node TO PUBLIC;
END IF; END $uuid6_update$;

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
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '5e31cc1da8856191') OPERATOR(pg_catalog.=) 0 THEN
GRANT SELECT, USAGE ON SEQUENCE uuid6_sql_sequences.uuid6_sql_v6, uuid6_sql_sequences.uuid6_sql_v7,
    uuid6_sql_sequences.uuid6_sql_v8, uuid6_sql_sequences.uuid6_sql_draft_ms,
    uuid6_sql_sequences.uuid6_sql_draft_us, uuid6_sql_sequences.uuid6_sql_draft_ns TO PUBLIC;
END IF; END $uuid6_update$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'e0a7b814245ab5df') OPERATOR(pg_catalog.=) 0 THEN
GRANT SELECT ON SEQUENCE uuid6_sql_sequences.uuid6_sql_lagging_v6, uuid6_sql_sequences.uuid6_sql_lagging_v7,
    uuid6_sql_sequences.uuid6_sql_lagging_v8 TO PUBLIC;
END IF; END $uuid6_update$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '222f0e3fd425bfb4') OPERATOR(pg_catalog.=) 0 THEN
GRANT SELECT, UPDATE ON SEQUENCE uuid6_sql_sequences.uuid6_sql_flush TO PUBLIC;
END IF; END $uuid6_update$;

-- The clock in Unix microseconds, rounded. date_part's double carries the
-- microseconds since 1970 to within a quarter of one (53 bits hold them until
-- 2255, when the v6 tick ends too), and costs a tenth of extract's numeric.
-- (SQL-standard body: bound when created.)
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_clock_us(seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql VOLATILE PARALLEL SAFE
    RETURN (pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) * 1000000::double precision)::bigint;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '2d9979e6a9bbb019') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_clock_us(@extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the clock in Unix microseconds';
END IF; END $uuid6_update$;

-- (The small helpers below have SQL-standard bodies, bound when created, and
-- are not STRICT, so that the planner inlines them: a STRICT SQL function
-- whose body is a CASE is never inlined.)

-- A generator's tick for a clock reading with a zero counter (generator: 6,
-- 7, 8; 70, 71, 72 for the draft v7 at ms, us, ns).
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_clock_tick(generator integer, us bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE generator
      WHEN 6 THEN us << 10
      WHEN 7 THEN (((us / 1000) << 12) | (((us % 1000) * 4096) / 1000)) << 8
      WHEN 8 THEN us << 8
      WHEN 70 THEN (((us / 1000000) << 12) | (((us % 1000000) * 4096) / 1000000)) << 12
      WHEN 71 THEN us << 10
      WHEN 72 THEN us << 8 END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '17e1a5a9d88bd465') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_clock_tick(integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the tick of a generator (6, 7, 8; 70, 71, 72 for the draft v7 at ms, us, ns) at a clock reading in Unix microseconds, counter zero';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_tick_bits(generator integer, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE generator WHEN 6 THEN 10 WHEN 7 THEN 8 WHEN 8 THEN 8
                          WHEN 70 THEN 12 WHEN 71 THEN 10 WHEN 72 THEN 8 END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '872782514a54d67f') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_tick_bits(integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the width of a generator''s counter below the clock part of its tick';
END IF; END $uuid6_update$;

-- The lag bound: a millisecond of a generator's ticks.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_lag_ticks(generator integer, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_clock_tick(generator, 1000::bigint, true::@extschema@.uuid6_sql_seal);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '7c30ef9ab18830f2') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_lag_ticks(integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: how many of a generator''s ticks make the millisecond a key may lag the clock';
END IF; END $uuid6_update$;

-- The lift bound: three quarters of a millisecond of a generator's ticks.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_lift_ticks(generator integer, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_clock_tick(generator, 750::bigint, true::@extschema@.uuid6_sql_seal);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'd35909bc530719ea') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_lift_ticks(integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: how many of a generator''s ticks make the 0.75 ms behind the clock beyond which a tick is lifted';
END IF; END $uuid6_update$;

-- Unix microseconds (rounded down) of a tick's clock part.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_tick_us(generator integer, tick bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE generator
      WHEN 7 THEN (tick >> 20) * 1000 + (((tick >> 8) & 4095) * 1000) / 4096
      WHEN 70 THEN (tick >> 24) * 1000000 + (((tick >> 12) & 4095) * 1000000) / 4096
      ELSE tick >> @extschema@.uuid6_sql_tick_bits(generator, true::@extschema@.uuid6_sql_seal) END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'a6b753f32533e728') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_tick_us(integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the Unix microseconds, rounded down, that a generator''s tick stands for';
END IF; END $uuid6_update$;

-- Whether a tick lies more than the lag bound (a millisecond) behind the
-- clock, to the microsecond. (The clock is read once: a volatile argument
-- used twice would keep the planner from inlining a helper.)
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_lags(generator integer, tick bigint, seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql VOLATILE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_tick_us(generator, tick, true::@extschema@.uuid6_sql_seal) < @extschema@.uuid6_sql_clock_us(true::@extschema@.uuid6_sql_seal) - 1000;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'e0fef6251096822d') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_lags(integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: whether a generator''s tick lies more than a millisecond behind the clock';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_sequence(generator integer, seal @extschema@.uuid6_sql_seal) RETURNS regclass
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE generator
      WHEN 6 THEN 'uuid6_sql_sequences.uuid6_sql_v6'::pg_catalog.regclass
      WHEN 7 THEN 'uuid6_sql_sequences.uuid6_sql_v7'::pg_catalog.regclass
      WHEN 8 THEN 'uuid6_sql_sequences.uuid6_sql_v8'::pg_catalog.regclass
      WHEN 70 THEN 'uuid6_sql_sequences.uuid6_sql_draft_ms'::pg_catalog.regclass
      WHEN 71 THEN 'uuid6_sql_sequences.uuid6_sql_draft_us'::pg_catalog.regclass
      WHEN 72 THEN 'uuid6_sql_sequences.uuid6_sql_draft_ns'::pg_catalog.regclass END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '04f789b3efb688c6') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_sequence(integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the sequence that holds a generator''s tick';
END IF; END $uuid6_update$;

-- The counter of a generator's lagging keys: per version, the draft v7's in
-- version 7's.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_lagging_sequence(generator integer, seal @extschema@.uuid6_sql_seal) RETURNS regclass
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE generator
      WHEN 6 THEN 'uuid6_sql_sequences.uuid6_sql_lagging_v6'::pg_catalog.regclass
      WHEN 8 THEN 'uuid6_sql_sequences.uuid6_sql_lagging_v8'::pg_catalog.regclass
      ELSE 'uuid6_sql_sequences.uuid6_sql_lagging_v7'::pg_catalog.regclass END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '390dfe2810bc7469') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_lagging_sequence(integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the sequence that counts a generator''s keys handed out behind the clock';
END IF; END $uuid6_update$;

-- The error for a generator that cannot draw: nothing can be written here.
-- (A raiser, called only to refuse: its path is pinned.)
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_read_only(generator integer, seal @extschema@.uuid6_sql_seal) RETURNS bigint
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
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '225ba9cfaa922b09') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_read_only(integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the 25006 error of a generator in a read-only transaction or during recovery';
END IF; END $uuid6_update$;

-- A generator's next tick (see the top of this file): one nextval(), and
-- in the transaction's first draw, first the read-only check (25006 with a
-- hint where nothing can be written) and the WAL record that gives the
-- transaction an id and makes its commit flush. One expression, inlined into
-- the generators' first one. Once the transaction has drawn, the mark
-- (uuid6_sql.tick_logged) stands for the read-only check too: a transaction
-- that logged could write; should it turn read-only afterwards (SET
-- transaction_read_only), nextval() refuses with the same SQLSTATE, without
-- the hint.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_draw(generator integer, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    RETURN CASE
      WHEN pg_catalog.current_setting('uuid6_sql.tick_logged', true) = 'on'
        THEN pg_catalog.nextval(@extschema@.uuid6_sql_sequence(generator, true::@extschema@.uuid6_sql_seal))
      WHEN pg_catalog.current_setting('transaction_read_only') = 'on'
        THEN @extschema@.uuid6_sql_read_only(generator, true::@extschema@.uuid6_sql_seal)
      WHEN pg_catalog.setval('uuid6_sql_sequences.uuid6_sql_flush'::pg_catalog.regclass, 1, true) = 1
           AND pg_catalog.set_config('uuid6_sql.tick_logged', 'on', true) = 'on'
        THEN pg_catalog.nextval(@extschema@.uuid6_sql_sequence(generator, true::@extschema@.uuid6_sql_seal)) END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '140d2c89ad90aef8') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_draw(integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the next tick of a generator''s sequence, after the WAL record that makes the transaction''s commit flush it';
END IF; END $uuid6_update$;

-- The end of reading uuid6.node_id as an integer setting: a value beyond the
-- int range, or outside -1 .. 65535, is refused with PostgreSQL's own
-- errors (22023). (A raiser, off the generators' fast path: pinned path.)
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_node_id_in_range(setting text, value numeric, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF value > 2147483647 OR value < -2147483648 THEN
    RAISE EXCEPTION 'invalid value for parameter "%": "%"', 'uuid6.node_id', setting
      USING ERRCODE = 'invalid_parameter_value', HINT = 'Value exceeds integer range.';
  END IF;
  IF value < -1 OR value > 65535 THEN
    RAISE EXCEPTION '% is outside the valid range for parameter "%" (% .. %)',
                    value::integer, 'uuid6.node_id', -1, 65535
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  RETURN value::integer;
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'ae8667c6cb105840') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_node_id_in_range(text, numeric, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the node id read from uuid6.node_id, or PostgreSQL''s error for a value out of range';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_node_id_invalid(setting text, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  RAISE EXCEPTION 'invalid value for parameter "%": "%"', 'uuid6.node_id', setting
    USING ERRCODE = 'invalid_parameter_value';
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '3ba2aabf59b4bb0d') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_node_id_invalid(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: PostgreSQL''s error for a uuid6.node_id that is not an integer';
END IF; END $uuid6_update$;

-- uuid6.node_id spelled other than as a plain number, read step by step as
-- PostgreSQL's parse_int() reads an integer setting: strtol() with base 0
-- (spaces, a sign, 0x and hex digits, a leading 0 and octal digits, or
-- decimal digits); where that stops at '.', 'e' or 'E', or overflows 64
-- bits, strtod() of the whole string instead (a decimal or, after 0x, a hex
-- significand with a radix point and exponent; a value beyond a double's
-- range, or one that underflows inexactly, is refused), rounded half to
-- even; then only spaces may follow (no units), and the result must be an
-- integer and lie in -1 .. 65535. Called for every key while the setting is
-- so spelled, with its path pinned (a plain number is read without it, by
-- uuid6_sql_node_id).
-- Whether the server's strtol() reads "0b" as a binary prefix, as C23's
-- does: a server built against glibc 2.38 or later (PostgreSQL 19 from
-- Debian trixie, say) reads the integer setting '0b101' as 5, one built
-- against an older C library refuses it. PostgreSQL reads every integer
-- setting with strtol(), so the only way to know is to ask it: a unitless
-- integer setting is set to '0b1' in a subtransaction that is then undone.
-- Called only for a uuid6.node_id that starts like a binary number (in a
-- parallel worker, where no subtransaction starts, such a setting is an
-- error). PL/pgSQL with its path pinned: a rare path.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_strtol_reads_binary(seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  BEGIN
    PERFORM pg_catalog.set_config('extra_float_digits', '0b1', true);
    RAISE EXCEPTION USING ERRCODE = 'UU6B1';
  EXCEPTION
    WHEN invalid_parameter_value THEN RETURN false;
    WHEN SQLSTATE 'UU6B1' THEN RETURN true;
  END;
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'ebcf9d2522888618') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_strtol_reads_binary(@extschema@.uuid6_sql_seal) IS
    'uuid6 internal: whether this server reads an integer setting written 0b... as binary (a C23 strtol)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_parse_node_id(setting text, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  ws constant text := '[ \t\n\v\f\r]';  -- C's isspace()
  m text[];
  sign integer := 1;
  v numeric := 0;
  c text;
  mantissa text;     -- the significand's digits, leading zeros dropped
  point integer;     -- how many of them stand before the radix point
  exponent bigint;   -- of 10 (decimal) or of 2 (hex)
  magnitude numeric;
  d double precision;
BEGIN
  -- strtol(setting, &end, 0); C23's reads 0b too, where the server's does
  IF setting ~ ('^' || ws || '*[+-]?0[bB][01]') AND @extschema@.uuid6_sql_strtol_reads_binary(true::@extschema@.uuid6_sql_seal) THEN
    m := regexp_match(setting, '^' || ws || '*([+-]?)(0[bB][01]+)(.*)$');
  ELSE
    m := regexp_match(setting, '^' || ws || '*([+-]?)(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)(.*)$');
  END IF;
  IF m IS NULL THEN
    -- No digits: the end is the start, and strtod() is tried only if that
    -- is '.', 'e' or 'E'.
    IF left(setting, 1) NOT IN ('.', 'e', 'E') THEN
      RETURN @extschema@.uuid6_sql_node_id_invalid(setting, true::@extschema@.uuid6_sql_seal);
    END IF;
  ELSE
    IF m[1] = '-' THEN
      sign := -1;
    END IF;
    IF m[2] ~ '^0[bB]' THEN
      FOREACH c IN ARRAY regexp_split_to_array(ltrim(substr(m[2], 3), '0'), '') LOOP
        EXIT WHEN v > 18446744073709551616;
        v := v * 2 + (strpos('01', c) - 1);
      END LOOP;
    ELSIF m[2] ~ '^0[xX]' THEN
      FOREACH c IN ARRAY regexp_split_to_array(ltrim(substr(m[2], 3), '0'), '') LOOP
        EXIT WHEN v > 18446744073709551616;
        v := v * 16 + (strpos('0123456789abcdef', lower(c)) - 1);
      END LOOP;
    ELSIF m[2] ~ '^0' THEN
      FOREACH c IN ARRAY regexp_split_to_array(ltrim(m[2], '0'), '') LOOP
        EXIT WHEN v > 18446744073709551616;
        v := v * 8 + (strpos('01234567', c) - 1);
      END LOOP;
    ELSIF length(m[2]) <= 30 THEN
      v := m[2]::numeric;
    ELSE
      v := 18446744073709551617;
    END IF;
    IF left(m[3], 1) NOT IN ('.', 'e', 'E')
       AND v * sign BETWEEN -9223372036854775808 AND 9223372036854775807 THEN
      IF m[3] !~ ('^' || ws || '*$') THEN
        RETURN @extschema@.uuid6_sql_node_id_invalid(setting, true::@extschema@.uuid6_sql_seal);
      END IF;
      RETURN @extschema@.uuid6_sql_node_id_in_range(setting, v * sign, true::@extschema@.uuid6_sql_seal);
    END IF;
  END IF;
  -- strtod(setting, &end): a decimal significand, or after 0x a hex one,
  -- with an optional radix point and exponent.
  m := regexp_match(setting, '^' || ws || '*([+-]?)(?:0([xX])([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?(?:[pP]([+-]?[0-9]+))?'
                             || '|([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?[0-9]+))?)(.*)$');
  IF m IS NULL OR coalesce(m[3], m[6]) || coalesce(m[4], m[7], '') = ''
     OR m[9] !~ ('^' || ws || '*$') THEN
    RETURN @extschema@.uuid6_sql_node_id_invalid(setting, true::@extschema@.uuid6_sql_seal);
  END IF;
  sign := CASE WHEN m[1] = '-' THEN -1 ELSE 1 END;
  mantissa := coalesce(m[3], m[6]) || coalesce(m[4], m[7], '');
  point := length(coalesce(m[3], m[6])) - (length(mantissa) - length(ltrim(mantissa, '0')));
  mantissa := ltrim(mantissa, '0');
  IF mantissa = '' THEN
    RETURN 0;
  END IF;
  exponent := CASE WHEN coalesce(m[5], m[8]) IS NULL THEN 0
                   WHEN length(ltrim(ltrim(coalesce(m[5], m[8]), '+-'), '0')) > 9
                     THEN CASE WHEN coalesce(m[5], m[8]) ~ '^-' THEN -999999999 ELSE 999999999 END
                   ELSE coalesce(m[5], m[8])::bigint END;
  -- Beyond 800 significant digits (an exactly written subnormal double has
  -- 751), a nonzero tail stands as one more digit 1: it rounds the same.
  IF length(mantissa) > 800 THEN
    mantissa := left(mantissa, 800) || CASE WHEN rtrim(substr(mantissa, 801), '0') = '' THEN '' ELSE '1' END;
  END IF;
  IF m[2] IS NULL THEN
    -- decimal, in [10^(exponent - 1), 10^exponent)
    exponent := exponent + point;
    magnitude := CASE WHEN exponent > 310 THEN 'Infinity'::numeric
                      WHEN exponent < -330 THEN NULL
                      ELSE ('0.' || mantissa || 'e' || exponent)::numeric END;
  ELSE
    -- hex: the digits as an integer times 2^exponent, exactly (2^-k as
    -- 5^k * 10^-k)
    exponent := exponent + 4 * (point - length(mantissa));
    IF exponent + 4 * length(mantissa) > 1100 THEN
      magnitude := 'Infinity'::numeric;
    ELSIF exponent + 4 * length(mantissa) < -1100 THEN
      magnitude := NULL;
    ELSE
      v := 0;
      FOREACH c IN ARRAY regexp_split_to_array(mantissa, '') LOOP
        v := v * 16 + (strpos('0123456789abcdef', lower(c)) - 1);
      END LOOP;
      magnitude := CASE WHEN exponent >= 0 THEN v * 2::numeric ^ exponent
                        ELSE v * 5::numeric ^ (-exponent) * ('1e' || exponent)::numeric END;
    END IF;
  END IF;
  -- strtod()'s ERANGE: a value that rounds beyond the largest double (to
  -- 2^1024), or below the smallest normal one (2^-1022) after rounding to
  -- 53 bits unless it is a subnormal double exactly.
  IF magnitude IS NULL
     OR magnitude >= 179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792
     OR (magnitude * 2::numeric ^ 1022 < 0.999999999999999944488848768742172978818416595458984375
         AND magnitude * 2::numeric ^ 1074 <> trunc(magnitude * 2::numeric ^ 1074)) THEN
    RETURN @extschema@.uuid6_sql_node_id_invalid(setting, true::@extschema@.uuid6_sql_seal);
  END IF;
  IF magnitude >= 2147483649 THEN
    RETURN @extschema@.uuid6_sql_node_id_in_range(setting, magnitude * sign, true::@extschema@.uuid6_sql_seal);
  END IF;
  -- The double strtod() returns (numeric to double rounds correctly), and
  -- rint() of it: adding and taking away 1.5 * 2^52 rounds half to even.
  d := magnitude::double precision;
  d := (d + 6755399441055744::double precision) - 6755399441055744::double precision;
  RETURN @extschema@.uuid6_sql_node_id_in_range(setting, d::numeric * sign, true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '2c32a70de2b54c0b') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_parse_node_id(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: uuid6.node_id read from any spelling PostgreSQL accepts for an integer setting, with its errors';
END IF; END $uuid6_update$;

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
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_database_setting_now(seal @extschema@.uuid6_sql_seal) RETURNS text
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
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'c0a7eb9dbc91047b') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_database_setting_now(@extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the database''s own uuid6.node_id (ALTER DATABASE ... SET) as it is now, NULL when it has none';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_database_setting(seal @extschema@.uuid6_sql_seal) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_database_setting_now(true::@extschema@.uuid6_sql_seal);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'd8c701cff9b6091c') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_database_setting(@extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the database''s own uuid6.node_id (ALTER DATABASE ... SET), NULL when it has none; read once per plan';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_database_node_id(seal @extschema@.uuid6_sql_seal) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN coalesce(
      (SELECT n.node_id::pg_catalog.text FROM uuid6_sql_sequences.uuid6_sql_node n),
      @extschema@.uuid6_sql_database_setting_now(true::@extschema@.uuid6_sql_seal));
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '24ce133145694535') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_database_node_id(@extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the node id in effect, as text: uuid6_set_node_id''s, else the database''s own uuid6.node_id, NULL when none; read once per plan';
END IF; END $uuid6_update$;

-- A session whose own uuid6.node_id is another: ignored, with a WARNING once
-- per value in the session (the session-local uuid6_sql.node_id_warned holds
-- the value warned about: a session that sets it only silences its own
-- warning). Returns the node id in effect. (Pinned path.)
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_node_id_ignored(session text, node integer, seal @extschema@.uuid6_sql_seal) RETURNS integer
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
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '2a830e3738b96154') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_node_id_ignored(text, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: warns once per session and value that the session''s own uuid6.node_id is ignored; returns the node id in effect';
END IF; END $uuid6_update$;

-- The node id in effect, read as PostgreSQL reads an integer setting (the C
-- library's is one): -1 when unset or empty, 0 to 65535 otherwise, and the C
-- library's error for anything else. A plain number is read here; any other
-- spelling (octal, hex, a sign, spaces, a fraction) by
-- uuid6_sql_parse_node_id.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_node_id_value(seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql STABLE PARALLEL SAFE
    RETURN CASE
      WHEN coalesce(@extschema@.uuid6_sql_database_node_id(true::@extschema@.uuid6_sql_seal), '') = '' THEN -1
      WHEN @extschema@.uuid6_sql_database_node_id(true::@extschema@.uuid6_sql_seal) ~ '^(-1|0|[1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])$'
        THEN @extschema@.uuid6_sql_database_node_id(true::@extschema@.uuid6_sql_seal)::integer
      ELSE @extschema@.uuid6_sql_parse_node_id(@extschema@.uuid6_sql_database_node_id(true::@extschema@.uuid6_sql_seal),
                                               true::@extschema@.uuid6_sql_seal) END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '369c061813bbbafe') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_node_id_value(@extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the node id in effect, -1 when none, read as PostgreSQL reads an integer setting';
END IF; END $uuid6_update$;

-- The node id for a key: the one in effect; a session whose own
-- uuid6.node_id is set to something else (not unset or empty, not the same
-- spelling as the one in effect or as the database's setting, which a
-- session has from it, not -1 where none is in effect) is warned.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_node_id(seal @extschema@.uuid6_sql_seal) RETURNS integer
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
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'dcf84eedb26aae78') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_node_id(@extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the node id for a key (uuid6_set_node_id''s, else the database''s), -1 when none; a session''s own value is ignored with a WARNING';
END IF; END $uuid6_update$;

-- The tick a lift sets: the clock's (us, read by the caller), its counter
-- starting as the C library starts it on a new clock tick (v6 and v7 at
-- random bits with a zero top bit, room to count; the others at zero).
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_lift_target(generator integer, us bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql VOLATILE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_clock_tick(generator, us, true::@extschema@.uuid6_sql_seal)
           | CASE WHEN generator IN (6, 7)
                  THEN pg_catalog.uuid_hash_extended(pg_catalog.gen_random_uuid(), 0)
                       & ((1::bigint << (@extschema@.uuid6_sql_tick_bits(generator, true::@extschema@.uuid6_sql_seal) - 1)) - 1)
                  ELSE 0 END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'be528ba298255cf0') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_lift_target(integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the tick a lift of a generator''s sequence sets: the clock''s, with the counter''s start';
END IF; END $uuid6_update$;

-- The lift proper, run under the lift's lock (see the top of this file): one
-- expression reads the sequence's last value and sets the target only if
-- that lies more than the lift bound below it; otherwise it draws. Only the
-- sequence's owner can set it, so only a SECURITY DEFINER caller gets past
-- setval().
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_lift_set(generator integer, target bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    RETURN CASE WHEN pg_catalog.pg_sequence_last_value(@extschema@.uuid6_sql_sequence(generator, true::@extschema@.uuid6_sql_seal))
                     < target - @extschema@.uuid6_sql_lift_ticks(generator, true::@extschema@.uuid6_sql_seal)
                THEN pg_catalog.setval(@extschema@.uuid6_sql_sequence(generator, true::@extschema@.uuid6_sql_seal), target, true)
                ELSE pg_catalog.nextval(@extschema@.uuid6_sql_sequence(generator, true::@extschema@.uuid6_sql_seal)) END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'de1e63a1dbf868fa') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_lift_set(integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: under the lift''s lock, sets a generator''s sequence to a target tick if it still lies more than 0.75 ms below it, else draws';
END IF; END $uuid6_update$;

-- A tick handed out without a lift, counted when it lies more than the lag
-- bound behind the clock.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_counted(generator integer, tick bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    RETURN CASE WHEN NOT @extschema@.uuid6_sql_lags(generator, tick, true::@extschema@.uuid6_sql_seal) THEN tick
                WHEN pg_catalog.nextval(@extschema@.uuid6_sql_lagging_sequence(generator, true::@extschema@.uuid6_sql_seal)) > 0 THEN tick END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'bd7df3781a5728da') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_counted(integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a tick handed out without a lift, counted among the lagging keys when it lies more than a millisecond behind the clock';
END IF; END $uuid6_update$;

-- A lift refused, remembered for the retry interval, a quarter of a
-- millisecond (see the top of this file and uuid6_sql_lifted): the
-- session-local setting uuid6_sql.lift_refused_GENERATOR holds the Unix
-- microsecond at which the session tries the lift again, as 16 digits (until
-- 2286), so that text comparison in the C collation orders it as a number
-- and no spelling of the setting can make a comparison fail.
-- (SQL-standard bodies: bound when created.)
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_refusal_setting(generator integer, seal @extschema@.uuid6_sql_seal) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE generator
      WHEN 6 THEN 'uuid6_sql.lift_refused_6' WHEN 7 THEN 'uuid6_sql.lift_refused_7'
      WHEN 8 THEN 'uuid6_sql.lift_refused_8' WHEN 70 THEN 'uuid6_sql.lift_refused_70'
      WHEN 71 THEN 'uuid6_sql.lift_refused_71' WHEN 72 THEN 'uuid6_sql.lift_refused_72' END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '04f9e73666b455da') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_refusal_setting(integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the session-local setting that holds until when a generator''s lift, found taken, is left alone';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_note_refusal(generator integer, tick bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    RETURN CASE WHEN pg_catalog.set_config(@extschema@.uuid6_sql_refusal_setting(generator, true::@extschema@.uuid6_sql_seal),
                                           (@extschema@.uuid6_sql_clock_us(true::@extschema@.uuid6_sql_seal) + 250)::pg_catalog.text, false) IS NOT NULL
                THEN tick END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'f3a7a25e1cb6004a') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_note_refusal(integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: notes in the session that a generator''s lift was found taken, to be left alone for a quarter of a millisecond; returns the tick given';
END IF; END $uuid6_update$;

-- Whether the session found the generator's lift taken less than the retry
-- interval ago: the time noted lies after the clock, and no more than the
-- interval after it (a clock stepped back, or a setting written by hand,
-- does not keep the session from lifting).
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_refused(generator integer, seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql VOLATILE PARALLEL SAFE
    RETURN pg_catalog.current_setting(@extschema@.uuid6_sql_refusal_setting(generator, true::@extschema@.uuid6_sql_seal), true) COLLATE pg_catalog."C"
             > (@extschema@.uuid6_sql_clock_us(true::@extschema@.uuid6_sql_seal))::pg_catalog.text
           AND pg_catalog.current_setting(@extschema@.uuid6_sql_refusal_setting(generator, true::@extschema@.uuid6_sql_seal), true) COLLATE pg_catalog."C"
             <= (@extschema@.uuid6_sql_clock_us(true::@extschema@.uuid6_sql_seal) + 250)::pg_catalog.text;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '9e2b5ae8b03f74ae') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_refused(integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: whether this session found a generator''s lift taken less than a quarter of a millisecond ago';
END IF; END $uuid6_update$;

-- A tick drawn while the lift is left alone: a new tick of the sequence;
-- one that lies more than the lag bound behind the clock is lifted (the
-- lift counts it only if it finds the lift taken again), so a call of this
-- function, by uuid6 or by hand, counts nothing a lift did not leave
-- behind. Runs with its owner's rights, its path pinned; no lock, no block
-- for a tick that does not lag: it costs a fraction of a lift.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_draw_lagging(generator integer, seal @extschema@.uuid6_sql_seal) RETURNS bigint
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
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '8c91ae315967e371') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_draw_lagging(integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a new tick of a generator''s sequence while its lift is left alone, lifted when it lies more than a millisecond behind the clock';
END IF; END $uuid6_update$;

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
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_lift(generator integer, taken bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp AS $$
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
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'cfaade26b01130b6') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_lift(integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: lifts a generator''s sequence to the clock when the tick drawn lies more than 0.75 ms behind it, without waiting for the lift''s lock; never lowers it';
END IF; END $uuid6_update$;

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
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_lifted(generator integer, taken bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    RETURN CASE WHEN @extschema@.uuid6_sql_refused(generator, true::@extschema@.uuid6_sql_seal)
                THEN @extschema@.uuid6_sql_draw_lagging(generator, true::@extschema@.uuid6_sql_seal)
                ELSE @extschema@.uuid6_sql_lift(generator, taken, true::@extschema@.uuid6_sql_seal) END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '40924847dfcdd8ac') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_lifted(integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the tick for one drawn more than 0.75 ms behind the clock: lifted, or, for a quarter of a millisecond after the lift''s lock was found taken, a new tick counted if it lags';
END IF; END $uuid6_update$;

-- sql/edition/10_generators.sql
-- The generators: the next tick of the generator's sequence (00_sequences.sql)
-- as a UUID in the C library's layout (docs/design.md).
--
-- Each is a short PL/pgSQL function with three expressions on its fast
-- path: the tick (uuid6_sql_draw: the read-only check, the first draw's WAL
-- record, one nextval()), one test (the tick within the lift bound of the
-- clock, uuid6.node_id unset), and one RETURN that lays out the key from the
-- tick and 64 random bits. The rest is set up only when it runs: a tick to
-- lift, two more expressions of the generator (uuid6_sql_lifted), and a node
-- id, a slow path of its own.
--
-- Why so few expressions: a PL/pgSQL function keeps its expressions' plans
-- for the session, but sets up each one's run-time state again in every
-- transaction that calls it (and checks that its plan still holds), at a
-- cost that grows with the number of functions and operators in them. A
-- single-row INSERT with a DEFAULT pays that in full for every row; so does
-- nothing else. The layout is therefore plain bigint arithmetic on two
-- 64-bit words, joined once: uuid6_sql_key(hi, lo).
--
-- Security: the PL/pgSQL bodies hold nothing but control flow and calls of
-- @extschema@ functions whose arguments have exactly the declared types (an
-- integer literal for an integer, a bigint variable for a bigint), so no
-- function or operator is looked up through the caller's search_path; every
-- expression is one of the LANGUAGE sql helpers below, whose SQL-standard
-- bodies are bound when they are created and which the planner inlines (they
-- are not STRICT: a STRICT SQL function whose body is a CASE is never
-- inlined). No SET clause: it would cost more than the generator itself.
--
-- The random bits: uuid_hash_extended() of a gen_random_uuid(), that is, 64
-- bits hashed from 122 bits of PostgreSQL's CSPRNG. (Before PostgreSQL 18 a
-- bigint cannot be read from the bytes of a UUID without a round trip
-- through text.)
--
-- uuid6.node_id (a placeholder setting here) goes where the C library puts
-- it: v6 octets 11-12, v7 and v8 bits 74-89 (docs/design.md).
--
-- A v8 of this layout never reads as a spread key (src/core/spread.hpp):
-- where its random bits happen to carry the spread mark with a valid bucket
-- count (about 7.5e-9 of the keys), bit 123 is flipped, as the C library's
-- WithoutSpreadMark does; only those keys pay for the test's second half.
--
-- PARALLEL UNSAFE, unlike the C library's: nextval() cannot run in a
-- parallel worker.

-- A UUID from its high and low 64-bit words.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_key(hi bigint, lo bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN pg_catalog.encode(pg_catalog.int8send(hi) || pg_catalog.int8send(lo), 'hex')::uuid;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'ca0cb480d1f68340') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_key(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the UUID of two 64-bit words, high then low';
END IF; END $uuid6_update$;

-- 64 random bits.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_random(seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql VOLATILE PARALLEL SAFE
    RETURN pg_catalog.uuid_hash_extended(pg_catalog.gen_random_uuid(), 0);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '4c881948060447c0') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_random(@extschema@.uuid6_sql_seal) IS
    'uuid6 internal: 64 random bits from PostgreSQL''s CSPRNG';
END IF; END $uuid6_update$;

-- The low word of a v7 or v8: variant 10, the 8-bit counter (bits 66-73 of
-- the UUID), then 54 of the random bits r; with node_id, the node id in bits
-- 74-89 and 38 random bits below it.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_lo(counter bigint, r bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ((counter | 512) << 54) | (r & 18014398509481983);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '2f384ee2fb04a604') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_lo(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the low word of a v7 or v8 (variant, 8-bit counter, random bits)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_lo_node(counter bigint, r bigint, node_id integer, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ((counter | 512) << 54) | (node_id::bigint << 38) | (r & 274877906943);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '83c65bad8e2f1f65') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_lo_node(bigint, bigint, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the low word of a v7 or v8 (variant, 8-bit counter, node id in bits 74-89, random bits)';
END IF; END $uuid6_update$;

-- The low word of a v6: variant 10, clock_seq (the 10-bit counter above 4
-- random bits), the random node with the multicast bit (bit 40 of the word),
-- or with node_id in octets 11-12.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_lo_v6(counter bigint, r bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ((counter | 2048) << 52) | (r & 4503599627370495) | 1099511627776;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '649ca88038ae5b26') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_lo_v6(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the low word of a v6 (variant, counting clock_seq, random node with the multicast bit)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_lo_v6_node(counter bigint, r bigint, node_id integer, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ((counter | 2048) << 52) | (node_id::bigint << 24) | (r & 4502500132519935) | 1099511627776;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '59a2c885ee191a79') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_lo_v6_node(bigint, bigint, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the low word of a v6 (variant, counting clock_seq, node id in octets 11-12, random node bits with the multicast bit)';
END IF; END $uuid6_update$;

-- The high words. v6: ts60 = Unix microseconds * 10 + the Gregorian offset
-- as time_high, time_mid, 6, time_low. v7: unix_ts_ms, 7, the Method 3
-- fraction. v8: ts60 = Unix ns >> 4 as in v6, with 8.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_hi_v6(t bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ((((t >> 10) * 10 + 122192928000000000) >> 12) << 16) | 24576
           | (((t >> 10) * 10 + 122192928000000000) & 4095);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'ead9bf697806677f') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_hi_v6(bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the high word of a v6 for a tick of the v6 sequence';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_hi_v7(t bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN (t >> 8) + (t >> 20) * 61440 + 28672;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '9da88e22411510ae') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_hi_v7(bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the high word of a v7 for a tick of the v7 sequence';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_hi_v8(t bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ((((t >> 8) * 125) >> 13) << 16) | 32768 | ((((t >> 8) * 125) >> 1) & 4095);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '7a625d158ff1d168') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_hi_v8(bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the high word of a v8 for a tick of the v8 sequence';
END IF; END $uuid6_update$;

-- A v8 of this layout that would read as a spread key: its random bits r
-- carry the 26-bit mark 0x2F1A5C3 in bits 4-29 (bits 98-123 of the UUID;
-- r fills bits 0-37 of the low word with or without a node id), a bucket
-- count 2^k with k from 1 to 8 in its last 4 bits, and the 8 - k low bits
-- of the UUID's first byte (the top of ts60, from the tick t) are zero. Then
-- bit 123 of the UUID (bit 4 of the low word) is flipped: 16 here, else 0.
-- The callers test the mark first and call this only when it is there;
-- STRICT with a CASE, so that it is never inlined and adds one node to
-- their expressions, not a dozen.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_spread_flip(t bigint, r bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN CASE WHEN ((r >> 4) & 67108863) = 49391043 AND (r & 15) BETWEEN 1 AND 8
                     AND ((((t >> 8) * 125) >> 53) & ((1::bigint << (8 - (r & 15)::integer)) - 1)) = 0
                THEN 16::bigint ELSE 0::bigint END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '6012a10645c114e7') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_spread_flip(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: 16 where a v8 of uuid6''s layout with this tick and these random bits would read as a spread key (bit 123 to flip), else 0';
END IF; END $uuid6_update$;

-- The low word of a v8 (variant, counter, random bits, the node id when
-- node >= 0), with bit 123 flipped where the key would read as a spread key.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_lo_v8(t bigint, r bigint, node integer, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN node < 0 THEN @extschema@.uuid6_sql_lo(t & 255, r, true::@extschema@.uuid6_sql_seal)
                ELSE @extschema@.uuid6_sql_lo_node(t & 255, r, node, true::@extschema@.uuid6_sql_seal) END
           # CASE WHEN ((r >> 4) & 67108863) <> 49391043 THEN 0::bigint
                  ELSE @extschema@.uuid6_sql_spread_flip(t, r, true::@extschema@.uuid6_sql_seal) END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'de2a5fdedec98ce2') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_lo_v8(bigint, bigint, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the low word of a v8 of uuid6''s layout, changed in one bit where it would read as a spread key';
END IF; END $uuid6_update$;

-- The keys of the fast paths: a tick and fresh random bits (v8: given, for
-- the spread mark's test).
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_key_v6(t bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_key(@extschema@.uuid6_sql_hi_v6(t, true::@extschema@.uuid6_sql_seal),
                                     @extschema@.uuid6_sql_lo_v6(t & 1023, @extschema@.uuid6_sql_random(true::@extschema@.uuid6_sql_seal), true::@extschema@.uuid6_sql_seal), true::@extschema@.uuid6_sql_seal);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '595d9867e01f9fb0') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_key_v6(bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a v6 of a tick of the v6 sequence with a random node';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_key_v7(t bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_key(@extschema@.uuid6_sql_hi_v7(t, true::@extschema@.uuid6_sql_seal),
                                     @extschema@.uuid6_sql_lo(t & 255, @extschema@.uuid6_sql_random(true::@extschema@.uuid6_sql_seal), true::@extschema@.uuid6_sql_seal), true::@extschema@.uuid6_sql_seal);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '41303a2760b14c10') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_key_v7(bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a v7 of a tick of the v7 sequence with random rand_b';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_key_v8(t bigint, r bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_key(@extschema@.uuid6_sql_hi_v8(t, true::@extschema@.uuid6_sql_seal), @extschema@.uuid6_sql_lo_v8(t, r, -1, true::@extschema@.uuid6_sql_seal), true::@extschema@.uuid6_sql_seal);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'bcc42cd4d6072527') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_key_v8(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a v8 of a tick of the v8 sequence and 64 random bits, never read as a spread key';
END IF; END $uuid6_update$;

-- Any generator's key, with a node id or without (-1): the slow path's.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_key_of(generator integer, t bigint, node integer, r bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE generator
      WHEN 6 THEN @extschema@.uuid6_sql_key(@extschema@.uuid6_sql_hi_v6(t, true::@extschema@.uuid6_sql_seal),
                    CASE WHEN node < 0 THEN @extschema@.uuid6_sql_lo_v6(t & 1023, r, true::@extschema@.uuid6_sql_seal)
                         ELSE @extschema@.uuid6_sql_lo_v6_node(t & 1023, r, node, true::@extschema@.uuid6_sql_seal) END, true::@extschema@.uuid6_sql_seal)
      WHEN 7 THEN @extschema@.uuid6_sql_key(@extschema@.uuid6_sql_hi_v7(t, true::@extschema@.uuid6_sql_seal),
                    CASE WHEN node < 0 THEN @extschema@.uuid6_sql_lo(t & 255, r, true::@extschema@.uuid6_sql_seal)
                         ELSE @extschema@.uuid6_sql_lo_node(t & 255, r, node, true::@extschema@.uuid6_sql_seal) END, true::@extschema@.uuid6_sql_seal)
      ELSE @extschema@.uuid6_sql_key(@extschema@.uuid6_sql_hi_v8(t, true::@extschema@.uuid6_sql_seal),
                                     @extschema@.uuid6_sql_lo_v8(t, r, node, true::@extschema@.uuid6_sql_seal), true::@extschema@.uuid6_sql_seal) END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '254840b635824a90') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_key_of(integer, bigint, integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the key of generator 6, 7 or 8 for a tick, a node id (-1: none) and 64 random bits';
END IF; END $uuid6_update$;

-- Whether a tick lies more than the lift bound (0.75 ms) behind the clock,
-- tested in double precision: date_part is cheaper than numeric, and a
-- bigint tick read as a double is good to a few hundred ticks, well under
-- the quarter millisecond between the lift bound and the lag bound. (Only
-- the lift acts on it, and tests again exactly before it sets anything:
-- uuid6_sql_lift_set, uuid6_sql_counted.) Ticks per second and the lift
-- bound of each generator (00_sequences.sql).
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_behind(generator integer, t bigint, seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql VOLATILE PARALLEL SAFE
    RETURN t::double precision
           < pg_catalog.date_part('epoch', pg_catalog.clock_timestamp())
             * CASE generator WHEN 6 THEN 1024000000::double precision
                              WHEN 7 THEN 1048576000::double precision
                              WHEN 70 THEN 16777216::double precision
                              WHEN 71 THEN 1024000000::double precision
                              ELSE 256000000::double precision END
             - CASE generator WHEN 6 THEN 768000::double precision
                              WHEN 7 THEN 786432::double precision
                              WHEN 70 THEN 12288::double precision
                              WHEN 71 THEN 768000::double precision
                              ELSE 192000::double precision END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '90638c910e553a06') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_behind(integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: whether a generator''s tick lies more than 0.75 ms behind the clock, when it is lifted (double precision)';
END IF; END $uuid6_update$;

-- The fast path's test: the tick not to lift, and uuid6.node_id unset, empty
-- (as a session reads it after a SET LOCAL or a RESET) or -1, in the session
-- and for the database (whose setting is read once per plan: see
-- uuid6_sql_database_node_id); any other setting takes the slow path, which
-- reads and checks it.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_fast(generator integer, t bigint, seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql VOLATILE PARALLEL SAFE
    RETURN NOT @extschema@.uuid6_sql_behind(generator, t, true::@extschema@.uuid6_sql_seal)
           AND coalesce(nullif(pg_catalog.current_setting('uuid6.node_id', true), ''), '-1') = '-1'
           AND coalesce(nullif(@extschema@.uuid6_sql_database_node_id(true::@extschema@.uuid6_sql_seal), ''), '-1') = '-1';
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '4296d5107d3ea1ad') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_fast(integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: whether a generator''s tick takes the fast path (within 0.75 ms of the clock, no node id)';
END IF; END $uuid6_update$;

-- uuid6.node_id unset, empty or -1, as uuid6_sql_fast reads it: where the
-- fast path's test fails and this holds, the tick lies more than the lift
-- bound behind the clock, and the generator lifts it (uuid6_sql_lifted,
-- 00_sequences.sql) without a call of the slow path (a PL/pgSQL call of its
-- own: while the lift's lock is held by another role, every key comes here).
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_no_node(seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql STABLE PARALLEL SAFE
    RETURN coalesce(nullif(pg_catalog.current_setting('uuid6.node_id', true), ''), '-1') = '-1'
           AND coalesce(nullif(@extschema@.uuid6_sql_database_node_id(true::@extschema@.uuid6_sql_seal), ''), '-1') = '-1';
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '67f842cf1f6bda6b') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_no_node(@extschema@.uuid6_sql_seal) IS
    'uuid6 internal: whether uuid6.node_id is unset, empty or -1, as the generators'' fast path reads it';
END IF; END $uuid6_update$;

-- The slow path of generator 6, 7 or 8 with uuid6.node_id set (or looking
-- set): every key comes here, so no SET clause; its tick is lifted here too
-- when it lies more than the lift bound behind the clock (see
-- 00_sequences.sql).
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_slow(generator integer, t bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE AS $$
DECLARE
  node integer := @extschema@.uuid6_sql_node_id(true::@extschema@.uuid6_sql_seal);
  r bigint := @extschema@.uuid6_sql_random(true::@extschema@.uuid6_sql_seal);
BEGIN
  IF @extschema@.uuid6_sql_behind(generator, t, true::@extschema@.uuid6_sql_seal) THEN
    t := @extschema@.uuid6_sql_lifted(generator, t, true::@extschema@.uuid6_sql_seal);
  END IF;
  RETURN @extschema@.uuid6_sql_key_of(generator, t, node, r, true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'f5518cac7dd6dfed') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_slow(integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: uuid_generate_v6/v7/v8() (generator 6, 7, 8) for a tick to lift or with uuid6.node_id set';
END IF; END $uuid6_update$;

-- v6: clock_seq = the 10-bit counter above 4 random bits; the node random
-- with the multicast bit (RFC 9562 section 6.10).
CREATE OR REPLACE FUNCTION @extschema@.uuid_generate_v6() RETURNS uuid
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE AS $$
DECLARE
  t bigint := @extschema@.uuid6_sql_draw(6, true::@extschema@.uuid6_sql_seal);
BEGIN
  IF @extschema@.uuid6_sql_fast(6, t, true::@extschema@.uuid6_sql_seal) THEN
    RETURN @extschema@.uuid6_sql_key_v6(t, true::@extschema@.uuid6_sql_seal);
  END IF;
  IF @extschema@.uuid6_sql_no_node(true::@extschema@.uuid6_sql_seal) THEN
    t := @extschema@.uuid6_sql_lifted(6, t, true::@extschema@.uuid6_sql_seal);
    RETURN @extschema@.uuid6_sql_key_v6(t, true::@extschema@.uuid6_sql_seal);
  END IF;
  RETURN @extschema@.uuid6_sql_slow(6, t, true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'c7ecf1d0fcc18985') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_generate_v6() IS
    'Next UUIDv6 of the database''s sequence: 100-ns Gregorian timestamp, counting clock_seq, random node';
END IF; END $uuid6_update$;

-- v7: unix_ts_ms | 7 | the Method 3 fraction | 10 | the 8-bit counter |
-- 54 random bits (the top 16 of them the node id when set).
CREATE OR REPLACE FUNCTION @extschema@.uuid_generate_v7() RETURNS uuid
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE AS $$
DECLARE
  t bigint := @extschema@.uuid6_sql_draw(7, true::@extschema@.uuid6_sql_seal);
BEGIN
  IF @extschema@.uuid6_sql_fast(7, t, true::@extschema@.uuid6_sql_seal) THEN
    RETURN @extschema@.uuid6_sql_key_v7(t, true::@extschema@.uuid6_sql_seal);
  END IF;
  IF @extschema@.uuid6_sql_no_node(true::@extschema@.uuid6_sql_seal) THEN
    t := @extschema@.uuid6_sql_lifted(7, t, true::@extschema@.uuid6_sql_seal);
    RETURN @extschema@.uuid6_sql_key_v7(t, true::@extschema@.uuid6_sql_seal);
  END IF;
  RETURN @extschema@.uuid6_sql_slow(7, t, true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '13d532e0ddeec7cc') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_generate_v7() IS
    'Next UUIDv7 of the database''s sequence: Unix ms, sub-ms fraction in rand_a, counter and random rand_b';
END IF; END $uuid6_update$;

-- v8 (uuid6's layout): ts60 = Unix ns >> 4 | 8 | 10 | the 8-bit seq | 54
-- random node bits (the top 16 the node id when set). The random bits are a
-- variable of their own: the spread mark's test reads them more than once.
CREATE OR REPLACE FUNCTION @extschema@.uuid_generate_v8() RETURNS uuid
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE AS $$
DECLARE
  t bigint := @extschema@.uuid6_sql_draw(8, true::@extschema@.uuid6_sql_seal);
  r bigint := @extschema@.uuid6_sql_random(true::@extschema@.uuid6_sql_seal);
BEGIN
  IF @extschema@.uuid6_sql_fast(8, t, true::@extschema@.uuid6_sql_seal) THEN
    RETURN @extschema@.uuid6_sql_key_v8(t, r, true::@extschema@.uuid6_sql_seal);
  END IF;
  IF @extschema@.uuid6_sql_no_node(true::@extschema@.uuid6_sql_seal) THEN
    t := @extschema@.uuid6_sql_lifted(8, t, true::@extschema@.uuid6_sql_seal);
    RETURN @extschema@.uuid6_sql_key_v8(t, r, true::@extschema@.uuid6_sql_seal);
  END IF;
  RETURN @extschema@.uuid6_sql_slow(8, t, true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'c2aebbfd438450ed') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_generate_v8() IS
    'Next UUIDv8 of the database''s sequence in uuid6''s layout: 16-ns Unix timestamp, 8-bit sequence, random node';
END IF; END $uuid6_update$;

-- sql/edition/12_time.sql
-- Instants in and out of the layouts, as the C library's src/core/layout.cpp
-- and src/pg/convert.cpp: encoding a backfill instant rounds up, decoding
-- rounds down (docs/design.md), and an instant outside a layout is refused
-- with the C library's 22008 error.
--
-- How these bodies keep to their own meaning whatever the caller's
-- search_path and whatever other roles created (issue 31):
--   - The work is done by LANGUAGE sql functions with SQL-standard bodies
--     (RETURN ...): PostgreSQL binds their functions, operators and casts
--     when it creates them (at installation, in a schema no other role can
--     create in), and the planner inlines them into the caller's expression,
--     so they cost no call. They are not STRICT, because a STRICT function
--     whose body holds a CASE is never inlined; the public functions in
--     front of them are STRICT, so NULL never reaches them.
--   - The public functions that must be STRICT (as in the C library) are
--     PL/pgSQL functions of one or a few statements, each a call of such a
--     helper qualified with @extschema@. and given arguments of exactly its
--     declared types (a parameter, a variable, a typed constant): nothing in
--     them is looked up in the caller's search_path but that one function,
--     in a schema only the installing role can create in. A STRICT LANGUAGE
--     sql function would not be inlined and would cost several times more.
--   - Errors come from raiser functions (PL/pgSQL with SET search_path =
--     pg_catalog, pg_temp: they run only to raise), given the runtime input
--     so that the planner never folds one into a constant error.
-- The input of a decoder is read from its 16 bytes (uuid_send, get_byte),
-- which costs less than slicing its text.

-- The error for an instant outside a layout. STRICT: a NULL instant (which
-- no public caller passes) stays NULL.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_out_of_range(ts timestamptz, layout text, range text, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF NOT isfinite(ts) THEN
    RAISE EXCEPTION 'infinite timestamp cannot be encoded in a % UUID', layout
      USING ERRCODE = 'datetime_field_overflow';
  END IF;
  RAISE EXCEPTION 'timestamp out of range for a % UUID', layout
    USING ERRCODE = 'datetime_field_overflow',
          DETAIL = format('A %s UUID holds instants from %s.', layout, range);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '5a19405ea3525279') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_out_of_range(timestamptz, text, text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: raises the 22008 error of an instant outside a layout (a raiser: pinned search_path, runs only to raise)';
END IF; END $uuid6_update$;

-- A finite timestamptz as Unix microseconds, exactly: extract(epoch ...) of
-- a timestamp is numeric, and AT TIME ZONE 'UTC' makes the timestamp
-- without involving the session's TimeZone (both IMMUTABLE, so the callers
-- inline). SQL-standard body: bound at installation.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_unix_us_of_instant(ts timestamptz, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN (extract(epoch FROM ts AT TIME ZONE 'UTC') * 1000000)::bigint;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '4955556a5d242963') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_unix_us_of_instant(timestamptz, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a finite timestamptz as Unix microseconds (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

-- Each layout's range, as the C library states it (src/pg/layout_ranges.hpp):
-- an instant inside it as Unix microseconds, any other (infinite included)
-- refused. SQL-standard bodies, inlined.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_v6_us(ts timestamptz, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN ts >= '1582-10-15 00:00:00+00'::timestamptz AND ts <= '5236-03-31 21:21:00.684697+00'::timestamptz
                THEN @extschema@.uuid6_sql_unix_us_of_instant(ts, true::@extschema@.uuid6_sql_seal)
                ELSE @extschema@.uuid6_sql_out_of_range(ts, 'version 6',
                         '1582-10-15 00:00:00 to 5236-03-31 21:21:00.684697 UTC', true::@extschema@.uuid6_sql_seal) END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '6c728fc6977324ee') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_v6_us(timestamptz, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a timestamptz as Unix microseconds inside the version 6 layout''s range (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_v7_us(ts timestamptz, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN ts >= '1970-01-01 00:00:00+00'::timestamptz AND ts <= '10889-08-02 05:31:50.655999+00'::timestamptz
                THEN @extschema@.uuid6_sql_unix_us_of_instant(ts, true::@extschema@.uuid6_sql_seal)
                ELSE @extschema@.uuid6_sql_out_of_range(ts, 'version 7',
                         '1970-01-01 00:00:00 to 10889-08-02 05:31:50.655999 UTC', true::@extschema@.uuid6_sql_seal) END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '3764ec9d5619dd33') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_v7_us(timestamptz, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a timestamptz as Unix microseconds inside the version 7 layout''s range (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_v8_us(ts timestamptz, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN ts >= '1970-01-01 00:00:00+00'::timestamptz AND ts <= '2554-07-21 23:34:33.709551+00'::timestamptz
                THEN @extschema@.uuid6_sql_unix_us_of_instant(ts, true::@extschema@.uuid6_sql_seal)
                ELSE @extschema@.uuid6_sql_out_of_range(ts, 'version 8',
                         '1970-01-01 00:00:00 to 2554-07-21 23:34:33.709551 UTC', true::@extschema@.uuid6_sql_seal) END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '7f3f1b5cfec8b50b') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_v8_us(timestamptz, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a timestamptz as Unix microseconds inside the version 8 layout''s range (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

-- Unix microseconds as a timestamptz, exactly: whole hours and the
-- microseconds within the hour are each exact in the double that interval
-- multiplication uses, and timestamp (without time zone) arithmetic and AT
-- TIME ZONE 'UTC' involve no zone's rules (all IMMUTABLE). SQL-standard
-- body; inlined where its argument is cheap to repeat.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_time(us bigint, seal @extschema@.uuid6_sql_seal) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN (timestamp '1970-01-01 00:00:00' + (us / 3600000000) * interval '1 hour'
            + (us % 3600000000) * interval '1 microsecond') AT TIME ZONE 'UTC';
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '72cb68582eaeef8f') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_time(bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: Unix microseconds as a timestamptz, exactly (SQL-standard body)';
END IF; END $uuid6_update$;

-- A UUID from its high and low 64-bit words. SQL-standard body, inlined.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_uuid(hi bigint, lo bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN pg_catalog.encode(pg_catalog.int8send(hi) || pg_catalog.int8send(lo), 'hex')::uuid;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '00050791414243b6') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_uuid(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the UUID of two 64-bit words, high then low (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

-- Byte i (0-15) of a UUID. SQL-standard body, inlined.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_byte(id uuid, i integer, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN pg_catalog.get_byte(pg_catalog.uuid_send(id), i);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '0b1a2652228049e5') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_byte(uuid, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: octet i of a UUID (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

-- The low word of a backfilled v7 or v8 from 64 random bits r: variant 10,
-- 62 random bits, and with a node id (0..65535) that id in bits 74-89 of the
-- UUID (bits 38-53 of the word). r appears once, so that a volatile
-- argument does not stop the inlining. SQL-standard body, inlined.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_random_lo(r bigint, node integer, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN (r & CASE WHEN node < 0 THEN 4611686018427387903 ELSE 4593671894795812863 END)
           | CASE WHEN node < 0 THEN -9223372036854775808 ELSE -9223372036854775808 | (node::bigint << 38) END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'b54c8c01e279bbfa') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_random_lo(bigint, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the random low word of a backfilled v7 or v8, with the node id when set (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

-- Backfill: a value for the given instant with random low bits, outside the
-- sequences. v6: ts60 to the microsecond, clock_seq and node random, the
-- node's multicast bit set (RFC 9562 section 6.10), the node id in octets
-- 11-12 when set; v7: the fraction rounded up, so that the instant reads
-- back exactly; v8: ts60 rounded up to 16 ns, and never a value that reads
-- as a spread key (the C library's WithoutSpreadMark in src/core/spread.cpp:
-- bit 123 flipped in the rare value whose random bits carry the mark).
--
-- The layouts are SQL-standard helpers of the instant's microseconds us, 64
-- random bits r and the node id (-1: none). Each generator is a LANGUAGE sql
-- function whose body PostgreSQL inlines into the caller's query (bound at
-- installation): the random bits, then one call of a STABLE PL/pgSQL
-- function that checks the instant, reads the node id and lays the value
-- out. A VOLATILE PL/pgSQL function could not run in a parallel query that
-- writes (CREATE TABLE AS, with a parallel plan): PL/pgSQL advances the
-- command counter before each statement of a VOLATILE function, which a
-- parallel operation forbids.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_v6_hi(us bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN (((us * 10 + 122192928000000000) >> 12) << 16) | 24576 | ((us * 10 + 122192928000000000) & 4095);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '39d350c299d4a140') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_v6_hi(bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the high word of a v6 for Unix microseconds (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_v6_at(us bigint, r bigint, node integer, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_uuid(@extschema@.uuid6_sql_v6_hi(us, true::@extschema@.uuid6_sql_seal),
        (r & CASE WHEN node < 0 THEN 4611686018427387903 ELSE 4611684918932537343 END)
        | CASE WHEN node < 0 THEN -9223370937343148032 ELSE -9223370937343148032 | (node::bigint << 24) END, true::@extschema@.uuid6_sql_seal);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'd6688e78c27dc2f7') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_v6_at(bigint, bigint, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the v6 of a backfill instant (Unix microseconds) with random bits r and node id (-1: none) (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_v7_at(us bigint, r bigint, node integer, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_uuid(((us / 1000) << 16) | 28672 | (((us % 1000) * 4096 + 999) / 1000),
                                      @extschema@.uuid6_sql_random_lo(r, node, true::@extschema@.uuid6_sql_seal), true::@extschema@.uuid6_sql_seal);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'c2a61e3a6ca0c077') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_v7_at(bigint, bigint, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the v7 of a backfill instant (Unix microseconds) with random bits r and node id (-1: none) (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

-- The high word h and low word l of a v8 of uuid6's own layout read as a
-- spread key (src/core/spread.cpp, ReadSpread) when l carries the 26-bit
-- mark at bits 4-29, a bucket-bit count k from 1 to 8 in its last 4 bits,
-- and h has zero bucket bits below the bucket (the top byte's low 8 - k
-- bits). Then bit 4 of l (bit 123 of the UUID) is flipped.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_without_spread_mark(h bigint, l bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN ((l >> 4) & 67108863) = 49391043 AND (l & 15) BETWEEN 1 AND 8
                     AND ((h >> 56) & ((1 << (8 - (l & 15)::integer)) - 1)) = 0
                THEN l # 16 ELSE l END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '38724c45e5208e8d') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_without_spread_mark(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the low word of a v8 of uuid6''s layout, with bit 123 flipped where the UUID would read as a spread key (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_v8_hi(us bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ((((us * 125 + 1) >> 1) >> 12) << 16) | 32768 | (((us * 125 + 1) >> 1) & 4095);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '5db877cc00cebc03') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_v8_hi(bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the high word of a v8 of uuid6''s layout for Unix microseconds, ts60 rounded up to 16 ns (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

-- lo: the random low word (uuid6_sql_random_lo), a parameter because the
-- mark test reads it several times.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_v8_at(us bigint, lo bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_uuid(@extschema@.uuid6_sql_v8_hi(us, true::@extschema@.uuid6_sql_seal),
        @extschema@.uuid6_sql_without_spread_mark(@extschema@.uuid6_sql_v8_hi(us, true::@extschema@.uuid6_sql_seal), lo, true::@extschema@.uuid6_sql_seal), true::@extschema@.uuid6_sql_seal);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '31ac3c5e9c2883db') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_v8_at(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the v8 (uuid6 layout) of a backfill instant (Unix microseconds) with the low word lo, never reading as a spread key (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

-- The instant, the node id and the random bits r as the value: STABLE (the
-- node id is a setting), so PL/pgSQL does not advance the command counter.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_v6_of(ts timestamptz, r bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE AS $$
-- Qualified calls with exact argument types only (see the top of the file).
DECLARE
  us bigint := @extschema@.uuid6_sql_v6_us(ts, true::@extschema@.uuid6_sql_seal);
  node integer := @extschema@.uuid6_sql_node_id_value(true::@extschema@.uuid6_sql_seal);
BEGIN
  RETURN @extschema@.uuid6_sql_v6_at(us, r, node, true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '117dc0e0c8ea6bda') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_v6_of(timestamptz, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: uuid_generate_v6(timestamptz) with the random bits r (PL/pgSQL of qualified calls)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_v7_of(ts timestamptz, r bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE AS $$
-- Qualified calls with exact argument types only (see the top of the file).
DECLARE
  us bigint := @extschema@.uuid6_sql_v7_us(ts, true::@extschema@.uuid6_sql_seal);
  node integer := @extschema@.uuid6_sql_node_id_value(true::@extschema@.uuid6_sql_seal);
BEGIN
  RETURN @extschema@.uuid6_sql_v7_at(us, r, node, true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '228f96ea680a16e9') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_v7_of(timestamptz, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: uuid_generate_v7(timestamptz) with the random bits r (PL/pgSQL of qualified calls)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_v8_of(ts timestamptz, r bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE AS $$
-- Qualified calls with exact argument types only (see the top of the file).
DECLARE
  us bigint := @extschema@.uuid6_sql_v8_us(ts, true::@extschema@.uuid6_sql_seal);
  node integer := @extschema@.uuid6_sql_node_id_value(true::@extschema@.uuid6_sql_seal);
  lo bigint := @extschema@.uuid6_sql_random_lo(r, node, true::@extschema@.uuid6_sql_seal);
BEGIN
  RETURN @extschema@.uuid6_sql_v8_at(us, lo, true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'a6825e14043aa215') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_v8_of(timestamptz, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: uuid_generate_v8(timestamptz) with the random bits r (PL/pgSQL of qualified calls)';
END IF; END $uuid6_update$;

-- 64 random bits: a hash of the 122 random bits of a version 4 UUID.
CREATE OR REPLACE FUNCTION @extschema@.uuid_generate_v6("at" timestamptz) RETURNS uuid
    LANGUAGE sql VOLATILE STRICT PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_v6_of("at", pg_catalog.uuid_hash_extended(pg_catalog.gen_random_uuid(), 0::bigint), true::@extschema@.uuid6_sql_seal);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '9712d778949d0b45') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_generate_v6(timestamptz) IS
    'A UUIDv6 for the given instant with random clock_seq and node, outside the sequence (for backfilling keys)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid_generate_v7("at" timestamptz) RETURNS uuid
    LANGUAGE sql VOLATILE STRICT PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_v7_of("at", pg_catalog.uuid_hash_extended(pg_catalog.gen_random_uuid(), 0::bigint), true::@extschema@.uuid6_sql_seal);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '98132a3b5906fa5f') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_generate_v7(timestamptz) IS
    'A UUIDv7 for the given instant (to the microsecond) with random rand_b, outside the sequence (for backfilling keys)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid_generate_v8("at" timestamptz) RETURNS uuid
    LANGUAGE sql VOLATILE STRICT PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_v8_of("at", pg_catalog.uuid_hash_extended(pg_catalog.gen_random_uuid(), 0::bigint), true::@extschema@.uuid6_sql_seal);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'e8b1cd9722fd2a25') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_generate_v8(timestamptz) IS
    'A UUIDv8 (uuid6 layout) for the given instant with random sequence and node, outside the sequence (for backfilling keys)';
END IF; END $uuid6_update$;

-- RFC 9562 section 5.8 with caller-supplied bits: the first 16 bytes with
-- version 8 and variant 10; fewer is an error.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_short_custom(custom bytea, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  RAISE EXCEPTION 'uuid_generate_v8 needs at least 16 bytes, got %', length(custom)
    USING ERRCODE = 'invalid_parameter_value',
          HINT = 'Pass the 128 bits to use, for example sha256(namespace || name).';
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '38c80ea360689f94') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_short_custom(bytea, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: raises the 22023 error of uuid_generate_v8 given fewer than 16 bytes (a raiser: pinned search_path)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_v8_custom(custom bytea, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN pg_catalog.octet_length(custom) >= 16
                THEN pg_catalog.encode(pg_catalog.set_byte(pg_catalog.set_byte(pg_catalog.substr(custom, 1, 16), 6, (pg_catalog.get_byte(custom, 6) & 15) | 128),
                                     8, (pg_catalog.get_byte(custom, 8) & 63) | 128), 'hex')::uuid
                ELSE @extschema@.uuid6_sql_short_custom(custom, true::@extschema@.uuid6_sql_seal) END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'f9bc2f1e45efaa67') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_v8_custom(bytea, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: uuid_generate_v8(bytea) (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid_generate_v8(custom bytea) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- One qualified call with its exact argument type (see the top of the file).
BEGIN
  RETURN @extschema@.uuid6_sql_v8_custom(custom, true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'a3e46fc1047a5623') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_generate_v8(bytea) IS
    'A UUIDv8 from the first 16 of the given bytes with version and variant set (RFC 9562 section 5.8, Appendix B.2)';
END IF; END $uuid6_update$;

-- A spread key (uuid_generate_v8_spread; the layout in src/core/spread.hpp),
-- from the text of a version 8 UUID of the RFC 9562 variant: the 26-bit mark
-- in bits 98-123 (hex digits 29-35: 'f1a5c3' after a digit whose low two
-- bits are 10), k = log2 of the bucket count from 1 to 8 in the last digit,
-- and the 8 - k bits below the bucket in the first byte zero. Not STRICT, so
-- that the planner inlines it where it is used (its AND is not strict) and it
-- costs no call; its callers are STRICT. SQL-standard body.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_is_spread(t text, seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN pg_catalog.substr(t, 30, 6) = 'f1a5c3' AND pg_catalog.substr(t, 29, 1) IN ('2', '6', 'a', 'e')
           AND pg_catalog.substr(t, 36, 1) IN ('1', '2', '3', '4', '5', '6', '7', '8')
           AND (('x' || pg_catalog.substr(t, 1, 2))::bit(8)::integer & ((1 << (8 - pg_catalog.substr(t, 36, 1)::integer)) - 1)) = 0;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '71eaf19dd604f2b1') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_is_spread(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: whether the text of a version 8 UUID of the RFC 9562 variant is a spread key (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

-- The same test on the UUID's bytes (octets 12-15 hold the mark and k).
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_spread(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN (pg_catalog.get_byte(pg_catalog.uuid_send(id), 12) & 63) = 47 AND pg_catalog.get_byte(pg_catalog.uuid_send(id), 13) = 26
           AND pg_catalog.get_byte(pg_catalog.uuid_send(id), 14) = 92 AND (pg_catalog.get_byte(pg_catalog.uuid_send(id), 15) >> 4) = 3
           AND (pg_catalog.get_byte(pg_catalog.uuid_send(id), 15) & 15) BETWEEN 1 AND 8
           AND (pg_catalog.get_byte(pg_catalog.uuid_send(id), 0) & ((1 << (8 - (pg_catalog.get_byte(pg_catalog.uuid_send(id), 15) & 15))) - 1)) = 0;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'e6dd7878d04e0ae4') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_spread(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: whether a version 8 UUID of the RFC 9562 variant is a spread key, read from its bytes (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

-- The version of an RFC 9562 UUID, -1 under another variant.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_version(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN (pg_catalog.get_byte(pg_catalog.uuid_send(id), 8) & 192) = 128 THEN pg_catalog.get_byte(pg_catalog.uuid_send(id), 6) >> 4 ELSE -1 END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'd329e3db86d3dd95') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_version(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the version of a UUID of the RFC 9562 variant, -1 for another variant (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

-- The 60-bit timestamp of a v6 or v8 (time_high, time_mid, time_low: octets
-- 0-5 and the low 12 bits of octets 6-7) and of a v1 (time_low, time_mid,
-- time_hi in that order).
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_ts60(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN (pg_catalog.get_byte(pg_catalog.uuid_send(id), 0)::bigint << 52) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 1)::bigint << 44)
           | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 2)::bigint << 36) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 3)::bigint << 28)
           | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 4)::bigint << 20) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 5)::bigint << 12)
           | ((pg_catalog.get_byte(pg_catalog.uuid_send(id), 6) & 15) << 8) | pg_catalog.get_byte(pg_catalog.uuid_send(id), 7);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '3f3a17a93a985567') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_ts60(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the 60-bit timestamp of a v6 or v8 (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_ts60_v1(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ((pg_catalog.get_byte(pg_catalog.uuid_send(id), 6) & 15)::bigint << 56) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 7)::bigint << 48)
           | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 4)::bigint << 40) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 5)::bigint << 32)
           | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 0)::bigint << 24) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 1) << 16)
           | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 2) << 8) | pg_catalog.get_byte(pg_catalog.uuid_send(id), 3);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '2f9e284bbc2ce905') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_ts60_v1(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the 60-bit timestamp of a v1 (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

-- The Unix milliseconds of a v7 (octets 0-5) and of a spread key (octet 1
-- to the top of octet 7, around the version nibble), each in two 24-bit
-- halves: (high << 24) + low. Halves, because a half times a millisecond
-- interval stays exact in interval multiplication's double.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_ms_high(id uuid, spread boolean, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN spread
                THEN (pg_catalog.get_byte(pg_catalog.uuid_send(id), 1) << 16) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 2) << 8) | pg_catalog.get_byte(pg_catalog.uuid_send(id), 3)
                ELSE (pg_catalog.get_byte(pg_catalog.uuid_send(id), 0) << 16) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 1) << 8) | pg_catalog.get_byte(pg_catalog.uuid_send(id), 2) END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'cf6fbdb8cdd5f46a') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_ms_high(uuid, boolean, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the top 24 bits of the Unix milliseconds of a v7 or a spread key (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_ms_low(id uuid, spread boolean, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN spread
                THEN (pg_catalog.get_byte(pg_catalog.uuid_send(id), 4) << 16) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 5) << 8)
                     | ((pg_catalog.get_byte(pg_catalog.uuid_send(id), 6) & 15) << 4) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 7) >> 4)
                ELSE (pg_catalog.get_byte(pg_catalog.uuid_send(id), 3) << 16) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 4) << 8) | pg_catalog.get_byte(pg_catalog.uuid_send(id), 5) END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '1b130e3da25c0644') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_ms_low(uuid, boolean, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the low 24 bits of the Unix milliseconds of a v7 or a spread key (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

-- The Method 3 fraction (12 bits) of a v7 (rand_a) or of a spread key (the
-- low 4 bits of octet 7, then 8 bits after the variant), as microseconds
-- rounded down.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_fraction_us(id uuid, spread boolean, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN (CASE WHEN spread
                 THEN ((pg_catalog.get_byte(pg_catalog.uuid_send(id), 7) & 15) << 8) | ((pg_catalog.get_byte(pg_catalog.uuid_send(id), 8) & 63) << 2)
                      | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 9) >> 6)
                 ELSE ((pg_catalog.get_byte(pg_catalog.uuid_send(id), 6) & 15) << 8) | pg_catalog.get_byte(pg_catalog.uuid_send(id), 7) END * 1000) >> 12;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'd0118b6687c12b0b') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_fraction_us(uuid, boolean, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the sub-millisecond fraction of a v7 or a spread key in microseconds, rounded down (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

-- The Unix microseconds, rounded down, that a v1, v6, v7 or v8 UUID stands
-- for (a spread key as the v7 it carries; with sub_ms a v7 also reads the
-- fraction); NULL for other versions and variants. v1 and v6: 100-ns ticks
-- since 1582 (never negative, so / rounds down); v8: 16-ns ticks since 1970.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_unix_us_of(id uuid, sub_ms boolean, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal)
      WHEN 7 THEN ((@extschema@.uuid6_sql_ms_high(id, false, true::@extschema@.uuid6_sql_seal)::bigint << 24)
                   | @extschema@.uuid6_sql_ms_low(id, false, true::@extschema@.uuid6_sql_seal)) * 1000
                  + CASE WHEN sub_ms THEN @extschema@.uuid6_sql_fraction_us(id, false, true::@extschema@.uuid6_sql_seal) ELSE 0 END
      WHEN 6 THEN @extschema@.uuid6_sql_ts60(id, true::@extschema@.uuid6_sql_seal) / 10 - 12219292800000000
      WHEN 1 THEN @extschema@.uuid6_sql_ts60_v1(id, true::@extschema@.uuid6_sql_seal) / 10 - 12219292800000000
      WHEN 8 THEN CASE WHEN @extschema@.uuid6_sql_spread(id, true::@extschema@.uuid6_sql_seal)
                       THEN ((@extschema@.uuid6_sql_ms_high(id, true, true::@extschema@.uuid6_sql_seal)::bigint << 24)
                             | @extschema@.uuid6_sql_ms_low(id, true, true::@extschema@.uuid6_sql_seal)) * 1000
                            + CASE WHEN sub_ms THEN @extschema@.uuid6_sql_fraction_us(id, true, true::@extschema@.uuid6_sql_seal) ELSE 0 END
                       ELSE @extschema@.uuid6_sql_ts60(id, true::@extschema@.uuid6_sql_seal) * 2 / 125 END END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '226221e0673f52b8') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_unix_us_of(uuid, boolean, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the Unix microseconds, rounded down, that a v1, v6, v7 or v8 UUID (a spread key as the v7 it carries) stands for; NULL for other versions and variants (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

-- Reading the time, as uuid6_sql_unix_us_of but straight into a timestamp
-- (without time zone, whose arithmetic is IMMUTABLE) in parts that each stay
-- exact: whole hours and microseconds (v1, v6 from 1582, v8), or the two
-- halves of the milliseconds (v7, spread keys), then AT TIME ZONE 'UTC'.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_extract_time(id uuid, sub_ms boolean, seal @extschema@.uuid6_sql_seal) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal)
      WHEN 7 THEN (timestamp '1970-01-01 00:00:00'
                   + @extschema@.uuid6_sql_ms_high(id, false, true::@extschema@.uuid6_sql_seal) * interval '16777216 milliseconds'
                   + @extschema@.uuid6_sql_ms_low(id, false, true::@extschema@.uuid6_sql_seal) * interval '1 millisecond'
                   + CASE WHEN sub_ms THEN @extschema@.uuid6_sql_fraction_us(id, false, true::@extschema@.uuid6_sql_seal) ELSE 0 END
                     * interval '1 microsecond') AT TIME ZONE 'UTC'
      WHEN 6 THEN (timestamp '1582-10-15 00:00:00'
                   + (@extschema@.uuid6_sql_ts60(id, true::@extschema@.uuid6_sql_seal) / 36000000000) * interval '1 hour'
                   + ((@extschema@.uuid6_sql_ts60(id, true::@extschema@.uuid6_sql_seal) % 36000000000) / 10) * interval '1 microsecond') AT TIME ZONE 'UTC'
      WHEN 1 THEN (timestamp '1582-10-15 00:00:00'
                   + (@extschema@.uuid6_sql_ts60_v1(id, true::@extschema@.uuid6_sql_seal) / 36000000000) * interval '1 hour'
                   + ((@extschema@.uuid6_sql_ts60_v1(id, true::@extschema@.uuid6_sql_seal) % 36000000000) / 10) * interval '1 microsecond') AT TIME ZONE 'UTC'
      WHEN 8 THEN CASE WHEN @extschema@.uuid6_sql_spread(id, true::@extschema@.uuid6_sql_seal)
                       THEN (timestamp '1970-01-01 00:00:00'
                             + @extschema@.uuid6_sql_ms_high(id, true, true::@extschema@.uuid6_sql_seal) * interval '16777216 milliseconds'
                             + @extschema@.uuid6_sql_ms_low(id, true, true::@extschema@.uuid6_sql_seal) * interval '1 millisecond'
                             + CASE WHEN sub_ms THEN @extschema@.uuid6_sql_fraction_us(id, true, true::@extschema@.uuid6_sql_seal) ELSE 0 END
                               * interval '1 microsecond') AT TIME ZONE 'UTC'
                       ELSE (timestamp '1970-01-01 00:00:00'
                             + (@extschema@.uuid6_sql_ts60(id, true::@extschema@.uuid6_sql_seal) / 225000000000) * interval '1 hour'
                             + ((@extschema@.uuid6_sql_ts60(id, true::@extschema@.uuid6_sql_seal) * 2 / 125) % 3600000000) * interval '1 microsecond')
                            AT TIME ZONE 'UTC' END END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '19ba6b8c704b7875') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_extract_time(uuid, boolean, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: uuid_extract_time (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

-- The two readers: one PL/pgSQL call each, of one qualified helper, so that
-- they are STRICT as in the C library, and an index on uuid_extract_time(id)
-- and its plans read as they do with the C library.
CREATE OR REPLACE FUNCTION @extschema@.uuid_extract_time(uuid) RETURNS timestamptz
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- One qualified call with exact argument types (see the top of the file).
BEGIN
  RETURN @extschema@.uuid6_sql_extract_time($1, false, true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '2ea6d3f387c25f22') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_extract_time(uuid) IS
    'Creation time of a v1 or v6 (to the microsecond), v7 (to the millisecond) or v8 read by uuid6''s own layout (meaningless for other generators'' v8); NULL for other versions and variants';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid_extract_time(uuid, sub_ms boolean) RETURNS timestamptz
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- One qualified call with exact argument types (see the top of the file).
BEGIN
  RETURN @extschema@.uuid6_sql_extract_time($1, sub_ms, true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'fb1c9d0940b10a2e') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_extract_time(uuid, boolean) IS
    'As uuid_extract_time(uuid); with sub_ms true a v7 also reads rand_a as the RFC 9562 Method 3 sub-millisecond fraction, rounded down to the microsecond';
END IF; END $uuid6_update$;

-- Range floors: the smallest UUID of the version at the instant.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_v7_floor(ts timestamptz, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_uuid(((@extschema@.uuid6_sql_v7_us(ts, true::@extschema@.uuid6_sql_seal) / 1000) << 16) | 28672,
                                      -9223372036854775808, true::@extschema@.uuid6_sql_seal);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '23edafd99bd8b6f2') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_v7_floor(timestamptz, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: uuid_v7_floor (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid_v7_floor(timestamptz) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- One qualified call with exact argument types (see the top of the file).
BEGIN
  RETURN @extschema@.uuid6_sql_v7_floor($1, true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '0658011928f3d747') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_v7_floor(timestamptz) IS
    'The smallest UUIDv7 of the given instant''s millisecond: id >= uuid_v7_floor(a) AND id < uuid_v7_floor(b) selects keys made in [a, b)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_v6_floor(us bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_uuid(@extschema@.uuid6_sql_v6_hi(us, true::@extschema@.uuid6_sql_seal), -9223372036854775808, true::@extschema@.uuid6_sql_seal);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'dee08fd031f6e207') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_v6_floor(bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the smallest v6 of an instant in Unix microseconds (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid_v6_floor(timestamptz) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- Qualified calls with exact argument types only (see the top of the file).
DECLARE
  us bigint := @extschema@.uuid6_sql_v6_us($1, true::@extschema@.uuid6_sql_seal);
BEGIN
  RETURN @extschema@.uuid6_sql_v6_floor(us, true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'fd4bc05bf119aa84') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_v6_floor(timestamptz) IS
    'The smallest UUIDv6 of the given instant (100-ns precision): id >= uuid_v6_floor(a) AND id < uuid_v6_floor(b) selects keys made in [a, b)';
END IF; END $uuid6_update$;

-- The floor of uuid6's own v8 layout: the tick of the instant rounded up, as
-- a backfilled v8's (uuid6_sql_v8_hi), with the low word zero but for the
-- variant, so that it reads back as the instant.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_v8_floor(us bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_uuid(@extschema@.uuid6_sql_v8_hi(us, true::@extschema@.uuid6_sql_seal), -9223372036854775808, true::@extschema@.uuid6_sql_seal);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'b99de4cca376da68') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_v8_floor(bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the smallest v8 of uuid6''s layout of an instant in Unix microseconds (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid_v8_floor(timestamptz) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- Qualified calls with exact argument types only (see the top of the file).
DECLARE
  us bigint := @extschema@.uuid6_sql_v8_us($1, true::@extschema@.uuid6_sql_seal);
BEGIN
  RETURN @extschema@.uuid6_sql_v8_floor(us, true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '119f5b7681c0c7d7') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_v8_floor(timestamptz) IS
    'The smallest UUIDv8 of uuid6''s layout for the given instant (to the microsecond): id >= uuid_v8_floor(a) AND id < uuid_v8_floor(b) selects the v8 keys uuid6 made in [a, b) (spread keys are not in that order)';
END IF; END $uuid6_update$;

-- pg_partman's time decoder: it calls the decoder with a partition's bound
-- as text. The text is cast to uuid (the type's own input function: the
-- same 22P02 for text that is not a UUID), then read as uuid_extract_time(uuid)
-- reads it. An untyped literal, uuid_extract_time('0190...'), resolves to
-- this form and means the same.
CREATE OR REPLACE FUNCTION @extschema@.uuid_extract_time(text) RETURNS timestamptz
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- One qualified call with an argument of exactly its type (see the top of the file).
BEGIN
  RETURN @extschema@.uuid6_sql_extract_time(CAST($1 AS pg_catalog.uuid), false, true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'ef23d24524c95f17') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_extract_time(text) IS
    'uuid_extract_time(uuid) of a UUID given as text (pg_partman''s time decoder calls it so); 22P02 for text that is not a UUID';
END IF; END $uuid6_update$;

-- sql/edition/16_draft_v7.sql
-- The draft-era UUIDv7 (docs/design.md), as src/core/draft_v7.cpp: 36-bit
-- Unix seconds, then 86 sub-second bits, most significant first: a binary
-- fraction of the second, the sequence, random bits. Each precision draws
-- from a sequence of its own (00_sequences.sql), as uuid_generate_v7() does
-- (10_generators.sql): the read-only check and the first draw's WAL record,
-- a lift when the tick lags, the lagging keys counted with version 7's.
--
-- Security as in 10_generators.sql: the PL/pgSQL bodies call only
-- @extschema@ functions with arguments of exactly their types; the layouts
-- are SQL-standard bodies, bound when created.

-- The C library's error for a precision it does not know. (A raiser: it
-- takes the caller's input, so the planner never folds it in early.)
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_draft_unknown("precision" text, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  RAISE EXCEPTION 'unknown precision "%" for a draft version 7 UUID', "precision"
    USING ERRCODE = 'invalid_parameter_value', HINT = 'Use ''ms'', ''us'' or ''ns''.';
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '6f40ac421e45f613') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_draft_unknown(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the 22023 error of an unknown draft v7 precision';
END IF; END $uuid6_update$;

-- The generator of a precision: 70, 71, 72 for 'ms', 'us', 'ns', compared
-- byte for byte as the C library does (under the call's collation a
-- case-insensitive one would take 'MS' for 'ms').
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_draft_generator("precision" text, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE "precision" COLLATE pg_catalog."C"
      WHEN 'ms' THEN 70 WHEN 'us' THEN 71 WHEN 'ns' THEN 72
      ELSE @extschema@.uuid6_sql_draft_unknown("precision", true::@extschema@.uuid6_sql_seal) END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '63ca05b5d23573e2') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_draft_generator(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the generator of a draft v7 precision (70, 71, 72 for ms, us, ns)';
END IF; END $uuid6_update$;

-- The key of a draft generator's tick t and 64 random bits r, as two words
-- (one function per precision: each reads r once, so that a call with fresh
-- random bits is still inlined).
--   ms: seconds, the 12-bit fraction and the 12-bit seq are the tick's own
--       fields; 62 random bits after the variant.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_draft_key_ms(t bigint, r bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_key(
      ((t >> 24) << 28) | (((t >> 12) & 4095) << 16) | 28672 | (t & 4095),
      (-9223372036854775807 - 1) | (r & 4611686018427387903), true::@extschema@.uuid6_sql_seal);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'b27ec29ea329575f') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_draft_key_ms(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a draft v7 at ms precision of a tick of its sequence and 64 random bits';
END IF; END $uuid6_update$;

--   us: 24 fraction bits rounded up from the microsecond; the 14-bit seq is
--       the 10-bit counter above 4 random bits; 48 random bits.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_draft_key_us(t bigint, r bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_key(
      (((t >> 10) / 1000000) << 28)
        | ((((((t >> 10) % 1000000) * 16777216 + 999999) / 1000000) >> 12) << 16) | 28672
        | (((((t >> 10) % 1000000) * 16777216 + 999999) / 1000000) & 4095),
      (-9223372036854775807 - 1) | ((t & 1023) << 52) | (r & 4503599627370495), true::@extschema@.uuid6_sql_seal);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '2ac63dd99465684e') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_draft_key_us(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a draft v7 at us precision of a tick of its sequence and 64 random bits';
END IF; END $uuid6_update$;

--   ns: 38 fraction bits rounded up from the instant (whole microseconds
--       here), the 8-bit seq, 40 random bits.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_draft_key_ns(t bigint, r bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_key(
      (((t >> 8) / 1000000) << 28)
        | ((((((t >> 8) % 1000000) * 274877906944 + 999999) / 1000000) >> 26) << 16) | 28672
        | ((((((t >> 8) % 1000000) * 274877906944 + 999999) / 1000000) >> 14) & 4095),
      (-9223372036854775807 - 1)
        | ((((((t >> 8) % 1000000) * 274877906944 + 999999) / 1000000) & 16383) << 48)
        | ((t & 255) << 40) | (r & 1099511627775), true::@extschema@.uuid6_sql_seal);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'a4785e1c0261da3d') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_draft_key_ns(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a draft v7 at ns precision of a tick of its sequence and 64 random bits';
END IF; END $uuid6_update$;

-- Whether a generator number is the one given (the PL/pgSQL body below
-- compares through this rather than with an operator of its own).
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_draft_is(generator integer, wanted integer, seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN generator = wanted;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '5abfc928bdb6adab') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_draft_is(integer, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: whether a draft generator number is the one given';
END IF; END $uuid6_update$;

-- One branch per precision, each with its generator as a constant, so that
-- the helpers' CASEs fold away and a transaction prepares only the branch
-- it takes.
CREATE OR REPLACE FUNCTION @extschema@.uuid_generate_v7_draft("precision" text DEFAULT 'us') RETURNS uuid
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE AS $$
DECLARE
  generator integer := @extschema@.uuid6_sql_draft_generator("precision", true::@extschema@.uuid6_sql_seal);
  t bigint;
BEGIN
  IF @extschema@.uuid6_sql_draft_is(generator, 71, true::@extschema@.uuid6_sql_seal) THEN
    t := @extschema@.uuid6_sql_draw(71, true::@extschema@.uuid6_sql_seal);
    IF @extschema@.uuid6_sql_behind(71, t, true::@extschema@.uuid6_sql_seal) THEN
      t := @extschema@.uuid6_sql_lifted(71, t, true::@extschema@.uuid6_sql_seal);
    END IF;
    RETURN @extschema@.uuid6_sql_draft_key_us(t, @extschema@.uuid6_sql_random(true::@extschema@.uuid6_sql_seal), true::@extschema@.uuid6_sql_seal);
  ELSIF @extschema@.uuid6_sql_draft_is(generator, 70, true::@extschema@.uuid6_sql_seal) THEN
    t := @extschema@.uuid6_sql_draw(70, true::@extschema@.uuid6_sql_seal);
    IF @extschema@.uuid6_sql_behind(70, t, true::@extschema@.uuid6_sql_seal) THEN
      t := @extschema@.uuid6_sql_lifted(70, t, true::@extschema@.uuid6_sql_seal);
    END IF;
    RETURN @extschema@.uuid6_sql_draft_key_ms(t, @extschema@.uuid6_sql_random(true::@extschema@.uuid6_sql_seal), true::@extschema@.uuid6_sql_seal);
  END IF;
  t := @extschema@.uuid6_sql_draw(72, true::@extschema@.uuid6_sql_seal);
  IF @extschema@.uuid6_sql_behind(72, t, true::@extschema@.uuid6_sql_seal) THEN
    t := @extschema@.uuid6_sql_lifted(72, t, true::@extschema@.uuid6_sql_seal);
  END IF;
  RETURN @extschema@.uuid6_sql_draft_key_ns(t, @extschema@.uuid6_sql_random(true::@extschema@.uuid6_sql_seal), true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '1707a4a9f7619666') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_generate_v7_draft(text) IS
    'Next UUIDv7 in the pre-RFC draft layout (36-bit Unix seconds, binary fraction) at precision ''ms'', ''us'' or ''ns'', from a database-wide sequence per precision; not RFC 9562 v7';
END IF; END $uuid6_update$;

-- A UUID's high or low 64-bit word (n = 0 or 1).
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_draft_word(id uuid, n integer, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ('x' || pg_catalog.encode(pg_catalog.substr(pg_catalog.uuid_send(id), 8 * n + 1, 8), 'hex'))::bit(64)::bigint;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '9529a6d496092806') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_draft_word(uuid, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the high (0) or low (1) 64-bit word of a UUID';
END IF; END $uuid6_update$;

-- Precision-blind: the first 64 sub-second bits as a binary fraction of the
-- second (the remaining 22 weigh less than 2^-64 s), truncated to the
-- microsecond. With x the top 40 of those bits (subsec_a, subsec_b, then
-- the 16 bits after the variant) and l the 24 below them,
-- floor((x * 2^24 + l) * 10^6 / 2^64) = (x * 10^6 + (l * 10^6 >> 24)) >> 40,
-- all in bigint; NULL unless version 7 of the RFC variant.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_draft_time(hi bigint, lo bigint, seal @extschema@.uuid6_sql_seal) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN ((hi >> 12) & 15) = 7 AND ((lo >> 62) & 3) = 2 THEN
      @extschema@.uuid6_sql_time(((hi >> 28) & 68719476735) * 1000000
        + ((((((hi >> 16) & 4095) << 28) | ((hi & 4095) << 16) | ((lo >> 46) & 65535)) * 1000000
            + ((((lo >> 22) & 16777215) * 1000000) >> 24)) >> 40), true::@extschema@.uuid6_sql_seal) END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'bb5294b34222603f') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_draft_time(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the creation time of a draft v7 from its two words, NULL for other versions';
END IF; END $uuid6_update$;

-- A per-row decoder (it may back an index): no SET clause; its words are
-- taken once each.
CREATE OR REPLACE FUNCTION @extschema@.uuid_extract_time_draft(uuid) RETURNS timestamptz
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  hi bigint := @extschema@.uuid6_sql_draft_word($1, 0, true::@extschema@.uuid6_sql_seal);
  lo bigint := @extschema@.uuid6_sql_draft_word($1, 1, true::@extschema@.uuid6_sql_seal);
BEGIN
  RETURN @extschema@.uuid6_sql_draft_time(hi, lo, true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '53094117200f73cf') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_extract_time_draft(uuid) IS
    'Creation time of a v7 in the pre-RFC draft layout, read precision-blind as 36-bit seconds plus a binary fraction, truncated to the microsecond; NULL for other versions';
END IF; END $uuid6_update$;

-- sql/edition/20_operations.sql
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
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_tick_of_v6(ts bigint, c bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN ts < 0 THEN -1
                WHEN ((ts + 9) / 10) * 10 = ts THEN (((ts + 9) / 10) << 10) | c
                ELSE (((ts + 9) / 10) << 10) - 1 END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '753c76185106d809') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_tick_of_v6(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the v6 tick above which every tick makes a greater UUID than a v6 of 100-ns time ts and clock_seq counter c';
END IF; END $uuid6_update$;

-- v8: 16-ns ticks (ts60); ours are whole microseconds, ts60 = us * 62.5
-- rounded down, above the seq (s).
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_tick_of_v8(ts bigint, s bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN (((ts * 2 + 124) / 125) * 125) >> 1 = ts THEN (((ts * 2 + 124) / 125) << 8) | s
                ELSE (((ts * 2 + 124) / 125) << 8) - 1 END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '5e67aa84393a3db3') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_tick_of_v8(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the v8 tick above which every tick makes a greater UUID than a v8 of ts60 ts and seq s';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_tick_of(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS bigint
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
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'c56fb5d1de0df472') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_tick_of(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the tick of a v6, v7 or v8 sequence (a spread key: of the v7 sequence) above which every tick makes a greater UUID than the given one';
END IF; END $uuid6_update$;

-- uuid6_advance's step, run under the lift's lock: in one expression, the
-- sequence's last value read and, only if it lies below the target, the
-- sequence set to the target or, if more, to the lag bound above that last
-- value (the lift's margin against draws in between, 00_sequences.sql).
-- Returns the value set, or the target where the sequence already lay at or
-- above it (so NULL only for a NULL argument or an unknown generator,
-- whatever the sequence holds). Only the sequence's owner can set it.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_advance_set(generator integer, target bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    RETURN CASE WHEN coalesce(pg_catalog.pg_sequence_last_value(@extschema@.uuid6_sql_sequence(generator, true::@extschema@.uuid6_sql_seal)), -1) < target
                THEN pg_catalog.setval(@extschema@.uuid6_sql_sequence(generator, true::@extschema@.uuid6_sql_seal),
                       greatest(target,
                                coalesce(pg_catalog.pg_sequence_last_value(@extschema@.uuid6_sql_sequence(generator, true::@extschema@.uuid6_sql_seal)), -1)
                                + @extschema@.uuid6_sql_lag_ticks(generator, true::@extschema@.uuid6_sql_seal)),
                       true)
                ELSE target END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'd8e7e0d710699bb7') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_advance_set(integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: under the lift''s lock, sets a generator''s sequence above a target tick if it lies below it';
END IF; END $uuid6_update$;

-- Lifts with the lift's lock (00_sequences.sql), a row only uuid6's own
-- functions can lock, held by a lift for microseconds: waited for here, in
-- a subtransaction rolled back on purpose once the sequence is set, so that
-- the row is released at once (the setval() stays). Pinned path (SECURITY
-- DEFINER).
CREATE OR REPLACE FUNCTION @extschema@.uuid6_advance(uuid) RETURNS void
    LANGUAGE plpgsql VOLATILE STRICT SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp AS $$
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
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '42848de5646d3ca4') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_advance(uuid) IS
    'Lifts the database''s sequence of the UUID''s version (6, 7 or 8) so that every later value is greater; refuses a UUID more than one day ahead of the clock. Not executable by PUBLIC';
END IF; END $uuid6_update$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '715f6b2394ce927c') OPERATOR(pg_catalog.=) 0 THEN
REVOKE EXECUTE ON FUNCTION @extschema@.uuid6_advance(uuid) FROM PUBLIC;
END IF; END $uuid6_update$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '61e307e84cbc55b1') OPERATOR(pg_catalog.=) 0 THEN
GRANT EXECUTE ON FUNCTION @extschema@.uuid6_advance(uuid) TO @extowner@ WITH GRANT OPTION;
END IF; END $uuid6_update$;

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
CREATE OR REPLACE FUNCTION @extschema@.uuid6_set_node_id(node_id integer) RETURNS integer
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
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '9a1fcab77a23f8f6') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_set_node_id(integer) IS
    'Sets the node id of the database''s keys (0 to 65535, -1 for none; NULL::integer clears it, and the database''s uuid6.node_id applies again), in every session at its next key after the commit. Not executable by PUBLIC';
END IF; END $uuid6_update$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'e9a3a2deb4512f4c') OPERATOR(pg_catalog.=) 0 THEN
REVOKE EXECUTE ON FUNCTION @extschema@.uuid6_set_node_id(integer) FROM PUBLIC;
END IF; END $uuid6_update$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '8f933bd8427e7776') OPERATOR(pg_catalog.=) 0 THEN
GRANT EXECUTE ON FUNCTION @extschema@.uuid6_set_node_id(integer) TO @extowner@ WITH GRANT OPTION;
END IF; END $uuid6_update$;

-- The C library's columns; what this edition cannot know is NULL. mode is
-- 'sql_extension' where uuid6 was made by CREATE EXTENSION (pg_tle,
-- database.dev) and 'sql_script' where the plain script made it.
-- database_lease is the sequence that holds the version's tick,
-- database_lease_until the time its last tick stands for, and
-- database_lease_written whether this session can draw from it.
-- lagging_keys: the keys of the version handed out more than a millisecond
-- behind the clock because the lift's lock was taken (00_sequences.sql).
-- (1.3's uuid6_status had one column fewer: the update from 1.3, derived by
-- scripts/tle-update.pl, drops the old function, having checked that nothing
-- outside uuid6 depends on it.)
CREATE OR REPLACE FUNCTION @extschema@.uuid6_status(
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
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '998a1af6e8ed03ed') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_status() IS
    'Which edition answered (sql_extension or sql_script), uuid6.node_id, and per version: how far the database''s sequence is ahead of the clock, the sequence (database_lease), the time its last value stands for, whether this session can draw from it, and how many keys were handed out more than a millisecond behind the clock because the lift''s lock was taken (lagging_keys); the C library''s other columns are NULL here';
END IF; END $uuid6_update$;

-- sql/edition/30_codec.sql
-- Reading and reshaping UUIDs: v1 <-> v6, the node id bits and uuid_inspect,
-- as the C library's src/core/layout.cpp and src/pg/codec_functions.cpp do
-- them. Each works on the UUID's text form, 'xxxxxxxx-xxxx-Vxxx-Nxxx-xxxxxxxxxxxx':
-- characters 1-8 octets 0-3, 10-13 octets 4-5, 15 the version nibble, 16-18
-- the rest of octets 6-7, 20-23 octets 8-9 (20: the variant nibble) and 25-36
-- octets 10-15. Fields are read from the UUID's bytes (uuid6_sql_byte and
-- the helpers of 12_time.sql); a reordering of whole hex digits is a slice of
-- the text.
--
-- As in 12_time.sql (see its top): the work is in SQL-standard helpers
-- (bound at installation, inlined), the STRICT public functions are PL/pgSQL
-- calls of one qualified helper with exact argument types, and errors come
-- from raisers with a pinned search_path.

-- The error for a UUID of the wrong version or variant, worded as the C
-- library words it; the caller has already found the UUID wrong. Returns
-- uuid only so that a caller can RETURN it. A raiser: it runs only to raise,
-- so its search_path is pinned.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_wrong_version(function_name text, expected integer, id uuid, seal @extschema@.uuid6_sql_seal)
    RETURNS uuid LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  variant_nibble text := substr(id::text, 20, 1);
BEGIN
  IF variant_nibble NOT IN ('8', '9', 'a', 'b') THEN
    RAISE EXCEPTION '% expects a version % UUID, got a UUID of the % variant', function_name,
        expected, CASE WHEN variant_nibble IN ('c', 'd') THEN 'Microsoft'
                       WHEN variant_nibble IN ('e', 'f') THEN 'reserved'
                       ELSE 'NCS' END
      USING ERRCODE = 'invalid_parameter_value',
            DETAIL = 'Only the RFC 9562 variant (bits 64-65 = 10) defines versions.';
  END IF;
  RAISE EXCEPTION '% expects a version % UUID, got version %', function_name, expected,
      strpos('0123456789abcdef', substr(id::text, 15, 1)) - 1
    USING ERRCODE = 'invalid_parameter_value';
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '0a8cf472e608a858') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_wrong_version(text, integer, uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: raises the 22023 error of a conversion given a UUID of another version or variant (a raiser: pinned search_path)';
END IF; END $uuid6_update$;

-- v1 keeps time_low | time_mid | 1 | time_hi; v6 the same 60 bits most
-- significant first: time_hi | time_mid | the top 20 bits of time_low | 6 |
-- its low 12 bits. clock_seq and node stay where they are. The hex digits
-- are moved in the UUID's text t, which the callers pass in a variable, so
-- that it is written once.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_v1_to_v6(t text, id uuid, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal) = 1
                THEN (pg_catalog.substr(t, 16, 3) || pg_catalog.substr(t, 10, 4) || pg_catalog.substr(t, 1, 5) || '6' || pg_catalog.substr(t, 6, 3)
                      || pg_catalog.substr(t, 20, 4) || pg_catalog.substr(t, 25, 12))::uuid
                ELSE @extschema@.uuid6_sql_wrong_version('uuid_v1_to_v6', 1, id, true::@extschema@.uuid6_sql_seal) END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'c930792177a47f71') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_v1_to_v6(text, uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: uuid_v1_to_v6 of a UUID and its text (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid_v1_to_v6(uuid) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- A qualified call with exact argument types, and a cast to a qualified
-- type (see 12_time.sql).
DECLARE
  t pg_catalog.text := $1::pg_catalog.text;
BEGIN
  RETURN @extschema@.uuid6_sql_v1_to_v6(t, $1, true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '00b483764bec75db') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_v1_to_v6(uuid) IS
    'The UUIDv6 with the same timestamp, clock_seq and node as the given UUIDv1 (lossless)';
END IF; END $uuid6_update$;

-- The 15 hex digits of a v6's timestamp are characters 1-8, 10-13 and
-- 16-18; v1 writes digits 8-15 (time_low), 4-7 (time_mid), 1 and 1-3
-- (time_hi).
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_v6_to_v1(t text, id uuid, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal) = 6
                THEN (pg_catalog.substr(t, 8, 1) || pg_catalog.substr(t, 10, 4) || pg_catalog.substr(t, 16, 3) || pg_catalog.substr(t, 4, 4) || '1'
                      || pg_catalog.substr(t, 1, 3) || pg_catalog.substr(t, 20, 4) || pg_catalog.substr(t, 25, 12))::uuid
                ELSE @extschema@.uuid6_sql_wrong_version('uuid_v6_to_v1', 6, id, true::@extschema@.uuid6_sql_seal) END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '557a88ebc1d78c76') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_v6_to_v1(text, uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: uuid_v6_to_v1 of a UUID and its text (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid_v6_to_v1(uuid) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- A qualified call with exact argument types, and a cast to a qualified
-- type (see 12_time.sql).
DECLARE
  t pg_catalog.text := $1::pg_catalog.text;
BEGIN
  RETURN @extschema@.uuid6_sql_v6_to_v1(t, $1, true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'df6d5e2ed6c6576f') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_v6_to_v1(uuid) IS
    'The UUIDv1 with the same timestamp, clock_seq and node as the given UUIDv6 (lossless)';
END IF; END $uuid6_update$;

-- Where uuid6.node_id goes: octets 11-12 of a v6, bits 74-89 of a v7 or v8
-- (the low 6 bits of octet 9, octet 10, the top 2 bits of octet 11); a
-- spread key keeps it in bits 82-97, after its v7 tick (the low 6 bits of
-- octet 10, octet 11, the top 2 bits of octet 12).
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_node(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal)
      WHEN 6 THEN (@extschema@.uuid6_sql_byte(id, 11, true::@extschema@.uuid6_sql_seal) << 8) | @extschema@.uuid6_sql_byte(id, 12, true::@extschema@.uuid6_sql_seal)
      WHEN 7 THEN ((@extschema@.uuid6_sql_byte(id, 9, true::@extschema@.uuid6_sql_seal) & 63) << 10) | (@extschema@.uuid6_sql_byte(id, 10, true::@extschema@.uuid6_sql_seal) << 2)
                  | (@extschema@.uuid6_sql_byte(id, 11, true::@extschema@.uuid6_sql_seal) >> 6)
      WHEN 8 THEN CASE WHEN @extschema@.uuid6_sql_spread(id, true::@extschema@.uuid6_sql_seal)
                       THEN ((@extschema@.uuid6_sql_byte(id, 10, true::@extschema@.uuid6_sql_seal) & 63) << 10) | (@extschema@.uuid6_sql_byte(id, 11, true::@extschema@.uuid6_sql_seal) << 2)
                            | (@extschema@.uuid6_sql_byte(id, 12, true::@extschema@.uuid6_sql_seal) >> 6)
                       ELSE ((@extschema@.uuid6_sql_byte(id, 9, true::@extschema@.uuid6_sql_seal) & 63) << 10) | (@extschema@.uuid6_sql_byte(id, 10, true::@extschema@.uuid6_sql_seal) << 2)
                            | (@extschema@.uuid6_sql_byte(id, 11, true::@extschema@.uuid6_sql_seal) >> 6) END END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '46ebae2dbec2b73e') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_node(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: uuid_extract_node (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid_extract_node(uuid) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- One qualified call with its exact argument type (see 12_time.sql).
BEGIN
  RETURN @extschema@.uuid6_sql_node($1, true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'bb490388754dabf5') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_extract_node(uuid) IS
    'The 16 node bits of a v6 (bits 88-103, octets 11-12) or of a v7 or v8 (bits 74-89): the generating cluster''s uuid6.node_id when it had one set, random bits otherwise; NULL for other versions and variants';
END IF; END $uuid6_update$;

-- uuid_inspect's fields, one helper each. The variant from the top bits of
-- octet 8 (RFC 9562 section 4.1); the version only under the RFC 9562
-- variant, the nibble meaning nothing under the others; the time only where
-- uuid_extract_time finds one; clock_seq for v1 and v6; the counter of a v7
-- (the top of rand_b) and of a v8 (its seq; a spread key's v7 counter, bits
-- 74-81); the node in hex for v1, v6 and a v8 of uuid6's layout.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_variant(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE @extschema@.uuid6_sql_byte(id, 8, true::@extschema@.uuid6_sql_seal) >> 5
      WHEN 4 THEN 'RFC 9562' WHEN 5 THEN 'RFC 9562' WHEN 6 THEN 'Microsoft' WHEN 7 THEN 'reserved'
      ELSE 'NCS' END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '559212d079b40bc1') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_variant(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the variant of a UUID by name (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_clock_seq(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal) IN (1, 6)
                THEN ((@extschema@.uuid6_sql_byte(id, 8, true::@extschema@.uuid6_sql_seal) & 63) << 8) | @extschema@.uuid6_sql_byte(id, 9, true::@extschema@.uuid6_sql_seal) END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'd405ba157a19253a') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_clock_seq(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the clock_seq of a v1 or v6, NULL otherwise (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_counter(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal) = 8 AND @extschema@.uuid6_sql_spread(id, true::@extschema@.uuid6_sql_seal)
                THEN ((@extschema@.uuid6_sql_byte(id, 9, true::@extschema@.uuid6_sql_seal) & 63) << 2) | (@extschema@.uuid6_sql_byte(id, 10, true::@extschema@.uuid6_sql_seal) >> 6)
                WHEN @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal) IN (7, 8)
                THEN ((@extschema@.uuid6_sql_byte(id, 8, true::@extschema@.uuid6_sql_seal) & 63) << 2) | (@extschema@.uuid6_sql_byte(id, 9, true::@extschema@.uuid6_sql_seal) >> 6) END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '3fcedb18beb350c9') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_counter(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the counter of a v7 or v8 (a spread key''s v7 counter), NULL otherwise (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_node_hex(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal) IN (1, 6) THEN pg_catalog.substr(id::text, 25, 12)
                WHEN @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal) = 8 AND NOT @extschema@.uuid6_sql_spread(id, true::@extschema@.uuid6_sql_seal)
                THEN pg_catalog.lpad(pg_catalog.to_hex(@extschema@.uuid6_sql_byte(id, 9, true::@extschema@.uuid6_sql_seal) & 63), 2, '0') || pg_catalog.substr(id::text, 25, 12) END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'edd0ca841d94d76f') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_node_hex(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the node of a v1, v6 or v8 (not a spread key) in hex, NULL otherwise (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_inspect_version(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal) >= 0 THEN @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal) END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '92a0646d9c51c90b') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_inspect_version(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the version of a UUID of the RFC 9562 variant, NULL for another variant (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid_inspect(id uuid,
    OUT version integer, OUT variant text, OUT "time" timestamptz,
    OUT clock_seq integer, OUT counter integer, OUT node text)
    RETURNS record LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- Qualified calls with exact argument types only (see 12_time.sql).
BEGIN
  version := @extschema@.uuid6_sql_inspect_version(id, true::@extschema@.uuid6_sql_seal);
  variant := @extschema@.uuid6_sql_variant(id, true::@extschema@.uuid6_sql_seal);
  "time" := @extschema@.uuid6_sql_extract_time(id, false, true::@extschema@.uuid6_sql_seal);
  clock_seq := @extschema@.uuid6_sql_clock_seq(id, true::@extschema@.uuid6_sql_seal);
  counter := @extschema@.uuid6_sql_counter(id, true::@extschema@.uuid6_sql_seal);
  node := @extschema@.uuid6_sql_node_hex(id, true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '7bf1088a146f303c') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_inspect(uuid) IS
    'Fields of a UUID: version (NULL unless RFC 9562 variant), variant, time as uuid_extract_time, clock_seq (v1, v6), counter (v7 top of rand_b, v8 seq), node in hex (v1, v6, v8)';
END IF; END $uuid6_update$;

-- The readers of a spread key (uuid_generate_v8_spread, a function of the C
-- library alone): its bucket, from the first byte, and its bucket count, 2 to
-- the last hex digit; NULL for any other UUID.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_spread_bucket(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal) = 8 AND @extschema@.uuid6_sql_spread(id, true::@extschema@.uuid6_sql_seal)
                THEN @extschema@.uuid6_sql_byte(id, 0, true::@extschema@.uuid6_sql_seal) >> (8 - (@extschema@.uuid6_sql_byte(id, 15, true::@extschema@.uuid6_sql_seal) & 15)) END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '6a02ef2f93f26286') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_spread_bucket(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: uuid_spread_bucket (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid_spread_bucket(uuid) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- One qualified call with its exact argument type (see 12_time.sql).
BEGIN
  RETURN @extschema@.uuid6_sql_spread_bucket($1, true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'aebea13473a8a515') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_spread_bucket(uuid) IS
    'the bucket of a spread key (uuid_generate_v8_spread), from 0; NULL for any other UUID';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_spread_buckets(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal) = 8 AND @extschema@.uuid6_sql_spread(id, true::@extschema@.uuid6_sql_seal)
                THEN 1 << (@extschema@.uuid6_sql_byte(id, 15, true::@extschema@.uuid6_sql_seal) & 15) END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'cf7bf1d748ddac8f') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_spread_buckets(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: uuid_spread_buckets (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid_spread_buckets(uuid) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- One qualified call with its exact argument type (see 12_time.sql).
BEGIN
  RETURN @extschema@.uuid6_sql_spread_buckets($1, true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'd95f0b9c1985bea9') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_spread_buckets(uuid) IS
    'the bucket count a spread key was made with (its last hex digit is log2 of it); NULL for any other UUID';
END IF; END $uuid6_update$;

-- sql/edition/40_ulid.sql
-- The ULID text form (docs/design.md), as src/core/ulid.cpp and
-- src/pg/ulid_functions.cpp: the 128 bits in 26 characters of Crockford's
-- base32, most significant first, the first character holding only the top
-- 3 bits. The alphabet is in ASCII order, so the text sorts like the uuid.
--
-- As in 12_time.sql (see its top): the work is in SQL-standard helpers
-- (bound at installation, inlined), the STRICT public functions are PL/pgSQL
-- calls of qualified helpers with exact argument types, and errors come from
-- a raiser with a pinned search_path.

-- The 64-bit words of a UUID: octets 0-7 (start_octet 0) or 8-15 (start_octet 8).
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_word(id uuid, start_octet integer, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN (pg_catalog.get_byte(pg_catalog.uuid_send(id), start_octet)::bigint << 56) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), start_octet + 1)::bigint << 48)
           | (pg_catalog.get_byte(pg_catalog.uuid_send(id), start_octet + 2)::bigint << 40) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), start_octet + 3)::bigint << 32)
           | (pg_catalog.get_byte(pg_catalog.uuid_send(id), start_octet + 4)::bigint << 24) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), start_octet + 5) << 16)
           | (pg_catalog.get_byte(pg_catalog.uuid_send(id), start_octet + 6) << 8) | pg_catalog.get_byte(pg_catalog.uuid_send(id), start_octet + 7);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '1d4ffc8d9289603b') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_word(uuid, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the 64-bit word of a UUID that starts at octet start_octet (0 or 8) (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

-- Each character is 5 bits of the 130-bit string of two zero bits and the
-- UUID's 128 bits: of the high word hi, then (the 14th straddles them) of
-- the low word lo. (>> brings in copies of the sign bit; the masks drop
-- them.)
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_ulid(hi bigint, lo bigint, seal @extschema@.uuid6_sql_seal) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((hi >> 61) & 7)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((hi >> 56) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((hi >> 51) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((hi >> 46) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((hi >> 41) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((hi >> 36) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((hi >> 31) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((hi >> 26) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((hi >> 21) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((hi >> 16) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((hi >> 11) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((hi >> 6) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((hi >> 1) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (((hi & 1) << 4) | ((lo >> 60) & 15))::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((lo >> 55) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((lo >> 50) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((lo >> 45) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((lo >> 40) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((lo >> 35) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((lo >> 30) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((lo >> 25) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((lo >> 20) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((lo >> 15) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((lo >> 10) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((lo >> 5) & 31)::integer + 1, 1)
           || pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (lo & 31)::integer + 1, 1);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'd400a622aa5ddf36') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_ulid(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the ULID text of a UUID''s two 64-bit words (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid_to_ulid(uuid) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- Qualified calls with exact argument types only (see 12_time.sql); the
-- words in variables, so that the helper reads each once.
DECLARE
  hi bigint := @extschema@.uuid6_sql_word($1, 0, true::@extschema@.uuid6_sql_seal);
  lo bigint := @extschema@.uuid6_sql_word($1, 8, true::@extschema@.uuid6_sql_seal);
BEGIN
  RETURN @extschema@.uuid6_sql_ulid(hi, lo, true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '56f4ccbc77ecd19d') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_to_ulid(uuid) IS
    'The UUID as a ULID: 26 upper-case Crockford base32 characters that sort like the UUID';
END IF; END $uuid6_update$;

-- A well-formed ULID: 26 characters of the alphabet in either case, the
-- first at most 7. Matched under the C collation whatever the argument's:
-- regular expressions and strpos refuse a nondeterministic one.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_ulid_ok(s text, seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN s COLLATE "C" ~ '^[0-7][0-9ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyz]{25}$';
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '688029a50d49d3e4') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_ulid_ok(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: whether a text is a well-formed ULID (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

-- A well-formed ULID read 5 bits a character into the two words: a
-- character's value is its position in the alphabet, upper case first, then
-- the letters in lower case 32 further on (so & 31 folds them; the '#'
-- never match).
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_ulid_value(s text, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_uuid(
        (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 1, 1) COLLATE "C") - 1) & 31)::bigint << 61)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 2, 1) COLLATE "C") - 1) & 31)::bigint << 56)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 3, 1) COLLATE "C") - 1) & 31)::bigint << 51)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 4, 1) COLLATE "C") - 1) & 31)::bigint << 46)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 5, 1) COLLATE "C") - 1) & 31)::bigint << 41)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 6, 1) COLLATE "C") - 1) & 31)::bigint << 36)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 7, 1) COLLATE "C") - 1) & 31)::bigint << 31)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 8, 1) COLLATE "C") - 1) & 31)::bigint << 26)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 9, 1) COLLATE "C") - 1) & 31)::bigint << 21)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 10, 1) COLLATE "C") - 1) & 31)::bigint << 16)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 11, 1) COLLATE "C") - 1) & 31)::bigint << 11)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 12, 1) COLLATE "C") - 1) & 31)::bigint << 6)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 13, 1) COLLATE "C") - 1) & 31)::bigint << 1)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 14, 1) COLLATE "C") - 1) & 31) >> 4),
        ((((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 14, 1) COLLATE "C") - 1) & 31) & 15)::bigint << 60)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 15, 1) COLLATE "C") - 1) & 31)::bigint << 55)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 16, 1) COLLATE "C") - 1) & 31)::bigint << 50)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 17, 1) COLLATE "C") - 1) & 31)::bigint << 45)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 18, 1) COLLATE "C") - 1) & 31)::bigint << 40)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 19, 1) COLLATE "C") - 1) & 31)::bigint << 35)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 20, 1) COLLATE "C") - 1) & 31)::bigint << 30)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 21, 1) COLLATE "C") - 1) & 31)::bigint << 25)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 22, 1) COLLATE "C") - 1) & 31)::bigint << 20)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 23, 1) COLLATE "C") - 1) & 31)::bigint << 15)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 24, 1) COLLATE "C") - 1) & 31)::bigint << 10)
        | (((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 25, 1) COLLATE "C") - 1) & 31)::bigint << 5)
        | ((pg_catalog.strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ##########abcdefghjkmnpqrstvwxyz', pg_catalog.substr(s, 26, 1) COLLATE "C") - 1) & 31), true::@extschema@.uuid6_sql_seal);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'fde2c6b27eeabd97') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_ulid_value(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the UUID of a well-formed ULID (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

-- Anything else is refused with the error the C library gives, naming what
-- is wrong: the length in characters, the first character outside the
-- alphabet (quoted only when it is a printable ASCII character), or a first
-- character above 7. Only ASCII letters are folded to upper case: upper()
-- could map a character from outside ASCII onto a letter of the alphabet.
-- (ascii() is asked only about single bytes: it refuses other multi-byte
-- characters than UTF-8's.) A raiser: it runs only to raise, so its
-- search_path is pinned.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_ulid_refused(text, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  -- Under the C collation whatever the argument's: strpos refuses a
  -- nondeterministic one.
  s constant text COLLATE "C" := $1;
  a constant text COLLATE "C" := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  c text COLLATE "C";
BEGIN
  IF octet_length(s) <> 26 THEN
    IF length(s) <> 26 THEN
      RAISE EXCEPTION 'invalid ULID: "%"', s
        USING ERRCODE = 'invalid_text_representation',
              DETAIL = format('A ULID has 26 characters, not %s.', length(s));
    END IF;
    -- 26 characters in more bytes: the first one beyond ASCII is named.
    FOR i IN 1..26 LOOP
      IF octet_length(substr(s, i, 1)) > 1 THEN
        RAISE EXCEPTION 'invalid ULID: "%"', s
          USING ERRCODE = 'invalid_text_representation',
                DETAIL = format('The character at position %s is not in the ULID alphabet.', i),
                HINT = 'A ULID is written with the digits and the letters A to Z except I, L, O and U, in either case.';
      END IF;
    END LOOP;
  END IF;
  -- 26 bytes: the first character that is not in the alphabet, or a first
  -- character above 7. (Where some of the 26 bytes are one character, the
  -- first of those is the first character outside the alphabet.)
  FOR i IN 1..length(s) LOOP
    c := substr(s, i, 1);
    IF strpos(a, translate(c, 'abcdefghjkmnpqrstvwxyz', 'ABCDEFGHJKMNPQRSTVWXYZ')) = 0 THEN
      IF (CASE WHEN octet_length(c) = 1 THEN ascii(c) BETWEEN 33 AND 126 ELSE false END) THEN
        RAISE EXCEPTION 'invalid ULID: "%"', s
          USING ERRCODE = 'invalid_text_representation',
                DETAIL = format('Character "%s" at position %s is not in the ULID alphabet.', c, i),
                HINT = 'A ULID is written with the digits and the letters A to Z except I, L, O and U, in either case.';
      END IF;
      RAISE EXCEPTION 'invalid ULID: "%"', s
        USING ERRCODE = 'invalid_text_representation',
              DETAIL = format('The character at position %s is not in the ULID alphabet.', i),
              HINT = 'A ULID is written with the digits and the letters A to Z except I, L, O and U, in either case.';
    END IF;
    IF i = 1 AND c NOT IN ('0', '1', '2', '3', '4', '5', '6', '7') THEN
      RAISE EXCEPTION 'invalid ULID: "%"', s
        USING ERRCODE = 'invalid_text_representation',
              DETAIL = format('The first character is "%s", above "7": the value exceeds 128 bits.', c);
    END IF;
  END LOOP;
  -- uuid6_sql_ulid_ok accepts everything else.
  RAISE EXCEPTION 'uuid_from_ulid found nothing wrong with a text it refused' USING ERRCODE = 'internal_error';
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'bcedfec7f04d1a56') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_ulid_refused(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: raises the 22P02 error of a text that is not a ULID, naming what is wrong (a raiser: pinned search_path)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid_from_ulid(text) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- Control flow and qualified calls with exact argument types only (see
-- 12_time.sql).
BEGIN
  IF @extschema@.uuid6_sql_ulid_ok($1, true::@extschema@.uuid6_sql_seal) THEN
    RETURN @extschema@.uuid6_sql_ulid_value($1, true::@extschema@.uuid6_sql_seal);
  END IF;
  RETURN @extschema@.uuid6_sql_ulid_refused($1, true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '1e736b51de19e16c') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_from_ulid(text) IS
    'The UUID of a ULID, read in either case; a wrong length, a character outside the alphabet or a value above 128 bits is an error (22P02)';
END IF; END $uuid6_update$;

-- sql/edition/50_compat.sql
-- The pg_uuidv7 1.6 API (docs/design.md), as the C library declares it:
-- readers IMMUTABLE STRICT, anything but an RFC 9562 v7 reads as NULL; the
-- makers SQL with a standard body over uuid_v7_floor and
-- uuid_generate_v7(timestamptz).

-- A v7's Unix milliseconds as the UTC wall-clock time, in integer steps
-- only: the two 24-bit halves of the milliseconds (12_time.sql), whose
-- products with interval's microseconds are integers well inside a double's
-- exact range. As one number of seconds or milliseconds in a double, late
-- values (the layout reaches year 10889) and many fractions of a second
-- would not convert exactly. Timestamp arithmetic without a time zone
-- involves no zone's rules.
--
-- As in 12_time.sql (see its top): SQL-standard helpers (bound at
-- installation, inlined) behind STRICT PL/pgSQL functions of one qualified
-- call with exact argument types.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_v7_timestamp(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS timestamp
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal) = 7
                THEN timestamp '1970-01-01 00:00:00'
                     + @extschema@.uuid6_sql_ms_high(id, false, true::@extschema@.uuid6_sql_seal) * interval '16777216 milliseconds'
                     + @extschema@.uuid6_sql_ms_low(id, false, true::@extschema@.uuid6_sql_seal) * interval '1 millisecond' END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'a3fd50800d0e1c0c') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_v7_timestamp(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: uuid_v7_to_timestamp (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid_v7_to_timestamp(uuid) RETURNS timestamp
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- One qualified call with its exact argument type (see 12_time.sql).
BEGIN
  RETURN @extschema@.uuid6_sql_v7_timestamp($1, true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'db11f095921ceafd') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_v7_to_timestamp(uuid) IS
    'pg_uuidv7 API: the Unix milliseconds of a UUIDv7 as a timestamp in UTC, whatever the session TimeZone; NULL for other versions';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_v7_timestamptz(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_v7_timestamp(id, true::@extschema@.uuid6_sql_seal) AT TIME ZONE 'UTC';
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '153f1ffab00a6475') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_v7_timestamptz(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: uuid_v7_to_timestamptz (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid_v7_to_timestamptz(uuid) RETURNS timestamptz
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- One qualified call with its exact argument type (see 12_time.sql).
BEGIN
  RETURN @extschema@.uuid6_sql_v7_timestamptz($1, true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '867c21611a6c1ae9') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_v7_to_timestamptz(uuid) IS
    'pg_uuidv7 API: the Unix milliseconds of a UUIDv7 as timestamptz; NULL for other versions';
END IF; END $uuid6_update$;

-- As in the C library, the makers are SQL with a standard body: bound to
-- the functions they call when created (so the caller's search_path does not
-- reach them), and inlined by the planner, so that
-- a constant zero folds the CASE away (zero = true then becomes
-- uuid_v7_floor, IMMUTABLE, usable as an index condition). VOLATILE because
-- one branch draws random bits; not STRICT, because a STRICT SQL function
-- with a CASE body is never inlined, yet NULL in still gives NULL out: both
-- branches are STRICT and a NULL zero matches neither.
CREATE OR REPLACE FUNCTION @extschema@.uuid_timestamptz_to_v7(ts timestamptz, zero boolean DEFAULT false) RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL SAFE
    RETURN CASE WHEN zero THEN @extschema@.uuid_v7_floor(ts)
                WHEN NOT zero THEN @extschema@.uuid_generate_v7(ts) END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '510bc4d44f89f5b2') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_timestamptz_to_v7(timestamptz, boolean) IS
    'pg_uuidv7 API: a UUIDv7 for the instant; zero = true gives its millisecond''s floor (uuid_v7_floor), false a value with random low bits (uuid_generate_v7(at))';
END IF; END $uuid6_update$;

-- A timestamp without time zone is taken as UTC: AT TIME ZONE 'UTC' is
-- exact and does not depend on the session's TimeZone.
CREATE OR REPLACE FUNCTION @extschema@.uuid_timestamp_to_v7(ts timestamp, zero boolean DEFAULT false) RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL SAFE
    RETURN CASE WHEN zero THEN @extschema@.uuid_v7_floor(ts AT TIME ZONE 'UTC')
                WHEN NOT zero THEN @extschema@.uuid_generate_v7(ts AT TIME ZONE 'UTC') END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '4cfadfc4b2595fad') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_timestamp_to_v7(timestamp, boolean) IS
    'pg_uuidv7 API: a UUIDv7 for the timestamp read as UTC; zero = true gives its millisecond''s floor, false a value with random low bits';
END IF; END $uuid6_update$;

-- sql/edition/60_facade.sql
-- The v4 facade of a v7 with the key given as bytea (docs/design.md), bit
-- for bit as src/core/facade.cpp and src/core/siphash.hpp compute it:
--
--   message = [octet 6 & 0x0F, octet 7, octet 8 & 0x3F, octets 9..15]
--   mask    = the low 48 bits of SipHash-2-4(key, message)
--   facade  = octets 0-5 XOR mask, version 4;  v7 = the same, version 7
--
-- The forms that take the key from the setting uuid6.facade_key are not part
-- of this edition: the setting's secrecy rests on the C library's own
-- handling of it, which SQL cannot give.
--
-- SipHash works on 64-bit words with wrapping addition; bigint refuses to
-- overflow, so a sum is taken as two halves that cannot: with >> the
-- arithmetic shift, a + b = 2 * ((a >> 1) + (b >> 1) + (a & b & 1)) + ((a # b) & 1)
-- exactly, the inner sum lies inside bigint, and << (which PostgreSQL does
-- not check) wraps the doubling modulo 2^64. A left rotation by r is
-- (x << r) | ((x >> (64 - r)) & (2^r - 1)), the mask removing the copies of
-- the sign bit that >> brings in.
--
-- As in 12_time.sql (see its top): the arithmetic is in SQL-standard
-- helpers (bound at installation, inlined), the transform is PL/pgSQL of
-- control flow and qualified calls with exact argument types only (a facade
-- is made per row: no SET search_path), and errors come from a raiser with
-- a pinned search_path.

-- The arithmetic: XOR, SipHash's wrapping addition and left rotation, the
-- little-endian 64-bit word of 8 bytes, and the two message words of a UUID.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_xor(a bigint, b bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN a # b;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'dc245f093e1bbfba') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_xor(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a XOR b (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_sip_add(a bigint, b bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN (((a >> 1) + (b >> 1) + (a & b & 1)) << 1) | ((a # b) & 1);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '2e136aa6e6ae253b') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_sip_add(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a + b modulo 2^64 (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_sip_rotl(x bigint, r integer, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN (x << r) | ((x >> (64 - r)) & ((1::bigint << r) - 1));
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '0ad9954dd69d616a') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_sip_rotl(bigint, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: x rotated left by r bits (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_sip_rotl_xor(x bigint, r integer, y bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ((x << r) | ((x >> (64 - r)) & ((1::bigint << r) - 1))) # y;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'c7cddbf4bf2059a8') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_sip_rotl_xor(bigint, integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: x rotated left by r bits, XOR y (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_le_word(b bytea, start_octet integer, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN pg_catalog.get_byte(b, start_octet) | (pg_catalog.get_byte(b, start_octet + 1) << 8) | (pg_catalog.get_byte(b, start_octet + 2) << 16)
           | (pg_catalog.get_byte(b, start_octet + 3)::bigint << 24) | (pg_catalog.get_byte(b, start_octet + 4)::bigint << 32)
           | (pg_catalog.get_byte(b, start_octet + 5)::bigint << 40) | (pg_catalog.get_byte(b, start_octet + 6)::bigint << 48)
           | (pg_catalog.get_byte(b, start_octet + 7)::bigint << 56);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '2f9b3f6a1d5d7ae4') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_le_word(bytea, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the 8 bytes from start_octet as a little-endian 64-bit word (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

-- The message: [octet 6 & 0x0F, octet 7, octet 8 & 0x3F, octets 9..13] and
-- [octets 14, 15, with the length, 10, in the top byte].
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_facade_m0(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN (pg_catalog.get_byte(pg_catalog.uuid_send(id), 6) & 15) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 7) << 8)
           | ((pg_catalog.get_byte(pg_catalog.uuid_send(id), 8) & 63) << 16) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 9)::bigint << 24)
           | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 10)::bigint << 32) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 11)::bigint << 40)
           | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 12)::bigint << 48) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 13)::bigint << 56);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '96233171d4036d4b') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_facade_m0(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the first message word of the facade''s SipHash (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_facade_m1(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN pg_catalog.get_byte(pg_catalog.uuid_send(id), 14) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 15) << 8) | (10::bigint << 56);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'e73a8cdb044d4d69') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_facade_m1(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the second message word of the facade''s SipHash, with the length (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

-- The result: octets 0-5 XOR the low 48 bits of the hash, the target
-- version, the rest of the input unchanged.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_facade_out(id uuid, hash bigint, target integer, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_uuid(
        ((((@extschema@.uuid6_sql_ms_high(id, false, true::@extschema@.uuid6_sql_seal)::bigint << 24) | @extschema@.uuid6_sql_ms_low(id, false, true::@extschema@.uuid6_sql_seal))
          # (hash & 281474976710655)) << 16)
        | (target << 12) | ((pg_catalog.get_byte(pg_catalog.uuid_send(id), 6) & 15) << 8) | pg_catalog.get_byte(pg_catalog.uuid_send(id), 7),
        @extschema@.uuid6_sql_word(id, 8, true::@extschema@.uuid6_sql_seal), true::@extschema@.uuid6_sql_seal);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'e0a15b0851b5c65e') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_facade_out(uuid, bigint, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the facade transform''s output for a SipHash value and a target version (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

-- A key that is not 16 bytes, or an input of another version or variant.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_facade_refused(id uuid, key bytea, expected integer, seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN pg_catalog.octet_length(key) <> 16 OR @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal) <> expected;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '6cd74b08121d7c6f') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_facade_refused(uuid, bytea, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: whether the facade transform refuses a key or an input (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

-- The errors, the key's first: a raiser, so its search_path is pinned.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_facade_error(id uuid, key bytea, function_name text, expected integer, seal @extschema@.uuid6_sql_seal)
    RETURNS uuid LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF octet_length(key) <> 16 THEN
    RAISE EXCEPTION 'a facade key is 16 bytes, not %', octet_length(key)
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  RETURN @extschema@.uuid6_sql_wrong_version(function_name, expected, id, true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '11026b8d5ff060e5') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_facade_error(uuid, bytea, text, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: raises the 22023 error of a facade key that is not 16 bytes or an input of another version (a raiser: pinned search_path)';
END IF; END $uuid6_update$;

-- Integer equality as a helper, for PL/pgSQL's control flow.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_is(a integer, b integer, seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN a = b;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '8fbc3f2f3b3f89fe') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_is(integer, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a = b (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

-- The transform in both directions: checks the key and the input's
-- version, then XORs the mask into the 48-bit time and writes the target
-- version. The two public forms below name themselves in its errors.
-- "somepseudorandomlygeneratedbytes" starts the state; two SipRounds after
-- each message word, four to finish.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_facade(id uuid, key bytea, function_name text, expected integer,
                                 target integer, seal @extschema@.uuid6_sql_seal)
    RETURNS uuid LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- Control flow and qualified calls with exact argument types only (see
-- 12_time.sql).
DECLARE
  m0 bigint;
  m1 bigint;
  v0 bigint;
  v1 bigint;
  v2 bigint;
  v3 bigint;
BEGIN
  IF @extschema@.uuid6_sql_facade_refused(id, key, expected, true::@extschema@.uuid6_sql_seal) THEN
    RETURN @extschema@.uuid6_sql_facade_error(id, key, function_name, expected, true::@extschema@.uuid6_sql_seal);
  END IF;
  m0 := @extschema@.uuid6_sql_facade_m0(id, true::@extschema@.uuid6_sql_seal);
  m1 := @extschema@.uuid6_sql_facade_m1(id, true::@extschema@.uuid6_sql_seal);
  v0 := @extschema@.uuid6_sql_xor(@extschema@.uuid6_sql_le_word(key, 0, true::@extschema@.uuid6_sql_seal), 8317987319222330741, true::@extschema@.uuid6_sql_seal);
  v1 := @extschema@.uuid6_sql_xor(@extschema@.uuid6_sql_le_word(key, 8, true::@extschema@.uuid6_sql_seal), 7237128888997146477, true::@extschema@.uuid6_sql_seal);
  v2 := @extschema@.uuid6_sql_xor(@extschema@.uuid6_sql_le_word(key, 0, true::@extschema@.uuid6_sql_seal), 7816392313619706465, true::@extschema@.uuid6_sql_seal);
  v3 := @extschema@.uuid6_sql_xor(@extschema@.uuid6_sql_le_word(key, 8, true::@extschema@.uuid6_sql_seal), 8387220255154660723, true::@extschema@.uuid6_sql_seal);
  v3 := @extschema@.uuid6_sql_xor(v3, m0, true::@extschema@.uuid6_sql_seal);
  FOR i IN 1..8 LOOP
    -- After two rounds the first message word goes in, after four the
    -- second with the finalisation constant (i, a loop counter, is 3 and 5
    -- there: tested with a helper, not an operator).
    IF @extschema@.uuid6_sql_is(i, 3, true::@extschema@.uuid6_sql_seal) THEN
      v0 := @extschema@.uuid6_sql_xor(v0, m0, true::@extschema@.uuid6_sql_seal);
      v3 := @extschema@.uuid6_sql_xor(v3, m1, true::@extschema@.uuid6_sql_seal);
    ELSIF @extschema@.uuid6_sql_is(i, 5, true::@extschema@.uuid6_sql_seal) THEN
      v0 := @extschema@.uuid6_sql_xor(v0, m1, true::@extschema@.uuid6_sql_seal);
      v2 := @extschema@.uuid6_sql_xor(v2, 255::bigint, true::@extschema@.uuid6_sql_seal);
    END IF;
    v0 := @extschema@.uuid6_sql_sip_add(v0, v1, true::@extschema@.uuid6_sql_seal);
    v1 := @extschema@.uuid6_sql_sip_rotl_xor(v1, 13, v0, true::@extschema@.uuid6_sql_seal);
    v0 := @extschema@.uuid6_sql_sip_rotl(v0, 32, true::@extschema@.uuid6_sql_seal);
    v2 := @extschema@.uuid6_sql_sip_add(v2, v3, true::@extschema@.uuid6_sql_seal);
    v3 := @extschema@.uuid6_sql_sip_rotl_xor(v3, 16, v2, true::@extschema@.uuid6_sql_seal);
    v0 := @extschema@.uuid6_sql_sip_add(v0, v3, true::@extschema@.uuid6_sql_seal);
    v3 := @extschema@.uuid6_sql_sip_rotl_xor(v3, 21, v0, true::@extschema@.uuid6_sql_seal);
    v2 := @extschema@.uuid6_sql_sip_add(v2, v1, true::@extschema@.uuid6_sql_seal);
    v1 := @extschema@.uuid6_sql_sip_rotl_xor(v1, 17, v2, true::@extschema@.uuid6_sql_seal);
    v2 := @extschema@.uuid6_sql_sip_rotl(v2, 32, true::@extschema@.uuid6_sql_seal);
  END LOOP;
  RETURN @extschema@.uuid6_sql_facade_out(id, @extschema@.uuid6_sql_xor(@extschema@.uuid6_sql_xor(v0, v1, true::@extschema@.uuid6_sql_seal),
                                                                         @extschema@.uuid6_sql_xor(v2, v3, true::@extschema@.uuid6_sql_seal), true::@extschema@.uuid6_sql_seal),
                                          target, true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '9b2a2ba0702db9e1') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_facade(uuid, bytea, text, integer, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the facade transform (SipHash-2-4 mask over the 48-bit time) from version expected to version target, under a 16-byte key (PL/pgSQL of qualified calls)';
END IF; END $uuid6_update$;

-- The public forms: SQL-standard bodies, bound to uuid6_sql_facade when
-- created and inlined into the caller's query (STRICT: a call of a STRICT
-- function that uses every parameter inlines).
CREATE OR REPLACE FUNCTION @extschema@.uuid_v7_to_facade(id uuid, key bytea) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_facade(id, key, 'uuid_v7_to_facade', 7, 4, true::@extschema@.uuid6_sql_seal);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '9bfe2bf894e41b01') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_v7_to_facade(uuid, bytea) IS
    'the v4 facade of a UUIDv7 under the given 16-byte key (uuidv47''s transform); 22023 for another version or a key that is not 16 bytes';
END IF; END $uuid6_update$;

CREATE OR REPLACE FUNCTION @extschema@.uuid_facade_to_v7(facade uuid, key bytea) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_facade(facade, key, 'uuid_facade_to_v7', 4, 7, true::@extschema@.uuid6_sql_seal);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'a38497a346d25780') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_facade_to_v7(uuid, bytea) IS
    'the UUIDv7 behind a v4 facade under the given 16-byte key; 22023 for another version or a key that is not 16 bytes';
END IF; END $uuid6_update$;

-- sql/edition/70_spread.sql
-- Spread keys (docs/design.md; the layout in src/core/spread.hpp): the
-- generator, the floor of a bucket at an instant, one range per bucket and
-- the partition helper, with the C library's names, declarations, layout,
-- errors and outputs. (Reading spread keys is in 12_time.sql, 20_operations
-- and 30_codec.sql.)
--
-- A spread key is a version 8 whose top bits are the session's bucket,
-- followed by a tick of the database's v7 sequence (00_sequences.sql): the
-- very tick uuid_generate_v7() would have carried, drawn, lifted and made
-- durable by the same functions (uuid6_sql_draw, uuid6_sql_behind,
-- uuid6_sql_lift). So spread keys share the v7 sequence's order and its
-- guarantees with no sequence of their own: unique across all buckets,
-- strictly increasing within each (a subsequence of one strictly increasing
-- sequence), never handed out again after a crash, a clock stepped back or
-- a lift's lock held by another role; and v7 keys and spread keys of one
-- database never share a tick.
--
-- The bucket. The C library takes the backend's slot (MyProcNumber), which
-- SQL cannot read. Here it is the low bits of the session's process id,
-- pg_backend_pid() & (buckets - 1): fixed for the life of the session, so
-- each session's keys stay in one bucket and append at one right edge of
-- the index; and spread, because the postmaster forks a backend for each
-- connection and the kernel hands out process ids in turn (Linux: the next
-- free id above the last), so sessions that connect one after another take
-- consecutive ids, and so consecutive buckets, as consecutive slots do in
-- the C library (and where ids are random, uniformly spread buckets). It
-- needs nothing stored: a per-session value kept in a setting would be lost
-- to a RESET ALL or DISCARD ALL (connection poolers run one between
-- clients) and undone by a rollback of the transaction that set it. What
-- differs from the slot: slots are reused from 0 up, so N sessions of the C
-- library fill N buckets exactly, while process ids keep rising, so sessions
-- that connect at different times, between other processes' forks, may
-- share a bucket where the C library's would not. (The C library takes the
-- process id too, where a backend has no slot.)
--
-- Security (see 00_sequences.sql): the helpers are LANGUAGE sql with
-- SQL-standard bodies, bound at installation and inlined; the public
-- functions that must be STRICT, and the generator, are PL/pgSQL holding
-- only control flow and @extschema@/pg_catalog calls whose arguments have
-- exactly the declared types, with no SET clause (the generator is a hot
-- path; the floor is read per row where it is not folded to a constant);
-- errors come from raisers with a pinned path, given the runtime input so
-- that the planner never folds one into a constant error; the partition
-- helper, run once per table, pins its path.

-- The C library's 22023 for a bucket count that is not a power of two from
-- 2 to 256. (A raiser: runs only to raise, pinned path.)
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_spread_bad_count(buckets integer, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  RAISE EXCEPTION 'a spread key needs a bucket count that is a power of two from 2 to 256, got %', buckets
    USING ERRCODE = 'invalid_parameter_value',
          HINT = 'Use the same count for the keys, uuid6_create_spread_partitions and uuid_spread_ranges, for example 16.';
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '3f06084bb3842964') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_spread_bad_count(integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: raises the 22023 error of a spread bucket count that is not a power of two from 2 to 256 (a raiser: pinned search_path, runs only to raise)';
END IF; END $uuid6_update$;

-- The C library's 22023 for a bucket outside 0 .. buckets - 1.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_spread_bad_bucket(bucket integer, bits integer, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  RAISE EXCEPTION 'bucket % is not one of the % buckets', bucket, 1 << bits
    USING ERRCODE = 'invalid_parameter_value', HINT = 'Buckets are numbered from 0.';
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '0a0797619b3978ab') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_spread_bad_bucket(integer, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: raises the 22023 error of a spread bucket outside the bucket count (a raiser: pinned search_path, runs only to raise)';
END IF; END $uuid6_update$;

-- The C library's 22008 for an instant a spread key cannot hold: infinite,
-- before 1970, or past the v7 layout's last millisecond.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_spread_out_of_range(at timestamptz, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF NOT isfinite(at) THEN
    RAISE EXCEPTION 'infinite timestamp cannot be encoded in a spread UUID'
      USING ERRCODE = 'datetime_field_overflow';
  END IF;
  RAISE EXCEPTION 'timestamp out of range for a spread key'
    USING ERRCODE = 'datetime_field_overflow',
          DETAIL = 'A spread key holds times from 1970-01-01 to 10889-08-02 UTC, at millisecond precision, as a version 7 does.';
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '7bdcd5d1cd1b7a6b') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_spread_out_of_range(timestamptz, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: raises the 22008 error of an instant a spread key cannot hold (a raiser: pinned search_path, runs only to raise)';
END IF; END $uuid6_update$;

-- log2 of a bucket count (1 .. 8), or the error.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_spread_bits(buckets integer, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE buckets WHEN 2 THEN 1 WHEN 4 THEN 2 WHEN 8 THEN 3 WHEN 16 THEN 4
                        WHEN 32 THEN 5 WHEN 64 THEN 6 WHEN 128 THEN 7 WHEN 256 THEN 8
                        ELSE @extschema@.uuid6_sql_spread_bad_count(buckets, true::@extschema@.uuid6_sql_seal) END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '7d65cced5bcb24da') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_spread_bits(integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: log2 of a spread bucket count, 22023 for any count but a power of two from 2 to 256 (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

-- A bucket checked against 2^bits buckets.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_spread_bucket(bucket integer, bits integer, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN bucket >= 0 AND bucket < (1 << bits) THEN bucket
                ELSE @extschema@.uuid6_sql_spread_bad_bucket(bucket, bits, true::@extschema@.uuid6_sql_seal) END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '33cbce85e3df4fe5') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_spread_bucket(integer, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a spread bucket, 22023 outside 0 .. 2^bits - 1 (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

-- The Unix milliseconds of an instant, rounded up (the floor's millisecond),
-- from 1970-01-01 to one millisecond past the v7 layout's last (2^48 ms,
-- which the floor reads as past every key of the bucket); 22008 otherwise.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_spread_ms(at timestamptz, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN at >= '1970-01-01 00:00:00+00'::timestamptz AND at <= '10889-08-02 05:31:50.656+00'::timestamptz
                THEN (@extschema@.uuid6_sql_unix_us_of_instant(at, true::@extschema@.uuid6_sql_seal) + 999) / 1000
                ELSE @extschema@.uuid6_sql_spread_out_of_range(at, true::@extschema@.uuid6_sql_seal) END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '682a7c0918259612') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_spread_ms(timestamptz, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: an instant as Unix milliseconds rounded up, 22008 outside what a spread key holds (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

-- The high word of a spread key: the bucket byte (bucket b of 2^bits is
-- b << (8 - bits)), the top 40 bits of unix_ts_ms, version 8, then the low 8
-- bits of unix_ts_ms and the top 4 of the fraction: bits 67-16 of the v7
-- tick, given here as ms and the 16 bits below it (fraction and counter).
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_spread_hi(bits integer, bucket integer, ms bigint, below bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN (((bucket::bigint & ((1::bigint << bits) - 1)) << (64 - bits)))
           | ((ms >> 8) << 16) | 32768::bigint | ((ms & 255::bigint) << 4) | (below >> 16);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '1ed1ff1f01702e61') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_spread_hi(integer, integer, bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the high word of a spread key (bucket byte, unix_ts_ms, version 8, the top of the fraction) (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

-- The smallest spread key of a bucket at a millisecond (every bit after the
-- time zero): past the layout's last millisecond, the next bucket's first
-- key, or the largest UUID after the last bucket, as the C library.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_spread_floor(bits integer, bucket integer, ms bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN ms <= 281474976710655::bigint
                THEN @extschema@.uuid6_sql_uuid(@extschema@.uuid6_sql_spread_hi(bits, bucket, ms, 0::bigint, true::@extschema@.uuid6_sql_seal),
                                                -9223372036854775808, true::@extschema@.uuid6_sql_seal)
                WHEN bucket + 1 < (1 << bits)
                THEN @extschema@.uuid6_sql_uuid(@extschema@.uuid6_sql_spread_hi(bits, bucket + 1, 0::bigint, 0::bigint, true::@extschema@.uuid6_sql_seal),
                                                -9223372036854775808, true::@extschema@.uuid6_sql_seal)
                ELSE 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), 'aee05e2e335a165f') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_spread_floor(integer, integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the smallest spread key of a bucket at a Unix millisecond (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

-- A spread key of a v7 tick t ((unix_ts_ms << 12 | fraction) << 8 |
-- counter): the high word as above; the low word variant 10, the tick's low
-- 16 bits (the fraction's low 8, the counter), uuid6.node_id in bits 82-97
-- (random bits when node is -1), the 26-bit spread mark 0x2F1A5C3, and
-- k = bits in the last 4 bits. Each argument is read once (node too: NULLIF,
-- not a CASE), so that the planner inlines it even where node is the
-- uuid6.node_id reading, an expression too costly to be copied.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_spread_key(bits integer, bucket integer, t bigint, node integer, r bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_key(
             @extschema@.uuid6_sql_spread_hi(bits, bucket, t >> 20, t & 1048575::bigint, true::@extschema@.uuid6_sql_seal),
             -9223372036854775808 | ((t & 65535::bigint) << 46)
             | (coalesce(nullif(node, -1)::bigint, r & 65535::bigint) << 30)
             | (49391043::bigint << 4) | bits::bigint, true::@extschema@.uuid6_sql_seal);
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '8e7bbb3637b9f3e2') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_sql_spread_key(integer, integer, bigint, integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the spread key of a bucket and a tick of the v7 sequence, with a node id or (node < 0) random bits (SQL-standard body, inlined)';
END IF; END $uuid6_update$;

-- The generator. The bucket count is checked before a tick is drawn; the
-- tick is uuid_generate_v7()'s (uuid6_sql_draw: the read-only check, the
-- transaction's WAL record for durability, one nextval(); lifted when more
-- than 0.75 ms behind the clock, without waiting for the lift's lock); the
-- bucket the low bits of the session's process id (see the top of the
-- file). No SET clause: a hot path.
CREATE OR REPLACE FUNCTION @extschema@.uuid_generate_v8_spread(buckets integer DEFAULT 16) RETURNS uuid
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE AS $$
DECLARE
  bits integer := @extschema@.uuid6_sql_spread_bits(buckets, true::@extschema@.uuid6_sql_seal);
  t bigint := @extschema@.uuid6_sql_draw(7, true::@extschema@.uuid6_sql_seal);
BEGIN
  IF @extschema@.uuid6_sql_behind(7, t, true::@extschema@.uuid6_sql_seal) THEN
    t := @extschema@.uuid6_sql_lifted(7, t, true::@extschema@.uuid6_sql_seal);
  END IF;
  RETURN @extschema@.uuid6_sql_spread_key(bits, pg_catalog.pg_backend_pid(), t,
                                          @extschema@.uuid6_sql_node_id(true::@extschema@.uuid6_sql_seal), @extschema@.uuid6_sql_random(true::@extschema@.uuid6_sql_seal), true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '20e3d8e885842e3b') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_generate_v8_spread(integer) IS
    'a spread key: a UUIDv8 with this backend''s bucket (of buckets, a power of two from 2 to 256) in its top bits, then the next tick of the cluster''s v7 sequence; strictly increasing within a bucket, unique across all; 22023 for another bucket count, NULL for NULL';
END IF; END $uuid6_update$;

-- The floor: STRICT as in the C library, so PL/pgSQL (a STRICT SQL function
-- with a CASE would not be inlined either, and would cost more); its checks
-- in the C library's order: the count, the bucket, the instant.
CREATE OR REPLACE FUNCTION @extschema@.uuid_spread_floor(bucket integer, at timestamptz, buckets integer DEFAULT 16) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  bits integer := @extschema@.uuid6_sql_spread_bits(buckets, true::@extschema@.uuid6_sql_seal);
  b integer := @extschema@.uuid6_sql_spread_bucket(bucket, bits, true::@extschema@.uuid6_sql_seal);
  ms bigint := @extschema@.uuid6_sql_spread_ms(at, true::@extschema@.uuid6_sql_seal);
BEGIN
  RETURN @extschema@.uuid6_sql_spread_floor(bits, b, ms, true::@extschema@.uuid6_sql_seal);
END
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '15ca51bacccec7bf') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_spread_floor(integer, timestamptz, integer) IS
    'the smallest spread key of the bucket whose time, read to the millisecond, is at or after the instant: id >= uuid_spread_floor(b, a) selects exactly the keys of bucket b with uuid_extract_time(id) >= a; 22023 for a bad bucket or count, 22008 outside 1970 .. 10889';
END IF; END $uuid6_update$;

-- As in the C library: a standard SQL body, bound to uuid_spread_floor when
-- created. The series runs at least once, so that a bad bucket count is
-- reported rather than answered with no rows.
CREATE OR REPLACE FUNCTION @extschema@.uuid_spread_ranges(since timestamptz, until timestamptz, buckets integer DEFAULT 16)
    RETURNS TABLE (bucket integer, lo uuid, hi uuid)
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE ROWS 16
BEGIN ATOMIC
    SELECT b, @extschema@.uuid_spread_floor(b, since, buckets), @extschema@.uuid_spread_floor(b, until, buckets)
    FROM pg_catalog.generate_series(0, GREATEST(buckets, 1) - 1) AS b
    ORDER BY b;
END;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '75fd666a8f70dfb0') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid_spread_ranges(timestamptz, timestamptz, integer) IS
    'one row per bucket: id >= lo AND id < hi selects the spread keys of that bucket with since <= uuid_extract_time(id) < until, one index range each (join it LATERAL); 22023 for a bad bucket count';
END IF; END $uuid6_update$;

-- The C library's partition helper (sql/uuid6--1.3--1.4.sql), statement for
-- statement: one range partition per bucket under a table declared
-- PARTITION BY RANGE on its uuid key, partition b holding every UUID whose
-- top log2(buckets) bits are b; partitions already there with exactly those
-- bounds kept (whatever their names), any other refused; the partitions
-- named by the parent's name cut to whole characters whose bytes fit in
-- max_identifier_length - 1, then _bNN. Returns the number created.
-- PL/pgSQL with SET search_path = pg_catalog, pg_temp: it runs once per
-- table, never on a hot path; it names the parent by its schema and name,
-- each quoted, and calls nothing of uuid6.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_create_spread_partitions(parent regclass, buckets integer DEFAULT 16)
    RETURNS integer
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
    SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    bits integer;
    strategy "char";
    key_columns int2vector;
    key_type regtype;
    rel_kind "char";
    bounds text[];
    foreign_partition text;
    parent_schema name;
    parent_name name;
    digits integer;
    stem text;
    name_bytes integer;
    created integer := 0;
BEGIN
    IF buckets NOT IN (2, 4, 8, 16, 32, 64, 128, 256) THEN
        RAISE EXCEPTION 'a spread key needs a bucket count that is a power of two from 2 to 256, got %', buckets
            USING ERRCODE = '22023',
                  HINT = 'Use the same count for the keys, uuid6_create_spread_partitions and uuid_spread_ranges, for example 16.';
    END IF;
    bits := round(log(2, buckets))::integer;
    SELECT c.relkind, n.nspname, c.relname
        INTO rel_kind, parent_schema, parent_name
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = parent;
    IF rel_kind IS DISTINCT FROM 'p' THEN
        RAISE EXCEPTION '% is not a partitioned table', parent
            USING ERRCODE = '42809',
                  HINT = 'Declare it PARTITION BY RANGE on its uuid key, for example CREATE TABLE t (id uuid PRIMARY KEY DEFAULT uuid_generate_v8_spread(16), ...) PARTITION BY RANGE (id).';
    END IF;
    -- Serialises helpers on one table: they read the partitions, then add.
    EXECUTE format('LOCK TABLE %I.%I IN SHARE ROW EXCLUSIVE MODE', parent_schema, parent_name);
    SELECT p.partstrat, p.partattrs INTO strategy, key_columns
        FROM pg_partitioned_table p WHERE p.partrelid = parent;
    IF strategy <> 'r' OR array_length(key_columns::int2[], 1) <> 1 OR key_columns[0] = 0 THEN
        RAISE EXCEPTION '% is not partitioned by range on one uuid column', parent
            USING ERRCODE = '42P16',
                  DETAIL = format('Its partition key is %s.', pg_get_partkeydef(parent)),
                  HINT = 'Spread partitions need PARTITION BY RANGE (id) on the uuid key alone.';
    END IF;
    SELECT a.atttypid::regtype INTO key_type
        FROM pg_attribute a WHERE a.attrelid = parent AND a.attnum = key_columns[0];
    IF key_type <> 'uuid'::regtype THEN
        RAISE EXCEPTION '% is not partitioned by range on one uuid column', parent
            USING ERRCODE = '42P16',
                  DETAIL = format('Its partition key is %s, of type %s.', pg_get_partkeydef(parent), key_type),
                  HINT = 'Spread partitions need PARTITION BY RANGE (id) on the uuid key alone.';
    END IF;

    -- The bound of bucket b: its top byte, b << (8 - bits), then zeros; the
    -- last bucket reaches MAXVALUE.
    SELECT array_agg(format('FOR VALUES FROM (%L) TO (%s)',
                            lpad(to_hex(b << (8 - bits)), 2, '0') || '000000-0000-0000-0000-000000000000',
                            CASE WHEN b = buckets - 1 THEN 'MAXVALUE'
                                 ELSE quote_literal(lpad(to_hex((b + 1) << (8 - bits)), 2, '0')
                                                    || '000000-0000-0000-0000-000000000000') END)
                     ORDER BY b)
        INTO bounds FROM generate_series(0, buckets - 1) AS b;
    SELECT format('%s (%s)', i.inhrelid::regclass, pg_get_expr(c.relpartbound, c.oid))
        INTO foreign_partition
        FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = parent AND pg_get_expr(c.relpartbound, c.oid) <> ALL (bounds)
        ORDER BY i.inhrelid::regclass::text LIMIT 1;
    IF foreign_partition IS NOT NULL THEN
        RAISE EXCEPTION '% already has a partition that is not one of % spread partitions', parent, buckets
            USING ERRCODE = '55000',
                  DETAIL = format('Partition %s.', foreign_partition),
                  HINT = 'Create the spread partitions on a table without other partitions, with the bucket count its keys are made with.';
    END IF;

    -- Partition b is named stem || '_b' || b with b zero-padded to `digits`:
    -- the stem is the parent's name, cut by whole characters until the name
    -- fits in max_identifier_length bytes, less one for its array type's "_".
    digits := length((buckets - 1)::text);
    name_bytes := current_setting('max_identifier_length')::integer - 1 - length('_b') - digits;
    stem := parent_name::text;
    WHILE octet_length(stem) > name_bytes LOOP
        stem := left(stem, -1);
    END LOOP;
    FOR b IN 0 .. buckets - 1 LOOP
        CONTINUE WHEN EXISTS (
            SELECT FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
            WHERE i.inhparent = parent AND pg_get_expr(c.relpartbound, c.oid) = bounds[b + 1]);
        EXECUTE format('CREATE TABLE %I.%I PARTITION OF %I.%I %s', parent_schema,
                       stem || '_b' || lpad(b::text, digits, '0'), parent_schema, parent_name,
                       bounds[b + 1]);
        created := created + 1;
    END LOOP;
    RETURN created;
END;
$$;
DO $uuid6_update$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '70a9d87bdb2a62ba') OPERATOR(pg_catalog.=) 0 THEN
COMMENT ON FUNCTION @extschema@.uuid6_create_spread_partitions(regclass, integer) IS
    'creates one range partition per bucket (named <parent>_bNN) under a table declared PARTITION BY RANGE on its uuid key, each holding the UUIDs whose top bits are its bucket; keeps those already there; returns how many it created; 42809 for a table that is not partitioned, 42P16 for another partition key, 55000 for other partitions, 22023 for a bad bucket count';
END IF; END $uuid6_update$;

-- sql/edition/90_privileges.sql
-- uuid6 SQL edition: the privileges on its private objects, exactly uuid6's own.
--
-- Assembled last (scripts/tle.sh orders the sources by name), so that it runs
-- after everything is created, in a fresh install and in an update (where the
-- update's first part may have created uuid6_sql_sequences).
--
-- The installing role's default privileges (ALTER DEFAULT PRIVILEGES ... ON
-- SCHEMAS / SEQUENCES / FUNCTIONS) are added to every object it creates. On the
-- schema uuid6_sql_sequences they would let other roles name the sequences (and
-- queue a lock on one that stops every key), on a sequence let a role set it
-- (setval by OID: no name needed) and stop or rewind its keys, on uuid6_advance
-- let a role push every key ahead, on uuid6_set_node_id choose the node id. So here the privileges on those are set to
-- exactly what uuid6 grants (00_sequences.sql, 20_operations.sql): every other
-- grant, read from the ACLs as they are, is revoked; the owner's stay.
--
-- uuid6_advance, uuid6_set_node_id: a function made anew carries nothing but uuid6's grants and the
-- default privileges; one kept by an update or a run of the plain script again
-- may carry grants its owner made on purpose since. So on functions only the
-- grants that the installing role's default privileges for functions make
-- (global or for this schema) are revoked; the schema and the sequences are
-- for no role but their owner to set, whatever granted it.
--
-- Security: runs once, as the installing role: its search_path pinned for the
-- block (and restored), every name qualified all the same.
DO $$
DECLARE
  saved_path pg_catalog.text := pg_catalog.current_setting('search_path');
  r record;
BEGIN
  PERFORM pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', true);
  FOR r IN
    -- What uuid6 grants, per object (besides its owner's own): nothing on the schema.
    WITH wanted(relname, privileges) AS (VALUES
           ('uuid6_sql_v6', ARRAY['SELECT', 'USAGE']), ('uuid6_sql_v7', ARRAY['SELECT', 'USAGE']),
           ('uuid6_sql_v8', ARRAY['SELECT', 'USAGE']), ('uuid6_sql_draft_ms', ARRAY['SELECT', 'USAGE']),
           ('uuid6_sql_draft_us', ARRAY['SELECT', 'USAGE']), ('uuid6_sql_draft_ns', ARRAY['SELECT', 'USAGE']),
           ('uuid6_sql_lagging_v6', ARRAY['SELECT']), ('uuid6_sql_lagging_v7', ARRAY['SELECT']),
           ('uuid6_sql_lagging_v8', ARRAY['SELECT']), ('uuid6_sql_flush', ARRAY['SELECT', 'UPDATE'])),
         private AS (SELECT n.oid FROM pg_catalog.pg_namespace n
                     WHERE n.nspname OPERATOR(pg_catalog.=) 'uuid6_sql_sequences')
    SELECT pg_catalog.format('REVOKE %s ON SCHEMA uuid6_sql_sequences FROM %s CASCADE',
                             a.privilege_type,
                             CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC'
                                  ELSE pg_catalog.quote_ident(g.rolname) END) AS stmt
    FROM pg_catalog.pg_namespace n
         CROSS JOIN LATERAL pg_catalog.aclexplode(n.nspacl) a
         LEFT JOIN pg_catalog.pg_roles g ON g.oid OPERATOR(pg_catalog.=) a.grantee
    WHERE n.oid OPERATOR(pg_catalog.=) (SELECT oid FROM private)
      AND a.grantee OPERATOR(pg_catalog.<>) n.nspowner
    UNION
    SELECT pg_catalog.format('REVOKE %s ON SEQUENCE uuid6_sql_sequences.%I FROM %s CASCADE',
                             a.privilege_type, c.relname,
                             CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC'
                                  ELSE pg_catalog.quote_ident(g.rolname) END)
    FROM pg_catalog.pg_class c
         JOIN wanted w ON w.relname OPERATOR(pg_catalog.=) c.relname::pg_catalog.text
         CROSS JOIN LATERAL pg_catalog.aclexplode(c.relacl) a
         LEFT JOIN pg_catalog.pg_roles g ON g.oid OPERATOR(pg_catalog.=) a.grantee
    WHERE c.relnamespace OPERATOR(pg_catalog.=) (SELECT oid FROM private)
      AND c.relkind OPERATOR(pg_catalog.=) 'S'
      AND a.grantee OPERATOR(pg_catalog.<>) c.relowner
      AND NOT (a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid
               AND a.privilege_type OPERATOR(pg_catalog.=) ANY (w.privileges))
    UNION
    -- The tables: the lift's lock for no other role, the node id for every role to read.
    SELECT pg_catalog.format('REVOKE %s ON TABLE uuid6_sql_sequences.%I FROM %s CASCADE',
                             a.privilege_type, c.relname,
                             CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC'
                                  ELSE pg_catalog.quote_ident(g.rolname) END)
    FROM pg_catalog.pg_class c
         CROSS JOIN LATERAL pg_catalog.aclexplode(c.relacl) a
         LEFT JOIN pg_catalog.pg_roles g ON g.oid OPERATOR(pg_catalog.=) a.grantee
    WHERE c.relnamespace OPERATOR(pg_catalog.=) (SELECT oid FROM private)
      AND c.relkind OPERATOR(pg_catalog.=) 'r'
      AND a.grantee OPERATOR(pg_catalog.<>) c.relowner
      AND NOT (c.relname OPERATOR(pg_catalog.=) 'uuid6_sql_node'
               AND a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid
               AND a.privilege_type OPERATOR(pg_catalog.=) 'SELECT')
    UNION
    -- uuid6_advance, uuid6_set_node_id: the default privileges' grants (see above), and any to PUBLIC.
    SELECT pg_catalog.format('REVOKE %s ON FUNCTION %s FROM %s CASCADE',
                             a.privilege_type, p.oid::pg_catalog.regprocedure,
                             CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC'
                                  ELSE pg_catalog.quote_ident(g.rolname) END)
    FROM pg_catalog.pg_proc p
         CROSS JOIN LATERAL pg_catalog.aclexplode(p.proacl) a
         LEFT JOIN pg_catalog.pg_roles g ON g.oid OPERATOR(pg_catalog.=) a.grantee
    WHERE p.pronamespace OPERATOR(pg_catalog.=) pg_catalog.to_regnamespace('@extschema@')::pg_catalog.oid
      AND p.proname OPERATOR(pg_catalog.=) ANY (ARRAY['uuid6_advance', 'uuid6_set_node_id']::pg_catalog.name[])
      AND a.grantee OPERATOR(pg_catalog.<>) p.proowner
      -- (uuid6 grants it to the installing role, @extowner@, written quoted where it must be.)
      AND pg_catalog.quote_ident(g.rolname) IS DISTINCT FROM '@extowner@'
      AND (a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid
           OR EXISTS (SELECT FROM pg_catalog.pg_default_acl d
                             CROSS JOIN LATERAL pg_catalog.aclexplode(d.defaclacl) da
                      WHERE d.defaclrole OPERATOR(pg_catalog.=) p.proowner
                        AND d.defaclobjtype OPERATOR(pg_catalog.=) 'f'
                        AND d.defaclnamespace OPERATOR(pg_catalog.=) ANY (ARRAY[0::pg_catalog.oid, p.pronamespace])
                        AND da.grantee OPERATOR(pg_catalog.=) a.grantee
                        AND da.privilege_type OPERATOR(pg_catalog.=) a.privilege_type))
  LOOP
    EXECUTE r.stmt;
  END LOOP;
  PERFORM pg_catalog.set_config('search_path', saved_path, true);
END
$$;

-- (generated by scripts/tle.sh)
-- The version of the edition installed in this schema, read from the
-- catalog by the plain script when it runs again. An SQL-standard body: bound
-- when created, nothing to resolve when called.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_edition_version() RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN '1.5';
COMMENT ON FUNCTION @extschema@.uuid6_sql_edition_version() IS
    'uuid6 internal: the version of the SQL edition installed in this schema';

SET LOCAL search_path = @extschema@, pg_temp;
