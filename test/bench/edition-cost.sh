#!/usr/bin/env bash
# make bench-edition-cost: where the SQL edition's v7 DEFAULT spends its time, against
# gen_random_uuid() and the C library, in one run on one server, interleaved, medians.
#
#   1. per transaction: a procedure that calls the expression and COMMITs, N times (no client
#      round trips): nothing, nextval() alone, gen_random_uuid(), the C library's
#      uuid_generate_v7(), the edition's uuid6_sql_draw() (the first draw of a transaction
#      writes the flush record), a setval() of the flush sequence alone, the edition's
#      uuid_generate_v7() once and twice; microseconds per transaction;
#   2. per key: SELECT count(f()) FROM generate_series(1, N), microseconds per call;
#   3. inserts into (id uuid PRIMARY KEY DEFAULT <key>, payload int), 1 and 100 rows per
#      transaction, in a procedure that COMMITs after each: gen_random_uuid(), the C library, the
#      edition, and the edition with its flush record left out (uuid6_sql_draw replaced for the
#      run by one without the setval: not a build anyone should use, only to see what the
#      record costs beside an INSERT's own WAL); microseconds per row, and gen_random_uuid()'s
#      rate over each.
#
# One session: this measures cost, not contention (test/bench/edition.sh has 4 clients). Starts
# its own scratch cluster of PG_CONFIG's server (uuid6's C library installed; fsync off) on port
# 5670. Knobs: BENCH_COST_N (20,000 transactions; 200,000 calls), BENCH_COST_REPS (3).
# Writes test/bench/results/edition-cost-pgMAJOR-DATE.md. Reports; never fails on timings.
set -euo pipefail
source "$(dirname "$0")/../../scripts/lib.sh"

N=${BENCH_COST_N:-20000}
REPS=${BENCH_COST_REPS:-3}
RESULTS=$ROOT/test/bench/results
mkdir -p "$RESULTS"

ensure_build_tools
if [ "${BENCH_COST_NO_INSTALL:-}" != 1 ]; then build_and_install; fi
make -C "$ROOT" -s tle >/dev/null
chmod -R a+rX "$ROOT/build/tle"
DIR=$(cluster_dir bench-edition-cost)
trap 'cluster_stop "$DIR"' EXIT
log "starting a scratch cluster for the bench in $DIR"
cluster_start "$DIR" "${BENCH_COST_PORT:-5670}" "shared_buffers = 128MB" "max_wal_size = 8GB" \
  "checkpoint_timeout = 1h" "fsync = off"
export PGOPTIONS="-c client_min_messages=warning"
PSQL=$(command -v psql)
[ -x "$PG_BINDIR/psql" ] && PSQL=$PG_BINDIR/psql
q() { as_postgres "$PSQL" -X -q -At -v ON_ERROR_STOP=1 -h "$PGHOST" -p "$PGPORT" -U postgres -d postgres "$@"; }
ms() { q -c '\timing on' -c "$1" | sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p' | tail -n 1; }
median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
fmt() { awk -v x="$1" -v d="${2:-2}" 'BEGIN {printf "%.*f", d, x}'; }

q -c 'CREATE EXTENSION uuid6' -c 'CREATE SCHEMA ed'
q -v schema=ed -f "$ROOT/build/tle/uuid6.sql" >/dev/null
MAJOR=$(($(q -c 'SHOW server_version_num') / 10000))
SERVER=$(q -c 'SELECT version()')
CPU=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
STAMP=$(date -u +%Y-%m-%d)
OUT=$RESULTS/edition-cost-pg$MAJOR-$STAMP.md
SEAL='true::ed.uuid6_sql_seal'
DRAW=$(q -c "SELECT pg_get_functiondef('ed.uuid6_sql_draw(integer, ed.uuid6_sql_seal)'::regprocedure)")
# The draw without its flush record (section 3 only; put back after each use).
NO_FLUSH="CREATE OR REPLACE FUNCTION ed.uuid6_sql_draw(generator integer, seal ed.uuid6_sql_seal)
  RETURNS bigint LANGUAGE sql VOLATILE PARALLEL UNSAFE
  RETURN CASE WHEN current_setting('uuid6_sql.tick_logged', true) = 'on'
                THEN nextval(ed.uuid6_sql_sequence(generator, $SEAL))
              WHEN current_setting('transaction_read_only') = 'on'
                THEN ed.uuid6_sql_read_only(generator, $SEAL)
              WHEN set_config('uuid6_sql.tick_logged', 'on', true) = 'on'
                THEN nextval(ed.uuid6_sql_sequence(generator, $SEAL)) END"

# label|statement(s) of one transaction, run by the procedure
tx=(
  "nothing|PERFORM 1"
  "nextval() of the v7 sequence|PERFORM nextval('uuid6_sql_sequences.uuid6_sql_v7')"
  "gen_random_uuid()|PERFORM gen_random_uuid()"
  "C library: uuid_generate_v7()|PERFORM public.uuid_generate_v7()"
  "edition: the first draw (uuid6_sql_draw)|PERFORM ed.uuid6_sql_draw(7, $SEAL)"
  "setval() of the flush sequence alone|PERFORM setval('uuid6_sql_sequences.uuid6_sql_flush', 1, true)"
  "edition: uuid_generate_v7()|PERFORM ed.uuid_generate_v7()"
  "edition: uuid_generate_v7() twice|PERFORM ed.uuid_generate_v7(); PERFORM ed.uuid_generate_v7()"
)
calls=(
  "nothing|g"
  "gen_random_uuid()|gen_random_uuid()"
  "C library: uuid_generate_v7()|public.uuid_generate_v7()"
  "edition: uuid_generate_v7()|ed.uuid_generate_v7()"
  "edition: its key from a tick (uuid6_sql_key_v7, not inlined here)|ed.uuid6_sql_key_v7(nextval('uuid6_sql_sequences.uuid6_sql_v7'), $SEAL)"
)
inserts=(
  "gen_random_uuid()|gen_random_uuid()|"
  "C library: uuid_generate_v7()|public.uuid_generate_v7()|"
  "edition: uuid_generate_v7()|ed.uuid_generate_v7()|"
  "edition without the flush record|ed.uuid_generate_v7()|noflush"
)
i=0
for t in "${tx[@]}"; do
  q -c "CREATE PROCEDURE tx_$i(n int) LANGUAGE plpgsql AS \$\$ BEGIN FOR i IN 1..n LOOP ${t#*|}; COMMIT; END LOOP; END \$\$"
  i=$((i + 1))
done
i=0
for t in "${inserts[@]}"; do
  key=${t#*|}
  key=${key%|*}
  q -c "CREATE TABLE ins_$i (id uuid PRIMARY KEY DEFAULT $key, payload int)" \
    -c "CREATE PROCEDURE ins_$i(n int, rows int) LANGUAGE plpgsql AS \$\$ BEGIN
          FOR i IN 1..n LOOP INSERT INTO ins_$i (payload) SELECT 1 FROM generate_series(1, rows); COMMIT; END LOOP; END \$\$"
  i=$((i + 1))
done
# Warm the plans and sequences.
for i in "${!tx[@]}"; do q -c "CALL tx_$i(100)"; done

W=$DIR/cost
rm -rf "$W" && mkdir -p "$W"
log "per transaction, per key and inserts: $REPS repetitions, interleaved"
for rep in $(seq 1 "$REPS"); do
  for i in "${!tx[@]}"; do
    echo "$(ms "CALL tx_$i($N)")" >>"$W/tx_$i"
  done
  for i in "${!calls[@]}"; do
    echo "$(ms "SELECT count(${calls[$i]#*|}) FROM generate_series(1, $((N * 10))) g")" >>"$W/call_$i"
  done
  for rows in 1 100; do
    n=$((N / rows))
    for i in "${!inserts[@]}"; do
      q -c "TRUNCATE ins_$i"
      [ "${inserts[$i]##*|}" = noflush ] && q -c "$NO_FLUSH"
      echo "$(ms "CALL ins_$i($n, $rows)")" >>"$W/ins_${i}_$rows"
      [ "${inserts[$i]##*|}" = noflush ] && q -c "$DRAW"
    done
  done
done

per() { awk -v t="$1" -v n="$2" 'BEGIN {printf "%.2f", t * 1000 / n}'; }
{
  echo "# Where the SQL edition's v7 key spends its time, PostgreSQL $MAJOR, $STAMP"
  echo
  echo "\`make bench-edition-cost\` (test/bench/edition-cost.sh): one session, server-side loops (no"
  echo "client round trips), $REPS repetitions interleaved, medians. $SERVER; $(nproc) cores ($CPU);"
  echo "fsync off. Cost, not contention: \`make bench-edition\` measures 4 clients."
  echo
  echo "## Per transaction (a procedure: the statement, then COMMIT; $N transactions)"
  echo
  echo "| transaction | µs per transaction |"
  echo "|---|---:|"
  for i in "${!tx[@]}"; do
    echo "| ${tx[$i]%%|*} | $(per "$(median <"$W/tx_$i")" "$N") |"
  done
  echo
  echo "## Per key (\`SELECT count(f()) FROM generate_series(1, $((N * 10)))\`)"
  echo
  echo "| expression | µs per call |"
  echo "|---|---:|"
  for i in "${!calls[@]}"; do
    echo "| ${calls[$i]%%|*} | $(per "$(median <"$W/call_$i")" $((N * 10))) |"
  done
  for rows in 1 100; do
    echo
    echo "## Inserts with a DEFAULT key, $rows row(s) per transaction ($N rows)"
    echo
    echo "| key | µs per row | gen_random_uuid()'s µs per row over this |"
    echo "|---|---:|---:|"
    base=$(median <"$W/ins_0_$rows")
    for i in "${!inserts[@]}"; do
      m=$(median <"$W/ins_${i}_$rows")
      echo "| ${inserts[$i]%%|*} | $(per "$m" "$N") | $(fmt "$(awk -v b="$base" -v m="$m" 'BEGIN {print b / m}')") |"
    done
  done
} >"$OUT"
cat "$OUT"
log "wrote $OUT"
