#!/usr/bin/env bash
# test/docs/run.sh — the docs suite on its own, as scripts/test.sh runs it in its "docs" section:
#
#   1. every page (README.md, docs/*.md): its ```sql blocks run in order, in a database of its own
#      (uuid6_docs_PAGE, made again) where uuid6 is installed in public, through one psql with
#      ON_ERROR_STOP; every line of its ```text blocks must be in that output;
#   2. scripts/check-docs.pl with the installed extension's functions (links, anchors, openings,
#      paragraphs, the reference, every error message in docs/troubleshooting.md);
#   3. test/docs/online.sh: a production-safe recipe of docs/migrating.md run against a table
#      while another session writes to it.
#
# Against the server at PGHOST/PGPORT (user PGUSER, a superuser) where uuid6 is installed, or,
# with DOCS_PORT=N, a scratch cluster of its own on that port (PG_CONFIG's server, uuid6
# preloaded; stopped at the end). Prints "ok - ..." / "not ok - ..." and ends with
# "N passed, N failed"; exits non-zero on a failure. DOCS_OUT: where the outputs go (default
# build/docs).
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/../../scripts/lib.sh"
OUT=${DOCS_OUT:-$ROOT/build/docs}
mkdir -p "$OUT"
passed=0
failed=0
failures=()

if [ -n "${DOCS_PORT:-}" ]; then
  : "${PG_CONFIG:?DOCS_PORT needs PG_CONFIG, the pg_config of a server where uuid6 is installed}"
  PG_BINDIR=$("$PG_CONFIG" --bindir)
  export PATH="$PG_BINDIR:$PATH"
  CLUSTER=$(cluster_dir "docs-$DOCS_PORT")
  cluster_start "$CLUSTER" "$DOCS_PORT" || exit 1
  trap 'cluster_stop "$CLUSTER"' EXIT
fi

for doc in "$ROOT/README.md" "$ROOT"/docs/*.md; do
  page=${doc#"$ROOT"/}
  name=$(printf '%s' "$page" | tr -cs 'A-Za-z0-9' '_' | tr 'A-Z' 'a-z')
  awk '/^```sql$/ {f = 1; next} /^```$/ {f = 0} f' "$doc" >"$OUT/docs-$name.sql"
  awk '/^```text$/ {f = 1; next} /^```$/ {f = 0} f' "$doc" | sed 's/[[:space:]]*$//' >"$OUT/docs-$name-shown.txt"
  [ -s "$OUT/docs-$name.sql" ] || continue
  psql -X -q -d postgres -c "SET client_min_messages = warning" \
    -c "DROP DATABASE IF EXISTS uuid6_docs_$name" -c "CREATE DATABASE uuid6_docs_$name" >/dev/null
  problem=
  if ! { echo 'CREATE EXTENSION uuid6;'; cat "$OUT/docs-$name.sql"; } |
    psql -X -v ON_ERROR_STOP=1 -d "uuid6_docs_$name" >"$OUT/docs-$name.out" 2>&1; then
    problem="an example failed:
$(tail -n 20 "$OUT/docs-$name.out")"
  fi
  sed -i 's/[[:space:]]*$//' "$OUT/docs-$name.out"
  if grep -vxF -f "$OUT/docs-$name.out" "$OUT/docs-$name-shown.txt" >"$OUT/docs-$name-missing.txt"; then
    problem="$problem
shown output that the examples no longer produce:
$(cat "$OUT/docs-$name-missing.txt")"
  fi
  if [ -z "$problem" ]; then
    ok "$page: $(grep -c . "$OUT/docs-$name.sql") lines of SQL run, $(grep -c . "$OUT/docs-$name-shown.txt") lines of shown output found"
  else
    not_ok "$page" "$problem"
  fi
done

psql -X -q -At -d uuid6_docs_readme_md >"$OUT/docs-functions.txt" -c "
  SELECT p.proname || '|' || coalesce((SELECT string_agg(format_type(a.t, NULL), ',' ORDER BY a.n)
                                        FROM unnest(p.proargtypes::oid[]) WITH ORDINALITY AS a(t, n)), '')
         || '|' || p.provolatile::text || '|' || (CASE WHEN p.proisstrict THEN 't' ELSE 'f' END)
         || '|' || p.proparallel::text
  FROM pg_proc p
  JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
                  AND d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
  JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uuid6'
  ORDER BY 1" || not_ok "the installed functions, for the reference's check"
perl "$ROOT/scripts/check-docs.pl" --functions "$OUT/docs-functions.txt" "$ROOT" >"$OUT/docs-checks.log" 2>&1
cat "$OUT/docs-checks.log"
passed=$((passed + $(grep -c '^ok - ' "$OUT/docs-checks.log")))
failed=$((failed + $(grep -c '^not ok - ' "$OUT/docs-checks.log")))
grep -qE '^[0-9]+ passed, [0-9]+ failed$' "$OUT/docs-checks.log" || not_ok "scripts/check-docs.pl ended early"

bash "$HERE/online.sh" >"$OUT/online.log" 2>&1
cat "$OUT/online.log"
passed=$((passed + $(grep -c '^ok - ' "$OUT/online.log")))
failed=$((failed + $(grep -c '^not ok - ' "$OUT/online.log")))
grep -qE '^[0-9]+ passed, 0 failed$' "$OUT/online.log" || grep -q '^not ok - ' "$OUT/online.log" ||
  not_ok "test/docs/online.sh ended early"

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
