#!/usr/bin/env bash
# The ways to install uuid6, tested on Debian's PostgreSQL 15 as a user
# would follow them: every command of the README's Install section is run
# as written there (a leading `sudo` is dropped when running as root), with
# checks in between, in a scratch cluster without uuid6 preloaded:
#   source  make, make install, the upgrade, DROP EXTENSION, make uninstall
#   pgxn    META.json against PGXN Meta Spec 1.0.0 (and the checker's own
#           failures), make dist and the archive's layout, pgxn install and
#           uninstall of the archive
#   deb     make deb, dpkg -i, dpkg -r removes every file the package has
#   install every command the README shows was run
#   tle, zip  scripts/release-zip-test.sh: make tle from the release archive, a tarball
#           and a shallow clone, under bash 3.2 and BSD tools; the archive unpacked where
#           there is no repository, the C library and the SQL edition installed from it
# Prints "ok - GROUP: ..." / "not ok - GROUP: ..." lines (scripts/test.sh
# counts them). It replaces the uuid6 files of the system's PostgreSQL 15
# and puts the source build back at the end, so it runs under the PG 15
# lock; scripts/test.sh, itself run under that lock, sets UUID6_PG15_LOCKED.
set -uo pipefail
if [ "${UUID6_PG15_LOCKED:-}" != 1 ]; then
  exec env UUID6_PG15_LOCKED=1 flock /tmp/uuid6-pg15.lock bash "$0" "$@"
fi
PG_CONFIG=/usr/lib/postgresql/15/bin/pg_config
source "$(dirname "$0")/lib.sh"
ensure_build_tools
ensure_packages pgxnclient debhelper postgresql-server-dev-all zip unzip
cd "$ROOT" || exit 1
# The README's commands find this server's pg_config and psql first.
export PATH="$PG_BINDIR:$PATH"
LOG=$ROOT/build/release-checks
mkdir -p "$LOG"

SHAREDIR=$("$PG_CONFIG" --sharedir)
PKGLIBDIR=$("$PG_CONFIG" --pkglibdir)
VERSION=$(perl -MJSON::PP -0777 -ne 'print decode_json($_)->{version}' META.json)
EXTVERSION=$(sed -n "s/^default_version = '\(.*\)'/\1/p" uuid6.control)
ZIP=build/uuid6-$VERSION.zip
DEB=build/deb/postgresql-15-uuid6_$VERSION-1_$(dpkg --print-architecture).deb

n=0
failed=0
# check GROUP DESCRIPTION COMMAND...: one check, its output kept in the log
# and shown when it fails.
check() {
  local group=$1 what=$2 log
  shift 2
  n=$((n + 1))
  log=$LOG/$n.log
  if "$@" >"$log" 2>&1; then
    echo "ok - $group: $what"
  else
    failed=$((failed + 1))
    echo "not ok - $group: $what"
    tail -n 25 "$log" | sed 's/^/#   /'
  fi
}
# check_fails GROUP DESCRIPTION COMMAND...: the command (or function) must fail.
fails() { ! "$@"; }
check_fails() {
  local group=$1 what=$2
  shift 2
  check "$group" "$what" fails "$@"
}

# The Install section's commands, each as one line without its comment.
mapfile -t README_COMMANDS < <(awk '/^## / {s = ($0 == "## Install")} s && /^```sh$/ {f = 1; next} /^```$/ {f = 0} s && f' README.md |
  sed 's/[[:space:]]*#.*$//' | grep .)
declare -A RAN=()
# readme GROUP COMMAND: runs a command of the README's Install section.
readme() {
  local group=$1 command=$2 shown=no c
  for c in "${README_COMMANDS[@]}"; do [ "$c" = "$command" ] && shown=yes; done
  if [ $shown = no ]; then
    n=$((n + 1))
    failed=$((failed + 1))
    echo "not ok - $group: the README's Install section shows \`$command\`"
    return
  fi
  RAN[$command]=1
  [ "$(id -u)" = 0 ] && command=${command#sudo }
  check "$group" "\`$2\`" bash -c "$command"
}

# sql DB SQL EXPECTED: the query's output must be EXPECTED.
sql() {
  local out
  out=$(psql -X -q -At -v ON_ERROR_STOP=1 -d "$1" -c "$2" 2>&1)
  echo "$out"
  [ "$out" = "$3" ]
}
fresh_db() { psql -X -q -d postgres -c "SET client_min_messages = warning" -c "DROP DATABASE IF EXISTS $1" -c "CREATE DATABASE $1"; }
installed_files() { ls -d "$SHAREDIR"/extension/uuid6[.-]* "$PKGLIBDIR"/uuid6.so 2>/dev/null; }
none_installed() { ! installed_files; }
works() {  # works GROUP HOW: CREATE EXTENSION in a new database, then generate
  fresh_db mydb >/dev/null
  check "$1" "installed $2: CREATE EXTENSION uuid6 and generating work" sql mydb \
    "CREATE EXTENSION uuid6; SELECT extversion, substr(uuid_generate_v7()::text, 15, 1) FROM pg_extension WHERE extname = 'uuid6'" \
    "$EXTVERSION|7"
}
not_available() {
  local out
  out=$(psql -X -q -d mydb -c 'CREATE EXTENSION uuid6' 2>&1)
  echo "$out"
  grep -qE 'could not open extension control file|extension "uuid6" is not available' <<<"$out"
}
cannot_create() {
  fresh_db mydb >/dev/null
  check "$1" "uninstalled $2: CREATE EXTENSION uuid6 finds no extension" not_available
}

# Whatever happens, leave the system's PostgreSQL 15 as the suites expect it:
# no package, the source build installed.
CLUSTER=$(cluster_dir release)
restore() {
  cluster_stop "$CLUSTER"
  dpkg-query -W -f='${Status}' postgresql-15-uuid6 2>/dev/null | grep -q 'ok installed' &&
    as_root dpkg -r postgresql-15-uuid6 >/dev/null
  as_root make -s install PG_CONFIG="$PG_CONFIG" >/dev/null
}
trap restore EXIT
cluster_start "$CLUSTER" "${RELEASE_PORT:-5498}" "shared_preload_libraries = ''" || exit 1

# --- From source ------------------------------------------------------------
# As in a fresh clone: no objects left from a build for another server.
make -s clean PG_CONFIG="$PG_CONFIG" >/dev/null
readme source "make"
readme source "sudo make install"
works source "with make install"
fresh_db mydb >/dev/null
psql -X -q -d mydb -c "CREATE EXTENSION uuid6 VERSION '1.0'"
readme source "psql -d mydb -c 'ALTER EXTENSION uuid6 UPDATE'"
check source "the upgrade from 1.0 reaches $EXTVERSION" sql mydb \
  "SELECT extversion FROM pg_extension WHERE extname = 'uuid6'" "$EXTVERSION"
readme source "psql -d mydb -c 'DROP EXTENSION uuid6'"
check source "DROP EXTENSION removed it" sql mydb "SELECT count(*) FROM pg_extension WHERE extname = 'uuid6'" 0
readme source "sudo make uninstall"
check source "make uninstall removes every uuid6 file" none_installed
cannot_create source "with make uninstall"

# --- PGXN -------------------------------------------------------------------
check pgxn "META.json follows PGXN Meta Spec 1.0.0 and names this version" perl scripts/check-meta.pl .
# The checker itself fails on what the spec forbids.
meta_case() {  # meta_case DESCRIPTION PERL: META.json changed by PERL must be rejected
  local dir=$LOG/meta-case
  rm -rf "$dir" && mkdir -p "$dir" && cp uuid6.control README.md "$dir/"
  perl -MJSON::PP -0777 -ne "my \$m = decode_json(\$_); $2; print JSON::PP->new->pretty->encode(\$m)" \
    META.json >"$dir/META.json"
  check_fails pgxn "the META.json checker rejects $1" perl scripts/check-meta.pl "$dir"
}
meta_case "a meta-spec version other than 1.0.x" '$m->{"meta-spec"}{version} = "1.1.0"'
meta_case "a key outside the spec" '$m->{repository} = "https://example.org/uuid6.git"'
meta_case "a missing required key" 'delete $m->{provides}'
meta_case "a version other than the control file's" '$m->{version} = "9.9.0"'
meta_case "a provided file that is not there" '$m->{provides}{uuid6}{file} = "sql/uuid6.sql"'
meta_case "a license the spec does not name" '$m->{license} = "PostgreSQL"'
meta_case "an unknown release status" '$m->{release_status} = "final"'
meta_case "a prerequisite that is not a version range" '$m->{prereqs}{runtime}{requires}{PostgreSQL} = "15"'
meta_case "resources outside the spec" '$m->{resources} = {bugs => "https://example.org"}'
meta_case "resources without a repository" 'delete $m->{resources}{repository}'
meta_case "resources without a bugtracker" 'delete $m->{resources}{bugtracker}'
meta_case "no resources" 'delete $m->{resources}'

readme pgxn "make dist"
check pgxn "make dist wrote $ZIP" test -s "$ZIP"
zip_layout() {
  local list bad
  list=$(unzip -Z1 "$ZIP") || return 1
  bad=$(grep -v "^uuid6-$VERSION/" <<<"$list") && { echo "outside uuid6-$VERSION/: $bad"; return 1; }
  bad=$(grep -E "\.(o|so|bc|zip|deb)\$|^uuid6-$VERSION/(build|results|log|tmp_check)/|/\.git|/test/isolation/(results|output_iso)/|regression\.(diffs|out)\$" <<<"$list") &&
    { echo "build products or repository files: $bad"; return 1; }
  for f in META.json LICENSE README.md Makefile uuid6.control sql/uuid6--1.0.sql debian/control.in; do
    grep -qx "uuid6-$VERSION/$f" <<<"$list" || { echo "missing $f"; return 1; }
  done
  rm -rf "$LOG/unzipped" && mkdir -p "$LOG/unzipped" && unzip -q "$ZIP" -d "$LOG/unzipped" &&
    perl scripts/check-meta.pl "$LOG/unzipped/uuid6-$VERSION"
}
check pgxn "the archive has one top directory uuid6-$VERSION/, no build products, a valid META.json" zip_layout
readme pgxn "pgxn install ./build/uuid6-$VERSION.zip --sudo"
works pgxn "with pgxn install"
psql -X -q -d mydb -c 'DROP EXTENSION uuid6'
readme pgxn "pgxn uninstall ./build/uuid6-$VERSION.zip --sudo"
check pgxn "pgxn uninstall removes every uuid6 file" none_installed
cannot_create pgxn "with pgxn uninstall"

# --- Debian package -------------------------------------------------------------
readme deb "make deb"
check deb "make deb wrote $DEB, package postgresql-15-uuid6 $VERSION-1" \
  bash -c "[ \"\$(dpkg-deb -f '$DEB' Package Version | tr '\n' ' ')\" = 'Package: postgresql-15-uuid6 Version: $VERSION-1 ' ]"
dpkg-deb -c "$DEB" 2>/dev/null | awk '$1 !~ /^d/ {sub(/^\./, "", $6); print $6}' >"$LOG/deb-files.txt"
holds_extension() {
  local f
  for f in "$PKGLIBDIR/uuid6.so" "$SHAREDIR/extension/uuid6.control" "$SHAREDIR/extension/uuid6--1.0.sql" \
    "$SHAREDIR/extension/uuid6--$EXTVERSION.sql" $(for s in sql/uuid6--*--*.sql; do echo "$SHAREDIR/extension/${s#sql/}"; done); do
    grep -qx "$f" "$LOG/deb-files.txt" || { echo "the package lacks $f"; return 1; }
  done
}
check deb "the package holds the library, the control file, the install and upgrade scripts" holds_extension
readme deb "sudo dpkg -i build/deb/postgresql-15-uuid6_$VERSION-1_amd64.deb"
check deb "dpkg says it is installed" \
  bash -c "dpkg-query -W -f='\${Status} \${Version}' postgresql-15-uuid6 | grep -qx 'install ok installed $VERSION-1'"
all_present() { local f; while read -r f; do [ -e "$f" ] || { echo "missing $f"; return 1; }; done <"$LOG/deb-files.txt"; }
check deb "every file of the package is in place" all_present
works deb "from the package"
readme deb "psql -d mydb -c 'DROP EXTENSION uuid6'"
readme deb "sudo dpkg -r postgresql-15-uuid6"
all_gone() { local f; while read -r f; do [ ! -e "$f" ] || { echo "left behind: $f"; return 1; }; done <"$LOG/deb-files.txt"; }
check deb "dpkg -r removes every file the package installed ($(wc -l <"$LOG/deb-files.txt") files)" all_gone
cannot_create deb "with dpkg -r"

# --- The SQL edition's build outside a clone, the archive without a repository ------
# scripts/release-zip-test.sh, on this server (it installs the archive's C library;
# restore puts the source build back). Its lines are this script's.
# make dist (run by the README's commands above) wrote $ZIP from HEAD.
ZIP=$ROOT/$ZIP PG_CONFIG=$PG_CONFIG RELEASE_ZIP_PORT=${RELEASE_ZIP_PORT:-5495} bash scripts/release-zip-test.sh >"$LOG/zip.log" 2>&1
zip_rc=$?
grep -E '^((not )?ok - |#)' "$LOG/zip.log"
n=$((n + $(grep -cE '^(not )?ok - ' "$LOG/zip.log")))
failed=$((failed + $(grep -cE '^not ok - ' "$LOG/zip.log")))
if [ "$zip_rc" -ne 0 ] && ! grep -q '^not ok - ' "$LOG/zip.log"; then
  n=$((n + 1))
  failed=$((failed + 1))
  echo "not ok - zip: scripts/release-zip-test.sh stopped early (exit $zip_rc)"
  tail -n 25 "$LOG/zip.log" | sed 's/^/#   /'
fi

# --- The README's Install section, all of it ---------------------------------
for c in "${README_COMMANDS[@]}"; do
  check install "the README's \`$c\` is run by this test" test -n "${RAN[$c]:-}"
done

echo "$((n - failed)) passed, $failed failed"
[ $failed -eq 0 ]
