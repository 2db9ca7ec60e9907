#!/usr/bin/env bash
# The soak test (test/t/021_soak.pl) on its own, for as long as asked:
# clients inserting under faults — crash restarts, immediate stops with the
# clock stepped back, live clock steps, fast restarts, a full and a slow disk
# for the state file — in every mode of the shared state. scripts/test.sh
# runs it briefly with the other TAP tests; `make soak SOAK_S=600` runs it
# for 600 s of load per mode. Builds and installs uuid6 and the fault
# libraries first, as scripts/test.sh does, and prints the figures.
#
#   SOAK_S=N        seconds of load per mode (default 600)
#   SOAK_CLIENTS=N  clients per version (default 2)
#   PG_CONFIG=...   against another server build than Debian's PostgreSQL 15
set -uo pipefail
source "$(dirname "$0")/lib.sh"

ensure_build_tools
ensure_packages libipc-run-perl faketime
build_and_install || exit 1
make -C "$ROOT/test/fault" -s clean PG_CONFIG="$PG_CONFIG" >/dev/null
as_root make -C "$ROOT/test/fault" -s install PG_CONFIG="$PG_CONFIG" >/dev/null || exit 1

log "soak: ${SOAK_S:-600} s of load per mode"
TAP_DIR=$(cluster_dir soak)
pgxs_dir=$(dirname "$("$PG_CONFIG" --pgxs)")/..
as_postgres rm -rf "$TAP_DIR/tmp_check"
as_postgres env TESTDIR="$TAP_DIR" TESTDATADIR="$TAP_DIR/tmp_check" TESTLOGDIR="$TAP_DIR/tmp_check/log" \
  PG_REGRESS="$pgxs_dir/test/regress/pg_regress" \
  PERL5LIB="$pgxs_dir/test/perl:$ROOT/test/perl" \
  UUID6_SOAK_S="${SOAK_S:-600}" UUID6_SOAK_CLIENTS="${SOAK_CLIENTS:-2}" \
  bash -c "cd '$ROOT' && prove test/t/021_soak.pl"
