#!/usr/bin/env bash
# test/edition/run.sh MAJOR — the SQL edition (build/tle/, from `make tle`) against real
# servers of PostgreSQL MAJOR (15 or 18; or PG_CONFIG of any installation that has pg_tle and
# no uuid6 control file, given as TLE_PG_CONFIG):
#
#   tle       pg_tle preloaded; the TLE registered by a role that is not superuser but has
#             pgtle_admin; CREATE EXTENSION uuid6 by a role that only has CREATE on the database
#   regress   the project's regression files that every edition shares (SHARED below), run with
#             pg_regress against a database where the TLE is installed, with the C library's
#             expected output (expected/NAME.out, or expected/edition/NAME.out where the editions
#             must differ)
#   compare   test/edition/compare.sql on the TLE, on the plain script and on the C library (when a
#             server with it is at hand: C_PG_CONFIG): the same output, byte for byte; uuid6.node_id
#             read as PostgreSQL reads an integer setting, every spelling of test/edition/node_id.sql
#             in each edition (the C library's through ALTER SYSTEM)
#   order     8 sessions in parallel, no duplicate; keys handed out in turn by different sessions
#             strictly rising; the server's clock stepped back an hour (libfaketime); a restart with
#             the clock an hour behind; a read-only transaction's ERROR; the generated keys'
#             layout rebuilt from their ticks, with and without uuid6.node_id, and no v8 read as a
#             spread key, spread keys rebuilt from their ticks and buckets (layout.sql); spread
#             keys from 8 sessions, each in its own process id's bucket and rising, the sessions in
#             more than one bucket; another role holding every lock it can take near uuid6's
#             objects (1.4's advisory keys in every mode, its relations by OID), on a fresh
#             install and a busy one: keys keep coming, rising, within a millisecond of the
#             clock, nothing counted; the lift's functions called by hand count nothing; a role naming uuid6's sequences in CREATE RULE, CREATE TRIGGER, COMMENT
#             ON ... while a transaction that drew keys stays open: refused at once, nothing
#             queued, keys keep coming (queue_test; on the plain script too); keys returned before a crash (fsync on, synchronous_commit on) never
#             handed out again, with the sequences ahead of the clock and with the lift's lock
#             held after the restart
#   dump      pg_dump / pg_restore of a database using the TLE, new keys above the restored ones
#   plain     the plain script into a schema, by a role that is not superuser, on a server
#             without pg_tle; run again over itself; the static check of the bodies
#             (scripts/check-bodies.pl); an operator planted in public before the install (CREATE
#             then revoked) bound into nothing; an edition bound to another role's operator
#             refused at install (scripts/tle-bound.sql); the update from 1.3 under clients that
#             draw two versions in one statement; the update refused past another session's
#             temporary view, naming its owner
#   move      on the C library's server (C_PG_CONFIG): a database on the plain edition moved to
#             the C library and back, each in one transaction (test/edition/move.sql)
#   safety    on pg_tle and with the plain script: the installers refuse a schema others can
#             create in, objects of uuid6's names others own, and "@" in names
#             (test/edition/installers.sh); the trap test (test/traps/run.sh); a backfilled v8
#             never reads as a spread key
#
# Installations: MAJOR 15 makes /opt/pg15-tle (or PG15_TLE) with test/edition/pg15-tle.sh; 18 uses
# /opt/pgmatrix/18-tle (made with ../shared/tools/pgmatrix when missing); pg_tle is built into
# either with ../shared/tools/pg_tle. C_PG_CONFIG: an installation where uuid6's C library is
# installed (scripts/test.sh passes its own). DUMP_BINDIR (or UUID6_DUMP_BINDIR): pg_dump and
# pg_restore of this major or later, where the installation has none. EDITION_PORT: the first of
# three ports (default 5658 for 18, 5664 for 15).
#
# Whatever cannot run is named on a "SKIPPED:" line, and fails the run when CI=true. Ends with
# "N passed, N failed"; exits non-zero on failure.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/../../scripts/lib.sh"
TOOLS=${TOOLS:-$ROOT/../shared/tools}
MAJOR=${1:?usage: test/edition/run.sh MAJOR}
EDITION_VERSION=$(sed -n "s/^default_version = '\(.*\)'/\1/p" "$ROOT/uuid6.control")
SHARED="codec ulid base32hex typeid minmax tagged draft_v7 compat generators facade_bytea core_names indexes partitioning"

passed=0
failed=0
failures=()
skips=()
check() {  # check NAME GOT WANT
  if [ "$2" = "$3" ]; then ok "$1"; else not_ok "$1" "got: $2
want: $3"; fi
}
skip() {
  skips+=("$1")
  echo "SKIPPED: $1"
  if [ "${strict:-no}" = yes ]; then not_ok "not skippable in CI on PostgreSQL $MAJOR: $1"; fi
}
finish() {
  local rc=$?
  [ $rc -ne 0 ] && [ "$failed" -eq 0 ] && not_ok "test/edition/run.sh stopped early (exit $rc)"
  [ -n "${TLE_DIR:-}" ] && cluster_stop "$TLE_DIR" 2>/dev/null
  [ -n "${PLAIN_DIR:-}" ] && cluster_stop "$PLAIN_DIR" 2>/dev/null
  [ -n "${C_DIR:-}" ] && { PG_BINDIR=$C_BINDIR cluster_stop "$C_DIR" 2>/dev/null; }
  echo
  [ ${#skips[@]} -gt 0 ] && printf 'SKIPPED: %s\n' "${skips[@]}"
  [ ${#failures[@]} -gt 0 ] && printf 'FAILED: %s\n' "${failures[@]}"
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit $?
}
trap finish EXIT
t0=$(date +%s)
section() { printf '\n==> %s (%ss)\n' "$*" $(($(date +%s) - t0)); }

# --- the installations ---------------------------------------------------------------------
# tle_prefix PREFIX: a PostgreSQL $MAJOR without uuid6 in PREFIX, for pg_tle. pgmatrix downloads
# it (three tries, its messages shown when one fails: a mirror between syncs answers 404 for a
# while); where every try fails and this leg's own pgmatrix installation of $MAJOR is at hand, a
# copy of that one with uuid6's files taken out (the same build; only the shim and env.sh name the
# prefix), made beside PREFIX and moved into place only when whole.
tle_prefix() {
  local prefix=$1 try log own
  log=$(mktemp)
  for try in 1 2 3; do
    # without this leg's LD_LIBRARY_PATH: the server's own libraries (its liblzma) are older than
    # the ones the system's dpkg-deb needs
    if as_root env -u LD_LIBRARY_PATH bash "$TOOLS/pgmatrix" "$MAJOR" "$prefix" >"$log" 2>&1; then
      rm -f "$log"
      return 0
    fi
    echo "# pgmatrix $MAJOR $prefix, try $try of 3, failed:"; sed 's/^/#   /' "$log" | tail -n 15
    [ "$try" -lt 3 ] && sleep $((try * 10))
  done
  rm -f "$log"
  as_root rm -rf "$prefix"
  own=$(dirname "$(dirname "$(readlink -f "${C_PG_CONFIG:-$(command -v pg_config)}")")")
  if [ -x "$own/bin/postgres" ] && [ -f "$own/env.sh" ] && [ "$own" != "$prefix" ] &&
    [[ "$("$own/bin/pg_config" --version)" == "PostgreSQL $MAJOR."* ]]; then
    echo "# $prefix: a copy of $own without uuid6's files"
    as_root rm -rf "$prefix.part"
    if as_root cp -a "$own" "$prefix.part" &&
      as_root sed -i "s|$own|$prefix|g" "$prefix.part/bin/pg_config" "$prefix.part/env.sh" &&
      as_root find "$prefix.part" -name 'uuid6*' -prune -exec rm -rf {} + &&
      as_root mv "$prefix.part" "$prefix"; then
      return 0
    fi
    as_root rm -rf "$prefix.part"
  fi
  return 1
}

# pg_tle is tested on every major where an installation for it is at hand (15: made here from
# Debian's; 18: made with pgmatrix; others: /opt/pgmatrix/MAJOR-tle if someone made it). Where
# there is none, the plain script still runs, on the C library's installation.
case "$MAJOR" in
  15)
    if [ -z "${TLE_PG_CONFIG:-}" ]; then
      as_root bash "$HERE/pg15-tle.sh" "${PG15_TLE:-/opt/pg15-tle}"
      case $? in
        0) TLE_PG_CONFIG=${PG15_TLE:-/opt/pg15-tle}/usr/lib/postgresql/15/bin/pg_config ;;
        3) ;;  # no pg_tle to be had here (a clone without ../shared): said below, as a skip
        *) not_ok "PostgreSQL 15 with pg_tle (test/edition/pg15-tle.sh)"; exit 1 ;;
      esac
    fi
    PORT=${EDITION_PORT:-5664} ;;
  *)
    if [ -z "${TLE_PG_CONFIG:-}" ]; then
      prefix=/opt/pgmatrix/$MAJOR-tle
      if [ ! -x "$prefix/bin/pg_config" ] && [ "$MAJOR" = 18 ] && [ -f "$TOOLS/pgmatrix" ]; then
        tle_prefix "$prefix"
      fi
      [ -x "$prefix/bin/pg_config" ] && TLE_PG_CONFIG=$prefix/bin/pg_config
    fi
    PORT=${EDITION_PORT:-5658} ;;
esac
# CI must run everything on 15 and 18; elsewhere a skip is named, not failed.
strict=no
[ "${CI:-}" = true ] && { [ "$MAJOR" = 15 ] || [ "$MAJOR" = 18 ]; } && strict=yes
have_tle=no
if [ -n "${TLE_PG_CONFIG:-}" ]; then
  TLE_BINDIR=$("$TLE_PG_CONFIG" --bindir)
  if [ -e "$("$TLE_PG_CONFIG" --sharedir)/extension/uuid6.control" ]; then
    not_ok "$TLE_PG_CONFIG has uuid6's control file: pg_tle would refuse the name there"
    exit 1
  fi
  if [ ! -f "$("$TLE_PG_CONFIG" --pkglibdir)/pg_tle.so" ] && [ -f "$TOOLS/pg_tle" ] && [ "$MAJOR" -le 18 ]; then
    section "building pg_tle into $TLE_PG_CONFIG"
    as_root bash "$TOOLS/pg_tle" "$TLE_PG_CONFIG" || not_ok "pg_tle build"
  fi
  if [ -f "$("$TLE_PG_CONFIG" --pkglibdir)/pg_tle.so" ]; then
    have_tle=yes
  else
    skip "PostgreSQL $MAJOR: pg_tle is not installed and cannot be built here ($TOOLS/pg_tle): the pg_tle edition did not run"
  fi
else
  if [ "$MAJOR" = 15 ]; then
    skip "PostgreSQL 15: no pg_tle here, so the pg_tle edition, order and dump tests did not run (the plain script did). To run them: install pg_tle 1.5 (github.com/aws/pg_tle) into a PostgreSQL 15 that has no uuid6 files and give its pg_config as TLE_PG_CONFIG, or give a script that builds pg_tle for a pg_config as PG_TLE_TOOL (test/edition/pg15-tle.sh then makes such a copy of Debian's PostgreSQL 15 in /opt/pg15-tle)"
  else
    skip "PostgreSQL $MAJOR: no installation without uuid6 for pg_tle (/opt/pgmatrix/$MAJOR-tle; ../shared/tools/pgmatrix $MAJOR /opt/pgmatrix/$MAJOR-tle makes one): the pg_tle edition, order and dump tests did not run"
  fi
  if [ -n "${C_PG_CONFIG:-}" ]; then
    TLE_BINDIR=$("$C_PG_CONFIG" --bindir)
  else
    exit 0
  fi
fi
PG_BINDIR=$TLE_BINDIR
# The installation's own psql, pg_dump and pgbench where it has them; the system's otherwise.
SYS_BIN=/usr/lib/postgresql/15/bin
tool() {
  local t=$1
  for d in "$TLE_BINDIR" ${DUMP_BINDIR:-${UUID6_DUMP_BINDIR:-}} /opt/pgmatrix/19/bin "$SYS_BIN"; do
    [ -x "$d/$t" ] && { echo "$d/$t"; return; }
  done
  command -v "$t"
}
PSQL=$(tool psql)
PGBENCH=$(tool pgbench)
faketime_lib=$(ls /usr/lib/*/faketime/libfaketime.so.1 2>/dev/null | head -n 1)

section "make tle"
make -C "$ROOT" -s tle >/dev/null || { not_ok "make tle"; exit 1; }
TLE=$ROOT/build/tle
for f in uuid6.sql uuid6-pgtle.sql dbdev/uuid6.control; do
  [ -f "$TLE/$f" ] || { not_ok "make tle wrote build/tle/$f"; exit 1; }
done
chmod -R a+rX "$ROOT/build/tle"
W=$(cluster_dir "edition-$MAJOR")
rm -rf "${W:?}/work" && mkdir -p "$W/work" && chmod 777 "$W/work"

# q DIR PORT DB [USER] -- psql args: one psql, stops at the first error, unaligned output.
q() {
  local dir=$1 port=$2 db=$3 user=${4:-postgres}
  shift 4
  as_postgres "$PSQL" -X -q -At -v ON_ERROR_STOP=1 -h "$dir" -p "$port" -U "$user" -d "$db" "$@"
}

# --- updates: the releases of the edition ----------------------------------------------------
# Each earlier release of the edition (VERSION:RELEASE_COMMIT below), built by that commit's own
# scripts/tle.sh from `git archive COMMIT`. An installation of each, with DEFAULTs on its
# generators, keys and grants, is updated by the role that installed it through the committed
# updates (sql/edition/update/), then described (test/edition/describe.sql) and compared with a
# fresh install, object by object. The tests run on the plain script's server (section f) and,
# where pg_tle is, on its server (the end).
EDITION_RELEASES="1.3:9bf83c5 1.4:4328dba 1.5:3aba01f"
section "the releases of the edition, built for the updates"
RELEASES=()
for entry in $EDITION_RELEASES; do
  v=${entry%%:*}
  ref=${entry#*:}
  d=$W/work/release-$v
  mkdir -p "$d"
  # (From 1.5 on, tle.sh copies test/edition/detach.sql into what it builds.)
  if git -C "$ROOT" archive "$ref" scripts sql/edition uuid6.control \
       $(git -C "$ROOT" ls-tree --name-only "$ref" test/edition/detach.sql) | tar -x -C "$d" &&
     TLE_RELEASES='' bash "$d/scripts/tle.sh" "$d/tle" >"$d/build.log" 2>&1; then
    RELEASES+=("$v")
  else
    not_ok "the edition $v built from git archive $ref (a clone with the release commits)" "$(tail -n 5 "$d/build.log" 2>/dev/null)"
  fi
done
# Every release the updates start from is tested.
check "the updates in sql/edition/update start from the releases tested here" \
  "$(cd "$ROOT/sql/edition/update" && ls uuid6--*--*.sql | sed 's/^uuid6--\([0-9.]*\)--.*/\1/' | sort -u | paste -s -d' ' -)" \
  "$(for entry in $EDITION_RELEASES; do printf '%s\n' "${entry%%:*}"; done | paste -s -d' ' -)"
chmod -R a+rX "$W/work"

# upd_q KIND DB USER ARGS...: psql on the pg_tle server (KIND tle) or the plain script's (plain).
upd_q() { local kind=$1; shift; if [ "$kind" = tle ]; then T "$@"; else P "$@"; fi; }
upd_owner() { if [ "$1" = tle ]; then echo edition_app; else echo edition_owner; fi; }
upd_reader() { if [ "$1" = tle ]; then echo edition_reader; else echo edition_user; fi; }
# upd_install KIND BUILD DB: a new database DB with the edition of BUILD in schema ids,
# installed by the owner role (pg_tle: registered by a role with pgtle_admin, created by one
# with CREATE on the database).
upd_install() {
  local kind=$1 build=$2 db=$3 owner
  owner=$(upd_owner "$kind")
  upd_q "$kind" postgres postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" >/dev/null &&
    upd_q "$kind" "$db" postgres -c "GRANT CREATE ON DATABASE $db TO $owner" >/dev/null || return 1
  if [ "$kind" = tle ]; then
    upd_q tle "$db" postgres -c "CREATE EXTENSION pg_tle" -c "GRANT pgtle_admin TO edition_tle_admin" >/dev/null 2>&1 &&
      upd_q tle "$db" edition_tle_admin -f "$build/uuid6-pgtle.sql" >/dev/null &&
      upd_q tle "$db" "$owner" -c "CREATE SCHEMA ids" -c "CREATE EXTENSION uuid6 SCHEMA ids" >/dev/null
  else
    upd_q plain "$db" "$owner" -v schema=ids -f "$build/uuid6.sql" >/dev/null
  fi
}
# upd_update KIND BUILD DB [USER]: BUILD over the installation in DB, run by USER (default: the
# owner). pg_tle: its installer by the role with pgtle_admin, then ALTER EXTENSION uuid6 UPDATE.
upd_update() {
  local kind=$1 build=$2 db=$3 user=${4:-$(upd_owner "$1")}
  if [ "$kind" = tle ]; then
    upd_q tle "$db" edition_tle_admin -f "$build/uuid6-pgtle.sql" 2>&1 &&
      upd_q tle "$db" "$user" -c "ALTER EXTENSION uuid6 UPDATE" 2>&1
  else
    upd_q plain "$db" "$user" -v schema=ids -f "$build/uuid6.sql" 2>&1
  fi
}
upd_version() {  # the extension's version (or plain) and the one uuid6_sql_edition_version() says
  upd_q "$1" "$2" postgres -c "SELECT coalesce((SELECT extversion FROM pg_extension WHERE extname = 'uuid6'), 'plain') || ' '
    || coalesce((SELECT pg_get_function_sqlbody(p.oid) FROM pg_proc p WHERE p.oid = to_regprocedure('ids.uuid6_sql_edition_version()')), 'none')"
}
# upd_compare LABEL KIND UPDATED FRESH: every object in schema ids of UPDATED as in FRESH.
upd_compare() {
  local label=$1 kind=$2 updated=$3 fresh=$4 n
  upd_q "$kind" "$updated" postgres -v schema=ids -f "$HERE/describe.sql" >"$W/work/describe-$updated.txt" 2>&1
  upd_q "$kind" "$fresh" postgres -v schema=ids -f "$HERE/describe.sql" >"$W/work/describe-$fresh.txt" 2>&1
  n=$(cut -d'|' -f1 "$W/work/describe-$fresh.txt" | sort -u | grep -c '^\(function\|sequence\) ')
  if [ "$n" -lt 5 ]; then
    not_ok "$label: describe.sql describes the fresh install" "$(head -n 20 "$W/work/describe-$fresh.txt")"
  elif diff -u "$W/work/describe-$fresh.txt" "$W/work/describe-$updated.txt" >"$W/work/describe-$updated.diff"; then
    ok "$label: every object equals a fresh install's ($n functions and sequences: definitions, volatility, strictness, parallel, security, SET options, owner, privileges, comments, sequences' properties)"
  else
    not_ok "$label: every object equals a fresh install's" "$(head -n 40 "$W/work/describe-$updated.diff")"
  fi
}
# upd_refused LABEL KIND BUILD DB USER PATTERN: BUILD's update over DB by USER fails with an
# ERROR matching PATTERN, and leaves every object of schema ids as it was.
upd_refused() {
  local label=$1 kind=$2 build=$3 db=$4 user=$5 pattern=$6 before after out
  before=$(upd_q "$kind" "$db" postgres -v schema=ids -f "$HERE/describe.sql" 2>&1)
  out=$(upd_update "$kind" "$build" "$db" "$user")
  after=$(upd_q "$kind" "$db" postgres -v schema=ids -f "$HERE/describe.sql" 2>&1)
  if grep -qE "ERROR:  $pattern" <<<"$out" && [ "$before" = "$after" ]; then
    ok "$label ($(grep -oE "ERROR:  $pattern" <<<"$out" | head -n 1 | cut -c 9-)), nothing changed"
  else
    not_ok "$label, nothing changed" "$(tail -n 8 <<<"$out")
$(diff <(echo "$before") <(echo "$after") | head -n 10)"
  fi
}

# queue_test LABEL DIR PORT DB SCHEMA ROLE: no lock on uuid6's sequences that ROLE, an
# application role with USAGE on the edition's SCHEMA and no other privilege, can make others
# wait for. nextval() and setval() take RowExclusiveLock; CREATE RULE, CREATE TRIGGER, COMMENT
# ON and others look a relation up by name and queue for their stronger lock before they check
# ownership, and every draw of every other session then queues behind them. A session holds a
# transaction open that drew a key of every generator (a lock on each tick sequence and the
# flush sequence); ROLE runs each statement below on each of uuid6's sequences, named as the
# superuser finds them, each in its own transaction with a statement_timeout of 2 s (the bound
# of a statement that queued); meanwhile a third session makes keys of every generator, one
# statement each, with a statement_timeout of 1 s (a draw that waited behind a queued statement
# would end there), and a fourth watches pg_locks
# for a lock request not granted. Every statement must be refused at once with 42501
# (permission denied for the schema of the sequences, before any lock), the keys must keep
# coming, and no request may wait.
queue_test() {
  local label=$1 dir=$2 port=$3 db=$4 schema=$5 role=$6 seqs=() stmts=() seq holder_pid keys_pid watch_pid n out
  mapfile -t seqs < <(q "$dir" "$port" "$db" postgres -c "SELECT format('%I.%I', n.nspname, c.relname)
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('S', 'r') AND c.relname ~ '^uuid6_sql_' AND n.nspname IN ('$schema', 'uuid6_sql_sequences') ORDER BY 1")
  if [ ${#seqs[@]} -lt 10 ]; then
    not_ok "$label: uuid6's sequences found" "${seqs[*]}"
    return
  fi
  for seq in "${seqs[@]}"; do
    stmts+=("CREATE RULE uuid6_intruder AS ON INSERT TO $seq DO INSTEAD NOTHING"
            "CREATE TRIGGER uuid6_intruder BEFORE INSERT ON $seq FOR EACH ROW EXECUTE FUNCTION suppress_redundant_updates_trigger()"
            "COMMENT ON SEQUENCE $seq IS 'x'" "LOCK TABLE $seq IN ACCESS EXCLUSIVE MODE; SELECT 1" "ALTER SEQUENCE $seq RESTART"
            "ALTER TABLE $seq RENAME TO uuid6_intruder" "ALTER TABLE $seq OWNER TO $role" "DROP SEQUENCE $seq"
            "TRUNCATE $seq" "CREATE INDEX ON $seq (last_value)" "GRANT SELECT ON $seq TO PUBLIC"
            "SELECT * FROM $seq FOR UPDATE" "SELECT nextval('$seq')")
  done
  local gen="$schema.uuid_generate_v6(), $schema.uuid_generate_v7(), $schema.uuid_generate_v8(),
             $schema.uuid_generate_v7_draft('ms'), $schema.uuid_generate_v7_draft('us'), $schema.uuid_generate_v7_draft('ns')"
  as_postgres env PGAPPNAME=uuid6_holder "$PSQL" -X -q -h "$dir" -p "$port" -U postgres -d "$db" \
    -c "BEGIN" -c "SELECT $gen" -c "SELECT pg_sleep(120)" >/dev/null 2>&1 &
  holder_pid=$!
  for _ in $(seq 1 100); do
    [ "$(q "$dir" "$port" "$db" postgres -c "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'uuid6_holder' AND wait_event = 'PgSleep'")" = 1 ] && break
    sleep 0.1
  done
  as_postgres "$PSQL" -X -q -At -h "$dir" -p "$port" -U postgres -d "$db" -c "
    DO \$\$ DECLARE m bigint := 0; BEGIN
      FOR i IN 1..200 LOOP
        m := greatest(m, (SELECT count(*) FROM pg_locks l WHERE NOT l.granted AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())));
        PERFORM pg_sleep(0.01);
      END LOOP;
      RAISE WARNING 'uuid6-waiting %', m;
    END \$\$" >"$W/work/queue-watch-$db.log" 2>&1 &
  watch_pid=$!
  local key_args=(-c "SET statement_timeout = '1s'" -c "CREATE TEMP TABLE k AS SELECT 0 AS i WHERE false") i
  for i in $(seq 1 60); do key_args+=(-c "SELECT pg_sleep(0.02)" -c "INSERT INTO k SELECT $i FROM (SELECT $gen) s"); done
  as_postgres "$PSQL" -X -q -At -v ON_ERROR_STOP=1 -h "$dir" -p "$port" -U postgres -d "$db" "${key_args[@]}" \
    -c "SELECT count(*) FROM k" >"$W/work/queue-keys-$db.log" 2>&1 &
  keys_pid=$!
  sleep 0.2
  local args=(-c "SET statement_timeout = '2s'")
  for stmt in "${stmts[@]}"; do args+=(-c "$stmt"); done
  out=$(as_postgres "$PSQL" -X -q -At -v VERBOSITY=verbose -h "$dir" -p "$port" -U "$role" -d "$db" "${args[@]}" 2>&1)
  n=$(grep -c '^ERROR:  42501: permission denied for schema uuid6_sql_sequences$' <<<"$out")
  check "$label: $role (USAGE on $schema, no other privilege) names each of uuid6's ${#seqs[@]} sequences and the lift's table in CREATE RULE, CREATE TRIGGER, COMMENT ON, LOCK TABLE, ALTER, DROP, TRUNCATE, CREATE INDEX, GRANT, SELECT FOR UPDATE, nextval by name, while a transaction that drew keys stays open: each refused at once (42501 for the schema, no statement_timeout of 2 s)" \
    "$n of ${#stmts[@]} refused" "${#stmts[@]} of ${#stmts[@]} refused"
  [ "$n" = "${#stmts[@]}" ] || grep -v '^ERROR:  42501: permission denied for schema uuid6_sql_sequences$' <<<"$out" | sort | uniq -c | sort -rn | head -n 5 | sed 's/^/#   /'
  wait "$keys_pid" "$watch_pid"
  check "$label: meanwhile another session made 60 keys of each of the 6 generators, one statement a key of each, none waiting past its statement_timeout of 1 s, and no lock request in the database waited (pg_locks, every 10 ms)" \
    "$(grep -v '^$' "$W/work/queue-keys-$db.log"; grep -o 'uuid6-waiting [0-9]*' "$W/work/queue-watch-$db.log")" "60
uuid6-waiting 0"
  q "$dir" "$port" "$db" postgres -c "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'uuid6_holder'" >/dev/null
  wait "$holder_pid" 2>/dev/null
}

# stall_test LABEL DIR PORT DB SCHEMA ROLE: a client of ROLE (USAGE on SCHEMA, no other
# privilege) that asks for every debug line while it makes v7 keys, and stops reading
# (test/edition/stall.py, 40 rounds of reading a little and stopping again). No round finds the
# lift's row held (a lift that sends a debug line while it holds the row blocks there, and every
# other session's key time stops), and another session's key, made 0.3 s into each round, lies
# less than 100 ms behind the clock.
stall_test() {
  local label=$1 out last
  out=$(as_postgres python3 "$HERE/stall.py" "$2" "$3" "$4" "$6" "$5" 40 2>&1)
  last=$(tail -n 1 <<<"$out")
  check "$label: $6 asks for every debug line, makes keys and stops reading its socket (40 rounds): the lift's row never held meanwhile, another session's keys less than 100 ms behind the clock ($last)" \
    "$(awk '/^rounds / { print ($6 == 0 && $8 < 100) ? "held never, lag bounded" : "held " $6 ", lag " $8 " ms" }' <<<"$last")" \
    "held never, lag bounded"
  [ "$(awk '/^rounds / { print $6 }' <<<"$last")" = 0 ] || grep -E 'held|^stall' <<<"$out" | head -n 5 | sed 's/^/#   /'
}

# update_under_load_test KIND FROM: four pgbench clients draw v6, v7 and v8 keys in one statement,
# one transaction after another, while the update from release FROM to this version runs (three
# times from 1.5, once from the others, each in a database of its own). A statement that runs the earlier bodies when the update
# commits may call any helper they name: an update that dropped one would fail it (42883), so the
# clients must end without an error. From 1.5 this is asserted. From 1.3 and 1.4 the chain goes
# through the released updates to 1.5, which replaced every helper's signature (1.5's seal) and,
# from 1.3, moved the sequences the 1.3 bodies name: what the clients meet there is reported, not
# asserted (docs/sql-edition.md, "Updating").
update_under_load_test() {
  local kind=$1 from=$2 i db out aborted=0 runs=0 detail='' owner tries=1
  owner=$(upd_owner "$kind")
  [ "$from" = 1.5 ] && tries=3
  printf '%s\n' 'SELECT ids.uuid_generate_v6()::text || ids.uuid_generate_v7()::text || ids.uuid_generate_v8()::text;' \
    >"$W/work/load.sql"
  chmod a+r "$W/work/load.sql"
  for i in $(seq 1 $tries); do
    db=edition_load_${kind}_${from//./_}_$i
    if ! upd_install "$kind" "$W/work/release-$from/tle" "$db" ||
       ! upd_q "$kind" "$db" "$owner" -c "GRANT USAGE ON SCHEMA ids TO PUBLIC" >/dev/null; then
      not_ok "update $kind $from -> $EDITION_VERSION under load: $from installed"
      return
    fi
    if [ "$kind" = tle ]; then
      as_postgres "$PGBENCH" -n -h "$TLE_DIR" -p "$PORT" -U postgres -c 4 -j 4 -T 5 -f "$W/work/load.sql" "$db" >"$W/work/$db.bench" 2>&1 &
    else
      as_postgres "$PGBENCH" -n -h "$PLAIN_DIR" -p $((PORT + 1)) -U postgres -c 4 -j 4 -T 5 -f "$W/work/load.sql" "$db" >"$W/work/$db.bench" 2>&1 &
    fi
    local bench=$!
    sleep 1.5
    out=$(upd_update "$kind" "$TLE" "$db")
    [ "$(upd_q "$kind" "$db" postgres -c "SELECT ids.uuid6_sql_edition_version()")" = "$EDITION_VERSION" ] ||
      detail+="update $i did not complete: $(grep -m 1 ERROR <<<"$out"); "
    wait "$bench"
    runs=$((runs + 1))
    local n
    n=$(grep -c 'aborted in command' "$W/work/$db.bench")
    aborted=$((aborted + n))
    [ "$n" = 0 ] || detail+="run $i: $(grep -m 1 -o 'ERROR: .*' "$W/work/$db.bench"); "
  done
  if [ "$from" = 1.5 ]; then
    check "update $kind $from -> $EDITION_VERSION while 4 clients draw v6, v7 and v8 (3 runs): no client fails ${detail:+($detail)}" \
      "$aborted clients aborted" "0 clients aborted"
  else
    echo "# update $kind $from -> $EDITION_VERSION while 4 clients draw v6, v7 and v8: $aborted of $((runs * 4)) clients aborted in $runs runs ${detail:+($detail)}(a known limit of the released updates to 1.5)"
  fi
}

# update_release_test KIND FROM: the edition of release FROM, with keys ahead of the clock in
# a table whose DEFAULTs are its generators and a grant of uuid6_advance, updated to this one.
update_release_test() {
  local kind=$1 from=$2 db=edition_upd_${1}_${2//./_} fresh=edition_fresh_$1 owner reader out
  local label="update $kind $from -> $EDITION_VERSION"
  owner=$(upd_owner "$kind")
  reader=$(upd_reader "$kind")
  if ! upd_install "$kind" "$W/work/release-$from/tle" "$db" ||
     ! upd_q "$kind" "$db" "$owner" -c "CREATE SCHEMA app" \
       -c "CREATE TABLE app.item (n bigserial PRIMARY KEY, phase text NOT NULL,
             v6 uuid NOT NULL DEFAULT ids.uuid_generate_v6(), v7 uuid NOT NULL DEFAULT ids.uuid_generate_v7(),
             v8 uuid NOT NULL DEFAULT ids.uuid_generate_v8(), draft uuid NOT NULL DEFAULT ids.uuid_generate_v7_draft('us'))" \
       -c "INSERT INTO app.item (phase) SELECT 'before' FROM generate_series(1, 200)" \
       -c "SELECT ids.uuid6_advance(ids.uuid_generate_v6(clock_timestamp() + interval '1 minute')),
                  ids.uuid6_advance(ids.uuid_generate_v7(clock_timestamp() + interval '1 minute')),
                  ids.uuid6_advance(ids.uuid_generate_v8(clock_timestamp() + interval '1 minute'))" \
       -c "INSERT INTO app.item (phase) SELECT 'before' FROM generate_series(1, 100)" \
       -c "GRANT USAGE ON SCHEMA ids TO $reader" -c "GRANT EXECUTE ON FUNCTION ids.uuid6_advance(uuid) TO $reader" \
       -c "CREATE TABLE app.seen AS SELECT 'before'::text AS step, c.relname::text AS sequence, pg_sequence_last_value(c.oid) AS value
           FROM pg_class c WHERE c.relnamespace IN ('ids'::regnamespace, to_regnamespace('uuid6_sql_sequences')) AND c.relkind = 'S'" \
       -c "CREATE TABLE app.defaults AS SELECT 'before'::text AS step, a.adnum, pg_get_expr(a.adbin, a.adrelid) AS expr,
             (SELECT string_agg(d.refobjid::text, ' ' ORDER BY d.refobjid) FROM pg_depend d
              WHERE d.classid = 'pg_attrdef'::regclass AND d.objid = a.oid AND d.refclassid = 'pg_proc'::regclass) AS functions
           FROM pg_attrdef a WHERE a.adrelid = 'app.item'::regclass" >"$W/work/$db.log" 2>&1; then
    not_ok "$label: $from installed, with keys, DEFAULTs and grants" "$(tail -n 10 "$W/work/$db.log")"
    return
  fi
  upd_refused "$label: refused to a superuser (the functions would get two owners)" "$kind" "$TLE" "$db" postgres \
    'uuid6[: ].*'
  out=$(upd_update "$kind" "$TLE" "$db")
  if [ $? -ne 0 ]; then
    not_ok "$label by $owner, the role that installed it" "$(tail -n 10 <<<"$out")"
    return
  fi
  if [ "$kind" = tle ]; then
    ok "$label: ALTER EXTENSION uuid6 UPDATE by $owner, the role that created it, after the installer by a role with pgtle_admin"
    local step steps_got='' steps_want=''
    for step in $(T "$db" postgres -c "SELECT replace(path, '--', ' ') FROM pgtle.extension_update_paths('uuid6')
                                        WHERE source = '$from' AND target = '$EDITION_VERSION'"); do
      if [ -n "${prev:-}" ]; then
        steps_got+="$prev--$step $(T "$db" postgres -c "SELECT md5(btrim(pgtle.\"uuid6--$prev--$step.sql\"(), E'\\n'))") "
        steps_want+="$prev--$step $(printf '%s' "$(cat "$TLE/dbdev/uuid6--$prev--$step.sql")" | md5sum | cut -d' ' -f1) "
      fi
      prev=$step
    done
    unset prev
    check "$label: the updates pg_tle ran are those of build/tle/dbdev, step by step" "$steps_got" "$steps_want"
    [ -n "$steps_want" ] || not_ok "$label: pg_tle has a path from $from to $EDITION_VERSION"
  else
    check "$label: the plain script by $owner finds $from and updates" \
      "$(grep '^uuid6: updating' <<<"$out")" "uuid6: updating the SQL edition in schema ids from $from to $EDITION_VERSION"
  fi
  check "$label: the version installed" "$(upd_version "$kind" "$db")" \
    "$([ "$kind" = tle ] && echo "$EDITION_VERSION" || echo plain) RETURN '$EDITION_VERSION'::text"
  upd_q "$kind" "$db" "$owner" \
    -c "INSERT INTO app.seen SELECT 'after', c.relname::text, pg_sequence_last_value(c.oid) FROM pg_class c
        WHERE c.relnamespace IN ('ids'::regnamespace, to_regnamespace('uuid6_sql_sequences')) AND c.relkind = 'S'" \
    -c "INSERT INTO app.defaults SELECT 'after', a.adnum, pg_get_expr(a.adbin, a.adrelid),
          (SELECT string_agg(d.refobjid::text, ' ' ORDER BY d.refobjid) FROM pg_depend d
           WHERE d.classid = 'pg_attrdef'::regclass AND d.objid = a.oid AND d.refclassid = 'pg_proc'::regclass)
        FROM pg_attrdef a WHERE a.adrelid = 'app.item'::regclass" \
    -c "INSERT INTO app.item (phase) SELECT 'after' FROM generate_series(1, 200)" >/dev/null
  check "$label: the sequences kept their values (those of v6, v7 and v8 at least), every DEFAULT its expression and its functions (same OIDs)" \
    "$(upd_q "$kind" "$db" "$owner" \
        -c "SELECT count(*) FILTER (WHERE a.value IS DISTINCT FROM b.value), count(*) FILTER (WHERE b.sequence IN ('uuid6_sql_v6', 'uuid6_sql_v7', 'uuid6_sql_v8')) = 3
            FROM app.seen b JOIN app.seen a ON a.step = 'after' AND a.sequence = b.sequence WHERE b.step = 'before'" \
        -c "SELECT count(*) FILTER (WHERE a.expr IS DISTINCT FROM b.expr OR a.functions IS DISTINCT FROM b.functions), count(*)
            FROM app.defaults b LEFT JOIN app.defaults a ON a.step = 'after' AND a.adnum = b.adnum WHERE b.step = 'before'")" \
    "0|t
0|5"
  check "$label: every key made by a DEFAULT after the update above every key made before (v6, v7, v8, draft; the sequences ahead of the clock)" \
    "$(upd_q "$kind" "$db" "$owner" -c "
        SELECT count(*) FILTER (WHERE a.v6 <= (SELECT v6 FROM app.item WHERE phase = 'before' ORDER BY v6 DESC LIMIT 1)
                                   OR a.v7 <= (SELECT v7 FROM app.item WHERE phase = 'before' ORDER BY v7 DESC LIMIT 1)
                                   OR a.v8 <= (SELECT v8 FROM app.item WHERE phase = 'before' ORDER BY v8 DESC LIMIT 1)
                                   OR a.draft <= (SELECT draft FROM app.item WHERE phase = 'before' ORDER BY draft DESC LIMIT 1)),
               count(*), (SELECT ids.uuid_extract_time(v7) > clock_timestamp() + interval '30 seconds' FROM app.item WHERE phase = 'before' ORDER BY v7 DESC LIMIT 1)
        FROM app.item a WHERE a.phase = 'after'")" "0|200|t"
  check "$label: the grants made after the install kept" \
    "$(upd_q "$kind" "$db" postgres -c "SELECT has_function_privilege('$reader', 'ids.uuid6_advance(uuid)', 'EXECUTE'), has_schema_privilege('$reader', 'ids', 'USAGE')")" \
    "t|t"
  if upd_install "$kind" "$TLE" "$fresh" &&
     upd_q "$kind" "$fresh" "$owner" -c "GRANT USAGE ON SCHEMA ids TO $reader" -c "GRANT EXECUTE ON FUNCTION ids.uuid6_advance(uuid) TO $reader" >/dev/null; then
    upd_compare "$label" "$kind" "$db" "$fresh"
  else
    not_ok "$label: a fresh install of $EDITION_VERSION to compare with"
  fi
  # Run again over itself: nothing changes.
  out=$(upd_update "$kind" "$TLE" "$db") || not_ok "$label: the installer run again" "$(tail -n 10 <<<"$out")"
  upd_compare "$label, the installer run again" "$kind" "$db" "$fresh"
}

# --- updates from 1.3, which move the sequences into schema uuid6_sql_sequences ---------------
# update_open_transaction_test KIND: an installation of 1.3 (table app.k, DEFAULTs on its
# generators) where a session (the holder) drew keys in a transaction that stays open (until
# the test opens app.gate). The update must not wait for that transaction (moving a sequence
# waits for every transaction that drew from it, and every draw after it would queue behind
# the move): refused within 5 s (the holder holds for 20 s at least) with 55P03 and its hint,
# nothing changed. While the update runs, a third session makes keys of every generator, one
# row a statement, each under a statement_timeout of 1 s (a draw queued behind the move would
# end there), noting whether the update's transaction was open then (pg_stat_activity). Once
# the holder commits, the update succeeds, and every key made after it is above every key made
# before (the holder's and the third session's included).
update_open_transaction_test() {
  local kind=$1 db=edition_upd_open_$1 owner dir port before out rc ms i holder_pid keys_pid upd_pid
  local label="update $kind 1.3 -> $EDITION_VERSION behind an open transaction"
  [ -f "$W/work/release-1.3/tle/uuid6.sql" ] || { not_ok "$label: release 1.3 built"; return; }
  owner=$(upd_owner "$kind")
  if [ "$kind" = tle ]; then dir=$TLE_DIR port=$PORT; else dir=$PLAIN_DIR port=$((PORT + 1)); fi
  if ! upd_install "$kind" "$W/work/release-1.3/tle" "$db" ||
     ! upd_q "$kind" "$db" "$owner" -c "CREATE SCHEMA app" \
       -c "CREATE TABLE app.k (n bigserial PRIMARY KEY, phase text NOT NULL, during_update boolean,
             v6 uuid NOT NULL DEFAULT ids.uuid_generate_v6(), v7 uuid NOT NULL DEFAULT ids.uuid_generate_v7(),
             v8 uuid NOT NULL DEFAULT ids.uuid_generate_v8(), draft uuid NOT NULL DEFAULT ids.uuid_generate_v7_draft('us'))" \
       -c "CREATE TABLE app.gate AS SELECT false AS open" \
       -c "INSERT INTO app.k (phase) SELECT 'before' FROM generate_series(1, 100)" >"$W/work/$db.log" 2>&1; then
    not_ok "$label: 1.3 installed, with keys" "$(tail -n 10 "$W/work/$db.log")"
    return
  fi
  if [ "$kind" = tle ] && ! upd_q tle "$db" edition_tle_admin -f "$TLE/uuid6-pgtle.sql" >>"$W/work/$db.log" 2>&1; then
    not_ok "$label: $EDITION_VERSION registered with pg_tle" "$(tail -n 10 "$W/work/$db.log")"
    return
  fi
  before=$(upd_version "$kind" "$db"; upd_q "$kind" "$db" postgres -v schema=ids -f "$HERE/describe.sql" 2>&1 | md5sum)
  as_postgres env PGAPPNAME=uuid6_open_holder "$PSQL" -X -q -h "$dir" -p "$port" -U postgres -d "$db" \
    -c "BEGIN" -c "INSERT INTO app.k (phase) VALUES ('holder')" \
    -c "DO \$\$ BEGIN FOR i IN 1..1200 LOOP EXIT WHEN (SELECT open FROM app.gate); PERFORM pg_sleep(0.1); END LOOP; END \$\$" \
    -c "COMMIT" >"$W/work/$db-holder.log" 2>&1 &
  holder_pid=$!
  for _ in $(seq 1 100); do
    [ "$(q "$dir" "$port" "$db" postgres -c "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'uuid6_open_holder' AND wait_event = 'PgSleep'")" = 1 ] && break
    sleep 0.1
  done
  local key_args=(-c "SET statement_timeout = '1s'")
  for i in $(seq 1 60); do
    key_args+=(-c "SELECT pg_sleep(0.02)"
               -c "INSERT INTO app.k (phase, during_update) SELECT 'during', EXISTS (SELECT FROM pg_stat_activity WHERE application_name = 'uuid6_update' AND xact_start IS NOT NULL)")
  done
  as_postgres "$PSQL" -X -q -At -v ON_ERROR_STOP=1 -h "$dir" -p "$port" -U postgres -d "$db" "${key_args[@]}" \
    -c "SELECT count(*), count(*) FILTER (WHERE during_update) > 0 FROM app.k WHERE phase = 'during'" >"$W/work/$db-keys.log" 2>&1 &
  keys_pid=$!
  sleep 0.2
  (
    s=$(date +%s%N)
    if [ "$kind" = tle ]; then
      as_postgres env PGAPPNAME=uuid6_update "$PSQL" -X -q -At -v ON_ERROR_STOP=1 -v VERBOSITY=verbose -h "$dir" -p "$port" -U "$owner" -d "$db" \
        -c "ALTER EXTENSION uuid6 UPDATE" >"$W/work/$db-update.log" 2>&1
    else
      as_postgres env PGAPPNAME=uuid6_update "$PSQL" -X -q -At -v ON_ERROR_STOP=1 -v VERBOSITY=verbose -h "$dir" -p "$port" -U "$owner" -d "$db" \
        -v schema=ids -f "$TLE/uuid6.sql" >"$W/work/$db-update.log" 2>&1
    fi
    rc=$?
    echo "$rc $(( ($(date +%s%N) - s) / 1000000 ))" >"$W/work/$db-update.rc"
  ) &
  upd_pid=$!
  wait "$keys_pid"
  # At most 20 s for the update; then the holder lets go all the same (an update that waits
  # for it then ends too).
  for _ in $(seq 1 200); do kill -0 "$upd_pid" 2>/dev/null || break; sleep 0.1; done
  q "$dir" "$port" "$db" postgres -c "UPDATE app.gate SET open = true" >/dev/null
  wait "$upd_pid"
  wait "$holder_pid"
  read -r rc ms <"$W/work/$db-update.rc"
  out=$(cat "$W/work/$db-update.log")
  check "$label: refused within 5 s (lock_timeout), 55P03 with its hint, nothing changed (version, test/edition/describe.sql)" \
    "$([ "$rc" != 0 ] && echo refused || echo "rc $rc"), $([ "$ms" -lt 5000 ] && echo 'within 5 s' || echo "after $ms ms")
$(grep -oE 'ERROR:  55P03: uuid6 cannot be updated from 1\.3 to [0-9.]+ now: sequence [a-z0-9_.]+ is in use by open transactions' <<<"$out" | sed 's/sequence [a-z0-9_.]*/sequence S/')
$(grep -c '^HINT:  End the open transactions that made keys' <<<"$out")
$(upd_version "$kind" "$db"; upd_q "$kind" "$db" postgres -v schema=ids -f "$HERE/describe.sql" 2>&1 | md5sum)" \
    "refused, within 5 s
ERROR:  55P03: uuid6 cannot be updated from 1.3 to 1.5 now: sequence S is in use by open transactions
1
$before"
  grep -q 'ERROR:  55P03' <<<"$out" || tail -n 5 <<<"$out" | sed 's/^/#   /'
  check "$label: meanwhile another session made 60 keys of every generator, one statement each under a statement_timeout of 1 s, some while the update's transaction was open; the holder committed" \
    "$(grep -v '^$' "$W/work/$db-keys.log")
$(grep -c . "$W/work/$db-holder.log") $(upd_q "$kind" "$db" postgres -c "SELECT count(*) FROM app.k WHERE phase = 'holder'")" "60|t
0 1"
  out=$(upd_update "$kind" "$TLE" "$db")
  if [ $? -ne 0 ]; then
    not_ok "$label: the update once the holder committed" "$(tail -n 10 <<<"$out")"
    return
  fi
  upd_q "$kind" "$db" "$owner" -c "INSERT INTO app.k (phase) SELECT 'after' FROM generate_series(1, 100)" >/dev/null
  check "$label: once the holder committed, the update succeeds; every key after it above every key before (v6, v7, v8, draft; the holder's and the other session's included)" \
    "$(upd_version "$kind" "$db")
$(upd_q "$kind" "$db" "$owner" -c "
        SELECT count(*) FILTER (WHERE a.v6 <= (SELECT max(v6::text) FROM app.k WHERE phase <> 'after')::uuid
                                   OR a.v7 <= (SELECT max(v7::text) FROM app.k WHERE phase <> 'after')::uuid
                                   OR a.v8 <= (SELECT max(v8::text) FROM app.k WHERE phase <> 'after')::uuid
                                   OR a.draft <= (SELECT max(draft::text) FROM app.k WHERE phase <> 'after')::uuid),
               count(*), (SELECT count(*) FROM app.k WHERE phase <> 'after')
        FROM app.k a WHERE a.phase = 'after'")" \
    "$([ "$kind" = tle ] && echo "$EDITION_VERSION" || echo plain) RETURN '$EDITION_VERSION'::text
0|100|161"
}

# two_plain_installs_test: the plain script of 1.3 installed twice in one database, in schemas
# a and b (each with its own sequences), b's an hour ahead of the clock (uuid6_advance for v6,
# v7 and v8; setval for the draft's microsecond sequence, once drawn). 1.4 keeps one set of sequences per
# database: a's update moves a's into uuid6_sql_sequences, b's merges b's into them (the shared
# one set to b's value where that is greater, never lowered) and drops b's, which nothing else
# uses. Both updates succeed, b's without a warning; afterwards keys of a and b, made in turn,
# rise together and are above every key made before in either schema; no sequence of uuid6 is
# left in a or b.
two_plain_installs_test() {
  local db=edition_two_plain label="two plain 1.3 installations in one database (a, then b an hour ahead)" s out
  [ -f "$W/work/release-1.3/tle/uuid6.sql" ] || { not_ok "$label: release 1.3 built"; return; }
  mk() {  # mk STEP: one row of keys from a, then b, twice
    local k
    for k in a b a b; do
      P "$db" edition_owner -c "INSERT INTO app.keys (step, s, v6, v7, v8, draft)
        SELECT '$1', '$k', $k.uuid_generate_v6(), $k.uuid_generate_v7(), $k.uuid_generate_v8(), $k.uuid_generate_v7_draft('us')" >/dev/null
    done
  }
  if ! P postgres postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" >/dev/null ||
     ! P "$db" postgres -c "GRANT CREATE ON DATABASE $db TO edition_owner" >/dev/null ||
     ! P "$db" edition_owner -c "CREATE SCHEMA a" -c "CREATE SCHEMA b" -c "CREATE SCHEMA app" \
         -c "CREATE TABLE app.keys (n bigserial PRIMARY KEY, step text, s text, v6 uuid, v7 uuid, v8 uuid, draft uuid)" >/dev/null ||
     ! P "$db" edition_owner -v schema=a -f "$W/work/release-1.3/tle/uuid6.sql" >"$W/work/$db.log" 2>&1 ||
     ! P "$db" edition_owner -v schema=b -f "$W/work/release-1.3/tle/uuid6.sql" >>"$W/work/$db.log" 2>&1 ||
     ! P "$db" edition_owner \
         -c "SELECT b.uuid6_advance(b.uuid_generate_v6(clock_timestamp() + interval '1 hour')),
                    b.uuid6_advance(b.uuid_generate_v7(clock_timestamp() + interval '1 hour')),
                    b.uuid6_advance(b.uuid_generate_v8(clock_timestamp() + interval '1 hour'))" \
         -c "SELECT b.uuid_generate_v7_draft('us')" \
         -c "SELECT setval('b.uuid6_sql_draft_us', nextval('b.uuid6_sql_draft_us') + 3600000000::bigint * 1024)" >>"$W/work/$db.log" 2>&1; then
    not_ok "$label: 1.3 installed in a and b, b's sequences ahead" "$(tail -n 10 "$W/work/$db.log")"
    return
  fi
  mk before
  # (The draft's keys carry seconds and a fraction, which uuid_extract_time does not read: its
  # sequences, in microseconds times 1024, are compared instead.)
  check "$label: before, b's keys of v6, v7 and v8 about an hour ahead of a's, and b's draft sequence" \
    "$(P "$db" edition_owner -c "
        SELECT count(*) FILTER (WHERE tb - ta BETWEEN interval '50 minutes' AND interval '70 minutes'), count(*)
        FROM (SELECT g, max(t) FILTER (WHERE s = 'a') AS ta, max(t) FILTER (WHERE s = 'b') AS tb
              FROM app.keys, LATERAL (VALUES ('v6', a.uuid_extract_time(v6)), ('v7', a.uuid_extract_time(v7)),
                                             ('v8', a.uuid_extract_time(v8))) x(g, t)
              GROUP BY g) y" \
        -c "SELECT (pg_sequence_last_value('b.uuid6_sql_draft_us') - pg_sequence_last_value('a.uuid6_sql_draft_us')) / 1024000000 BETWEEN 3000 AND 4200")" "3|3
t"
  for s in a b; do
    out=$(P "$db" edition_owner -v schema=$s -f "$TLE/uuid6.sql" 2>&1)
    check "$label: the update of $s succeeds, without a warning" \
      "$(grep -E '^uuid6: updating|WARNING|ERROR' <<<"$out")" "uuid6: updating the SQL edition in schema $s from 1.3 to $EDITION_VERSION"
  done
  mk after
  mk after
  check "$label: after both updates, keys of a and b made in turn rise together, every one above every key made before in either (v6, v7, v8, draft)" \
    "$(P "$db" edition_owner -c "
        SELECT count(*) FILTER (WHERE v6 <= p6 OR v7 <= p7 OR v8 <= p8 OR draft <= pd), count(*), count(DISTINCT s)
        FROM (SELECT step, s, v6, v7, v8, draft,
                     max(v6::text) OVER w::uuid AS p6, max(v7::text) OVER w::uuid AS p7,
                     max(v8::text) OVER w::uuid AS p8, max(draft::text) OVER w::uuid AS pd
              FROM app.keys WINDOW w AS (ORDER BY n ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)) k
        WHERE step = 'after'")" "0|8|2"
  check "$label: no sequence of uuid6 left in a or b; the shared ones in uuid6_sql_sequences" \
    "$(P "$db" postgres -c "SELECT count(*) FILTER (WHERE n.nspname IN ('a', 'b')), count(*) FILTER (WHERE n.nspname = 'uuid6_sql_sequences') >= 6
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind = 'S' AND c.relname LIKE 'uuid6\_sql\_%'")" "0|t"
}

# --- a. pg_tle: registration by pgtle_admin, CREATE EXTENSION by a plain role ---------------
if [ $have_tle = yes ]; then
  section "PostgreSQL $MAJOR with pg_tle: registration and CREATE EXTENSION without superuser"
  PG_BINDIR=$TLE_BINDIR
  TLE_DIR=$(cluster_dir "edition-$MAJOR-tle")
  export PGTZ=UTC
  cluster_start "$TLE_DIR" "$PORT" --no-preload "shared_preload_libraries = 'pg_tle'" "max_connections = 40" ||
    { not_ok "start a server with pg_tle"; exit 1; }
  T() { q "$TLE_DIR" "$PORT" "$@"; }
  T postgres postgres -c "CREATE ROLE edition_tle_admin LOGIN" -c "CREATE ROLE edition_app LOGIN" \
    -c "CREATE DATABASE edition_app" -c "GRANT CREATE ON DATABASE edition_app TO edition_app" >/dev/null
  T edition_app postgres -c "CREATE EXTENSION pg_tle" -c "GRANT pgtle_admin TO edition_tle_admin" >/dev/null
  check "the registering role is not superuser and has pgtle_admin" \
    "$(T edition_app edition_tle_admin -c "SELECT rolsuper, pg_has_role('pgtle_admin', 'MEMBER') FROM pg_roles WHERE rolname = current_user")" "f|t"
  # A role without pgtle_admin cannot register it.
  if T edition_app edition_app -f "$TLE/uuid6-pgtle.sql" >"$W/work/register-app.log" 2>&1; then
    not_ok "a role without pgtle_admin is refused" "$(cat "$W/work/register-app.log")"
  else
    ok "a role without pgtle_admin is refused ($(grep -o 'permission denied[^"]*' "$W/work/register-app.log" | head -n 1))"
  fi
  if T edition_app edition_tle_admin -f "$TLE/uuid6-pgtle.sql" >"$W/work/register.log" 2>&1; then
    ok "uuid6-pgtle.sql registers uuid6 as a role with pgtle_admin"
  else
    not_ok "uuid6-pgtle.sql registers uuid6 as a role with pgtle_admin" "$(cat "$W/work/register.log")"
  fi
  check "registered: uuid6 $EDITION_VERSION among pg_tle's extensions" \
    "$(T edition_app edition_app -c "SELECT name || ' ' || default_version FROM pgtle.available_extensions() WHERE name = 'uuid6'")" "uuid6 $EDITION_VERSION"
  if T edition_app edition_app -c "CREATE SCHEMA ids" -c "CREATE EXTENSION uuid6 SCHEMA ids" >"$W/work/create.log" 2>&1; then
    ok "CREATE EXTENSION uuid6 by a role with only CREATE on the database"
  else
    not_ok "CREATE EXTENSION uuid6 by a role with only CREATE on the database" "$(cat "$W/work/create.log")"
  fi
  check "the extension: version, schema, owner; the creating role is not superuser" \
    "$(T edition_app edition_app -c "SELECT extversion, extnamespace::regnamespace, extowner::regrole, (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) FROM pg_extension WHERE extname = 'uuid6'")" \
    "$EDITION_VERSION|ids|edition_app|f"
  check "the extension works for its creator and for another role" \
    "$(T edition_app edition_app -c "SELECT (ids.uuid_inspect(ids.uuid_generate_v7())).version" ;
       T edition_app postgres -c "CREATE ROLE edition_reader LOGIN" -c "GRANT USAGE ON SCHEMA ids TO edition_reader" >/dev/null;
       T edition_app edition_reader -c "SELECT (ids.uuid_inspect(ids.uuid_generate_v6())).version")" "7
6"
  T edition_app edition_app -c "ALTER EXTENSION uuid6 UPDATE" >/dev/null 2>&1 &&
    ok "ALTER EXTENSION uuid6 UPDATE by the same role" || not_ok "ALTER EXTENSION uuid6 UPDATE by the same role"

  # --- b. the shared regression files ------------------------------------------------------
  section "the shared regression files against the pg_tle edition"
  T postgres postgres -c "CREATE DATABASE edition_regress" >/dev/null
  for s in "lc_messages TO 'C'" "lc_monetary TO 'C'" "lc_numeric TO 'C'" "lc_time TO 'C'" \
           "bytea_output TO 'hex'" "timezone_abbreviations TO 'Default'"; do
    T postgres postgres -c "ALTER DATABASE edition_regress SET $s" >/dev/null
  done
  T edition_regress postgres -c "CREATE EXTENSION pg_tle" >/dev/null
  T edition_regress edition_tle_admin -f "$TLE/uuid6-pgtle.sql" >/dev/null 2>&1
  T edition_regress postgres -c "CREATE EXTENSION uuid6" >/dev/null
  R=$W/work/regress
  mkdir -p "$R/sql" "$R/expected"
  for t in $SHARED; do
    cp "$ROOT/sql/$t.sql" "$R/sql/"
    if [ -f "$ROOT/expected/edition/$t.out" ]; then cp "$ROOT/expected/edition/$t.out" "$R/expected/"; else cp "$ROOT/expected/$t.out" "$R/expected/"; fi
  done
  chmod -R a+rwX "$R"
  pgxs_dir=$(dirname "$("$TLE_PG_CONFIG" --pgxs)")/..
  # shellcheck disable=SC2086
  as_postgres "$pgxs_dir/test/regress/pg_regress" --use-existing --dbname=edition_regress \
    --host="$TLE_DIR" --port="$PORT" --user=postgres --bindir="$(dirname "$PSQL")" \
    --inputdir="$R" --outputdir="$R" $SHARED >"$W/work/regress.log" 2>&1
  cat "$W/work/regress.log" | grep -E '^(ok|not ok|test |.*\.\.\. )' | sed 's/^/    /'
  for t in $SHARED; do
    verdict=$(grep -E "( |^)$t( |$)" "$W/work/regress.log")
    if grep -qE '(FAILED|not ok)' <<<"$verdict"; then
      not_ok "regress $t against the pg_tle edition" "$(sed -n "/\/$t.out/,/^diff /p" "$R/regression.diffs" 2>/dev/null | head -n 60)"
    elif grep -qE '(\.\.\. ok|^ok)' <<<"$verdict"; then
      ok "regress $t against the pg_tle edition"
    else
      not_ok "regress $t against the pg_tle edition (did not run)" "$(tail -n 20 "$W/work/regress.log")"
    fi
  done
fi

# --- safety: the installers refuse to share, and no body runs another role's code ---------------
# edition_suite MODE DIR PORT SCRIPT: a suite of its own (test/edition/installers.sh,
# test/traps/run.sh) against the server in DIR, its ok / not ok lines counted here.
edition_suite() {
  local mode=$1 dir=$2 port=$3 script=$4 log="$W/work/$(basename "$(dirname "$4")")-$(basename "$4" .sh)-$1.log" line
  PGHOST=$dir PGPORT=$port PGUSER=postgres PSQL=$PSQL TLE=$TLE bash "$script" "$mode" >"$log" 2>&1
  while IFS= read -r line; do
    case "$line" in
      "ok - "*) ok "${line#ok - }" ;;
      "not ok - "*) not_ok "${line#not ok - }" ;;
      "# "*) echo "$line" ;;
    esac
  done <"$log"
  grep -qE '^(ok|not ok) - ' "$log" || not_ok "$script $mode reported nothing" "$(tail -n 20 "$log")"
}
if [ $have_tle = yes ]; then
  section "the pg_tle edition: CREATE EXTENSION refuses to share; the trap test"
  edition_suite tle "$TLE_DIR" "$PORT" "$HERE/installers.sh"
  edition_suite tle "$TLE_DIR" "$PORT" "$ROOT/test/traps/run.sh"
fi

# --- c. compare: the same inputs, the same outputs --------------------------------------------
compare_on() {  # compare_on DIR PORT DB SEARCH_PATH OUT
  as_postgres "$PSQL" -X -q -v ON_ERROR_STOP=1 -h "$1" -p "$2" -U postgres -d "$3" \
    -c "SET search_path = $4" -f "$HERE/compare.sql" >"$5" 2>&1
}
# uuid6.node_id in the SQL edition (test/edition/node_id.sql): a plain decimal integer from -1 to
# 65535 for the database, read back the same by uuid6_status() and in the keys; every other
# spelling (hex, octal, a sign, spaces, a fraction, out of range) refused with the message that
# names the accepted form, never read as a number (1.5 read '0x10' as 16, as C's strtol does).
node_id_on() {  # node_id_on DIR PORT DB SEARCH_PATH OUT
  as_postgres "$PSQL" -X -q -v ON_ERROR_STOP=1 -h "$1" -p "$2" -U postgres -d "$3" \
    -c "SET search_path = $4" -f "$HERE/node_id.sql" >"$5" 2>&1
}
node_id_expected=$(for s in 0 7 65535; do printf '"%s" -> node %s\n' "$s" "$s"; done
  printf '"-1" -> off\n"" -> off\n'
  for s in 65536 -2 99999 2147483648 0x10 010 +5 ' 7 ' '\n7' 1.5 1e3 16.0 abc 7kB 0b101; do
    printf '"%s" -> REFUSED\n' "$s"
  done)
node_id_check() {  # node_id_check LABEL OUT
  check "uuid6.node_id in the $1: plain integers from -1 to 65535 read, every other spelling refused with the accepted form named" \
    "$(sed -E 's/-> ERROR 22023 invalid value for parameter "uuid6\.node_id": ".*" \(The SQL edition of uuid6 reads the node id as a plain decimal integer from -1 \(none\) to 65535\.\)$/-> REFUSED/' "$2")" \
    "$node_id_expected"
}
if [ $have_tle = yes ]; then
  section "the same inputs, the same outputs"
  compare_on "$TLE_DIR" "$PORT" edition_regress public "$W/work/compare-tle.out" ||
    not_ok "compare.sql runs on the pg_tle edition" "$(tail -n 20 "$W/work/compare-tle.out")"
  node_id_on "$TLE_DIR" "$PORT" edition_regress public "$W/work/node-id-tle.out"
  node_id_check "pg_tle edition" "$W/work/node-id-tle.out"
fi

# --- f. the plain script on a server without pg_tle ------------------------------------------
section "the plain script into a schema, by a role that is not superuser, without pg_tle"
PG_BINDIR=$TLE_BINDIR
PLAIN_DIR=$(cluster_dir "edition-$MAJOR-plain")
if cluster_start "$PLAIN_DIR" $((PORT + 1)) --no-preload; then
  P() { q "$PLAIN_DIR" $((PORT + 1)) "$@"; }
  P postgres postgres -c "CREATE ROLE edition_owner LOGIN" -c "CREATE ROLE edition_user LOGIN" \
    -c "CREATE DATABASE edition_plain" -c "GRANT CREATE ON DATABASE edition_plain TO edition_owner" >/dev/null
  check "no pg_tle on this server; the installing role is not superuser" \
    "$(P edition_plain edition_owner -c "SELECT count(*) FROM pg_extension WHERE extname = 'pg_tle'" -c "SELECT rolsuper FROM pg_roles WHERE rolname = current_user"; P edition_plain postgres -c "SELECT current_setting('shared_preload_libraries') = ''")" "0
f
t"
  if P edition_plain edition_owner -v schema=ids -f "$TLE/uuid6.sql" >"$W/work/plain.log" 2>&1; then
    ok "psql -v schema=ids -f build/tle/uuid6.sql by a role that is not superuser"
  else
    not_ok "psql -v schema=ids -f build/tle/uuid6.sql by a role that is not superuser" "$(tail -n 20 "$W/work/plain.log")"
  fi
  check "every object is in schema ids, owned by the installing role" \
    "$(P edition_plain edition_owner -c "SELECT count(*) > 20, bool_and(proowner::regrole::text = 'edition_owner') FROM pg_proc WHERE pronamespace = 'ids'::regnamespace" \
         -c "SELECT count(*) FROM pg_proc WHERE pronamespace = 'public'::regnamespace")" "t|t
0"
  P edition_plain edition_owner -c "CREATE TABLE ids.item (id uuid PRIMARY KEY DEFAULT ids.uuid_generate_v7(), n int)" \
    -c "INSERT INTO ids.item (n) SELECT g FROM generate_series(1, 1000) AS g" \
    -c "GRANT USAGE ON SCHEMA ids TO edition_user" -c "GRANT INSERT, SELECT ON ids.item TO edition_user" >/dev/null
  P edition_plain edition_user -c "INSERT INTO ids.item (n) SELECT g FROM generate_series(1001, 2000) AS g" >/dev/null
  # Run again over itself: the functions are replaced, the sequences (and so the order) kept.
  P edition_plain edition_owner -v schema=ids -f "$TLE/uuid6.sql" >"$W/work/plain-again.log" 2>&1 ||
    not_ok "the plain script runs again over itself" "$(tail -n 20 "$W/work/plain-again.log")"
  P edition_plain edition_user -c "INSERT INTO ids.item (n) SELECT g FROM generate_series(2001, 3000) AS g" >/dev/null
  check "a DEFAULT of the plain edition, another role, the script run again: keys rise in insertion order" \
    "$(P edition_plain edition_owner -c "SELECT count(*), count(*) FILTER (WHERE id <= prev) FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM ids.item) s")" "3000|0"
  # Without -v schema: into the first schema of search_path.
  P edition_plain edition_owner -c "CREATE SCHEMA mine" >/dev/null
  PGOPTIONS="-c search_path=mine" P edition_plain edition_owner -f "$TLE/uuid6.sql" >"$W/work/plain-path.log" 2>&1
  check "without -v schema, into the first schema of search_path" \
    "$(P edition_plain edition_owner -c "SELECT (mine.uuid_inspect(mine.uuid_generate_v8())).version")" "8"
  # Bound by the catalog. (1) scripts/check-bodies.pl passes the sources and fails a body that
  # calls a function without its schema or, in a body resolved when it runs, writes an operator
  # without OPERATOR(pg_catalog.x). (2) In a database made before PostgreSQL 15's default
  # (CREATE on public for every role), another role plants &(bigint, integer) in public; CREATE is
  # then revoked, as the docs advise, and the installing role puts the plain script into public
  # itself: the install succeeds and no function of uuid6 depends on anything but PostgreSQL's
  # objects and its own (pg_depend), its keys as usual. (3) An edition whose source names that
  # operator (OPERATOR(public.&), built with TLE_SRC) is refused by the install, naming the
  # operator and its owner, and leaves nothing behind. (1.4 bound the planted operator into 18
  # functions, and had no such check.)
  mkdir -p "$W/work/bodies"
  cat >"$W/work/bodies/bad.sql" <<'SQL'
CREATE FUNCTION uuid6_bad_call(t text) RETURNS integer
    LANGUAGE sql IMMUTABLE
    RETURN length(t);
CREATE FUNCTION uuid6_bad_operator(a bigint) RETURNS boolean
    LANGUAGE plpgsql AS $$
BEGIN
  RETURN a & 1 OPERATOR(pg_catalog.=) 1;
END
$$;
CREATE FUNCTION uuid6_pinned(a bigint) RETURNS boolean
    LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  RETURN length(a::text) = 1;
END
$$;
CREATE FUNCTION uuid6_sql_unsealed(a bigint) RETURNS bigint
    LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  RETURN @extschema@.uuid6_sql_other(a);
END
$$;
CREATE FUNCTION uuid6_sql_sealed(a bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  RETURN @extschema@.uuid6_sql_other(a, true::@extschema@.uuid6_sql_seal);
END
$$;
SQL
  bodies_bad=$(perl "$ROOT/scripts/check-bodies.pl" "$W/work/bodies/bad.sql" 2>&1; echo "exit $?")
  check "scripts/check-bodies.pl: the sources pass; a call without its schema, an operator a caller's path resolves, a helper without the seal and a call of one that does not pass it are refused, a pinned and sealed body is not" \
    "$(perl "$ROOT/scripts/check-bodies.pl" "$ROOT"/sql/edition/*.sql "$ROOT/sql/uuid6--1.4--1.5.sql" >/dev/null 2>&1; echo "exit $?") $(grep -c 'call of length without its schema' <<<"$bodies_bad") $(grep -c 'operator & not written' <<<"$bodies_bad") $(grep -c 'uuid6_pinned' <<<"$bodies_bad") $(grep -c 'uuid6_sql_unsealed: a uuid6_sql_ helper whose last parameter is not seal @extschema@.uuid6_sql_seal; call of uuid6_sql_other without true::@extschema@.uuid6_sql_seal last' <<<"$bodies_bad") $(grep -c 'uuid6_sql_sealed' <<<"$bodies_bad") $(tail -n 1 <<<"$bodies_bad")" \
    "exit 0 1 1 0 1 0 exit 1"
  P postgres postgres -c "CREATE DATABASE edition_bound" -c "CREATE ROLE edition_planter LOGIN" -c "GRANT CREATE ON DATABASE edition_bound TO edition_owner" >/dev/null
  P edition_bound postgres -c "GRANT CREATE ON SCHEMA public TO PUBLIC" >/dev/null
  P edition_bound edition_planter -c "CREATE FUNCTION public.planted_and(bigint, integer) RETURNS bigint LANGUAGE sql IMMUTABLE RETURN 0" \
    -c "CREATE OPERATOR public.& (LEFTARG = bigint, RIGHTARG = integer, FUNCTION = public.planted_and)" >/dev/null
  P edition_bound postgres -c "REVOKE CREATE ON SCHEMA public FROM PUBLIC" -c "GRANT CREATE ON SCHEMA public TO edition_owner" >/dev/null
  if P edition_bound edition_owner -v schema=public -f "$TLE/uuid6.sql" >"$W/work/bound.log" 2>&1; then
    check "an operator planted in public before the install (CREATE then revoked), the plain script into public: nothing of uuid6's bound to it or to anything but PostgreSQL's and uuid6's own; keys as usual" \
      "$(P edition_bound postgres -c "SELECT count(*) FROM pg_depend d JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND p.oid = d.objid
           WHERE p.pronamespace = 'public'::regnamespace AND p.proowner = 'edition_owner'::regrole AND d.deptype = 'n'
             AND ((d.refclassid = 'pg_operator'::regclass AND d.refobjid NOT IN (SELECT oid FROM pg_operator WHERE oprnamespace = 'pg_catalog'::regnamespace))
               OR (d.refclassid = 'pg_proc'::regclass AND d.refobjid IN (SELECT oid FROM pg_proc WHERE proowner <> 'edition_owner'::regrole AND pronamespace <> 'pg_catalog'::regnamespace)))" \
           -c "SELECT (public.uuid_inspect(public.uuid_generate_v7())).version, public.uuid_extract_time(public.uuid_generate_v7()) > now() - interval '1 minute'")" "0
7|t"
  else
    not_ok "an operator planted in public before the install (CREATE then revoked): the plain script into public" "$(tail -n 20 "$W/work/bound.log")"
  fi
  rm -rf "$W/work/bound-src" && cp -r "$ROOT/sql/edition" "$W/work/bound-src"
  printf '%s\n' "CREATE FUNCTION uuid6_sql_probe() RETURNS bigint" "    LANGUAGE sql IMMUTABLE" \
    "    RETURN 1::bigint OPERATOR(public.&) 1;" >"$W/work/bound-src/95_probe.sql"
  if TLE_SRC=$W/work/bound-src bash "$ROOT/scripts/tle.sh" "$W/work/bound-tle" >"$W/work/bound-build.log" 2>&1; then
    out=$(P edition_bound edition_owner -c "CREATE SCHEMA probe" -v schema=probe -v VERBOSITY=verbose -f "$W/work/bound-tle/uuid6.sql" 2>&1)
    check "an edition whose body uses another role's operator: the install is refused, naming it and its owner, and leaves nothing" \
      "$(grep -o 'ERROR:  42501: uuid6: its function probe.uuid6_sql_probe() would use operator public.&(bigint,integer), owned by edition_planter' <<<"$out" | head -n 1) $(P edition_bound postgres -c "SELECT count(*) FROM pg_proc WHERE pronamespace = 'probe'::regnamespace")" \
      "ERROR:  42501: uuid6: its function probe.uuid6_sql_probe() would use operator public.&(bigint,integer), owned by edition_planter 0"
  else
    not_ok "an edition with a probe built (TLE_SRC)" "$(tail -n 5 "$W/work/bound-build.log")"
  fi
  # The update from 1.3 while three clients draw two versions in one statement (v7, then v6):
  # it takes the sequences it moves all or none, so it completes, three times in three. (1.4
  # took them one by one and failed with 55P03 whenever a client held v7 and waited for v6.)
  if [ -f "$W/work/release-1.3/tle/uuid6.sql" ]; then
    printf '%s\n' 'SELECT ids.uuid_generate_v7()::text || ids.uuid_generate_v6()::text;' >"$W/work/two.sql"
    chmod a+r "$W/work/two.sql"
    updated=0 detail=
    for i in 1 2 3; do
      db=edition_two_$i
      P postgres postgres -c "CREATE DATABASE $db" -c "GRANT CREATE ON DATABASE $db TO edition_owner" >/dev/null
      P $db edition_owner -v schema=ids -f "$W/work/release-1.3/tle/uuid6.sql" >/dev/null 2>&1
      P $db edition_owner -c "GRANT USAGE ON SCHEMA ids TO PUBLIC" >/dev/null
      as_postgres "$PGBENCH" -n -h "$PLAIN_DIR" -p $((PORT + 1)) -U postgres -c 3 -T 6 -f "$W/work/two.sql" $db >"$W/work/two-$i.log" 2>&1 &
      bench=$!
      sleep 1.5
      if P $db edition_owner -v schema=ids -f "$TLE/uuid6.sql" >"$W/work/two-update-$i.log" 2>&1 &&
         [ "$(P $db edition_owner -c "SELECT ids.uuid6_sql_edition_version()")" = "$EDITION_VERSION" ]; then
        updated=$((updated + 1))
      else
        detail+="update $i: $(grep -m 1 ERROR "$W/work/two-update-$i.log"); "
      fi
      wait "$bench"
      detail+="run $i: $(sed -n 's/^number of transactions actually processed: //p' "$W/work/two-$i.log") statements of the clients; "
    done
    check "the update from 1.3 while 3 clients draw v7 and v6 in one statement: it completes (${detail% })" "$updated of 3" "3 of 3"
    # A temporary view of another role's on uuid6_status(), which the update from 1.3 defines
    # anew, kept open in that role's session: the update refuses, naming the view's owner, the
    # fact that it is another session's temporary object, and what an administrator does; once
    # that session ends, the update goes through.
    P postgres postgres -c "CREATE DATABASE edition_view" -c "GRANT CREATE ON DATABASE edition_view TO edition_owner" >/dev/null
    P edition_view edition_owner -v schema=ids -f "$W/work/release-1.3/tle/uuid6.sql" >/dev/null 2>&1
    P edition_view edition_owner -c "GRANT USAGE ON SCHEMA ids TO edition_user" >/dev/null
    as_postgres env PGAPPNAME=uuid6_viewer "$PSQL" -X -q -h "$PLAIN_DIR" -p $((PORT + 1)) -U edition_user -d edition_view \
      -c "CREATE TEMP VIEW v AS SELECT * FROM ids.uuid6_status()" -c "SELECT pg_sleep(120)" >/dev/null 2>&1 &
    viewer=$!
    for _ in $(seq 1 100); do
      [ "$(P edition_view postgres -c "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'uuid6_viewer' AND wait_event = 'PgSleep'")" = 1 ] && break
      sleep 0.1
    done
    out=$(P edition_view edition_owner -v schema=ids -f "$TLE/uuid6.sql" 2>&1)
    check "the update from 1.3 with another role's temporary view on uuid6_status() open: refused, naming its owner and what an administrator does" \
      "$(grep -c 'view pg_temp_[0-9]*\.v (owned by role edition_user, a temporary object of another session) depends on uuid6_status()' <<<"$out") $(grep -c 'an administrator can bring about with pg_terminate_backend' <<<"$out") $(P edition_view edition_owner -c "SELECT count(*) FROM pg_proc WHERE proname = 'uuid6_sql_edition_version'")" \
      "1 1 0"
    P edition_view postgres -c "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'uuid6_viewer'" >/dev/null
    wait "$viewer" 2>/dev/null
    P edition_view edition_owner -v schema=ids -f "$TLE/uuid6.sql" >/dev/null 2>&1
    check "once that session has ended, the update goes through" \
      "$(P edition_view edition_owner -c "SELECT ids.uuid6_sql_edition_version()")" "$EDITION_VERSION"
  else
    not_ok "the release 1.3 of the edition built, for the updates under clients and past a temporary view"
  fi
  compare_on "$PLAIN_DIR" $((PORT + 1)) edition_plain ids "$W/work/compare-plain.out" ||
    not_ok "compare.sql runs on the plain edition" "$(tail -n 20 "$W/work/compare-plain.out")"
  node_id_on "$PLAIN_DIR" $((PORT + 1)) edition_plain ids "$W/work/node-id-plain.out"
  node_id_check "plain script" "$W/work/node-id-plain.out"
  if [ $have_tle = yes ]; then
    if diff -u "$W/work/node-id-tle.out" "$W/work/node-id-plain.out" >"$W/work/node-id-plain.diff"; then
      ok "uuid6.node_id: the plain script reads every spelling as the pg_tle edition does"
    else
      not_ok "uuid6.node_id: the plain script reads every spelling as the pg_tle edition does" "$(head -n 40 "$W/work/node-id-plain.diff")"
    fi
    if diff -u "$W/work/compare-tle.out" "$W/work/compare-plain.out" >"$W/work/compare-plain.diff"; then
      ok "the plain script and the pg_tle edition give the same outputs ($(wc -l <"$W/work/compare-tle.out") lines)"
    else
      not_ok "the plain script and the pg_tle edition give the same outputs" "$(head -n 40 "$W/work/compare-plain.diff")"
    fi
  fi
  # The backfilled v8 never reads as a spread key (the C library's WithoutSpreadMark): random
  # low words lo forced to carry the mark with a bucket count digit of 8 (any first byte), with
  # 9, and with the mark one bit off. Each row: whether the key reads as a spread key, and the
  # bits of its low word that differ from lo; then the same key without the flip (it would).
  check "a backfilled v8 whose random bits carry the spread mark has bit 123 flipped, and only that one" \
    "$(P edition_plain edition_owner -c "
      SELECT string_agg(format('%s %s', ids.uuid_spread_buckets(u) IS NOT NULL,
                               ('x' || right(replace(u::text, '-', ''), 16))::bit(64)::bigint # lo), ' | ' ORDER BY n)
             || ' | unflipped ' || (ids.uuid_spread_buckets(ids.uuid6_sql_uuid(ids.uuid6_sql_v8_hi(1645557742123456, true::ids.uuid6_sql_seal),
                                                                            (-9223372036854775808 | (49391043::bigint << 4) | 8), true::ids.uuid6_sql_seal)) IS NOT NULL)
      FROM (SELECT n, lo, ids.uuid6_sql_v8_at(1645557742123456, lo, true::ids.uuid6_sql_seal) AS u
            FROM (VALUES (1, -9223372036854775808 | (49391043::bigint << 4) | 8),
                         (2, -9223372036854775808 | (49391043::bigint << 4) | 9),
                         (3, -9223372036854775808 | (49391042::bigint << 4) | 8)) AS v(n, lo)) s")" \
    "f 16 | f 0 | f 0 | unflipped true"
  # Backfilling in bulk with a parallel plan that writes (CREATE TABLE AS): the backfill
  # generators are PARALLEL SAFE, as in the C library, and must run there.
  parallel="SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0; SET min_parallel_table_scan_size = 0; SET max_parallel_workers_per_gather = 2;"
  P edition_plain edition_owner -c "CREATE TABLE ids.backfill_from AS SELECT g, timestamptz '2024-01-01' + g * interval '1 second' AS t FROM generate_series(1, 20000) AS g" >/dev/null
  check "uuid_generate_v6/v7/v8(timestamptz) in a parallel CREATE TABLE AS (plan, rows, distinct keys, times read back)" \
    "$(P edition_plain edition_owner -c "$parallel EXPLAIN (COSTS OFF) CREATE TABLE ids.backfill AS SELECT ids.uuid_generate_v7(t) FROM ids.backfill_from" | grep -c Gather
       P edition_plain edition_owner \
         -c "$parallel CREATE TABLE ids.backfill AS SELECT g, ids.uuid_generate_v6(t) AS v6, ids.uuid_generate_v7(t) AS v7, ids.uuid_generate_v8(t) AS v8 FROM ids.backfill_from" \
         -c "SELECT count(*), count(DISTINCT v7), count(*) FILTER (WHERE ids.uuid_extract_time(v7) = t AND ids.uuid_extract_time(v6) = t AND ids.uuid_extract_time(v8) = t) FROM ids.backfill JOIN ids.backfill_from USING (g)" 2>&1)" \
    "1
20000|20000|20000"
  section "the plain script: it refuses to share; the trap test"
  edition_suite plain "$PLAIN_DIR" $((PORT + 1)) "$HERE/installers.sh"
  edition_suite plain "$PLAIN_DIR" $((PORT + 1)) "$ROOT/test/traps/run.sh"
  queue_test "no lock to queue behind (plain)" "$PLAIN_DIR" $((PORT + 1)) edition_plain ids edition_user
  stall_test "a client that stops reading (plain)" "$PLAIN_DIR" $((PORT + 1)) edition_plain ids edition_user
  section "updates of the plain script"
  for v in "${RELEASES[@]}"; do update_release_test plain "$v"; done
  for v in "${RELEASES[@]}"; do update_under_load_test plain "$v"; done
  update_open_transaction_test plain
  two_plain_installs_test
  cluster_stop "$PLAIN_DIR"
else
  not_ok "start a server without pg_tle"
fi

# --- the C library: compare, and the moves between editions ----------------------------------
if [ -n "${C_PG_CONFIG:-}" ] && [ -f "$("$C_PG_CONFIG" --sharedir)/extension/uuid6.control" ]; then
  section "the C library ($("$C_PG_CONFIG" --version)): the same outputs, and moving between editions"
  C_BINDIR=$("$C_PG_CONFIG" --bindir)
  PG_BINDIR=$C_BINDIR
  C_DIR=$(cluster_dir "edition-$MAJOR-c")
  if cluster_start "$C_DIR" $((PORT + 2)); then
    C() { q "$C_DIR" $((PORT + 2)) "$@"; }
    C postgres postgres -c "CREATE DATABASE edition_c" -c "CREATE DATABASE edition_move" >/dev/null
    C edition_c postgres -c "CREATE EXTENSION uuid6" >/dev/null
    compare_on "$C_DIR" $((PORT + 2)) edition_c public "$W/work/compare-c.out" ||
      not_ok "compare.sql runs on the C library" "$(tail -n 20 "$W/work/compare-c.out")"
    for e in tle plain; do
      [ -f "$W/work/compare-$e.out" ] || continue
      if diff -u "$W/work/compare-c.out" "$W/work/compare-$e.out" >"$W/work/compare-$e.diff"; then
        ok "the $e edition and the C library give the same outputs ($(wc -l <"$W/work/compare-c.out") lines)"
      else
        not_ok "the $e edition and the C library give the same outputs" "$(head -n 40 "$W/work/compare-$e.diff")"
      fi
    done
    # g. A database on the plain edition gets the C library, and goes back.
    C edition_move postgres -c "CREATE ROLE edition_mover LOGIN" -c "ALTER DATABASE edition_move OWNER TO edition_mover" >/dev/null
    if C edition_move edition_mover -v schema=uuid6 -f "$TLE/uuid6.sql" >"$W/work/move-plain.log" 2>&1 &&
       as_postgres "$PSQL" -X -q -At -v ON_ERROR_STOP=1 -h "$C_DIR" -p $((PORT + 2)) -U edition_mover -d edition_move \
         -v plain="$TLE/uuid6.sql" -f "$HERE/move.sql" >"$W/work/move.out" 2>&1; then
      while IFS= read -r line; do
        case "$line" in
          "ok - "*) ok "move: ${line#ok - }" ;;
          "not ok - "*) not_ok "move: ${line#not ok - }" ;;
        esac
      done <"$W/work/move.out"
      grep -q '^ok - ' "$W/work/move.out" || not_ok "move.sql reported nothing" "$(tail -n 20 "$W/work/move.out")"
    else
      not_ok "moving between editions (test/edition/move.sql)" "$(tail -n 30 "$W/work/move-plain.log" "$W/work/move.out")"
    fi
    PG_BINDIR=$C_BINDIR cluster_stop "$C_DIR"
  else
    not_ok "start a server with the C library"
  fi
  PG_BINDIR=$TLE_BINDIR
else
  skip "PostgreSQL $MAJOR: no installation with uuid6's C library (C_PG_CONFIG): the editions were not compared and the move between them did not run"
fi

[ $have_tle = yes ] || exit 0

# --- d. order -----------------------------------------------------------------------------------
section "order: one sequence per version per database, across sessions, clocks and restarts"
PG_BINDIR=$TLE_BINDIR
T postgres postgres -c "CREATE DATABASE edition_order" >/dev/null
T edition_order postgres -c "CREATE EXTENSION pg_tle" -c "GRANT pgtle_admin TO edition_tle_admin" >/dev/null
T edition_order edition_tle_admin -f "$TLE/uuid6-pgtle.sql" >/dev/null
T edition_order postgres -c "CREATE EXTENSION uuid6" -c "CREATE EXTENSION dblink" \
  -c "CREATE TABLE keys (n bigserial PRIMARY KEY, version int NOT NULL, pid int NOT NULL DEFAULT pg_backend_pid(), id uuid NOT NULL)" \
  -c "CREATE TABLE item (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), body text)" >/dev/null
cat >"$W/work/parallel.sql" <<'SQL'
INSERT INTO keys (version, id) VALUES (7, uuid_generate_v7()), (6, uuid_generate_v6()), (8, uuid_generate_v8());
SQL
chmod a+r "$W/work/parallel.sql"
if as_postgres "$PGBENCH" -n -h "$TLE_DIR" -p "$PORT" -U postgres -c 8 -j 2 -t 400 -f "$W/work/parallel.sql" edition_order >"$W/work/pgbench.log" 2>&1; then
  check "8 sessions in parallel, 3200 keys of each version: no duplicate, each session's keys rising" \
    "$(T edition_order postgres -c "SELECT string_agg(format('v%s %s/%s/%s', version, c, d, bad), ' ' ORDER BY version) FROM (SELECT version, count(*) AS c, count(DISTINCT id) AS d, count(*) FILTER (WHERE id <= prev) AS bad FROM (SELECT version, id, lag(id) OVER (PARTITION BY version, pid ORDER BY n) AS prev FROM keys) s GROUP BY version) g")" \
    "v6 3200/3200/0 v7 3200/3200/0 v8 3200/3200/0"
else
  not_ok "pgbench, 8 sessions" "$(tail -n 20 "$W/work/pgbench.log")"
fi
# Spread keys from 8 sessions at once (the SQL edition's bucket is the session's process id's
# low bits, 70_spread.sql): each session's keys in one bucket, that one, and rising; the
# sessions in more than one bucket; no duplicate.
T edition_order postgres -c "CREATE TABLE spread_keys (n bigserial PRIMARY KEY, pid int NOT NULL DEFAULT pg_backend_pid(), id uuid NOT NULL DEFAULT uuid_generate_v8_spread())" >/dev/null
echo "INSERT INTO spread_keys DEFAULT VALUES;" >"$W/work/spread.sql"
chmod a+r "$W/work/spread.sql"
if as_postgres "$PGBENCH" -n -h "$TLE_DIR" -p "$PORT" -U postgres -c 8 -j 2 -t 400 -f "$W/work/spread.sql" edition_order >"$W/work/pgbench-spread.log" 2>&1; then
  check "spread keys from 8 sessions in parallel (keys, distinct, sessions, buckets > 1, sessions in two buckets, not rising in a session, not in the process id's bucket)" \
    "$(T edition_order postgres -c "SELECT count(*), count(DISTINCT id), count(DISTINCT pid), count(DISTINCT uuid_spread_bucket(id)) > 1,
                                           (SELECT count(*) FROM (SELECT pid FROM spread_keys GROUP BY pid HAVING count(DISTINCT uuid_spread_bucket(id)) > 1) m),
                                           count(*) FILTER (WHERE id <= prev), count(*) FILTER (WHERE uuid_spread_bucket(id) IS DISTINCT FROM pid & 15)
                                    FROM (SELECT pid, id, lag(id) OVER (PARTITION BY pid ORDER BY n) AS prev FROM spread_keys) s")" \
    "3200|3200|8|t|0|0|0"
else
  not_ok "pgbench, 8 sessions of spread keys" "$(tail -n 20 "$W/work/pgbench-spread.log")"
fi
# Keys handed out in turn by four sessions (dblink connections) rise strictly.
check "keys handed out in turn by four sessions rise strictly (200 rounds, each version)" \
  "$(T edition_order postgres -c "
DO \$\$
DECLARE
  conn text := format('host=%s port=%s dbname=edition_order user=postgres', '$TLE_DIR', $PORT);
  k uuid;
BEGIN
  CREATE TEMP TABLE turns (n serial, version int, session int, id uuid);
  FOR s IN 1..4 LOOP PERFORM dblink_connect('s' || s, conn); END LOOP;
  FOR r IN 1..200 LOOP
    FOR s IN 1..4 LOOP
      FOR v IN 6..8 LOOP
        SELECT id INTO k FROM dblink('s' || s, format('SELECT uuid_generate_v%s()', v)) AS t(id uuid);
        INSERT INTO turns (version, session, id) VALUES (v, s, k);
      END LOOP;
    END LOOP;
  END LOOP;
  FOR s IN 1..4 LOOP PERFORM dblink_disconnect('s' || s); END LOOP;
END
\$\$;
SELECT count(*), count(DISTINCT session), count(*) FILTER (WHERE id <= prev)
FROM (SELECT session, id, lag(id) OVER (PARTITION BY version ORDER BY n) AS prev FROM turns) s")" "2400|4|0"

# The server under libfaketime: its clock stepped back an hour, then restarted an hour behind.
if [ -n "$faketime_lib" ]; then
  fake=$TLE_DIR/faketime
  echo "+0" | as_postgres tee "$fake" >/dev/null
  start_faked() {
    as_postgres env LD_PRELOAD="$faketime_lib" FAKETIME_TIMESTAMP_FILE="$fake" FAKETIME_NO_CACHE=1 \
      FAKETIME_DONT_FAKE_MONOTONIC=1 TZ=UTC pg_ctl -D "$TLE_DIR/data" -l "$TLE_DIR/server.log" -w start >/dev/null
  }
  cluster_stop "$TLE_DIR" && start_faked
  top() {  # the highest key of each version so far (keys table) and the server's clock
    T edition_order postgres -c "INSERT INTO keys (version, id) VALUES (7, uuid_generate_v7()), (6, uuid_generate_v6()), (8, uuid_generate_v8())" >/dev/null
  }
  top
  T edition_order postgres -c "CREATE TABLE marks AS SELECT version, (array_agg(id ORDER BY id DESC))[1] AS top FROM keys GROUP BY version" >/dev/null
  echo "-3600" | as_postgres tee "$fake" >/dev/null
  back=$(T edition_order postgres -c "SELECT uuid_extract_time(top) - now() > interval '59 minutes' FROM marks WHERE version = 7")
  check "faked: the server's clock is now an hour behind its last key" "$back" "t"
  T edition_order postgres -c "INSERT INTO keys (version, id) SELECT v, CASE v WHEN 6 THEN uuid_generate_v6() WHEN 7 THEN uuid_generate_v7() ELSE uuid_generate_v8() END FROM generate_series(1, 300), unnest(ARRAY[6, 7, 8]) AS v" >/dev/null
  T edition_order postgres -c "INSERT INTO item (body) SELECT 'behind' FROM generate_series(1, 100)" >/dev/null
  check "the clock stepped back an hour: no lower key, keys still rising (v6 v7 v8)" \
    "$(T edition_order postgres -c "SELECT count(*) FILTER (WHERE k.id <= m.top), count(*) FILTER (WHERE k.id <= k.prev) FROM (SELECT version, n, id, lag(id) OVER (PARTITION BY version ORDER BY n) AS prev FROM keys) k JOIN marks m USING (version) WHERE k.n > (SELECT max(n) - 900 FROM keys)")" "0|0"
  T edition_order postgres -c "TRUNCATE marks" -c "INSERT INTO marks SELECT version, (array_agg(id ORDER BY id DESC))[1] FROM keys GROUP BY version" >/dev/null
  cluster_stop "$TLE_DIR" && start_faked
  check "faked: restarted with its clock an hour behind" \
    "$(T edition_order postgres -c "SELECT uuid_extract_time(top) - now() > interval '59 minutes' FROM marks WHERE version = 7")" "t"
  T edition_order postgres -c "INSERT INTO keys (version, id) SELECT v, CASE v WHEN 6 THEN uuid_generate_v6() WHEN 7 THEN uuid_generate_v7() ELSE uuid_generate_v8() END FROM generate_series(1, 300), unnest(ARRAY[6, 7, 8]) AS v" >/dev/null
  check "restarted an hour behind: every new key above the keys made before" \
    "$(T edition_order postgres -c "SELECT count(*) FILTER (WHERE k.id <= m.top), count(*) FROM keys k JOIN marks m USING (version) WHERE k.n > (SELECT max(n) - 900 FROM keys)")" "0|900"
  # Back to the real clock for what follows.
  cluster_stop "$TLE_DIR"
  as_postgres pg_ctl -D "$TLE_DIR/data" -l "$TLE_DIR/server.log" -w start >/dev/null
else
  skip "PostgreSQL $MAJOR: libfaketime is missing (apt-get install faketime): the clock tests did not run"
fi

# A read-only transaction cannot take a key: a clear ERROR with a hint, never a silent duplicate.
for v in 6 7 8; do
  out=$(as_postgres "$PSQL" -X -h "$TLE_DIR" -p "$PORT" -U postgres -d edition_order \
    -c "\\set VERBOSITY verbose" -c "BEGIN READ ONLY" -c "SELECT uuid_generate_v$v()" 2>&1)
  if grep -q '^ERROR:  25006' <<<"$out" && grep -q '^HINT:  ' <<<"$out"; then
    ok "v$v in a read-only transaction: ERROR 25006 with a hint"
  else
    not_ok "v$v in a read-only transaction: ERROR 25006 with a hint" "$out"
  fi
done

# The generated keys' layout, rebuilt from the tick each was made of (test/edition/layout.sql),
# with uuid6.node_id unset, empty, -1, 4660, 0 and 65535; node ids that are not one refused; the
# fast path taken with no node id, however the session spells that; a v8 whose random bits carry
# the spread mark made so that it does not read as a spread key; spread keys laid out from their
# v7 ticks and the session's bucket.
check "generated keys laid out from their ticks, field by field, with and without uuid6.node_id" \
  "$(T edition_order postgres -f "$HERE/layout.sql" 2>&1)" "unset: NULL v6 fast v7 fast v8 fast
unset v6 300/0 v7 300/0 v8 300/0
empty v6 300/0 v7 300/0 v8 300/0
-1 v6 300/0 v7 300/0 v8 300/0
4660 v6 300/0 v7 300/0 v8 300/0
0 v6 300/0 v7 300/0 v8 300/0
65535 v6 300/0 v7 300/0 v8 300/0
node 65536: v6 22023 v7 22023 v8 22023
node x: v6 22023 v7 22023 v8 22023
-1: v6 fast v7 fast v8 fast
empty: \"\" v6 fast v7 fast v8 fast
4660: v6 slow v7 slow v8 slow
spread mark: 64 keys, 10 would read as spread keys in the plain layout (10 with another time), 0 made so, 10 changed in bit 123 alone, 0 changed otherwise, 0 read back wrong
spread unset: 2 300/0 16 300/0 256 300/0
spread 4660: 2 300/0 16 300/0 256 300/0
spread 0: 2 300/0 16 300/0 256 300/0
spread 65535: 2 300/0 16 300/0 256 300/0
spread node 65536: 22023
spread node x: 22023"

# The node id is the owner's to choose (issue 35, item 4): uuid6_set_node_id (the installing
# role's; refused to others with 42501, out of range with 22023), else the database's own
# uuid6.node_id (ALTER DATABASE ... SET); a session's SET, the connection's options (PGOPTIONS)
# or its role's setting are ignored, with one WARNING (55P02) in the session, and the keys
# carry the node id in effect. (1.4 took the session's value.) Each line a new session of
# edition_node: its WARNINGs, then the node bits of a v7 key and uuid6_status()'s node_id
# (a random node bits' value shown as "random"); a call of uuid6_set_node_id rolled back changes
# nothing. Last, one session of edition_node sees uuid6_set_node_id's changes, made by another
# session, at its next key.
T edition_order postgres -c "DROP ROLE IF EXISTS edition_node" -c "CREATE ROLE edition_node LOGIN" \
  -c "ALTER DATABASE edition_order SET uuid6.node_id = 7" >/dev/null
node_q="SELECT (('x' || substr(replace(uuid_generate_v7()::text, '-', ''), 19, 6))::bit(24)::integer >> 6 & 65535)::text || ' ' || coalesce((SELECT node_id FROM uuid6_status() LIMIT 1)::text, 'off')"
node_session() {  # node_session LABEL CONNINFO [SQL]: the WARNINGs and ERRORs (SQLSTATE), then the node bits and uuid6_status()'s
  local out
  out=$(T "$2" edition_node -v VERBOSITY=sqlstate ${3:+-c "$3"} -c "$node_q" -c "$node_q" 2>&1)
  printf '%s: %s\n' "$1" "$(echo "$(sed -n 's/^.*\(WARNING\|ERROR\):  \([0-9A-Z]\{5\}\).*/\1 \2/p' <<<"$out" | paste -sd' ') $(grep -E '^[0-9]' <<<"$out" | sed 's/^[0-9]* off$/random off/' | paste -sd',')" | sed 's/^ *//; s/ *$//')"
}
node_out=$(node_session database edition_order
           node_session "SET 3" edition_order "SET uuid6.node_id = 3"
           node_session "SET empty" edition_order "SET uuid6.node_id = ''"
           node_session "SET -1" edition_order "SET uuid6.node_id = -1"
           node_session "SET 7" edition_order "SET uuid6.node_id = 7"
           node_session "options 9" "dbname=edition_order options=-cuuid6.node_id=9"
           T edition_order postgres -c "ALTER ROLE edition_node SET uuid6.node_id = 5" >/dev/null
           node_session "role 5" edition_order
           T edition_order postgres -c "ALTER ROLE edition_node RESET uuid6.node_id" >/dev/null
           node_session "set_node_id by edition_node" edition_order "SELECT uuid6_set_node_id(3)"
           T edition_order postgres -c "SELECT uuid6_set_node_id(12)" >/dev/null
           node_session "set_node_id 12" edition_order
           T edition_order postgres -c "BEGIN" -c "SELECT uuid6_set_node_id(3)" -c "ROLLBACK" >/dev/null
           node_session "set_node_id 3 rolled back" edition_order
           node_session "set_node_id 12, SET 5" edition_order "SET uuid6.node_id = 5"
           echo "set_node_id 70000: $(T edition_order postgres -v VERBOSITY=sqlstate -c "SELECT uuid6_set_node_id(70000)" 2>&1 | sed -n 's/^ERROR:  \([0-9A-Z]\{5\}\).*/ERROR \1/p')"
           T edition_order postgres -c "SELECT uuid6_set_node_id(-1)" >/dev/null
           node_session "set_node_id -1" edition_order "SET uuid6.node_id = -1"
           T edition_order postgres -c "SELECT uuid6_set_node_id(NULL::integer)" -c "ALTER DATABASE edition_order RESET uuid6.node_id" >/dev/null
           node_session "none, SET 3" edition_order "SET uuid6.node_id = 3"
           node_session "none, SET -1" edition_order "SET uuid6.node_id = -1"
           node_session "none" edition_order)
# One session, three keys: before uuid6_set_node_id(21) in another session, after it, and
# after uuid6_set_node_id(NULL::integer); psql runs the other session between them (\!) and
# waits for it.
node_other() { printf '\\! %q -X -q -At -h %q -p %q -U postgres -d edition_order -c %q >/dev/null\n' \
                 "$PSQL" "$TLE_DIR" "$PORT" "SELECT uuid6_set_node_id($1)"; }
node_live=$( { echo "$node_q;"; node_other 21; echo "$node_q;"; node_other NULL::integer; echo "$node_q;"; } |
             T edition_order edition_node 2>&1)
node_out+=$'\n'"live: $(grep -E '^[0-9]' <<<"$node_live" | sed 's/^[0-9]* off$/random off/' | paste -sd',')"
T edition_order postgres -c "DROP ROLE edition_node" >/dev/null
check "the node id is the owner's: uuid6_set_node_id or the database's uuid6.node_id; a session's SET, options or role setting ignored with a WARNING (55P02)" \
  "$node_out" "database: 7 7,7 7
SET 3: WARNING 55P02 7 7,7 7
SET empty: 7 7,7 7
SET -1: WARNING 55P02 7 7,7 7
SET 7: 7 7,7 7
options 9: WARNING 55P02 7 7,7 7
role 5: WARNING 55P02 7 7,7 7
set_node_id by edition_node: ERROR 42501
set_node_id 12: 12 12,12 12
set_node_id 3 rolled back: 12 12,12 12
set_node_id 12, SET 5: WARNING 55P02 12 12,12 12
set_node_id 70000: ERROR 22023
set_node_id -1: random off,random off
none, SET 3: WARNING 55P02 random off,random off
none, SET -1: random off,random off
none: random off,random off
live: random off,21 21,random off"

# --- h. another role's locks ------------------------------------------------------------------------
# No role can hold the keys' time back. A role with no privileges holds, in turn, every lock it
# can take near uuid6: 1.4's advisory key of the lift (1970629988, generator) of every generator
# at session and at transaction level, exclusive and shared (anyone's to take, and now nobody's
# concern); then, in an open transaction, every lock it can take on uuid6's relations by OID
# (reading each sequence, drawing from the generators', setting the flush sequence, the size of
# the lift's table); the stronger ones it tries are refused (below). Meanwhile keys of every
# generator are made after 2 ms pauses (so that each needs a lift), each with the clock read just
# before it: every one comes, without an error, rising, no earlier than a millisecond (the lag
# bound) before that reading, and nothing is counted in uuid6_status().lagging_keys. First in a
# database where uuid6 was just installed and no key was made (the sequences at 1970), then in
# the busy database of the tests above. (1.4: keys decoded to 1970, or lagged by as long as
# the advisory key was held.)
section "another role's locks: keys keep coming, at the clock's time, rising, nothing counted"
T postgres postgres -c "CREATE ROLE edition_intruder LOGIN" >/dev/null
T postgres postgres -c "CREATE DATABASE edition_fresh" >/dev/null
T edition_fresh postgres -c "CREATE EXTENSION pg_tle" >/dev/null
T edition_fresh edition_tle_admin -f "$TLE/uuid6-pgtle.sql" >/dev/null
T edition_fresh postgres -c "CREATE EXTENSION uuid6" >/dev/null
for db in edition_fresh edition_order; do
  T $db postgres -c "CREATE TABLE lock_keys (n bigserial PRIMARY KEY, scenario text NOT NULL, generator text NOT NULL, id uuid NOT NULL, made timestamptz NOT NULL)" >/dev/null
done
intruder_pid=
intrude() {  # intrude DB NAME SQL...: a session of edition_intruder runs the SQL, then waits
  local db=$1 name=$2
  shift 2
  local args=() c
  for c in "$@"; do args+=(-c "$c"); done
  as_postgres env PGAPPNAME=uuid6_intruder "$PSQL" -X -q -v ON_ERROR_STOP=1 -h "$TLE_DIR" -p "$PORT" -U "${INTRUDER_USER:-edition_intruder}" \
    -d "$db" "${args[@]}" -c "SELECT pg_sleep(300)" >"$W/work/intruder-$name.log" 2>&1 &
  intruder_pid=$!
  for _ in $(seq 1 200); do
    [ "$(T "$db" postgres -c "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'uuid6_intruder' AND wait_event = 'PgSleep'")" = 1 ] && return 0
    kill -0 "$intruder_pid" 2>/dev/null || break
    sleep 0.1
  done
  return 1
}
let_go() {  # ends the intruder's session
  T postgres postgres -c "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'uuid6_intruder'" >/dev/null
  wait "$intruder_pid" 2>/dev/null
}
make_keys() {  # make_keys DB SCENARIO: 15 keys of every generator, each after a 2 ms pause, with the clock before it
  T "$1" postgres -c "SET statement_timeout = '120s'" -c "
DO \$\$
DECLARE
  t timestamptz;
BEGIN
  FOR i IN 1..15 LOOP
    PERFORM pg_sleep(0.002);
    t := clock_timestamp();
    INSERT INTO lock_keys (scenario, generator, id, made) VALUES ('$2', 'v6', uuid_generate_v6(), t);
    PERFORM pg_sleep(0.002);
    t := clock_timestamp();
    INSERT INTO lock_keys (scenario, generator, id, made) VALUES ('$2', 'v7', uuid_generate_v7(), t);
    PERFORM pg_sleep(0.002);
    t := clock_timestamp();
    INSERT INTO lock_keys (scenario, generator, id, made) VALUES ('$2', 'v8', uuid_generate_v8(), t);
    PERFORM pg_sleep(0.002);
    t := clock_timestamp();
    INSERT INTO lock_keys (scenario, generator, id, made) VALUES ('$2', 'ms', uuid_generate_v7_draft('ms'), t);
    PERFORM pg_sleep(0.002);
    t := clock_timestamp();
    INSERT INTO lock_keys (scenario, generator, id, made) VALUES ('$2', 'us', uuid_generate_v7_draft('us'), t);
    PERFORM pg_sleep(0.002);
    t := clock_timestamp();
    INSERT INTO lock_keys (scenario, generator, id, made) VALUES ('$2', 'ns', uuid_generate_v7_draft('ns'), t);
  END LOOP;
END
\$\$" 2>&1
}
lagging() { T "$1" postgres -c "SELECT string_agg(lagging_keys::text, ' ' ORDER BY version) FROM uuid6_status()"; }
counted() {  # counted BEFORE AFTER: the increase per version
  local b=($1) a=($2)
  echo "v6 +$((a[0] - b[0])) v7 +$((a[1] - b[1])) v8 +$((a[2] - b[2]))"
}
behind() {  # behind DB SCENARIO: the keys of the scenario more than the lag bound behind the clock read before them
  T "$1" postgres -c "SELECT count(*) || ' of ' || (SELECT count(*) FROM lock_keys WHERE scenario = '$2') || ' behind'
    FROM lock_keys
    WHERE scenario = '$2'
      AND CASE WHEN generator IN ('v6', 'v7', 'v8') THEN uuid_extract_time(id, true) ELSE uuid_extract_time_draft(id) END
          < made - interval '1 ms'"
}
every_generator="SELECT g FROM unnest(ARRAY[6, 7, 8, 70, 71, 72]) AS g"
for db in edition_fresh edition_order; do
  sequence_locks=$(T $db postgres -c "SELECT string_agg(format('SELECT pg_sequence_last_value(%s::oid);', c.oid), ' ' ORDER BY c.relname) FROM pg_class c JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e' JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uuid6' WHERE c.relkind = 'S'")
  lifts_oid=$(T $db postgres -c "SELECT 'uuid6_sql_sequences.uuid6_sql_lifts'::regclass::oid")
  for scenario in \
    "session-exclusive|SELECT pg_advisory_lock(1970629988, g) FROM ($every_generator) s" \
    "session-shared|SELECT pg_advisory_lock_shared(1970629988, g) FROM ($every_generator) s" \
    "transaction-exclusive|BEGIN|SELECT pg_advisory_xact_lock(1970629988, g) FROM ($every_generator) s" \
    "transaction-shared|BEGIN|SELECT pg_advisory_xact_lock_shared(1970629988, g) FROM ($every_generator) s" \
    "relations|BEGIN|SELECT pg_advisory_lock(1970629988, g) FROM ($every_generator) s|$sequence_locks|SELECT pg_relation_size($lifts_oid::oid), pg_total_relation_size($lifts_oid::oid)|SELECT nextval(uuid6_sql_sequence(g, true::uuid6_sql_seal)) FROM ($every_generator) s|SELECT setval($(T $db postgres -c "SELECT 'uuid6_sql_sequences.uuid6_sql_flush'::regclass::oid")::oid, 1)"; do
    IFS='|' read -r -a parts <<<"$scenario"
    name=${parts[0]}
    where=$([ $db = edition_fresh ] && echo "a fresh install" || echo "a busy database")
    before=$(lagging $db)
    if ! intrude $db "$db-$name" "${parts[@]:1}"; then
      not_ok "another role holds locks ($name, $where)" "$(cat "$W/work/intruder-$db-$name.log")"
      let_go
      continue
    fi
    held=$(T $db postgres -c "SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a USING (pid) WHERE a.application_name = 'uuid6_intruder' AND l.granted AND (l.locktype = 'advisory' OR l.relation IN (SELECT c.oid FROM pg_class c WHERE c.relkind = 'S'))")
    out=$(make_keys $db "$name")
    after=$(lagging $db)
    case $name in
      relations) what="the lift's old advisory keys and every lock it can take on uuid6's relations ($held held)" ;;
      *) what="1.4's advisory key of the lift of every generator, ${name/-/ level, } ($held held)" ;;
    esac
    if [ -z "$out" ]; then
      check "$where: another role holds $what: 90 keys after pauses, no error, none behind the clock, nothing counted" \
        "$(behind $db "$name"); $(counted "$before" "$after")" "0 of 90 behind; v6 +0 v7 +0 v8 +0"
    else
      not_ok "$where: another role holds $what: 90 keys after pauses, no error" "$out"
    fi
    let_go
  done
  check "$db: every generator's keys rise across all those locks ($(T $db postgres -c "SELECT count(*) FROM lock_keys") keys)" \
    "$(T $db postgres -c "SELECT count(*) FILTER (WHERE id <= prev) FROM (SELECT id, lag(id) OVER (PARTITION BY generator ORDER BY n) AS prev FROM lock_keys) s")" "0"
done
# Keys at full rate while that role holds 1.4's advisory key of v7: one session makes 5000 v7
# keys in one statement, in turn without and with the key held (session level, exclusive), three
# times each: every round's keys rise and none is counted. The rates, held beside free, are
# reported (the machine's load moves them too much for a floor).
rate_keys=5000
rate_round="BEGIN;
SELECT lagging_keys AS l0 FROM uuid6_status() WHERE version = 7 \gset
SELECT round($rate_keys / extract(epoch FROM clock_timestamp() - t0)) AS r, falls FROM (SELECT clock_timestamp() AS t0) a, LATERAL (SELECT count(*) FILTER (WHERE k <= p) AS falls FROM (SELECT k, lag(k) OVER (ORDER BY i) AS p FROM (SELECT i, uuid_generate_v7() AS k FROM generate_series(1, $rate_keys) i) g) w) b \gset
SELECT concat_ws(' ', :r, :falls, lagging_keys - :l0) FROM uuid6_status() WHERE version = 7;
COMMIT;"
coproc RATE { as_postgres "$PSQL" -X -qAt -v ON_ERROR_STOP=1 -h "$TLE_DIR" -p "$PORT" -U postgres -d edition_order 2>&1; }
ask() {  # ask SQL: the rate session's one line of answer
  local line=
  printf '%s\n' "$1" >&"${RATE[1]}"
  IFS= read -r -t 120 line <&"${RATE[0]}"
  printf '%s\n' "$line"
}
ask "SELECT 'ready';" >/dev/null
frees=() helds=() ratios=() rounds_ok=yes detail=
for round in 1 2 3; do
  free=($(ask "$rate_round"))
  if ! intrude edition_order "rate-$round" "SELECT pg_advisory_lock(1970629988, 7)"; then
    rounds_ok=no; detail+="round $round: $(cat "$W/work/intruder-rate-$round.log")"$'\n'
    let_go
    break
  fi
  held=($(ask "$rate_round"))
  let_go
  detail+="round $round: without (rate falls counted): ${free[*]}; held: ${held[*]}"$'\n'
  if [ ${#free[@]} -ne 3 ] || [ ${#held[@]} -ne 3 ] || [ "${free[1]}" != 0 ] || [ "${held[1]}" != 0 ] \
     || [ "${free[2]}" != 0 ] || [ "${held[2]}" != 0 ]; then
    rounds_ok=no
  else
    frees+=("${free[0]}") helds+=("${held[0]}") ratios+=("$(awk -v h="${held[0]}" -v f="${free[0]}" 'BEGIN { printf "%.2f", h / f }')")
  fi
done
if [ $rounds_ok = yes ]; then
  ok "another role holds 1.4's advisory key of v7: $rate_keys keys a round in one session, rising, none counted (3 rounds)"
  echo "# v7 keys a second in one session, 1.4's advisory key held by another role beside free: ${helds[*]} / ${frees[*]}: ratios ${ratios[*]}"
else
  not_ok "another role holds 1.4's advisory key of v7: keys rising, none counted" "$detail"
fi
printf '%s\n' '\q' >&"${RATE[1]}"
wait "${RATE_PID:-}" 2>/dev/null || true
# lagging_keys counts what uuid6 did: the functions of its lift, called by hand by a role that
# may make keys, count nothing (1.4: every call of uuid6_sql_draw_lagging counted one).
before=$(lagging edition_order)
T edition_order postgres -c "GRANT USAGE ON SCHEMA public TO edition_intruder" >/dev/null
out=$(as_postgres "$PSQL" -X -q -At -h "$TLE_DIR" -p "$PORT" -U edition_intruder -d edition_order \
  -c "DO \$\$ BEGIN PERFORM pg_sleep(0.01); END \$\$" -c "SELECT count(uuid6_sql_draw_lagging(7, true::uuid6_sql_seal)) FROM generate_series(1, 500)" \
  -c "DO \$\$ BEGIN PERFORM pg_sleep(0.01); END \$\$" -c "SELECT count(uuid6_sql_draw_lagging(g, true::uuid6_sql_seal)) FROM unnest(ARRAY[6, 8, 70]) g, generate_series(1, 200)" 2>&1)
check "lagging_keys: 1,100 calls of the lift's draw by another role count nothing" \
  "$out $(counted "$before" "$(lagging edition_order)")" "500
600 v6 +0 v7 +0 v8 +0"
# The stronger locks are refused to that role (each tried with a lock_timeout, in its own
# transaction).
refused=0
tried=0
for stmt in "LOCK TABLE uuid6_sql_sequences.uuid6_sql_v7 IN ACCESS EXCLUSIVE MODE" "LOCK TABLE uuid6_sql_sequences.uuid6_sql_flush IN SHARE MODE" \
            "LOCK TABLE uuid6_sql_sequences.uuid6_sql_lifts IN ACCESS EXCLUSIVE MODE" "SELECT * FROM uuid6_sql_sequences.uuid6_sql_lifts FOR UPDATE" \
            "SELECT * FROM uuid6_sql_sequences.uuid6_sql_v7 FOR UPDATE" "ALTER SEQUENCE uuid6_sql_sequences.uuid6_sql_v7 RESTART" \
            "DROP SEQUENCE uuid6_sql_sequences.uuid6_sql_flush" "COMMENT ON SEQUENCE uuid6_sql_sequences.uuid6_sql_v7 IS 'x'" \
            "SELECT setval(uuid6_sql_sequence(7, true::uuid6_sql_seal), 1)" "SELECT nextval(uuid6_sql_lagging_sequence(7, true::uuid6_sql_seal))" \
            "SELECT uuid6_sql_lift_set(7, 9223372036854775807, true::uuid6_sql_seal)" "SELECT uuid6_sql_counted(7, 0, true::uuid6_sql_seal)" \
            "ALTER FUNCTION uuid_generate_v7() OWNER TO edition_intruder"; do
  tried=$((tried + 1))
  as_postgres "$PSQL" -X -q -h "$TLE_DIR" -p "$PORT" -U edition_intruder -d edition_order \
    -c "SET lock_timeout = '2s'" -c "BEGIN" -c "$stmt" >/dev/null 2>&1 || refused=$((refused + 1))
done
check "the stronger locks on uuid6's objects, setting a sequence, counting or lifting: refused to that role" \
  "$refused of $tried" "$tried of $tried"
queue_test "no lock to queue behind (tle)" "$TLE_DIR" "$PORT" edition_order public edition_intruder
stall_test "a client that stops reading (tle)" "$TLE_DIR" "$PORT" edition_order public edition_intruder

# --- i. keys returned before a crash -----------------------------------------------------------------
# A key returned by a committed transaction never repeats after a crash, with synchronous_commit
# on. The server runs with fsync on (the crash is about what reached the disk) and with
# wal_writer_delay at its 10 s maximum (the WAL writer would otherwise flush what a rollback left
# within about 200 ms, and hide a loss by luck). For every generator: a transaction draws a key
# and rolls back (nextval() WAL-logs 32 values ahead there, and a rollback flushes nothing), then
# three autocommit SELECTs return keys, all in one session; then an immediate shutdown, and the
# first key after the restart must lie above all three. Every sequence is ahead of the clock
# before the crash, so that no lift (whose setval would be flushed by its commit) runs among
# those draws: (a) an hour ahead, so that no lift covers a lost tick after the restart either;
# (b) ten seconds ahead, the keys after the restart made once the clock has passed that while
# a superuser's session holds the lift's lock (the rows of uuid6_sql_sequences.uuid6_sql_lifts,
# which no other role can name), so that the lifts they need cannot run.
section "keys returned before a crash (synchronous_commit = on): none handed out again"
for db in edition_crash_a edition_crash_b; do
  T postgres postgres -c "CREATE DATABASE $db" >/dev/null
  T $db postgres -c "CREATE EXTENSION pg_tle" >/dev/null
  T $db edition_tle_admin -f "$TLE/uuid6-pgtle.sql" >/dev/null
  T $db postgres -c "CREATE EXTENSION uuid6" >/dev/null
done
crash_generators="uuid_generate_v6() uuid_generate_v7() uuid_generate_v8() uuid_generate_v7_draft('ms') uuid_generate_v7_draft('us') uuid_generate_v7_draft('ns')"
crash_names=(v6 v7 v8 ms us ns)
start_durable() {
  as_postgres pg_ctl -D "$TLE_DIR/data" -l "$TLE_DIR/server.log" -o "-c fsync=on -c wal_writer_delay=10s" -w start >/dev/null
}
cluster_stop "$TLE_DIR" && start_durable
check "the server for the crash: fsync on, synchronous_commit on" \
  "$(T postgres postgres -c "SELECT current_setting('fsync'), current_setting('synchronous_commit')")" "on|on"
ahead() {  # ahead DB INTERVAL: every sequence of the database that far ahead of the clock
  T "$1" postgres \
    -c "SELECT uuid6_advance(uuid_generate_v6(now() + interval '$2')), uuid6_advance(uuid_generate_v7(now() + interval '$2')), uuid6_advance(uuid_generate_v8(now() + interval '$2'))" \
    -c "SELECT setval(uuid6_sql_sequence(g, true::uuid6_sql_seal), uuid6_sql_clock_tick(g, (extract(epoch FROM now() + interval '$2') * 1000000)::bigint, true::uuid6_sql_seal)) FROM unnest(ARRAY[70, 71, 72]) AS g" >/dev/null
}
ahead edition_crash_a '1 hour'
ahead edition_crash_b '10 seconds'
lead_until=$(($(date +%s) + 11))
declare -A returned
for db in edition_crash_a edition_crash_b; do
  draws=()
  for g in $crash_generators; do
    draws+=(-c "BEGIN" -c "SELECT 'rolled back ' || $g" -c "ROLLBACK"
            -c "SELECT 'returned ' || $g" -c "SELECT 'returned ' || $g" -c "SELECT 'returned ' || $g")
  done
  mapfile -t keys < <(T $db postgres "${draws[@]}" | sed -n 's/^returned //p')
  for i in "${!crash_names[@]}"; do
    returned[$db-${crash_names[$i]}]="${keys[$((3 * i))]} ${keys[$((3 * i + 1))]} ${keys[$((3 * i + 2))]}"
  done
done
as_postgres pg_ctl -D "$TLE_DIR/data" -m immediate -w stop >/dev/null
start_durable
if INTRUDER_USER=postgres intrude edition_crash_b crash "BEGIN" "SELECT generator FROM uuid6_sql_sequences.uuid6_sql_lifts FOR UPDATE"; then
  while [ "$(date +%s)" -le "$lead_until" ]; do sleep 0.5; done
  for db in edition_crash_a edition_crash_b; do
    got=
    i=0
    for g in $crash_generators; do
      keys=(${returned[$db-${crash_names[$i]}]})
      got+="${crash_names[$i]} $(T $db postgres -c "SELECT CASE WHEN k > ALL (ARRAY['${keys[0]:-}', '${keys[1]:-}', '${keys[2]:-}']::uuid[]) THEN 'above' ELSE 'REPEATS ' || k::text END FROM (SELECT $g AS k) s" 2>&1) "
      i=$((i + 1))
    done
    case $db in
      edition_crash_a) what="(a) every sequence an hour ahead of the clock" ;;
      *) what="(b) the lift's lock held by a superuser's session when the clock has passed the sequences" ;;
    esac
    check "$what: the first key of every generator after the crash lies above the keys returned before it" \
      "$got" "v6 above v7 above v8 above ms above us above ns above "
  done
  check "(b) those keys were handed out behind the clock, and counted" \
    "$(T edition_crash_b postgres -c "SELECT string_agg((lagging_keys > 0)::text, ' ' ORDER BY version) FROM uuid6_status()")" "true true true"
else
  not_ok "a superuser's session holds the lift's lock after the restart" "$(cat "$W/work/intruder-crash.log")"
fi
let_go
cluster_stop "$TLE_DIR"
as_postgres pg_ctl -D "$TLE_DIR/data" -l "$TLE_DIR/server.log" -w start >/dev/null

# --- e. pg_dump / pg_restore -------------------------------------------------------------------
section "pg_dump and pg_restore of a database using the TLE"
DUMP=$(tool pg_dump)
RESTORE=$(tool pg_restore)
dump_ok=no
if [ -n "$DUMP" ] && [ -n "$RESTORE" ]; then
  dv=$("$DUMP" --version | grep -oE '[0-9]+' | head -n 1)
  [ "$dv" -ge "$MAJOR" ] && dump_ok=yes
fi
if [ $dump_ok = yes ]; then
  T edition_order postgres -c "INSERT INTO item (body) SELECT 'before the dump' FROM generate_series(1, 1000)" >/dev/null
  if as_postgres "$DUMP" -h "$TLE_DIR" -p "$PORT" -U postgres -Fc -f "$W/work/order.dump" edition_order 2>"$W/work/dump.log" &&
     T postgres postgres -c "CREATE DATABASE edition_restored TEMPLATE template0" >/dev/null &&
     as_postgres "$RESTORE" -h "$TLE_DIR" -p "$PORT" -U postgres -d edition_restored --exit-on-error "$W/work/order.dump" 2>>"$W/work/dump.log"; then
    ok "pg_dump and pg_restore ($(basename "$(dirname "$DUMP")")/pg_dump $dv) of a database using the TLE"
    T edition_restored postgres -c "INSERT INTO item (body) SELECT 'after the restore' FROM generate_series(1, 1000)" \
      -c "INSERT INTO keys (version, id) SELECT v, CASE v WHEN 6 THEN uuid_generate_v6() WHEN 7 THEN uuid_generate_v7() ELSE uuid_generate_v8() END FROM generate_series(1, 100), unnest(ARRAY[6, 7, 8]) AS v" >/dev/null
    check "restored: the extension, its rows, and new keys (DEFAULT and each version) above every restored key" \
      "$(T edition_restored postgres -c "SELECT extversion FROM pg_extension WHERE extname = 'uuid6'" \
           -c "SELECT count(*) FILTER (WHERE body = 'after the restore' AND id <= (SELECT id FROM item WHERE body <> 'after the restore' ORDER BY id DESC LIMIT 1)) FROM item" \
           -c "SELECT count(*) FROM keys k WHERE k.n > (SELECT max(n) - 300 FROM keys) AND k.id <= (SELECT k2.id FROM keys k2 WHERE k2.version = k.version AND k2.n <= (SELECT max(n) - 300 FROM keys) ORDER BY k2.id DESC LIMIT 1)")" \
      "$EDITION_VERSION
0
0"
  else
    not_ok "pg_dump and pg_restore of a database using the TLE" "$(tail -n 20 "$W/work/dump.log")"
  fi
else
  skip "PostgreSQL $MAJOR: no pg_dump/pg_restore of version $MAJOR or later (set DUMP_BINDIR, or: ../shared/tools/pgmatrix 19): the dump test did not run"
fi

# --- h. updates of the pg_tle edition (the tests above section d) ----------------------------------
section "updates of the pg_tle edition"
for v in "${RELEASES[@]}"; do update_release_test tle "$v"; done
for v in "${RELEASES[@]}"; do update_under_load_test tle "$v"; done
update_open_transaction_test tle

# --- i. the pg_tle edition turned into the plain script's in place ---------------------------------
# On a server where the C library's files are installed, CREATE EXTENSION uuid6 and ALTER
# EXTENSION uuid6 UPDATE take the C library's control file and scripts even in a database where
# pg_tle has uuid6 registered (an update there runs the C library's update script over the SQL
# edition's objects), and pg_tle refuses to register the name: a database on the pg_tle edition
# leaves the extension first (uuid6-pgtle-detach.sql of make tle, by the role that created it), becomes
# what the plain script installs, and moves to the C library as test/edition/move.sql does.
section "the pg_tle edition turned into the plain script's in place"
detach_test() {
  local db=edition_detach fresh=edition_detach_fresh label="pg_tle -> plain in place"
  if ! upd_install tle "$TLE" "$db" ||
     ! T "$db" edition_app -c "CREATE SCHEMA app" \
       -c "CREATE TABLE app.item (n bigserial PRIMARY KEY, phase text NOT NULL,
             v6 uuid NOT NULL DEFAULT ids.uuid_generate_v6(), v7 uuid NOT NULL DEFAULT ids.uuid_generate_v7(),
             v8 uuid NOT NULL DEFAULT ids.uuid_generate_v8())" \
       -c "SELECT ids.uuid6_advance(ids.uuid_generate_v6(clock_timestamp() + interval '1 minute')),
                  ids.uuid6_advance(ids.uuid_generate_v7(clock_timestamp() + interval '1 minute')),
                  ids.uuid6_advance(ids.uuid_generate_v8(clock_timestamp() + interval '1 minute'))" \
       -c "INSERT INTO app.item (phase) SELECT 'before' FROM generate_series(1, 100)" \
       -c "GRANT USAGE ON SCHEMA ids TO edition_reader" -c "GRANT EXECUTE ON FUNCTION ids.uuid6_advance(uuid) TO edition_reader" \
       -c "CREATE TABLE app.defaults AS SELECT 'before'::text AS step, a.adnum, pg_get_expr(a.adbin, a.adrelid) AS expr,
             (SELECT string_agg(d.refobjid::text, ' ' ORDER BY d.refobjid) FROM pg_depend d
              WHERE d.classid = 'pg_attrdef'::regclass AND d.objid = a.oid AND d.refclassid = 'pg_proc'::regclass) AS functions
           FROM pg_attrdef a WHERE a.adrelid = 'app.item'::regclass" >"$W/work/$db.log" 2>&1; then
    not_ok "$label: the pg_tle edition installed, with keys and DEFAULTs" "$(tail -n 10 "$W/work/$db.log")"
    return
  fi
  if T "$db" edition_app -f "$TLE/uuid6-pgtle-detach.sql" >"$W/work/detach.log" 2>&1 &&
     T "$db" edition_tle_admin -c "SELECT pgtle.uninstall_extension('uuid6')" >>"$W/work/detach.log" 2>&1; then
    ok "$label: uuid6-pgtle-detach.sql by edition_app, the role that created the extension; pgtle.uninstall_extension by a role with pgtle_admin"
  else
    not_ok "$label: uuid6-pgtle-detach.sql, then pgtle.uninstall_extension" "$(tail -n 10 "$W/work/detach.log")"
    return
  fi
  T "$db" edition_app -c "INSERT INTO app.defaults SELECT 'after', a.adnum, pg_get_expr(a.adbin, a.adrelid),
          (SELECT string_agg(d.refobjid::text, ' ' ORDER BY d.refobjid) FROM pg_depend d
           WHERE d.classid = 'pg_attrdef'::regclass AND d.objid = a.oid AND d.refclassid = 'pg_proc'::regclass)
        FROM pg_attrdef a WHERE a.adrelid = 'app.item'::regclass" \
    -c "INSERT INTO app.item (phase) SELECT 'after' FROM generate_series(1, 100)" >/dev/null
  check "$label: no extension, nothing registered with pg_tle, uuid6_status() says sql_script; DEFAULTs (same functions, OIDs) go on, every new key above the old" \
    "$(T "$db" edition_app -c "SELECT (SELECT count(*) FROM pg_extension WHERE extname = 'uuid6'),
                                      (SELECT count(*) FROM pgtle.available_extensions() WHERE name = 'uuid6'),
                                      (SELECT string_agg(DISTINCT mode, ',') FROM ids.uuid6_status())" \
        -c "SELECT count(*) FILTER (WHERE a.expr IS DISTINCT FROM b.expr OR a.functions IS DISTINCT FROM b.functions), count(*)
            FROM app.defaults b LEFT JOIN app.defaults a ON a.step = 'after' AND a.adnum = b.adnum WHERE b.step = 'before'" \
        -c "SELECT count(*) FILTER (WHERE a.v6 <= (SELECT v6 FROM app.item WHERE phase = 'before' ORDER BY v6 DESC LIMIT 1)
                                   OR a.v7 <= (SELECT v7 FROM app.item WHERE phase = 'before' ORDER BY v7 DESC LIMIT 1)
                                   OR a.v8 <= (SELECT v8 FROM app.item WHERE phase = 'before' ORDER BY v8 DESC LIMIT 1)), count(*)
            FROM app.item a WHERE a.phase = 'after'")" "0|0|sql_script
0|4
0|100"
  # What the plain script of the same version installs, by the same role on the same server.
  if T postgres postgres -c "DROP DATABASE IF EXISTS $fresh" -c "CREATE DATABASE $fresh" >/dev/null &&
     T "$fresh" postgres -c "GRANT CREATE ON DATABASE $fresh TO edition_app" >/dev/null &&
     T "$fresh" edition_app -v schema=ids -f "$TLE/uuid6.sql" >/dev/null &&
     T "$fresh" edition_app -c "GRANT USAGE ON SCHEMA ids TO edition_reader" -c "GRANT EXECUTE ON FUNCTION ids.uuid6_advance(uuid) TO edition_reader" >/dev/null; then
    upd_compare "$label: the objects left" tle "$db" "$fresh"
    out=$(T "$db" edition_app -v schema=ids -f "$TLE/uuid6.sql" 2>&1) || not_ok "$label: the plain script runs over it" "$(tail -n 10 <<<"$out")"
    upd_compare "$label, then the plain script run over it" tle "$db" "$fresh"
  else
    not_ok "$label: a fresh install of the plain script to compare with"
  fi
}
detach_test
