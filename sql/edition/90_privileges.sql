-- uuid6 SQL edition: the privileges on its private objects, exactly uuid6's own.
--
-- Assembled last (scripts/tle.sh orders the sources by name), so that it runs
-- after everything is created, in a fresh install and in an update (where the
-- update's first part may have created uuid6_sql_sequences).
--
-- The installing role's default privileges (ALTER DEFAULT PRIVILEGES ... ON
-- SCHEMAS / SEQUENCES / FUNCTIONS) are added to every object it creates. On the
-- schema uuid6_sql_sequences they would let other roles name the sequences (and
-- queue a lock on one that stops every key), on a sequence let a role set it
-- (setval by OID: no name needed) and stop or rewind its keys, on uuid6_advance
-- let a role push every key ahead, on uuid6_set_node_id choose the node id. So here the privileges on those are set to
-- exactly what uuid6 grants (00_sequences.sql, 20_operations.sql): every other
-- grant, read from the ACLs as they are, is revoked; the owner's stay.
--
-- uuid6_advance, uuid6_set_node_id: a function made anew carries nothing but uuid6's grants and the
-- default privileges; one kept by an update or a run of the plain script again
-- may carry grants its owner made on purpose since. So on functions only the
-- grants that the installing role's default privileges for functions make
-- (global or for this schema) are revoked; the schema and the sequences are
-- for no role but their owner to set, whatever granted it.
--
-- Security: runs once, as the installing role: its search_path pinned for the
-- block (and restored), every name qualified all the same.
DO $$
DECLARE
  saved_path pg_catalog.text := pg_catalog.current_setting('search_path');
  r record;
BEGIN
  PERFORM pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', true);
  FOR r IN
    -- What uuid6 grants, per object (besides its owner's own): nothing on the schema.
    WITH wanted(relname, privileges) AS (VALUES
           ('uuid6_sql_v6', ARRAY['SELECT', 'USAGE']), ('uuid6_sql_v7', ARRAY['SELECT', 'USAGE']),
           ('uuid6_sql_v8', ARRAY['SELECT', 'USAGE']), ('uuid6_sql_draft_ms', ARRAY['SELECT', 'USAGE']),
           ('uuid6_sql_draft_us', ARRAY['SELECT', 'USAGE']), ('uuid6_sql_draft_ns', ARRAY['SELECT', 'USAGE']),
           ('uuid6_sql_lagging_v6', ARRAY['SELECT']), ('uuid6_sql_lagging_v7', ARRAY['SELECT']),
           ('uuid6_sql_lagging_v8', ARRAY['SELECT']), ('uuid6_sql_flush', ARRAY['SELECT', 'UPDATE'])),
         private AS (SELECT n.oid FROM pg_catalog.pg_namespace n
                     WHERE n.nspname OPERATOR(pg_catalog.=) 'uuid6_sql_sequences')
    SELECT pg_catalog.format('REVOKE %s ON SCHEMA uuid6_sql_sequences FROM %s CASCADE',
                             a.privilege_type,
                             CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC'
                                  ELSE pg_catalog.quote_ident(g.rolname) END) AS stmt
    FROM pg_catalog.pg_namespace n
         CROSS JOIN LATERAL pg_catalog.aclexplode(n.nspacl) a
         LEFT JOIN pg_catalog.pg_roles g ON g.oid OPERATOR(pg_catalog.=) a.grantee
    WHERE n.oid OPERATOR(pg_catalog.=) (SELECT oid FROM private)
      AND a.grantee OPERATOR(pg_catalog.<>) n.nspowner
    UNION
    SELECT pg_catalog.format('REVOKE %s ON SEQUENCE uuid6_sql_sequences.%I FROM %s CASCADE',
                             a.privilege_type, c.relname,
                             CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC'
                                  ELSE pg_catalog.quote_ident(g.rolname) END)
    FROM pg_catalog.pg_class c
         JOIN wanted w ON w.relname OPERATOR(pg_catalog.=) c.relname::pg_catalog.text
         CROSS JOIN LATERAL pg_catalog.aclexplode(c.relacl) a
         LEFT JOIN pg_catalog.pg_roles g ON g.oid OPERATOR(pg_catalog.=) a.grantee
    WHERE c.relnamespace OPERATOR(pg_catalog.=) (SELECT oid FROM private)
      AND c.relkind OPERATOR(pg_catalog.=) 'S'
      AND a.grantee OPERATOR(pg_catalog.<>) c.relowner
      AND NOT (a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid
               AND a.privilege_type OPERATOR(pg_catalog.=) ANY (w.privileges))
    UNION
    -- The tables: the lift's lock for no other role, the node id for every role to read.
    SELECT pg_catalog.format('REVOKE %s ON TABLE uuid6_sql_sequences.%I FROM %s CASCADE',
                             a.privilege_type, c.relname,
                             CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC'
                                  ELSE pg_catalog.quote_ident(g.rolname) END)
    FROM pg_catalog.pg_class c
         CROSS JOIN LATERAL pg_catalog.aclexplode(c.relacl) a
         LEFT JOIN pg_catalog.pg_roles g ON g.oid OPERATOR(pg_catalog.=) a.grantee
    WHERE c.relnamespace OPERATOR(pg_catalog.=) (SELECT oid FROM private)
      AND c.relkind OPERATOR(pg_catalog.=) 'r'
      AND a.grantee OPERATOR(pg_catalog.<>) c.relowner
      AND NOT (c.relname OPERATOR(pg_catalog.=) 'uuid6_sql_node'
               AND a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid
               AND a.privilege_type OPERATOR(pg_catalog.=) 'SELECT')
    UNION
    -- uuid6_advance, uuid6_set_node_id: the default privileges' grants (see above), and any to PUBLIC.
    SELECT pg_catalog.format('REVOKE %s ON FUNCTION %s FROM %s CASCADE',
                             a.privilege_type, p.oid::pg_catalog.regprocedure,
                             CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC'
                                  ELSE pg_catalog.quote_ident(g.rolname) END)
    FROM pg_catalog.pg_proc p
         CROSS JOIN LATERAL pg_catalog.aclexplode(p.proacl) a
         LEFT JOIN pg_catalog.pg_roles g ON g.oid OPERATOR(pg_catalog.=) a.grantee
    WHERE p.pronamespace OPERATOR(pg_catalog.=) pg_catalog.to_regnamespace('@extschema@')::pg_catalog.oid
      AND p.proname OPERATOR(pg_catalog.=) ANY (ARRAY['uuid6_advance', 'uuid6_set_node_id']::pg_catalog.name[])
      AND a.grantee OPERATOR(pg_catalog.<>) p.proowner
      -- (uuid6 grants it to the installing role, @extowner@, written quoted where it must be.)
      AND pg_catalog.quote_ident(g.rolname) IS DISTINCT FROM '@extowner@'
      AND (a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid
           OR EXISTS (SELECT FROM pg_catalog.pg_default_acl d
                             CROSS JOIN LATERAL pg_catalog.aclexplode(d.defaclacl) da
                      WHERE d.defaclrole OPERATOR(pg_catalog.=) p.proowner
                        AND d.defaclobjtype OPERATOR(pg_catalog.=) 'f'
                        AND d.defaclnamespace OPERATOR(pg_catalog.=) ANY (ARRAY[0::pg_catalog.oid, p.pronamespace])
                        AND da.grantee OPERATOR(pg_catalog.=) a.grantee
                        AND da.privilege_type OPERATOR(pg_catalog.=) a.privilege_type))
  LOOP
    EXECUTE r.stmt;
  END LOOP;
  PERFORM pg_catalog.set_config('search_path', saved_path, true);
END
$$;
