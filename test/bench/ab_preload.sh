#!/usr/bin/env bash
# A/B of one backend's per-call cost with uuid6 preloaded: the library of a
# base commit (BASE=<commit>) against the working tree's, each in turn
# installed as uuid6.so and preloaded by one scratch cluster restarted
# between rounds, interleaved, medians of backend CPU time. Unlike ab.sh,
# which loads both libraries side by side in one cluster (and so runs them
# on whichever protocol the first one chose), each library here creates
# the shared state itself.
#   ns per call of uuid_generate_v7/v6/v8() net of a constant, one backend.
# Installs into PG_CONFIG's installation, and leaves the working tree's
# library installed. Knobs: BASE, AB_CALLS (5,000,000), AB_REPS (5), PG_CONFIG.
set -euo pipefail
source "$(dirname "$0")/../../scripts/lib.sh"
BASE=${BASE:?BASE=<commit> of the library to compare with}
CALLS=${AB_CALLS:-5000000}
REPS=${AB_REPS:-5}
ensure_build_tools
build_and_install
libdir=$("$PG_CONFIG" --pkglibdir)
work=$(mktemp -d)
cp "$ROOT/uuid6.so" "$work/new.so"
mkdir "$work/base"
git -C "$ROOT" archive "$BASE" | tar -x -C "$work/base"
make -C "$work/base" -s PG_CONFIG="$PG_CONFIG" >/dev/null
cp "$work/base/uuid6.so" "$work/base.so"
DIR=$(cluster_dir ab-preload)
trap 'cluster_stop "$DIR"; as_root install -m 755 "$work/new.so" "$libdir/uuid6.so"; rm -rf "$work"' EXIT
cluster_start "$DIR" 5495 "shared_buffers = 128MB"
q() { psql -X -q -At -v ON_ERROR_STOP=1 "$@"; }
median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
# CPU seconds of the backend (utime + stime, 10-ms ticks): on a shared
# machine other processes' load counts much less than in wall time.
q -d postgres -c 'CREATE EXTENSION uuid6' -c 'CREATE FUNCTION ab_cpu() RETURNS float8 LANGUAGE sql AS $$
  SELECT (f[12]::bigint + f[13]::bigint) / 100.0
  FROM regexp_split_to_array(split_part(pg_read_file($f$/proc/self/stat$f$), $s$) $s$, 2), $s$ $s$) f $$;
  CREATE FUNCTION ab_seconds(expr text) RETURNS float8 LANGUAGE plpgsql AS $$
  DECLARE started float8 := ab_cpu();
  BEGIN EXECUTE format($q$SELECT count(%s) FROM generate_series(1, '"$CALLS"')$q$, expr);
  RETURN ab_cpu() - started; END $$;'
exprs=("'00000000-0000-0000-0000-000000000000'::uuid" "uuid_generate_v7()" "uuid_generate_v6()" "uuid_generate_v8()")
declare -A s
for rep in $(seq 1 "$REPS"); do
  for lib in base new; do
    as_root install -m 755 "$work/$lib.so" "$libdir/uuid6.so"
    as_postgres pg_ctl -D "$DIR/data" -l "$DIR/server.log" -w restart >/dev/null
    for i in "${!exprs[@]}"; do
      s[$lib.$i]+="$(q -d postgres -c "SELECT ab_seconds(\$\$${exprs[$i]}\$\$)") "
    done
  done
  echo "  round $rep of $REPS done"
done
for lib in base new; do
  c=$(echo "${s[$lib.0]}" | tr ' ' '\n' | grep . | median)
  line="$lib ($([ $lib = base ] && echo "$BASE" || echo "working tree")):"
  for i in 1 2 3; do
    v=$(echo "${s[$lib.$i]}" | tr ' ' '\n' | grep . | median)
    line+=" ${exprs[$i]} $(awk -v v="$v" -v c="$c" -v n="$CALLS" 'BEGIN {printf "%.1f", (v - c) / n * 1e9}') ns"
  done
  echo "$line (net of a constant, medians of $REPS x $CALLS calls, backend CPU time)"
  for i in 0 1 2 3; do echo "  samples ${exprs[$i]}: ${s[$lib.$i]}"; done
done
