#!/usr/bin/env bash
# make bench: uuid6 against core PostgreSQL, pg_uuidv7 and uuid-ossp, side by
# side in one run, interleaved in an order rotated each repetition (a fixed
# order measures the order), every figure the median of its repetitions with
# their min and max.
#
#   1. inserts into (id <key> PRIMARY KEY DEFAULT ..., payload int), for
#      bigserial, gen_random_uuid(), uuid6's uuid_generate_v7(), core uuidv7()
#      (18 and later) and pg_uuidv7's uuid_generate_v7(): one client in
#      100,000-row batches, then 4 pgbench clients committing one row per
#      transaction; rows/s, WAL, primary-key size and its size against a fresh
#      CREATE INDEX;
#   2. per-call cost: SELECT count(f()) FROM generate_series(1, N), net of the
#      same loop over a constant (decoders: over a table of ids, net of count(id));
#   3. concurrency: the same loops in 1, 2 and 4 backends at once.
#
# pg_uuidv7 (1.7.0: Debian's postgresql-18-pg-uuidv7) is measured where the
# server has it, in a schema of its own, uuidv7ext (its function names are
# uuid6's);
# elsewhere the bench says SKIPPED for it and goes on.
#
# Starts its own scratch cluster (shared_buffers = 128MB) on BENCH_PORT (5498)
# unless PGHOST or PGPORT name a server to use (that server's configuration
# file sets uuid6.facade_key, for the facade rows). Knobs: BENCH_ROWS (2,000,000),
# BENCH_CLIENT_ROWS (single-row commits: BENCH_ROWS / 20), BENCH_CALLS
# (2,000,000), BENCH_REPS (5), BENCH_INSERT_REPS (3), BENCH_TAG (appended to the file
# names, for several runs a day), PG_CONFIG.
# Writes test/bench/results/pgMAJOR-DATE.{md,csv,svg}: the report, every
# figure as CSV, and the chart that test/bench/chart.py draws from the CSV.
# Reports; never fails on timings.
set -euo pipefail
source "$(dirname "$0")/../../scripts/lib.sh"

ROWS=${BENCH_ROWS:-2000000}
CLIENT_ROWS=${BENCH_CLIENT_ROWS:-$((ROWS / 20))}
CALLS=${BENCH_CALLS:-2000000}
REPS=${BENCH_REPS:-5}
BATCH=100000
RESULTS=$ROOT/test/bench/results
mkdir -p "$RESULTS" "$ROOT/build"

ensure_build_tools
ensure_packages python3  # test/bench/chart.py draws the chart
if [ -z "${PGHOST:-}${PGPORT:-}" ]; then
  build_and_install
  BENCH_DIR=$(cluster_dir bench)
  trap 'cluster_stop "$BENCH_DIR"' EXIT
  log "starting a scratch cluster for the bench in $BENCH_DIR"
  # The facade key is read from the configuration file only: for the facade rows of the
  # per-call table.
  cluster_start "$BENCH_DIR" "${BENCH_PORT:-5498}" "shared_buffers = 128MB" "max_wal_size = 8GB" \
    "checkpoint_timeout = 1h" "synchronous_commit = on" \
    "uuid6.facade_key = '000102030405060708090a0b0c0d0e0f'"
  SETTINGS="shared_buffers = 128MB, max_wal_size = 8GB, checkpoint_timeout = 1h, fsync = off, uuid6 preloaded"
else
  SETTINGS="the server's own (PGHOST=${PGHOST:-} PGPORT=${PGPORT:-})"
fi
export PGDATABASE=${PGDATABASE:-postgres}
export PGOPTIONS="${PGOPTIONS:-} -c client_min_messages=warning"

q() { psql -X -q -At -v ON_ERROR_STOP=1 -c "$1"; }
median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
fmt() { awk -v x="$1" -v d="${2:-1}" 'BEGIN {printf "%.*f", d, x}'; }

psql -X -q -v ON_ERROR_STOP=1 -f "$ROOT/test/bench/bench.sql"
VERSION_NUM=$(q 'SHOW server_version_num')
MAJOR=$((VERSION_NUM / 10000))
SERVER=$(q 'SELECT version()')
has_ossp=no
q 'CREATE EXTENSION IF NOT EXISTS "uuid-ossp"' 2>/dev/null && has_ossp=yes
has_core_v7=no
[ "$MAJOR" -ge 18 ] && has_core_v7=yes
# pg_uuidv7 names its generator uuid_generate_v7() too: in a schema of its own.
has_pguv7=no
PGUV7_VERSION=
if [ "$(q "SELECT count(*) FROM pg_available_extensions WHERE name = 'pg_uuidv7'")" = 1 ]; then
  q 'CREATE SCHEMA IF NOT EXISTS uuidv7ext; CREATE EXTENSION IF NOT EXISTS pg_uuidv7 SCHEMA uuidv7ext'
  has_pguv7=yes
  PGUV7_VERSION=$(q "SELECT extversion FROM pg_extension WHERE extname = 'pg_uuidv7'")
else
  echo "SKIPPED: pg_uuidv7 is not installed in this server: on PostgreSQL 18, Debian's" \
    "postgresql-18-pg-uuidv7 (sid) has it; into a pgmatrix installation:" \
    "PGMATRIX_PREFIX=/opt/pgmatrix/NAME bash ../shared/tools/pgext 18 pg-uuidv7"
fi
has_core_extract=no
[ "$MAJOR" -ge 17 ] && has_core_extract=yes
STAMP=$(date -u +%Y-%m-%d)
OUT=$RESULTS/pg$MAJOR-$STAMP${BENCH_TAG:+-$BENCH_TAG}
CPU=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
CORES=$(nproc)

# Every figure, one per line: section, load, key, measure, value.
echo "section,load,key,measure,value" >"$OUT.csv"
csv() { printf '%s,%s,"%s",%s,%s\n' "$1" "$2" "$3" "$4" "$5" >>"$OUT.csv"; }

# --- 1. Inserts -------------------------------------------------------------------
log "inserts: $ROWS rows in $BATCH-row batches, then $CLIENT_ROWS single-row commits from 4 pgbench clients"
key_names=("bigserial" "gen_random_uuid()" "uuid_generate_v7()")
key_defs=("id bigserial PRIMARY KEY" "id uuid PRIMARY KEY DEFAULT gen_random_uuid()"
  "id uuid PRIMARY KEY DEFAULT uuid_generate_v7()")
if [ $has_core_v7 = yes ]; then
  key_names+=("uuidv7() (core)")
  key_defs+=("id uuid PRIMARY KEY DEFAULT uuidv7()")
fi
if [ $has_pguv7 = yes ]; then
  key_names+=("uuid_generate_v7() (pg_uuidv7)")
  key_defs+=("id uuid PRIMARY KEY DEFAULT uuidv7ext.uuid_generate_v7()")
fi

# load MODE KEY_INDEX: prints "seconds wal_bytes index_bytes fresh_bytes"
load() {
  local mode=$1 i=$2 rows seconds
  q "DROP TABLE IF EXISTS bench_load; CREATE TABLE bench_load (${key_defs[$i]}, payload int); CHECKPOINT;"
  local lsn
  lsn=$(q 'SELECT pg_current_wal_lsn()')
  local start end
  start=$(date +%s.%N)
  if [ "$mode" = batch ]; then
    rows=$ROWS
    for _ in $(seq 1 $((ROWS / BATCH))); do
      echo "INSERT INTO bench_load (payload) SELECT g FROM generate_series(1, $BATCH) AS g;"
    done | psql -X -q -v ON_ERROR_STOP=1 >/dev/null
  else
    rows=$CLIENT_ROWS
    local script
    script=$(mktemp)
    echo "INSERT INTO bench_load (payload) VALUES (1);" >"$script"
    pgbench -n -c 4 -j 4 -t $((CLIENT_ROWS / 4)) -f "$script" >/dev/null 2>&1
    rm -f "$script"
  fi
  end=$(date +%s.%N)
  seconds=$(awk -v s="$start" -v e="$end" 'BEGIN {printf "%.3f", e - s}')
  local wal index fresh made
  # A load that failed part way (pgbench's errors are not shown) must not pass for a fast one.
  made=$(q "SELECT count(*) FROM bench_load")
  if [ "$made" != "$rows" ]; then
    echo "the $mode load of ${key_names[$i]} inserted $made rows, not $rows" >&2
    return 1
  fi
  wal=$(q "SELECT pg_current_wal_lsn() - '$lsn'::pg_lsn")
  index=$(q "SELECT pg_relation_size('bench_load_pkey')")
  q "CREATE INDEX bench_load_fresh ON bench_load (id)"
  fresh=$(q "SELECT pg_relation_size('bench_load_fresh')")
  echo "$seconds $wal $index $fresh $rows"
}

# Interleaved repetitions; the median of each measure is reported.
INSERT_REPS=${BENCH_INSERT_REPS:-3}
declare -A load_samples
# rotated I N: the indexes 0..N-1 starting at I mod N, so that each contender
# runs first, second, ... in turn across repetitions.
rotated() { local k; for ((k = 0; k < $2; k++)); do echo $((($1 + k) % $2)); done; }
for rep in $(seq 1 "$INSERT_REPS"); do
  for mode in batch clients; do
    for i in $(rotated "$rep" "${#key_names[@]}"); do
      result=$(load "$mode" "$i")
      load_samples["$mode:$i"]+="$result
"
      echo "  repetition $rep, $mode ${key_names[$i]}: $result"
    done
  done
done
declare -A load_result
for key in "${!load_samples[@]}"; do
  row=""
  for column in 1 2 3 4 5; do
    row+="$(echo "${load_samples[$key]}" | grep . | awk -v c=$column '{print $c}' | median) "
  done
  load_result[$key]=$row
done
q "DROP TABLE IF EXISTS bench_load"

# min and max of a column of the samples of one load, as rows/s
rate_range() {
  echo "${load_samples[$1]}" | grep . | awk '{printf "%.0f\n", $5 / $1}' | sort -g | awk 'NR == 1 {lo = $1} {hi = $1} END {printf "%s–%s", lo, hi}'
}
insert_md="| load | key | seconds | rows/s (median) | rows/s min–max | × bigserial time | WAL MB | PK index MB | PK / fresh CREATE INDEX |
|---|---|---:|---:|---:|---:|---:|---:|---:|"
declare -A time_ratio fill_ratio
for mode in batch clients; do
  read -r base_s _ <<<"${load_result["$mode:0"]}"
  for i in "${!key_names[@]}"; do
    read -r s wal index fresh rows <<<"${load_result["$mode:$i"]}"
    rps=$(awk -v r="$rows" -v s="$s" 'BEGIN {printf "%.0f", r / s}')
    tr=$(awk -v a="$s" -v b="$base_s" 'BEGIN {printf "%.2f", a / b}')
    fr=$(awk -v a="$index" -v b="$fresh" 'BEGIN {printf "%.2f", a / b}')
    time_ratio["$mode:${key_names[$i]}"]=$tr
    fill_ratio["$mode:${key_names[$i]}"]=$fr
    label=$([ "$mode" = batch ] && echo "1 client, $BATCH-row batches" || echo "4 clients, single-row commits")
    insert_md+="
| $label | \`${key_names[$i]}\` | $(fmt "$s" 2) | $rps | $(rate_range "$mode:$i") | $tr | $(fmt "$(awk -v w="$wal" 'BEGIN {print w / 1048576}')" 1) | $(fmt "$(awk -v w="$index" 'BEGIN {print w / 1048576}')" 1) | $fr |"
    csv insert "$mode" "${key_names[$i]}" rows_per_s "$rps"
    csv insert "$mode" "${key_names[$i]}" seconds "$s"
    csv insert "$mode" "${key_names[$i]}" wal_mb "$(awk -v w="$wal" 'BEGIN {printf "%.2f", w / 1048576}')"
    csv insert "$mode" "${key_names[$i]}" pk_mb "$(awk -v w="$index" 'BEGIN {printf "%.2f", w / 1048576}')"
    csv insert "$mode" "${key_names[$i]}" pk_over_fresh "$fr"
  done
done
echo "$insert_md"

# --- 2. Per-call cost ---------------------------------------------------------
log "per-call cost: $CALLS calls, $REPS repetitions, interleaved"
CONST="'00000000-0000-0000-0000-000000000000'::uuid"
gen_labels=("constant (baseline)" "clock_timestamp()" "uuid_generate_v7()" "uuid_generate_v6()"
  "uuid_generate_v8()" "uuid_generate_v7_tagged(5)" "gen_random_uuid()")
gen_exprs=("$CONST" "clock_timestamp()" "uuid_generate_v7()" "uuid_generate_v6()"
  "uuid_generate_v8()" "uuid_generate_v7_tagged(5)" "gen_random_uuid()")
if [ $has_core_v7 = yes ]; then
  gen_labels+=("uuidv7() (core)")
  gen_exprs+=("uuidv7()")
fi
if [ $has_pguv7 = yes ]; then
  gen_labels+=("uuid_generate_v7() (pg_uuidv7)")
  gen_exprs+=("uuidv7ext.uuid_generate_v7()")
fi
if [ $has_ossp = yes ]; then
  gen_labels+=("uuid_generate_v1() (uuid-ossp)" "uuid_generate_v1mc() (uuid-ossp)" "uuid_generate_v4() (uuid-ossp)")
  gen_exprs+=("uuid_generate_v1()" "uuid_generate_v1mc()" "uuid_generate_v4()")
fi
q "DROP TABLE IF EXISTS bench_ids;
   CREATE TABLE bench_ids AS SELECT v7, v1, v7::text AS v7_text, uuid_to_ulid(v7) AS v7_ulid,
       uuid_v7_to_facade(v7) AS v7_facade, uuid_to_base32hex(v7) AS v7_b32,
       uuid_to_typeid('user', v7) AS v7_typeid
     FROM (SELECT uuid_generate_v7() AS v7, uuid_v6_to_v1(uuid_generate_v6()) AS v1
           FROM generate_series(1, $CALLS)) AS ids;
"
q "VACUUM ANALYZE bench_ids"
# The text forms: uuid_to_ulid / uuid_from_ulid next to core's uuid output
# and input, over the same keys (count of a text column costs what count of
# the uuid column does, so one baseline serves); the facade both ways, with
# the key from the setting and given as bytea, next to the same.
dec_labels=("count(id) (baseline)" "uuid_extract_time(v7)" "uuid_extract_time(v7, true)" "uuid_v1_to_v6(v1)"
  "uuid_v7_to_timestamptz(v7)" "uuid_to_ulid(v7)" "v7::text (core)" "uuid_from_ulid(ulid)" "text::uuid (core)"
  "uuid_v7_to_facade(v7)" "uuid_facade_to_v7(facade)" "uuid_v7_to_facade(v7, key)" "uuid_facade_to_v7(facade, key)"
  "uuid_to_base32hex(v7)" "uuid_from_base32hex(text)" "uuid_to_typeid('user', v7)" "uuid_from_typeid(typeid, 'user')"
  "uuid_extract_tag(v7)")
dec_exprs=("v7" "uuid_extract_time(v7)" "uuid_extract_time(v7, true)" "uuid_v1_to_v6(v1)"
  "uuid_v7_to_timestamptz(v7)" "uuid_to_ulid(v7)" "v7::text" "uuid_from_ulid(v7_ulid)" "v7_text::uuid"
  "uuid_v7_to_facade(v7)" "uuid_facade_to_v7(v7_facade)"
  "uuid_v7_to_facade(v7, '\\x000102030405060708090a0b0c0d0e0f'::bytea)"
  "uuid_facade_to_v7(v7_facade, '\\x000102030405060708090a0b0c0d0e0f'::bytea)"
  "uuid_to_base32hex(v7)" "uuid_from_base32hex(v7_b32)" "uuid_to_typeid('user', v7)" "uuid_from_typeid(v7_typeid, 'user')"
  "uuid_extract_tag(v7)")
if [ $has_core_extract = yes ]; then
  dec_labels+=("uuid_extract_timestamp(v7) (core)")
  dec_exprs+=("uuid_extract_timestamp(v7)")
fi
if [ $has_pguv7 = yes ]; then
  dec_labels+=("uuid_v7_to_timestamptz(v7) (pg_uuidv7)")
  dec_exprs+=("uuidv7ext.uuid_v7_to_timestamptz(v7)")
fi

declare -A samples
for rep in $(seq 1 "$REPS"); do
  for i in $(rotated "$rep" "${#gen_exprs[@]}"); do
    samples["g$i"]+="$(q "SELECT bench_seconds(\$\$${gen_exprs[$i]}\$\$, 'generate_series(1, $CALLS)')") "
  done
  for i in $(rotated "$rep" "${#dec_exprs[@]}"); do
    samples["d$i"]+="$(q "SELECT bench_seconds(\$\$${dec_exprs[$i]}\$\$, 'bench_ids')") "
  done
  echo "  repetition $rep of $REPS done"
done
med() { echo "${samples[$1]}" | tr ' ' '\n' | grep . | median; }
# min–max of a loop's net ns per call, each sample net of the baseline's median
net_range() {
  echo "${samples[$1]}" | tr ' ' '\n' | grep . | awk -v b="$2" -v n="$CALLS" '{printf "%.1f\n", ($1 - b) / n * 1e9}' |
    sort -g | awk 'NR == 1 {lo = $1} {hi = $1} END {printf "%s–%s", lo, hi}'
}
ns_per_call() { awk -v t="$1" -v b="$2" -v n="$CALLS" 'BEGIN {printf "%.1f", (t - b) / n * 1e9}'; }

base_gen=$(med g0)
base_dec=$(med d0)
declare -A net spread
percall_md="| function | ns/call (net, median) | min–max | × gen_random_uuid() |
|---|---:|---:|---:|"
for i in "${!gen_exprs[@]}"; do
  [ "$i" -eq 0 ] && continue
  net["${gen_labels[$i]}"]=$(ns_per_call "$(med "g$i")" "$base_gen")
  spread["${gen_labels[$i]}"]=$(net_range "g$i" "$base_gen")
done
for i in "${!dec_exprs[@]}"; do
  [ "$i" -eq 0 ] && continue
  net["${dec_labels[$i]}"]=$(ns_per_call "$(med "d$i")" "$base_dec")
  spread["${dec_labels[$i]}"]=$(net_range "d$i" "$base_dec")
done
random_ns=${net["gen_random_uuid()"]}
for label in "${gen_labels[@]:1}" "${dec_labels[@]:1}"; do
  ratio=$(awk -v a="${net[$label]}" -v b="$random_ns" 'BEGIN {printf "%.3f", a / b}')
  percall_md+="
| \`$label\` | ${net[$label]} | ${spread[$label]} | $ratio |"
  csv percall "" "$label" ns_per_call "${net[$label]}"
done
echo "$percall_md"

# --- 3. Concurrency -----------------------------------------------------------
log "concurrency: 1, 2 and 4 backends at once"
conc_names=("uuid_generate_v7()" "uuid_generate_v6()" "uuid_generate_v8()" "gen_random_uuid()")
conc_calls=($((CALLS * 5)) $((CALLS * 5)) $((CALLS * 5)) $((CALLS / 2)))
declare -A rate
for rep in $(seq 1 3); do
  for k in 1 2 4; do
    for i in $(rotated "$rep" "${#conc_names[@]}"); do
      n=${conc_calls[$i]}
      start=$(date +%s.%N)
      for _ in $(seq 1 "$k"); do
        q "SELECT bench_seconds(\$\$${conc_names[$i]}\$\$, 'generate_series(1, $n)')" >/dev/null &
      done
      wait
      end=$(date +%s.%N)
      rate["$i:$k"]+="$(awk -v s="$start" -v e="$end" -v n="$n" -v k="$k" 'BEGIN {printf "%.0f", k * n / (e - s)}') "
    done
  done
done
range_of() { echo "$1" | tr ' ' '\n' | grep . | sort -g | awk 'NR == 1 {lo = $1} {hi = $1} END {printf "%.0f–%.0f", lo, hi}'; }
conc_md="| function | 1 backend (calls/s) | 2 backends | 4 backends | 4 backends min–max | scaling 2 / 1 | scaling 4 / 1 |
|---|---:|---:|---:|---:|---:|---:|"
declare -A scaling2
for i in "${!conc_names[@]}"; do
  r1=$(echo "${rate["$i:1"]}" | tr ' ' '\n' | grep . | median)
  r2=$(echo "${rate["$i:2"]}" | tr ' ' '\n' | grep . | median)
  r4=$(echo "${rate["$i:4"]}" | tr ' ' '\n' | grep . | median)
  s2=$(awk -v a="$r2" -v b="$r1" 'BEGIN {printf "%.2f", a / b}')
  s4=$(awk -v a="$r4" -v b="$r1" 'BEGIN {printf "%.2f", a / b}')
  scaling2[${conc_names[$i]}]=$s2
  csv concurrency 1 "${conc_names[$i]}" calls_per_s "$r1"
  csv concurrency 2 "${conc_names[$i]}" calls_per_s "$r2"
  csv concurrency 4 "${conc_names[$i]}" calls_per_s "$r4"
  conc_md+="
| \`${conc_names[$i]}\` | $(fmt "$r1" 0) | $(fmt "$r2" 0) | $(fmt "$r4" 0) | $(range_of "${rate["$i:4"]}") | $s2 | $s4 |"
done
echo "$conc_md"

# --- Verdicts -------------------------------------------------------------------
verdict() {  # verdict TEXT VALUE LIMIT le|ge
  local ok
  ok=$(awk -v v="$2" -v l="$3" -v op="$4" 'BEGIN {print (op == "le" ? v <= l : v >= l) ? "PASS" : "FAIL"}')
  echo "- $ok: $1: $2 (bar: $([ "$4" = le ] && echo "≤" || echo "≥") $3)"
}
v7_ratio=$(awk -v a="${net["uuid_generate_v7()"]}" -v b="$random_ns" 'BEGIN {printf "%.3f", a / b}')
verdicts="$(verdict "uuid_generate_v7() net per-call cost / gen_random_uuid()" "$v7_ratio" 0.10 le)
$(verdict "uuid_generate_v7() 2-backend throughput / 1-backend" "${scaling2["uuid_generate_v7()"]}" 1.8 ge)
$(verdict "bulk insert time, uuid_generate_v7() / bigserial (1 client)" "${time_ratio["batch:uuid_generate_v7()"]}" 1.10 le)
$(verdict "insert time, uuid_generate_v7() / bigserial (4 clients, single-row commits)" "${time_ratio["clients:uuid_generate_v7()"]}" 1.10 le)
$(verdict "primary key / fresh CREATE INDEX, uuid_generate_v7() (1 client)" "${fill_ratio["batch:uuid_generate_v7()"]}" 1.02 le)
$(verdict "primary key / fresh CREATE INDEX, uuid_generate_v7() (4 clients, single-row commits)" "${fill_ratio["clients:uuid_generate_v7()"]}" 1.02 le)"
for facade in "uuid_v7_to_facade(v7)" "uuid_facade_to_v7(facade)"; do
  facade_ratio=$(awk -v a="${net["$facade"]}" -v b="${net["v7::text (core)"]}" 'BEGIN {printf "%.3f", a / b}')
  verdicts+="
$(verdict "$facade net per-call cost / v7::text (core)" "$facade_ratio" 1.00 le)"
done
if [ $has_core_v7 = yes ]; then
  core_ratio=$(awk -v a="${net["uuid_generate_v7()"]}" -v b="${net["uuidv7() (core)"]}" 'BEGIN {printf "%.3f", a / b}')
  verdicts+="
$(verdict "uuid_generate_v7() net per-call cost / core uuidv7()" "$core_ratio" 0.10 le)"
fi
echo "$verdicts"

# --- Report and chart -----------------------------------------------------------
TITLE="uuid6 bench — PostgreSQL $MAJOR, $STAMP, $CPU, $CORES cores"
python3 "$ROOT/test/bench/chart.py" "$OUT.csv" "$OUT.svg" "$TITLE"
pguv7_line="- pg_uuidv7: $([ $has_pguv7 = yes ] && echo "$PGUV7_VERSION, in schema uuidv7ext" || echo "not installed (SKIPPED)")"
cat >"$OUT.md" <<EOF
# uuid6 bench — PostgreSQL $MAJOR, $STAMP

- Server: $SERVER
- Machine: $CPU, $CORES cores, $(free -g | awk '/^Mem:/ {print $2}') GiB
- Settings: $SETTINGS
$pguv7_line
- Sizes: $ROWS rows per 1-client load, $CLIENT_ROWS single-row commits per 4-client load
  (medians of $INSERT_REPS repetitions), $CALLS calls per per-call loop (medians of $REPS
  repetitions), concurrency medians of 3; in every repetition the contenders run in turn, in an
  order rotated by one each repetition, and each figure's min and max are shown beside it
- Quiet run? The \`clock_timestamp()\` loop cost ${net["clock_timestamp()"]} ns/call (min–max
  ${spread["clock_timestamp()"]}): compare it with a quiet run on the same machine; where it is
  more than 10% above, other load was running and the figures are not to be quoted
- Ratios "× gen_random_uuid()" divide by the cost of PostgreSQL's \`gen_random_uuid()\` here,
  ${net["gen_random_uuid()"]} ns/call: 16 bytes from the server's CSPRNG (OpenSSL's RAND_bytes
  where PostgreSQL is built with OpenSSL) per call, which varies with the machine and its OpenSSL

![chart]($(basename "$OUT").svg)

## Inserts

\`(id <key> PRIMARY KEY DEFAULT …, payload int)\`: one client inserting $BATCH-row
batches, then 4 pgbench clients each committing one row per transaction. "PK / fresh" is the
primary key's size over an index built afresh with CREATE INDEX on the same column after the load.

$insert_md

## Per-call cost

Server-side time of \`SELECT count(f()) FROM generate_series(1, $CALLS)\` net of the same
loop over a constant; decoders over a $CALLS-row table, net of \`count(id)\`.

$percall_md

## Concurrency

Aggregate calls/s of the same loops run in 1, 2 and 4 backends at once ($CORES cores).

$conc_md

## Verdicts

$verdicts
EOF
echo
echo "results: $OUT.md, $OUT.csv and $OUT.svg"
