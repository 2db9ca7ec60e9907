-- uuid6 1.3 -> 1.4. Every SQL change from 1.3 on goes here; make builds the
-- 1.4 install script as the 1.0 script followed by the upgrade steps, so a
-- fresh install and an update run the same statements.
\echo Use "ALTER EXTENSION uuid6 UPDATE TO '1.4'" to load this file. \quit

-- ---------------------------------------------------------------------------
-- The SQL edition under the name uuid6. A database can hold uuid6's SQL
-- edition as an extension registered through pg_tle; where this library's
-- control file is installed on the same server, ALTER EXTENSION uuid6 UPDATE
-- finds this file and would lay the C library's functions over the edition's,
-- leaving a mix of both under one version number. Refused here, before
-- anything is changed; the edition leaves the extension first (the docs on
-- upgrading say how), then moves to the C library. On a fresh install and on
-- an update of the C library this finds nothing. Every name is qualified: an
-- extension script runs with the extension's schema in search_path.
DO $uuid6_edition_guard$
BEGIN
    IF EXISTS (SELECT FROM pg_catalog.pg_depend d
               JOIN pg_catalog.pg_extension e ON e.oid OPERATOR(pg_catalog.=) d.refobjid
               JOIN pg_catalog.pg_class c ON c.oid OPERATOR(pg_catalog.=) d.objid
               WHERE d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_extension'::pg_catalog.regclass
                 AND d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_class'::pg_catalog.regclass
                 AND d.deptype OPERATOR(pg_catalog.=) 'e'::"char"
                 AND e.extname OPERATOR(pg_catalog.=) 'uuid6'::pg_catalog.name
                 AND c.relname OPERATOR(pg_catalog.=) 'uuid6_sql_v7'::pg_catalog.name) THEN
        RAISE EXCEPTION 'uuid6: the extension uuid6 in this database is the SQL edition, which the C library does not update'
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  DETAIL = 'It holds the SQL edition''s sequences (uuid6_sql_v7); an update by the C library''s scripts would mix the two editions.',
                  HINT = 'Update the SQL edition with its own installer, or leave the extension (test/edition/detach.sql does it, keeping every function and DEFAULT) and move to the C library as the docs on upgrading describe.';
    END IF;
END
$uuid6_edition_guard$;
