-- Version 0.2 of the made-up edition of 0.1/: each object changed in one way (see there).

CREATE SEQUENCE IF NOT EXISTS syn_seq AS bigint MINVALUE 0 START 0 CACHE 1 NO CYCLE;
CREATE SEQUENCE IF NOT EXISTS syn_seq_changed AS bigint MINVALUE 0 MAXVALUE 1000000000000 START 0 CACHE 1 NO CYCLE;
CREATE SEQUENCE IF NOT EXISTS syn_seq_new AS bigint MINVALUE 0 START 0 CACHE 1 NO CYCLE;
COMMENT ON SEQUENCE syn_seq IS 'synthetic: kept';
COMMENT ON SEQUENCE syn_seq_changed IS 'synthetic: other options in 0.2';
COMMENT ON SEQUENCE syn_seq_new IS 'synthetic: new in 0.2';
-- Dumped by the extension, where there is one.
DO $$
BEGIN
  IF EXISTS (SELECT FROM pg_catalog.pg_depend WHERE classid = 'pg_catalog.pg_class'::pg_catalog.regclass
             AND objid = '@extschema@.syn_seq'::pg_catalog.regclass AND deptype = 'e') THEN
    PERFORM pg_catalog.pg_extension_config_dump('@extschema@.syn_seq', '');
  END IF;
END
$$;
GRANT SELECT, USAGE ON SEQUENCE syn_seq, syn_seq_new TO PUBLIC;

CREATE FUNCTION syn_next() RETURNS bigint
    LANGUAGE sql VOLATILE
    RETURN pg_catalog.nextval('@extschema@.syn_seq'::pg_catalog.regclass) + 0;
COMMENT ON FUNCTION syn_next() IS 'synthetic: the generator';

CREATE FUNCTION syn_status(OUT a integer, OUT b text, OUT c bigint) RETURNS SETOF record
    LANGUAGE sql STABLE
    BEGIN ATOMIC SELECT 1, 'one', 2::bigint; END;
COMMENT ON FUNCTION syn_status() IS 'synthetic: an OUT column more in 0.2';

CREATE FUNCTION syn_helper(x integer) RETURNS bigint
    LANGUAGE sql IMMUTABLE
    RETURN x + 1;
COMMENT ON FUNCTION syn_helper(integer) IS 'synthetic: returns bigint in 0.2';
CREATE FUNCTION syn_user(x integer) RETURNS integer
    LANGUAGE sql IMMUTABLE
    RETURN (@extschema@.syn_helper(x) * 2)::integer;
COMMENT ON FUNCTION syn_user(integer) IS 'synthetic: depends on syn_helper';

CREATE FUNCTION syn_param(b integer) RETURNS integer
    LANGUAGE sql IMMUTABLE
    RETURN b;
COMMENT ON FUNCTION syn_param(integer) IS 'synthetic: its parameter renamed in 0.2';

CREATE FUNCTION syn_default(x integer, "y" text) RETURNS integer
    LANGUAGE sql IMMUTABLE
    RETURN x;
COMMENT ON FUNCTION syn_default(integer, text) IS 'synthetic: its defaults removed in 0.2';

CREATE FUNCTION syn_secret() RETURNS text
    LANGUAGE sql STABLE
    RETURN 'secret';
COMMENT ON FUNCTION syn_secret() IS 'synthetic: loses its REVOKE, SECURITY DEFINER and SET in 0.2';

CREATE FUNCTION syn_typed(t timestamp with time zone) RETURNS integer
    LANGUAGE sql IMMUTABLE STRICT
    RETURN 1;

-- New in 0.2.
CREATE FUNCTION syn_added(x integer) RETURNS integer
    LANGUAGE sql IMMUTABLE
    RETURN @extschema@.syn_user(x);
COMMENT ON FUNCTION syn_added(integer) IS 'synthetic: new in 0.2';
