-- Server-side helpers of the benchmark (test/bench/bench.sh). Timing is taken
-- inside the server with clock_timestamp(), so client round trips do not count.

CREATE EXTENSION IF NOT EXISTS uuid6;

-- Seconds to evaluate EXPR over N generated rows.
CREATE OR REPLACE FUNCTION bench_loop(expr text, n bigint) RETURNS float8
LANGUAGE plpgsql AS $$
DECLARE
  started timestamptz := clock_timestamp();
BEGIN
  EXECUTE format('SELECT count(%s) FROM generate_series(1, %s)', expr, n);
  RETURN extract(epoch FROM clock_timestamp() - started);
END
$$;

-- Seconds to evaluate EXPR (over column id) for every row of TABLE_NAME.
CREATE OR REPLACE FUNCTION bench_scan(expr text, table_name text) RETURNS float8
LANGUAGE plpgsql AS $$
DECLARE
  started timestamptz := clock_timestamp();
BEGIN
  EXECUTE format('SELECT count(%s) FROM %I', expr, table_name);
  RETURN extract(epoch FROM clock_timestamp() - started);
END
$$;
