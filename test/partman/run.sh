#!/usr/bin/env bash
# test/partman/run.sh MAJOR — pg_partman's life cycle on tables keyed by uuid6 keys, on a scratch
# cluster of PG_CONFIG's server (default /opt/pgmatrix/MAJOR/bin/pg_config), for the C library
# (installed there first: scripts/test.sh does) and the plain script of the SQL edition
# (build/tle/uuid6.sql, from `make tle`), each with v7 and v6 keys (and v8 on the C library):
#
#   create_parent with uuid6's floors as encoder and uuid_extract_time as decoder, premade
#   partitions; keys made now and backfilled landing in their day; keys outside every partition
#   in the default (check_default); run_maintenance and run_maintenance_proc with no warning,
#   premake and retention; partition_data_time out of the default (pg_partman 5.5; 5.2 refuses it
#   for uuid sets, asserted; partition_data_proc fails for them in 5.2 and 5.5.0, asserted);
#   show_partition_info (5.5; 5.2 fails for uuid sets, asserted);
#   undo_partition.
#   Pruning: 30 daily partitions and a primary key; a query bounded by
#   uuid_v7_floor(now() - interval '1 hour'), and a prepared statement with a bind parameter in a
#   generic plan, read exactly the partitions that can hold keys in range (EXPLAIN (ANALYZE));
#   pg_partman's own uuid7_time_encoder reads every partition (its known cost).
#   The update from 1.4 over a uuid_extract_time(text) made by hand (before 1.5 pg_partman's
#   decoder had to be): refused with 42723 naming it, then through once it is dropped (this part
#   runs without pg_partman too).
#   docs/partitioning.md: its ```psql blocks (the pg_partman examples, which the docs suite shows
#   but cannot run) run in order, in a database where uuid6 is in public.
#
# Where pg_partman 5.2 or later is missing, says SKIPPED with how to get it; under CI=true that
# fails on 17 and 18 (CI unpacks Debian's pg_partman there with ../shared/tools/pgext). Ends with
# "N passed, N failed". PARTMAN_PORT: the port (default 5680).
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
MAJOR=${1:?usage: test/partman/run.sh MAJOR}
PG_CONFIG=${PG_CONFIG:-/opt/pgmatrix/$MAJOR/bin/pg_config}
source "$HERE/../../scripts/lib.sh"
PG_BINDIR=$("$PG_CONFIG" --bindir)
PORT=${PARTMAN_PORT:-5680}
DOC=$ROOT/docs/partitioning.md

passed=0
failed=0
failures=()
skips=()
check() {  # check NAME GOT WANT
  if [ "$2" = "$3" ]; then ok "$1"; else not_ok "$1" "got: $2
want: $3"; fi
}
strict=no
[ "${CI:-}" = true ] && { [ "$MAJOR" = 17 ] || [ "$MAJOR" = 18 ]; } && strict=yes
skip() {
  skips+=("$1")
  echo "SKIPPED: $1"
  if [ $strict = yes ]; then not_ok "not skippable in CI on PostgreSQL $MAJOR: $1"; fi
}
finish() {
  local rc=$?
  [ $rc -ne 0 ] && [ "$failed" -eq 0 ] && not_ok "test/partman/run.sh stopped early (exit $rc)"
  [ -n "${DIR:-}" ] && cluster_stop "$DIR" 2>/dev/null
  echo
  [ ${#skips[@]} -gt 0 ] && printf 'SKIPPED: %s\n' "${skips[@]}"
  [ ${#failures[@]} -gt 0 ] && printf 'FAILED: %s\n' "${failures[@]}"
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit $?
}
trap finish EXIT

if [ ! -x "$PG_CONFIG" ]; then
  skip "PostgreSQL $MAJOR: no server at $PG_CONFIG, so pg_partman's life cycle did not run"
  exit 0
fi

make -C "$ROOT" -s tle >/dev/null || { not_ok "make tle"; exit 1; }
chmod -R a+rX "$ROOT/build/tle" "$DOC"
DIR=$(cluster_dir "partman-$MAJOR")
cluster_start "$DIR" "$PORT" "timezone = 'UTC'" || { not_ok "a scratch cluster of $("$PG_CONFIG" --version)"; exit 1; }

# q DB ARGS...: one psql, stops at the first error, unaligned output; stderr too.
q() {
  local db=$1
  shift
  as_postgres "$PG_BINDIR/psql" -X -q -At -v ON_ERROR_STOP=1 -h "$DIR" -p "$PORT" -U postgres -d "$db" "$@" 2>&1
}
# new_db DB EDITION SCHEMA: a database with pg_partman in partman and uuid6 (c: the extension,
# plain: the plain script) in SCHEMA.
new_db() {
  local db=$1 edition=$2 schema=$3
  q postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" >/dev/null || return 1
  q "$db" -c "CREATE SCHEMA partman" -c "CREATE EXTENSION pg_partman SCHEMA partman" >/dev/null || return 1
  if [ "$edition" = c ]; then
    q "$db" -c "CREATE SCHEMA IF NOT EXISTS $schema" -c "CREATE EXTENSION uuid6 SCHEMA $schema" >/dev/null
  else
    q "$db" -v schema="$schema" -f "$ROOT/build/tle/uuid6.sql" >/dev/null
  fi
}

# --- an update over a decoder made by hand ------------------------------------------------------
# Before 1.5, pg_partman's decoder had to be made by hand as uuid_extract_time(text); the update
# to 1.5 names it and refuses (42723) until it is dropped, then goes through.
update_guard() {
  local db=partman_update L="c edition, update from 1.4" out
  q postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" >/dev/null
  out=$(q "$db" -c "CREATE EXTENSION uuid6 VERSION '1.4'" \
               -c "CREATE FUNCTION public.uuid_extract_time(text) RETURNS timestamptz LANGUAGE sql IMMUTABLE
                   RETURN public.uuid_extract_time(\$1::uuid)" >/dev/null
        q "$db" -v VERBOSITY=verbose -c "ALTER EXTENSION uuid6 UPDATE")
  check "$L: a uuid_extract_time(text) made by hand is named, with what to do (42723)" \
    "$(grep -c '42723: uuid6: public.uuid_extract_time(text) exists already' <<<"$out") $(grep -c 'HINT:  Drop it (DROP FUNCTION public.uuid_extract_time(text))' <<<"$out")" "1 1"
  out=$(q "$db" -c "DROP FUNCTION public.uuid_extract_time(text)" -c "ALTER EXTENSION uuid6 UPDATE" \
               -c "SELECT extversion || ' ' || uuid_extract_time('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'::text)
                   FROM pg_extension WHERE extname = 'uuid6'")
  check "$L: once it is dropped, the update goes through and uuid6's own answers" "$out" "$(sed -n "s/^default_version = '\(.*\)'/\1/p" "$ROOT/uuid6.control") 2022-02-22 19:22:22+00"
}
update_guard
control=$("$PG_CONFIG" --sharedir)/extension/pg_partman.control
partman_version=$(sed -n "s/^default_version *= *'\(.*\)'/\1/p" "$control" 2>/dev/null)
how="../shared/tools/pgext $MAJOR partman unpacks Debian's pg_partman into pgmatrix's server; for a system PostgreSQL, apt-get install postgresql-$MAJOR-partman (5.2 or later: apt.postgresql.org)"
if [ -z "$partman_version" ]; then
  skip "PostgreSQL $MAJOR: pg_partman is not installed ($control), so its life cycle with uuid6 keys did not run. To run it: $how"
  exit 0
fi
case "$partman_version" in
  [0-4].*|5.[01].*)
    skip "PostgreSQL $MAJOR: pg_partman $partman_version partitions no uuid column (5.2 and later do), so its life cycle with uuid6 keys did not run; docs/partitioning.md gives native partitions made ahead instead. To run it: $how"
    exit 0 ;;
esac
# 5.2 to 5.4 refuse partition_data_time and fail show_partition_info for uuid sets; 5.5 does both.
case "$partman_version" in 5.[2-4].*) partman_old=yes ;; *) partman_old=no ;; esac
echo "pg_partman $partman_version on $("$PG_CONFIG" --version)"

# --- the life cycle --------------------------------------------------------------------------
# lifecycle EDITION VERSION: uuid6 in schema uuid6 (not on any search_path), a daily set on
# public.events keyed by VERSION (6, 7 or 8).
lifecycle() {
  local ed=$1 v=$2 db=partman_${1}_v$2 L="$1 edition, v$2 keys" out today n
  new_db "$db" "$ed" uuid6 || { not_ok "$L: a database with pg_partman and uuid6" "$(q "$db" -c 'SELECT 1')"; return; }
  out=$(q "$db" -c "CREATE TABLE public.events (id uuid NOT NULL DEFAULT uuid6.uuid_generate_v$v(), payload text,
                                                PRIMARY KEY (id)) PARTITION BY RANGE (id)" \
               -c "SELECT partman.create_parent(p_parent_table := 'public.events', p_control := 'id',
                                                p_interval := '1 day', p_premake := 3,
                                                p_time_encoder := 'uuid6.uuid_v${v}_floor',
                                                p_time_decoder := 'uuid6.uuid_extract_time')")
  check "$L: create_parent with uuid6.uuid_v${v}_floor and uuid6.uuid_extract_time" "$out" t
  today=$(q "$db" -c "SELECT to_char(now(), 'YYYYMMDD')")
  # Premade: 3 days back and ahead, each bounded by the floors of its day's start and end.
  out=$(q "$db" -c "SELECT count(*) FILTER (WHERE pg_get_expr(c.relpartbound, c.oid)
                          = format('FOR VALUES FROM (%L) TO (%L)',
                                   uuid6.uuid_v${v}_floor(to_date(substring(c.relname FROM '_p(\d{8})\$'), 'YYYYMMDD')::timestamptz),
                                   uuid6.uuid_v${v}_floor(to_date(substring(c.relname FROM '_p(\d{8})\$'), 'YYYYMMDD')::timestamptz + interval '1 day')))
                          || ' of ' || count(*)
                   FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
                   WHERE i.inhparent = 'public.events'::regclass AND c.relname <> 'events_default'")
  check "$L: 7 premade daily partitions, each bounded by its day's floors" "$out" "7 of 7"
  # Keys made now, backfilled a day back and 2 days ahead: each in its day; 20 days back: default.
  out=$(q "$db" -c "INSERT INTO public.events (payload) VALUES ('now')" \
               -c "INSERT INTO public.events SELECT uuid6.uuid_generate_v$v(now() + d * interval '1 day'), d::text
                   FROM unnest(ARRAY[-1, 2]) AS d" \
               -c "INSERT INTO public.events SELECT uuid6.uuid_generate_v$v(now() - interval '20 days' + n * interval '1 minute'), 'old'
                   FROM generate_series(1, 5) AS n" \
               -c "SELECT count(*) FILTER (WHERE tableoid::regclass::text
                                             = 'events_p' || to_char(uuid6.uuid_extract_time(id), 'YYYYMMDD'))
                          || ' in their day, ' || count(*) FILTER (WHERE tableoid = 'public.events_default'::regclass)
                          || ' in the default'
                   FROM public.events")
  check "$L: keys made now and backfilled in their day's partition, 20 days back in the default" "$out" "3 in their day, 5 in the default"
  out=$(q "$db" -c "SELECT default_table || ' ' || count FROM partman.check_default(p_exact_count := true)")
  check "$L: check_default counts the default's rows" "$out" "public.events_default 5"
  # partition_data_proc calls a partition_data_uuid that pg_partman 5.2 to 5.5.0 lack, as the page
  # says; a release that mends it is announced here, so that the page can say so.
  out=$(q "$db" -c "CALL partman.partition_data_proc('public.events')")
  case "$partman_version" in
    5.[2-4].*|5.5.0)
      check "$L: partition_data_proc fails for uuid sets in pg_partman $partman_version (known: no partition_data_uuid)" \
        "$(grep -c 'function partman.partition_data_uuid(.*does not exist' <<<"$out")" 1 ;;
    *) echo "# $L: partition_data_proc on pg_partman $partman_version: $(head -n 1 <<<"$out")" ;;
  esac
  # show_partition_info: the decoder reads a partition's bounds back as its day.
  out=$(q "$db" -c "SELECT child_start_time = date_trunc('day', now()) AND child_end_time = date_trunc('day', now()) + interval '1 day'
                   FROM partman.show_partition_info('public.events_p$today')")
  if [ $partman_old = no ]; then
    check "$L: show_partition_info reads today's partition as today" "$out" t
  else
    check "$L: show_partition_info fails for uuid sets in pg_partman $partman_version (known; 5.5 answers)" \
      "$(printf '%s' "$out" | grep -c 'invalid input syntax for type timestamp with time zone')" 1
  fi
  # Out of the default: partition_data_time (5.5); 5.2 refuses it for uuid sets.
  out=$(q "$db" -c "SELECT partman.partition_data_time('public.events', p_batch_count := 10)")
  if [ $partman_old = no ]; then
    check "$L: partition_data_time moves the default's rows into their day" \
      "$out $(q "$db" -c "SELECT count(*) FROM public.events_default") $(q "$db" -c "SELECT count(*) FROM public.events
             WHERE tableoid::regclass::text = 'events_p' || to_char(uuid6.uuid_extract_time(id), 'YYYYMMDD')")" "5 0 8"
  else
    check "$L: partition_data_time refuses uuid sets in pg_partman $partman_version (known; 5.5 moves them)" \
      "$(printf '%s' "$out" | grep -c 'Cannot run on partition set without time based control column')" 1
    # The transaction of docs/partitioning.md instead: aside, partitions made, back in.
    out=$(q "$db" -c "BEGIN" -c "CREATE TEMP TABLE events_moving (LIKE public.events) ON COMMIT DROP" \
                 -c "WITH moved AS (DELETE FROM public.events_default RETURNING *) INSERT INTO events_moving SELECT * FROM moved" \
                 -c "SELECT partman.create_partition_time('public.events',
                       ARRAY(SELECT DISTINCT date_trunc('day', uuid6.uuid_extract_time(id)) FROM events_moving))" \
                 -c "INSERT INTO public.events SELECT * FROM events_moving" -c "COMMIT" >/dev/null
           q "$db" -c "SELECT count(*) FROM public.events_default")
    check "$L: rows moved out of the default by create_partition_time in one transaction" "$out" 0
  fi
  # Maintenance: no warning, premake 5 ahead, retention 3 days drops the old day(s).
  out=$(q "$db" -c "UPDATE partman.part_config SET premake = 5, retention = '3 days', retention_keep_table = false
                    WHERE parent_table = 'public.events'" -c "SELECT partman.run_maintenance('public.events')")
  check "$L: run_maintenance, no warning (it skipped uuid sets before uuid_extract_time(text))" "$out" ""
  out=$(q "$db" -c "CALL partman.run_maintenance_proc()")
  check "$L: run_maintenance_proc, no warning" "$out" ""
  # (pg_partman makes premake days past the newest key's day: here the key 2 days ahead.)
  out=$(q "$db" -c "SELECT count(*) FILTER (WHERE to_date(substring(c.relname FROM '_p(\d{8})\$'), 'YYYYMMDD') > current_date + 2)
                          || ' ahead, ' || count(*) FILTER (WHERE to_date(substring(c.relname FROM '_p(\d{8})\$'), 'YYYYMMDD') < current_date - 4)
                          || ' older than 4 days'
                   FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
                   WHERE i.inhparent = 'public.events'::regclass AND c.relname <> 'events_default'")
  check "$L: premake 5 days ahead of the newest key made, retention dropped the partitions older than its 3 days" "$out" "5 ahead, 0 older than 4 days"
  n=$(q "$db" -c "SELECT count(*) FROM public.events")
  check "$L: retention dropped the old day's rows with its partition; the recent ones stay" "$n" 3
  # undo_partition: every row into a plain table, no partition left.
  out=$(q "$db" -c "CREATE TABLE public.events_flat (LIKE public.events INCLUDING ALL)" \
               -c "SELECT rows_undone FROM partman.undo_partition('public.events', p_target_table := 'public.events_flat',
                                                                   p_loop_count := 1000, p_keep_table := false)" |
        grep -v NOTICE)
  check "$L: undo_partition moves every row into a plain table, no partition left" \
    "$out $(q "$db" -c "SELECT count(*) FROM public.events_flat") $(q "$db" -c "SELECT count(*) FROM pg_inherits WHERE inhparent = 'public.events'::regclass")" \
    "3 3 0"
}

# --- pruning ----------------------------------------------------------------------------------
# touched DB QUERY [PREFIX]: "removed N; scanned: partitions..." from EXPLAIN (ANALYZE) of QUERY
# (PREFIX: statements before it in the same session, e.g. PREPARE).
touched() {
  local db=$1 query=$2 prefix=${3:-} plan
  plan=$(q "$db" -c "$prefix SET plan_cache_mode = force_generic_plan;" -c "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) $query")
  printf 'removed %s; scanned: %s' "$(printf '%s\n' "$plan" | sed -n 's/.*Subplans Removed: \([0-9]*\).*/\1/p' | head -n 1)" \
    "$(printf '%s\n' "$plan" | grep -v 'never executed' | grep -oE ' on events_(p[0-9]{8}|default)' | sed 's/ on //' | sort -u | tr '\n' ' ')"
}
# needed DB BOUND: the partitions that can hold a key >= BOUND (a uuid expression), from their
# bounds in the catalog, and the default.
needed() {
  q "$1" -c "SELECT string_agg(c.relname, ' ' ORDER BY c.relname) || ' ' FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
             WHERE i.inhparent = 'public.events'::regclass
               AND (c.relname = 'events_default'
                    OR substring(pg_get_expr(c.relpartbound, c.oid) FROM 'TO \(''([0-9a-f-]+)''\)')::uuid > ($2))"
}
pruning() {
  local ed=$1 db=partman_${1}_prune L="$1 edition, pruning" bound total want got
  new_db "$db" "$ed" uuid6 || { not_ok "$L: a database with pg_partman and uuid6"; return; }
  # 30 daily partitions back from today, one ahead, a primary key; a key every 10 minutes.
  got=$(q "$db" -c "CREATE TABLE public.events (id uuid NOT NULL DEFAULT uuid6.uuid_generate_v7(), payload text,
                                                PRIMARY KEY (id)) PARTITION BY RANGE (id)" \
               -c "SELECT partman.create_parent(p_parent_table := 'public.events', p_control := 'id',
                                                p_interval := '1 day', p_premake := 1,
                                                p_start_partition := to_char(now() - interval '29 days', 'YYYY-MM-DD'),
                                                p_time_encoder := 'uuid6.uuid_v7_floor',
                                                p_time_decoder := 'uuid6.uuid_extract_time')" \
               -c "INSERT INTO public.events SELECT uuid6.uuid_generate_v7(t), 'x'
                   FROM generate_series(now() - interval '29 days', now(), interval '10 minutes') AS t" \
               -c "ANALYZE public.events" \
               -c "SELECT count(*) FROM pg_inherits WHERE inhparent = 'public.events'::regclass")
  total=$(printf '%s' "$got" | tail -n 1)
  if ! [ "$total" -ge 31 ] 2>/dev/null; then
    not_ok "$L: 30 daily partitions made by create_parent" "$got"
    return
  fi
  want=$(needed "$db" "uuid6.uuid_v7_floor(now() - interval '1 hour')")
  # With the key one hour back, at most yesterday, today, tomorrow and the default are needed.
  got=$(touched "$db" "SELECT count(*) FROM public.events WHERE id >= uuid6.uuid_v7_floor(now() - interval '1 hour')")
  check "$L: id >= uuid_v7_floor(now() - interval '1 hour') reads only the partitions it needs ($total partitions)" \
    "$got" "removed $(($total - $(wc -w <<<"$want"))); scanned: $want"
  got=$(touched "$db" "EXECUTE since(now() - interval '1 hour')" \
    "PREPARE since(timestamptz) AS SELECT count(*) FROM public.events WHERE id >= uuid6.uuid_v7_floor(\$1);")
  check "$L: a prepared statement's bind parameter (generic plan) reads only the partitions it needs" \
    "$got" "removed $(($total - $(wc -w <<<"$want"))); scanned: $want"
  # A closed range of two days, five days back: exactly those two partitions.
  want=$(q "$db" -c "SELECT 'events_p' || to_char(now() - interval '5 days', 'YYYYMMDD') || ' events_p' || to_char(now() - interval '4 days', 'YYYYMMDD') || ' '")
  got=$(touched "$db" "EXECUTE between_days(date_trunc('day', now()) - interval '5 days', date_trunc('day', now()) - interval '3 days')" \
    "PREPARE between_days(timestamptz, timestamptz) AS SELECT count(*) FROM public.events WHERE id >= uuid6.uuid_v7_floor(\$1) AND id < uuid6.uuid_v7_floor(\$2);")
  check "$L: a two-day range through bind parameters reads those two days' partitions" "$got" "removed $(($total - 2)); scanned: $want"
  # pg_partman's own encoder is VOLATILE: nothing removed, every partition read.
  got=$(touched "$db" "SELECT count(*) FROM public.events WHERE id >= partman.uuid7_time_encoder(now() - interval '1 hour')")
  check "$L: pg_partman's uuid7_time_encoder prunes nothing (known: VOLATILE; docs/partitioning.md)" \
    "$(printf '%s' "$got" | sed 's/; scanned: .*//') $(($(printf '%s' "$got" | sed 's/.*scanned: //' | wc -w)))" "removed  $total"
  # The same count both ways.
  got=$(q "$db" -c "SELECT (SELECT count(*) FROM public.events WHERE id >= uuid6.uuid_v7_floor(t))
                          = (SELECT count(*) FROM public.events WHERE id >= partman.uuid7_time_encoder(t))
                   FROM (SELECT now() - interval '1 hour' AS t) AS s")
  check "$L: uuid_v7_floor and uuid7_time_encoder bound the same rows (keys 10 minutes apart)" "$got" t
}

# --- the page's pg_partman examples -----------------------------------------------------------
docs_examples() {
  local ed=$1 db=partman_${1}_docs L="$1 edition, docs/partitioning.md" block out i=0 all ran=0
  q postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" >/dev/null
  if [ "$ed" = c ]; then q "$db" -c "CREATE EXTENSION uuid6" >/dev/null; else q "$db" -v schema=public -f "$ROOT/build/tle/uuid6.sql" >/dev/null; fi
  all=$(awk '/^```psql$/ {f = 1; n++; next} /^```$/ {f = 0} f {print n "\t" $0}' "$DOC")
  [ -n "$all" ] || { not_ok "$L: has pg_partman examples (\`\`\`psql blocks)"; return; }
  # Rows for every step: today, backfilled, and 20 days back (into the default).
  for block in $(cut -f1 <<<"$all" | sort -nu); do
    i=$block
    out=$(cut -f2- <<<"$(grep -P "^$block\t" <<<"$all")" | q "$db" -f - 2>&1)
    local rc=$?
    if [ $block = 1 ]; then
      q "$db" -c "INSERT INTO public.events (payload) VALUES ('now')" \
              -c "INSERT INTO public.events SELECT uuid_generate_v7(now() - interval '1 day'), 'yesterday'" \
              -c "INSERT INTO public.events SELECT uuid_generate_v7(now() - interval '40 days'), 'old'" >/dev/null
    fi
    if grep -q 'partition_data_time' <<<"$(grep -P "^$block\t" <<<"$all")" && [ $partman_old = yes ]; then
      check "$L: example $block (partition_data_time) refused by pg_partman $partman_version, as the page says" \
        "$(grep -c 'Cannot run on partition set without time based control column' <<<"$out")" 1
      continue
    fi
    if [ $rc -eq 0 ] && ! grep -q 'WARNING' <<<"$out"; then ran=$((ran + 1)); else not_ok "$L: example $block runs" "$out"; fi
  done
  check "$L: every pg_partman example ran" "$ran" "$(cut -f1 <<<"$all" | sort -nu | wc -l | awk -v o="$partman_old" '{print $1 - (o == "yes")}')"
  out=$(q "$db" -c "SELECT count(*) FROM public.events_flat" -c "SELECT count(*) FROM pg_inherits WHERE inhparent = 'public.events'::regclass" | tr '\n' ' ')
  check "$L: after the examples, every row in events_flat and no partition left" "$out" "3 0 "
}

# v8 keys of uuid6's layout (uuid_v8_floor) on the C library: the editions' floors are compared
# byte for byte by the edition suite.
for ed in c plain; do
  for v in 7 6; do lifecycle $ed $v; done
  [ $ed = c ] && lifecycle c 8
  pruning $ed
  docs_examples $ed
done
