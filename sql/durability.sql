-- uuid6_advance and the durability columns of uuid6_status. Lifting a
-- sequence above keys made elsewhere, and surviving restarts, are proven in
-- test/t/012_durability.pl; here: its SQL surface, errors and privileges,
-- without moving any sequence ahead of the clock.
SET timezone = 'UTC';
\set VERBOSITY terse

SELECT p.proname, p.provolatile AS volatility, p.proisstrict AS strict, p.proparallel AS parallel,
       p.prorettype::regtype AS returns
FROM pg_proc p WHERE p.oid = 'uuid6_advance(uuid)'::regprocedure;

-- Not executable by PUBLIC.
SELECT has_function_privilege('public', 'uuid6_advance(uuid)', 'EXECUTE') AS public_may;
SET client_min_messages = warning;
DROP ROLE IF EXISTS uuid6_nobody;
RESET client_min_messages;
CREATE ROLE uuid6_nobody;
SET ROLE uuid6_nobody;
SELECT uuid6_advance('017f22e2-79b0-7cc3-98c4-dc0c0c07398f');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
RESET ROLE;
DROP ROLE uuid6_nobody;

-- A value of each version just generated: nothing to lift, and it works.
SELECT uuid6_advance(uuid_generate_v6()), uuid6_advance(uuid_generate_v7()),
       uuid6_advance(uuid_generate_v8());
-- A key from the past (the RFC 9562 vectors): the sequences are already above.
SELECT uuid6_advance('1ec9414c-232a-6b00-b3c8-9f6bdeced846'),
       uuid6_advance('017f22e2-79b0-7cc3-98c4-dc0c0c07398f');
SELECT uuid_generate_v7() > '017f22e2-79b0-7cc3-98c4-dc0c0c07398f' AS above;
-- NULL in, nothing done.
SELECT uuid6_advance(NULL) IS NULL AS null_in;

-- Bad input, with its SQLSTATE: not version 6, 7 or 8 (v4, v1, a v7 of
-- the Microsoft variant), or more than a day ahead of the clock.
SELECT uuid6_advance('919108f7-52d1-4320-9bac-f847db4148a8');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid6_advance('c232ab00-9414-11ec-b3c8-9f6bdeced846');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid6_advance('017f22e2-79b0-7cc3-d8c4-dc0c0c07398f');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid6_advance(uuid_generate_v7(now() + interval '400 days'));
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid6_advance(uuid_generate_v6(now() + interval '2 days'));
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- What the state file gave at start, and how far it covers each sequence
-- now: every sequence above has generated, so its lease runs ahead of the
-- clock.
SELECT version, restored_from IN ('none', 'state file', 'unreadable state file') AS restored_known,
       (state_saved_at IS NULL) = (restored_from <> 'state file') AS saved_at_known,
       persisted_until > clock_timestamp() AS covered_ahead,
       persisted_until < clock_timestamp() + interval '1 minute' AS not_far_ahead
FROM uuid6_status() ORDER BY version;
