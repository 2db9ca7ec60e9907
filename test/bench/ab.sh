#!/usr/bin/env bash
# A/B bench of the generators' hot path and of the database lease: the
# library of a base commit (BASE=<commit>) against the working tree, each in
# a scratch cluster of its own that does not preload uuid6 (the library that
# creates a cluster's shared sequences decides their protocol, and a 1.6
# library's fences a 1.5 one out: core/atomic_sequence.hpp), run in turns,
# medians.
#   1. ns per uuid_generate_v7() call (backend CPU time), net of a constant, in 2 databases:
#      "base" (functions from the base library) and "new" (CREATE EXTENSION);
#   2. 4 pgbench clients inserting rows keyed by DEFAULT uuid_generate_v7(),
#      rows/s and WAL bytes/s, and pg_waldump's count of sequence records
#      (the database leases) during the new run;
#   3. the first uuid_generate_v7() call of a new connection less its second
#      call, the library already loaded (LOAD), median of 40;
#   4. AB_BACKENDS (2) backends calling uuid_generate_v7() at once, each
#      AB_CALLS / 5 calls: keys per second of wall time, min/median/max,
#      base and new alternating which goes first.
# Knobs: BASE, AB_CALLS (5,000,000), AB_REPS (15), AB_SECONDS (10), AB_BACKENDS, AB_SKIP_INSERT, PG_CONFIG.
set -euo pipefail
source "$(dirname "$0")/../../scripts/lib.sh"
BASE=${BASE:?BASE=<commit> of the library to compare with}
CALLS=${AB_CALLS:-5000000}
REPS=${AB_REPS:-15}
SECONDS_PER_RUN=${AB_SECONDS:-10}
ensure_build_tools
build_and_install
work=$(mktemp -d)
git -C "$ROOT" archive "$BASE" | tar -x -C "$work"
make -C "$work" -s PG_CONFIG="$PG_CONFIG" >/dev/null
as_root install -m 755 "$work/uuid6.so" "$("$PG_CONFIG" --pkglibdir)/uuid6_ab_base.so"
DIR_BASE=$(cluster_dir ab-base)
DIR_NEW=$(cluster_dir ab-new)
trap 'cluster_stop "$DIR_BASE"; cluster_stop "$DIR_NEW"; rm -rf "$work"' EXIT
for dir in "$DIR_BASE" "$DIR_NEW"; do
  port=5496
  [ "$dir" = "$DIR_NEW" ] && port=5497
  cluster_start "$dir" $port --no-preload "shared_buffers = 128MB" "max_wal_size = 8GB" "checkpoint_timeout = 1h"
done
# Each database in the cluster of its library: ab_base in the base's, the
# others in the working tree's (the database named by -d, the first option).
on() {
  case "$1" in
    ab_base) PGHOST=$DIR_BASE PGPORT=5496 "${@:2}" ;;
    *) PGHOST=$DIR_NEW PGPORT=5497 "${@:2}" ;;
  esac
}
q() { on "$2" psql -X -q -At -v ON_ERROR_STOP=1 "$@"; }
data_of() { if [ "$1" = ab_base ]; then echo "$DIR_BASE/data"; else echo "$DIR_NEW/data"; fi; }
median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
minimum() { sort -g | head -n 1; }
# CPU seconds of the backend (utime + stime from /proc/self/stat, in 10-ms
# ticks) rather than wall time: on a shared machine other processes' load
# then counts much less.
timer='CREATE FUNCTION ab_cpu() RETURNS float8 LANGUAGE sql AS $$
  SELECT (f[12]::bigint + f[13]::bigint) / 100.0
  FROM regexp_split_to_array(split_part(pg_read_file($f$/proc/self/stat$f$), $s$) $s$, 2), $s$ $s$) f $$;
  CREATE FUNCTION ab_seconds(expr text) RETURNS float8 LANGUAGE plpgsql AS $$
  DECLARE started float8 := ab_cpu();
  BEGIN EXECUTE format($q$SELECT count(%s) FROM generate_series(1, '"$CALLS"')$q$, expr);
  RETURN ab_cpu() - started; END $$;
  CREATE FUNCTION ab_first() RETURNS float8 LANGUAGE plpgsql AS $$
  DECLARE t0 timestamptz; t1 timestamptz; t2 timestamptz;
  BEGIN PERFORM 1; t0 := clock_timestamp(); PERFORM uuid_generate_v7(); t1 := clock_timestamp();
  PERFORM uuid_generate_v7(); t2 := clock_timestamp();
  RETURN extract(epoch FROM (t1 - t0) - (t2 - t1)); END $$;
  CREATE TABLE ab_rows (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), payload int);'
on ab_base psql -X -q -d postgres -c 'DROP DATABASE IF EXISTS ab_base' -c 'CREATE DATABASE ab_base'
on ab_new psql -X -q -d postgres -c 'DROP DATABASE IF EXISTS ab_new' -c 'CREATE DATABASE ab_new'
q -d ab_base -c "CREATE FUNCTION uuid_generate_v7() RETURNS uuid AS 'uuid6_ab_base', 'uuid_generate_v7' LANGUAGE C VOLATILE PARALLEL SAFE" -c "$timer"
q -d ab_new -c 'CREATE EXTENSION uuid6' -c "$timer"
declare -A s
for rep in $(seq 1 "$REPS"); do
  order="ab_base ab_new"
  [ $((rep % 2)) = 0 ] && order="ab_new ab_base"
  for db in $order; do
    s[$db.c]+="$(q -d $db -c "SELECT ab_seconds(\$\$'00000000-0000-0000-0000-000000000000'::uuid\$\$)") "
    s[$db.v7]+="$(q -d $db -c "SELECT ab_seconds('uuid_generate_v7()')") "
  done
done
for db in ab_base ab_new; do
  c=$(echo "${s[$db.c]}" | tr ' ' '\n' | grep . | median)
  v=$(echo "${s[$db.v7]}" | tr ' ' '\n' | grep . | median)
  cmin=$(echo "${s[$db.c]}" | tr ' ' '\n' | grep . | minimum)
  vmin=$(echo "${s[$db.v7]}" | tr ' ' '\n' | grep . | minimum)
  echo "$db: uuid_generate_v7() $(awk -v v="$v" -v c="$c" -v n="$CALLS" 'BEGIN {printf "%.1f", (v - c) / n * 1e9}') ns/call net of medians, $(awk -v v="$vmin" -v c="$cmin" -v n="$CALLS" 'BEGIN {printf "%.1f", (v - c) / n * 1e9}') net of minimums ($REPS runs)"
  echo "$db: samples v7: ${s[$db.v7]}"
  echo "$db: samples constant: ${s[$db.c]}"
done
echo 'INSERT INTO ab_rows (payload) SELECT 1 FROM generate_series(1, 10);' >"$work/insert.sql"
for rep in $( [ -n "${AB_SKIP_INSERT:-}" ] || echo 1 2 3); do
  for db in ab_base ab_new; do
    q -d $db -c 'TRUNCATE ab_rows' -c CHECKPOINT
    start=$(q -d $db -c 'SELECT pg_current_wal_lsn()')
    out=$(on $db pgbench -n -c 4 -j 4 -T "$SECONDS_PER_RUN" -f "$work/insert.sql" $db 2>&1)
    end=$(q -d $db -c 'SELECT pg_current_wal_lsn()')
    bytes=$(q -d $db -c "SELECT pg_wal_lsn_diff('$end', '$start')")
    rows=$(q -d $db -c 'SELECT count(*) FROM ab_rows')
    # Toolchains without pg_waldump (pgmatrix's) count no records: "n/a".
    seq=n/a
    [ -x "$PG_BINDIR/pg_waldump" ] &&
      seq=$("$PG_BINDIR/pg_waldump" -p "$(data_of $db)/pg_wal" -s "$start" -e "$end" -r Sequence 2>/dev/null | grep -c 'desc: LOG' || true)
    if [ $db = ab_new ] && [ -x "$PG_BINDIR/pg_waldump" ]; then "$PG_BINDIR/pg_waldump" -p "$(data_of $db)/pg_wal" -s "$start" -e "$end" -r Sequence 2>/dev/null | head -n 1 || true; fi
    echo "$db rep $rep: $(awk -v r="$rows" -v t="$SECONDS_PER_RUN" 'BEGIN {printf "%.0f", r / t}') rows/s, $(awk -v b="$bytes" -v t="$SECONDS_PER_RUN" 'BEGIN {printf "%.0f", b / t}') WAL bytes/s, $seq sequence WAL records ($(awk -v n="$seq" -v t="$SECONDS_PER_RUN" 'BEGIN {if (n == "n/a") print n; else printf "%.2f", n / t}')/s)"
  done
done
for db in ab_base ab_new; do
  firsts=""
  lib=uuid6_ab_base
  [ $db = ab_new ] && lib=uuid6
  for i in $(seq 1 40); do firsts+="$(q -d $db -c "LOAD '$lib'" -c 'SELECT ab_first()') "; done
  echo "$db: first uuid_generate_v7() call of a new connection, less its second: median $(echo "$firsts" | tr ' ' '\n' | grep . | median | awk '{printf "%.1f", $1 * 1e6}') us"
done
# Several backends at once: wall time of AB_BACKENDS concurrent loops.
backends=${AB_BACKENDS:-2}
per=$((CALLS / 5))
declare -A w
for rep in $(seq 1 "$REPS"); do
  order="ab_base ab_new"
  [ $((rep % 2)) = 0 ] && order="ab_new ab_base"
  for db in $order; do
    t0=$(date +%s.%N)
    for b in $(seq 1 "$backends"); do
      q -d $db -c "SELECT count(uuid_generate_v7()) FROM generate_series(1, $per)" >/dev/null &
    done
    wait
    t1=$(date +%s.%N)
    w[$db]+="$(awk -v a="$t0" -v b="$t1" -v n="$((per * backends))" 'BEGIN {printf "%.0f", n / (b - a)}') "
  done
done
for db in ab_base ab_new; do
  v=$(echo "${w[$db]}" | tr ' ' '\n' | grep . | sort -g)
  echo "$db: $backends backends at once: keys/s min $(echo "$v" | head -n 1), median $(echo "$v" | median), max $(echo "$v" | tail -n 1) ($REPS runs)"
done
