-- uuid6 1.4 -> 1.5. Every SQL change from 1.4 on goes here; make builds the
-- 1.5 install script as the 1.0 script followed by the upgrade steps, so a
-- fresh install and an update run the same statements.
\echo Use "ALTER EXTENSION uuid6 UPDATE TO '1.5'" to load this file. \quit

-- ---------------------------------------------------------------------------
-- Partitioning by creation time (pg_partman and native partitions).
--
-- pg_partman 5.2 and later partition a uuid column by the time inside it,
-- given an encoder (timestamptz -> the key that starts an instant) and a
-- decoder that it calls with a partition's bound as text (for example
-- "SELECT uuid6.uuid_extract_time(bound::text)"). uuid_v7_floor and
-- uuid_v6_floor are the encoders; uuid_extract_time(text) is the decoder,
-- beside uuid_extract_time(uuid); uuid_v8_floor completes the floors for
-- uuid6's own v8 layout. All are IMMUTABLE, so a query bounded through them
-- is pruned to the partitions it needs.
--
-- Both are C functions of this library, like the uuid forms they stand
-- beside: a C function names nothing that a search_path could resolve, so
-- there is nothing to bind (and nothing in pg_depend but its language).
--
-- With the text form beside the uuid form, an untyped literal
-- (uuid_extract_time('0190...')) resolves to the text form: it reads the text
-- with the uuid type's input function, so every result, NULL and error
-- (22P02 for text that is not a UUID) is the same as the uuid form's.
--
-- Before 1.5, pg_partman's decoder had to be made by hand, as a one-line
-- uuid_extract_time(text) beside uuid6's functions: such a function is not
-- the extension's, and creating uuid6's would fail with a bare "already
-- exists". Refused here first, naming it and what to do, before anything is
-- changed. Every name is qualified (the script runs with the extension's
-- schema in search_path).
DO $uuid6_decoder_guard$
DECLARE
    found pg_catalog.text;
BEGIN
    SELECT pg_catalog.format('%I.uuid_extract_time(text)', n.nspname) INTO found
    FROM pg_catalog.pg_extension e
    JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=) e.extnamespace
    JOIN pg_catalog.pg_proc p ON p.pronamespace OPERATOR(pg_catalog.=) e.extnamespace
    WHERE e.extname OPERATOR(pg_catalog.=) 'uuid6'::pg_catalog.name
      AND p.proname OPERATOR(pg_catalog.=) 'uuid_extract_time'::pg_catalog.name
      AND p.proargtypes OPERATOR(pg_catalog.=) '25'::pg_catalog.oidvector;
    IF found IS NOT NULL THEN
        RAISE EXCEPTION 'uuid6: % exists already, and uuid6 1.5 brings its own', found
            USING ERRCODE = 'duplicate_function',
                  DETAIL = 'It is not part of the extension: made by hand, as pg_partman''s time decoder for instance.',
                  HINT = pg_catalog.format('Drop it (DROP FUNCTION %s) and run the command again; pg_partman then finds uuid6''s function under the same name.', found);
    END IF;
END
$uuid6_decoder_guard$;

CREATE FUNCTION uuid_extract_time(text) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'uuid_extract_time_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_extract_time(text) IS
    'uuid_extract_time(uuid) of a UUID given as text (pg_partman''s time decoder calls it so); 22P02 for text that is not a UUID';

CREATE FUNCTION uuid_v8_floor(timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuid_v8_floor' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v8_floor(timestamptz) IS
    'The smallest UUIDv8 of uuid6''s layout for the given instant (to the microsecond): id >= uuid_v8_floor(a) AND id < uuid_v8_floor(b) selects the v8 keys uuid6 made in [a, b) (spread keys are not in that order)';

-- ---------------------------------------------------------------------------
-- Bodies bound to pg_catalog and to uuid6's own functions, nothing else.
--
-- An extension script runs with search_path set to the target schema and
-- pg_temp, pg_catalog searched first. A SQL-standard body is bound when it
-- is created, so whatever that path could see then stays in it: where
-- pg_catalog has no exact match for an operator (it has no & or % for
-- bigint and integer), an exact match that another role created in the
-- target schema before the install would be taken, for good. The 1.0 to 1.3
-- scripts run their CREATE FUNCTION statements so, during a fresh install as
-- during an update; none of their bodies uses such an operator, but the
-- proof is the catalog's, below. Here every body is created again with the
-- path pinned to pg_catalog, pg_temp, every operator written
-- OPERATOR(pg_catalog.x) with operands of its exact types, every call
-- qualified: pg_catalog's by pg_catalog, uuid6's own by the extension's
-- schema, read from pg_extension (these scripts name the target schema
-- nowhere: substituting it would refuse a schema name with a quote, a
-- dollar or a backslash, which uuid6 up to 1.4 installed into). CREATE OR REPLACE keeps each function's OID, privileges and
-- the objects that depend on it; the bodies refer to uuid6's functions by
-- OID.
-- The path is given back at the end, for the statements after this block.
DO $uuid6_bound_bodies$
DECLARE
    saved_path pg_catalog.text := pg_catalog.current_setting('search_path');
    ext_schema pg_catalog.text;
BEGIN
    PERFORM pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', true);
    SELECT n.nspname INTO ext_schema
      FROM pg_catalog.pg_extension e
      JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=) e.extnamespace
     WHERE e.extname OPERATOR(pg_catalog.=) 'uuid6'::pg_catalog.name;

    -- The pg_uuidv7 pair (1.1): inlined by the planner, as before; with a
    -- constant zero the CASE folds to one branch. AT TIME ZONE is grammar
    -- for pg_catalog.timezone(), which it names with its schema.
    EXECUTE pg_catalog.format($sql$
        CREATE OR REPLACE FUNCTION %1$I.uuid_timestamptz_to_v7(
                ts pg_catalog.timestamptz, zero pg_catalog.bool DEFAULT false)
            RETURNS pg_catalog.uuid
            LANGUAGE sql VOLATILE PARALLEL SAFE
            RETURN CASE WHEN zero THEN %1$I.uuid_v7_floor(ts)
                        WHEN NOT zero THEN %1$I.uuid_generate_v7(ts) END$sql$, ext_schema);
    EXECUTE pg_catalog.format($sql$
        CREATE OR REPLACE FUNCTION %1$I.uuid_timestamp_to_v7(
                ts pg_catalog."timestamp", zero pg_catalog.bool DEFAULT false)
            RETURNS pg_catalog.uuid
            LANGUAGE sql VOLATILE PARALLEL SAFE
            RETURN CASE WHEN zero THEN %1$I.uuid_v7_floor(ts AT TIME ZONE 'UTC')
                        WHEN NOT zero THEN %1$I.uuid_generate_v7(ts AT TIME ZONE 'UTC') END$sql$,
            ext_schema);

    -- The spread ranges (1.3). The series runs at least once, so that a bad
    -- bucket count is reported rather than answered with no rows.
    EXECUTE pg_catalog.format($sql$
        CREATE OR REPLACE FUNCTION %1$I.uuid_spread_ranges(
                since pg_catalog.timestamptz, until pg_catalog.timestamptz,
                buckets pg_catalog.int4 DEFAULT 16)
            RETURNS TABLE (bucket pg_catalog.int4, lo pg_catalog.uuid, hi pg_catalog.uuid)
            LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE ROWS 16
        BEGIN ATOMIC
            SELECT b, %1$I.uuid_spread_floor(b, since, buckets), %1$I.uuid_spread_floor(b, until, buckets)
            FROM pg_catalog.generate_series(0,
                     GREATEST(buckets, 1) OPERATOR(pg_catalog.-) 1) AS b
            ORDER BY b;
        END$sql$, ext_schema);

    PERFORM pg_catalog.set_config('search_path', saved_path, true);
END
$uuid6_bound_bodies$;

-- uuid6_create_spread_partitions, as in 1.4, with every call and operator
-- of its PL/pgSQL qualified as well as its path pinned: PL/pgSQL resolves
-- names when it runs, so the pinned path alone keeps it to pg_catalog; the
-- qualified names say so where it is read. It calls nothing of uuid6.
CREATE OR REPLACE FUNCTION uuid6_create_spread_partitions(parent pg_catalog.regclass,
                                                          buckets pg_catalog.int4 DEFAULT 16)
    RETURNS pg_catalog.int4
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
    SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    bits pg_catalog.int4;
    strategy pg_catalog."char";
    key_columns pg_catalog.int2vector;
    key_type pg_catalog.regtype;
    rel_kind pg_catalog."char";
    bounds pg_catalog.text[];
    foreign_partition pg_catalog.text;
    parent_schema pg_catalog.name;
    parent_name pg_catalog.name;
    digits pg_catalog.int4;
    stem pg_catalog.text;
    name_bytes pg_catalog.int4;
    created pg_catalog.int4 := 0;
BEGIN
    IF NOT buckets OPERATOR(pg_catalog.=) ANY ('{2,4,8,16,32,64,128,256}'::pg_catalog.int4[]) THEN
        RAISE EXCEPTION 'a spread key needs a bucket count that is a power of two from 2 to 256, got %', buckets
            USING ERRCODE = '22023',
                  HINT = 'Use the same count for the keys, uuid6_create_spread_partitions and uuid_spread_ranges, for example 16.';
    END IF;
    bits := pg_catalog.round(pg_catalog.log(2::pg_catalog.numeric, buckets::pg_catalog.numeric))::pg_catalog.int4;
    SELECT c.relkind, n.nspname, c.relname
        INTO rel_kind, parent_schema, parent_name
        FROM pg_catalog.pg_class c
        JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=) c.relnamespace
        WHERE c.oid OPERATOR(pg_catalog.=) parent::pg_catalog.oid;
    IF rel_kind IS NULL OR rel_kind OPERATOR(pg_catalog.<>) 'p'::pg_catalog."char" THEN
        RAISE EXCEPTION '% is not a partitioned table', parent
            USING ERRCODE = '42809',
                  HINT = 'Declare it PARTITION BY RANGE on its uuid key, for example CREATE TABLE t (id uuid PRIMARY KEY DEFAULT uuid_generate_v8_spread(16), ...) PARTITION BY RANGE (id).';
    END IF;
    -- Serialises helpers on one table: they read the partitions, then add.
    EXECUTE pg_catalog.format('LOCK TABLE %I.%I IN SHARE ROW EXCLUSIVE MODE', parent_schema, parent_name);
    SELECT p.partstrat, p.partattrs INTO strategy, key_columns
        FROM pg_catalog.pg_partitioned_table p
        WHERE p.partrelid OPERATOR(pg_catalog.=) parent::pg_catalog.oid;
    IF strategy OPERATOR(pg_catalog.<>) 'r'::pg_catalog."char"
       OR pg_catalog.array_length(key_columns::pg_catalog.int2[], 1) OPERATOR(pg_catalog.<>) 1
       OR key_columns[0] OPERATOR(pg_catalog.=) 0::pg_catalog.int2 THEN
        RAISE EXCEPTION '% is not partitioned by range on one uuid column', parent
            USING ERRCODE = '42P16',
                  DETAIL = pg_catalog.format('Its partition key is %s.', pg_catalog.pg_get_partkeydef(parent::pg_catalog.oid)),
                  HINT = 'Spread partitions need PARTITION BY RANGE (id) on the uuid key alone.';
    END IF;
    SELECT a.atttypid::pg_catalog.regtype INTO key_type
        FROM pg_catalog.pg_attribute a
        WHERE a.attrelid OPERATOR(pg_catalog.=) parent::pg_catalog.oid
          AND a.attnum OPERATOR(pg_catalog.=) key_columns[0];
    IF key_type::pg_catalog.oid OPERATOR(pg_catalog.<>) 'pg_catalog.uuid'::pg_catalog.regtype::pg_catalog.oid THEN
        RAISE EXCEPTION '% is not partitioned by range on one uuid column', parent
            USING ERRCODE = '42P16',
                  DETAIL = pg_catalog.format('Its partition key is %s, of type %s.',
                                             pg_catalog.pg_get_partkeydef(parent::pg_catalog.oid), key_type),
                  HINT = 'Spread partitions need PARTITION BY RANGE (id) on the uuid key alone.';
    END IF;

    -- The bound of bucket b: its top byte, b << (8 - bits), then zeros; the
    -- last bucket reaches MAXVALUE.
    SELECT pg_catalog.array_agg(pg_catalog.format('FOR VALUES FROM (%L) TO (%s)',
               pg_catalog.lpad(pg_catalog.to_hex(b OPERATOR(pg_catalog.<<) (8 OPERATOR(pg_catalog.-) bits)), 2, '0')
                   OPERATOR(pg_catalog.||) '000000-0000-0000-0000-000000000000'::pg_catalog.text,
               CASE WHEN b OPERATOR(pg_catalog.=) (buckets OPERATOR(pg_catalog.-) 1) THEN 'MAXVALUE'::pg_catalog.text
                    ELSE pg_catalog.quote_literal(
                             pg_catalog.lpad(pg_catalog.to_hex((b OPERATOR(pg_catalog.+) 1)
                                                               OPERATOR(pg_catalog.<<) (8 OPERATOR(pg_catalog.-) bits)), 2, '0')
                             OPERATOR(pg_catalog.||) '000000-0000-0000-0000-000000000000'::pg_catalog.text) END)
               ORDER BY b)
        INTO bounds
        FROM pg_catalog.generate_series(0, buckets OPERATOR(pg_catalog.-) 1) AS b;
    SELECT pg_catalog.format('%s (%s)', i.inhrelid::pg_catalog.regclass,
                             pg_catalog.pg_get_expr(c.relpartbound, c.oid))
        INTO foreign_partition
        FROM pg_catalog.pg_inherits i
        JOIN pg_catalog.pg_class c ON c.oid OPERATOR(pg_catalog.=) i.inhrelid
        WHERE i.inhparent OPERATOR(pg_catalog.=) parent::pg_catalog.oid
          AND pg_catalog.pg_get_expr(c.relpartbound, c.oid) OPERATOR(pg_catalog.<>) ALL (bounds)
        ORDER BY i.inhrelid::pg_catalog.regclass::pg_catalog.text LIMIT 1;
    IF foreign_partition IS NOT NULL THEN
        RAISE EXCEPTION '% already has a partition that is not one of % spread partitions', parent, buckets
            USING ERRCODE = '55000',
                  DETAIL = pg_catalog.format('Partition %s.', foreign_partition),
                  HINT = 'Create the spread partitions on a table without other partitions, with the bucket count its keys are made with.';
    END IF;

    -- Partition b is named stem || '_b' || b with b zero-padded to `digits`:
    -- the stem is the parent's name, cut by whole characters until the name
    -- fits in max_identifier_length bytes, less one for its array type's "_".
    digits := pg_catalog.length((buckets OPERATOR(pg_catalog.-) 1)::pg_catalog.text);
    name_bytes := pg_catalog.current_setting('max_identifier_length')::pg_catalog.int4
                  OPERATOR(pg_catalog.-) 1 OPERATOR(pg_catalog.-) pg_catalog.length('_b'::pg_catalog.text)
                  OPERATOR(pg_catalog.-) digits;
    stem := parent_name::pg_catalog.text;
    WHILE pg_catalog.octet_length(stem) OPERATOR(pg_catalog.>) name_bytes LOOP
        stem := pg_catalog."left"(stem, -1);
    END LOOP;
    FOR b IN 0 .. buckets OPERATOR(pg_catalog.-) 1 LOOP
        CONTINUE WHEN EXISTS (
            SELECT FROM pg_catalog.pg_inherits i
            JOIN pg_catalog.pg_class c ON c.oid OPERATOR(pg_catalog.=) i.inhrelid
            WHERE i.inhparent OPERATOR(pg_catalog.=) parent::pg_catalog.oid
              AND pg_catalog.pg_get_expr(c.relpartbound, c.oid) OPERATOR(pg_catalog.=) bounds[b OPERATOR(pg_catalog.+) 1]);
        EXECUTE pg_catalog.format('CREATE TABLE %I.%I PARTITION OF %I.%I %s', parent_schema,
                       stem OPERATOR(pg_catalog.||) '_b'::pg_catalog.text
                            OPERATOR(pg_catalog.||) pg_catalog.lpad(b::pg_catalog.text, digits, '0'),
                       parent_schema, parent_name, bounds[b OPERATOR(pg_catalog.+) 1]);
        created := created OPERATOR(pg_catalog.+) 1;
    END LOOP;
    RETURN created;
END;
$$;

-- ---------------------------------------------------------------------------
-- The database lease, out of every other role's reach.
--
-- A role that can name a relation can queue a lock on it: CREATE RULE and
-- CREATE TRIGGER take theirs before they check ownership. Queued behind a
-- transaction that made keys (which holds the lease sequences' lock to its
-- end), such a lock stopped every renewal of the lease, and so every key in
-- the database, until that transaction ended; and every role that calls
-- uuid6 may use the extension's schema, where the sequences were. They move
-- into uuid6_lease, a schema of the extension's own that no role but the
-- extension's owner may use; uuid6 reaches them by OID. SET SCHEMA keeps
-- each sequence's OID, value, privileges and its registration with
-- pg_dump. Their SELECT for every role stays: it lets a role read them by
-- OID only (pg_dump of PostgreSQL 18 does so), which takes no lock that
-- holds back a renewal; before 18, pg_dump reads them by name, and so
-- needs USAGE on the schema (the owner's, a superuser's, pg_read_all_data). With members in two schemas the extension is
-- no longer relocatable (uuid6.control).
--
-- A schema of that name made by anyone before is refused, naming its owner:
-- uuid6 never takes another role's schema for its own.
DO $uuid6_lease_schema_guard$
DECLARE
    owner_name pg_catalog.text;
BEGIN
    SELECT pg_catalog.quote_ident(r.rolname) INTO owner_name
      FROM pg_catalog.pg_namespace n
      JOIN pg_catalog.pg_roles r ON r.oid OPERATOR(pg_catalog.=) n.nspowner
     WHERE n.nspname OPERATOR(pg_catalog.=) 'uuid6_lease'::pg_catalog.name;
    IF FOUND THEN
        RAISE EXCEPTION 'uuid6: schema uuid6_lease exists already, owned by %', owner_name
            USING ERRCODE = 'duplicate_schema',
                  DETAIL = 'uuid6 1.5 keeps each database''s lease in a schema of its own by that name, which no other role may use.',
                  HINT = 'Rename that schema (ALTER SCHEMA uuid6_lease RENAME TO ...) or drop it, then run the command again.';
    END IF;
END
$uuid6_lease_schema_guard$;

CREATE SCHEMA uuid6_lease;
COMMENT ON SCHEMA uuid6_lease IS
    'uuid6: this database''s lease sequences, which only uuid6 writes; no role but the extension''s owner may use the schema';

-- Exactly the owner's privileges and USAGE for the extension's owner,
-- whatever default privileges the role running this script has.
DO $uuid6_lease_schema_privileges$
DECLARE
    role_name pg_catalog.text;
BEGIN
    FOR role_name IN
        SELECT DISTINCT CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC'
                             ELSE pg_catalog.quote_ident(r.rolname) END
          FROM pg_catalog.pg_namespace n
         CROSS JOIN LATERAL pg_catalog.aclexplode(n.nspacl) a
          LEFT JOIN pg_catalog.pg_roles r ON r.oid OPERATOR(pg_catalog.=) a.grantee
         WHERE n.nspname OPERATOR(pg_catalog.=) 'uuid6_lease'::pg_catalog.name
           AND a.grantee OPERATOR(pg_catalog.<>) n.nspowner
    LOOP
        EXECUTE pg_catalog.format('REVOKE ALL ON SCHEMA uuid6_lease FROM %s', role_name);
    END LOOP;
END
$uuid6_lease_schema_privileges$;
REVOKE ALL ON SCHEMA uuid6_lease FROM PUBLIC;
GRANT USAGE ON SCHEMA uuid6_lease TO @extowner@;

-- The move takes each sequence's ACCESS EXCLUSIVE lock. Behind a transaction
-- that made keys in this database and is still open, a waiting move would
-- hold back every renewal queued after it; so each try waits at most 10 ms,
-- takes all four or none, and the update gives up after about two seconds,
-- naming what to end.
DO $uuid6_lease_move$
DECLARE
    saved_timeout pg_catalog.text := pg_catalog.current_setting('lock_timeout');
    tries pg_catalog.int4 := 0;
    ext_schema pg_catalog.text;
BEGIN
    SELECT n.nspname INTO ext_schema
      FROM pg_catalog.pg_extension e
      JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=) e.extnamespace
     WHERE e.extname OPERATOR(pg_catalog.=) 'uuid6'::pg_catalog.name;
    LOOP
        BEGIN
            PERFORM pg_catalog.set_config('lock_timeout', '10ms', true);
            EXECUTE pg_catalog.format('ALTER SEQUENCE %I.uuid6_lease_v6 SET SCHEMA uuid6_lease', ext_schema);
            EXECUTE pg_catalog.format('ALTER SEQUENCE %I.uuid6_lease_v7 SET SCHEMA uuid6_lease', ext_schema);
            EXECUTE pg_catalog.format('ALTER SEQUENCE %I.uuid6_lease_v8 SET SCHEMA uuid6_lease', ext_schema);
            EXECUTE pg_catalog.format('ALTER SEQUENCE %I.uuid6_lease_server SET SCHEMA uuid6_lease', ext_schema);
            EXIT;
        EXCEPTION WHEN lock_not_available THEN
            tries := tries OPERATOR(pg_catalog.+) 1;
            IF tries OPERATOR(pg_catalog.>=) 100 THEN
                PERFORM pg_catalog.set_config('lock_timeout', saved_timeout, true);
                RAISE EXCEPTION 'uuid6: the update to 1.5 could not take the lease sequences of database "%"',
                        pg_catalog.current_database()
                    USING ERRCODE = 'lock_not_available',
                          DETAIL = 'A transaction that made keys in this database, or read a lease sequence, holds them until it ends; the update waits at most 10 ms at a time, so as not to hold back the keys of other sessions.',
                          HINT = pg_catalog.format('End that transaction (pg_locks names the sessions holding locks on %I.uuid6_lease_v6, _v7, _v8 and _server), then run the update again.', ext_schema);
            END IF;
        END;
        PERFORM pg_catalog.pg_sleep(0.01);
    END LOOP;
    PERFORM pg_catalog.set_config('lock_timeout', saved_timeout, true);
END
$uuid6_lease_move$;

-- ---------------------------------------------------------------------------
-- The proof, from the catalog: this block stays the last of the script, so
-- that it runs after every install and every update, whatever ran before.
-- A SQL-standard body records in pg_depend every function, operator, type,
-- cast, collation and relation it is bound to (those PostgreSQL made at
-- initdb are pinned and recorded by none). Each must be pg_catalog's or
-- uuid6's own; anything else is code or data another role could change
-- under uuid6's callers, and the install or update is refused, naming it
-- and its owner. The same holds for every other dependency of uuid6's
-- objects (argument types, defaults).
DO $uuid6_bound_by_catalog$
DECLARE
    outside_list pg_catalog.text;
    first_found pg_catalog.text;
    how_many pg_catalog.int8;
BEGIN
    WITH ext AS (
        SELECT e.oid FROM pg_catalog.pg_extension e
         WHERE e.extname OPERATOR(pg_catalog.=) 'uuid6'::pg_catalog.name),
    member AS (
        SELECT d.classid, d.objid
          FROM pg_catalog.pg_depend d, ext
         WHERE d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_extension'::pg_catalog.regclass::pg_catalog.oid
           AND d.refobjid OPERATOR(pg_catalog.=) ext.oid
           AND d.deptype OPERATOR(pg_catalog.=) 'e'::pg_catalog."char"),
    used AS (
        SELECT d.classid, d.objid, d.refclassid, d.refobjid,
               CASE
                 WHEN d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass::pg_catalog.oid THEN
                   (SELECT p.pronamespace FROM pg_catalog.pg_proc p WHERE p.oid OPERATOR(pg_catalog.=) d.refobjid)
                 WHEN d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_operator'::pg_catalog.regclass::pg_catalog.oid THEN
                   (SELECT o.oprnamespace FROM pg_catalog.pg_operator o WHERE o.oid OPERATOR(pg_catalog.=) d.refobjid)
                 WHEN d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_type'::pg_catalog.regclass::pg_catalog.oid THEN
                   (SELECT t.typnamespace FROM pg_catalog.pg_type t WHERE t.oid OPERATOR(pg_catalog.=) d.refobjid)
                 WHEN d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_collation'::pg_catalog.regclass::pg_catalog.oid THEN
                   (SELECT c.collnamespace FROM pg_catalog.pg_collation c WHERE c.oid OPERATOR(pg_catalog.=) d.refobjid)
                 WHEN d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_class'::pg_catalog.regclass::pg_catalog.oid THEN
                   (SELECT r.relnamespace FROM pg_catalog.pg_class r WHERE r.oid OPERATOR(pg_catalog.=) d.refobjid)
                 -- A cast has no schema: only those made at initdb are pg_catalog's.
                 WHEN d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_cast'::pg_catalog.regclass::pg_catalog.oid THEN
                   CASE WHEN d.refobjid OPERATOR(pg_catalog.<) 16384::pg_catalog.oid
                        THEN 'pg_catalog'::pg_catalog.regnamespace::pg_catalog.oid END
               END AS namespace_id,
               CASE
                 WHEN d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass::pg_catalog.oid THEN
                   (SELECT p.proowner FROM pg_catalog.pg_proc p WHERE p.oid OPERATOR(pg_catalog.=) d.refobjid)
                 WHEN d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_operator'::pg_catalog.regclass::pg_catalog.oid THEN
                   (SELECT o.oprowner FROM pg_catalog.pg_operator o WHERE o.oid OPERATOR(pg_catalog.=) d.refobjid)
                 WHEN d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_type'::pg_catalog.regclass::pg_catalog.oid THEN
                   (SELECT t.typowner FROM pg_catalog.pg_type t WHERE t.oid OPERATOR(pg_catalog.=) d.refobjid)
                 WHEN d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_collation'::pg_catalog.regclass::pg_catalog.oid THEN
                   (SELECT c.collowner FROM pg_catalog.pg_collation c WHERE c.oid OPERATOR(pg_catalog.=) d.refobjid)
                 WHEN d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_class'::pg_catalog.regclass::pg_catalog.oid THEN
                   (SELECT r.relowner FROM pg_catalog.pg_class r WHERE r.oid OPERATOR(pg_catalog.=) d.refobjid)
                 WHEN d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_cast'::pg_catalog.regclass::pg_catalog.oid THEN
                   (SELECT COALESCE(p.proowner, t.typowner)
                      FROM pg_catalog.pg_cast ca
                      JOIN pg_catalog.pg_type t ON t.oid OPERATOR(pg_catalog.=) ca.castsource
                      LEFT JOIN pg_catalog.pg_proc p ON p.oid OPERATOR(pg_catalog.=) ca.castfunc
                     WHERE ca.oid OPERATOR(pg_catalog.=) d.refobjid)
               END AS owner_id
          FROM member m
          JOIN pg_catalog.pg_depend d
            ON d.classid OPERATOR(pg_catalog.=) m.classid AND d.objid OPERATOR(pg_catalog.=) m.objid
         WHERE d.deptype OPERATOR(pg_catalog.<>) ALL ('{e,x}'::pg_catalog."char"[])
           AND d.refclassid OPERATOR(pg_catalog.=) ANY (ARRAY[
                 'pg_catalog.pg_proc'::pg_catalog.regclass, 'pg_catalog.pg_operator'::pg_catalog.regclass,
                 'pg_catalog.pg_type'::pg_catalog.regclass, 'pg_catalog.pg_cast'::pg_catalog.regclass,
                 'pg_catalog.pg_collation'::pg_catalog.regclass, 'pg_catalog.pg_class'::pg_catalog.regclass]::pg_catalog.oid[])
           AND NOT EXISTS (SELECT FROM member own
                            WHERE own.classid OPERATOR(pg_catalog.=) d.refclassid
                              AND own.objid OPERATOR(pg_catalog.=) d.refobjid)),
    outside AS (
        SELECT pg_catalog.format('%s depends on %s, owned by %s',
                   (SELECT pg_catalog.concat_ws(' ', i.type, i.identity)
                      FROM pg_catalog.pg_identify_object(u.classid, u.objid, 0) i),
                   (SELECT pg_catalog.concat_ws(' ', i.type, i.identity)
                      FROM pg_catalog.pg_identify_object(u.refclassid, u.refobjid, 0) i),
                   COALESCE(pg_catalog.quote_ident(r.rolname), 'an unknown role')) AS what
          FROM used u
          LEFT JOIN pg_catalog.pg_roles r ON r.oid OPERATOR(pg_catalog.=) u.owner_id
         WHERE u.namespace_id IS NULL
            OR u.namespace_id OPERATOR(pg_catalog.<>) 'pg_catalog'::pg_catalog.regnamespace::pg_catalog.oid)
    SELECT pg_catalog.string_agg(o.what, '; ' ORDER BY o.what), pg_catalog.min(o.what), pg_catalog.count(*)
      INTO outside_list, first_found, how_many
      FROM outside o;
    IF how_many OPERATOR(pg_catalog.>) 0 THEN
        RAISE EXCEPTION 'uuid6: %, which is neither pg_catalog''s nor uuid6''s', first_found
            USING ERRCODE = 'insufficient_privilege',
                  DETAIL = pg_catalog.format('uuid6''s functions may use only pg_catalog''s objects and their own, or they would run code that another role can change; found %s: %s.',
                                             how_many, outside_list),
                  HINT = 'That object was most likely created in uuid6''s schema by another role before uuid6 was installed or updated there. Drop it (its owner or a superuser can), or install uuid6 into a schema where only the installing role can create objects, then run CREATE EXTENSION or ALTER EXTENSION uuid6 UPDATE again.';
    END IF;
END
$uuid6_bound_by_catalog$;
