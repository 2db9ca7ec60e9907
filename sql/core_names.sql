-- No SQL name of uuid6 collides with the server's own: PostgreSQL adds uuid
-- functions and casts in new majors (uuidv7 and uuid_extract_timestamp in 18,
-- bytea(uuid), uuid(bytea) and the uuid <-> bytea casts in 19), and a
-- function of ours with one of their names would shadow or break it.

-- Functions of uuid6 that have the name of a function in pg_catalog, but
-- for the aggregates min(uuid) and max(uuid), which uuid6 makes only where
-- pg_catalog has none (sql/minmax.sql): the server's min and max for the
-- one type they lack, found under their names as core's would be.
SELECT p.oid::regprocedure AS ours, c.oid::regprocedure AS servers
FROM pg_depend d
JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND p.oid = d.objid
JOIN pg_proc c ON c.proname = p.proname AND c.pronamespace = 'pg_catalog'::regnamespace
WHERE d.refclassid = 'pg_extension'::regclass
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uuid6')
  AND NOT (p.prokind = 'a' AND p.proname IN ('min', 'max') AND p.proargtypes = '2950'::oidvector)
ORDER BY 1, 2;
-- And none of them, those two included, has both the name and the argument
-- types of one in pg_catalog.
SELECT count(*) AS same_name_and_arguments
FROM pg_depend d
JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND p.oid = d.objid
JOIN pg_proc c ON c.proname = p.proname AND c.proargtypes = p.proargtypes
                  AND c.pronamespace = 'pg_catalog'::regnamespace
WHERE d.refclassid = 'pg_extension'::regclass
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uuid6');

-- Casts, operators and types: uuid6 defines none, so the server's casts
-- between uuid and other types are the only ones. (The row type of a table
-- of uuid6's own, and its array type, are no type a user's value can have;
-- nor is the SQL edition's uuid6_sql_seal, the type of its helpers' last
-- parameter, a domain over boolean with no cast of its own.)
SELECT d.classid::regclass AS kind, count(*)
FROM pg_depend d
WHERE d.refclassid = 'pg_extension'::regclass
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uuid6')
  AND d.classid IN ('pg_cast'::regclass, 'pg_operator'::regclass, 'pg_type'::regclass)
  AND NOT EXISTS (SELECT FROM pg_type t LEFT JOIN pg_type e ON e.oid = t.typelem
                  WHERE d.classid = 'pg_type'::regclass AND t.oid = d.objid
                    AND (t.typrelid <> 0 OR e.typrelid <> 0
                         OR 'uuid6_sql_seal' IN (t.typname, e.typname)))
GROUP BY 1
ORDER BY 1;

-- Every function of uuid6 is visible by its name and argument types: none
-- is hidden behind a server function of the same signature (pg_catalog is
-- searched first).
SELECT count(*) > 20 AS many_functions,
       coalesce(string_agg(p.oid::regprocedure::text, ', ') FILTER (WHERE NOT pg_function_is_visible(p.oid)), 'none') AS hidden
FROM pg_depend d
JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND p.oid = d.objid
WHERE d.refclassid = 'pg_extension'::regclass
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uuid6');
