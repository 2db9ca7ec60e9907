-- uuid6.node_id in the SQL edition: a plain decimal integer from -1 (none) to 65535, set for the
-- database (ALTER DATABASE ... SET, with uuid6_set_node_id the edition's only sources), read back
-- through uuid6_status() and the node bits (74-89) of a v7 key it makes; anything else refused by
-- both, with the one message that names the accepted form. (The C library's uuid6.node_id is a
-- server setting that PostgreSQL itself reads.) Prints one line per spelling.
\set ON_ERROR_STOP 1
SET client_min_messages = warning;

CREATE TEMP TABLE node_cases (n serial, s text);
INSERT INTO node_cases (s) VALUES
  ('0'), ('7'), ('65535'), ('-1'), (''),
  ('65536'), ('-2'), ('99999'), ('2147483648'),
  ('0x10'), ('010'), ('+5'), (' 7 '), (E'\n7'), ('1.5'), ('1e3'), ('16.0'), ('abc'), ('7kB'), ('0b101');

CREATE FUNCTION pg_temp.edition_reads(s text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  node integer;
  bits integer;
  msg text;
  detail text;
  state text;
BEGIN
  EXECUTE format('ALTER DATABASE %I SET uuid6.node_id = %L', current_database(), s);
  PERFORM set_config('uuid6.node_id', s, true);
  EXECUTE 'DISCARD PLANS';
  BEGIN
    SELECT u.node_id INTO node FROM uuid6_status() AS u LIMIT 1;
  EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, msg = MESSAGE_TEXT, detail = PG_EXCEPTION_DETAIL;
    -- The generators must refuse it the same way.
    BEGIN
      PERFORM uuid_generate_v7();
      RETURN 'uuid6_status() refuses it, uuid_generate_v7() does not';
    EXCEPTION WHEN OTHERS THEN
      NULL;
    END;
    RETURN format('ERROR %s %s (%s)', state, msg, detail);
  END;
  bits := ('x' || substr(replace(uuid_generate_v7()::text, '-', ''), 19, 6))::bit(24)::integer >> 6 & 65535;
  IF node IS NULL THEN
    RETURN 'off';
  ELSIF bits <> node THEN
    RETURN format('node %s in uuid6_status() but %s in a key', node, bits);
  END IF;
  RETURN 'node ' || node;
END
$$;

\pset format unaligned
\pset tuples_only on
SELECT format('"%s" -> %s', replace(s, E'\n', '\n'), replace(pg_temp.edition_reads(s), E'\n', '\n')) FROM node_cases ORDER BY n;
SELECT format('ALTER DATABASE %I RESET uuid6.node_id', current_database()) \gexec
