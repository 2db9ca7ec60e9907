-- uuid6.max_advance: how far ahead of the clock a role that is not
-- superuser may lift a sequence with uuid6_advance; superusers keep the
-- one-day bound. No sequence is moved more than a second ahead of the clock.
-- (A value from postgresql.conf set before the library loads is proven in
-- test/t/020_max_advance.pl.)
SET timezone = 'UTC';
\set VERBOSITY terse
-- The library defines the setting when it loads; loaded here whether
-- preloaded or not.
LOAD 'uuid6';

SELECT name, setting, unit, context, vartype, min_val, max_val, boot_val
FROM pg_settings WHERE name = 'uuid6.max_advance';
SHOW uuid6.max_advance;
SET uuid6.max_advance = '90s';
SHOW uuid6.max_advance;
-- Out of range (the message's wording differs between major versions).
\set VERBOSITY sqlstate
SET uuid6.max_advance = '2d';
SET uuid6.max_advance = -1;
\set VERBOSITY terse
RESET uuid6.max_advance;

SET client_min_messages = warning;
DROP ROLE IF EXISTS uuid6_tenant;
RESET client_min_messages;
CREATE ROLE uuid6_tenant;
GRANT EXECUTE ON FUNCTION uuid6_advance(uuid) TO uuid6_tenant;

-- A role that is not superuser cannot change the setting.
SET ROLE uuid6_tenant;
SET uuid6.max_advance = '1d';
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SHOW uuid6.max_advance;

-- Under the default (5 minutes): a key an hour ahead is refused (42501),
-- two days ahead is refused by the one-day bound first (22008), a key of
-- now and one a second ahead are taken.
SELECT uuid6_advance(uuid_generate_v7(clock_timestamp() + interval '1 hour'));
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid6_advance(uuid_generate_v6(clock_timestamp() + interval '1 hour'));
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid6_advance(uuid_generate_v8(clock_timestamp() + interval '6 minutes'));
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid6_advance(uuid_generate_v7(clock_timestamp() + interval '2 days'));
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid6_advance(uuid_generate_v7()) IS NOT NULL AS taken_now,
       uuid6_advance(uuid_generate_v7(clock_timestamp() + interval '1 second')) IS NOT NULL AS taken_ahead;
RESET ROLE;

-- A tighter bound, set by a superuser, binds the role: 0 allows nothing
-- ahead of the clock, while a key from the past is still taken.
SET uuid6.max_advance = 0;
SET ROLE uuid6_tenant;
SHOW uuid6.max_advance;
SELECT uuid6_advance(uuid_generate_v7(clock_timestamp() + interval '1 second'));
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid6_advance(uuid_generate_v6(clock_timestamp() - interval '1 second')) IS NOT NULL AS taken_past;
RESET ROLE;

-- The superuser is not bound by it: a key a second ahead is taken. Then
-- the role may pass that same key, which the sequence has passed already
-- (it lifts nothing), but not one ahead of it.
SELECT uuid_generate_v7(clock_timestamp() + interval '1 second') AS ahead,
       uuid_generate_v7(clock_timestamp() + interval '5 seconds') AS further \gset
SELECT uuid6_advance(:'ahead') IS NOT NULL AS superuser_taken;
SET ROLE uuid6_tenant;
SELECT uuid6_advance(:'ahead') IS NOT NULL AS passed_key_taken;
SELECT uuid6_advance(:'further');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
RESET ROLE;
RESET uuid6.max_advance;

-- The bound is relative to the clock, not to the sequence: calling again
-- and again with keys a second ahead leaves the sequence about a second
-- ahead, never further.
SET uuid6.max_advance = '2s';
SET ROLE uuid6_tenant;
SELECT count(*) AS calls
FROM generate_series(1, 5) AS i,
     LATERAL (SELECT uuid6_advance(uuid_generate_v7(clock_timestamp() + interval '1 second'))) AS a;
SELECT uuid_generate_v7() < uuid_generate_v7(clock_timestamp() + interval '3 seconds') AS not_accumulated;
SELECT uuid6_advance(uuid_generate_v7(clock_timestamp() + interval '10 seconds'));
\echo SQLSTATE :LAST_ERROR_SQLSTATE
RESET ROLE;
RESET uuid6.max_advance;

REVOKE EXECUTE ON FUNCTION uuid6_advance(uuid) FROM uuid6_tenant;
DROP ROLE uuid6_tenant;
