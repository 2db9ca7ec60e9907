#!/usr/bin/env bash
# make bench-scale: inserts at the scale where the choice of key matters.
#
# Each key grows its own table (id <key> PRIMARY KEY DEFAULT ..., payload int)
# to SCALE_ROWS rows (20,000,000) in transactions of SCALE_BATCH rows
# (500,000), on a server set up as production is and not as a bench likes:
# shared_buffers (128MB) far below the primary key's final size, a checkpoint
# every minute (checkpoint_timeout = 60s, max_wal_size = 1GB), full_page_writes
# and fsync on. A random key dirties a page of the index anywhere; once the
# index outgrows shared_buffers each insert reads and writes a page the
# previous checkpoint cycle has not touched, whose first change after a
# checkpoint is logged as a full-page image. Time-ordered keys write the
# rightmost pages only.
#
# Keys: bigserial, uuid6's uuid_generate_v7(), its spread keys
# (uuid_generate_v8_spread(16)), core uuidv7() (18 and later),
# pg_uuidv7's uuid_generate_v7() (where installed), gen_random_uuid().
# Per batch: rows/s and WAL bytes per row, as the table grows; at the end the
# primary key's size and its leaves' density (pgstattuple's pgstatindex,
# where contrib is installed). The keys run one after the other (each a table
# of its own, dropped before the next); the order is rotated by SCALE_ORDER
# (0) so that repeated runs do not always run the same key first.
#
# Writes test/bench/results/scale-pgMAJOR-DATE.{csv,svg,md}; the chart is
# drawn by test/bench/scale_chart.py. Starts its own scratch cluster on
# BENCH_PORT (5495). Reports; never fails on timings. Knobs: SCALE_ROWS,
# SCALE_BATCH, SCALE_ORDER, PG_CONFIG.
set -euo pipefail
source "$(dirname "$0")/../../scripts/lib.sh"

ROWS=${SCALE_ROWS:-20000000}
BATCH=${SCALE_BATCH:-500000}
ORDER=${SCALE_ORDER:-0}
RESULTS=$ROOT/test/bench/results
mkdir -p "$RESULTS" "$ROOT/build"
[ $((ROWS % BATCH)) -eq 0 ] || { echo "SCALE_ROWS ($ROWS) is not a multiple of SCALE_BATCH ($BATCH)"; exit 2; }

ensure_build_tools
ensure_packages python3
build_and_install
DIR=$(cluster_dir bench-scale)
trap 'cluster_stop "$DIR"' EXIT
SETTINGS=("shared_buffers = 128MB" "checkpoint_timeout = 60s" "max_wal_size = 1GB" "min_wal_size = 256MB"
  "full_page_writes = on" "fsync = on" "synchronous_commit = on" "wal_compression = off")
log "starting a scratch cluster for the scale bench in $DIR"
cluster_start "$DIR" "${BENCH_PORT:-5495}" "${SETTINGS[@]}"
export PGDATABASE=postgres
export PGOPTIONS="${PGOPTIONS:-} -c client_min_messages=warning"
q() { psql -X -q -At -v ON_ERROR_STOP=1 -c "$1"; }

q 'CREATE EXTENSION IF NOT EXISTS uuid6'
MAJOR=$(($(q 'SHOW server_version_num') / 10000))
SERVER=$(q 'SELECT version()')
has_pgstattuple=no
q 'CREATE EXTENSION IF NOT EXISTS pgstattuple' 2>/dev/null && has_pgstattuple=yes
names=("bigserial" "uuid_generate_v7()" "uuid_generate_v8_spread(16)" "gen_random_uuid()")
defs=("id bigserial PRIMARY KEY" "id uuid PRIMARY KEY DEFAULT uuid_generate_v7()"
  "id uuid PRIMARY KEY DEFAULT uuid_generate_v8_spread(16)" "id uuid PRIMARY KEY DEFAULT gen_random_uuid()")
skipped=()
if [ "$MAJOR" -ge 18 ]; then
  names+=("uuidv7() (core)")
  defs+=("id uuid PRIMARY KEY DEFAULT uuidv7()")
else
  skipped+=("core uuidv7(): PostgreSQL $MAJOR has none (18 and later)")
fi
if [ "$(q "SELECT count(*) FROM pg_available_extensions WHERE name = 'pg_uuidv7'")" = 1 ]; then
  q 'CREATE SCHEMA IF NOT EXISTS uuidv7ext; CREATE EXTENSION IF NOT EXISTS pg_uuidv7 SCHEMA uuidv7ext'
  names+=("uuid_generate_v7() (pg_uuidv7)")
  defs+=("id uuid PRIMARY KEY DEFAULT uuidv7ext.uuid_generate_v7()")
else
  skipped+=("pg_uuidv7: not installed in this server")
fi
for line in "${skipped[@]}"; do echo "SKIPPED: $line"; done

STAMP=$(date -u +%Y-%m-%d)
OUT=$RESULTS/scale-pg$MAJOR-$STAMP
CPU=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
echo "key,rows,seconds,rows_per_s,wal_bytes_per_row,pk_mb" >"$OUT.csv"
declare -A summary

count=${#names[@]}
for k in $(seq 0 $((count - 1))); do
  i=$(((k + ORDER) % count))
  name=${names[$i]}
  log "$name: $ROWS rows in batches of $BATCH"
  q "DROP TABLE IF EXISTS scale; CREATE TABLE scale (${defs[$i]}, payload int); CHECKPOINT;"
  total_wal=0
  start_all=$(date +%s.%N)
  for b in $(seq 1 $((ROWS / BATCH))); do
    lsn=$(q 'SELECT pg_current_wal_insert_lsn()')
    t0=$(date +%s.%N)
    q "INSERT INTO scale (payload) SELECT g FROM generate_series(1, $BATCH) g"
    t1=$(date +%s.%N)
    wal=$(q "SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '$lsn')")
    total_wal=$((total_wal + ${wal%.*}))
    pk=$(q "SELECT pg_relation_size('scale_pkey')")
    awk -v n="$name" -v r=$((b * BATCH)) -v a="$t0" -v z="$t1" -v w="$wal" -v b="$BATCH" -v p="$pk" \
      'BEGIN {printf "\"%s\",%d,%.3f,%.0f,%.1f,%.1f\n", n, r, z - a, b / (z - a), w / b, p / 1048576}' >>"$OUT.csv"
  done
  end_all=$(date +%s.%N)
  density=n/a
  [ $has_pgstattuple = yes ] && density=$(q "SELECT round(avg_leaf_density::numeric, 1) FROM pgstatindex('scale_pkey')")
  pk_mb=$(q "SELECT round(pg_relation_size('scale_pkey') / 1048576.0, 1)")
  last=$(grep -F "\"$name\"," "$OUT.csv" | tail -n 5 | awk -F, '{s += $4} END {printf "%.0f", s / NR}')
  summary[$name]="$(awk -v a="$start_all" -v z="$end_all" -v r="$ROWS" 'BEGIN {printf "%.0f | %.0f", z - a, r / (z - a)}') | $last | $(awk -v w="$total_wal" -v r="$ROWS" 'BEGIN {printf "%.0f", w / r}') | $pk_mb | $density"
  echo "  $name: ${summary[$name]}"
  q 'DROP TABLE scale'
done

TITLE="uuid6 scale bench — PostgreSQL $MAJOR, $STAMP, $(nproc) cores, $ROWS rows"
python3 "$ROOT/test/bench/scale_chart.py" "$OUT.csv" "$OUT.svg" "$TITLE"
{
  echo "# uuid6 scale bench — PostgreSQL $MAJOR, $STAMP"
  echo
  echo "- Server: $SERVER"
  echo "- Machine: $CPU, $(nproc) cores, $(free -g | awk '/^Mem:/ {print $2}') GiB"
  echo "- Settings: ${SETTINGS[*]}"
  echo "- Each key grows a table (\`id <key> PRIMARY KEY DEFAULT …, payload int\`) to $ROWS rows in"
  echo "  transactions of $BATCH rows, one key after the other (order rotated by $ORDER)"
  for line in "${skipped[@]}"; do echo "- SKIPPED: $line"; done
  echo
  echo "![chart](scale-pg$MAJOR-$STAMP.svg)"
  echo
  echo "| key | seconds | rows/s (whole load) | rows/s (last 5 batches) | WAL bytes per row | PK MB | PK leaf density % |"
  echo "|---|---:|---:|---:|---:|---:|---:|"
  for name in "${names[@]}"; do echo "| \`$name\` | ${summary[$name]} |"; done
} >"$OUT.md"
echo
echo "results: $OUT.md, $OUT.csv and $OUT.svg"
