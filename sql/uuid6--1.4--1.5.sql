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
-- there is nothing to bind (and nothing in pg_depend but its language), and
-- it follows the extension through ALTER EXTENSION ... SET SCHEMA. A SQL body
-- calling uuid_extract_time(uuid) would have to name it through the path the
-- script runs under, which this relocatable extension cannot qualify
-- (@extschema@ is not substituted in a relocatable extension's scripts).
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
