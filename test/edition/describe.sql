-- A description of everything the SQL edition installed in schema :schema (psql -v schema=...),
-- one line per fact, for test/edition/run.sh to compare an updated installation with a fresh
-- one, as test/t/009_upgrade.pl compares the C library's: every function (and aggregate) with its definition
-- (body, language, volatility, strictness, parallel marking, security, SET options), result,
-- arguments and defaults, owner, privileges and initial privileges, comment and extension
-- membership; every sequence with its properties (not its value), owner, privileges and
-- comment, and whether the extension dumps it; any other object in the schema by kind; and the
-- extension's own row where it is one. The schema of uuid6's sequences (uuid6_sql_sequences) is
-- described with :schema: its owner, privileges, comment and membership, and what it holds. Privileges are compared as sets, a default ACL written
-- out equal to the default, and initial privileges (what pg_dump leaves out of an extension's
-- dump) that were never recorded equal to the default: an update may reach the same privileges
-- by other steps (a REVOKE the new version no longer makes is undone by a GRANT).
\set ON_ERROR_STOP on
\pset format unaligned
\pset tuples_only on
SET search_path = pg_catalog;

CREATE FUNCTION pg_temp.acl(acl aclitem[], kind "char", owner oid) RETURNS text
    LANGUAGE sql STABLE
    RETURN (SELECT string_agg(a::text, ',' ORDER BY a::text) FROM unnest(coalesce(acl, acldefault(kind, owner))) AS a);

CREATE FUNCTION pg_temp.ext_member(cls regclass, obj oid) RETURNS text
    LANGUAGE sql STABLE
    RETURN coalesce((SELECT string_agg(e.extname, ',') FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid
                     WHERE d.classid = cls AND d.objid = obj AND d.refclassid = 'pg_extension'::regclass
                       AND d.deptype = 'e'), 'none');

WITH s AS (SELECT oid FROM pg_namespace WHERE nspname IN (:'schema', 'uuid6_sql_sequences')),
facts AS (
  SELECT format('schema %s', n.nspname) AS object, f.key, f.value
  FROM pg_namespace n,
  LATERAL (VALUES
    ('owner', n.nspowner::regrole::text),
    ('privileges', pg_temp.acl(n.nspacl, 'n', n.nspowner)),
    ('comment', coalesce(obj_description(n.oid, 'pg_namespace'), 'none')),
    ('extension', pg_temp.ext_member('pg_namespace', n.oid))
  ) AS f(key, value)
  WHERE n.nspname = 'uuid6_sql_sequences'
  UNION ALL
  SELECT format('function %s(%s)', p.proname, oidvectortypes(p.proargtypes)), f.key, f.value
  FROM pg_proc p, s,
  LATERAL (VALUES
    ('kind', p.prokind::text),
    ('arguments', pg_get_function_arguments(p.oid)),
    ('result', pg_get_function_result(p.oid)),
    ('language', (SELECT lanname::text FROM pg_language WHERE oid = p.prolang)),
    ('volatility strict parallel security leakproof', format('%s %s %s %s %s', p.provolatile, p.proisstrict,
                                                             p.proparallel, p.prosecdef, p.proleakproof)),
    ('cost rows', format('%s %s', p.procost, p.prorows)),
    ('set', coalesce(array_to_string(p.proconfig, ', '), 'none')),
    -- (An aggregate has no definition pg_get_functiondef can show: its parts instead.)
    ('definition', CASE WHEN p.prokind = 'a'
                        THEN (SELECT format('aggregate sfunc %s stype %s combinefunc %s finalfunc %s sortop %s initcond %s kind %s',
                                            a.aggtransfn::regprocedure, a.aggtranstype::regtype,
                                            a.aggcombinefn::regprocedure, a.aggfinalfn::regprocedure,
                                            a.aggsortop::regoperator, coalesce(a.agginitval, 'none'), a.aggkind)
                              FROM pg_aggregate a WHERE a.aggfnoid = p.oid)
                        ELSE replace(pg_get_functiondef(p.oid), E'\n', '\n') END),
    ('owner', p.proowner::regrole::text),
    ('privileges', pg_temp.acl(p.proacl, 'f', p.proowner)),
    ('initial privileges', pg_temp.acl((SELECT i.initprivs FROM pg_init_privs i
                                        WHERE i.classoid = 'pg_proc'::regclass AND i.objoid = p.oid), 'f', p.proowner)),
    ('comment', coalesce(obj_description(p.oid, 'pg_proc'), 'none')),
    ('extension', pg_temp.ext_member('pg_proc', p.oid))
  ) AS f(key, value)
  WHERE p.pronamespace = s.oid
  UNION ALL
  SELECT format('sequence %s', c.relname), f.key, f.value
  FROM pg_class c JOIN pg_sequence q ON q.seqrelid = c.oid, s,
  LATERAL (VALUES
    ('properties', format('%s start %s increment %s min %s max %s cache %s cycle %s persistence %s',
                          q.seqtypid::regtype, q.seqstart, q.seqincrement, q.seqmin, q.seqmax, q.seqcache,
                          q.seqcycle, c.relpersistence)),
    ('owner', c.relowner::regrole::text),
    ('privileges', pg_temp.acl(c.relacl, 's', c.relowner)),
    ('initial privileges', pg_temp.acl((SELECT i.initprivs FROM pg_init_privs i
                                        WHERE i.classoid = 'pg_class'::regclass AND i.objoid = c.oid
                                          AND i.objsubid = 0), 's', c.relowner)),
    ('comment', coalesce(obj_description(c.oid, 'pg_class'), 'none')),
    ('extension', pg_temp.ext_member('pg_class', c.oid)),
    ('dumped by the extension', coalesce((SELECT coalesce(c.oid = ANY (e.extconfig), false)::text FROM pg_extension e
                                          WHERE e.extname = 'uuid6'), 'no extension'))
  ) AS f(key, value)
  WHERE c.relnamespace = s.oid
  UNION ALL
  SELECT format('relation %s', c.relname), 'kind', c.relkind::text
  FROM pg_class c, s WHERE c.relnamespace = s.oid AND c.relkind <> 'S'
  UNION ALL
  SELECT format('type %s', t.typname), 'kind', t.typtype::text
  FROM pg_type t, s WHERE t.typnamespace = s.oid AND t.typrelid = 0 AND t.typelem = 0
  UNION ALL
  SELECT format('operator %s', o.oid::regoperator), 'kind', 'operator'
  FROM pg_operator o, s WHERE o.oprnamespace = s.oid
  UNION ALL
  SELECT 'extension uuid6', 'row', format('version %s schema %s relocatable %s owner %s configuration %s %s',
         e.extversion, e.extnamespace::regnamespace, e.extrelocatable, e.extowner::regrole,
         (SELECT array_agg(c::regclass::text ORDER BY c::regclass::text) FROM unnest(e.extconfig) c),
         e.extcondition)
  FROM pg_extension e WHERE e.extname = 'uuid6'
)
SELECT format('%s | %s | %s', object, key, value) FROM facts ORDER BY object, key;
