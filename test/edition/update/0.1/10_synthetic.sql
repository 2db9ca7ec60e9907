-- Version 0.1 of a made-up edition, the starting point of the test of the update derivation
-- (scripts/tle-update.pl) in test/edition/run.sh; 0.2/ changes each object in one way an
-- update must handle. Built with scripts/tle.sh (TLE_SRC, TLE_VERSION) as the edition is.

-- Kept as it is: its value must survive.
CREATE SEQUENCE IF NOT EXISTS syn_seq AS bigint MINVALUE 0 START 0 CACHE 1 NO CYCLE;
-- Gone in 0.2.
CREATE SEQUENCE IF NOT EXISTS syn_seq_gone AS bigint MINVALUE 0 START 0 CACHE 1 NO CYCLE;
-- Other options in 0.2.
CREATE SEQUENCE IF NOT EXISTS syn_seq_changed AS bigint MINVALUE 0 START 0 CACHE 1 NO CYCLE;
COMMENT ON SEQUENCE syn_seq IS 'synthetic: kept';
COMMENT ON SEQUENCE syn_seq_gone IS 'synthetic: gone in 0.2';
COMMENT ON SEQUENCE syn_seq_changed IS 'synthetic: other options in 0.2';
-- Both dumped by the extension, where there is one (the one gone in 0.2 must leave the
-- extension's list).
DO $$
BEGIN
  IF EXISTS (SELECT FROM pg_catalog.pg_depend WHERE classid = 'pg_catalog.pg_class'::pg_catalog.regclass
             AND objid = '@extschema@.syn_seq'::pg_catalog.regclass AND deptype = 'e') THEN
    PERFORM pg_catalog.pg_extension_config_dump('@extschema@.syn_seq', '');
    PERFORM pg_catalog.pg_extension_config_dump('@extschema@.syn_seq_gone', '');
  END IF;
END
$$;
GRANT SELECT, USAGE ON SEQUENCE syn_seq, syn_seq_gone TO PUBLIC;

-- The generator a DEFAULT calls: a new body in 0.2, the same OID.
CREATE FUNCTION syn_next() RETURNS bigint
    LANGUAGE sql VOLATILE
    RETURN pg_catalog.nextval('@extschema@.syn_seq'::pg_catalog.regclass);
COMMENT ON FUNCTION syn_next() IS 'synthetic: the generator';

-- An OUT column more in 0.2: dropped and created again.
CREATE FUNCTION syn_status(OUT a integer, OUT b text) RETURNS SETOF record
    LANGUAGE sql STABLE
    BEGIN ATOMIC SELECT 1, 'one'; END;
COMMENT ON FUNCTION syn_status() IS 'synthetic: an OUT column more in 0.2';

-- Returns bigint in 0.2, and a function that stays depends on it (its SQL-standard body).
CREATE FUNCTION syn_helper(x integer) RETURNS integer
    LANGUAGE sql IMMUTABLE
    RETURN x + 1;
COMMENT ON FUNCTION syn_helper(integer) IS 'synthetic: returns bigint in 0.2';
CREATE FUNCTION syn_user(x integer) RETURNS integer
    LANGUAGE sql IMMUTABLE
    RETURN @extschema@.syn_helper(x) * 2;
COMMENT ON FUNCTION syn_user(integer) IS 'synthetic: depends on syn_helper';

-- Gone in 0.2.
CREATE FUNCTION syn_gone(x int) RETURNS int
    LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN x;
END
$$;
COMMENT ON FUNCTION syn_gone(int) IS 'synthetic: gone in 0.2';

-- Its parameter renamed in 0.2.
CREATE FUNCTION syn_param(a integer) RETURNS integer
    LANGUAGE sql IMMUTABLE
    RETURN a;
COMMENT ON FUNCTION syn_param(integer) IS 'synthetic: its parameter renamed in 0.2';

-- Its default removed in 0.2.
CREATE FUNCTION syn_default(x integer DEFAULT 1, "y" text = 'y, and = DEFAULT') RETURNS integer
    LANGUAGE sql IMMUTABLE
    RETURN x;
COMMENT ON FUNCTION syn_default(integer, text) IS 'synthetic: its defaults removed in 0.2';

-- Not executable by PUBLIC, SECURITY DEFINER with a SET here; none of that in 0.2.
CREATE FUNCTION syn_secret() RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    RETURN 'secret';
REVOKE EXECUTE ON FUNCTION syn_secret() FROM PUBLIC;
COMMENT ON FUNCTION syn_secret() IS 'synthetic: loses its REVOKE, SECURITY DEFINER and SET in 0.2';

-- Its argument type spelt otherwise in 0.2 (the same function), and its comment gone.
CREATE FUNCTION syn_typed(t timestamptz) RETURNS int
    LANGUAGE sql IMMUTABLE STRICT
    RETURN 1;
COMMENT ON FUNCTION syn_typed(timestamptz) IS 'synthetic: no comment in 0.2';
