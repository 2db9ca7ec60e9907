-- uuid6, SQL edition: what its functions are bound to, checked after they are made.
-- scripts/tle.sh puts this block at the end of every installer and update (pg_tle, database.dev,
-- the plain script), with the names of the edition's functions in place of the word in double
-- braces; @extschema@ is uuid6's schema.
--
-- A SQL-standard body (RETURN, BEGIN ATOMIC) is bound to the functions, operators, types,
-- casts and collations its creator could see when it was made, and PostgreSQL records each of
-- them in pg_depend. uuid6 creates its bodies with the path pinned to pg_catalog, pg_temp and
-- names its own objects with their schema, so every one of them must belong to PostgreSQL
-- (pg_catalog, or a cast built in) or to uuid6 itself (its functions in its schema, its
-- sequences in uuid6_sql_sequences or its schema, owned by that schema's owner, and the type
-- uuid6_sql_seal, owned by the functions' owner). Anything else was planted by a role (or left by the
-- installer) where a body could bind it: the whole install or update is refused, naming it and
-- its owner. The check reads the catalog, so it holds for every body, not for a sample.
DO $uuid6_bound$
DECLARE
  saved_path text := pg_catalog.current_setting('search_path');
  target oid := '@extschema@'::pg_catalog.regnamespace;
  hit record;
BEGIN
  PERFORM pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', true);
  WITH mine AS (
         SELECT p.oid FROM pg_proc p
         WHERE p.pronamespace = target AND p.proname = ANY ({{FUNCTIONS}})),
       bound AS (
         SELECT DISTINCT d.objid, d.refclassid, d.refobjid
         FROM pg_depend d
         WHERE d.classid = 'pg_proc'::regclass AND d.objid IN (SELECT oid FROM mine)
           AND d.deptype IN ('n', 'a')),
       judged AS (
         SELECT b.*,
                CASE b.refclassid
                  WHEN 'pg_proc'::regclass THEN
                    (SELECT p.pronamespace = 'pg_catalog'::regnamespace OR p.oid IN (SELECT oid FROM mine)
                     FROM pg_proc p WHERE p.oid = b.refobjid)
                  WHEN 'pg_operator'::regclass THEN
                    (SELECT o.oprnamespace = 'pg_catalog'::regnamespace FROM pg_operator o WHERE o.oid = b.refobjid)
                  WHEN 'pg_type'::regclass THEN
                    -- (PostgreSQL's types, and uuid6's seal: the type of its helpers' last
                    -- parameter, owned by the owner of the function that uses it.)
                    (SELECT t.typnamespace = 'pg_catalog'::regnamespace
                            OR (t.typnamespace = target AND t.typname = 'uuid6_sql_seal'
                                AND t.typowner = (SELECT p.proowner FROM pg_proc p WHERE p.oid = b.objid))
                     FROM pg_type t WHERE t.oid = b.refobjid)
                  WHEN 'pg_collation'::regclass THEN
                    (SELECT c.collnamespace = 'pg_catalog'::regnamespace FROM pg_collation c WHERE c.oid = b.refobjid)
                  WHEN 'pg_cast'::regclass THEN
                    -- PostgreSQL's own casts are made by initdb, below the first OID a role's
                    -- object can have (FirstNormalObjectId).
                    b.refobjid < 16384::oid
                  WHEN 'pg_class'::regclass THEN
                    (SELECT (c.relnamespace = pg_catalog.to_regnamespace('uuid6_sql_sequences') OR c.relnamespace = target)
                            AND c.relowner = n.nspowner
                     FROM pg_class c, pg_namespace n
                     WHERE c.oid = b.refobjid AND n.oid = c.relnamespace)
                  WHEN 'pg_namespace'::regclass THEN
                    b.refobjid IN (target, 'pg_catalog'::regnamespace)
                  WHEN 'pg_language'::regclass THEN true
                  ELSE false END AS ours
         FROM bound b)
  SELECT pg_describe_object(j.refclassid, j.refobjid, 0) AS what,
         j.objid::regprocedure AS used_by,
         coalesce((SELECT r.rolname::text FROM pg_roles r WHERE r.oid = CASE j.refclassid
                     WHEN 'pg_proc'::regclass THEN (SELECT p.proowner FROM pg_proc p WHERE p.oid = j.refobjid)
                     WHEN 'pg_operator'::regclass THEN (SELECT o.oprowner FROM pg_operator o WHERE o.oid = j.refobjid)
                     WHEN 'pg_type'::regclass THEN (SELECT t.typowner FROM pg_type t WHERE t.oid = j.refobjid)
                     WHEN 'pg_collation'::regclass THEN (SELECT c.collowner FROM pg_collation c WHERE c.oid = j.refobjid)
                     WHEN 'pg_cast'::regclass THEN
                       (SELECT coalesce(p.proowner, t.typowner) FROM pg_cast k
                        JOIN pg_type t ON t.oid = k.castsource LEFT JOIN pg_proc p ON p.oid = k.castfunc
                        WHERE k.oid = j.refobjid)
                     WHEN 'pg_class'::regclass THEN (SELECT c.relowner FROM pg_class c WHERE c.oid = j.refobjid)
                     WHEN 'pg_namespace'::regclass THEN (SELECT n.nspowner FROM pg_namespace n WHERE n.oid = j.refobjid)
                     END), 'an unknown role') AS owner
  INTO hit
  FROM judged j
  WHERE NOT coalesce(j.ours, false)
  ORDER BY 1, 2
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'uuid6: its function % would use %, owned by %, which is neither PostgreSQL''s nor uuid6''s',
        hit.used_by, hit.what, hit.owner
      USING ERRCODE = 'insufficient_privilege',
            DETAIL = 'uuid6''s functions may use only PostgreSQL''s own objects and uuid6''s; nothing was installed or changed.',
            HINT = pg_catalog.format('Ask an administrator to look at that object (owned by %s): drop it or move it out of the way, then install again.', hit.owner);
  END IF;
  PERFORM pg_catalog.set_config('search_path', saved_path, true);
END
$uuid6_bound$;
