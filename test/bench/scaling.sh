#!/usr/bin/env bash
# make bench-scaling: keys per second as backends are added, one run.
#
# For N in 1, 2, 4, … up to nproc (or BENCH_BACKENDS="1 2 3 …"), and each of
# uuid_generate_v6/v7/v8(), gen_random_uuid(), core uuidv7() where the server
# has it, and clock_timestamp() as the control (it shares nothing between
# backends): pgbench -n -c N -j N -T BENCH_SECONDS running
#     SELECT count(f()) FROM generate_series(1, BENCH_ROWS)
# and keys per second = transactions per second × BENCH_ROWS.
#
# Runs against the server on the PATH (initdb, pg_ctl, psql, pgbench), with
# uuid6 installed in it: it starts a scratch cluster of its own (fsync off,
# uuid6 preloaded, as the postgres user when run as root), unless PGHOST or
# PGPORT name a server to use (with uuid6 installed and, for the figures to
# mean what they say, preloaded). Nothing is built here, so that it runs on
# a machine that has only a packed PostgreSQL with uuid6 in it.
#
# Knobs: BENCH_BACKENDS, BENCH_SECONDS (5), BENCH_ROWS (20000), BENCH_PORT
# (5497), BENCH_PRELOAD (1; 0 runs the scratch cluster without preloading),
# BENCH_TAG (added to the result's name).
# Writes test/bench/results/scaling-pgMAJOR-DATE[-TAG].{csv,md} (and .png
# where gnuplot is installed). Reports; never fails on timings.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
RESULTS=$ROOT/test/bench/results
SECONDS_PER_RUN=${BENCH_SECONDS:-5}
ROWS=${BENCH_ROWS:-20000}
PORT=${BENCH_PORT:-5497}
PRELOAD=${BENCH_PRELOAD:-1}
CORES=$(nproc)
if [ -n "${BENCH_BACKENDS:-}" ]; then
  BACKENDS=$BENCH_BACKENDS
else
  BACKENDS=""
  for ((n = 1; n < CORES; n *= 2)); do BACKENDS+="$n "; done
  BACKENDS+="$CORES"
fi
MAX_BACKENDS=$(printf '%s\n' $BACKENDS | sort -n | tail -n 1)
mkdir -p "$RESULTS"

# PostgreSQL refuses to run as root: the scratch cluster and its clients
# run as postgres then.
as_postgres() {
  if [ "$(id -u)" = 0 ]; then
    local pass=() name
    for name in PGHOST PGPORT PGDATABASE PGUSER LD_LIBRARY_PATH; do
      [ -n "${!name:-}" ] && pass+=("$name=${!name}")
    done
    runuser -u postgres -- env PATH="$PATH" "${pass[@]}" "$@"
  else
    "$@"
  fi
}

for tool in initdb pg_ctl psql pgbench; do
  command -v "$tool" >/dev/null || { echo "scaling.sh: $tool is not on the PATH" >&2; exit 2; }
done

if [ -z "${PGHOST:-}${PGPORT:-}" ]; then
  DIR=$(mktemp -d /tmp/uuid6-scaling.XXXXXX)
  [ "$(id -u)" = 0 ] && chown postgres: "$DIR"
  trap 'as_postgres pg_ctl -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$DIR"' EXIT
  as_postgres initdb -D "$DIR/data" -A trust -U postgres --no-sync >/dev/null
  {
    echo "listen_addresses = ''"
    echo "unix_socket_directories = '$DIR'"
    echo "port = $PORT"
    echo "max_connections = $((MAX_BACKENDS * 2 + 20))"
    echo "fsync = off"
    echo "synchronous_commit = off"
    if [ "$PRELOAD" = 1 ]; then echo "shared_preload_libraries = 'uuid6'"; fi
  } | as_postgres tee -a "$DIR/data/postgresql.conf" >/dev/null
  as_postgres pg_ctl -D "$DIR/data" -l "$DIR/server.log" -w start >/dev/null
  export PGHOST=$DIR PGPORT=$PORT PGUSER=postgres
  SETTINGS="scratch cluster: fsync = off, synchronous_commit = off, uuid6 $([ "$PRELOAD" = 1 ] && echo preloaded || echo "not preloaded")"
else
  SETTINGS="the server's own (PGHOST=${PGHOST:-} PGPORT=${PGPORT:-})"
fi
export PGDATABASE=${PGDATABASE:-postgres}

q() { as_postgres psql -X -q -At -v ON_ERROR_STOP=1 -c "$1"; }
q 'CREATE EXTENSION IF NOT EXISTS uuid6'
VERSION_NUM=$(q 'SHOW server_version_num')
MAJOR=$((VERSION_NUM / 10000))
SERVER=$(q 'SELECT version()')
UUID6=$(q "SELECT extversion FROM pg_extension WHERE extname = 'uuid6'")
MODE=$(q 'SELECT DISTINCT mode FROM uuid6_status()')
CPU=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)

labels=("uuid_generate_v7()" "uuid_generate_v6()" "uuid_generate_v8()" "gen_random_uuid()")
if [ "$MAJOR" -ge 18 ]; then labels+=("uuidv7()"); fi
labels+=("clock_timestamp()")

OUT=$RESULTS/scaling-pg$MAJOR-$(date -u +%Y-%m-%d)${BENCH_TAG:+-$BENCH_TAG}
script_dir=$(mktemp -d)
chmod a+rx "$script_dir"
echo "backends,function,keys_per_second" >"$OUT.csv"
echo "scaling: backends $BACKENDS, $SECONDS_PER_RUN s each, $ROWS keys a statement ($SETTINGS)"
for n in $BACKENDS; do
  for i in "${!labels[@]}"; do
    f=${labels[$i]}
    echo "SELECT count($f) FROM generate_series(1, $ROWS);" >"$script_dir/$i.sql"
    chmod a+r "$script_dir/$i.sql"
    tps=$(as_postgres pgbench -n -c "$n" -j "$n" -T "$SECONDS_PER_RUN" -f "$script_dir/$i.sql" 2>/dev/null |
      sed -n 's/^tps = \([0-9.]*\).*/\1/p' | head -n 1)
    keys=$(awk -v t="${tps:-0}" -v r="$ROWS" 'BEGIN {printf "%.0f", t * r}')
    echo "$n,$f,$keys" >>"$OUT.csv"
    printf '  %3d backends  %-20s %12s keys/s\n' "$n" "$f" "$keys"
  done
done
rm -rf "$script_dir"

# The report: a table of million keys a second, each generator's rate
# against its best at fewer backends (a collapse shows below 0.95), and a
# text chart.
awk -F, -v backends="$BACKENDS" -v server="$SERVER" -v cpu="$CPU" -v cores="$CORES" \
  -v settings="$SETTINGS" -v secs="$SECONDS_PER_RUN" -v rows="$ROWS" -v uuid6="$UUID6" -v mode="$MODE" '
  NR == 1 { next }
  { if (!($2 in seen)) { seen[$2] = 1; order[++nf] = $2 } rate[$1, $2] = $3; if ($3 > top) top = $3 }
  END {
    nb = split(backends, b, " ")
    printf "# Keys per second by backends (uuid6 %s, %s)\n\n", uuid6, mode
    printf "%s; %s, %d cores; %s; pgbench -c N -j N -T %s, each statement SELECT count(f()) FROM generate_series(1, %s).\n\n", server, cpu, cores, settings, secs, rows
    printf "Million keys per second:\n\n| backends |"
    for (j = 1; j <= nf; j++) printf " `%s` |", order[j]
    printf "\n|---:|"
    for (j = 1; j <= nf; j++) printf "---:|"
    printf "\n"
    for (i = 1; i <= nb; i++) {
      printf "| %d |", b[i]
      for (j = 1; j <= nf; j++) printf " %.2f |", rate[b[i], order[j]] / 1e6
      printf "\n"
    }
    printf "\nEach rate against the best at fewer backends (below 0.95: adding backends lowered the rate):\n\n| backends |"
    for (j = 1; j <= nf; j++) printf " `%s` |", order[j]
    printf "\n|---:|"
    for (j = 1; j <= nf; j++) printf "---:|"
    printf "\n"
    for (i = 2; i <= nb; i++) {
      printf "| %d |", b[i]
      for (j = 1; j <= nf; j++) {
        best = 0
        for (k = 1; k < i; k++) if (rate[b[k], order[j]] > best) best = rate[b[k], order[j]]
        printf " %.2f |", (best > 0 ? rate[b[i], order[j]] / best : 0)
      }
      printf "\n"
    }
    printf "\n```text\n"
    for (j = 1; j <= nf; j++) {
      printf "%s\n", order[j]
      for (i = 1; i <= nb; i++) {
        w = top > 0 ? int(rate[b[i], order[j]] / top * 50 + 0.5) : 0
        bar = ""
        for (k = 0; k < w; k++) bar = bar "#"
        printf "  %3d | %-50s %6.2f M\n", b[i], bar, rate[b[i], order[j]] / 1e6
      }
    }
    printf "```\n"
  }' "$OUT.csv" >"$OUT.md"

if command -v gnuplot >/dev/null; then
  gnuplot <<EOF || echo "gnuplot failed; the table is in $OUT.md"
set terminal pngcairo size 900,520
set output "$OUT.png"
set datafile separator ","
set key outside right
set xlabel "backends"
set ylabel "million keys per second"
set grid
set logscale x 2
plot for [f in "$(printf '%s ' "${labels[@]}" | sed 's/()//g')"] "$OUT.csv" using 1:(strcol(2) eq f."()" ? \$3 / 1e6 : 1/0) with linespoints title f."()"
EOF
fi
cat "$OUT.md"
echo "wrote $OUT.csv and $OUT.md"
