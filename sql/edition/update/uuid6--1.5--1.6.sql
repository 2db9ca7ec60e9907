-- uuid6 1.5 -> 1.6, SQL edition. Written by hand: what 1.6 changes, nothing else.
-- scripts/tle.sh runs it between the installation check and the bound check, as
-- ALTER EXTENSION uuid6 UPDATE (pg_tle, database.dev) and in the plain script.
--
-- Rules for this file (and every update after it):
--   - functions are replaced in place (CREATE OR REPLACE: same OID, so every
--     DEFAULT, view and index of the user's stays), never dropped in the
--     release that stops calling them: a statement that was running when the
--     update committed may still call them through an old body;
--   - every function it makes is named @extschema@.NAME and created with the
--     path pinned to pg_catalog, pg_temp;
--   - a grant or comment it makes is one that 1.6 changes: the user's own
--     stay as they are;
--   - it ends by saying its version (uuid6_sql_edition_version()).
-- The edition suite checks that an update from every earlier release leaves
-- what a fresh install of 1.6 makes, object by object.

-- Only the role that installed the edition: objects it creates would
-- otherwise have two owners.
DO $uuid6_owner$
DECLARE
  owner oid := (SELECT p.proowner FROM pg_catalog.pg_proc p
                WHERE p.oid OPERATOR(pg_catalog.=) '@extschema@.uuid6_sql_edition_version()'::pg_catalog.regprocedure);
BEGIN
  IF owner OPERATOR(pg_catalog.<>) (SELECT o.oid FROM pg_catalog.pg_roles o WHERE o.rolname OPERATOR(pg_catalog.=) current_user) THEN
    RAISE EXCEPTION 'uuid6: its functions belong to role %, not to %, who runs this update',
        owner::pg_catalog.regrole, current_user
      USING ERRCODE = 'insufficient_privilege',
            HINT = 'Update uuid6 as the role that installed it (SET ROLE to it first), so that its functions keep one owner.';
  END IF;
END
$uuid6_owner$;

SET LOCAL search_path = pg_catalog, pg_temp;

-- Nothing that holds the lift's row sends the client anything below an
-- ERROR (a client that stops reading would hold it: 00_sequences.sql).
ALTER FUNCTION @extschema@.uuid6_sql_lift(integer, bigint, @extschema@.uuid6_sql_seal)
    SET client_min_messages = error;
ALTER FUNCTION @extschema@.uuid6_advance(uuid) SET client_min_messages = error;

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_edition_version() RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN '1.6';

SET LOCAL search_path = @extschema@, pg_temp;
