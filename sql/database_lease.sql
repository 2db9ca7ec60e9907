-- The lease each database keeps in WAL: its objects' markings, grants and
-- comments, that generating writes it with each object owner's rights
-- (whoever calls), what uuid6_status shows of it, the transactions that
-- cannot write it, and the ERROR when it is gone. Moves of the database
-- (promotion, restores, pg_dump, pg_upgrade, crashes) are proven in
-- test/t/022_database_lease.pl.
SET timezone = 'UTC';
\set VERBOSITY terse
SELECT current_user AS superuser, current_database() AS regression_db \gset

-- Four sequences, members of the extension, dumped as its configuration,
-- owned by the bootstrap superuser (the script's), commented, in the
-- extension's own schema uuid6_lease.
SELECT c.relnamespace::regnamespace AS schema, c.relname, c.relkind, s.seqmin, s.seqstart, s.seqincrement, s.seqcycle,
       d.deptype, c.oid = ANY (e.extconfig) AS dumped,
       obj_description(c.oid, 'pg_class') IS NOT NULL AS commented
FROM pg_class c
JOIN pg_sequence s ON s.seqrelid = c.oid
JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uuid6'
ORDER BY 2;

-- No role but the extension's owner may use their schema (where any role
-- that may name a relation may queue a lock on it that holds back every
-- other): a member of the extension, commented.
SELECT n.nspname, d.deptype,
       has_schema_privilege('public', n.oid, 'USAGE') AS public_usage,
       has_schema_privilege('public', n.oid, 'CREATE') AS public_create,
       has_schema_privilege(e.extowner, n.oid, 'USAGE') AS owner_usage,
       obj_description(n.oid, 'pg_namespace') IS NOT NULL AS commented
FROM pg_namespace n
JOIN pg_depend d ON d.classid = 'pg_namespace'::regclass AND d.objid = n.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uuid6';

-- Anyone reads them by OID (pg_dump from 18 on); only the extension's owner
-- changes them.
SELECT c.relname,
       has_sequence_privilege('public', c.oid, 'SELECT') AS public_select,
       has_sequence_privilege('public', c.oid, 'UPDATE') AS public_update,
       has_sequence_privilege('public', c.oid, 'USAGE') AS public_usage,
       has_sequence_privilege(e.extowner, c.oid, 'UPDATE') AS owner_update
FROM pg_class c, pg_extension e
WHERE e.extname = 'uuid6' AND c.relname LIKE 'uuid6\_lease\_%' ORDER BY 1;

-- Generating writes this database's lease ahead of the key, within a few
-- seconds of the clock; uuid6_status shows it.
SELECT uuid_generate_v6() IS NOT NULL, uuid_generate_v7() IS NOT NULL, uuid_generate_v8() IS NOT NULL;
SELECT version, database_lease,
       database_lease_until >= clock_timestamp() - interval '2 s' AS ahead_of_keys,
       database_lease_until < clock_timestamp() + interval '1 minute' AS not_far_ahead,
       database_lease_written
FROM uuid6_status() ORDER BY version;
SELECT uuid_extract_time(uuid_generate_v7()) <= (SELECT database_lease_until FROM uuid6_status() WHERE version = 7)
       AS key_covered;
SELECT last_value > 0 AS server_marked FROM uuid6_lease.uuid6_lease_server;

-- A read-only transaction cannot write it: keys still come, under the
-- state file alone, and uuid6_status says so.
BEGIN READ ONLY;
SELECT uuid_generate_v7() IS NOT NULL AS generated_read_only;
SELECT version, database_lease_written FROM uuid6_status() ORDER BY version;
COMMIT;

-- Not transactional: a lease written in a subtransaction or a transaction
-- that rolls back stays. (After a pause longer than the renewal margin,
-- the next key needs a new lease.)
SELECT last_value AS lease_before FROM uuid6_lease.uuid6_lease_v8 \gset
BEGIN;
SAVEPOINT s;
SELECT pg_sleep(1.2);
SELECT uuid_generate_v8() IS NOT NULL AS generated_in_subtransaction;
ROLLBACK TO SAVEPOINT s;
ROLLBACK;
SELECT last_value > :lease_before AS kept_after_rollback FROM uuid6_lease.uuid6_lease_v8;

-- A caller with no right on the lease objects generates all the same (the
-- owner's rights write them), but cannot write them itself.
SET client_min_messages = warning;
DROP DATABASE IF EXISTS uuid6_lease_db;
DROP ROLE IF EXISTS uuid6_lease_app;
DROP ROLE IF EXISTS uuid6_lease_user;
RESET client_min_messages;
CREATE ROLE uuid6_lease_app LOGIN;
CREATE ROLE uuid6_lease_user LOGIN;
CREATE DATABASE uuid6_lease_db;
GRANT CREATE ON DATABASE uuid6_lease_db TO uuid6_lease_app;
\c uuid6_lease_db uuid6_lease_app
-- Installed by a role that is not superuser, in a schema of its own.
CREATE SCHEMA app;
CREATE EXTENSION uuid6 SCHEMA app;
GRANT USAGE ON SCHEMA app TO uuid6_lease_user;
\c uuid6_lease_db uuid6_lease_user
SET search_path = app;
SELECT uuid_generate_v7() IS NOT NULL AS generated_by_user;
SELECT version, database_lease, database_lease_until IS NOT NULL AS written
FROM uuid6_status() WHERE version = 7;
SELECT setval('uuid6_lease.uuid6_lease_v7', 1);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
-- A search_path that would find a look-alike first changes nothing: the
-- lease objects are found in the extension's schema uuid6_lease, never by
-- search_path.
\c uuid6_lease_db uuid6_lease_app
CREATE SCHEMA look;
CREATE SEQUENCE look.uuid6_lease_v7;
SET search_path = look, app;
SELECT last_value AS lease_before FROM uuid6_lease.uuid6_lease_v7 \gset
SELECT pg_sleep(1.2);
SELECT uuid_generate_v7() IS NOT NULL AS generated;
SELECT (SELECT last_value FROM uuid6_lease.uuid6_lease_v7) > :lease_before AS real_lease_written,
       (SELECT is_called FROM look.uuid6_lease_v7) AS look_alike_written;
DROP SCHEMA look CASCADE;
RESET search_path;

-- The owner writes a lower value by hand: the sequences never go back, and
-- the next backend to generate writes the lease above its keys again.
SELECT app.uuid_generate_v7() AS before_tamper \gset
SELECT setval('uuid6_lease.uuid6_lease_v7', 1) AS tampered;
\c uuid6_lease_db uuid6_lease_app
SELECT app.uuid_generate_v7() > :'before_tamper' AS still_above;
SELECT last_value > 1 AS lease_rewritten FROM uuid6_lease.uuid6_lease_v7;

-- A lease object that is gone: a clear ERROR naming it, for every version
-- (never a silent fallback); uuid6_status reports it the same way.
\c uuid6_lease_db :superuser
ALTER EXTENSION uuid6 DROP SEQUENCE uuid6_lease.uuid6_lease_v7;
DROP SEQUENCE uuid6_lease.uuid6_lease_v7;
\c uuid6_lease_db uuid6_lease_app
SELECT app.uuid_generate_v7();
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT app.uuid_generate_v6();
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT version FROM app.uuid6_status();
\echo SQLSTATE :LAST_ERROR_SQLSTATE
-- A table in its place is not a lease either.
\c uuid6_lease_db :superuser
CREATE TABLE uuid6_lease.uuid6_lease_v7 (x int);
ALTER EXTENSION uuid6 ADD TABLE uuid6_lease.uuid6_lease_v7;
\c uuid6_lease_db uuid6_lease_app
SELECT app.uuid_generate_v7();
\echo SQLSTATE :LAST_ERROR_SQLSTATE
-- A member sequence that a dump would not carry (ALTER EXTENSION ... ADD
-- alone does not register it with pg_extension_config_dump) is refused.
\c uuid6_lease_db :superuser
ALTER EXTENSION uuid6 DROP TABLE uuid6_lease.uuid6_lease_v7;
DROP TABLE uuid6_lease.uuid6_lease_v7;
CREATE SEQUENCE uuid6_lease.uuid6_lease_v7 AS bigint MINVALUE 0 START 0;
ALTER EXTENSION uuid6 ADD SEQUENCE uuid6_lease.uuid6_lease_v7;
GRANT SELECT, UPDATE ON SEQUENCE uuid6_lease.uuid6_lease_v7 TO uuid6_lease_app;
\c uuid6_lease_db uuid6_lease_app
SELECT app.uuid_generate_v7();
\echo SQLSTATE :LAST_ERROR_SQLSTATE
-- Registered as the ERROR's hint says, it works again, and a dump carries
-- its value.
\c uuid6_lease_db :superuser
UPDATE pg_catalog.pg_extension SET extconfig = array_append(extconfig, 'uuid6_lease.uuid6_lease_v7'::regclass::oid),
    extcondition = array_append(extcondition, '') WHERE extname = 'uuid6';
\c uuid6_lease_db uuid6_lease_app
SELECT app.uuid_generate_v7() IS NOT NULL AS generated_again,
       (SELECT last_value > 0 FROM uuid6_lease.uuid6_lease_v7) AS written_again,
       (SELECT count(*) FROM pg_extension, unnest(extconfig) AS c
        WHERE extname = 'uuid6' AND c = 'uuid6_lease.uuid6_lease_v7'::regclass) AS dumped;

-- An unlogged lease is never in WAL, so a standby or a restored backup
-- would not have it: refused, naming it, as is a lease its owner cannot
-- read and write (its value would look never written).
\c uuid6_lease_db :superuser
ALTER SEQUENCE uuid6_lease.uuid6_lease_v7 SET UNLOGGED;
\c uuid6_lease_db uuid6_lease_app
SELECT app.uuid_generate_v7();
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT version FROM app.uuid6_status();
\echo SQLSTATE :LAST_ERROR_SQLSTATE
\c uuid6_lease_db :superuser
ALTER SEQUENCE uuid6_lease.uuid6_lease_v7 SET LOGGED;
SELECT relowner::regrole AS lease_owner FROM pg_class WHERE oid = 'uuid6_lease.uuid6_lease_v8'::regclass \gset
ALTER SEQUENCE uuid6_lease.uuid6_lease_v8 OWNER TO uuid6_lease_app;
REVOKE UPDATE ON SEQUENCE uuid6_lease.uuid6_lease_v8 FROM uuid6_lease_app;
\c uuid6_lease_db uuid6_lease_app
SELECT app.uuid_generate_v8();
\echo SQLSTATE :LAST_ERROR_SQLSTATE
\c uuid6_lease_db :superuser
GRANT ALL ON SEQUENCE uuid6_lease.uuid6_lease_v8 TO uuid6_lease_app;
ALTER SEQUENCE uuid6_lease.uuid6_lease_v8 OWNER TO :"lease_owner";
\c uuid6_lease_db uuid6_lease_app
SELECT app.uuid_generate_v7() IS NOT NULL AS v7_again, app.uuid_generate_v8() IS NOT NULL AS v8_again;

-- Created and used in one transaction, then rolled back: nothing is left
-- that a later install trips over.
\c uuid6_lease_db :superuser
DROP EXTENSION uuid6;
BEGIN;
CREATE EXTENSION uuid6 SCHEMA app;
SELECT app.uuid_generate_v7() IS NOT NULL AS generated_in_creating_transaction;
ROLLBACK;
CREATE EXTENSION uuid6 SCHEMA app;
SELECT app.uuid_generate_v7() IS NOT NULL AS generated_after;
SELECT (SELECT last_value > 0 FROM uuid6_lease.uuid6_lease_v7) AS written;

-- A schema named uuid6_lease that another role made before the install is
-- never taken for uuid6's: the install is refused, naming its owner.
DROP EXTENSION uuid6;
GRANT CREATE ON DATABASE uuid6_lease_db TO uuid6_lease_user;
\c uuid6_lease_db uuid6_lease_user
CREATE SCHEMA uuid6_lease;
\c uuid6_lease_db uuid6_lease_app
CREATE EXTENSION uuid6 SCHEMA app;
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- Into a schema whose name holds a quote, a dollar and a backslash, as up
-- to 1.4, afresh and by the update from 1.4.
\c uuid6_lease_db :superuser
DROP SCHEMA uuid6_lease;
CREATE SCHEMA "we'ird$""x\";
CREATE EXTENSION uuid6 SCHEMA "we'ird$""x\";
SELECT "we'ird$""x\".uuid_generate_v7() IS NOT NULL AS generated_odd_schema;
DROP EXTENSION uuid6;
CREATE EXTENSION uuid6 SCHEMA "we'ird$""x\" VERSION '1.4';
ALTER EXTENSION uuid6 UPDATE;
SELECT extversion = (SELECT default_version FROM pg_available_extensions WHERE name = 'uuid6') AS at_default,
       "we'ird$""x\".uuid_generate_v7() IS NOT NULL AS generated_after_update
FROM pg_extension WHERE extname = 'uuid6';

\c :regression_db :superuser
DROP DATABASE uuid6_lease_db;
DROP ROLE uuid6_lease_app;
DROP ROLE uuid6_lease_user;
