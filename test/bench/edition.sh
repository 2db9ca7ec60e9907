#!/usr/bin/env bash
# make bench-edition: the SQL edition (build/tle/uuid6.sql, from `make tle`) against the C
# library, side by side in one run on one server, interleaved, medians of repetitions.
#
#   1. per call: SELECT count(f()) FROM generate_series(1, N) net of the same loop over a
#      constant, for each generator; decoders over a table of N v7 keys, net of count(id); each
#      function of the SQL edition (plain script in schema ed) beside the C library's (public);
#   2. inserts into (id uuid PRIMARY KEY DEFAULT <key>, payload int) from 4 pgbench clients,
#      one row and 100 rows per transaction, for <key> = the SQL edition's uuid_generate_v7(),
#      gen_random_uuid(), core uuidv7() (PostgreSQL 18 and later) and the C library's
#      uuid_generate_v7(); rows per second, and each against gen_random_uuid()'s in the same run.
#
# Starts its own scratch cluster of PG_CONFIG's server (uuid6's C library installed and
# preloaded; shared_buffers = 128MB; fsync off) on port 5669. Knobs: BENCH_EDITION_CALLS
# (200,000), BENCH_EDITION_REPS (5), BENCH_EDITION_SECONDS (5, per insert run), PG_CONFIG, and
# BENCH_EDITION_BASELINE: the plain script of another build of the SQL edition (scripts/tle.sh
# run in a checkout of an earlier commit, say), installed into schema base and measured beside
# this one in the same runs (its generators per call, its uuid_generate_v7() in the inserts),
# described in the results by BENCH_EDITION_BASELINE_LABEL.
# Writes test/bench/results/edition-pgMAJOR-DATE.md. Reports; never fails on timings.
set -euo pipefail
source "$(dirname "$0")/../../scripts/lib.sh"

CALLS=${BENCH_EDITION_CALLS:-200000}
REPS=${BENCH_EDITION_REPS:-5}
SECONDS_PER_RUN=${BENCH_EDITION_SECONDS:-5}
RESULTS=$ROOT/test/bench/results
mkdir -p "$RESULTS"

ensure_build_tools
if [ "${BENCH_EDITION_NO_INSTALL:-}" != 1 ]; then build_and_install; fi
make -C "$ROOT" -s tle >/dev/null
chmod -R a+rX "$ROOT/build/tle"
DIR=$(cluster_dir bench-edition)
trap 'cluster_stop "$DIR"' EXIT
log "starting a scratch cluster for the bench in $DIR"
cluster_start "$DIR" "${BENCH_EDITION_PORT:-5669}" "shared_buffers = 128MB" "max_wal_size = 8GB" \
  "checkpoint_timeout = 1h" "max_connections = 20"
export PGDATABASE=postgres
export PGOPTIONS="-c client_min_messages=warning"
PSQL=$(command -v psql)
[ -x "$PG_BINDIR/psql" ] && PSQL=$PG_BINDIR/psql
PGBENCH=$(command -v pgbench)
[ -x "$PG_BINDIR/pgbench" ] && PGBENCH=$PG_BINDIR/pgbench

q() { as_postgres "$PSQL" -X -q -At -v ON_ERROR_STOP=1 -h "$PGHOST" -p "$PGPORT" -U postgres -d postgres -c "$1"; }
median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
fmt() { awk -v x="$1" -v d="${2:-1}" 'BEGIN {printf "%.*f", d, x}'; }

q 'CREATE EXTENSION uuid6'
as_postgres "$PSQL" -X -q -v ON_ERROR_STOP=1 -h "$PGHOST" -p "$PGPORT" -U postgres -d postgres \
  -v schema=ed -f "$ROOT/build/tle/uuid6.sql" >/dev/null
BASELINE=${BENCH_EDITION_BASELINE:-}
if [ -n "$BASELINE" ]; then
  as_postgres "$PSQL" -X -q -v ON_ERROR_STOP=1 -h "$PGHOST" -p "$PGPORT" -U postgres -d postgres \
    -v schema=base -f "$BASELINE" >/dev/null
fi
editions="c sql${BASELINE:+ base}"
MAJOR=$(($(q 'SHOW server_version_num') / 10000))
SERVER=$(q 'SELECT version()')
CPU=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
STAMP=$(date -u +%Y-%m-%d)
OUT=$RESULTS/edition-pg$MAJOR-$STAMP.md

# --- 1. per call ----------------------------------------------------------------------------
log "per call: $CALLS calls, $REPS repetitions, interleaved"
q "CREATE TABLE bench_ids AS SELECT uuid_generate_v7() AS id, uuid_v6_to_v1(uuid_generate_v6()) AS v1,
     uuid_to_ulid(uuid_generate_v7()) AS ulid FROM generate_series(1, $CALLS); ANALYZE bench_ids"
# label|expression over generate_series (g) or bench_ids (id, v1, ulid)|baseline
calls=(
  "uuid_generate_v7()|%suuid_generate_v7()|loop"
  "uuid_generate_v6()|%suuid_generate_v6()|loop"
  "uuid_generate_v8()|%suuid_generate_v8()|loop"
  "uuid_generate_v7(at)|%suuid_generate_v7(timestamptz '2024-01-01' + g * interval '1 ms')|at"
  "uuid_extract_time(id)|%suuid_extract_time(id)|ids"
  "uuid_extract_time(id, true)|%suuid_extract_time(id, true)|ids"
  "uuid_v1_to_v6(v1)|%suuid_v1_to_v6(v1)|ids"
  "uuid_to_ulid(id)|%suuid_to_ulid(id)|ids"
  "uuid_from_ulid(ulid)|%suuid_from_ulid(ulid)|ids"
  "uuid_v7_floor(t)|%suuid_v7_floor(timestamptz '2024-01-01' + g * interval '1 ms')|at"
  "uuid_v7_to_facade(id, key)|%suuid_v7_to_facade(id, '\\x000102030405060708090a0b0c0d0e0f'::bytea)|ids"
  "uuid_inspect(id)|(%suuid_inspect(id)).version|ids"
)
run_ms() {  # run_ms SQL: elapsed milliseconds of one statement
  as_postgres "$PSQL" -X -q -At -h "$PGHOST" -p "$PGPORT" -U postgres -d postgres \
    -c '\timing on' -c "$1" | sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p' | tail -n 1
}
loop_sql() {  # loop_sql BASELINE EXPR
  case "$1" in
    loop | at) echo "SELECT count($2) FROM generate_series(1, $CALLS) AS g" ;;
    ids) echo "SELECT count($2) FROM bench_ids" ;;
  esac
}
declare -A samples
for rep in $(seq 1 "$REPS"); do
  samples[base-loop]+="$(run_ms "$(loop_sql loop "'00000000-0000-0000-0000-000000000000'::uuid")") "
  samples[base-at]+="$(run_ms "$(loop_sql at "timestamptz '2024-01-01' + g * interval '1 ms'")") "
  samples[base-ids]+="$(run_ms "$(loop_sql ids id)") "
  for c in "${calls[@]}"; do
    IFS='|' read -r label expr base <<<"$c"
    for ed in $editions; do
      prefix=; [ $ed = sql ] && prefix=ed.; [ $ed = base ] && prefix=base.
      samples["$ed|$label"]+="$(run_ms "$(loop_sql "$base" "${expr//%s/$prefix}")") "
    done
  done
done
med() { tr ' ' '\n' <<<"${samples[$1]}" | grep . | median; }
{
  echo "# The SQL edition against the C library, PostgreSQL $MAJOR ($STAMP)"
  echo
  echo "$SERVER; $CPU, $(nproc) cores. One scratch cluster (shared_buffers = 128MB, fsync off, the C"
  echo "library preloaded), the C library in public and the plain script in schema ed of the same"
  echo "database. Command: \`make bench-edition\` (test/bench/edition.sh), medians of $REPS runs, interleaved."
  echo
  echo "## Per call"
  echo
  echo "\`SELECT count(f) FROM generate_series(1, $CALLS)\` (decoders: over a table of $CALLS keys),"
  echo "net of the same loop over a constant (decoders: \`count(id)\`), in ns per call."
  echo
  if [ -n "$BASELINE" ]; then
    echo "The baseline: ${BENCH_EDITION_BASELINE_LABEL:-\`$BASELINE\`}, in schema base."
    echo
    echo "| function | C library | SQL edition | SQL / C | baseline SQL edition |"
    echo "|---|---:|---:|---:|---:|"
  else
    echo "| function | C library | SQL edition | SQL / C |"
    echo "|---|---:|---:|---:|"
  fi
} >"$OUT"
for c in "${calls[@]}"; do
  IFS='|' read -r label expr base <<<"$c"
  b=$(med "base-$base")
  cm=$(med "c|$label")
  sm=$(med "sql|$label")
  cn=$(awk -v t="$cm" -v b="$b" -v n="$CALLS" 'BEGIN {v = (t - b) * 1e6 / n; if (v < 1) v = 1; print v}')
  sn=$(awk -v t="$sm" -v b="$b" -v n="$CALLS" 'BEGIN {v = (t - b) * 1e6 / n; if (v < 1) v = 1; print v}')
  # The C library's cost is often within the noise of its baseline: no ratio then.
  ratio=$(awk -v s="$sn" -v c="$cn" 'BEGIN {if (c < 10) print "—"; else printf "%.0f", s / c}')
  cshown=$(awk -v c="$cn" 'BEGIN {if (c < 10) print "< 10"; else printf "%.0f", c}')
  if [ -n "$BASELINE" ]; then
    bn=$(awk -v t="$(med "base|$label")" -v b="$b" -v n="$CALLS" 'BEGIN {v = (t - b) * 1e6 / n; if (v < 1) v = 1; print v}')
    echo "| \`$label\` | $cshown | $(fmt "$sn" 0) | $ratio | $(fmt "$bn" 0) |" >>"$OUT"
    printf '%-32s C %8s ns   SQL %8s ns   baseline %8s ns\n' "$label" "$(fmt "$cn" 0)" "$(fmt "$sn" 0)" "$(fmt "$bn" 0)"
  else
    echo "| \`$label\` | $cshown | $(fmt "$sn" 0) | $ratio |" >>"$OUT"
    printf '%-32s C %8s ns   SQL %8s ns\n' "$label" "$(fmt "$cn" 0)" "$(fmt "$sn" 0)"
  fi
done

# --- 2. inserts from 4 clients ----------------------------------------------------------------
log "inserts: 4 clients, 1 and 100 rows per transaction, ${SECONDS_PER_RUN}s per run, $REPS repetitions, interleaved"
keys=("SQL edition uuid_generate_v7()|ed.uuid_generate_v7()" "gen_random_uuid()|gen_random_uuid()")
[ "$MAJOR" -ge 18 ] && keys+=("core uuidv7()|uuidv7()")
keys+=("C library uuid_generate_v7()|uuid_generate_v7()")
[ -n "$BASELINE" ] && keys+=("baseline SQL edition uuid_generate_v7()|base.uuid_generate_v7()")
i=0
for k in "${keys[@]}"; do
  q "CREATE TABLE ins_$i (id uuid PRIMARY KEY DEFAULT ${k#*|}, payload int)"
  i=$((i + 1))
done
BENCH_W=$DIR/pgbench
as_postgres mkdir -p "$BENCH_W"
declare -A rate ratio
declare -a this
for rep in $(seq 1 "$REPS"); do
  for rows in 1 100; do
    i=0
    for k in "${keys[@]}"; do
      q "TRUNCATE ins_$i; CHECKPOINT"
      if [ "$rows" = 1 ]; then
        echo "INSERT INTO ins_$i (payload) VALUES (1);" | as_postgres tee "$BENCH_W/ins.sql" >/dev/null
      else
        echo "INSERT INTO ins_$i (payload) SELECT g FROM generate_series(1, 100) AS g;" | as_postgres tee "$BENCH_W/ins.sql" >/dev/null
      fi
      tps=$(as_postgres "$PGBENCH" -n -h "$PGHOST" -p "$PGPORT" -U postgres -c 4 -j 2 -T "$SECONDS_PER_RUN" \
        -f "$BENCH_W/ins.sql" postgres 2>/dev/null | sed -n 's/^tps = \([0-9.]*\).*/\1/p')
      rate["$rows|$i"]+="$(awk -v t="$tps" -v r="$rows" 'BEGIN {print t * r}') "
      this[$i]=$tps
      i=$((i + 1))
    done
    # Each key against gen_random_uuid() (key 1) of the same repetition: the machine's speed
    # drifts, and neighbouring runs drift least.
    for j in $(seq 0 $((i - 1))); do
      ratio["$rows|$j"]+="$(awk -v a="${this[$j]}" -v b="${this[1]}" 'BEGIN {print a / b}') "
    done
  done
done
rmed() { tr ' ' '\n' <<<"${rate[$1]}" | grep . | median; }
qmed() { tr ' ' '\n' <<<"${ratio[$1]}" | grep . | median; }
qrange() { tr ' ' '\n' <<<"${ratio[$1]}" | grep . | sort -g | awk '{v[NR] = $1} END {printf "%.2f–%.2f", v[1], v[NR]}'; }
{
  echo
  echo "## Inserts with a DEFAULT key, 4 clients"
  echo
  echo "\`INSERT INTO t (payload) ...\` into \`t (id uuid PRIMARY KEY DEFAULT <key>, payload int)\`,"
  echo "pgbench -c 4 -j 2 -T $SECONDS_PER_RUN, the table emptied before each run; rows per second (median"
  echo "of $REPS runs). × gen_random_uuid(): each run against the gen_random_uuid() run of the same"
  echo "repetition, the median of those $REPS ratios and their range."
  echo
  echo "| DEFAULT | 1 row per transaction | × gen_random_uuid() | range | 100 rows per transaction | × gen_random_uuid() | range |"
  echo "|---|---:|---:|---:|---:|---:|---:|"
} >>"$OUT"
i=0
for k in "${keys[@]}"; do
  r1=$(rmed "1|$i"); r100=$(rmed "100|$i")
  echo "| \`${k%%|*}\` | $(fmt "$r1" 0) | $(fmt "$(qmed "1|$i")" 2) | $(qrange "1|$i") | $(fmt "$r100" 0) | $(fmt "$(qmed "100|$i")" 2) | $(qrange "100|$i") |" >>"$OUT"
  printf '%-34s 1 row: %10s rows/s   100 rows: %10s rows/s\n' "${k%%|*}" "$(fmt "$r1" 0)" "$(fmt "$r100" 0)"
  i=$((i + 1))
done
# Keys the SQL edition handed out behind the clock because a concurrent lift held the lock
# (nothing else holds it here), against the keys it made in all.
lagging=$(q "SELECT lagging_keys FROM ed.uuid6_status() WHERE version = 7")
made=$(q "SELECT pg_stat_force_next_flush()" >/dev/null; sleep 1; q "SELECT n_tup_ins FROM pg_stat_user_tables WHERE relname = 'ins_0'")
{
  echo
  echo "Of the $made keys the SQL edition made in the insert runs, uuid6_status() counted $lagging as handed"
  echo "out more than a millisecond behind the clock (lagging_keys: a concurrent lift held the lift's lock)."
} >>"$OUT"
echo
echo "results: $OUT"
cat "$OUT"
