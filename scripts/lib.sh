# Shared by scripts/demo.sh, scripts/test.sh and the bench: installing what
# is missing, building, and a scratch PostgreSQL cluster run as `postgres`.
# Source it; it sets ROOT, PG_CONFIG and PG_BINDIR.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PG_CONFIG=${PG_CONFIG:-}

log() { printf '\n==> %s\n' "$*"; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# Installs the Debian packages among "$@" that are not installed yet.
ensure_packages() {
  local missing=() pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' ||
      missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing ${missing[*]}"
  # One apt at a time: the suites that run side by side install theirs each (the lock file is
  # held until both commands end).
  as_root flock /tmp/uuid6-apt.lock sh -c 'apt-get -o DPkg::Lock::Timeout=300 update -qq
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq \
      --no-install-recommends "$@" >/dev/null' sh "${missing[@]}"
}

# What every path needs: a compiler and the PostgreSQL 15 server of Debian 12
# (the system default), unless PG_CONFIG names another toolchain.
ensure_build_tools() {
  ensure_packages build-essential ca-certificates
  if [ -z "$PG_CONFIG" ]; then
    ensure_packages postgresql-15 postgresql-server-dev-15 postgresql-contrib
    PG_CONFIG=/usr/lib/postgresql/15/bin/pg_config
  fi
  PG_BINDIR=$("$PG_CONFIG" --bindir)
  export PG_CONFIG PG_BINDIR
}

# Builds with warnings as errors and installs into the server of PG_CONFIG.
build_and_install() {
  log "building uuid6 against $("$PG_CONFIG" --version)"
  make -C "$ROOT" -s clean PG_CONFIG="$PG_CONFIG" >/dev/null
  make -C "$ROOT" -s -j"$(nproc)" WERROR=1 PG_CONFIG="$PG_CONFIG" || return 1
  as_root make -C "$ROOT" -s install PG_CONFIG="$PG_CONFIG" >/dev/null || return 1
}

# Runs a command as the postgres user (PostgreSQL refuses root), keeping
# the environment a test needs.
as_postgres() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- env PATH="$PG_BINDIR:$PATH" LD_LIBRARY_PATH="${LD_LIBRARY_PATH:-}" "$@"
  else
    env PATH="$PG_BINDIR:$PATH" "$@"
  fi
}

# A directory for a scratch cluster: inside the work tree when the postgres
# user can reach it, else a private one under /tmp (some trees live in /root).
cluster_dir() {
  local name=$1 dir="$ROOT/build/$1"
  mkdir -p "$dir"
  [ "$(id -u)" = 0 ] && chown postgres: "$dir"
  if ! as_postgres test -w "$dir" 2>/dev/null; then
    dir=/tmp/uuid6-$name
    mkdir -p "$dir" && { [ "$(id -u)" != 0 ] || chown postgres: "$dir"; }
  fi
  echo "$dir"
}

# cluster_start DIR PORT [--no-preload] [extra postgresql.conf lines...]: a
# fresh cluster listening on a socket in DIR only, with uuid6 preloaded
# unless --no-preload is given (uuid6 then finds its shared state as on a
# managed database: in the DSM registry or the main segment's spare space).
cluster_start() {
  local dir=$1 port=$2 preload=yes
  shift 2
  if [ "${1:-}" = --no-preload ]; then
    preload=no
    shift
  fi
  cluster_stop "$dir" 2>/dev/null
  as_postgres rm -rf "$dir/data"
  as_postgres initdb -D "$dir/data" -U postgres -A trust --no-sync >"$dir/initdb.log" 2>&1 || {
    cat "$dir/initdb.log"
    return 1
  }
  {
    if [ $preload = yes ]; then echo "shared_preload_libraries = 'uuid6'"; fi
    echo "listen_addresses = ''"
    echo "unix_socket_directories = '$dir'"
    echo "port = $port"
    echo "fsync = off"
    printf '%s\n' "$@"
  } | as_postgres tee -a "$dir/data/postgresql.conf" >/dev/null
  as_postgres pg_ctl -D "$dir/data" -l "$dir/server.log" -w start >/dev/null || {
    cat "$dir/server.log"
    return 1
  }
  export PGHOST=$dir PGPORT=$port PGUSER=postgres
}

cluster_stop() {
  local dir=$1
  [ -f "$dir/data/postmaster.pid" ] || return 0
  as_postgres pg_ctl -D "$dir/data" -m fast -w stop >/dev/null
}

# ok NAME / not_ok NAME [DETAIL]: one line of a runner that ends with its own
# "N passed, N failed" (test/edition/run.sh, test/clients/run.sh), counted in
# the runner's passed, failed and failures; a failure shows up to 40 lines
# of its detail.
ok() { passed=$((passed + 1)); echo "ok - $1"; }
not_ok() {
  failed=$((failed + 1))
  failures+=("$1")
  echo "not ok - $1"
  [ -n "${2:-}" ] && printf '%s\n' "$2" | head -n 40 | sed 's/^/#   /'
  return 0
}
