-- uuid6, SQL edition: the schema it goes into, checked before anything is created there.
-- scripts/tle.sh puts this block at the head of the pg_tle and database.dev scripts (it runs
-- first in CREATE EXTENSION) and into the plain script's preamble, filling in the target
-- schema, the way to install into a schema of its own, the names the edition creates and
-- which edition installs ('extension' or 'plain') (the words in double braces).
--
-- uuid6's functions call each other and PostgreSQL's by name, and PostgreSQL binds a name
-- through the schemas it searches. A role that can create objects in uuid6's schema can add
-- functions or operators that a call of uuid6's resolves to, and run its own code as whoever
-- makes a key; a function or sequence of uuid6's names that another role owns stays that
-- role's, to change as it likes. So the installing role must be the only one (with its own
-- members and superusers) that can create in the schema, and every object there by one of
-- uuid6's names must be its own. The error changes nothing: the plain script runs in one
-- transaction, CREATE EXTENSION is one statement.
DO $uuid6_check$
DECLARE
  saved_path text := pg_catalog.current_setting('search_path');
  -- (Read before the search_path below is set: in CREATE EXTENSION it is the target schema.)
  target text := {{TARGET}};
  schema_oid oid;
  installer oid;
  -- PostgreSQL 16 and later grant a membership with or without INHERIT and SET: a member
  -- acts as a role (uses its CREATE, owns what it owns) only with one of them, or with the
  -- ADMIN option, which lets it grant itself either: pg_has_role's USAGE, SET, MEMBER WITH
  -- ADMIN OPTION (MEMBER alone says nothing of them). Up to 15 every member can SET ROLE.
  pg16 boolean :=
    pg_catalog.current_setting('server_version_num')::integer OPERATOR(pg_catalog.>=) 160000;
  other text;
  private_oid oid;
  private_member boolean;
BEGIN
  -- Every name below is PostgreSQL's own, whatever the installer's search_path.
  PERFORM pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', true);
  installer := (SELECT oid FROM pg_roles WHERE rolname = current_user);
  -- pg_tle and PostgreSQL write the schema's and the installer's names into the functions'
  -- text in place of @extschema@ and @extowner@, one after the other: a name that holds a @
  -- could make the one name hold the other's placeholder.
  IF strpos(target, '@') > 0 OR strpos(current_user, '@') > 0 THEN
    RAISE EXCEPTION 'uuid6 does not install into a schema, or for a role, whose name holds "@"'
      USING ERRCODE = 'invalid_name',
            DETAIL = format('Schema %I, role %I.', target, current_user),
            HINT = 'Use names without "@": ' || {{HOW}};
  END IF;
  schema_oid := (SELECT oid FROM pg_namespace WHERE nspname = target);
  IF schema_oid IS NULL THEN
    RAISE EXCEPTION 'uuid6: schema % does not exist', target
      USING ERRCODE = 'invalid_schema_name', HINT = {{HOW}};
  END IF;
  -- Who can create in the schema: PUBLIC, or any role that holds the schema's CREATE
  -- privilege (its owner, a grantee) or is a member that can act as one, other than
  -- superusers, the installer and its own members that can act as it (pg16 above). (Roles
  -- of PostgreSQL's own, such as pg_database_owner, hold privileges for their members, who
  -- are checked in their place.)
  IF EXISTS (SELECT FROM pg_namespace n, aclexplode(coalesce(n.nspacl, acldefault('n', n.nspowner))) a
             WHERE n.oid = schema_oid AND a.grantee = 0 AND a.privilege_type = 'CREATE') THEN
    other := 'PUBLIC';
  ELSE
    other := (SELECT min(quote_ident(r.rolname))
              FROM (SELECT n.nspowner AS holder FROM pg_namespace n WHERE n.oid = schema_oid
                    UNION
                    SELECT a.grantee FROM pg_namespace n,
                           aclexplode(coalesce(n.nspacl, acldefault('n', n.nspowner))) a
                    WHERE n.oid = schema_oid AND a.privilege_type = 'CREATE' AND a.grantee <> 0) h
              JOIN pg_roles r ON r.oid >= 16384 AND (CASE WHEN pg16 THEN pg_has_role(r.oid, h.holder, 'USAGE') OR pg_has_role(r.oid, h.holder, 'SET')
                                                                  OR pg_has_role(r.oid, h.holder, 'MEMBER WITH ADMIN OPTION')
                                                          ELSE pg_has_role(r.oid, h.holder, 'MEMBER') END)
              WHERE NOT r.rolsuper AND r.oid <> installer
                AND NOT (CASE WHEN pg16 THEN pg_has_role(r.oid, installer, 'USAGE') OR pg_has_role(r.oid, installer, 'SET')
                                      OR pg_has_role(r.oid, installer, 'MEMBER WITH ADMIN OPTION')
                              ELSE pg_has_role(r.oid, installer, 'MEMBER') END));
  END IF;
  IF other IS NOT NULL THEN
    RAISE EXCEPTION 'uuid6 does not install into schema %: % can create objects in it', quote_ident(target), other
      USING ERRCODE = 'object_not_in_prerequisite_state',
            DETAIL = 'Another role could create functions or operators there that uuid6''s functions would call, and run its own code as whoever uses them.',
            HINT = 'Install uuid6 into a schema of its own, where only the installing role can create objects: ' || {{HOW}};
  END IF;
  -- The schema of uuid6's sequences (sql/edition/00_sequences.sql), one per database under a
  -- fixed name: where it exists, it must be the installer's, out of every other role's reach
  -- (a role that can name the sequences can queue a lock on them that stops every key), and
  -- the right installation's: the extension's own member for an update of the extension, the
  -- plain script's (no extension's) for the plain script, which shares it between its
  -- installations in several schemas of one database.
  private_oid := (SELECT oid FROM pg_namespace WHERE nspname = 'uuid6_sql_sequences');
  IF private_oid IS NOT NULL THEN
    private_member := EXISTS (SELECT FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid
                              WHERE d.classid = 'pg_namespace'::regclass AND d.objid = private_oid
                                AND d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
                                AND e.extname = 'uuid6');
    other := (SELECT format('it is owned by %s', n.nspowner::regrole)
              FROM pg_namespace n JOIN pg_roles o ON o.oid = n.nspowner
              WHERE n.oid = private_oid
                AND NOT o.rolsuper AND o.oid <> installer
                AND NOT (CASE WHEN pg16 THEN pg_has_role(o.oid, installer, 'USAGE') OR pg_has_role(o.oid, installer, 'SET')
                                      OR pg_has_role(o.oid, installer, 'MEMBER WITH ADMIN OPTION')
                              ELSE pg_has_role(o.oid, installer, 'MEMBER') END));
    IF other IS NULL THEN
      other := (SELECT format('%s has %s on it', CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(r.rolname) END,
                              a.privilege_type)
                FROM pg_namespace n, aclexplode(coalesce(n.nspacl, acldefault('n', n.nspowner))) a
                LEFT JOIN pg_roles r ON r.oid = a.grantee
                WHERE n.oid = private_oid AND a.privilege_type IN ('USAGE', 'CREATE')
                  AND (a.grantee = 0
                       OR (a.grantee >= 16384 AND NOT r.rolsuper AND r.oid <> installer
                           AND NOT (CASE WHEN pg16 THEN pg_has_role(r.oid, installer, 'USAGE') OR pg_has_role(r.oid, installer, 'SET')
                                                 OR pg_has_role(r.oid, installer, 'MEMBER WITH ADMIN OPTION')
                                         ELSE pg_has_role(r.oid, installer, 'MEMBER') END))
                       OR EXISTS (SELECT FROM pg_roles m
                                  WHERE m.oid >= 16384 AND NOT m.rolsuper AND m.oid <> installer
                                    AND (CASE WHEN pg16 THEN pg_has_role(m.oid, a.grantee, 'USAGE') OR pg_has_role(m.oid, a.grantee, 'SET')
                                                        OR pg_has_role(m.oid, a.grantee, 'MEMBER WITH ADMIN OPTION')
                                              ELSE pg_has_role(m.oid, a.grantee, 'MEMBER') END)
                                    AND NOT (CASE WHEN pg16 THEN pg_has_role(m.oid, installer, 'USAGE') OR pg_has_role(m.oid, installer, 'SET')
                                                            OR pg_has_role(m.oid, installer, 'MEMBER WITH ADMIN OPTION')
                                                  ELSE pg_has_role(m.oid, installer, 'MEMBER') END)))
                ORDER BY 1 LIMIT 1);
    END IF;
    IF other IS NOT NULL THEN
      -- Where the installer owns the schema, it is most likely uuid6's own, and the privilege
      -- came from the default privileges of the role that made it (ALTER DEFAULT
      -- PRIVILEGES ... ON SCHEMAS), which uuid6 from 1.4 on revokes after it installs.
      RAISE EXCEPTION 'uuid6 does not install where schema uuid6_sql_sequences exists and %', other
        USING ERRCODE = 'insufficient_privilege',
              DETAIL = 'uuid6 keeps its sequences in schema uuid6_sql_sequences, which no role but the installing one may use: a role that can name a sequence can queue for a lock on it that stops every key.'
                       || CASE WHEN EXISTS (SELECT FROM pg_default_acl d, aclexplode(d.defaclacl) a
                                            WHERE d.defaclrole = (SELECT n.nspowner FROM pg_namespace n WHERE n.oid = private_oid)
                                              AND d.defaclobjtype = 'n' AND a.privilege_type IN ('USAGE', 'CREATE'))
                               THEN format(' The default privileges of role %s (ALTER DEFAULT PRIVILEGES ... ON SCHEMAS; psql: \ddp) grant privileges on every schema it creates.',
                                           (SELECT n.nspowner::regrole FROM pg_namespace n WHERE n.oid = private_oid))
                               ELSE '' END,
              HINT = CASE WHEN (SELECT n.nspowner FROM pg_namespace n WHERE n.oid = private_oid) = installer
                          THEN 'If the schema is uuid6''s own, revoke every privilege of other roles on it (REVOKE ALL ON SCHEMA uuid6_sql_sequences FROM PUBLIC, ...), then run this again; otherwise drop or rename it.'
                          ELSE 'Drop or rename that schema, or revoke those privileges, then install again.' END;
    END IF;
    IF private_member AND {{EDITION}} = 'plain' THEN
      RAISE EXCEPTION 'uuid6: the extension uuid6 in this database keeps its sequences in schema uuid6_sql_sequences: the plain script cannot share them'
        USING ERRCODE = 'object_not_in_prerequisite_state',
              HINT = 'Use the extension uuid6 here, or drop it first.';
    END IF;
    IF NOT private_member AND {{EDITION}} = 'extension' THEN
      RAISE EXCEPTION 'uuid6: schema uuid6_sql_sequences exists and is not the extension''s: the extension uuid6 keeps its sequences there'
        USING ERRCODE = 'duplicate_schema',
              DETAIL = 'It is made by the plain script of uuid6 (which may be installed in this database) or by another role.',
              HINT = 'Use the plain script here, or drop that schema, then create the extension.';
    END IF;
  END IF;
  -- uuid6's names in the schema, owned by a role other than superusers, the installer and
  -- its members that can act as it (not the objects of an extension uuid6 already there:
  -- updates replace them).
  other := (SELECT min(format('function %s owned by %s', p.oid::regprocedure, p.proowner::regrole))
            FROM pg_proc p JOIN pg_roles o ON o.oid = p.proowner
            WHERE p.pronamespace = schema_oid AND p.proname = ANY ({{FUNCTIONS}})
              AND NOT o.rolsuper AND o.oid <> installer
              AND NOT (CASE WHEN pg16 THEN pg_has_role(o.oid, installer, 'USAGE') OR pg_has_role(o.oid, installer, 'SET')
                                    OR pg_has_role(o.oid, installer, 'MEMBER WITH ADMIN OPTION')
                            ELSE pg_has_role(o.oid, installer, 'MEMBER') END)
              AND NOT EXISTS (SELECT FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid
                              WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid
                                AND d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
                                AND e.extname = 'uuid6'));
  IF other IS NULL THEN
    other := (SELECT min(CASE WHEN c.relkind = 'S' THEN format('sequence %s owned by %s', c.oid::regclass, c.relowner::regrole)
                              ELSE format('relation %s, which is not a sequence,', c.oid::regclass) END)
              FROM pg_class c JOIN pg_roles o ON o.oid = c.relowner
              WHERE c.relnamespace IN (schema_oid, private_oid) AND c.relname = ANY ({{SEQUENCES}})
                AND (c.relkind <> 'S'
                     OR (NOT o.rolsuper AND o.oid <> installer
                         AND NOT (CASE WHEN pg16 THEN pg_has_role(o.oid, installer, 'USAGE') OR pg_has_role(o.oid, installer, 'SET')
                                               OR pg_has_role(o.oid, installer, 'MEMBER WITH ADMIN OPTION')
                                       ELSE pg_has_role(o.oid, installer, 'MEMBER') END))));
  END IF;
  IF other IS NOT NULL THEN
    RAISE EXCEPTION 'uuid6 does not install into schema %: it holds % under one of uuid6''s names', quote_ident(target), other
      USING ERRCODE = 'insufficient_privilege',
            DETAIL = 'uuid6 takes the objects of its names for its own: they must belong to the installing role (or a superuser), and those of its sequences'' names must be sequences.',
            HINT = 'Install as the role that owns uuid6''s objects there, or into a schema of its own, where only the installing role can create objects: ' || {{HOW}};
  END IF;
  PERFORM pg_catalog.set_config('search_path', saved_path, true);
END
$uuid6_check$;
