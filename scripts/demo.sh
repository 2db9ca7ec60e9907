#!/usr/bin/env bash
# Builds and installs uuid6, starts a scratch PostgreSQL with it preloaded
# (socket in build/demo, port 5433), shows every function with real output,
# and leaves the server running.
#   scripts/demo.sh        the demo
#   scripts/demo.sh stop   stops the demo server
set -euo pipefail
source "$(dirname "$0")/lib.sh"

ensure_build_tools
DEMO=$(cluster_dir demo)
if [ "${1:-}" = stop ]; then
  cluster_stop "$DEMO" && echo "uuid6 demo server stopped"
  exit 0
fi

build_and_install
log "starting PostgreSQL with shared_preload_libraries = 'uuid6'"
cluster_start "$DEMO" 5433
psql -X -q -v ON_ERROR_STOP=1 -d postgres -f "$ROOT/scripts/demo.sql"

echo
echo "uuid6 demo server running: connect with  psql -h $DEMO -p 5433 -U postgres   stop with  $ROOT/scripts/demo.sh stop"
