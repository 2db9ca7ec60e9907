#!/usr/bin/env bash
# The whole uuid6 test suite, from a fresh Debian 12 machine and a bare clone:
#   installs what is missing, builds (warnings are errors), installs, runs the
#   core unit tests and a fuzz smoke, starts a scratch cluster in build/ with
#   uuid6 preloaded, runs pg_regress, the isolation specs, the trap test
#   (test/traps/run.sh: no SQL body of uuid6 runs code another role planted)
#   and the docs suite (the examples of README.md and docs/*.md, links, anchors,
#   paragraphs, the SQL reference, every message in docs/troubleshooting.md, and
#   test/docs/online.sh: a migration recipe against a table being written to), runs pg_regress and the isolation specs again on a second
#   scratch cluster that does not preload uuid6 (as `make installcheck` runs
#   against a managed server), all of these in the background beside the TAP
#   tests (three at a time), stops the clusters (also on failure), and ends
#   with "N passed, N failed", after the SKIPPED lines of what could not run
#   here and how to get it.
#
#   The TAP tests include a Citus cluster (test/t/013_citus.pl): it runs where
#   Citus is installed for PG_CONFIG's server, which this script builds for
#   PostgreSQL 15 and 18 when ../shared/tools/citus (or CITUS_TOOL) is at hand,
#   and is named under SKIPPED at the end otherwise (under CI=true it fails on
#   15 and 18 instead).
#
#   Then the SQL edition's suite, test/edition/run.sh (pg_tle where it can be had, the plain
#   script, the same outputs as the C library, order proofs, dump/restore, the move between
#   editions); what it cannot run there is named under SKIPPED (under CI=true on 15 and 18,
#   a failure).
#
#   Then the client programs, test/clients/run.sh (Python, Node.js, Ruby and Java drivers and
#   ORMs against both editions; stacks whose packages are missing are named under SKIPPED).
#
#   On Debian's PostgreSQL 15 it also runs scripts/release-test.sh: the
#   README's Install section as written (source, PGXN archive, Debian package,
#   upgrade, uninstall) and META.json against the PGXN spec.
#
#   scripts/test.sh                 everything, against Debian's PostgreSQL 15
#   PG_CONFIG=... scripts/test.sh   against another server build
#   --server-only                   skip the core unit tests, fuzzing, the
#                                   release tests and the client programs
#   CLIENTS=yes                     the client programs even with --server-only
#   FUZZ_SECONDS=N                  fuzzing time (default 60)
#   PROVE_FLAGS=...                 prove's options for the TAP files (default
#                                   -j3: three at a time; PROVE_FLAGS= runs one
#                                   at a time)
#   TAP_FILES="003_crash_restart ..."
#                                   only these TAP files; the others are named
#                                   under SKIPPED with the reason TAP_FILES_WHY
#   TEST_PORT=N, TEST_PORT_NOT_PRELOADED=N
#                                   the scratch clusters' ports (default 5499
#                                   and 5497); EDITION_PORT (three ports from
#                                   it) and CLIENTS_PORT go to the edition's and
#                                   the clients' runners
set -uo pipefail
source "$(dirname "$0")/lib.sh"

server_only=no
[ "${1:-}" = --server-only ] && server_only=yes

t_start=$SECONDS
passed=0
failed=0
failures=()
skips=()  # what did not run here, and why: printed at the end, never counted as passed
record() {  # record SUITE PASSED FAILED
  passed=$((passed + $2))
  failed=$((failed + $3))
  [ "$3" -gt 0 ] && failures+=("$1: $3 failed")
  echo "--- $1: $2 passed, $3 failed (at $((SECONDS - t_start)) s)"
}
count() { grep -cE "$1" "$2" 2>/dev/null || true; }
# record_runner SUITE EXIT_STATUS LOG: the counts of a runner that ends its
# log with "N passed, N failed" (test/edition/run.sh, test/clients/run.sh),
# its SKIPPED lines kept. No closing line, or a failed exit with nothing
# counted as failed, is one failure.
record_runner() {
  local line ok bad
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$3" | tail -n 1)
  ok=${line%% passed*}
  bad=${line#*passed, }
  bad=${bad%% failed*}
  [ -n "$line" ] || { ok=0; bad=1; }
  [ "$2" -ne 0 ] && [ "$bad" -eq 0 ] && bad=1
  while IFS= read -r line; do skips+=("$1: ${line#SKIPPED: }"); done < <(sed -n '/^[0-9]* passed, [0-9]* failed$/q; /^SKIPPED: /p' "$3" | sort -u)
  record "$1" "$ok" "$bad"
  # the first three of its failures by name (a long line cut at 200 characters)
  while IFS= read -r line; do failures+=("$1: ${line:0:200}"); done < <(grep -E '^not ok' "$3" | head -n 3)
}

ensure_build_tools
ensure_packages libipc-run-perl faketime python3
[ $server_only = yes ] || ensure_packages libgtest-dev clang libclang-rt-14-dev \
  pgxnclient debhelper postgresql-server-dev-all zip unzip
build_and_install || {
  echo "build failed"
  echo "0 passed, 1 failed"
  exit 1
}
BUILD=$ROOT/build
mkdir -p "$BUILD"

log "one version number everywhere"
version=$(sed -n "s/^default_version = '\(.*\)'/\1/p" "$ROOT/uuid6.control")
version_bad=0
[ -f "$ROOT/sql/uuid6--$version.sql" ] || { echo "no sql/uuid6--$version.sql"; version_bad=1; }
# Every released version reaches this one by a chain of upgrade scripts.
step=1.0
while [ "$step" != "$version" ]; do
  next=$(ls "$ROOT"/sql/uuid6--"$step"--*.sql 2>/dev/null | sed -n "s|.*/uuid6--$step--\(.*\)\.sql$|\1|p" | head -n 1)
  [ -n "$next" ] || { echo "no upgrade script from $step towards $version"; version_bad=1; break; }
  step=$next
done
grep -q "\"version\": \"$version.0\"" "$ROOT/META.json" || { echo "META.json is not $version.0"; version_bad=1; }
grep -q ".version = \"$version\"" "$ROOT/src/pg/module_magic.c" || { echo "module magic is not $version"; version_bad=1; }
head -n 1 "$ROOT/debian/changelog" | grep -q "^uuid6 ($version\.0-" || { echo "debian/changelog is not $version.0"; version_bad=1; }
grep -q "uuid6-$version\.0\.zip" "$ROOT/README.md" || { echo "README does not install uuid6-$version.0"; version_bad=1; }
# The changelog's first version is this one: "## [Unreleased] — X.Y" while it is being made,
# "## [X.Y] — YYYY-MM-DD" once released; the one before it is dated.
changelog_top=$(grep -m 2 '^## \[' "$ROOT/CHANGELOG.md")
printf '%s\n' "$changelog_top" | head -n 1 | grep -qxE "## \[(Unreleased\] — $version|$version\] — [0-9]{4}-[0-9]{2}-[0-9]{2})" ||
  { echo "CHANGELOG.md's first version is not $version (## [Unreleased] — $version, or dated): $(printf '%s\n' "$changelog_top" | head -n 1)"; version_bad=1; }
printf '%s\n' "$changelog_top" | sed -n 2p | grep -qxE "## \[[0-9]+\.[0-9]+\] — [0-9]{4}-[0-9]{2}-[0-9]{2}" ||
  { echo "CHANGELOG.md's version before $version is not dated: $(printf '%s\n' "$changelog_top" | sed -n 2p)"; version_bad=1; }
echo "uuid6 $version"
record version $((1 - version_bad)) $version_bad

# The core's unit tests and the fuzzer need no server: they run in the background from here on,
# beside the release checks and the server suites (whose time is mostly spent waiting), at a
# lower priority (nice) so that they take the cores those leave idle, and are counted at the end.
# Run in turn they would add over three minutes of one core to the wall-clock time on 2 cores.
core_pid=
if [ $server_only = no ]; then
  log "core unit tests (GoogleTest, ASan, UBSan) and ${FUZZ_SECONDS:-60} s of fuzzing (libFuzzer), in the background"
  rm -f "$BUILD/unit.rc" "$BUILD/fuzz.rc"
  (
    nice -n 10 make -C "$ROOT" -s unit >"$BUILD/unit.log" 2>&1
    echo $? >"$BUILD/unit.rc"
    nice -n 10 make -C "$ROOT" -s fuzz FUZZ_SECONDS="${FUZZ_SECONDS:-60}" >"$BUILD/fuzz.log" 2>&1
    echo $? >"$BUILD/fuzz.rc"
  ) &
  core_pid=$!
fi
stop_job() { [ -z "$1" ] || { pkill -P "$1"; kill "$1"; } 2>/dev/null; }
# Until the full trap below: the background jobs ended on the way out.
trap 'stop_job "$core_pid"; stop_job "${previous_pid:-}"' EXIT
# record_core: waits for the background unit tests and fuzzing, and counts them.
record_core() {
  [ -n "$core_pid" ] || return 0
  log "core unit tests and fuzzing (run in the background)"
  wait "$core_pid"
  core_pid=
  local unit_rc unit_ok unit_bad
  unit_rc=$(cat "$BUILD/unit.rc" 2>/dev/null || echo 1)
  tail -n 3 "$BUILD/unit.log"
  unit_ok=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$BUILD/unit.log")
  unit_bad=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$BUILD/unit.log")
  [ "$unit_rc" -ne 0 ] && [ -z "$unit_bad" ] && { cat "$BUILD/unit.log"; unit_bad=1; }
  record unit "${unit_ok:-0}" "${unit_bad:-0}"
  if [ "$(cat "$BUILD/fuzz.rc" 2>/dev/null || echo 1)" = 0 ]; then
    grep -E "^Done [0-9]+ runs" "$BUILD/fuzz.log"
    record fuzz 1 0
  else
    tail -n 40 "$BUILD/fuzz.log"
    record fuzz 0 1
  fi
}

# The 1.1 and 1.2 libraries, built for this server from their releases, for the test that runs
# them beside this one (018_library_side_by_side.pl): built in the background from here on (at a
# lower priority, beside the release checks; they need only this server's headers), and waited for
# before the TAP files (wait_previous).
PREVIOUS_DIR=$(cluster_dir uuid6-1.1)
PREVIOUS_12_DIR=$(cluster_dir uuid6-1.2)
PREVIOUS_15_DIR=$(cluster_dir uuid6-1.5)
build_previous() {
  rm -rf "${PREVIOUS_DIR:?}"/*
  previous_none=
  # test/compat/heap_datum_check.cpp lets a release library built against a
  # newer minor release's headers load into the server at hand.
  git -C "$ROOT" archive bbaf64e | tar -x -C "$PREVIOUS_DIR" &&
    cp "$ROOT/test/compat/heap_datum_check.cpp" "$PREVIOUS_DIR/src/pg/" &&
    make -C "$PREVIOUS_DIR" -s -j"$(nproc)" PG_CONFIG="$PG_CONFIG" >"$PREVIOUS_DIR/build.log" 2>&1 || {
    echo "could not build the 1.1 library: see $PREVIOUS_DIR/build.log"
    # 1.1 was released before PostgreSQL 19 and does not build there: no 1.1
    # session can ever run beside this library on 19 and later. On an older
    # major a failed build fails the test.
    major=$("$PG_CONFIG" --version | sed 's/^PostgreSQL \([0-9]*\).*/\1/')
    [ "$major" -ge 19 ] &&
      previous_none="uuid6 1.1 does not build against PostgreSQL $major (it predates it), so no 1.1 session can run beside 1.2 there"
  }
  chmod -R a+rX "$PREVIOUS_DIR"
  # The 1.2 library too, from the 1.2 release: it builds on every major this
  # one supports, so a failed build fails the test (it runs without it).
  rm -rf "${PREVIOUS_12_DIR:?}"/*
  git -C "$ROOT" archive c9836ae | tar -x -C "$PREVIOUS_12_DIR" &&
    cp "$ROOT/test/compat/heap_datum_check.cpp" "$PREVIOUS_12_DIR/src/pg/" &&
    make -C "$PREVIOUS_12_DIR" -s -j"$(nproc)" PG_CONFIG="$PG_CONFIG" >"$PREVIOUS_12_DIR/build.log" 2>&1 ||
    echo "could not build the 1.2 library: see $PREVIOUS_12_DIR/build.log"
  chmod -R a+rX "$PREVIOUS_12_DIR"
  # And 1.5's (the last release whose common step only swaps), for 040_library_1_5.pl.
  rm -rf "${PREVIOUS_15_DIR:?}"/*
  git -C "$ROOT" archive 3aba01f | tar -x -C "$PREVIOUS_15_DIR" &&
    make -C "$PREVIOUS_15_DIR" -s -j"$(nproc)" PG_CONFIG="$PG_CONFIG" uuid6.so >"$PREVIOUS_15_DIR/build.log" 2>&1 ||
    echo "could not build the 1.5 library: see $PREVIOUS_15_DIR/build.log"
  chmod -R a+rX "$PREVIOUS_15_DIR"
  printf '%s' "$previous_none" >"$BUILD/previous-none.txt"
}
rm -f "$BUILD/previous-none.txt"
( renice -n 10 -p "$BASHPID" >/dev/null 2>&1; build_previous ) >"$BUILD/previous.log" 2>&1 &
previous_pid=$!
wait_previous() {
  wait "$previous_pid"
  previous_pid=
  cat "$BUILD/previous.log"
  previous_none=$(cat "$BUILD/previous-none.txt" 2>/dev/null)
}

# The release checks replace the uuid6 files of the system's PostgreSQL 15
# (this whole script runs under its lock) and put the source build back: they
# run first, before any suite that uses the installed library starts.
if [ $server_only = no ] && [ "$PG_CONFIG" = /usr/lib/postgresql/15/bin/pg_config ]; then
  log "release: the README's Install section as written, PGXN archive, Debian package"
  UUID6_PG15_LOCKED=1 bash "$ROOT/scripts/release-test.sh" 2>&1 | tee "$BUILD/release.log"
  release_rc=${PIPESTATUS[0]}
  for group in source pgxn deb install tle zip; do
    record "release $group" "$(count "^ok - $group:" "$BUILD/release.log")" \
      "$(count "^not ok - $group:" "$BUILD/release.log")"
  done
  [ "$release_rc" -ne 0 ] && ! grep -q '^not ok' "$BUILD/release.log" && record release 0 1
fi

pg_major=$("$PG_CONFIG" --version | sed 's/^PostgreSQL \([0-9]*\).*/\1/')
# The Citus test (test/t/013_citus.pl) needs Citus in this server; where it
# is missing and the build tool is at hand, Citus is built from its vendored
# source first (once; about 1.5 minutes): Citus 13.2 for PostgreSQL 15, 14.0
# for 18, the majors CI runs the test on. Otherwise the test says SKIPPED, or
# fails under CI=true on those majors.
CITUS_TOOL=${CITUS_TOOL:-$ROOT/../shared/tools/citus}
if [ ! -e "$("$PG_CONFIG" --pkglibdir)/citus.so" ] && [ -f "$CITUS_TOOL" ] && { [ "$pg_major" = 15 ] || [ "$pg_major" = 18 ]; }; then
  log "building Citus into $("$PG_CONFIG" --version) for the Citus test ($CITUS_TOOL)"
  as_root bash "$CITUS_TOOL" "$PG_CONFIG" || record "citus build" 0 1
fi
# Where Citus is still missing, 013_citus.pl skips; the SKIPPED line says how to get it.
citus_missing=
if [ ! -e "$("$PG_CONFIG" --pkglibdir)/citus.so" ]; then
  citus_missing="test/t/013_citus.pl: Citus is not installed for PostgreSQL $pg_major ($("$PG_CONFIG" --pkglibdir)/citus.so), so the Citus cluster test did not run. To run it: install Citus (13.2 for PostgreSQL 15, 14.0 for 18; github.com/citusdata/citus) into this server, or give a script that builds it for a pg_config as CITUS_TOOL"
  if [ "${CI:-}" = true ] && { [ "$pg_major" = 15 ] || [ "$pg_major" = 18 ]; }; then
    record "citus (not skippable in CI on PostgreSQL $pg_major)" 0 1
  fi
fi

# The fault-injection library of the TAP tests (test/fault), beside uuid6. Citus and it are
# installed before the background suites start: the edition's suite copies this installation
# on 15 (test/edition/pg15-tle.sh).
make -C "$ROOT/test/fault" -s clean PG_CONFIG="$PG_CONFIG" >/dev/null
as_root make -C "$ROOT/test/fault" -s install PG_CONFIG="$PG_CONFIG" >/dev/null

# The SQL edition's suite and the client programs run in the background, one after the other
# (both build build/tle/), beside the server suites and the TAP files, which mostly wait; their
# logs are shown and counted after the TAP files (record_beside), as if they had run then.
#
# The SQL edition (build/tle/ from `make tle`: the plain script and the pg_tle extension) on this
# major: test/edition/run.sh, with this server's C library for the comparisons and the move
# between editions. pg_tle needs an installation without uuid6's control file: on 15 a relocated
# copy of Debian's (test/edition/pg15-tle.sh), on 18 /opt/pgmatrix/18-tle (pgmatrix), elsewhere
# /opt/pgmatrix/MAJOR-tle if present; pg_tle is built into it when ../shared/tools/pg_tle is at
# hand. What cannot run there says SKIPPED, and fails under CI=true on 15 and 18.
#
# pg_partman's life cycle on tables keyed by uuid6 keys, both editions (test/partman/run.sh), after
# the edition's suite (both make build/tle/): where pg_partman 5.2 or later is installed for this
# server (.ci/run unpacks Debian's into 17 and 18); SKIPPED otherwise, and a failure under CI=true on
# 17 and 18.
#
# The client programs (test/clients/run.sh): psycopg 3, psycopg2, SQLAlchemy, Django, node-postgres,
# Knex, ActiveRecord and JDBC against both editions on a scratch cluster of this server, and the
# code blocks of docs/clients.md checked against them. Once per run of the whole suite (CI: the
# PostgreSQL 15 leg), not with --server-only unless CLIENTS=yes. A stack whose packages are missing
# is named under SKIPPED; under CI=true the runner installs them (Debian packages, npm ci) and a
# stack that still cannot run fails.
run_clients=no
if [ $server_only = no ] || [ "${CLIENTS:-}" = yes ]; then run_clients=yes; fi
rm -f "$BUILD/edition.log" "$BUILD/edition.rc" "$BUILD/partman.log" "$BUILD/partman.rc" "$BUILD/clients.log" "$BUILD/clients.rc"
(
  C_PG_CONFIG=$PG_CONFIG bash "$ROOT/test/edition/run.sh" "$pg_major" >"$BUILD/edition.log" 2>&1
  echo $? >"$BUILD/edition.rc"
  PG_CONFIG=$PG_CONFIG bash "$ROOT/test/partman/run.sh" "$pg_major" >"$BUILD/partman.log" 2>&1
  echo $? >"$BUILD/partman.rc"
  if [ $run_clients = yes ]; then
    PG_CONFIG=$PG_CONFIG bash "$ROOT/test/clients/run.sh" >"$BUILD/clients.log" 2>&1
    echo $? >"$BUILD/clients.rc"
  fi
) &
beside_pid=$!
log "the SQL edition (test/edition/run.sh $pg_major)$([ $run_clients = no ] || echo ' and the client programs (test/clients/run.sh)') started in the background"
# record_beside: waits for them, shows their logs and counts them (no exit status: a failure).
record_beside() {
  local rc
  log "waiting for the SQL edition's suite$([ $run_clients = no ] || echo ' and the client programs')"
  wait "$beside_pid"
  beside_pid=
  log "the SQL edition (test/edition/run.sh $pg_major)"
  cat "$BUILD/edition.log" 2>/dev/null
  rc=$(cat "$BUILD/edition.rc" 2>/dev/null)
  record_runner edition "${rc:-1}" "$BUILD/edition.log"
  log "pg_partman with uuid6 keys (test/partman/run.sh $pg_major)"
  cat "$BUILD/partman.log" 2>/dev/null
  rc=$(cat "$BUILD/partman.rc" 2>/dev/null)
  record_runner partman "${rc:-1}" "$BUILD/partman.log"
  if [ $run_clients = yes ]; then
    log "client programs (test/clients/run.sh)"
    cat "$BUILD/clients.log" 2>/dev/null
    rc=$(cat "$BUILD/clients.rc" 2>/dev/null)
    record_runner clients "${rc:-1}" "$BUILD/clients.log"
  fi
}

# The server suites (pg_regress, the isolation specs, the trap test, the docs suite; then pg_regress
# and the isolation specs again on a server that does not preload uuid6) run in the background, on
# scratch clusters of their own, beside the TAP files (which mostly wait); their log is shown and
# counted after the TAP files (record_server). Run in turn they added about 90 s per leg.
SERVER_CLUSTER=$(cluster_dir cluster)
SERVER_CLUSTER_NOT_PRELOADED=$(cluster_dir cluster-not-preloaded)
# On the way out: the clusters stopped, background jobs still running ended (by their ids).
server_pid=
trap 'stop_job "$server_pid"; cluster_stop "$SERVER_CLUSTER"; cluster_stop "$SERVER_CLUSTER_NOT_PRELOADED"; stop_job "$core_pid"; stop_job "$previous_pid"; stop_job "$beside_pid"' EXIT
server_suites() {
CLUSTER=$SERVER_CLUSTER
trap 'cluster_stop "$CLUSTER"' EXIT
log "starting a scratch cluster in $CLUSTER"
if ! cluster_start "$CLUSTER" "${TEST_PORT:-5499}"; then
  record "cluster (regress, isolation, traps and docs did not run)" 0 1
else

# run_installcheck SUITE DIFFS MAKE_ARGS...: one PGXS installcheck suite
# against the current scratch cluster, its results counted; DIFFS shown on
# failure.
run_installcheck() {
  local suite=$1 diffs=$2 bad suite_log rc
  shift 2
  suite_log="$BUILD/$(printf '%s' "$suite" | tr -cs 'A-Za-z0-9' '-').log"
  log "$suite"
  make -C "$ROOT" -s installcheck PG_CONFIG="$PG_CONFIG" "$@" >"$suite_log" 2>&1
  rc=$?
  grep -E '(\.\.\.|^ok|^not ok|tests)' "$suite_log"
  bad=$(count '(\.\.\. FAILED|^not ok )' "$suite_log")
  [ "$bad" -gt 0 ] && [ -f "$diffs" ] && head -n 100 "$diffs"
  # A run that failed with no test counted as failed (pg_regress or isolationtester that cannot
  # start) is one failure, its log shown.
  if [ "$rc" -ne 0 ] && [ "$bad" -eq 0 ]; then
    tail -n 20 "$suite_log"
    bad=1
  fi
  record "$suite" "$(count '(\.\.\. ok|^ok )' "$suite_log")" "$bad"
}
run_installcheck regress "$ROOT/regression.diffs" ISOLATION=
run_installcheck isolation "$ROOT/test/isolation/regression.diffs" REGRESS=

log "traps: no SQL body of uuid6 runs another role's code (test/traps/run.sh)"
PSQL="$PG_BINDIR/psql" bash "$ROOT/test/traps/run.sh" c 2>&1 | tee "$BUILD/traps.log"
traps_bad=$(count '^not ok - ' "$BUILD/traps.log")
grep -qE '^[0-9]+ passed, 0 failed$' "$BUILD/traps.log" || [ "$traps_bad" -gt 0 ] || traps_bad=1
record traps "$(count '^ok - ' "$BUILD/traps.log")" "$traps_bad"

log "docs: the examples of README.md and docs/*.md run and print what they show; links, anchors, paragraphs, the reference"
# test/docs/run.sh: each page's ```sql blocks run in order in a database of their own where uuid6
# is installed in public, and every line of its ```text blocks must be in their output (```sql
# citus blocks run on test/t/013_citus.pl's Citus cluster; ```sql app and ```psql blocks are shown,
# not run); scripts/check-docs.pl; the production-safe moves of docs/migrating.md against tables
# another session writes to (test/docs/online.sh).
DOCS_OUT=$BUILD bash "$ROOT/test/docs/run.sh" 2>&1 | tee "$BUILD/docs-run.log"
docs_ok=$(count '^ok - ' "$BUILD/docs-run.log")
docs_bad=$(count '^not ok - ' "$BUILD/docs-run.log")
tail -n 1 "$BUILD/docs-run.log" | grep -qE '^[0-9]+ passed, 0 failed$' || [ "$docs_bad" -gt 0 ] || docs_bad=1
# The benchmark charts the pages show are drawn, by test/bench/chart.py, from the CSV committed
# beside them (test/bench/check-charts.py; python3 is installed above).
python3 "$ROOT/test/bench/check-charts.py" "$ROOT" 2>&1 | tee "$BUILD/docs-charts.log"
docs_ok=$((docs_ok + $(count '^ok - ' "$BUILD/docs-charts.log")))
docs_bad=$((docs_bad + $(count '^not ok - ' "$BUILD/docs-charts.log")))
grep -qE '^[0-9]+ passed, [0-9]+ failed$' "$BUILD/docs-charts.log" || docs_bad=$((docs_bad + 1))
record docs "$docs_ok" "$docs_bad"

cluster_stop "$CLUSTER"
fi

# The same suites on a server that does not preload uuid6: its sequences
# then live in the DSM registry (PostgreSQL 17+) or in the main segment's
# spare space (15/16), and every suite must pass there too.
CLUSTER=$SERVER_CLUSTER_NOT_PRELOADED
log "starting a scratch cluster without uuid6 preloaded in $CLUSTER"
if cluster_start "$CLUSTER" "${TEST_PORT_NOT_PRELOADED:-5497}" --no-preload; then
  run_installcheck "regress (not preloaded)" "$ROOT/regression.diffs" ISOLATION=
  run_installcheck "isolation (not preloaded)" "$ROOT/test/isolation/regression.diffs" REGRESS=
  expected_mode=lazy_shmem
  [ "$("$PG_CONFIG" --version | sed 's/^PostgreSQL \([0-9]*\).*/\1/')" -ge 17 ] && expected_mode=dsm_registry
  mode=$(psql -X -q -At -d postgres -c 'CREATE EXTENSION IF NOT EXISTS uuid6' \
    -c 'SELECT DISTINCT mode FROM uuid6_status()' 2>&1 | tail -n 1)
  echo "mode without preloading: $mode (expected $expected_mode)"
  if [ "$mode" = "$expected_mode" ]; then record "mode (not preloaded)" 1 0; else record "mode (not preloaded)" 0 1; fi
  cluster_stop "$CLUSTER"
else
  record "cluster (not preloaded)" 0 1
fi
echo "server suites: done"
}
rm -f "$BUILD/server.log"
server_suites >"$BUILD/server.log" 2>&1 &
server_pid=$!
log "the server suites (regress, isolation, traps, docs; regress and isolation not preloaded) started in the background"
# record_server: waits for them, shows their log and counts each suite of it (a log that does not
# end as it should: a failure).
record_server() {
  local line
  log "waiting for the server suites"
  wait "$server_pid"
  server_pid=
  log "the server suites (regress, isolation, traps, docs; regress and isolation not preloaded)"
  grep -vE '^--- .*: [0-9]+ passed, [0-9]+ failed \(at [0-9]+ s\)$' "$BUILD/server.log"
  while IFS= read -r line; do
    [[ "$line" =~ ^---\ (.*):\ ([0-9]+)\ passed,\ ([0-9]+)\ failed\ \(at\ [0-9]+\ s\)$ ]] &&
      record "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}" "${BASH_REMATCH[3]}"
  done <"$BUILD/server.log"
  grep -qx 'server suites: done' "$BUILD/server.log" || record "server suites (stopped early)" 0 1
}

log "TAP (PostgreSQL::Test::Cluster)"
wait_previous
# The longest files first (on 2 cores, PostgreSQL 15: each half of 022 about 160 s, 021 95 s, 012
# 80 s, 025 65 s, 001 and 009 55 s), so that those running at once end together; then the rest in
# name order.
tap_files=()
for f in 022_database_lease 023_database_lease_not_preloaded 021_soak 012_durability 031_lease_slow_disk \
  001_concurrency 009_upgrade; do
  [ -f "$ROOT/test/t/$f.pl" ] && tap_files+=("test/t/$f.pl")
done
for f in "$ROOT"/test/t/*.pl; do
  f=test/t/${f##*/}
  [[ " ${tap_files[*]} " == *" $f "* ]] || tap_files+=("$f")
done
# TAP_FILES (space-separated names of test/t files, with or without .pl): only these files; the
# files left out are named under SKIPPED, with the reason TAP_FILES_WHY, so that nothing is left
# out unseen. A name that is no file of test/t, or a list that keeps none, is a failure.
read -r -a wanted <<<"${TAP_FILES:-}"
if [ ${#wanted[@]} -gt 0 ]; then
  chosen=()
  left_out=()
  for i in "${!wanted[@]}"; do
    name=${wanted[$i]##*/}
    wanted[$i]=${name%.pl}
    [ -f "$ROOT/test/t/${wanted[$i]}.pl" ] || { echo "TAP_FILES names ${wanted[$i]}, which is no file of test/t"; record "tap files" 0 1; }
  done
  for f in "${tap_files[@]}"; do
    name=${f#test/t/}
    name=${name%.pl}
    if [[ " ${wanted[*]} " == *" $name "* ]]; then chosen+=("$f"); else left_out+=("$name"); fi
  done
  if [ ${#chosen[@]} -eq 0 ]; then
    echo "TAP_FILES keeps no file of test/t: every file runs"
    record "tap files" 0 1
  else
    [ ${#left_out[@]} -eq 0 ] ||
      skips+=("tap: ${#left_out[@]} files not run here (TAP_FILES): ${left_out[*]}. ${TAP_FILES_WHY:-By request.}")
    tap_files=("${chosen[@]}")
    echo "TAP: ${#tap_files[@]} files of this leg (TAP_FILES), the rest named under SKIPPED"
  fi
fi
TAP_DIR=$(cluster_dir tap)
pgxs_dir=$(dirname "$("$PG_CONFIG" --pgxs)")/..
as_postgres rm -rf "$TAP_DIR/tmp_check"
as_postgres env TESTDIR="$TAP_DIR" TESTDATADIR="$TAP_DIR/tmp_check" TESTLOGDIR="$TAP_DIR/tmp_check/log" \
  UUID6_PREVIOUS_LIBRARY="$PREVIOUS_DIR/uuid6.so" UUID6_PREVIOUS_NONE="$previous_none" \
  UUID6_PREVIOUS_12_LIBRARY="$PREVIOUS_12_DIR/uuid6.so" UUID6_PREVIOUS_15_LIBRARY="$PREVIOUS_15_DIR/uuid6.so" \
  PG_REGRESS="$pgxs_dir/test/regress/pg_regress" \
  PERL5LIB="$pgxs_dir/test/perl:$ROOT/test/perl" \
  bash -c "cd '$ROOT' && prove --timer ${PROVE_FLAGS--j3} ${tap_files[*]}" 2>&1 | tee "$BUILD/tap.log"
tap_ok=$(count '^(\[[0-9:]+\] )?test/t/[^ ]+ \.+ ok' "$BUILD/tap.log")
# A file that skipped is not a pass: it is named at the end, with its reason.
while IFS= read -r line; do
  if [ -n "$citus_missing" ] && [[ "$line" == *013_citus.pl* ]]; then line=$citus_missing; fi
  skips+=("tap: $line")
done < <(grep -E '^(\[[0-9:]+\] )?test/t/[^ ]+ \.+ skipped' "$BUILD/tap.log")
# A part of a file that could not run here says so in a "# PART SKIPPED: ..." line: named at the end too.
# (prove may print it after a file's name on the same line: the message is taken from where it starts)
while IFS= read -r line; do skips+=("tap: ${line#\# PART SKIPPED: }"); done < <(grep -oE '# PART SKIPPED: .*' "$BUILD/tap.log" | sort -u)
tap_bad=$(count '^(\[[0-9:]+\] )?test/t/[^ ]+ \.+ (Dubious|Failed|No subtests)' "$BUILD/tap.log")
# prove's own verdict wins over line counting: a failure it reports counts.
grep -q '^Result: PASS' "$BUILD/tap.log" || [ "$tap_bad" -gt 0 ] || tap_bad=1
if [ "$tap_bad" -gt 0 ]; then
  for f in "$TAP_DIR"/tmp_check/log/regress_log_*; do
    [ -f "$f" ] && { echo "### $f"; tail -n 30 "$f"; }
  done
fi
record tap "$tap_ok" "$tap_bad"
# Each failed file by name (from prove's summary, where the verdict is on the file's own line), with
# the first of its failed tests, so that the last lines of a long run (all that a CI report may
# keep) say which.
while IFS= read -r line; do
  f=$(grep -oE 'test/t/[^ ]+\.pl' <<<"$line")
  first=$(grep -m1 -oE '#   Failed test.*' "$TAP_DIR/tmp_check/log/regress_log_$(basename "$f" .pl)" 2>/dev/null)
  failures+=("tap: $f${first:+ (${first#\#   })}")
done < <(grep -E '^test/t/[^ ]+\.pl +\(Wstat' "$BUILD/tap.log")  # prove's summary report

record_server

record_beside

record_core

echo
[ ${#skips[@]} -gt 0 ] && printf 'SKIPPED: %s\n' "${skips[@]}"
[ ${#failures[@]} -gt 0 ] && printf 'FAILED: %s\n' "${failures[@]}"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
