#!/usr/bin/env bash
# test/traps/run.sh MODE — the trap test: no body of uuid6 runs another role's code, and every
# IMMUTABLE and STABLE function gives the same result in every session (issue 31; SPEC 6e).
#
#   MODE c      the C library:   CREATE EXTENSION uuid6 SCHEMA uuid6, by a superuser
#   MODE tle    the SQL edition through pg_tle (build/tle/uuid6-pgtle.sql), CREATE EXTENSION by
#               a role that is not superuser
#   MODE plain  the SQL edition's plain script (build/tle/uuid6.sql), by a role that is not
#               superuser
#
# Against the server at PGHOST/PGPORT (user postgres, a superuser), in a database of its own
# (TRAPS_DB, default uuid6_traps; dropped and made again), with roles of its own. PSQL: the psql
# to use; TLE: where build/tle is. Prints "ok - ..." / "not ok - ..." and ends with
# "N passed, N failed"; exits non-zero on failure.
#
# The test (files beside this one):
#   0. Before the install, the planting role plants traps into public and into the schema uuid6
#      will go into, made by its future owner, who grants the planting role CREATE there and
#      revokes it again before the install (as the docs advise).
#   1. uuid6 into schema uuid6; harness.sql makes a call of every function in it with arguments
#      made per signature (NULLs and inputs that are refused included), and runs them all as
#      the superuser with the default search_path, and the IMMUTABLE and STABLE ones as the
#      planting role with search_path = public, pg_catalog: the clean results.
#   2. The planting role, which has nothing but CREATE on public, plants traps there
#      (plant.sql: operators, functions and types by the names in uuid6's bodies); the same
#      calls again, in the same sessions.
#   3. The schema's owner grants the planting role CREATE on schema uuid6 (the installers of the
#      SQL edition refuse a schema where it has that beforehand); traps there too; the calls
#      again, the superuser also with search_path = uuid6, public and the planting role with
#      search_path = uuid6, public, pg_catalog.
#   4. Overloads in schema uuid6 beside the SQL edition's helpers and pg_catalog's functions by
#      the names in its bodies: a defaulted parameter more, VARIADIC candidates, and the
#      helpers' seal left out or replaced (see below).
#   After each: no trap fired, and every result equals the clean one (a VOLATILE function's:
#   its kind, NULL, the SQLSTATE of its error or the version of its UUID).
# TRAPS_KEEP=DIR keeps the phases' logs, with the WARNING of every trap that fired.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
MODE=${1:?usage: test/traps/run.sh c|tle|plain}
PSQL=${PSQL:-psql}
TLE=${TLE:-$ROOT/build/tle}
DB=${TRAPS_DB:-uuid6_traps}
SCHEMA=uuid6
TRAPPER=uuid6_trapper
OWNER=uuid6_traps_owner

passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok - traps ($MODE): $1"; }
not_ok() {
  failed=$((failed + 1))
  echo "not ok - traps ($MODE): $1"
  [ -n "${2:-}" ] && printf '%s\n' "$2" | head -n 60 | sed 's/^/#   /'
  return 0
}
finish() {
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}
t0=$(date +%s)

# q USER [PGOPTIONS] -- psql args: one psql in the test's database, unaligned, stops at the first
# error.
q() {
  local user=$1 options=$2
  shift 2
  PGOPTIONS="$options" "$PSQL" -X -q -At -v ON_ERROR_STOP=1 -U "$user" -d "$DB" "$@"
}

# --- the database, the roles, uuid6 ----------------------------------------------------------
setup=$("$PSQL" -X -q -At -v ON_ERROR_STOP=1 -U postgres -d postgres \
  -c "SET client_min_messages = warning" \
  -c "DROP DATABASE IF EXISTS $DB" -c "DROP ROLE IF EXISTS $TRAPPER" -c "DROP ROLE IF EXISTS $OWNER" \
  -c "CREATE ROLE $TRAPPER LOGIN" -c "CREATE ROLE $OWNER LOGIN" \
  -c "CREATE DATABASE $DB" -c "GRANT CREATE ON DATABASE $DB TO $OWNER" 2>&1) ||
  { not_ok "a database and roles of its own" "$setup"; finish; exit 1; }
# The planting role: CREATE on public and nothing else.
q postgres '' -c "GRANT CREATE ON SCHEMA public TO $TRAPPER" >/dev/null

# --- before the install: traps where uuid6 will go ------------------------------------------------
# The names of uuid6's bodies are read from a copy installed for the purpose (schema
# uuid6_names, by the superuser), dropped again once the traps are planted. The schema uuid6 is
# made by its future owner, who lets the planting role create there, then revokes that (as the
# docs advise before an install); the planting role plants into it (nothing by the names of
# uuid6's functions: the installers refuse a schema that holds those) and into public, with
# overloads that take a defaulted parameter more and VARIADIC candidates. uuid6 is then
# installed into uuid6, and no trap may fire in any phase after.
case "$MODE" in
  c) names=$(q postgres '' -c "CREATE SCHEMA uuid6_names" -c "CREATE EXTENSION uuid6 SCHEMA uuid6_names" 2>&1)
     schema_maker=postgres ;;
  *) names=$(q postgres '' -v schema=uuid6_names -f "$TLE/uuid6.sql" 2>&1)
     schema_maker=$OWNER ;;
esac || { not_ok "a copy of uuid6 to read the names of its bodies from" "$names"; finish; exit 1; }
pre=$(q "$schema_maker" '' -c "CREATE SCHEMA $SCHEMA" -c "GRANT CREATE ON SCHEMA $SCHEMA TO $TRAPPER" 2>&1 &&
      q "$TRAPPER" '' -v target="$SCHEMA" -v ext=uuid6_names -v copies=off -v overloads=on -f "$HERE/plant.sql" 2>&1 &&
      q "$TRAPPER" '' -v target=public -v ext=uuid6_names -v overloads=on -f "$HERE/plant.sql" 2>&1 &&
      q "$schema_maker" '' -c "REVOKE CREATE ON SCHEMA $SCHEMA FROM $TRAPPER" 2>&1) ||
  { not_ok "traps planted before the install" "$pre"; finish; exit 1; }
case "$MODE" in
  c) dropped=$(q postgres '' -c "SET client_min_messages = warning" -c "DROP EXTENSION uuid6" -c "DROP SCHEMA uuid6_names" 2>&1) ;;
  *) dropped=$(q postgres '' -c "SET client_min_messages = warning" -c "DROP SCHEMA uuid6_names CASCADE" -c "DROP SCHEMA uuid6_sql_sequences CASCADE" 2>&1) ;;
esac || { not_ok "the copy of uuid6 dropped" "$dropped"; finish; exit 1; }
ok "traps planted before the install, in $SCHEMA (CREATE then revoked) and public: $(q postgres '' -c "SELECT string_agg(format('%s %s', count, kind), ', ') FROM (SELECT kind, count(*) FROM public.uuid6_traps GROUP BY kind ORDER BY kind) s")"
case "$MODE" in
  c)
    install=$(q postgres '' -c "CREATE EXTENSION uuid6 SCHEMA $SCHEMA" 2>&1) ;;
  tle)
    install=$(q postgres '-c search_path=pg_catalog,pg_temp' -c "CREATE EXTENSION pg_tle" -f "$TLE/uuid6-pgtle.sql" 2>&1 &&
              q "$OWNER" '' -c "CREATE EXTENSION uuid6 SCHEMA $SCHEMA" 2>&1) ;;
  plain)
    install=$(q "$OWNER" '' -v schema="$SCHEMA" -f "$TLE/uuid6.sql" 2>&1) ;;
  *)
    echo "test/traps/run.sh: unknown mode $MODE" >&2
    exit 2 ;;
esac
if [ $? -ne 0 ]; then not_ok "uuid6 installed into schema $SCHEMA" "$install"; finish; exit 1; fi
schema_owner=$(q postgres '' -c "SELECT nspowner::regrole FROM pg_namespace WHERE nspname = '$SCHEMA'")
q "$schema_owner" '' -c "GRANT USAGE ON SCHEMA $SCHEMA TO PUBLIC" >/dev/null
# (Built with the path pinned: the traps planted before the install are in public already, and
# the harness's own code must not run them.)
harness=$(q postgres '-c search_path=pg_catalog,pg_temp' -v ext="$SCHEMA" -f "$HERE/harness.sql" 2>&1) ||
  { not_ok "the harness (harness.sql)" "$harness"; finish; exit 1; }
read -r n_calls n_stable n_functions < <(q postgres '' -F ' ' \
  -c "SELECT count(*), count(*) FILTER (WHERE volatility IN ('i', 's')), count(DISTINCT fn) FROM uuid6_harness.calls")

# run PHASE USER SEARCH_PATH TABLE: the calls of TABLE in a session of USER with that
# search_path (empty: the server's default), results stored under PHASE; WARNINGs kept.
run() {
  local phase=$1 user=$2 path=$3 table=$4 options=''
  [ -n "$path" ] && options="-c search_path=${path// /}"
  q "$user" "$options" -c "INSERT INTO uuid6_harness.results (phase, id, r) SELECT '$phase', c.id, uuid6_harness.call(c.q, c.pause) FROM uuid6_harness.$table c ORDER BY c.id" \
    >"$WORK/$phase.log" 2>&1 || not_ok "the calls of phase $phase ran" "$(tail -n 20 "$WORK/$phase.log")"
}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

run base_su postgres '' calls
run base_tr "$TRAPPER" 'public, pg_catalog' calls_stable

# fired: how many traps fired so far (the sequence no rollback undoes) and which, from the
# WARNINGs of the phases' logs.
fired() {
  q postgres '' -c "SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM public.uuid6_trap_fired"
}
# compare PHASE BASE LABEL: every call of PHASE has BASE's result (VOLATILE: the same kind).
compare() {
  local phase=$1 base=$2 label=$3 out
  out=$(q postgres '' -F ' | ' -c "
    WITH shape AS (
      SELECT r.phase, r.id, c.fn, c.q,
             CASE WHEN c.volatility <> 'v' THEN r.r
                  WHEN r.r LIKE 'ERROR %' THEN 'ERROR ' || split_part(r.r, ' ', 2)
                  WHEN r.r LIKE '<null>%' THEN '<null>'
                  WHEN r.r ~ '^[0-9a-f]{8}-[0-9a-f]{4}-' THEN 'a UUID of version ' || substr(r.r, 15, 1)
                  ELSE 'a value' END
             || CASE WHEN c.volatility = 'v' AND r.r LIKE '% [a trap fired]' THEN ' [a trap fired]' ELSE '' END AS got
      FROM uuid6_harness.results r JOIN uuid6_harness.calls c USING (id)),
    differ AS (
      SELECT a.id, a.fn, a.q, coalesce(b.got, '(not run)') AS clean, a.got
      FROM shape a LEFT JOIN shape b ON b.id = a.id AND b.phase = '$base'
      WHERE a.phase = '$phase' AND a.got IS DISTINCT FROM b.got)
    SELECT format('%s: %s of %s calls differ (%s traps fired), e.g. %s -> %s, clean %s', d.fn, count(*),
                  (SELECT count(*) FROM uuid6_harness.calls c WHERE c.fn = d.fn),
                  count(*) FILTER (WHERE d.got LIKE '%[a trap fired]'),
                  (array_agg(d.q ORDER BY d.id))[1], (array_agg(d.got ORDER BY d.id))[1], (array_agg(d.clean ORDER BY d.id))[1])
    FROM differ d GROUP BY d.fn ORDER BY d.fn::text")
  local n_run
  n_run=$(q postgres '' -c "SELECT count(*) FROM uuid6_harness.results WHERE phase = '$phase'")
  if [ -z "$out" ] && [ "$n_run" -gt 0 ]; then
    ok "$label: the same results as the clean session ($n_run calls)"
  else
    not_ok "$label: the same results as the clean session ($n_run calls; differ in $(printf '%s\n' "$out" | grep -c .) functions)" \
      "$(printf '%s\n' "$out" | cut -c 1-400)"
  fi
}
check_fired() {  # check_fired LABEL SINCE PHASES...: no trap fired since the count SINCE
  local label=$1 since=$2 n
  shift 2
  n=$(( $(fired) - since ))
  if [ "$n" = 0 ]; then
    ok "$label: no trap fired"
  else
    local which
    which=$(for p in "$@"; do grep -h 'uuid6 trap [0-9]* fired' "$WORK/$p.log"; done | sed 's/^.*WARNING: *//' |
            sort | uniq -c | sort -rn | head -n 15)
    not_ok "$label: $n traps fired" "$which"
  fi
}

# The first sessions (traps planted before the install only) agree: an IMMUTABLE or STABLE
# function gives the same result whatever the session's role and search_path; no trap fired,
# in the install or in the calls.
check_fired "traps planted before the install, in $SCHEMA and public: the install, $n_calls calls by the superuser and $n_stable by the planting role" 0 base_su base_tr
compare base_tr base_su "traps planted before the install, the planting role's session (search_path = public, pg_catalog)"

# --- first run: traps in public ----------------------------------------------------------------
t_plant=$(date +%s)
plant=$(q "$TRAPPER" '' -v target=public -v ext="$SCHEMA" -f "$HERE/plant.sql" 2>&1)
t_plant=$(( $(date +%s) - t_plant ))
if [ $? -ne 0 ]; then
  not_ok "traps planted in public" "$plant"
else
  ok "traps planted in public: $(q postgres '' -c "SELECT string_agg(format('%s %s', count, kind), ', ') FROM (SELECT kind, count(*) FROM public.uuid6_traps GROUP BY kind ORDER BY kind) s"); $(tail -n 1 <<<"$plant")"
fi
run p1_su postgres '' calls
run p1_tr "$TRAPPER" 'public, pg_catalog' calls_stable
check_fired "traps in public, $n_calls calls by the superuser (default search_path) and $n_stable by the planting role (search_path = public, pg_catalog)" 0 p1_su p1_tr
compare p1_su base_su "traps in public, the superuser"
compare p1_tr base_tr "traps in public, the planting role"

# --- second run: traps in uuid6's own schema too -----------------------------------------------
before=$(fired)
q "$schema_owner" '' -c "GRANT CREATE ON SCHEMA $SCHEMA TO $TRAPPER" >/dev/null
t_plant2=$(date +%s)
plant=$(q "$TRAPPER" '' -v target="$SCHEMA" -v ext="$SCHEMA" -f "$HERE/plant.sql" 2>&1)
t_plant=$(( t_plant + $(date +%s) - t_plant2 ))
if [ $? -ne 0 ]; then
  not_ok "traps planted in $SCHEMA" "$plant"
else
  ok "traps planted in $SCHEMA (CREATE granted after installation): $(q postgres '' -c "SELECT string_agg(format('%s %s', count, kind), ', ') FROM (SELECT kind, count(*) FROM public.uuid6_traps WHERE what LIKE '$SCHEMA.%' GROUP BY kind ORDER BY kind) s"); $(tail -n 1 <<<"$plant")"
fi
run p2_su postgres '' calls
run p2_su_path postgres "$SCHEMA, public" calls
run p2_tr "$TRAPPER" "$SCHEMA, public, pg_catalog" calls_stable
check_fired "traps in public and $SCHEMA, the superuser (default search_path; $SCHEMA, public) and the planting role ($SCHEMA, public, pg_catalog)" "$before" p2_su p2_su_path p2_tr
compare p2_su base_su "traps in public and $SCHEMA, the superuser"
compare p2_su_path base_su "traps in public and $SCHEMA, the superuser with search_path = $SCHEMA, public"
compare p2_tr base_tr "traps in public and $SCHEMA, the planting role"

# --- third run: overloads in uuid6's own schema ----------------------------------------------
# A role with CREATE on uuid6's schema after the install adds, beside each uuid6_sql_ helper of
# the SQL edition and pg_catalog's functions by the names in its bodies, an overload with a
# defaulted parameter more and a VARIADIC candidate, and beside each helper three that put
# another type, or nothing, where the helper takes its seal (plant.sql (d)): a call resolved
# when it runs (a PL/pgSQL body's) that matched one of them too would fail (42725) or run the
# trap. (Not beside uuid6's API functions: the harness's own calls of those, which are a user's,
# would be ambiguous beside an overload with a defaulted parameter more, as any user's call of
# a function is in a schema where another role may create functions: the installers refuse
# such a schema.)
before=$(fired)
plant=$(q "$TRAPPER" '' -v target="$SCHEMA" -v ext="$SCHEMA" -v overloads=on -v helpers=on -f "$HERE/plant.sql" 2>&1)
if [ $? -ne 0 ]; then
  not_ok "overloads planted in $SCHEMA" "$plant"
else
  # (every helper's name among the planting role's overloads in the schema)
  helpers=$(q postgres '' -c "SET search_path = pg_catalog, pg_temp" -c "SELECT count(DISTINCT p.proname) FROM pg_proc p WHERE p.pronamespace OPERATOR(pg_catalog.=) '$SCHEMA'::regnamespace AND starts_with(p.proname::text, 'uuid6_sql_') AND p.proowner OPERATOR(pg_catalog.<>) '$TRAPPER'::regrole AND p.proname OPERATOR(pg_catalog.<>) 'uuid6_sql_edition_version'")
  helper_overloads=$(q postgres '' -c "SET search_path = pg_catalog, pg_temp" -c "SELECT count(DISTINCT p.proname) FROM pg_proc p WHERE p.pronamespace OPERATOR(pg_catalog.=) '$SCHEMA'::regnamespace AND starts_with(p.proname::text, 'uuid6_sql_') AND p.proowner OPERATOR(pg_catalog.=) '$TRAPPER'::regrole")
  if [ "$MODE" != c ] && { [ "${helper_overloads:-0}" -lt "${helpers:-0}" ] || [ "${helpers:-0}" -eq 0 ]; }; then
    not_ok "overloads planted in $SCHEMA beside every helper" "overloads beside $helper_overloads of $helpers helpers; $(tail -n 1 <<<"$plant")"
  else
    ok "overloads planted in $SCHEMA (CREATE granted after installation): $(q postgres '' -c "SELECT count(*) FROM public.uuid6_traps WHERE kind = 'overload' AND what LIKE '$SCHEMA.%'") overloads, beside $helper_overloads of $helpers helpers of uuid6's; $(tail -n 1 <<<"$plant")"
  fi
fi
run p3_su postgres '' calls
run p3_tr "$TRAPPER" "$SCHEMA, public, pg_catalog" calls_stable
check_fired "overloads with a defaulted parameter more and VARIADIC candidates in $SCHEMA" "$before" p3_su p3_tr
compare p3_su base_su "overloads in $SCHEMA, the superuser"
compare p3_tr base_tr "overloads in $SCHEMA, the planting role"

echo "# traps ($MODE): $(q postgres '' -c "SELECT count(*) FROM public.uuid6_traps") traps, $(( n_calls * 4 + n_stable * 3 )) calls of $n_functions functions, $(( $(date +%s) - t0 )) s ($t_plant s planting)"
# TRAPS_KEEP=DIR keeps each phase's log (the WARNINGs of the traps that fired) there.
[ -n "${TRAPS_KEEP:-}" ] && mkdir -p "$TRAPS_KEEP" && cp "$WORK"/*.log "$TRAPS_KEEP"/
"$PSQL" -X -q -U postgres -d postgres -c "DROP DATABASE IF EXISTS $DB" -c "DROP ROLE IF EXISTS $TRAPPER" \
  -c "DROP ROLE IF EXISTS $OWNER" >/dev/null 2>&1
finish
