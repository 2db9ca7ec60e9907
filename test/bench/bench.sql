-- Server-side helpers of the benchmark (test/bench/bench.sh). Timing is taken
-- inside the server with clock_timestamp(), so client round trips do not count.

CREATE EXTENSION IF NOT EXISTS uuid6;

-- Seconds to evaluate count(EXPR) over the rows of SOURCE: a
-- generate_series(1, N) for the generators, a table of ids for the decoders.
CREATE OR REPLACE FUNCTION bench_seconds(expr text, source text) RETURNS float8
LANGUAGE plpgsql AS $$
DECLARE
  started timestamptz := clock_timestamp();
BEGIN
  EXECUTE format('SELECT count(%s) FROM %s', expr, source);
  RETURN extract(epoch FROM clock_timestamp() - started);
END
$$;
