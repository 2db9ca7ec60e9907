-- The traps (test/traps/run.sh): run by the planting role, a role with nothing but CREATE on
-- the schema it plants into (psql variable target: public, or in the second run uuid6's own
-- schema), with psql variable ext the schema uuid6 is installed in.
--
-- The names come from the bodies of the functions installed in ext (pg_proc.prosrc, and
-- pg_get_functiondef for SQL-standard bodies), so that a new function is covered without
-- editing this file:
--   operators: every operator name written in a body, and those that PostgreSQL writes for
--     the caller (=, <> for CASE x WHEN, IN, NULLIF, IS DISTINCT FROM; <= and >= for BETWEEN;
--     ~~ and ~~* for LIKE and ILIKE; ||; ~ for SIMILAR TO);
--   functions: every name written before "(" that names a function of pg_catalog or of ext;
--   types: every word of a body that is the name of a base type of pg_catalog.
-- The traps:
--   (a) for each operator name and each pair of common types (and each type, as a prefix
--       operator) that pg_catalog has no operator for but resolves to one of its own through
--       implicit casts, an operator with exactly those types;
--   (b) an exact copy of every operator of pg_catalog by those names, of every function of
--       pg_catalog by those names (and of ext's, where target is not ext), and the same-arity
--       variants of each of those functions with one parameter of another common type;
--   (c) a domain over each of those types, by its name;
--   (d) with psql variable overloads=on: for each of those functions, an overload with the
--       same parameters and one more with a default, and one with a VARIADIC parameter of the
--       first parameter's type (a call that matches several of them in one schema is
--       ambiguous: SQLSTATE 42725); for a function of the SQL edition whose last parameter is
--       its seal (uuid6_sql_seal, which the planting role may not use), three overloads with
--       the seal left out and a defaulted parameter in its place, with an anyelement in its
--       place and a defaulted parameter more, and with boolean (its base type) in its place.
--       With helpers=on, of ext's functions only the uuid6_sql_ helpers, which no one but
--       uuid6's bodies calls (the harness's own calls of the others would be ambiguous).
-- With copies=off, nothing by the name of one of ext's functions is made (planted into the
-- schema uuid6 is then installed into, they would make the installers refuse it).
-- Every trap records that it fired in sequences (which no rollback undoes), raises a WARNING
-- that names it, and returns NULL, a wrong value.
SET client_min_messages = warning;
\if :{?copies}
\else
\set copies on
\endif
\if :{?overloads}
\else
\set overloads off
\endif
\if :{?helpers}
\else
\set helpers off
\endif
SELECT set_config('uuid6_traps.target', :'target', false), set_config('uuid6_traps.ext', :'ext', false),
       set_config('uuid6_traps.copies', :'copies', false), set_config('uuid6_traps.overloads', :'overloads', false),
       set_config('uuid6_traps.helpers', :'helpers', false) \gset
SET search_path = pg_catalog, pg_temp;

CREATE SEQUENCE IF NOT EXISTS public.uuid6_trap_fired;
CREATE SEQUENCE IF NOT EXISTS public.uuid6_trap_last;
CREATE TABLE IF NOT EXISTS public.uuid6_traps (id integer PRIMARY KEY, kind text, what text);
GRANT SELECT, USAGE, UPDATE ON SEQUENCE public.uuid6_trap_fired, public.uuid6_trap_last TO PUBLIC;
GRANT SELECT ON public.uuid6_traps TO PUBLIC;
CREATE OR REPLACE FUNCTION public.uuid6_trap_hit(n integer) RETURNS boolean
    LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  PERFORM nextval('public.uuid6_trap_fired');
  PERFORM setval('public.uuid6_trap_last', n);
  RAISE WARNING 'uuid6 trap % fired: %', n, (SELECT t.kind || ' ' || t.what FROM public.uuid6_traps t WHERE t.id = n);
  RETURN true;
END
$$;

DO $plant$
DECLARE
  target text := current_setting('uuid6_traps.target');
  ext_oid oid := current_setting('uuid6_traps.ext')::regnamespace;
  catalog_oid oid := 'pg_catalog'::regnamespace;
  -- The common types of the pairs and of the variants.
  common regtype[] := ARRAY['smallint', 'integer', 'bigint', 'numeric', 'real', 'double precision',
                            'text', 'character varying', 'name', 'bytea', 'uuid', 'boolean',
                            'timestamp with time zone', 'timestamp without time zone', 'date',
                            'interval', 'bit', 'bit varying', 'oid', 'regclass']::regtype[];
  src text;
  ops text[];
  fnames text[];
  tnames text[];
  n integer := (SELECT coalesce(max(id), 0) FROM public.uuid6_traps);
  made integer := 0;
  failed integer := 0;
  o record;
  f record;
  l regtype;
  r regtype;
  res regtype;
  argtypes oid[];
  sig text;
  what text;
  body text;
  copies boolean := current_setting('uuid6_traps.copies')::boolean;
  overloads boolean := current_setting('uuid6_traps.overloads')::boolean;
  helpers boolean := current_setting('uuid6_traps.helpers')::boolean;
  sealed text;
  -- uuid6's own functions: those of ext's owner (traps planted there before the install are not).
  ext_owner oid := (SELECT n.nspowner FROM pg_namespace n WHERE n.oid = ext_oid);
BEGIN
  -- The bodies, without comments and string literals.
  src := (SELECT string_agg(CASE WHEN p.prosqlbody IS NOT NULL THEN pg_get_functiondef(p.oid) ELSE p.prosrc END, E'\n')
          FROM pg_proc p JOIN pg_language g ON g.oid = p.prolang
          WHERE p.pronamespace = ext_oid AND p.proowner = ext_owner AND g.lanname IN ('sql', 'plpgsql'));
  src := regexp_replace(src, '--[^\n]*', ' ', 'g');
  src := regexp_replace(src, '/\*.*?\*/', ' ', 'g');
  src := regexp_replace(src, '''([^'']|'''')*''', ' ', 'g');

  ops := (SELECT array_agg(DISTINCT op ORDER BY op) FROM (
            SELECT CASE WHEN m = '!=' THEN '<>'
                        -- PostgreSQL's lexer: an operator of these characters only does not end
                        -- in + or - (a>=-1 is a >= -1).
                        WHEN m !~ '[~!@#%^&|`?]' THEN regexp_replace(m, '(.)[-+]+$', '\1')
                        ELSE m END AS op
            FROM regexp_matches(src, '[-+*/<>=~!@#%^&|`?]+', 'g') AS t(mm), LATERAL (SELECT mm[1] AS m) x
            UNION SELECT unnest(ARRAY['=', '<>', '<', '>', '<=', '>=', '~~', '!~~', '~~*', '!~~*', '||', '~'])) s
          WHERE op NOT IN ('=>', '/*', '*/'));
  fnames := (SELECT array_agg(DISTINCT w ORDER BY w)
             FROM (SELECT lower(m[1]) AS w FROM regexp_matches(src, '([A-Za-z_][A-Za-z0-9_]*)\s*\(', 'g') AS m) s
             WHERE EXISTS (SELECT FROM pg_proc p WHERE p.proname = s.w AND p.prokind = 'f'
                                                   AND (p.pronamespace = catalog_oid OR (p.pronamespace = ext_oid AND p.proowner = ext_owner))));
  tnames := (SELECT array_agg(DISTINCT w ORDER BY w)
             FROM (SELECT lower(m[1]) AS w FROM regexp_matches(src, '([A-Za-z_][A-Za-z0-9_]*)', 'g') AS m) s
             WHERE EXISTS (SELECT FROM pg_type t WHERE t.typname = s.w AND t.typnamespace = catalog_oid
                                                   AND t.typtype = 'b' AND t.typcategory <> 'A'));
  PERFORM set_config('uuid6_traps.names',
    format('the names of %s operators, %s functions and %s types in the bodies of %s functions',
           coalesce(array_length(ops, 1), 0), coalesce(array_length(fnames, 1), 0),
           coalesce(array_length(tnames, 1), 0),
           (SELECT count(*) FROM pg_proc p JOIN pg_language g ON g.oid = p.prolang
            WHERE p.pronamespace = ext_oid AND p.proowner = ext_owner AND g.lanname IN ('sql', 'plpgsql'))), false);

  -- The body of every trap of a function or an operator: record, then a wrong value.
  -- (a) and (b), operators: the functions behind them are named uuid6_trap_N, in public.
  FOR o IN
    -- (b) every operator of pg_catalog by one of the names.
    SELECT p.oprname AS name, nullif(p.oprleft, 0)::regtype AS l, p.oprright::regtype AS r,
           p.oprresult::regtype AS res, 'copy' AS why
    FROM pg_operator p
    WHERE p.oprnamespace = catalog_oid AND p.oprname = ANY (ops) AND p.oprright <> 0
    UNION ALL
    -- (a) the pairs and prefixes of common types that pg_catalog has no operator for.
    SELECT x.name, x.l, x.r, NULL, 'pair'
    FROM (SELECT op AS name, lt AS l, rt AS r FROM unnest(ops) AS op, unnest(common) AS lt, unnest(common) AS rt
          UNION ALL
          SELECT op, NULL, rt FROM unnest(ops) AS op, unnest(common) AS rt) x
    WHERE NOT EXISTS (SELECT FROM pg_operator p WHERE p.oprnamespace = catalog_oid AND p.oprname = x.name
                        AND p.oprleft = coalesce(x.l, 0) AND p.oprright = x.r)
  LOOP
    res := o.res;
    IF o.why = 'pair' THEN
      -- Only where pg_catalog resolves the pair through implicit casts: the result type is
      -- that operator's.
      BEGIN
        EXECUTE format('SELECT pg_typeof(%s OPERATOR(pg_catalog.%s) NULL::%s)',
                       CASE WHEN o.l IS NULL THEN '' ELSE format('NULL::%s', o.l) END, o.name, o.r)
          INTO res;
      EXCEPTION WHEN OTHERS THEN
        CONTINUE;
      END;
    END IF;
    n := n + 1;
    what := format('%I.%s (%s, %s) (%s)', target, o.name, coalesce(o.l::text, 'NONE'), o.r, o.why);
    BEGIN
      INSERT INTO public.uuid6_traps VALUES (n, 'operator', what);
      EXECUTE format('CREATE FUNCTION public.uuid6_trap_%s(%s) RETURNS %s LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS %L',
                     n, concat_ws(', ', o.l, o.r), res,
                     format('BEGIN PERFORM public.uuid6_trap_hit(%s); RETURN NULL; END', n));
      EXECUTE format('CREATE OPERATOR %I.%s (%s RIGHTARG = %s, FUNCTION = public.uuid6_trap_%s)',
                     target, o.name, CASE WHEN o.l IS NULL THEN '' ELSE format('LEFTARG = %s,', o.l) END, o.r, n);
      made := made + 1;
    EXCEPTION WHEN OTHERS THEN
      failed := failed + 1;
    END;
  END LOOP;

  -- (b) functions: an exact copy of each function by one of the names (pg_catalog's, and ext's
  -- where the copy goes elsewhere), and its variants with one parameter of another common type.
  FOR f IN
    SELECT p.oid, p.proname, string_to_array(nullif(p.proargtypes::text, ''), ' ')::oid[] AS argtypes, p.prorettype::regtype AS rettype,
           p.proretset, p.proallargtypes IS NOT NULL AS has_out, p.pronamespace = ext_oid AS own
    FROM pg_proc p
    WHERE p.proname = ANY (fnames) AND p.prokind = 'f' AND (p.pronamespace = catalog_oid OR (p.pronamespace = ext_oid AND p.proowner = ext_owner))
    ORDER BY p.proname, p.oid
  LOOP
    CONTINUE WHEN NOT copies AND EXISTS (SELECT FROM pg_proc p WHERE p.proname = f.proname AND p.pronamespace = ext_oid AND p.proowner = ext_owner);
    body := CASE WHEN f.proretset OR f.has_out THEN 'RETURN;' ELSE 'RETURN NULL;' END;
    FOR k IN 0..coalesce(array_length(f.argtypes, 1), 0) * array_length(common, 1) LOOP
      IF k = 0 THEN
        CONTINUE WHEN f.own AND target::regnamespace = ext_oid;
        -- The copy, with the original's parameters (names, modes, defaults) and result.
        sig := format('%s) RETURNS %s', pg_get_function_arguments(f.oid), pg_get_function_result(f.oid));
        what := format('%I.%I(%s) (copy of %s)', target, f.proname,
                       pg_get_function_identity_arguments(f.oid), f.oid::regprocedure);
      ELSE
        -- Variant: parameter (k - 1) / #common + 1 of type common[(k - 1) % #common + 1].
        argtypes := f.argtypes;
        CONTINUE WHEN argtypes[(k - 1) / array_length(common, 1) + 1] = common[(k - 1) % array_length(common, 1) + 1];
        argtypes[(k - 1) / array_length(common, 1) + 1] := common[(k - 1) % array_length(common, 1) + 1];
        CONTINUE WHEN EXISTS (SELECT FROM pg_proc p WHERE p.proname = f.proname
                                AND p.pronamespace IN (catalog_oid, ext_oid, target::regnamespace)
                                AND string_to_array(nullif(p.proargtypes::text, ''), ' ')::oid[] = argtypes);
        sig := format('%s) RETURNS %s%s',
                      (SELECT string_agg(a::regtype::text, ', ' ORDER BY i) FROM unnest(argtypes) WITH ORDINALITY AS u(a, i)),
                      CASE WHEN f.proretset THEN 'SETOF ' ELSE '' END, f.rettype);
        what := format('%I.%I(%s) (variant of %s)', target, f.proname,
                       (SELECT string_agg(a::regtype::text, ', ' ORDER BY i) FROM unnest(argtypes) WITH ORDINALITY AS u(a, i)),
                       f.oid::regprocedure);
        body := CASE WHEN f.proretset THEN 'RETURN;' ELSE 'RETURN NULL;' END;
      END IF;
      n := n + 1;
      BEGIN
        INSERT INTO public.uuid6_traps VALUES (n, 'function', what);
        EXECUTE format('CREATE FUNCTION %I.%I(%s LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS %L',
                       target, f.proname, sig,
                       format('BEGIN PERFORM public.uuid6_trap_hit(%s); %s END', n, body));
        made := made + 1;
      EXCEPTION WHEN OTHERS THEN
        failed := failed + 1;
      END;
    END LOOP;
  END LOOP;

  -- (d) overloads that a call of the same arguments matches too: one more parameter with a
  -- default, and a VARIADIC one.
  FOR f IN
    SELECT p.oid, p.proname, string_to_array(nullif(p.proargtypes::text, ''), ' ')::oid[] AS argtypes,
           p.proretset, p.proallargtypes IS NOT NULL AS has_out
    FROM pg_proc p
    WHERE overloads AND p.proname = ANY (fnames) AND p.prokind = 'f' AND (p.pronamespace = catalog_oid OR (p.pronamespace = ext_oid AND p.proowner = ext_owner))
      AND p.provariadic = 0
      AND (copies OR NOT EXISTS (SELECT FROM pg_proc q WHERE q.proname = p.proname AND q.pronamespace = ext_oid AND q.proowner = ext_owner))
      -- (uuid6_sql_edition_version: read by the plain script from its definition, never called)
      AND (NOT helpers OR p.pronamespace = catalog_oid
           OR (starts_with(p.proname::text, 'uuid6_sql_') AND p.proname <> 'uuid6_sql_edition_version'))
    ORDER BY p.proname, p.oid
  LOOP
    body := CASE WHEN f.proretset OR f.has_out THEN 'RETURN;' ELSE 'RETURN NULL;' END;
    -- The parameters before a last one of the SQL edition's seal (uuid6_sql_seal), for the
    -- overloads that put another type, or nothing, in its place (3 to 5).
    sealed := NULL;
    IF f.argtypes IS NOT NULL AND NOT f.has_out
       AND (SELECT t.typname FROM pg_type t WHERE t.oid = f.argtypes[array_length(f.argtypes, 1)]) = 'uuid6_sql_seal' THEN
      sealed := coalesce((SELECT string_agg(format('uuid6_trap_a%s %s', i, format_type(f.argtypes[i], NULL)), ', ' ORDER BY i)
                          FROM generate_series(1, array_length(f.argtypes, 1) - 1) AS i), '');
    END IF;
    FOR k IN 1..5 LOOP
      IF k = 1 THEN
        sig := format('%s) RETURNS %s',
                      concat_ws(', ', nullif(pg_get_function_arguments(f.oid), ''), 'uuid6_trap_pad integer DEFAULT 0'),
                      pg_get_function_result(f.oid));
        what := format('%I.%I(%s) (%s with a defaulted parameter more)', target, f.proname, sig, f.oid::regprocedure);
      ELSIF k = 2 THEN
        CONTINUE WHEN f.argtypes IS NULL OR f.has_out;
        sig := format('VARIADIC uuid6_trap_args %s[]) RETURNS %s', f.argtypes[1]::regtype, pg_get_function_result(f.oid));
        what := format('%I.%I(%s) (VARIADIC candidate for %s)', target, f.proname, sig, f.oid::regprocedure);
      ELSE
        CONTINUE WHEN sealed IS NULL;
        sig := format('%s) RETURNS %s',
                      concat_ws(', ', nullif(sealed, ''),
                                CASE k WHEN 3 THEN 'uuid6_trap_pad integer DEFAULT 0'
                                       WHEN 4 THEN 'uuid6_trap_seal anyelement, uuid6_trap_pad integer DEFAULT 0'
                                       ELSE 'uuid6_trap_seal boolean' END),
                      pg_get_function_result(f.oid));
        what := format('%I.%I(%s) (%s, its seal %s)', target, f.proname, sig, f.oid::regprocedure,
                       CASE k WHEN 3 THEN 'left out, a defaulted parameter in its place'
                              WHEN 4 THEN 'as anyelement, a defaulted parameter more'
                              ELSE 'as its base type' END);
      END IF;
      n := n + 1;
      BEGIN
        INSERT INTO public.uuid6_traps VALUES (n, 'overload', what);
        EXECUTE format('CREATE FUNCTION %I.%I(%s LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS %L',
                       target, f.proname, sig,
                       format('BEGIN PERFORM public.uuid6_trap_hit(%s); %s END', n, body));
        made := made + 1;
      EXCEPTION WHEN OTHERS THEN
        failed := failed + 1;
      END;
    END LOOP;
  END LOOP;

  -- (c) types: a domain by the name of each base type named in the bodies.
  FOR k IN 1..coalesce(array_length(tnames, 1), 0) LOOP
    n := n + 1;
    BEGIN
      INSERT INTO public.uuid6_traps VALUES (n, 'type', format('%I.%I', target, tnames[k]));
      EXECUTE format('CREATE DOMAIN %I.%I AS pg_catalog.%I CHECK (public.uuid6_trap_hit(%s))',
                     target, tnames[k], tnames[k], n);
      made := made + 1;
    EXCEPTION WHEN OTHERS THEN
      failed := failed + 1;
    END;
  END LOOP;
  PERFORM set_config('uuid6_traps.names', format('%s traps from %s (%s could not be made)',
                                                 made, current_setting('uuid6_traps.names'), failed), false);
END
$plant$;
SELECT current_setting('uuid6_traps.names') AS summary \gset
\echo :summary
