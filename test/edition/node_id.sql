-- uuid6.node_id read as PostgreSQL reads an integer setting, in every edition: one table of
-- spellings, each read (a) by PostgreSQL itself, through a core integer setting without a unit
-- (gin_fuzzy_search_limit, 0 .. 2147483647: the same parse_int(), then its range swapped for
-- node_id's -1 .. 65535), and (b) by the uuid6 at hand:
--   :mode = 'edition': set for the database (ALTER DATABASE ... SET, the edition's one source)
--     and as the session's placeholder, read back through
--     uuid6_status() and the node bits of a generated v7 key (or the error the generators raise);
--   :mode = 'c': the C library's setting (PGC_SIGHUP) through ALTER SYSTEM and a reload, over a
--     dblink connection (:conninfo) to this server, read back in a new session (or ALTER
--     SYSTEM's error).
-- Prints one line per spelling, "'spelling' -> reading", with what PostgreSQL reads added where
-- the two differ, then "N spellings, N differ". The editions' outputs are compared line by
-- line by test/edition/run.sh. Spellings ALTER SYSTEM cannot take (a newline; the vertical tab,
-- form feed and carriage return that C's isspace() also skips) and the empty string (which the
-- SQL edition cannot tell from an unset placeholder) are read by the SQL edition only, after
-- the shared table.
\set ON_ERROR_STOP 1
SET client_min_messages = warning;

CREATE TEMP TABLE node_cases (n serial, s text, edition_only boolean DEFAULT false);
INSERT INTO node_cases (s) VALUES
  ('0'), ('7'), ('65535'), ('-1'), ('65536'), ('-2'), ('99999'),
  -- strtol() with base 0: octal, hex, signs, spaces
  ('010'), ('0777'), ('0177777'), ('0200000'), ('08'), ('09'), ('00'), ('-0'), ('+0'),
  ('0x10'), ('0X1F'), ('0xFFFF'), ('0x10000'), ('0x1e3'), ('0x'), ('00x10'), ('0x-1'), ('-0x1'),
  ('+5'), ('-5'), ('+-5'), ('- 5'), ('+'), ('-'), (' 7 '), ('  42'), (E'\t5\t'), ('5 5'),
  ('00000000000000000000000012'),
  -- strtod() where strtol() stops at '.', 'e' or 'E': rounded half to even
  ('1.5'), ('2.5'), ('3.5'), ('0.5'), ('-0.5'), ('-1.4'), ('-1.5'), ('1.49999999999999999'),
  ('2.5000000000000001'), ('65535.4'), ('65535.5'), ('65534.5'), ('.5'), (' .5'), ('5.'), ('5.e1'),
  ('1e3'), ('1E2'), ('1e+2'), ('1e-3'), ('7e0'), ('1e'), ('1.5e'), ('e5'), ('.e1'), ('.'),
  ('010.5'), ('07e1'), ('0x1.8'), ('0x1.8p1'), ('0x1.p4'), ('0x1p4'), ('0x.8'),
  ('1e00000000000000000000002'),
  -- beyond int and beyond 64 bits
  ('2147483647'), ('2147483648'), ('-2147483648'), ('-2147483649'), ('2147483647.4'),
  ('2147483647.6'), ('-2147483648.4'), ('-2147483648.6'), ('4294967296'),
  ('9223372036854775807'), ('9223372036854775808'), ('-9223372036854775809'),
  ('99999999999999999999'), ('0x7fffffffffffffff'), ('0x8000000000000000'),
  ('-0x8000000000000000'), ('0xffffffffffffffffff'), ('01777777777777777777777'),
  ('1e308'), ('1e309'), ('1e400'), ('1e-300'), ('1e-320'), ('1e-400'), ('0e999999'),
  -- not numbers, units, other digits
  ('abc'), ('7kB'), ('7 kB'), ('7s'), ('1_000'), ('1,5'), ('١'), ('inf'), ('nan'), ('Infinity'),
  (' '), ('0.0.0'), ('--1'), ('0b101');
INSERT INTO node_cases (s, edition_only) VALUES
  (E'\n7\n', true), (chr(11) || '7' || chr(12), true), (E'7\r', true), ('', true);

-- (a) PostgreSQL's reading, in node_id's range.
CREATE FUNCTION pg_temp.postgres_reads(s text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v text;
  msg text;
  hint text;
  state text;
BEGIN
  BEGIN
    PERFORM set_config('gin_fuzzy_search_limit', s, true);
    v := current_setting('gin_fuzzy_search_limit');
  EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, msg = MESSAGE_TEXT, hint = PG_EXCEPTION_HINT;
    v := substring(msg FROM '^(-?[0-9]+) is outside the valid range for parameter "gin_fuzzy_search_limit"');
    IF v IS NULL THEN
      RETURN format('ERROR %s %s%s', state, replace(msg, 'gin_fuzzy_search_limit', 'uuid6.node_id'),
                    CASE WHEN hint <> '' THEN ' HINT ' || hint ELSE '' END);
    END IF;
  END;
  IF v::bigint = -1 THEN
    RETURN 'off';
  ELSIF v::bigint BETWEEN 0 AND 65535 THEN
    RETURN 'node ' || v;
  END IF;
  RETURN format('ERROR 22023 %s is outside the valid range for parameter "uuid6.node_id" (-1 .. 65535)', v);
END
$$;

-- (b) the SQL edition's reading: uuid6_status(), and the node bits (74-89) of a v7 it makes.
CREATE FUNCTION pg_temp.edition_reads(s text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  node integer;
  bits integer;
  msg text;
  hint text;
  state text;
BEGIN
  -- The database's setting, which the edition takes (and the session's the same, as a session
  -- started after ALTER DATABASE reads it); the plans that read the database's dropped.
  EXECUTE format('ALTER DATABASE %I SET uuid6.node_id = %L', current_database(), s);
  PERFORM set_config('uuid6.node_id', s, true);
  EXECUTE 'DISCARD PLANS';
  BEGIN
    SELECT u.node_id INTO node FROM uuid6_status() AS u LIMIT 1;
  EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, msg = MESSAGE_TEXT, hint = PG_EXCEPTION_HINT;
    -- The generators must refuse it the same way.
    BEGIN
      PERFORM uuid_generate_v7();
      RETURN 'ERROR uuid6_status() refuses it, uuid_generate_v7() does not';
    EXCEPTION WHEN OTHERS THEN
      NULL;
    END;
    RETURN format('ERROR %s %s%s', state, msg, CASE WHEN hint <> '' THEN ' HINT ' || hint ELSE '' END);
  END;
  -- bits 72-95 of the key are hex digits 19-24; the node id is bits 74-89
  bits := ('x' || substr(replace(uuid_generate_v7()::text, '-', ''), 19, 6))::bit(24)::integer >> 6 & 65535;
  IF node IS NULL THEN
    RETURN 'off';
  ELSIF bits <> node THEN
    RETURN format('node %s in uuid6_status() but %s in a key', node, bits);
  END IF;
  RETURN 'node ' || node;
END
$$;

-- (b') the C library's reading: ALTER SYSTEM (which checks the value as a reload would) and a
-- reload, read back by a session started after it.
CREATE FUNCTION pg_temp.c_library_reads(s text, conninfo text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  before timestamptz;
  loaded timestamptz;
  node integer;
  msg text;
  hint text;
  state text;
BEGIN
  SELECT t INTO before FROM dblink(conninfo, 'SELECT pg_conf_load_time()') AS x(t timestamptz);
  BEGIN
    PERFORM dblink_exec(conninfo, format('ALTER SYSTEM SET uuid6.node_id = %L', s));
  EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, msg = MESSAGE_TEXT, hint = PG_EXCEPTION_HINT;
    RETURN format('ERROR %s %s%s', state, msg, CASE WHEN hint <> '' THEN ' HINT ' || hint ELSE '' END);
  END;
  PERFORM pg_reload_conf();
  FOR i IN 1..500 LOOP
    SELECT t, v INTO loaded, node
    FROM dblink(conninfo, 'SELECT pg_conf_load_time(), (SELECT node_id FROM uuid6_status() LIMIT 1)')
      AS x(t timestamptz, v integer);
    EXIT WHEN loaded > before;
    PERFORM pg_sleep(0.01);
  END LOOP;
  IF loaded <= before THEN
    RETURN 'the server did not reload its configuration';
  END IF;
  RETURN CASE WHEN node IS NULL THEN 'off' ELSE 'node ' || node END;
END
$$;

SELECT :'mode' = 'c' AS c_library \gset
\if :c_library
\else
\set conninfo ''
\endif
CREATE TEMP TABLE node_out AS
SELECT n, s, edition_only, pg_temp.postgres_reads(s) AS postgres,
       CASE WHEN :'mode' = 'c' THEN CASE WHEN edition_only THEN NULL ELSE pg_temp.c_library_reads(s, :'conninfo') END
            ELSE pg_temp.edition_reads(s) END AS uuid6
FROM node_cases ORDER BY n;
\if :c_library
SELECT dblink_exec(:'conninfo', 'ALTER SYSTEM RESET uuid6.node_id') IS NOT NULL AND pg_reload_conf() AS reset \gset
\else
SELECT format('ALTER DATABASE %I RESET uuid6.node_id', current_database()) \gexec
\endif

\pset format unaligned
\pset tuples_only on
SELECT format('"%s" -> %s%s', (replace(replace(replace(replace(replace(s, E'\t', '\t'), E'\n', '\n'),
                                                                     chr(11), '\v'), chr(12), '\f'), E'\r', '\r')),
              uuid6,
              CASE WHEN uuid6 = postgres THEN '' ELSE ' (PostgreSQL reads: ' || postgres || ')' END)
FROM node_out WHERE uuid6 IS NOT NULL ORDER BY n;
SELECT format('%s spellings, %s differ', count(*), count(*) FILTER (WHERE uuid6 <> postgres))
FROM node_out WHERE NOT edition_only;
