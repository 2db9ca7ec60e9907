-- uuid6 SQL edition: helpers that no function of this version calls, kept one
-- release after their last caller.
--
-- An update replaces uuid6's functions in place and commits; a statement
-- that was running when it committed may still be executing the earlier
-- version's bodies, and so call the helpers those bodies name. Dropping a
-- helper in the same update would make such a statement fail ("function
-- does not exist", or a cache lookup failure in a PL/pgSQL caller). So a
-- helper retired in version N stays in N with a body that still answers its
-- old callers, and the update to N+1 drops it. Each says which version
-- retired it.

-- Retired in 1.6, dropped in 1.7: 1.5 read uuid6.node_id in every spelling
-- C's strtol() and strtod() accept; 1.6 reads a plain decimal integer and
-- refuses the rest (uuid6_sql_node_id_refused), so the old readers refuse
-- too. (SQL-standard bodies: bound when created.)
CREATE FUNCTION uuid6_sql_parse_node_id(setting text, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_node_id_refused(setting, true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION uuid6_sql_parse_node_id(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal, retired in 1.6: refuses a uuid6.node_id that is not a plain integer';

CREATE FUNCTION uuid6_sql_node_id_in_range(setting text, value numeric, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_node_id_refused(setting, true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION uuid6_sql_node_id_in_range(text, numeric, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal, retired in 1.6: refuses a uuid6.node_id that is not a plain integer';

CREATE FUNCTION uuid6_sql_node_id_invalid(setting text, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_node_id_refused(setting, true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION uuid6_sql_node_id_invalid(text, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal, retired in 1.6: refuses a uuid6.node_id that is not a plain integer';

CREATE FUNCTION uuid6_sql_strtol_reads_binary(seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    RETURN false;
COMMENT ON FUNCTION uuid6_sql_strtol_reads_binary(@extschema@.uuid6_sql_seal) IS
    'uuid6 internal, retired in 1.6: no spelling but a plain integer is read';
