#!/usr/bin/env bash
# test/docs/online.sh [PAGE] — two moves of docs/migrating.md, as written, against tables that
# another session writes to all along, the way an application keeps running while its keys move:
#
#   bigserial  the section "From `bigserial` keys" (up to the recipe for tables without a
#              creation time): a uuid key added beside the bigint one, backfilled, made the
#              primary key, the children referring to it;
#   v4         the section "From random (v4) keys": the default switched, the old random keys
#              re-keyed from their creation time in batches, the children's references
#              following, the children's own keys re-keyed from their parent's creation time,
#              then VACUUM and REINDEX ... CONCURRENTLY.
#
# For each: the section's first SQL block up to its first blank line makes the tables; this
# script fills them (ONLINE_ROWS rows each, default 20000), starts a writer session that inserts a
# parent and a child row per transaction the way the application did before the move (it knows
# nothing of the new columns), runs the rest of the section's SQL through psql with
# ON_ERROR_STOP (DEBUG1 messages on), and stops the writer. Where the recipe rebuilds indexes, it
# runs in two parts, split before its first REINDEX, and the primary keys' sizes are taken between
# them. Checks:
#   - no statement of the recipe (outside DO blocks) builds or rebuilds an index without
#     CONCURRENTLY, rewrites a table (VACUUM FULL, CLUSTER), adds a
#     constraint without NOT VALID, a column with a default, or a key without USING INDEX, or
#     updates a whole table in one transaction; none adds or drops a foreign key but in a
#     transaction that first locked the parent and then the child, as the writer takes them,
#     in a mode that statement needs; every lock_timeout is below deadlock_timeout (1 s);
#   - the recipe ran, and the writer committed transactions while it ran, none refused;
#   - no transaction of the writer took longer than ONLINE_MAX_MS (default 400): no step held a
#     lock that blocks writers for longer than a catalog update (a plain CREATE INDEX, a
#     foreign key or NOT NULL checked by a scan, a table rewrite each block them for the
#     length of a pass over the table);
#   - (bigserial) SET NOT NULL skipped its scan, proven by a validated constraint (PostgreSQL's
#     DEBUG1 message);
#   - neither table was rewritten (same relfilenode);
#   - the keys, constraints and references end as the page says, for the rows the writer added
#     during the move too, and (v4) no row of the fill or of the writer was lost;
#   - (v4) each table's primary key ends at most 1.1 times the size of a unique index built
#     afresh (CREATE INDEX) over a copy of the same keys: the recipe gave the small index back.
# Against the server at PGHOST/PGPORT (a superuser), in database uuid6_docs_online (made again
# for each). Prints "ok - ..." / "not ok - ..." and ends with "N passed, N failed"; exits
# non-zero on a failure.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
PAGE=${1:-$ROOT/docs/migrating.md}
ROWS=${ONLINE_ROWS:-20000}
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

# extract HEADING_REGEX STOP_REGEX: the section's setup (first block to its first blank line) into
# $WORK/setup.sql and the rest of its SQL, up to a line matching STOP_REGEX, into recipe.sql.
extract() {
  rm -f "$WORK/setup.sql" "$WORK/recipe.sql"
  awk -v heading="$1" -v stop="$2" '
    /^## / { in_section = ($0 ~ heading) }
    in_section && /^```sql$/ { block++; code = 1; blank = 0; next }
    in_section && code && /^```$/ { code = 0; next }
    in_section && code && stop != "" && $0 ~ stop { in_section = 0; next }
    in_section && code {
      if (block == 1 && !blank && $0 ~ /^[[:space:]]*$/) { blank = 1; next }
      print > ((block == 1 && !blank) ? setup : recipe)
    }' setup="$WORK/setup.sql" recipe="$WORK/recipe.sql" "$PAGE"
  [ -s "$WORK/setup.sql" ] && [ -s "$WORK/recipe.sql" ]
}

# run_move NAME PARENT CHILD FILL_SQL WRITER_SQL STATE_SQL EXPECTED_STATE [pkey-sizes]
# pkey-sizes: check that each table's primary key (on its column id) ends as small as one built
# afresh over its keys.
run_move() {
  local name=$1 parent=$2 child=$3 fill=$4 writes=$5 state_sql=$6 expected=$7 check_sizes=${8:-}
  local files_before files_after writer writer_status recipe_status begun ended count longest state
  # The statements themselves, outside DO and function bodies: each takes only locks that let
  # writers go on, or holds a stronger one for a catalog update only.
  local unsafe
  # A statement that adds or drops a foreign key locks the child and then the parent; a writer
  # that holds the parent and waits for the child closes the circle (deadlock detected).
  unsafe=$(PARENT=$parent CHILD=$child perl -0777 -ne '
    s/\$\$.*?\$\$/\$\$/gs;        # bodies of DO blocks and functions
    s/--[^\n]*//g;
    my ($in_tx, %mode, @locked) = (0);
    # A table as LOCK names it: without ONLY, its schema or quotes.
    my $bare = sub { my $t = shift; $t =~ s/^\s+|\s+$//g; $t =~ s/^ONLY\s+//i; $t =~ s/.*\.//; $t =~ s/"//g; lc $t };
    for my $st (split /;/) {
      $st =~ s/\s+/ /g; $st =~ s/^ //;
      next unless length $st;
      # A lock_timeout at or above deadlock_timeout (1 s) lets a step that waits on a writer
      # waiting on it outlast the writer'"'"'s deadlock check: the writer is the one ended.
      if ($st =~ /^SET (?:LOCAL )?lock_timeout\s*(?:=|TO)\s*'"'"'?(\d+)\s*(ms|s|min)?'"'"'?/i) {
        my $ms = $1 * ({ ms => 1, s => 1000, min => 60000 }->{lc($2 // "ms")});
        print "a lock_timeout of ${ms} ms is not below deadlock_timeout (1000 ms): a writer and the step waiting on each other end the writer: $st\n"
          if $ms == 0 || $ms >= 1000;
        next;
      }
      if ($st =~ /^(BEGIN|START TRANSACTION)\b/i) { ($in_tx, @locked) = (1); next }
      if ($st =~ /^ROLLBACK TO\b/i) { next }
      if ($st =~ /^(COMMIT|END|ROLLBACK|ABORT)\b/i) { ($in_tx, @locked) = (0); next }
      if ($in_tx && $st =~ /^LOCK (?:TABLE )?(.*?) IN (.*?) MODE/i) {
        my $m = uc $2;
        for my $t (map { $bare->($_) } split /,/, $1) { push @locked, $t; $mode{$t} = $m }
        next;
      }
      my ($p) = grep { $locked[$_] eq lc $ENV{PARENT} } 0 .. $#locked;
      my ($c) = grep { $locked[$_] eq lc $ENV{CHILD} } 0 .. $#locked;
      # Both tables locked, parent first, each in mode $need or ACCESS EXCLUSIVE.
      my $strong = sub {
        my $need = shift;
        return 0 unless defined $p && defined $c && $p < $c;
        for my $m ($mode{lc $ENV{PARENT}}, $mode{lc $ENV{CHILD}}) { return 0 unless $m eq $need || $m eq "ACCESS EXCLUSIVE" }
        return 1;
      };
      # Adding a foreign key locks both tables SHARE ROW EXCLUSIVE; dropping one (any constraint
      # dropped from the child is taken for one) ACCESS EXCLUSIVE.
      my $adds_fk = $st =~ /^ALTER TABLE /i && $st =~ /\bFOREIGN KEY\b|\bREFERENCES\b/i;
      my $drops_fk = $st =~ /^ALTER TABLE (?:ONLY )?(?:\S+\.)?"?\Q$ENV{CHILD}\E"?\b.*\bDROP CONSTRAINT\b/i;
      my $why =
          $adds_fk && !$strong->("SHARE ROW EXCLUSIVE")
            ? "a foreign key added without locking $ENV{PARENT} and then $ENV{CHILD} (SHARE ROW EXCLUSIVE or stronger) first, in its transaction, can deadlock with a writer"
        : $drops_fk && !$strong->("ACCESS EXCLUSIVE")
            ? "a foreign key dropped without locking $ENV{PARENT} and then $ENV{CHILD} (ACCESS EXCLUSIVE) first, in its transaction, can deadlock with a writer"
        :
          $st =~ /^CREATE (UNIQUE )?INDEX /i && $st !~ /CONCURRENTLY/i ? "an index built without CONCURRENTLY blocks writes for the build"
        : $st =~ /^REINDEX /i && $st !~ /CONCURRENTLY/i ? "a REINDEX without CONCURRENTLY blocks writes, and the queries that use the index, for the build"
        : $st =~ /^(VACUUM\b.*\bFULL\b|CLUSTER\b)/i ? "a rewrite of the table holds ACCESS EXCLUSIVE throughout"
        : $st =~ /^ALTER TABLE /i && $st =~ /\bADD\b.*(FOREIGN KEY|REFERENCES|\bCHECK\b)/i && $st !~ /NOT VALID/i ? "a constraint added without NOT VALID is checked under its lock"
        : $st =~ /^ALTER TABLE /i && $st =~ /ADD (COLUMN )?\S+ [^,]*\bDEFAULT\b/i ? "a column added with a volatile default rewrites the table"
        : $st =~ /^ALTER TABLE /i && (grep { !/USING INDEX/i } ($st =~ /ADD (?:CONSTRAINT \S+ )?(?:PRIMARY KEY|UNIQUE)([^,]*)/gi)) ? "a key added without USING INDEX builds its index under ACCESS EXCLUSIVE"
        : $st =~ /^UPDATE /i ? "an UPDATE of the whole table in one transaction: batch it"
        : undef;
      print "$why: $st\n" if $why;
    }' "$WORK/recipe.sql")
  if [ -z "$unsafe" ]; then
    ok "$name: every statement lets writers go on or takes its strong lock for a catalog update only"
  else
    not_ok "$name: every statement lets writers go on or takes its strong lock for a catalog update only" "$unsafe"
  fi
  psql -X -q -d postgres -c "SET client_min_messages = warning" \
    -c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB" >/dev/null || return 1
  if ! q -c 'CREATE EXTENSION uuid6' -f "$WORK/setup.sql" >/dev/null; then
    not_ok "$name: the section's tables"
    return 1
  fi
  if ! q >/dev/null <<SQL; then
$fill
VACUUM ANALYZE $parent, $child;
CREATE TABLE online_writes (at timestamptz NOT NULL, took_ms float8 NOT NULL);
CREATE TABLE online_stop (stop boolean);
CREATE PROCEDURE online_writer() LANGUAGE plpgsql AS \$\$
DECLARE
  started timestamptz;
  new_parent record;
BEGIN
  LOOP
    started := clock_timestamp();
    $writes
    INSERT INTO online_writes VALUES (started, 1000 * extract(epoch FROM clock_timestamp() - started));
    COMMIT;
    EXIT WHEN EXISTS (SELECT FROM online_stop);
    PERFORM pg_sleep(0.005);
  END LOOP;
END
\$\$;
SQL
    not_ok "$name: filling the tables"
    return 1
  fi
  files_before=$(q -c "SELECT pg_relation_filenode('$parent') || ' ' || pg_relation_filenode('$child')")

  # A recipe that rebuilds indexes runs in two parts, before its first REINDEX and from it, so
  # that the primary keys' sizes can be taken in between.
  rm -f "$WORK/recipe-1.sql" "$WORK/recipe-2.sql"
  awk '/^REINDEX / { r = 1 } { print > (r ? rebuild : part) }' part="$WORK/recipe-1.sql" \
    rebuild="$WORK/recipe-2.sql" "$WORK/recipe.sql"
  local pkey_sizes="SELECT string_agg(i.indexrelid::regclass || ' ' || pg_size_pretty(pg_relation_size(i.indexrelid)), ', '
                                     ORDER BY i.indrelid::regclass::text DESC)
                    FROM pg_index i WHERE i.indisprimary AND i.indrelid IN ('$parent'::regclass, '$child'::regclass)"
  local sizes_before=

  q -c 'CALL online_writer()' >"$WORK/writer.log" 2>&1 &
  writer=$!
  sleep 1
  begun=$(q -c 'SELECT clock_timestamp()')
  PGOPTIONS="${PGOPTIONS:-} -c client_min_messages=debug1" \
    psql -X -v ON_ERROR_STOP=1 -d "$DB" -f "$WORK/recipe-1.sql" >"$WORK/recipe.log" 2>&1
  recipe_status=$?
  if [ $recipe_status = 0 ] && [ -s "$WORK/recipe-2.sql" ]; then
    sizes_before=$(q -c "$pkey_sizes")
    PGOPTIONS="${PGOPTIONS:-} -c client_min_messages=debug1" \
      psql -X -v ON_ERROR_STOP=1 -d "$DB" -f "$WORK/recipe-2.sql" >>"$WORK/recipe.log" 2>&1
    recipe_status=$?
  fi
  ended=$(q -c 'SELECT clock_timestamp()')
  sleep 1
  q -c 'INSERT INTO online_stop VALUES (true)'
  wait "$writer"
  writer_status=$?

  if [ $recipe_status = 0 ]; then
    ok "$name: the recipe ran while the writer wrote ($(q -c "SELECT round(extract(epoch FROM timestamptz '$ended' - '$begun'), 1)") s, $ROWS rows a table)"
  else
    not_ok "$name: the recipe ran while the writer wrote" "$(grep -v '^DEBUG' "$WORK/recipe.log" | tail -n 20)"
  fi
  count=$(q -c "SELECT count(*) FROM online_writes WHERE at BETWEEN '$begun' AND '$ended'")
  if [ $writer_status = 0 ] && [ "$count" -gt 0 ]; then
    ok "$name: the writer committed $count transactions during the recipe, none refused"
  else
    not_ok "$name: the writer committed transactions during the recipe, none refused" "$count transactions; $(cat "$WORK/writer.log")"
  fi
  longest=$(q -c "SELECT round(max(took_ms)) FROM online_writes")
  if [ -n "$longest" ] && [ "$longest" -le "$MAX_MS" ]; then
    ok "$name: no write waited: the longest transaction of the writer took $longest ms (at most $MAX_MS)"
  else
    not_ok "$name: no write waited: the longest transaction of the writer took ${longest:-?} ms (at most $MAX_MS)" \
      "$(q -c "SELECT at, round(took_ms) FROM online_writes ORDER BY took_ms DESC LIMIT 5")"
  fi
  if [ "$name" = bigserial ]; then
    # PostgreSQL says so (DEBUG1) where SET NOT NULL skips its scan of the table.
    if grep -q 'are sufficient to prove that it does not contain nulls' "$WORK/recipe.log"; then
      ok "$name: SET NOT NULL was proven by a validated constraint, without a scan under an exclusive lock"
    else
      not_ok "$name: SET NOT NULL was proven by a validated constraint, without a scan under an exclusive lock" \
        "$(grep -n 'NOT NULL' "$WORK/recipe.sql")"
    fi
  fi
  files_after=$(q -c "SELECT pg_relation_filenode('$parent') || ' ' || pg_relation_filenode('$child')")
  if [ "$files_before" = "$files_after" ]; then
    ok "$name: neither table was rewritten"
  else
    not_ok "$name: neither table was rewritten" "relfilenodes before: $files_before, after: $files_after"
  fi
  state=$(q -c "$state_sql" 2>&1)
  if [ "$state" = "$expected" ]; then
    ok "$name: $expected"
  else
    not_ok "$name: $expected" "$state"
  fi
  if [ -n "$check_sizes" ]; then
    # Each primary key against a unique index built afresh (CREATE INDEX, its default fill) over a
    # copy of the same keys, now that the writer has stopped.
    local t sizes now fresh index now_pretty fresh_pretty ratio ratio_ok=yes report=
    for t in $parent $child; do
      sizes=$(q -c "CREATE TABLE online_fresh_$t AS SELECT id FROM $t" \
                -c "CREATE UNIQUE INDEX online_fresh_${t}_id ON online_fresh_$t (id)" \
                -c "SELECT pg_relation_size(i.indexrelid), pg_relation_size('online_fresh_${t}_id'),
                           i.indexrelid::regclass, pg_size_pretty(pg_relation_size(i.indexrelid)),
                           pg_size_pretty(pg_relation_size('online_fresh_${t}_id')),
                           round(pg_relation_size(i.indexrelid)::numeric / pg_relation_size('online_fresh_${t}_id'), 2)
                    FROM pg_index i WHERE i.indrelid = '$t'::regclass AND i.indisprimary")
      IFS='|' read -r now fresh index now_pretty fresh_pretty ratio <<<"$sizes"
      [ -n "$fresh" ] && [ $((now * 10)) -le $((fresh * 11)) ] || ratio_ok=no
      report="$report${report:+; }$index $now_pretty (${ratio}x a fresh index's $fresh_pretty)"
    done
    [ -n "$sizes_before" ] && report="$report; before the REINDEX: $sizes_before"
    if [ $ratio_ok = yes ]; then
      ok "$name: each primary key ends within 1.1x of an index built afresh over its keys: $report"
    else
      not_ok "$name: each primary key ends within 1.1x of an index built afresh over its keys" "$report"
    fi
  fi
  psql -X -q -d postgres -c "DROP DATABASE $DB" >/dev/null
}

if extract '^## From `bigserial` keys' 'CREATE TABLE plans'; then
  run_move bigserial accounts account_notes "
INSERT INTO accounts (created_at, name)
SELECT timestamptz '2020-01-01 00:00+00' + n * interval '1 minute', 'account ' || n
FROM generate_series(1, $ROWS) AS n;
INSERT INTO account_notes (account_id, note) SELECT id, 'note' FROM accounts;
CREATE TABLE online_old AS SELECT id FROM accounts;" "
    INSERT INTO accounts (name) VALUES ('written during the move') RETURNING id INTO new_parent;
    INSERT INTO account_notes (account_id, note) VALUES (new_parent.id, 'written during the move');" "
SELECT concat_ws(', ',
  (SELECT count(*) FILTER (WHERE uid IS NULL) FROM accounts) || ' accounts without a key',
  (SELECT count(*) FROM accounts JOIN online_old USING (id)
      WHERE uuid_extract_time(uid, true) IS DISTINCT FROM created_at) || ' old accounts keyed otherwise than by created_at',
  (SELECT count(*) FROM account_notes n LEFT JOIN accounts a ON a.uid = n.account_uid
      WHERE a.uid IS NULL OR a.id <> n.account_id) || ' notes not referring to their account by uid',
  (SELECT string_agg(a.attname, ',') FROM pg_index i
      JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
      WHERE i.indrelid = 'accounts'::regclass AND i.indisprimary) || ' the primary key',
  (SELECT count(*) FROM pg_constraint WHERE conrelid = 'accounts'::regclass AND contype = 'u'
      AND conkey = ARRAY[(SELECT attnum FROM pg_attribute WHERE attrelid = 'accounts'::regclass AND attname = 'id')]) || ' unique constraint on id',
  (SELECT count(*) FROM pg_constraint WHERE conrelid = 'account_notes'::regclass AND contype = 'f'
      AND convalidated AND confrelid = 'accounts'::regclass
      AND conkey = ARRAY[(SELECT attnum FROM pg_attribute WHERE attrelid = 'account_notes'::regclass AND attname = 'account_uid')]) || ' validated foreign key on account_uid')" \
    "0 accounts without a key, 0 old accounts keyed otherwise than by created_at, 0 notes not referring to their account by uid, uid the primary key, 1 unique constraint on id, 1 validated foreign key on account_uid"
else
  not_ok "$PAGE has a section \"From \`bigserial\` keys\" with its tables and a recipe"
fi

if extract '^## From random \(v4\) keys' ''; then
  run_move v4 orders order_lines "
INSERT INTO orders (id, created_at, item)
SELECT gen_random_uuid(), timestamptz '2020-01-01 00:00+00' + n * interval '1 minute', 'order ' || n
FROM generate_series(1, $ROWS) AS n;
INSERT INTO order_lines (order_id, sku) SELECT id, 'line' FROM orders WHERE item LIKE 'order %';
CREATE TABLE online_old AS SELECT id, created_at FROM orders;" "
    INSERT INTO orders (item) VALUES ('written during the move') RETURNING id INTO new_parent;
    INSERT INTO order_lines (order_id, sku) VALUES (new_parent.id, 'written during the move');" "
SELECT concat_ws(', ',
  (SELECT count(*) FROM orders WHERE uuid_extract_time(id) IS NULL) || ' orders with a random key',
  (SELECT count(*) FROM online_old o LEFT JOIN orders n ON n.v4_id = o.id
      WHERE n.id IS NULL OR uuid_extract_time(n.id, true) <> o.created_at) || ' old orders not re-keyed by created_at',
  (SELECT count(*) FROM orders WHERE item = 'written during the move' AND uuid_extract_time(id, true) < created_at) || ' orders of the writer keyed before they were made',
  (SELECT count(*) FROM order_lines l LEFT JOIN orders o ON o.id = l.order_id WHERE o.id IS NULL) || ' lines without their order',
  (SELECT count(*) FROM orders o WHERE item LIKE 'order %' AND NOT EXISTS (SELECT FROM order_lines l WHERE l.order_id = o.id)) || ' old orders that lost their line',
  (SELECT count(*) FROM order_lines WHERE uuid_extract_time(id) IS NULL) || ' lines with a random key',
  (SELECT count(*) FROM order_lines l JOIN orders o ON o.id = l.order_id
      WHERE l.sku = 'line' AND uuid_extract_time(l.id, true) <> o.created_at) || ' old lines keyed otherwise than by the created_at of their order',
  (SELECT count(*) FROM order_lines l JOIN orders o ON o.id = l.order_id
      WHERE l.sku = 'written during the move' AND uuid_extract_time(l.id, true) < o.created_at) || ' lines of the writer keyed before their order was made',
  ($ROWS - (SELECT count(*) FROM orders WHERE item LIKE 'order %')) || ' old orders lost',
  ($ROWS - (SELECT count(*) FROM order_lines WHERE sku = 'line')) || ' old lines lost',
  ((SELECT count(*) FROM online_writes) - (SELECT count(*) FROM orders WHERE item = 'written during the move')) || ' orders of the writer lost',
  ((SELECT count(*) FROM online_writes) - (SELECT count(*) FROM order_lines WHERE sku = 'written during the move')) || ' lines of the writer lost',
  (SELECT count(*) FROM pg_constraint WHERE conrelid = 'order_lines'::regclass AND contype = 'f'
      AND convalidated AND confupdtype = 'c') || ' validated foreign key ON UPDATE CASCADE',
  (SELECT count(*) FROM pg_constraint WHERE conrelid = 'order_lines'::regclass AND contype = 'f') || ' foreign key in all')" \
    "0 orders with a random key, 0 old orders not re-keyed by created_at, 0 orders of the writer keyed before they were made, 0 lines without their order, 0 old orders that lost their line, 0 lines with a random key, 0 old lines keyed otherwise than by the created_at of their order, 0 lines of the writer keyed before their order was made, 0 old orders lost, 0 old lines lost, 0 orders of the writer lost, 0 lines of the writer lost, 1 validated foreign key ON UPDATE CASCADE, 1 foreign key in all" \
    pkey-sizes
else
  not_ok "$PAGE has a section \"From random (v4) keys\" with its tables and a recipe"
fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
