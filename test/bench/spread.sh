#!/usr/bin/env bash
# make bench-spread: many writers inserting into one table, by key. For each
# client count N (BENCH_CLIENTS, default 1 2 4 ... nproc), each table gets
# `INSERT INTO t(v) SELECT g FROM generate_series(1, 100) g` from
# `pgbench -c N -j N -T BENCH_SECONDS`, the key made by the column DEFAULT:
#
#   v7                 uuid_generate_v7()
#   v4                 gen_random_uuid()
#   core v7            uuidv7() (PostgreSQL 18 and later)
#   spread             uuid_generate_v8_spread(BENCH_BUCKETS), one index
#   spread partitioned the same, one range partition per bucket
#                      (uuid6_create_spread_partitions)
#
# and reports rows/s and primary-key rows per leaf page (pgstattuple's
# pgstatindex, summed over the partitions; without pgstattuple, rows per
# index page from relpages). The tables are made afresh for every run and
# run one after the other, interleaved, BENCH_REPS times (medians).
#
# Starts its own scratch cluster from the server of PG_CONFIG (or the
# pg_config on PATH), run as postgres when started by root, unless PGHOST or
# PGPORT name a server to use. Knobs: BENCH_CLIENTS, BENCH_SECONDS (10),
# BENCH_REPS (1), BENCH_BUCKETS (16), BENCH_PORT (5497),
# BENCH_SHARED_BUFFERS (1GB). Writes test/bench/results/spread-pgMAJOR-
# NPROCcores-DATE.{csv,md}. Reports; never fails on timings.
set -euo pipefail
PG_CONFIG=${PG_CONFIG:-$(command -v pg_config || true)}
source "$(dirname "$0")/../../scripts/lib.sh"

CORES=$(nproc)
if [ -n "${BENCH_CLIENTS:-}" ]; then
  read -r -a CLIENTS <<<"$BENCH_CLIENTS"
else
  CLIENTS=()
  for ((n = 1; n < CORES; n *= 2)); do CLIENTS+=("$n"); done
  CLIENTS+=("$CORES")
fi
SECONDS_PER_RUN=${BENCH_SECONDS:-10}
REPS=${BENCH_REPS:-1}
BUCKETS=${BENCH_BUCKETS:-16}
RESULTS=$ROOT/test/bench/results
mkdir -p "$RESULTS"

MAX_CLIENTS=$(printf '%s\n' "${CLIENTS[@]}" | sort -n | tail -n 1)
if [ -z "${PGHOST:-}${PGPORT:-}" ]; then
  ensure_build_tools
  build_and_install
  BENCH_DIR=$(cluster_dir bench-spread)
  trap 'cluster_stop "$BENCH_DIR"' EXIT
  log "starting a scratch cluster for the bench in $BENCH_DIR"
  cluster_start "$BENCH_DIR" "${BENCH_PORT:-5497}" "shared_buffers = ${BENCH_SHARED_BUFFERS:-1GB}" \
    "max_connections = $((MAX_CLIENTS + 20))" "max_wal_size = 16GB" "checkpoint_timeout = 1h" \
    "autovacuum = off"
  SETTINGS="fsync = off, shared_buffers = ${BENCH_SHARED_BUFFERS:-1GB}, max_wal_size = 16GB, checkpoint_timeout = 1h, autovacuum off, uuid6 preloaded"
else
  SETTINGS="the server's own (PGHOST=${PGHOST:-} PGPORT=${PGPORT:-})"
fi
export PGDATABASE=${PGDATABASE:-postgres}
export PGOPTIONS="${PGOPTIONS:-} -c client_min_messages=warning"

q() { psql -X -q -At -v ON_ERROR_STOP=1 -c "$1"; }
median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

q 'CREATE EXTENSION IF NOT EXISTS uuid6'
has_pgstattuple=no
q 'CREATE EXTENSION IF NOT EXISTS pgstattuple' 2>/dev/null && has_pgstattuple=yes
MAJOR=$(($(q 'SHOW server_version_num') / 10000))
SERVER=$(q 'SELECT version()')
CPU=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)

names=("v7" "v4" "spread" "spread partitioned")
defaults=("uuid_generate_v7()" "gen_random_uuid()" "uuid_generate_v8_spread($BUCKETS)"
  "uuid_generate_v8_spread($BUCKETS)")
if [ "$MAJOR" -ge 18 ]; then
  names+=("core v7")
  defaults+=("uuidv7()")
fi

# A fresh table for key kind $1.
make_table() {
  local i=$1 partitioned=""
  [ "${names[$i]}" = "spread partitioned" ] && partitioned=" PARTITION BY RANGE (id)"
  q "DROP TABLE IF EXISTS bench_spread;
     CREATE TABLE bench_spread (id uuid PRIMARY KEY DEFAULT ${defaults[$i]}, v int)$partitioned;"
  [ -n "$partitioned" ] && q "SELECT uuid6_create_spread_partitions('bench_spread', $BUCKETS)" >/dev/null
  q 'CHECKPOINT'
}

# Primary-key rows per page of the table: leaf pages where pgstattuple is
# there, every index page otherwise.
rows_per_page() {
  if [ $has_pgstattuple = yes ]; then
    q "SELECT round((SELECT count(*) FROM bench_spread)::numeric / sum((pgstatindex(i.indexrelid)).leaf_pages), 1)
       FROM pg_index i
       WHERE i.indisprimary AND (i.indrelid = 'bench_spread'::regclass OR i.indrelid IN
             (SELECT inhrelid FROM pg_inherits WHERE inhparent = 'bench_spread'::regclass))
         AND EXISTS (SELECT FROM pg_class c WHERE c.oid = i.indexrelid AND c.relkind = 'i')"
  else
    q "SELECT round((SELECT count(*) FROM bench_spread)::numeric / sum(pg_relation_size(i.indexrelid) / 8192), 1)
       FROM pg_index i
       WHERE i.indisprimary AND (i.indrelid = 'bench_spread'::regclass OR i.indrelid IN
             (SELECT inhrelid FROM pg_inherits WHERE inhparent = 'bench_spread'::regclass))
         AND EXISTS (SELECT FROM pg_class c WHERE c.oid = i.indexrelid AND c.relkind = 'i')"
  fi
}

SCRIPT=$(mktemp /tmp/uuid6-bench-spread.XXXXXX.sql)
trap 'rm -f "$SCRIPT"; [ -n "${BENCH_DIR:-}" ] && cluster_stop "$BENCH_DIR"' EXIT
echo 'INSERT INTO bench_spread(v) SELECT g FROM generate_series(1, 100) g;' >"$SCRIPT"
chmod a+r "$SCRIPT"

declare -A rate density
log "inserts of 100 rows, ${SECONDS_PER_RUN} s per run, clients: ${CLIENTS[*]}, $REPS repetition(s), $BUCKETS buckets"
for rep in $(seq 1 "$REPS"); do
  for n in "${CLIENTS[@]}"; do
    for i in "${!names[@]}"; do
      make_table "$i"
      tps=$(pgbench -n -c "$n" -j "$n" -T "$SECONDS_PER_RUN" -f "$SCRIPT" 2>&1 |
        sed -n 's/^tps = \([0-9.]*\).*/\1/p' | head -n 1)
      rows_s=$(awk -v t="${tps:-0}" 'BEGIN {printf "%.0f", t * 100}')
      rate["$i,$n"]+="$rows_s "
      density["$i,$n"]+="$(rows_per_page) "
      printf '  %-20s %3d clients: %10s rows/s\n' "${names[$i]}" "$n" "$rows_s"
    done
  done
done
q 'DROP TABLE IF EXISTS bench_spread'

med() { echo "$1" | tr ' ' '\n' | grep . | median; }
STAMP=$(date -u +%Y-%m-%d)
OUT=$RESULTS/spread-pg$MAJOR-${CORES}cores-$STAMP
echo "key,clients,rows_per_s,pk_rows_per_page" >"$OUT.csv"
header="| key |"
rule="|---|"
for n in "${CLIENTS[@]}"; do
  header+=" $n clients |"
  rule+="---:|"
done
rate_md="$header
$rule"
ratio_md="$header
$rule"
page_md="$header
$rule"
for i in "${!names[@]}"; do
  rate_md+="
| ${names[$i]} |"
  ratio_md+="
| ${names[$i]} |"
  page_md+="
| ${names[$i]} |"
  for n in "${CLIENTS[@]}"; do
    r=$(med "${rate[$i,$n]}")
    d=$(med "${density[$i,$n]}")
    echo "\"${names[$i]}\",$n,$r,$d" >>"$OUT.csv"
    v4=$(med "${rate[1,$n]}")
    v7=$(med "${rate[0,$n]}")
    rate_md+=" $(awk -v r="$r" 'BEGIN {printf "%.0f k", r / 1000}') |"
    ratio_md+=" $(awk -v r="$r" -v a="$v4" -v b="$v7" 'BEGIN {printf "%.2f / %.2f", r / a, r / b}') |"
    page_md+=" $d |"
  done
done
density_method="primary-key rows per leaf page (pgstattuple)"
[ $has_pgstattuple = yes ] || density_method="primary-key rows per index page (relpages; pgstattuple missing)"

cat >"$OUT.md" <<MARKDOWN
# uuid6 spread bench, $STAMP

- server: $SERVER
- machine: $CORES cores ($CPU)
- settings: $SETTINGS
- load: \`INSERT INTO t(v) SELECT g FROM generate_series(1, 100) g\` from \`pgbench -n -c N -j N -T $SECONDS_PER_RUN\`, a fresh table per run, key by the column DEFAULT; $BUCKETS buckets; medians of $REPS run(s)

## Rows per second

$rate_md

## Against gen_random_uuid() / against uuid_generate_v7()

$ratio_md

## $density_method

$page_md
MARKDOWN
cat "$OUT.md"
echo "results: $OUT.md and $OUT.csv"
