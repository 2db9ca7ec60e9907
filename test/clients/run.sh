#!/usr/bin/env bash
# test/clients/run.sh [STACK...] — uuid6 from the clients applications use, against a real
# server, for both editions: one small program per stack (python/, node/, ruby/, java/), each
# run once against a fresh database where uuid6's C library is installed in the server but not
# in the database (the program's migration, or its DDL, runs CREATE EXTENSION uuid6), and once
# against a database with the SQL edition (the plain script build/tle/uuid6.sql from `make tle`,
# run beforehand in a schema of its own, uuid6, put on the database's search_path; the same
# migration leaves it as it is). Each program checks what its migration did to the extension,
# makes a table keyed by DEFAULT uuid_generate_v7() the framework's way, reads keys back as the
# language's UUID type, reads a key's creation time through the framework (uuid_extract_time)
# and checks it against the server's clock around the INSERT, checks ORDER BY id against
# insertion order across two connections, runs a time range with uuid_v7_floor bounds on the
# primary key's index, and, where the driver prepares statements on the server, makes keys
# through a cached plan.
#
#   STACK                 python-psycopg3 python-psycopg2 python-sqlalchemy python-django
#                         node-pg node-knex node-drizzle node-typeorm node-sequelize
#                         node-prisma ruby-activerecord java-jdbc
#                         (default: all)
#   PG_CONFIG             a server installation where uuid6's C library is installed
#                         (default: Debian's PostgreSQL 15)
#   CLIENTS_PORT          the first TCP port tried on 127.0.0.1 (default 5690; JDBC has no
#                         Unix sockets, so the scratch cluster listens on loopback)
#   CLIENTS_INSTALL=yes   install what a stack misses (Debian packages, npm ci); CI=true implies
#                         it, and there a stack that still cannot run fails
#   CLIENTS_DEFECTS=no    leave out the defect pass below
#   CLIENTS_PRELOAD=no    a server that does not preload uuid6
#
# The defect pass proves that the programs' checks can fail: each program runs again against
# copies of the SQL edition's database where one property is broken on purpose (DEFECTS below:
# keys of version 4, keys out of order across connections, keys whose time is an hour before
# they were made, a uuid_v7_floor that cannot be an index condition, a generator that a cached
# plan folds into a constant), and every program that has a check for that property must
# report it failed.
#
# Prisma: `prisma generate` makes its client here (it needs no engine; PRISMA_SCHEMA_ENGINE_BINARY
# names a stand-in that fails, so that a generate that did need one would fail here), and the
# program applies the migrations' SQL itself, as `prisma migrate deploy` does: Prisma's migrate
# commands need its schema engine, which the CLI downloads from binaries.prisma.sh, outside npm.
#
# Also checks that every code block of docs/clients.md appears in one of these programs or in
# the Prisma files (docs.py). Starts its own scratch cluster in build/clients and stops it at
# the end; ends with "N passed, N failed" and the SKIPPED stacks.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/../../scripts/lib.sh"
PG_CONFIG=${PG_CONFIG:-/usr/lib/postgresql/15/bin/pg_config}
ALL_STACKS="python-psycopg3 python-psycopg2 python-sqlalchemy python-django node-pg node-knex node-drizzle node-typeorm node-sequelize node-prisma ruby-activerecord java-jdbc"
STACKS=${*:-$ALL_STACKS}
# Debian's own Python 3 (its python3-* packages are installed for it), whatever is first on PATH.
PYTHON=/usr/bin/python3
JDBC_JAR=/usr/share/java/postgresql.jar
install=${CLIENTS_INSTALL:-no}
[ "${CI:-}" = true ] && install=yes

passed=0
failed=0
failures=()
skips=()
skip() {
  skips+=("$1")
  echo "SKIPPED: $1"
  [ "${CI:-}" = true ] && not_ok "not skippable in CI: $1"
  return 0
}
finish() {
  local rc=$?
  [ $rc -ne 0 ] && [ "$failed" -eq 0 ] && not_ok "test/clients/run.sh stopped early (exit $rc)"
  [ -n "${CLIENTS_DIR:-}" ] && cluster_stop "$CLIENTS_DIR" 2>/dev/null
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

# --- what each stack needs -----------------------------------------------------------------
apt_updated=no
apt_install() {
  if [ $apt_updated = no ]; then
    as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 update -qq || return 1
    apt_updated=yes
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq \
      --no-install-recommends "$@" >/dev/null
}
# stack_ready STACK: 0 when the stack's interpreter and packages are here.
stack_ready() {
  case "$1" in
    python-psycopg3) "$PYTHON" -c 'import psycopg' 2>/dev/null ;;
    python-psycopg2) "$PYTHON" -c 'import psycopg2' 2>/dev/null ;;
    python-sqlalchemy) "$PYTHON" -c 'import psycopg2, sqlalchemy' 2>/dev/null ;;
    python-django) "$PYTHON" -c 'import psycopg2, django' 2>/dev/null ;;
    node-prisma) command -v node >/dev/null && node_lock_matches && node_for_prisma ;;
    node-*) command -v node >/dev/null && node_lock_matches ;;
    ruby-activerecord) ruby -e 'require "active_record"; require "pg"' 2>/dev/null ;;
    java-jdbc) command -v java >/dev/null && command -v javac >/dev/null && [ -f "$JDBC_JAR" ] ;;
  esac
}
# npm writes node_modules/.package-lock.json: the installed tree is the locked one when every
# package of the lock is there at its version.
node_lock_matches() {
  node -e '
    const fs = require("fs"), dir = process.argv[1];
    const lock = JSON.parse(fs.readFileSync(dir + "/package-lock.json"));
    for (const [path, meta] of Object.entries(lock.packages || {})) {
      if (!path) continue;
      const p = dir + "/" + path + "/package.json";
      if (!fs.existsSync(p) || JSON.parse(fs.readFileSync(p)).version !== meta.version) process.exit(1);
    }' "$HERE/node" 2>/dev/null
}
# Prisma 7 runs on Node.js 20.19 or later (its package.json's engines).
node_for_prisma() {
  node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)'
}
# stack_install STACK: what the stack needs, from Debian (and npm ci for node).
stack_install() {
  case "$1" in
    python-psycopg3) apt_install python3 python3-psycopg ;;
    python-psycopg2) apt_install python3 python3-psycopg2 ;;
    python-sqlalchemy) apt_install python3 python3-psycopg2 python3-sqlalchemy ;;
    python-django) apt_install python3 python3-psycopg2 python3-django ;;
    node-*)
      # Node.js and npm from Debian where the machine has none (Debian 12's Node 18 runs every
      # stack but Prisma 7, which needs Node 20.19 or later: node-prisma says so).
      command -v node >/dev/null || apt_install nodejs npm || return 1
      (cd "$HERE/node" && npm ci --no-audit --no-fund --loglevel=error) ;;
    ruby-activerecord) apt_install ruby ruby-activerecord ruby-pg ;;
    java-jdbc) apt_install openjdk-17-jdk-headless libpostgresql-jdbc-java ;;
  esac
}
stack_packages() {
  case "$1" in
    python-psycopg3) echo "python3-psycopg" ;;
    python-psycopg2) echo "python3-psycopg2" ;;
    python-sqlalchemy) echo "python3-psycopg2 python3-sqlalchemy" ;;
    python-django) echo "python3-psycopg2 python3-django" ;;
    node-prisma) echo "Node.js 20.19 or later, and npm ci in test/clients/node" ;;
    node-*) echo "Node.js, and npm ci in test/clients/node" ;;
    ruby-activerecord) echo "ruby-activerecord ruby-pg" ;;
    java-jdbc) echo "a JDK (openjdk-17-jdk-headless) and libpostgresql-jdbc-java" ;;
  esac
}
# stack_command STACK: the program, as a command line (run from its folder).
stack_command() {
  case "$1" in
    python-psycopg3) echo "$PYTHON python/psycopg3_test.py" ;;
    python-psycopg2) echo "$PYTHON python/psycopg2_test.py" ;;
    python-sqlalchemy) echo "$PYTHON python/sqlalchemy_test.py" ;;
    python-django) echo "$PYTHON python/django_test.py" ;;
    node-pg) echo "node node/pg_test.js" ;;
    node-knex) echo "node node/knex_test.js" ;;
    node-drizzle) echo "node node/drizzle_test.js" ;;
    node-typeorm) echo "node node/typeorm_test.js" ;;
    node-sequelize) echo "node node/sequelize_test.js" ;;
    node-prisma) echo "node node/prisma_test.js" ;;
    ruby-activerecord) echo "ruby ruby/activerecord_test.rb" ;;
    java-jdbc) echo "java -cp $JDBC_JAR:$CLIENTS_DIR/java ClientsJdbc" ;;
  esac
}

section "the stacks: $STACKS"
ready=()
for stack in $STACKS; do
  case " $ALL_STACKS " in *" $stack "*) ;; *) not_ok "no stack named $stack (there are: $ALL_STACKS)"; continue ;; esac
  if ! stack_ready "$stack" && [ "$install" = yes ]; then
    echo "installing for $stack: $(stack_packages "$stack")"
    stack_install "$stack" || echo "could not install what $stack needs"
  fi
  if stack_ready "$stack"; then
    ready+=("$stack")
  else
    skip "$stack: needs $(stack_packages "$stack") (CLIENTS_INSTALL=yes installs them)"
  fi
done

# --- the docs: every code block of docs/clients.md is in a tested program ------------------
section "docs/clients.md: every code block appears in a program of test/clients"
if ! command -v python3 >/dev/null; then
  skip "the check of docs/clients.md: needs python3"
elif doc_out=$(python3 "$HERE/docs.py" "$ROOT/docs/clients.md" "$HERE" 2>&1); then
  ok "docs/clients.md: every code block is in a tested program ($(printf '%s\n' "$doc_out" | tail -n 1))"
else
  not_ok "docs/clients.md: every code block is in a tested program" "$doc_out"
fi

[ ${#ready[@]} -gt 0 ] || exit 0

# --- a server with both editions -----------------------------------------------------------
PG_BINDIR=$("$PG_CONFIG" --bindir)
export PG_BINDIR
if [ ! -f "$("$PG_CONFIG" --sharedir)/extension/uuid6.control" ]; then
  not_ok "uuid6 is installed in $("$PG_CONFIG" --version) ($PG_CONFIG): make install PG_CONFIG=... first"
  exit 1
fi
section "make tle"
make -C "$ROOT" -s tle >/dev/null || { not_ok "make tle"; exit 1; }
chmod -R a+rX "$ROOT/build/tle"

# A free port on loopback, and a scratch cluster on it with uuid6 preloaded (CLIENTS_PRELOAD=no:
# not preloaded, as on a managed server).
port=${CLIENTS_PORT:-5690}
while (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
CLIENTS_DIR=$(cluster_dir clients)
section "a scratch cluster of $("$PG_CONFIG" --version) on 127.0.0.1:$port ($CLIENTS_DIR)"
preload=()
[ "${CLIENTS_PRELOAD:-yes}" = no ] && preload=(--no-preload)
# The server's time zone is not UTC, as many servers' is not: every stack must read and send times
# right there (the programs compare them with the server's clock).
cluster_start "$CLIENTS_DIR" "$port" "${preload[@]}" "listen_addresses = '127.0.0.1'" "timezone = 'America/New_York'" ||
  { not_ok "start the scratch cluster"; exit 1; }
PSQL=$PG_BINDIR/psql
[ -x "$PSQL" ] || PSQL=$(command -v psql)
sql() {  # sql DB ROLE psql-arguments...
  local db=$1 role=$2
  shift 2
  "$PSQL" -X -q -At -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U "$role" -d "$db" "$@"
}
# The application's role owns every database and is not superuser. The C library: a fresh
# database for each program, whose migration runs CREATE EXTENSION uuid6 (uuid6 is a trusted
# extension: the database's owner may), into public. The SQL edition: the plain script, run
# beforehand by the application's role into a schema of its own, and that schema on the
# database's search_path.
# Each defect: a name, the words of the checks it must fail, and the SQL that plants it (run by
# app in a copy of the SQL edition's database). The VOLATILE floor gets a SET so that the planner
# cannot inline its SQL body (inlined, the body's IMMUTABLE calls would be an index condition).
DEFECTS=(
  "version|version 7|CREATE OR REPLACE FUNCTION uuid6.uuid_generate_v7() RETURNS uuid LANGUAGE sql VOLATILE RETURN gen_random_uuid()"
  "order|insertion order|CREATE OR REPLACE FUNCTION uuid6.uuid_generate_v7() RETURNS uuid LANGUAGE sql VOLATILE RETURN uuid6.uuid_generate_v7(clock_timestamp() - random() * interval '50 ms')"
  "time|creation time|CREATE OR REPLACE FUNCTION uuid6.uuid_generate_v7() RETURNS uuid LANGUAGE sql VOLATILE RETURN uuid6.uuid_generate_v7(clock_timestamp() - interval '1 hour')"
  "index|index condition|ALTER FUNCTION uuid6.uuid_v7_floor(timestamptz) VOLATILE SET search_path = uuid6, pg_catalog"
  "prepared|cached plan|ALTER FUNCTION uuid6.uuid_generate_v7() IMMUTABLE"
)
[ "${CLIENTS_DEFECTS:-yes}" = no ] && DEFECTS=()
if sql postgres postgres -c "CREATE ROLE app LOGIN" \
     -c "CREATE DATABASE clients_sql OWNER app" &&
   sql clients_sql app -v schema=uuid6 -f "$ROOT/build/tle/uuid6.sql" >"$CLIENTS_DIR/plain.log" 2>&1 &&
   sql clients_sql app -c 'ALTER DATABASE clients_sql SET search_path = "$user", public, uuid6'; then
  ok "clients_sql: the plain script into schema uuid6 by role app"
  for d in "${DEFECTS[@]}"; do
    name=${d%%|*}
    sql postgres postgres -c "CREATE DATABASE clients_defect_$name TEMPLATE clients_sql OWNER app" &&
      sql "clients_defect_$name" app -c "ALTER DATABASE clients_defect_$name SET search_path = \"\$user\", public, uuid6" \
        -c "${d#*|*|}" || not_ok "plant the defect $name"
  done
else
  not_ok "set up the databases" "$(tail -n 20 "$CLIENTS_DIR/plain.log" 2>/dev/null)"
  exit 1
fi

# --- the programs --------------------------------------------------------------------------
# run_program STACK LABEL DB SCHEMA: runs the program into $CLIENTS_DIR/STACK-LABEL.out; its exit
# status is the program's.
run_program() {
  local stack=$1 label=$2 db=$3 schema=$4 s rc
  s=$(date +%s%N)
  (cd "$HERE" && env PGHOST=127.0.0.1 PGPORT="$port" PGUSER=app PGDATABASE="$db" \
     UUID6_EDITION="$label" UUID6_SCHEMA="$schema" PYTHONDONTWRITEBYTECODE=1 \
     timeout 60 $(stack_command "$stack")) >"$CLIENTS_DIR/$stack-$label.out" 2>&1
  rc=$?
  echo "# $stack against $db ($(( ($(date +%s%N) - s) / 1000000 )) ms)"
  return $rc
}
# count_program STACK LABEL RC: the program's checks, each counted here.
count_program() {
  local stack=$1 label=$2 rc=$3 line oks=0 bads=0 out=$CLIENTS_DIR/$1-$2.out
  while IFS= read -r line; do
    case "$line" in
      "ok "*) oks=$((oks + 1)); ok "$stack [$label]: ${line#ok * - }" ;;
      "not ok "*) bads=$((bads + 1)); not_ok "$stack [$label]: ${line#not ok * - }" ;;
      "1.."*) ;;
      "#"*) echo "$line" ;;
      *) echo "#   $line" ;;
    esac
  done <"$out"
  if [ "$rc" -ne 0 ] && [ "$bads" -eq 0 ]; then
    not_ok "$stack [$label]: the program exited $rc" "$(tail -n 30 "$out")"
  elif [ "$rc" -eq 0 ] && [ "$oks" -eq 0 ]; then
    not_ok "$stack [$label]: the program checked nothing"
  fi
}
for stack in "${ready[@]}"; do
  section "$stack"
  if [ "$stack" = java-jdbc ]; then  # compiled once for its six runs
    rm -rf "$CLIENTS_DIR/java"
    javac -d "$CLIENTS_DIR/java" -cp "$JDBC_JAR" "$HERE/java/ClientsJdbc.java" >"$CLIENTS_DIR/javac.log" 2>&1 ||
      { not_ok "javac java/ClientsJdbc.java" "$(cat "$CLIENTS_DIR/javac.log")"; continue; }
  fi
  if [ "$stack" = node-prisma ]; then  # Prisma Client, generated from node/prisma/schema.prisma
    printf '#!/bin/sh\necho "prisma: the schema engine is not available here" >&2\nexit 1\n' >"$CLIENTS_DIR/no-schema-engine"
    chmod +x "$CLIENTS_DIR/no-schema-engine"
    (cd "$HERE/node" && env CHECKPOINT_DISABLE=1 PRISMA_HIDE_UPDATE_MESSAGE=1 \
       PRISMA_SCHEMA_ENGINE_BINARY="$CLIENTS_DIR/no-schema-engine" \
       node_modules/.bin/prisma generate --schema prisma/schema.prisma) >"$CLIENTS_DIR/prisma-generate.log" 2>&1 ||
      { not_ok "prisma generate (node/prisma/schema.prisma)" "$(cat "$CLIENTS_DIR/prisma-generate.log")"; continue; }
    ok "prisma generate: Prisma Client from node/prisma/schema.prisma"
  fi
  # A fresh database without uuid6: the program's migration creates the extension.
  db=clients_c_${stack//-/_}
  sql postgres postgres -c "CREATE DATABASE $db OWNER app" || { not_ok "$stack: create the fresh database $db"; continue; }
  run_program "$stack" c "$db" public
  count_program "$stack" c $?
  run_program "$stack" sql clients_sql uuid6
  count_program "$stack" sql $?
  # The defects: where the clean run passed checks about the property, one must fail now.
  for d in "${DEFECTS[@]}"; do
    name=${d%%|*}
    words=${d#*|}
    words=${words%%|*}
    grep -q "^ok .*$words" "$CLIENTS_DIR/$stack-sql.out" || continue
    run_program "$stack" "defect-$name" "clients_defect_$name" uuid6
    rc=$?
    caught=$(grep -m 1 "^not ok .*$words" "$CLIENTS_DIR/$stack-defect-$name.out")
    if [ "$rc" -ne 0 ] && [ -n "$caught" ]; then
      ok "$stack [defect $name]: caught (${caught#not ok * - })"
    else
      not_ok "$stack [defect $name]: no check about \"$words\" failed (exit $rc)" "$(cat "$CLIENTS_DIR/$stack-defect-$name.out")"
    fi
  done
done
