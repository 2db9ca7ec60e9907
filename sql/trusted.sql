-- uuid6 is trusted: a role that is not superuser, with CREATE on a
-- database, installs it (into a schema of its own, chosen at CREATE
-- EXTENSION) and uses it.
SELECT current_user AS superuser, current_database() AS regression_db \gset
-- Leftovers of an interrupted run, if any.
SET client_min_messages = warning;
DROP DATABASE IF EXISTS uuid6_trusted;
DROP ROLE IF EXISTS uuid6_app;
RESET client_min_messages;
CREATE ROLE uuid6_app LOGIN;
CREATE DATABASE uuid6_trusted;
GRANT CREATE ON DATABASE uuid6_trusted TO uuid6_app;
\c uuid6_trusted uuid6_app
SELECT rolsuper FROM pg_roles WHERE rolname = current_user;
CREATE SCHEMA app;
CREATE EXTENSION uuid6 SCHEMA app;
SELECT extname, extnamespace::regnamespace, extowner::regrole FROM pg_extension WHERE extname = 'uuid6';
SET search_path = app;
SELECT uuid_v1_to_v6('c232ab00-9414-11ec-b3c8-9f6bdeced846');
SELECT uuid_extract_time(uuid_generate_v7()) IS NOT NULL AS generated;
SELECT mode IN ('shared_preload', 'dsm_registry', 'lazy_shmem') AS cluster_wide FROM uuid6_status() LIMIT 1;
-- uuid6_advance is not PUBLIC's: the installing role may run it, and may
-- grant it to others.
SELECT has_function_privilege('uuid6_app', 'uuid6_advance(uuid)', 'EXECUTE') AS installer_may,
       has_function_privilege('public', 'uuid6_advance(uuid)', 'EXECUTE') AS public_may;
SELECT uuid6_advance(uuid_generate_v7());
GRANT EXECUTE ON FUNCTION uuid6_advance(uuid) TO PUBLIC;
SELECT has_function_privilege('public', 'uuid6_advance(uuid)', 'EXECUTE') AS public_may;
REVOKE EXECUTE ON FUNCTION uuid6_advance(uuid) FROM PUBLIC;
DROP EXTENSION uuid6;
\c :regression_db :superuser
DROP DATABASE uuid6_trusted;
DROP ROLE uuid6_app;
