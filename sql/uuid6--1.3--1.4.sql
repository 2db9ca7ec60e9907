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

-- uuid6_create_spread_partitions, as in 1.3 but for the partitions' names:
-- they are the parent's name cut to leave room for _bNN. Identifiers are
-- limited to max_identifier_length bytes (NAMEDATALEN - 1, 63 by default) of
-- the database's encoding, and PostgreSQL cuts a longer one, on a character
-- boundary, without a word. 1.3 cut the parent's name by characters: a name
-- of multibyte characters still came out too long, PostgreSQL cut its
-- suffix, and two buckets got one name ("relation ... already exists").
-- The parent is now cut by characters until its bytes fit, so every
-- partition's name is the whole suffix after the longest prefix that fits —
-- in one byte less than the limit: each table has a row type of its name
-- and an array type named "_" and that name, which PostgreSQL 15 cuts to the
-- limit too; partitions of 63 bytes that differ only at the end then ran
-- out of array type names ("could not form array type name").
--
-- Means (see the search_path rules of 1.4): PL/pgSQL with SET search_path =
-- pg_catalog, pg_temp. It runs once per table, never on a hot path, so the
-- cost of the pinned path does not matter; under it every function,
-- operator, type and catalog it names resolves in pg_catalog, whatever the
-- caller's path and whatever other roles created. The statements it builds
-- name the parent by its schema and name, each quoted, never by a name the
-- path would resolve. It calls nothing of uuid6, so it stands alone.
CREATE OR REPLACE FUNCTION uuid6_create_spread_partitions(parent regclass, buckets integer DEFAULT 16)
    RETURNS integer
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
    SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    bits integer;
    strategy "char";
    key_columns int2vector;
    key_type regtype;
    rel_kind "char";
    bounds text[];
    foreign_partition text;
    parent_schema name;
    parent_name name;
    digits integer;
    stem text;
    name_bytes integer;
    created integer := 0;
BEGIN
    IF buckets NOT IN (2, 4, 8, 16, 32, 64, 128, 256) THEN
        RAISE EXCEPTION 'a spread key needs a bucket count that is a power of two from 2 to 256, got %', buckets
            USING ERRCODE = '22023',
                  HINT = 'Use the same count for the keys, uuid6_create_spread_partitions and uuid_spread_ranges, for example 16.';
    END IF;
    bits := round(log(2, buckets))::integer;
    SELECT c.relkind, n.nspname, c.relname
        INTO rel_kind, parent_schema, parent_name
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = parent;
    IF rel_kind IS DISTINCT FROM 'p' THEN
        RAISE EXCEPTION '% is not a partitioned table', parent
            USING ERRCODE = '42809',
                  HINT = 'Declare it PARTITION BY RANGE on its uuid key, for example CREATE TABLE t (id uuid PRIMARY KEY DEFAULT uuid_generate_v8_spread(16), ...) PARTITION BY RANGE (id).';
    END IF;
    -- Serialises helpers on one table: they read the partitions, then add.
    EXECUTE format('LOCK TABLE %I.%I IN SHARE ROW EXCLUSIVE MODE', parent_schema, parent_name);
    SELECT p.partstrat, p.partattrs INTO strategy, key_columns
        FROM pg_partitioned_table p WHERE p.partrelid = parent;
    IF strategy <> 'r' OR array_length(key_columns::int2[], 1) <> 1 OR key_columns[0] = 0 THEN
        RAISE EXCEPTION '% is not partitioned by range on one uuid column', parent
            USING ERRCODE = '42P16',
                  DETAIL = format('Its partition key is %s.', pg_get_partkeydef(parent)),
                  HINT = 'Spread partitions need PARTITION BY RANGE (id) on the uuid key alone.';
    END IF;
    SELECT a.atttypid::regtype INTO key_type
        FROM pg_attribute a WHERE a.attrelid = parent AND a.attnum = key_columns[0];
    IF key_type <> 'uuid'::regtype THEN
        RAISE EXCEPTION '% is not partitioned by range on one uuid column', parent
            USING ERRCODE = '42P16',
                  DETAIL = format('Its partition key is %s, of type %s.', pg_get_partkeydef(parent), key_type),
                  HINT = 'Spread partitions need PARTITION BY RANGE (id) on the uuid key alone.';
    END IF;

    -- The bound of bucket b: its top byte, b << (8 - bits), then zeros; the
    -- last bucket reaches MAXVALUE.
    SELECT array_agg(format('FOR VALUES FROM (%L) TO (%s)',
                            lpad(to_hex(b << (8 - bits)), 2, '0') || '000000-0000-0000-0000-000000000000',
                            CASE WHEN b = buckets - 1 THEN 'MAXVALUE'
                                 ELSE quote_literal(lpad(to_hex((b + 1) << (8 - bits)), 2, '0')
                                                    || '000000-0000-0000-0000-000000000000') END)
                     ORDER BY b)
        INTO bounds FROM generate_series(0, buckets - 1) AS b;
    SELECT format('%s (%s)', i.inhrelid::regclass, pg_get_expr(c.relpartbound, c.oid))
        INTO foreign_partition
        FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = parent AND pg_get_expr(c.relpartbound, c.oid) <> ALL (bounds)
        ORDER BY i.inhrelid::regclass::text LIMIT 1;
    IF foreign_partition IS NOT NULL THEN
        RAISE EXCEPTION '% already has a partition that is not one of % spread partitions', parent, buckets
            USING ERRCODE = '55000',
                  DETAIL = format('Partition %s.', foreign_partition),
                  HINT = 'Create the spread partitions on a table without other partitions, with the bucket count its keys are made with.';
    END IF;

    -- Partition b is named stem || '_b' || b with b zero-padded to `digits`:
    -- the stem is the parent's name, cut by whole characters until the name
    -- fits in max_identifier_length bytes, less one for its array type's "_".
    digits := length((buckets - 1)::text);
    name_bytes := current_setting('max_identifier_length')::integer - 1 - length('_b') - digits;
    stem := parent_name::text;
    WHILE octet_length(stem) > name_bytes LOOP
        stem := left(stem, -1);
    END LOOP;
    FOR b IN 0 .. buckets - 1 LOOP
        CONTINUE WHEN EXISTS (
            SELECT FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
            WHERE i.inhparent = parent AND pg_get_expr(c.relpartbound, c.oid) = bounds[b + 1]);
        EXECUTE format('CREATE TABLE %I.%I PARTITION OF %I.%I %s', parent_schema,
                       stem || '_b' || lpad(b::text, digits, '0'), parent_schema, parent_name,
                       bounds[b + 1]);
        created := created + 1;
    END LOOP;
    RETURN created;
END;
$$;

-- ---------------------------------------------------------------------------
-- uuid6_status() gains lagging_keys: the keys of the version handed out more
-- than the lag bound behind the clock because a lift's lock was taken. The
-- SQL edition can fall behind that way; this library's sequence never
-- trails the clock, so it says 0. (The library fills as many columns as the
-- declaration has, so 1.0 to 1.3 declarations keep working with it.)
--
-- The DROP would lose the function's privileges (a REVOKE from PUBLIC, a
-- GRANT to a monitoring role; 1.1 and 1.2 lost them so): they are kept in a
-- setting local to the update's transaction and granted again on the new
-- function. An object outside the extension that depends on the function (a
-- view) makes the update fail, with a message saying what to do, before
-- anything is dropped. PL/pgSQL run once, at the update, with its own
-- search_path; every name qualified all the same.
DO $uuid6_status_keep$
DECLARE
    dependents pg_catalog.text;
    status_fn pg_catalog.regprocedure;
BEGIN
    SELECT p.oid INTO status_fn
      FROM pg_catalog.pg_proc p
      JOIN pg_catalog.pg_extension e ON e.extnamespace OPERATOR(pg_catalog.=) p.pronamespace
     WHERE e.extname OPERATOR(pg_catalog.=) 'uuid6'::pg_catalog.name
       AND p.proname OPERATOR(pg_catalog.=) 'uuid6_status'::pg_catalog.name
       AND p.pronargs OPERATOR(pg_catalog.=) 0::pg_catalog.int2;
    SELECT pg_catalog.string_agg(pg_catalog.pg_describe_object(d.classid, d.objid, d.objsubid), ', ')
      INTO dependents
      FROM pg_catalog.pg_depend d
     WHERE d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass
       AND d.refobjid OPERATOR(pg_catalog.=) status_fn
       AND d.deptype OPERATOR(pg_catalog.<>) 'e'::"char"
       AND NOT EXISTS (SELECT FROM pg_catalog.pg_depend x
                        WHERE x.classid OPERATOR(pg_catalog.=) d.classid
                          AND x.objid OPERATOR(pg_catalog.=) d.objid
                          AND x.deptype OPERATOR(pg_catalog.=) 'e'::"char");
    IF dependents IS NOT NULL THEN
        RAISE EXCEPTION 'uuid6: the update to 1.4 replaces uuid6_status(), on which other objects depend'
            USING ERRCODE = 'dependent_objects_still_exist',
                  DETAIL = pg_catalog.format('uuid6_status() gains a column (lagging_keys), so it is dropped and created again; these depend on it: %s.', dependents),
                  HINT = 'Drop those objects, run ALTER EXTENSION uuid6 UPDATE, then create them again (they may use the new column).';
    END IF;
    PERFORM pg_catalog.set_config('uuid6_update.status_acl',
        COALESCE(p.proacl::pg_catalog.text, ''), true)
      FROM pg_catalog.pg_proc p
     WHERE p.oid OPERATOR(pg_catalog.=) status_fn;
END
$uuid6_status_keep$;
DROP FUNCTION uuid6_status();
CREATE FUNCTION uuid6_status(
    OUT mode text, OUT node_id integer, OUT version integer, OUT generated bigint,
    OUT clock_regressions bigint, OUT largest_regression_us bigint, OUT ahead_of_clock_us bigint,
    OUT restored_from text, OUT restored_until timestamptz, OUT state_saved_at timestamptz,
    OUT persisted_until timestamptz, OUT database_lease text, OUT database_lease_until timestamptz,
    OUT database_lease_written boolean, OUT lagging_keys bigint)
    RETURNS SETOF record
    AS 'MODULE_PATHNAME', 'uuid6_status' LANGUAGE C VOLATILE PARALLEL SAFE ROWS 3;
-- The privileges the function had before the DROP (none recorded: the
-- default, left as CREATE made it). The new function's owner, who runs the
-- update, grants them again; what it held itself is revoked and granted
-- anew like the rest.
DO $uuid6_status_grants$
DECLARE
    saved pg_catalog.text := pg_catalog.current_setting('uuid6_update.status_acl', true);
    status_fn pg_catalog.regprocedure;
    target pg_catalog.text;
    owner_name pg_catalog.text;
    item record;
BEGIN
    IF saved IS NULL OR saved OPERATOR(pg_catalog.=) ''::pg_catalog.text THEN
        RETURN;
    END IF;
    SELECT p.oid INTO status_fn
      FROM pg_catalog.pg_proc p
      JOIN pg_catalog.pg_extension e ON e.extnamespace OPERATOR(pg_catalog.=) p.pronamespace
     WHERE e.extname OPERATOR(pg_catalog.=) 'uuid6'::pg_catalog.name
       AND p.proname OPERATOR(pg_catalog.=) 'uuid6_status'::pg_catalog.name
       AND p.pronargs OPERATOR(pg_catalog.=) 0::pg_catalog.int2;
    SELECT p.proowner::pg_catalog.regrole::pg_catalog.text,
           pg_catalog.format('%I.uuid6_status()', n.nspname)
      INTO owner_name, target
      FROM pg_catalog.pg_proc p
      JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=) p.pronamespace
     WHERE p.oid OPERATOR(pg_catalog.=) status_fn;
    EXECUTE pg_catalog.format('REVOKE ALL ON FUNCTION %s FROM PUBLIC, %s',
        target, owner_name);
    FOR item IN SELECT a.grantee, a.privilege_type, a.is_grantable
                  FROM pg_catalog.aclexplode(saved::pg_catalog.aclitem[]) a LOOP
        EXECUTE pg_catalog.format('GRANT %s ON FUNCTION %s TO %s%s', item.privilege_type,
            target,
            CASE WHEN item.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC'
                 ELSE item.grantee::pg_catalog.regrole::pg_catalog.text END,
            CASE WHEN item.is_grantable THEN ' WITH GRANT OPTION' ELSE '' END);
    END LOOP;
    PERFORM pg_catalog.set_config('uuid6_update.status_acl', '', true);
    -- A GRANT in an extension's script records its result as the
    -- extension's initial privileges (pg_init_privs), which pg_dump leaves
    -- out of a dump: the REVOKE and GRANTs above would be lost by a dump and
    -- restore. A fresh install records none for this function; nor does
    -- this update, so that they stay the database's own.
    DELETE FROM pg_catalog.pg_init_privs i
     WHERE i.classoid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass
       AND i.objoid OPERATOR(pg_catalog.=) status_fn;
END
$uuid6_status_grants$;
COMMENT ON FUNCTION uuid6_status() IS
    'Where the sequences live (shared_preload, dsm_registry or lazy_shmem), uuid6.node_id, and per version: values generated, clock regressions seen, the largest one, how far the sequence is ahead of the clock, what the state file gave when the shared state was created (restored_from, the time the restored sequence stood at, when that file was saved), the time up to which the state file now covers the sequence, this database''s lease (its sequence, the time up to which it covers keys made here, and whether this session writes it: false during recovery, in a read-only transaction or in parallel mode, where the state file alone covers new keys), and lagging_keys, always 0 here (the SQL edition counts keys it handed out behind the clock)';
