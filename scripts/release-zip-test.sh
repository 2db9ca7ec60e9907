#!/usr/bin/env bash
# The release archive and the SQL edition's build outside a full clone, as a user meets them:
#   tle  make tle needs neither git history nor GNU tools: scripts/tle.sh under bash 3.2 and BSD
#        tools (test/portability/run.sh); make tle from a `git archive` tarball and from a
#        `git clone --depth 1` builds the same bytes as in the clone
#   zip  make dist's archive, unpacked where there is no repository (no .git, no ../shared, no
#        git on the PATH): its sql-edition/ (plain script, pg_tle installer, dbdev folder with the
#        updates from 1.3, 1.4 and 1.5) is what make tle builds, from the archive as from the clone; the
#        C library builds with PGXS and installs from it (CREATE EXTENSION, a v7 key); the plain
#        script installs from it, and updates a 1.4 plain installation in place
# Runs against the server of PG_CONFIG (installs uuid6's C library there: scripts/release-test.sh
# runs it on Debian's PostgreSQL 15 and puts the source build back), in a scratch cluster on
# RELEASE_ZIP_PORT (default 5495). Prints "ok - GROUP: ..." / "not ok - GROUP: ..." lines and
# "N passed, N failed".
set -uo pipefail
source "$(dirname "$0")/lib.sh"
[ -n "$PG_CONFIG" ] || { echo "PG_CONFIG names the server to install into"; echo "0 passed, 1 failed"; exit 1; }
PG_BINDIR=$("$PG_CONFIG" --bindir)
export PG_CONFIG PG_BINDIR
cd "$ROOT" || exit 1
VERSION=$(perl -MJSON::PP -0777 -ne 'print decode_json($_)->{version}' META.json)
EXTVERSION=$(sed -n "s/^default_version = '\(.*\)'/\1/p" uuid6.control)
# The archive: ZIP, or make dist's of HEAD, made now.
ZIP_GIVEN=${ZIP:-}
ZIP=${ZIP:-$ROOT/build/uuid6-$VERSION.zip}
W=$(mktemp -d /tmp/uuid6-release-zip.XXXXXX)
chmod 755 "$W"
CLUSTER=
cleanup() { [ -z "$CLUSTER" ] || cluster_stop "$CLUSTER"; rm -rf "$W"; }
trap cleanup EXIT
n=0
failed=0
check() {  # check GROUP DESCRIPTION COMMAND...: the command's output shown when it fails
  local group=$1 what=$2 log=$W/check-$((n + 1)).log
  shift 2
  n=$((n + 1))
  if "$@" >"$log" 2>&1; then
    echo "ok - $group: $what"
  else
    failed=$((failed + 1))
    echo "not ok - $group: $what"
    tail -n 25 "$log" | sed 's/^/#   /'
  fi
}
in_git() { git -C "$ROOT" rev-parse -q --verify "$1^{commit}" >/dev/null 2>&1; }

# --- tle ------------------------------------------------------------------------------------
bash "$ROOT/test/portability/run.sh" >"$W/portability.log" 2>&1
portability_rc=$?
grep -E '^((not )?ok - |#)' "$W/portability.log"
n=$((n + $(grep -cE '^(not )?ok - ' "$W/portability.log")))
failed=$((failed + $(grep -cE '^not ok - ' "$W/portability.log")))
if [ "$portability_rc" -ne 0 ] && ! grep -q '^not ok - ' "$W/portability.log"; then
  n=$((n + 1)) failed=$((failed + 1))
  echo "not ok - tle: test/portability/run.sh stopped early (exit $portability_rc)"
  tail -n 25 "$W/portability.log" | sed 's/^/#   /'
fi

built() {  # built DIR: make tle's output of this tree into DIR
  bash scripts/tle.sh "$1"
}
check tle "make tle in the clone" built "$W/tle-git"

# A tarball of the tree (no .git) and a shallow clone (no release commits).
from_tarball() {
  local t=$W/tarball
  mkdir -p "$t" && git archive --format=tar.gz --prefix=uuid6/ -o "$W/uuid6.tar.gz" HEAD &&
    tar -xzf "$W/uuid6.tar.gz" -C "$t" && [ ! -e "$t/uuid6/.git" ] &&
    make -C "$t/uuid6" tle && diff -r "$W/tle-git" "$t/uuid6/build/tle"
}
check tle "make tle from a git archive tarball builds the same bytes" from_tarball
from_shallow() {
  local t=$W/shallow
  git clone -q --depth 1 "file://$ROOT" "$t" || return 1
  ! git -C "$t" rev-parse -q --verify '9bf83c5^{commit}' || { echo "the shallow clone has 9bf83c5"; return 1; }
  make -C "$t" tle && diff -r "$W/tle-git" "$t/build/tle"
}
check tle "make tle from a shallow clone (git clone --depth 1) builds the same bytes" from_shallow
git diff --quiet HEAD -- sql/edition scripts ||
  echo "# note: uncommitted changes under sql/edition or scripts: the tarball and the shallow clone are of HEAD"

# --- zip ------------------------------------------------------------------------------------
if [ -z "$ZIP_GIVEN" ]; then
  check zip "make dist" make -s dist
fi
check zip "the archive ${ZIP#"$ROOT"/} is there" test -s "$ZIP"
# Unpacked with no repository around it, and no git at all.
Z=$W/user/uuid6-$VERSION
mkdir -p "$W/user" "$W/nogit"
printf '#!/bin/sh\necho "git: not installed here" >&2\nexit 127\n' >"$W/nogit/git"
chmod +x "$W/nogit/git"
NOGIT_PATH=$W/nogit:$PG_BINDIR:$PATH
unpacked() {
  unzip -q "$ZIP" -d "$W/user" && [ -d "$Z" ] && [ ! -e "$Z/.git" ] && [ ! -e "$W/user/shared" ] &&
    ! git -C "$Z" rev-parse --git-dir 2>/dev/null && chmod -R a+rX "$W/user"
}
check zip "unpacked where there is no repository (no .git, no ../shared)" unpacked
holds_edition() {
  local f
  for f in README.md uuid6.sql uuid6-pgtle.sql uuid6-pgtle-detach.sql dbdev/uuid6.control dbdev/README.md "dbdev/uuid6--$EXTVERSION.sql" \
    dbdev/uuid6--1.3--1.5.sql dbdev/uuid6--1.4--1.5.sql "dbdev/uuid6--1.5--$EXTVERSION.sql"; do
    [ -s "$Z/sql-edition/$f" ] || { echo "sql-edition/$f is missing"; return 1; }
  done
  grep -q "'1.3', '1.4', '1.5', '$EXTVERSION'" "$Z/sql-edition/uuid6.sql" || { echo "the plain script does not update from 1.3, 1.4 and 1.5"; return 1; }
  grep -q "install_update_path('uuid6', '1.5', '$EXTVERSION'" "$Z/sql-edition/uuid6-pgtle.sql" &&
    grep -q "install_update_path('uuid6', '1.4', '1.5'" "$Z/sql-edition/uuid6-pgtle.sql" &&
    grep -q "install_update_path('uuid6', '1.3', '1.5'" "$Z/sql-edition/uuid6-pgtle.sql" ||
    { echo "the pg_tle installer lacks the update paths from 1.3, 1.4 and 1.5"; return 1; }
  grep -q 'sql-edition/' "$Z/README.md" || { echo "the README does not say where the SQL edition is"; return 1; }
}
check zip "sql-edition/ holds the plain script, the pg_tle installer, the dbdev folder with the updates from 1.3, 1.4 and 1.5; the README points there" holds_edition
ready_is_built() { diff -r -x README.md "$W/tle-git" "$Z/sql-edition" && diff "$W/tle-git/dbdev/README.md" "$Z/sql-edition/dbdev/README.md"; }
check zip "sql-edition/ is what make tle builds in the clone, byte for byte" ready_is_built
tle_in_zip() { env PATH="$NOGIT_PATH" make -C "$Z" tle && diff -r "$Z/build/tle" "$W/tle-git"; }
check zip "make tle in the archive, without git, builds the same bytes" tle_in_zip
pgxs_build() {
  env PATH="$NOGIT_PATH" make -C "$Z" -s -j2 PG_CONFIG="$PG_CONFIG" && as_root env PATH="$NOGIT_PATH" make -C "$Z" -s install PG_CONFIG="$PG_CONFIG"
}
check zip "the C library builds with PGXS and installs from the archive, without git" pgxs_build

CLUSTER=$(cluster_dir release-zip)
if cluster_start "$CLUSTER" "${RELEASE_ZIP_PORT:-5495}" "shared_preload_libraries = ''"; then
  sql() {  # sql DB SQL EXPECTED
    local out
    out=$(as_postgres psql -X -q -At -v ON_ERROR_STOP=1 -d "$1" -c "$2" 2>&1)
    echo "$out"
    [ "$out" = "$3" ]
  }
  fresh_db() { as_postgres psql -X -q -d postgres -c "SET client_min_messages = warning" -c "DROP DATABASE IF EXISTS $1" -c "CREATE DATABASE $1"; }
  fresh_db zip_c >/dev/null
  check zip "the archive's C library: CREATE EXTENSION uuid6 $EXTVERSION and a v7 key" sql zip_c \
    "CREATE EXTENSION uuid6; SELECT extversion, substr(uuid_generate_v7()::text, 15, 1) FROM pg_extension WHERE extname = 'uuid6'" \
    "$EXTVERSION|7"
  fresh_db zip_plain >/dev/null
  plain_install() {
    as_postgres psql -X -q -v ON_ERROR_STOP=1 -d zip_plain -v schema=uuid6 -f "$Z/sql-edition/uuid6.sql" &&
      sql zip_plain "SELECT uuid6.uuid6_sql_edition_version(), substr(uuid6.uuid_generate_v7()::text, 15, 1)" "$EXTVERSION|7"
  }
  check zip "the archive's plain script installs (psql -v schema=uuid6 -f sql-edition/uuid6.sql) and makes v7 keys" plain_install
  # 1.4's plain script, built by the 1.4 release's own tle.sh, then the archive's over it.
  if in_git 4328dba; then
    plain_update() {
      local r=$W/r14
      mkdir -p "$r" && git archive 4328dba scripts sql/edition uuid6.control | tar -x -C "$r" &&
        TLE_RELEASES= bash "$r/scripts/tle.sh" "$r/tle" && chmod -R a+rX "$r" || return 1
      fresh_db zip_update &&
        as_postgres psql -X -q -v ON_ERROR_STOP=1 -d zip_update -v schema=uuid6 -f "$r/tle/uuid6.sql" &&
        as_postgres psql -X -q -v ON_ERROR_STOP=1 -d zip_update -c "CREATE TABLE t (n serial, id uuid DEFAULT uuid6.uuid_generate_v7()); INSERT INTO t SELECT FROM generate_series(1, 3)" &&
        sql zip_update "SELECT uuid6.uuid6_sql_edition_version()" 1.4 &&
        as_postgres psql -X -q -v ON_ERROR_STOP=1 -d zip_update -v schema=uuid6 -f "$Z/sql-edition/uuid6.sql" &&
        sql zip_update "INSERT INTO t DEFAULT VALUES; SELECT uuid6.uuid6_sql_edition_version(), (SELECT count(*) FROM t a JOIN t b ON a.n < b.n AND a.id >= b.id), count(*) FROM t" "$EXTVERSION|0|4"
    }
    check zip "the archive's plain script updates a 1.4 plain installation in place, its keys above the old ones" plain_update
  elif [ "${CI:-}" = true ]; then
    check zip "the update from 1.4's plain script (needs commit 4328dba in the clone)" false
  else
    echo "# this clone lacks 4328dba: the update of a 1.4 plain installation was not tried"
  fi
else
  check zip "a scratch cluster for the archive's installations" false
fi

echo "$((n - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
