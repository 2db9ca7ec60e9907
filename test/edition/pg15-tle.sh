#!/usr/bin/env bash
# test/edition/pg15-tle.sh [PREFIX] — a PostgreSQL 15 installation with pg_tle and WITHOUT
# uuid6's files, for testing the pg_tle edition on 15 (pg_tle refuses to register an extension
# whose name has a control file on disk, so the system's PostgreSQL 15, where the C library is
# installed, cannot be used for that).
#
# It is a relocated copy of Debian's PostgreSQL 15 (server, contrib, PGXS and headers):
# PostgreSQL finds its share and library directories relative to its own binaries, so
#   /usr/lib/postgresql/15, /usr/share/postgresql/15, /usr/include/postgresql
# copied to PREFIX/usr/... form a working installation. uuid6's files are removed from the copy,
# the copy is checked to find its own files (not the system's), and pg_tle is built into it with
# its own pg_config (../shared/tools/pg_tle, or PG_TLE_TOOL). Writes PREFIX/env.sh to source.
# Idempotent: a copy made from the same Debian build is reused, and so is its pg_tle where no
# build tool is at hand. Needs root (or write access to PREFIX) and Debian's postgresql-15 and
# postgresql-server-dev-15. Exits 3, changing nothing, where pg_tle can be neither built nor
# reused (a clone without ../shared): test/edition/run.sh then says what it skipped.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
PREFIX=${1:-/opt/pg15-tle}
PG_TLE_TOOL=${PG_TLE_TOOL:-$ROOT/../shared/tools/pg_tle}
SYS=/usr/lib/postgresql/15

[ -x "$SYS/bin/postgres" ] && [ -x "$SYS/bin/pg_config" ] || {
  echo "pg15-tle: Debian's PostgreSQL 15 server and server-dev packages are needed" >&2
  exit 2
}

bin=$PREFIX$SYS/bin
stamp=$PREFIX/.source-build
want=$("$SYS/bin/postgres" --version)
# Without a build tool, only a copy of this very Debian build that already has pg_tle will do.
if [ ! -f "$PG_TLE_TOOL" ] && { [ "$(cat "$stamp" 2>/dev/null)" != "$want" ] ||
  [ ! -f "$PREFIX$SYS/lib/pg_tle.so" ] || [ ! -x "$bin/postgres" ]; }; then
  echo "pg15-tle: no pg_tle build tool at $PG_TLE_TOOL, and no copy with pg_tle in $PREFIX to reuse" >&2
  exit 3
fi
if [ ! -x "$bin/postgres" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "pg15-tle: copying Debian's PostgreSQL 15 to $PREFIX"
  rm -rf "$PREFIX"
  mkdir -p "$PREFIX/usr/lib/postgresql" "$PREFIX/usr/share/postgresql" "$PREFIX/usr/include"
  cp -a "$SYS" "$PREFIX/usr/lib/postgresql/"
  cp -a /usr/share/postgresql/15 "$PREFIX/usr/share/postgresql/"
  cp -a /usr/include/postgresql "$PREFIX/usr/include/"
  echo "$want" >"$stamp"
fi
# Never uuid6 here: the copy may have been made while the C library was installed.
rm -f "$PREFIX$SYS"/lib/uuid6*.so "$PREFIX"/usr/share/postgresql/15/extension/uuid6[.-]*
rm -rf "$PREFIX$SYS"/lib/bitcode/uuid6*

cat >"$PREFIX/env.sh" <<ENV
# source me: Debian's PostgreSQL 15, relocated to $PREFIX, with pg_tle and without uuid6
export PATH=$bin:\$PATH
export PG_CONFIG=$bin/pg_config
ENV

# The copy must find its own files: a relocated pg_config and server report paths under PREFIX.
for key in --sharedir --pkglibdir --includedir-server --pgxs; do
  got=$("$bin/pg_config" "$key")
  case "$got" in
    "$PREFIX"/*) ;;
    *) echo "pg15-tle: relocation failed: pg_config $key gives $got" >&2; exit 1 ;;
  esac
done

if [ -f "$PG_TLE_TOOL" ]; then
  bash "$PG_TLE_TOOL" "$bin/pg_config"
else
  echo "pg15-tle: no pg_tle build tool at $PG_TLE_TOOL: reusing the pg_tle already in $PREFIX"
fi
[ -f "$PREFIX/usr/share/postgresql/15/extension/pg_tle.control" ] &&
  [ -f "$PREFIX$SYS/lib/pg_tle.so" ] || { echo "pg15-tle: pg_tle did not land in $PREFIX" >&2; exit 1; }
[ ! -e "$PREFIX/usr/share/postgresql/15/extension/uuid6.control" ] || exit 1
echo "pg15-tle: ready: source $PREFIX/env.sh"
