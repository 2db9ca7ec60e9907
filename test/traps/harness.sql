-- The trap test's harness (test/traps/run.sh), made by a superuser in the test's database before
-- any trap is planted, with psql variable ext: the schema uuid6 is installed in.
--
-- calls: one query per call of every function in that schema, with arguments made from the
-- samples of each parameter's type (NULLs and values that must be refused included); each
-- query returns the result as text. call(): runs one query in a subtransaction that it then
-- rolls back (so that no call changes what the next one sees, but for sequences), and returns
-- the result or 'ERROR <SQLSTATE> <message>'. results: what each phase got.
--
-- call() runs in the session of the role that planted the traps, with its search_path: its
-- own body names nothing that path could reach (pg_catalog-qualified functions and types, no
-- operators), so that any trap that fires was reached from a body of uuid6's.
SET client_min_messages = warning;
DROP SCHEMA IF EXISTS uuid6_harness CASCADE;
CREATE SCHEMA uuid6_harness;
GRANT USAGE ON SCHEMA uuid6_harness TO PUBLIC;

CREATE FUNCTION uuid6_harness.call(q pg_catalog.text, pause boolean) RETURNS pg_catalog.text
    LANGUAGE plpgsql AS $$
DECLARE
  r pg_catalog.text;
  -- The traps' counter (plant.sql), NULL before any trap is planted.
  counter pg_catalog.regclass := pg_catalog.to_regclass('public.uuid6_trap_fired');
  fired bigint := coalesce(pg_catalog.pg_sequence_last_value(counter), 0::bigint);
BEGIN
  -- A generator's first key after a pause takes its slow path (the lift).
  IF pause THEN
    PERFORM pg_catalog.pg_sleep(0.002::double precision);
  END IF;
  BEGIN
    EXECUTE q INTO r;
    r := coalesce(r, '<null>');
    RAISE SQLSTATE 'UU6RB';
  EXCEPTION
    WHEN SQLSTATE 'UU6RB' THEN
      NULL;
    WHEN OTHERS THEN
      r := pg_catalog.concat('ERROR ', SQLSTATE, ' ', SQLERRM);
  END;
  IF pg_catalog.int8ne(coalesce(pg_catalog.pg_sequence_last_value(counter), 0::bigint), fired) THEN
    r := pg_catalog.concat(r, ' [a trap fired]');
  END IF;
  RETURN r;
END
$$;

-- A partitioned table for parameters of type regclass (uuid6_create_spread_partitions).
CREATE TABLE uuid6_harness.parted (id uuid) PARTITION BY RANGE (id);

CREATE TABLE uuid6_harness.samples (typ regtype, n integer, literal text);
INSERT INTO uuid6_harness.samples (typ, n, literal)
SELECT t::regtype, n, v
FROM (VALUES
  ('uuid', ARRAY['017f22e2-79b0-7cc3-98c4-dc0c0c07398f', '1ec9414c-232a-6b00-b3c8-9f6bdeced846',
                 'c232ab00-9414-11ec-b3c8-9f6bdeced846', '2489e9ad-2ee2-8e00-8ec9-32d5f69181c0',
                 '0001a208-5459-8012-9d04-3cc46f1a5c31', '919108f7-52d1-4320-9bac-f847db4148a8',
                 '0621537e-e1f9-7add-8dcf-010000000000', 'e4b98970-eb53-4cc3-98c4-dc0c0c07398f',
                 '0621537e-e1f7-7001-c000-000000000000', '00000000-0000-0000-0000-000000000000',
                 'ffffffff-ffff-ffff-ffff-ffffffffffff', 'ffffffff-ffff-7fff-bfff-ffffffffffff',
                 '1ec9414c-232a-6b00-f3c8-9f6bdeced846', 'fe123456-789a-8bcd-bfff-ffffef1a5c37']),
  ('timestamptz', ARRAY['2022-02-22 19:22:22.123456+00', '1970-01-01 00:00:00+00', '1582-10-15 00:00:00+00',
                        '1969-12-31 23:59:59.999999+00', '2554-07-21 23:34:33.709551+00', 'infinity',
                        '-infinity', '1000-01-01 00:00:00+00', '20000-01-01 00:00:00+00',
                        '10889-08-02 05:31:50.655999+00']),
  ('timestamp', ARRAY['2022-02-22 19:22:22.123456', '1970-01-01 00:00:00', '1969-12-31 23:59:59.999999',
                      'infinity', '1000-01-01 00:00:00', '20000-01-01 00:00:00']),
  ('boolean', ARRAY['true', 'false']),
  ('bytea', ARRAY['\x000102030405060708090a0b0c0d0e0f', '\xffeeddccbbaa99887766554433221100ff',
                  '\x000102030405060708090a0b0c0d0e', '\x', '\x07']),
  ('text', ARRAY['us', 'ms', 'ns', 'MS', '01ARZ3NDEKTSV4RRFFQ69G5FAV', '01arz3ndektsv4rrffq69g5fav',
                 '8ZZZZZZZZZZZZZZZZZZZZZZZZZ', '01ARZ3NDEKTSV4RRFFQ69G5FAU', '01ARZ3NDEKTSV4RRFFQ69G5FA',
                 'é1ARZ3NDEKTSV4RRFFQ69G5FA', '', 'uuid_v1_to_v6']),
  ('integer', ARRAY['16', '7', '6', '8', '4', '2', '0', '-1', '3', '70', '71', '72', '1', '65535', '256', '1000']),
  ('bigint', ARRAY['0', '1', '1000', '1700000000000000', '-1', '1782810000000000000', '9223372036854775807']),
  ('regclass', ARRAY['uuid6_harness.parted', 'pg_catalog.pg_class'])
) AS s(t, vs), unnest(vs) WITH ORDINALITY AS u(v, n);

-- The calls: for each function, row r gives parameter i its type's sample r (modulo the
-- number of samples), as many rows as the longest list; then each parameter NULL in turn, and
-- all of them NULL. A type without samples gets NULL.
SELECT set_config('uuid6_harness.ext', :'ext', false);
CREATE TABLE uuid6_harness.calls (id serial PRIMARY KEY, fn regprocedure, volatility "char", q text,
                                  pause boolean);
DO $$
DECLARE
  ext text := current_setting('uuid6_harness.ext');
  f record;
  types oid[];
  lits text[];
  nrows integer;
  args text;
  call text;
  k integer;
BEGIN
  FOR f IN SELECT p.oid, p.proname, p.provolatile, p.proretset, p.prorettype, string_to_array(nullif(p.proargtypes::text, ''), ' ')::oid[] AS argtypes
           FROM pg_proc p
           WHERE p.pronamespace = ext::regnamespace AND p.prokind = 'f'
             -- uuid6's functions: the schema owner's (not traps planted there before the install)
             AND p.proowner = (SELECT n.nspowner FROM pg_namespace n WHERE n.oid = ext::regnamespace)
           ORDER BY p.proname, p.oid::regprocedure::text LOOP
    types := f.argtypes;
    nrows := 1;
    FOR i IN 1..coalesce(array_length(types, 1), 0) LOOP
      nrows := greatest(nrows, (SELECT count(*) FROM uuid6_harness.samples s WHERE s.typ = types[i]));
    END LOOP;
    -- k: the sample row; -1 - i: parameter i NULL; -1000: all NULL.
    FOR k IN SELECT g FROM generate_series(1, nrows) g
             UNION ALL SELECT -1 - i FROM generate_series(1, coalesce(array_length(types, 1), 0)) i
             UNION ALL SELECT -1000 WHERE coalesce(array_length(types, 1), 0) > 1 LOOP
      lits := ARRAY[]::text[];
      FOR i IN 1..coalesce(array_length(types, 1), 0) LOOP
        lits := lits || format('%s::%I.%I',
          CASE WHEN k = -1000 OR k = -1 - i THEN 'NULL'
               ELSE coalesce((SELECT quote_literal(s.literal) FROM uuid6_harness.samples s
                              WHERE s.typ = types[i]
                                AND s.n = 1 + (greatest(k, 1) - 1) % (SELECT count(*) FROM uuid6_harness.samples s2
                                                                        WHERE s2.typ = types[i])),
                             'NULL') END,
          (SELECT n.nspname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE t.oid = types[i]),
          (SELECT t.typname FROM pg_type t WHERE t.oid = types[i]));
      END LOOP;
      args := array_to_string(lits, ', ');
      call := format('%I.%I(%s)', ext, f.proname, args);
      INSERT INTO uuid6_harness.calls (fn, volatility, q, pause)
      VALUES (f.oid, f.provolatile,
              CASE WHEN f.proretset
                   THEN format('SELECT pg_catalog.string_agg((x)::pg_catalog.text, %L) FROM %s AS x', ';', call)
                   -- reg* types print their names as the search_path shows them.
                   WHEN f.prorettype IN ('regclass'::regtype, 'regtype'::regtype, 'regproc'::regtype,
                                         'regprocedure'::regtype, 'regnamespace'::regtype, 'regrole'::regtype)
                   THEN format('SELECT (%s)::pg_catalog.oid::pg_catalog.text', call)
                   ELSE format('SELECT (%s)::pg_catalog.text', call) END,
              f.provolatile = 'v');
    END LOOP;
  END LOOP;
END
$$;
-- The calls a role other than the superuser makes: every IMMUTABLE and STABLE function.
CREATE TABLE uuid6_harness.calls_stable AS
SELECT id, q, pause FROM uuid6_harness.calls WHERE volatility IN ('i', 's') ORDER BY id;
GRANT SELECT ON uuid6_harness.calls, uuid6_harness.calls_stable TO PUBLIC;

CREATE TABLE uuid6_harness.results (phase text, id integer, r text);
GRANT INSERT ON uuid6_harness.results TO PUBLIC;
