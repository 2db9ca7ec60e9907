#!/usr/bin/env bash
# make bench: uuid6 against core PostgreSQL and uuid-ossp, side by side in one
# run, interleaved, medians of several repetitions.
#
#   1. per-call cost: SELECT count(f()) FROM generate_series(1, N), net of the
#      same loop over a constant (decoders: over a table of ids, net of count(id));
#   2. concurrency: the same loops in 1, 2 and 4 backends at once;
#   3. bulk insert into (id <key> PRIMARY KEY DEFAULT ..., payload int): one
#      client in 100,000-row batches, then 4 pgbench clients in 10-row
#      transactions; time, WAL, primary-key size against a fresh CREATE INDEX.
#
# Starts its own scratch cluster (shared_buffers = 128MB) unless PGHOST or
# PGPORT name a server to use. Knobs: BENCH_ROWS (2,000,000), BENCH_CLIENT_ROWS
# (BENCH_ROWS / 4), BENCH_CALLS (2,000,000), BENCH_REPS (5), BENCH_INSERT_REPS (3),
# PG_CONFIG.
# Writes test/bench/results/pgMAJOR-DATE.{md,png}. Reports; never fails on
# timings.
set -euo pipefail
source "$(dirname "$0")/../../scripts/lib.sh"

ROWS=${BENCH_ROWS:-2000000}
CLIENT_ROWS=${BENCH_CLIENT_ROWS:-$((ROWS / 4))}
CALLS=${BENCH_CALLS:-2000000}
REPS=${BENCH_REPS:-5}
BATCH=100000
RESULTS=$ROOT/test/bench/results
mkdir -p "$RESULTS" "$ROOT/build"

ensure_build_tools
ensure_packages gnuplot-nox
if [ -z "${PGHOST:-}${PGPORT:-}" ]; then
  build_and_install
  BENCH_DIR=$(cluster_dir bench)
  trap 'cluster_stop "$BENCH_DIR"' EXIT
  log "starting a scratch cluster for the bench in $BENCH_DIR"
  cluster_start "$BENCH_DIR" 5498 "shared_buffers = 128MB" "max_wal_size = 8GB" \
    "checkpoint_timeout = 1h" "synchronous_commit = on"
  SETTINGS="shared_buffers = 128MB, max_wal_size = 8GB, checkpoint_timeout = 1h, fsync = off, uuid6 preloaded"
else
  SETTINGS="the server's own (PGHOST=${PGHOST:-} PGPORT=${PGPORT:-})"
fi
export PGDATABASE=${PGDATABASE:-postgres}
# Every session of the bench has a facade key (a superuser's connection
# option), for the facade rows of the per-call table.
export PGOPTIONS="${PGOPTIONS:-} -c client_min_messages=warning -c uuid6.facade_key=000102030405060708090a0b0c0d0e0f"

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
has_core_extract=no
[ "$MAJOR" -ge 17 ] && has_core_extract=yes
STAMP=$(date -u +%Y-%m-%d)
OUT=$RESULTS/pg$MAJOR-$STAMP
CPU=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
CORES=$(nproc)

# --- 1. Per-call cost ---------------------------------------------------------
log "per-call cost: $CALLS calls, $REPS repetitions, interleaved"
CONST="'00000000-0000-0000-0000-000000000000'::uuid"
gen_labels=("constant (baseline)" "clock_timestamp()" "uuid_generate_v7()" "uuid_generate_v6()"
  "uuid_generate_v8()" "gen_random_uuid()")
gen_exprs=("$CONST" "clock_timestamp()" "uuid_generate_v7()" "uuid_generate_v6()"
  "uuid_generate_v8()" "gen_random_uuid()")
if [ $has_core_v7 = yes ]; then
  gen_labels+=("uuidv7() (core)")
  gen_exprs+=("uuidv7()")
fi
if [ $has_ossp = yes ]; then
  gen_labels+=("uuid_generate_v1() (uuid-ossp)" "uuid_generate_v1mc() (uuid-ossp)" "uuid_generate_v4() (uuid-ossp)")
  gen_exprs+=("uuid_generate_v1()" "uuid_generate_v1mc()" "uuid_generate_v4()")
fi
q "DROP TABLE IF EXISTS bench_ids;
   CREATE TABLE bench_ids AS SELECT v7, v1, v7::text AS v7_text, uuid_to_ulid(v7) AS v7_ulid,
       uuid_v7_to_facade(v7) AS v7_facade
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
  "uuid_v7_to_facade(v7)" "uuid_facade_to_v7(facade)" "uuid_v7_to_facade(v7, key)" "uuid_facade_to_v7(facade, key)")
dec_exprs=("v7" "uuid_extract_time(v7)" "uuid_extract_time(v7, true)" "uuid_v1_to_v6(v1)"
  "uuid_v7_to_timestamptz(v7)" "uuid_to_ulid(v7)" "v7::text" "uuid_from_ulid(v7_ulid)" "v7_text::uuid"
  "uuid_v7_to_facade(v7)" "uuid_facade_to_v7(v7_facade)"
  "uuid_v7_to_facade(v7, '\\x000102030405060708090a0b0c0d0e0f'::bytea)"
  "uuid_facade_to_v7(v7_facade, '\\x000102030405060708090a0b0c0d0e0f'::bytea)")
if [ $has_core_extract = yes ]; then
  dec_labels+=("uuid_extract_timestamp(v7) (core)")
  dec_exprs+=("uuid_extract_timestamp(v7)")
fi

declare -A samples
for rep in $(seq 1 "$REPS"); do
  for i in "${!gen_exprs[@]}"; do
    samples["g$i"]+="$(q "SELECT bench_seconds(\$\$${gen_exprs[$i]}\$\$, 'generate_series(1, $CALLS)')") "
  done
  for i in "${!dec_exprs[@]}"; do
    samples["d$i"]+="$(q "SELECT bench_seconds(\$\$${dec_exprs[$i]}\$\$, 'bench_ids')") "
  done
  echo "  repetition $rep of $REPS done"
done
med() { echo "${samples[$1]}" | tr ' ' '\n' | grep . | median; }
ns_per_call() { awk -v t="$1" -v b="$2" -v n="$CALLS" 'BEGIN {printf "%.1f", (t - b) / n * 1e9}'; }

base_gen=$(med g0)
base_dec=$(med d0)
declare -A net
percall_md="| function | ns/call (net) | × gen_random_uuid() |
|---|---:|---:|"
for i in "${!gen_exprs[@]}"; do
  [ "$i" -eq 0 ] && continue
  net["${gen_labels[$i]}"]=$(ns_per_call "$(med "g$i")" "$base_gen")
done
for i in "${!dec_exprs[@]}"; do
  [ "$i" -eq 0 ] && continue
  net["${dec_labels[$i]}"]=$(ns_per_call "$(med "d$i")" "$base_dec")
done
random_ns=${net["gen_random_uuid()"]}
: >"$OUT.percall.dat"
for label in "${gen_labels[@]:1}" "${dec_labels[@]:1}"; do
  ratio=$(awk -v a="${net[$label]}" -v b="$random_ns" 'BEGIN {printf "%.3f", a / b}')
  percall_md+="
| \`$label\` | ${net[$label]} | $ratio |"
  printf '"%s" %s\n' "${label%% (*}" "${net[$label]}" >>"$OUT.percall.dat"
done
echo "$percall_md"

# --- 2. Concurrency -----------------------------------------------------------
log "concurrency: 1, 2 and 4 backends at once"
conc_names=("uuid_generate_v7()" "uuid_generate_v6()" "uuid_generate_v8()" "gen_random_uuid()")
conc_calls=($((CALLS * 5)) $((CALLS * 5)) $((CALLS * 5)) $((CALLS / 2)))
declare -A rate
for rep in $(seq 1 3); do
  for k in 1 2 4; do
    for i in "${!conc_names[@]}"; do
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
conc_md="| function | 1 backend (calls/s) | 2 backends | 4 backends | scaling 2 / 1 | scaling 4 / 1 |
|---|---:|---:|---:|---:|---:|"
declare -A scaling2
for i in "${!conc_names[@]}"; do
  r1=$(echo "${rate["$i:1"]}" | tr ' ' '\n' | grep . | median)
  r2=$(echo "${rate["$i:2"]}" | tr ' ' '\n' | grep . | median)
  r4=$(echo "${rate["$i:4"]}" | tr ' ' '\n' | grep . | median)
  s2=$(awk -v a="$r2" -v b="$r1" 'BEGIN {printf "%.2f", a / b}')
  s4=$(awk -v a="$r4" -v b="$r1" 'BEGIN {printf "%.2f", a / b}')
  scaling2[${conc_names[$i]}]=$s2
  conc_md+="
| \`${conc_names[$i]}\` | $(fmt "$r1" 0) | $(fmt "$r2" 0) | $(fmt "$r4" 0) | $s2 | $s4 |"
done
echo "$conc_md"

# --- 3. Bulk insert -------------------------------------------------------------
log "bulk insert: $ROWS rows in $BATCH-row batches, then $CLIENT_ROWS rows from 4 pgbench clients"
key_names=("bigserial" "gen_random_uuid()" "uuid_generate_v7()" "uuid_generate_v6()" "uuid_generate_v8()")
key_defs=("id bigserial PRIMARY KEY" "id uuid PRIMARY KEY DEFAULT gen_random_uuid()"
  "id uuid PRIMARY KEY DEFAULT uuid_generate_v7()" "id uuid PRIMARY KEY DEFAULT uuid_generate_v6()"
  "id uuid PRIMARY KEY DEFAULT uuid_generate_v8()")
if [ $has_core_v7 = yes ]; then
  key_names+=("uuidv7() (core)")
  key_defs+=("id uuid PRIMARY KEY DEFAULT uuidv7()")
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
    echo "INSERT INTO bench_load (payload) SELECT g FROM generate_series(1, 10) AS g;" >"$script"
    pgbench -n -c 4 -j 4 -t $((CLIENT_ROWS / 40)) -f "$script" >/dev/null 2>&1
    rm -f "$script"
  fi
  end=$(date +%s.%N)
  seconds=$(awk -v s="$start" -v e="$end" 'BEGIN {printf "%.3f", e - s}')
  local wal index fresh
  wal=$(q "SELECT pg_current_wal_lsn() - '$lsn'::pg_lsn")
  index=$(q "SELECT pg_relation_size('bench_load_pkey')")
  q "CREATE INDEX bench_load_fresh ON bench_load (id)"
  fresh=$(q "SELECT pg_relation_size('bench_load_fresh')")
  echo "$seconds $wal $index $fresh $rows"
}

# Interleaved repetitions; the median of each measure is reported.
INSERT_REPS=${BENCH_INSERT_REPS:-3}
declare -A load_samples
for rep in $(seq 1 "$INSERT_REPS"); do
  for mode in batch clients; do
    for i in "${!key_names[@]}"; do
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

insert_md="| load | key | seconds | rows/s | × bigserial time | WAL MB | PK index MB | PK / fresh CREATE INDEX |
|---|---|---:|---:|---:|---:|---:|---:|"
: >"$OUT.insert.dat"
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
    label=$([ "$mode" = batch ] && echo "1 client, $BATCH-row batches" || echo "4 clients, 10-row transactions")
    insert_md+="
| $label | \`${key_names[$i]}\` | $(fmt "$s" 2) | $rps | $tr | $(fmt "$(awk -v w="$wal" 'BEGIN {print w / 1048576}')" 1) | $(fmt "$(awk -v w="$index" 'BEGIN {print w / 1048576}')" 1) | $fr |"
    printf '"%s" "%s" %s %s\n' "$mode" "${key_names[$i]%% (*}" "$rps" "$fr" >>"$OUT.insert.dat"
  done
done
echo "$insert_md"

# --- Verdicts (SPEC §5) -------------------------------------------------------
verdict() {  # verdict TEXT VALUE LIMIT le|ge
  local ok
  ok=$(awk -v v="$2" -v l="$3" -v op="$4" 'BEGIN {print (op == "le" ? v <= l : v >= l) ? "PASS" : "FAIL"}')
  echo "- $ok: $1: $2 (bar: $([ "$4" = le ] && echo "≤" || echo "≥") $3)"
}
v7_ratio=$(awk -v a="${net["uuid_generate_v7()"]}" -v b="$random_ns" 'BEGIN {printf "%.3f", a / b}')
verdicts="$(verdict "uuid_generate_v7() net per-call cost / gen_random_uuid()" "$v7_ratio" 0.10 le)
$(verdict "uuid_generate_v7() 2-backend throughput / 1-backend" "${scaling2["uuid_generate_v7()"]}" 1.8 ge)
$(verdict "bulk insert time, uuid_generate_v7() / bigserial (1 client)" "${time_ratio["batch:uuid_generate_v7()"]}" 1.10 le)
$(verdict "bulk insert time, uuid_generate_v7() / bigserial (4 clients)" "${time_ratio["clients:uuid_generate_v7()"]}" 1.10 le)
$(verdict "primary key / fresh CREATE INDEX, uuid_generate_v7() (1 client)" "${fill_ratio["batch:uuid_generate_v7()"]}" 1.02 le)
$(verdict "primary key / fresh CREATE INDEX, uuid_generate_v7() (4 clients)" "${fill_ratio["clients:uuid_generate_v7()"]}" 1.02 le)"
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
cat >"$OUT.md" <<EOF
# uuid6 bench — PostgreSQL $MAJOR, $STAMP

- Server: $SERVER
- Machine: $CPU, $CORES cores, $(free -g | awk '/^Mem:/ {print $2}') GiB
- Settings: $SETTINGS
- Sizes: $CALLS calls per per-call loop (medians of $REPS interleaved repetitions),
  concurrency medians of 3, $ROWS rows per 1-client load, $CLIENT_ROWS rows per 4-client load
  (medians of $INSERT_REPS interleaved repetitions)

## Verdicts (SPEC §5)

$verdicts

## Per-call cost

Server-side time of \`SELECT count(f()) FROM generate_series(1, $CALLS)\` net of the same
loop over a constant; decoders over a $CALLS-row table, net of \`count(id)\`.

$percall_md

## Concurrency

Aggregate calls/s of the same loops run in 1, 2 and 4 backends at once ($CORES cores).

$conc_md

## Bulk insert

\`(id <key> PRIMARY KEY DEFAULT …, payload int)\`; "PK / fresh" is the primary key's size
over an index built afresh with CREATE INDEX on the same column after the load.

$insert_md

![chart](pg$MAJOR-$STAMP.png)
EOF

gnuplot <<EOF
set terminal png size 1400,500 font ",10" noenhanced
set output "$OUT.png"
set multiplot layout 1,3 title "uuid6 bench — PostgreSQL $MAJOR, $CPU, $CORES cores"
set style data histograms
set style fill solid 0.8 border -1
set boxwidth 0.8
set xtics rotate by -40 left
set grid ytics
set key off
set title "per-call cost, ns (net)"
set logscale y
plot "$OUT.percall.dat" using 2:xtic(1) lc rgb "#4477aa"
unset logscale y
set title "bulk insert, 1 client: rows/s"
set yrange [0:*]
plot "< grep '^\"batch\"' $OUT.insert.dat" using 3:xtic(2) lc rgb "#228833"
set title "primary key / fresh CREATE INDEX (1 = right-most fill)"
set yrange [0:*]
set key top left
plot "< grep '^\"batch\"' $OUT.insert.dat" using 4:xtic(2) title "1 client" lc rgb "#ccbb44", \
     "< grep '^\"clients\"' $OUT.insert.dat" using 4 title "4 clients" lc rgb "#ee6677"
unset multiplot
EOF
rm -f "$OUT.percall.dat" "$OUT.insert.dat"
echo
echo "results: $OUT.md and $OUT.png"
