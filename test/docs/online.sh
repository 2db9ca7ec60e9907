#!/usr/bin/env bash
# test/docs/online.sh [PAGE] — docs/migrating.md's move from bigserial keys, as written, against
# tables that another session writes to all along, the way an application keeps running while
# its keys move.
#
# From the page's section "From `bigserial` keys": the first SQL block up to its first blank
# line makes the tables; this script fills them (ONLINE_ROWS rows each, default 400000), starts
# a writer session that inserts an account and a note per transaction the way the application
# did before the move (bigint columns only), then runs the rest of the section's SQL (up to the
# recipe for tables without a creation time) through psql with ON_ERROR_STOP, and stops the
# writer. Checks:
#   - the recipe ran, and the writer committed transactions while it ran, none refused;
#   - no transaction of the writer took longer than ONLINE_MAX_MS (default 400): no step held a
#     lock that blocks writers for longer than a catalog update (a plain CREATE INDEX, a
#     foreign key or NOT NULL checked by a scan, a table rewrite each block them for the
#     length of a pass over the table);
#   - SET NOT NULL skipped its scan, proven by a validated constraint (PostgreSQL's DEBUG1 message);
#   - neither table was rewritten (same relfilenode);
#   - afterwards every account has its uuid key, as primary key, from its creation time; the
#     bigint stays unique; every note, those the writer added included, refers to its account
#     by the uuid, through a validated foreign key.
# Against the server at PGHOST/PGPORT (a superuser), in database uuid6_docs_online (made again).
# Prints "ok - ..." / "not ok - ..." and ends with "N passed, N failed"; exits non-zero on a
# failure.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
PAGE=${1:-$ROOT/docs/migrating.md}
ROWS=${ONLINE_ROWS:-100000}
MAX_MS=${ONLINE_MAX_MS:-400}
DB=uuid6_docs_online
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok - $1"; }
not_ok() {
  failed=$((failed + 1))
  echo "not ok - $1"
  [ -n "${2:-}" ] && printf '%s\n' "$2" | head -n 30 | sed 's/^/#   /'
  return 0
}
q() { psql -X -q -At -v ON_ERROR_STOP=1 -d "$DB" "$@"; }

# The section's SQL: setup (first block to its first blank line) and the recipe (the rest).
awk '
  /^## / { in_section = ($0 ~ /^## From `bigserial` keys/) }
  in_section && /^```sql$/ { block++; code = 1; blank = 0; next }
  in_section && code && /^```$/ { code = 0; next }
  in_section && code && /CREATE TABLE plans/ { in_section = 0; next }
  in_section && code {
    if (block == 1 && !blank && $0 ~ /^[[:space:]]*$/) { blank = 1; next }
    print > ((block == 1 && !blank) ? setup : recipe)
  }' setup="$WORK/setup.sql" recipe="$WORK/recipe.sql" "$PAGE"
if [ ! -s "$WORK/setup.sql" ] || [ ! -s "$WORK/recipe.sql" ]; then
  not_ok "$PAGE has a section \"From \`bigserial\` keys\" with its tables and a recipe"
  echo "$passed passed, $failed failed"
  exit 1
fi

psql -X -q -d postgres -c "SET client_min_messages = warning" \
  -c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB" >/dev/null || exit 1
q -c 'CREATE EXTENSION uuid6' -f "$WORK/setup.sql" >/dev/null || { not_ok "the section's tables"; exit 1; }
q >/dev/null <<SQL || { not_ok "filling the tables"; exit 1; }
INSERT INTO accounts (created_at, name)
SELECT timestamptz '2020-01-01 00:00+00' + n * interval '1 minute', 'account ' || n
FROM generate_series(1, $ROWS) AS n;
INSERT INTO account_notes (account_id, note) SELECT id, 'note' FROM accounts;
VACUUM ANALYZE accounts, account_notes;
CREATE TABLE online_writes (at timestamptz NOT NULL, took_ms float8 NOT NULL);
CREATE TABLE online_stop (stop boolean);
-- The application, unchanged: an account and a note per transaction, through the bigint keys.
CREATE PROCEDURE online_writer() LANGUAGE plpgsql AS \$\$
DECLARE
  started timestamptz;
  new_id bigint;
BEGIN
  LOOP
    started := clock_timestamp();
    INSERT INTO accounts (name) VALUES ('written during the move') RETURNING id INTO new_id;
    INSERT INTO account_notes (account_id, note) VALUES (new_id, 'written during the move');
    INSERT INTO online_writes VALUES (started, 1000 * extract(epoch FROM clock_timestamp() - started));
    COMMIT;
    EXIT WHEN EXISTS (SELECT FROM online_stop);
    PERFORM pg_sleep(0.005);
  END LOOP;
END
\$\$;
SQL
old_accounts=$(q -c 'SELECT max(id) FROM accounts')
files_before=$(q -c "SELECT pg_relation_filenode('accounts') || ' ' || pg_relation_filenode('account_notes')")

q -c 'CALL online_writer()' >"$WORK/writer.log" 2>&1 &
writer=$!
sleep 1
begun=$(q -c 'SELECT clock_timestamp()')
PGOPTIONS="${PGOPTIONS:-} -c client_min_messages=debug1" \
  psql -X -v ON_ERROR_STOP=1 -d "$DB" -f "$WORK/recipe.sql" >"$WORK/recipe.log" 2>&1
recipe_status=$?
ended=$(q -c 'SELECT clock_timestamp()')
sleep 1
q -c 'INSERT INTO online_stop VALUES (true)'
wait "$writer"
writer_status=$?

if [ $recipe_status = 0 ]; then
  ok "the recipe ran while the writer wrote ($(q -c "SELECT round(extract(epoch FROM timestamptz '$ended' - '$begun'), 1)") s, $ROWS rows a table)"
else
  not_ok "the recipe ran while the writer wrote" "$(tail -n 20 "$WORK/recipe.log")"
fi
writes=$(q -c "SELECT count(*) FROM online_writes WHERE at BETWEEN '$begun' AND '$ended'")
if [ $writer_status = 0 ] && [ "$writes" -gt 0 ]; then
  ok "the writer committed $writes transactions during the recipe, none refused"
else
  not_ok "the writer committed transactions during the recipe, none refused" "$writes transactions; $(cat "$WORK/writer.log")"
fi
longest=$(q -c "SELECT round(max(took_ms)) FROM online_writes")
if [ -n "$longest" ] && [ "$longest" -le "$MAX_MS" ]; then
  ok "no write waited: the longest transaction of the writer took $longest ms (at most $MAX_MS)"
else
  not_ok "no write waited: the longest transaction of the writer took ${longest:-?} ms (at most $MAX_MS)" \
    "$(q -c "SELECT at, round(took_ms) FROM online_writes ORDER BY took_ms DESC LIMIT 5")"
fi
# PostgreSQL says so (DEBUG1) where SET NOT NULL skips its scan of the table.
if grep -q 'are sufficient to prove that it does not contain nulls' "$WORK/recipe.log"; then
  ok "SET NOT NULL was proven by a validated constraint, without a scan under an exclusive lock"
else
  not_ok "SET NOT NULL was proven by a validated constraint, without a scan under an exclusive lock" \
    "$(grep -n 'SET NOT NULL\|NOT NULL' "$WORK/recipe.sql")"
fi
files_after=$(q -c "SELECT pg_relation_filenode('accounts') || ' ' || pg_relation_filenode('account_notes')")
if [ "$files_before" = "$files_after" ]; then
  ok "neither table was rewritten"
else
  not_ok "neither table was rewritten" "relfilenodes before: $files_before, after: $files_after"
fi
state=$(q <<SQL
SELECT concat_ws(' ',
  (SELECT count(*) FILTER (WHERE uid IS NULL) FROM accounts) || ' accounts without a key',
  (SELECT count(*) FROM accounts WHERE id <= $old_accounts
      AND uuid_extract_time(uid, true) IS DISTINCT FROM created_at) || ' old accounts keyed otherwise than by created_at',
  (SELECT count(*) FROM account_notes n LEFT JOIN accounts a ON a.uid = n.account_uid
      WHERE a.uid IS NULL OR a.id <> n.account_id) || ' notes not referring to their account by uid',
  (SELECT string_agg(a.attname, ',') FROM pg_index i
      JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
      WHERE i.indrelid = 'accounts'::regclass AND i.indisprimary) || ' is the primary key',
  (SELECT count(*) FROM pg_constraint WHERE conrelid = 'accounts'::regclass AND contype = 'u'
      AND conkey = ARRAY[(SELECT attnum FROM pg_attribute WHERE attrelid = 'accounts'::regclass AND attname = 'id')]) || ' unique constraint on id',
  (SELECT count(*) FROM pg_constraint WHERE conrelid = 'account_notes'::regclass AND contype = 'f'
      AND convalidated AND confrelid = 'accounts'::regclass
      AND conkey = ARRAY[(SELECT attnum FROM pg_attribute WHERE attrelid = 'account_notes'::regclass AND attname = 'account_uid')]) || ' validated foreign key on account_uid')
SQL
)
expected="0 accounts without a key 0 old accounts keyed otherwise than by created_at 0 notes not referring to their account by uid uid is the primary key 1 unique constraint on id 1 validated foreign key on account_uid"
if [ "$state" = "$expected" ]; then
  ok "every account keyed from its creation time, the uuid the primary key, the bigint unique, every note referring by uuid"
else
  not_ok "every account keyed from its creation time, the uuid the primary key, the bigint unique, every note referring by uuid" "$state"
fi

psql -X -q -d postgres -c "DROP DATABASE $DB" >/dev/null
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
