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

-- uuid6.node_id: a plain decimal integer from -1 to 65535, or refused
-- (00_sequences.sql); the readers of every other spelling retired
-- (80_retired.sql), kept with bodies that refuse, for statements still
-- running 1.5's bodies.
CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_node_id_refused(setting text, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  RAISE EXCEPTION 'invalid value for parameter "%": "%"', 'uuid6.node_id', setting
    USING ERRCODE = 'invalid_parameter_value',
          DETAIL = 'The SQL edition of uuid6 reads the node id as a plain decimal integer from -1 (none) to 65535.',
          HINT = 'As the role that installed uuid6: SELECT uuid6_set_node_id(N), with N a plain integer, or ALTER DATABASE ... SET uuid6.node_id = N.';
END
$$;
COMMENT ON FUNCTION @extschema@.uuid6_sql_node_id_refused(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the error for a uuid6.node_id that is not a plain decimal integer from -1 to 65535';

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_node_id_value(seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql STABLE PARALLEL SAFE
    RETURN CASE
      WHEN coalesce(@extschema@.uuid6_sql_database_node_id(true::@extschema@.uuid6_sql_seal), '') = '' THEN -1
      WHEN @extschema@.uuid6_sql_database_node_id(true::@extschema@.uuid6_sql_seal) ~ '^(-1|0|[1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])$'
        THEN @extschema@.uuid6_sql_database_node_id(true::@extschema@.uuid6_sql_seal)::integer
      ELSE @extschema@.uuid6_sql_node_id_refused(@extschema@.uuid6_sql_database_node_id(true::@extschema@.uuid6_sql_seal),
                                                 true::@extschema@.uuid6_sql_seal) END;
COMMENT ON FUNCTION @extschema@.uuid6_sql_node_id_value(@extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the node id in effect, -1 when none; a value that is not a plain integer from -1 to 65535 is refused';

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_parse_node_id(setting text, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_node_id_refused(setting, true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION @extschema@.uuid6_sql_parse_node_id(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal, retired in 1.6: refuses a uuid6.node_id that is not a plain integer';

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_node_id_in_range(setting text, value numeric, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_node_id_refused(setting, true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION @extschema@.uuid6_sql_node_id_in_range(text, numeric, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal, retired in 1.6: refuses a uuid6.node_id that is not a plain integer';

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_node_id_invalid(setting text, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_node_id_refused(setting, true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION @extschema@.uuid6_sql_node_id_invalid(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal, retired in 1.6: refuses a uuid6.node_id that is not a plain integer';

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_strtol_reads_binary(seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    RETURN false;
COMMENT ON FUNCTION @extschema@.uuid6_sql_strtol_reads_binary(@extschema@.uuid6_sql_seal) IS
    'uuid6 internal, retired in 1.6: no spelling but a plain integer is read';

CREATE OR REPLACE FUNCTION @extschema@.uuid6_sql_edition_version() RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN '1.6';

SET LOCAL search_path = @extschema@, pg_temp;
