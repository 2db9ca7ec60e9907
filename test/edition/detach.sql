-- The pg_tle edition turned into the plain script's, in place and in one transaction, as the
-- README's "Moving between editions" shows: run by the role that created the extension. Every
-- object of the extension stays where it is, with its OID (so every DEFAULT, view and index
-- that uses it stays as it is), and stops being a member; the extension, empty, goes. What
-- remains is what the plain script of the same version installs, which the plain script then
-- updates and which moves to the C library as docs/sql-edition.md shows. make tle and make dist
-- copy it beside uuid6-pgtle.sql as uuid6-pgtle-detach.sql.
BEGIN;
DO $$
DECLARE
  member text;
BEGIN
  FOR member IN
    SELECT pg_catalog.pg_describe_object(d.classid, d.objid, d.objsubid)
    FROM pg_catalog.pg_depend d JOIN pg_catalog.pg_extension e ON e.oid = d.refobjid
    WHERE d.refclassid = 'pg_catalog.pg_extension'::pg_catalog.regclass
      AND e.extname = 'uuid6' AND d.deptype = 'e'
      -- (a table's row type and its array go with the table, a type's array with the type)
      AND NOT EXISTS (SELECT FROM pg_catalog.pg_type t LEFT JOIN pg_catalog.pg_type el ON el.oid = t.typelem
                      WHERE d.classid = 'pg_catalog.pg_type'::pg_catalog.regclass AND t.oid = d.objid
                        AND (t.typrelid <> 0 OR el.typrelid <> 0 OR el.typarray = t.oid))
  LOOP
    EXECUTE pg_catalog.format('ALTER EXTENSION uuid6 DROP %s', member);
  END LOOP;
END
$$;
DROP EXTENSION uuid6;
COMMIT;
