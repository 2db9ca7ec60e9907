-- min(uuid) and max(uuid) where PostgreSQL has none (it adds them in version
-- 20), as the C library's sql/uuid6--1.5--1.6.sql: the same names,
-- declarations and decision, the transition functions in SQL.
--
-- The transition functions are SQL-standard bodies, bound at installation to
-- pg_catalog's uuid operators (the path is pinned), so they order as the uuid
-- type's btree does; they serve as combine functions too, so parallel plans
-- aggregate in their workers. (STRICT, so that the aggregate skips NULLs and
-- starts from the first value; not inlined, which an aggregate's transition
-- function never is.)
CREATE FUNCTION uuid6_smaller(uuid, uuid) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN CASE WHEN $2 OPERATOR(pg_catalog.<) $1 THEN $2 ELSE $1 END;
COMMENT ON FUNCTION uuid6_smaller(uuid, uuid) IS
    'uuid6 internal: the smaller of two UUIDs (the first of two equal ones), as the uuid type orders them: the transition and combine function of min(uuid) where PostgreSQL has none';

CREATE FUNCTION uuid6_larger(uuid, uuid) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN CASE WHEN $1 OPERATOR(pg_catalog.<) $2 THEN $2 ELSE $1 END;
COMMENT ON FUNCTION uuid6_larger(uuid, uuid) IS
    'uuid6 internal: the larger of two UUIDs (the first of two equal ones), as the uuid type orders them: the transition and combine function of max(uuid) where PostgreSQL has none';

-- The aggregates, made only when pg_catalog has no min(uuid) (max(uuid)) as
-- this runs: a fresh install and an update decide alike, and a database
-- restored into PostgreSQL 20 gets none beside core's. SORTOP lets the
-- planner answer min(id) and max(id) from a btree index on id. Where the
-- aggregate is uuid6's already (the plain script run again over this
-- version), it is kept; another min(uuid) in the schema is refused by
-- CREATE AGGREGATE. Every name qualified: the block runs with the path the
-- installer set.
DO $uuid6_minmax$
BEGIN
  IF pg_catalog.to_regprocedure('pg_catalog.min(uuid)') IS NULL
     AND NOT EXISTS (SELECT FROM pg_catalog.pg_aggregate a
                     WHERE a.aggfnoid OPERATOR(pg_catalog.=) pg_catalog.to_regprocedure('@extschema@.min(uuid)')
                       AND a.aggtransfn OPERATOR(pg_catalog.=) '@extschema@.uuid6_smaller(uuid,uuid)'::pg_catalog.regprocedure) THEN
    CREATE AGGREGATE @extschema@.min(pg_catalog.uuid) (
        SFUNC = @extschema@.uuid6_smaller, STYPE = pg_catalog.uuid, COMBINEFUNC = @extschema@.uuid6_smaller,
        SORTOP = OPERATOR(pg_catalog.<), PARALLEL = SAFE);
    COMMENT ON AGGREGATE @extschema@.min(pg_catalog.uuid) IS
        'The smallest UUID of the group (NULLs ignored; NULL for none), as core''s min(uuid) from PostgreSQL 20: answered from a btree index on the column where there is one';
  END IF;
  IF pg_catalog.to_regprocedure('pg_catalog.max(uuid)') IS NULL
     AND NOT EXISTS (SELECT FROM pg_catalog.pg_aggregate a
                     WHERE a.aggfnoid OPERATOR(pg_catalog.=) pg_catalog.to_regprocedure('@extschema@.max(uuid)')
                       AND a.aggtransfn OPERATOR(pg_catalog.=) '@extschema@.uuid6_larger(uuid,uuid)'::pg_catalog.regprocedure) THEN
    CREATE AGGREGATE @extschema@.max(pg_catalog.uuid) (
        SFUNC = @extschema@.uuid6_larger, STYPE = pg_catalog.uuid, COMBINEFUNC = @extschema@.uuid6_larger,
        SORTOP = OPERATOR(pg_catalog.>), PARALLEL = SAFE);
    COMMENT ON AGGREGATE @extschema@.max(pg_catalog.uuid) IS
        'The largest UUID of the group (NULLs ignored; NULL for none), as core''s max(uuid) from PostgreSQL 20: answered from a btree index on the column where there is one';
  END IF;
END
$uuid6_minmax$;
