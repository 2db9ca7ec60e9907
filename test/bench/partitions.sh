#!/usr/bin/env bash
# make bench-partitions: a one-hour query on a table of 30 daily partitions keyed by v7, bounded
# through uuid6's uuid_v7_floor and through pg_partman's uuid7_time_encoder, on the same data in
# the same run: the average latency of each (pgbench, one client) and their ratio.
#
#   SELECT count(*) FROM events WHERE id >= <encoder>(now() - interval '1 hour')
#
# uuid_v7_floor is IMMUTABLE, so the partitions older than the bound are removed when the query
# starts; uuid7_time_encoder is VOLATILE, so every partition is read (a scan filtered by the call).
# Starts its own scratch cluster of PG_CONFIG's server (uuid6's C library installed there; it is
# built and installed first unless BENCH_PARTITIONS_NO_INSTALL=1), which needs pg_partman 5.2 or
# later (../shared/tools/pgext MAJOR partman for pgmatrix's servers). Knobs: BENCH_PARTITIONS_STEP
# (seconds between keys, 10: 259,200 rows), BENCH_PARTITIONS_SECONDS (per query, 10),
# BENCH_PARTITIONS_PORT (5681). Writes test/bench/results/partitions-pgMAJOR-DATE.md. Reports;
# never fails on timings. One run, on a shared machine: read the ratio, not the times.
set -euo pipefail
source "$(dirname "$0")/../../scripts/lib.sh"

STEP=${BENCH_PARTITIONS_STEP:-10}
SECONDS_PER_QUERY=${BENCH_PARTITIONS_SECONDS:-10}
RESULTS=$ROOT/test/bench/results
mkdir -p "$RESULTS"

ensure_build_tools
if [ "${BENCH_PARTITIONS_NO_INSTALL:-}" != 1 ]; then build_and_install; fi
control=$("$PG_CONFIG" --sharedir)/extension/pg_partman.control
partman_version=$(sed -n "s/^default_version *= *'\(.*\)'/\1/p" "$control" 2>/dev/null || true)
if [ -z "$partman_version" ] || [[ "$partman_version" =~ ^([0-4]\.|5\.[01]\.) ]]; then
  echo "bench-partitions: pg_partman 5.2 or later is not installed for $("$PG_CONFIG" --version) ($control: ${partman_version:-none})." >&2
  echo "  pgmatrix's servers: bash ../shared/tools/pgext MAJOR partman; others: apt-get install postgresql-MAJOR-partman (5.2 or later)" >&2
  exit 2
fi
DIR=$(cluster_dir bench-partitions)
trap 'cluster_stop "$DIR"' EXIT
log "starting a scratch cluster for the bench in $DIR"
cluster_start "$DIR" "${BENCH_PARTITIONS_PORT:-5681}" "shared_buffers = 128MB" "timezone = 'UTC'"
PSQL=$PG_BINDIR/psql
PGBENCH=$PG_BINDIR/pgbench
q() { as_postgres "$PSQL" -X -q -At -v ON_ERROR_STOP=1 -h "$PGHOST" -p "$PGPORT" -U postgres -d postgres -c "$1"; }

log "30 daily partitions (pg_partman), a v7 key every $STEP s"
q 'CREATE EXTENSION uuid6'
q 'CREATE SCHEMA partman'
q 'CREATE EXTENSION pg_partman SCHEMA partman'
q "CREATE TABLE public.events (id uuid NOT NULL DEFAULT public.uuid_generate_v7(), payload text, PRIMARY KEY (id))
   PARTITION BY RANGE (id)"
q "SELECT partman.create_parent(p_parent_table := 'public.events', p_control := 'id', p_interval := '1 day',
                                p_premake := 1, p_start_partition := to_char(now() - interval '29 days', 'YYYY-MM-DD'),
                                p_time_encoder := 'public.uuid_v7_floor', p_time_decoder := 'public.uuid_extract_time')" >/dev/null
q "INSERT INTO public.events SELECT uuid_generate_v7(t), 'x'
   FROM generate_series(now() - interval '29 days', now(), $STEP * interval '1 second') AS t"
q 'VACUUM ANALYZE public.events'
partitions=$(q "SELECT count(*) FROM pg_inherits WHERE inhparent = 'public.events'::regclass")
rows=$(q 'SELECT count(*) FROM public.events')

W=$(mktemp -d)
chmod 755 "$W"
trap 'cluster_stop "$DIR"; rm -rf "$W"' EXIT
declare -A latency count
for encoder in public.uuid_v7_floor partman.uuid7_time_encoder; do
  echo "SELECT count(*) FROM public.events WHERE id >= $encoder(now() - interval '1 hour');" >"$W/$encoder.sql"
  chmod 644 "$W/$encoder.sql"
  count[$encoder]=$(q "$(cat "$W/$encoder.sql")")
  as_postgres "$PGBENCH" -n -c 1 -T 2 -f "$W/$encoder.sql" -h "$PGHOST" -p "$PGPORT" -U postgres postgres >/dev/null 2>&1
  latency[$encoder]=$(as_postgres "$PGBENCH" -n -c 1 -T "$SECONDS_PER_QUERY" -f "$W/$encoder.sql" -h "$PGHOST" -p "$PGPORT" -U postgres postgres 2>/dev/null |
    sed -n 's/^latency average = \([0-9.]*\) ms$/\1/p')
done
ratio=$(awk -v a="${latency[partman.uuid7_time_encoder]}" -v b="${latency[public.uuid_v7_floor]}" 'BEGIN {printf "%.1f", a / b}')
MAJOR=$(($(q 'SHOW server_version_num') / 10000))
report=$RESULTS/partitions-pg$MAJOR-$(date -u +%Y-%m-%d).md
{
  echo "# bench-partitions, PostgreSQL $MAJOR, $(date -u +%Y-%m-%d)"
  echo
  echo "$(q 'SELECT version()'); pg_partman $(q "SELECT extversion FROM pg_extension WHERE extname = 'pg_partman'");"
  echo "$partitions partitions (30 days and one ahead, and the default), $rows rows, a primary key; one client, $SECONDS_PER_QUERY s each."
  echo
  echo "| bound | rows counted | average latency (ms) |"
  echo "|---|---|---|"
  echo "| \`id >= uuid_v7_floor(now() - interval '1 hour')\` (uuid6) | ${count[public.uuid_v7_floor]} | ${latency[public.uuid_v7_floor]} |"
  echo "| \`id >= partman.uuid7_time_encoder(now() - interval '1 hour')\` (pg_partman) | ${count[partman.uuid7_time_encoder]} | ${latency[partman.uuid7_time_encoder]} |"
  echo
  echo "pg_partman's encoder / uuid6's floor: **${ratio}×** the time (one run)."
} | tee "$report"
echo "wrote $report"
