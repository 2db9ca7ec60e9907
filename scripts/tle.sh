#!/usr/bin/env bash
# Builds uuid6's SQL edition into build/tle/ (or the directory given):
#
#   uuid6.sql        the plain script: psql -d DB [-v schema=NAME] -f uuid6.sql
#                    (without schema: the first existing schema of search_path);
#                    over an installation of an earlier version it runs the
#                    updates from that version; over this version, it makes
#                    every function again (the way back from the C library)
#   uuid6-pgtle.sql  the pg_tle installer, run by a role with pgtle_admin; then
#                    CREATE EXTENSION uuid6 SCHEMA uuid6 by any role with CREATE on the
#                    database, or ALTER EXTENSION uuid6 UPDATE by the role that created it
#   uuid6-pgtle-detach.sql
#                    the pg_tle edition turned into the plain script's, in place
#                    (test/edition/detach.sql, copied)
#   dbdev/           the same as a database.dev package folder, with the update
#                    scripts uuid6--OLD--NEW.sql
#
# From two kinds of source, both committed:
#   sql/edition/NN_*.sql         this version, one topic a file (concatenated in
#                                file-name order, C collation): what a fresh install runs;
#   sql/edition/update/uuid6--A--B.sql
#                                the update from release A to B, written by hand and
#                                never edited once B is released; an installation of
#                                any earlier release is brought here by a chain of them.
#                                A line "-- @include FILE" stands for FILE of that folder
#                                (the 1.3 and 1.4 updates to 1.5 share their definitions).
# Every installer and update is wrapped the same way: scripts/tle-check.sql first (who can
# create in the schema, who owns objects of uuid6's names), scripts/tle-bound.sql last (what
# the bodies are bound to), each filled in with this version's names.
#
# The output depends only on the files in the tree (no dates, no host names),
# so the same commit always builds the same bytes.
#
# Portable: bash 3.2 (a Mac's /bin/bash) and BSD or GNU tools; no mapfile,
# associative arrays or GNU-only options (scripts/check-portable.pl and
# test/portability/run.sh check it). An array that can be empty is expanded
# as ${a[@]+"${a[@]}"} (bash before 4.4 calls an empty one unbound).
# bash 3.2: arrays never empty: files forbidden_tags
#
# Rules for the sources, checked here:
#   - plain SQL and PL/pgSQL, no psql meta-commands;
#   - every reference from one edition object to another is qualified with
#     @extschema@. (pg_tle substitutes it, as PostgreSQL does, for an extension
#     that is not relocatable; the plain script substitutes it itself);
#     @extowner@ is the installing role;
#   - objects are created unqualified (but the sequences, in the fixed schema
#     uuid6_sql_sequences: sql/edition/00_sequences.sql), functions with
#     "CREATE FUNCTION" at the start of a line (the plain script makes that CREATE OR
#     REPLACE FUNCTION, so that it can be run again over this version),
#     sequences, tables and schemas with IF NOT EXISTS; an update names every
#     function it creates or replaces with @extschema@.;
#   - none of the dollar-quote tags the wrappers use appears in them.
set -euo pipefail
export LC_ALL=C
# What it needs, said at once.
if [ -z "${BASH_VERSINFO+set}" ] || [ "${BASH_VERSINFO[0]}" -lt 3 ] ||
   { [ "${BASH_VERSINFO[0]}" -eq 3 ] && [ "${BASH_VERSINFO[1]}" -lt 2 ]; }; then
    echo "tle.sh: needs bash 3.2 or later (run it as: bash scripts/tle.sh)" >&2; exit 1
fi
for tool in perl awk sed grep sort paste; do
    command -v "$tool" >/dev/null 2>&1 || { echo "tle.sh: needs $tool, which is not on the PATH" >&2; exit 1; }
done

root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/build/tle}
# TLE_SRC and TLE_VERSION build another edition (the edition suite's probes); its updates
# are those in TLE_SRC/update, if any.
src=${TLE_SRC:-$root/sql/edition}
updates=$src/update
name=uuid6
version=${TLE_VERSION:-$(sed -n "s/^default_version = '\(.*\)'/\1/p" "$root/$name.control")}
description='Time-ordered UUIDs (RFC 9562 v6, v7, v8), SQL edition: one strictly increasing sequence per version per database'
# The plain script wraps each part in this tag; pg_tle's installer each script in the
# second; pg_tle itself refuses the next two.
plain_tag='$uuid6_edition_src$'
tle_tag='$_pgtle_$'
forbidden_tags=("$plain_tag" "$tle_tag" '$_pgtle_o_$' '$_pgtle_i_$' '$uuid6_register$' '$uuid6_pre$')

die() { echo "tle.sh: $*" >&2; exit 1; }

files=()
while IFS= read -r f; do
    if [ -f "$src/$f" ]; then files+=("$f"); fi
done < <(cd "$src" && for f in [0-9][0-9]_*.sql; do printf '%s\n' "$f"; done | sort)
[ ${#files[@]} -gt 0 ] || die "no sources in $src"

# The updates, as FROM:TO pairs, from their file names.
steps=()
if [ -d "$updates" ]; then
    while IFS= read -r f; do
        steps+=("$f")
    done < <(cd "$updates" && for f in "$name"--*--*.sql; do
                 [ -f "$f" ] && printf '%s\n' "$f" | sed -n "s/^$name--\([0-9.]*\)--\([0-9.]*\)\.sql\$/\1:\2/p"
             done | sort)
fi

no_tags() {  # no_tags FILE LABEL: none of the wrappers' dollar-quote tags in FILE
    local t
    for t in "${forbidden_tags[@]}"; do
        if grep -qF -- "$t" "$1"; then die "$2 contains the dollar-quote tag $t used by the build"; fi
    done
}
for f in "${files[@]}"; do
    p=$src/$f
    no_tags "$p" "$f"
    if grep -nE '^[[:space:]]*\\' "$p"; then die "$f: psql meta-commands are not allowed in the sources"; fi
    if grep -nE '^[[:space:]]*CREATE[[:space:]]+(FUNCTION|PROCEDURE)' "$p" | grep -vE '^[0-9]+:CREATE (FUNCTION|PROCEDURE) '; then
        die "$f: write CREATE FUNCTION in upper case at the start of its line"
    fi
    if grep -niE '^[[:space:]]*CREATE[[:space:]]+OR[[:space:]]+REPLACE' "$p"; then
        die "$f: write CREATE FUNCTION (the plain script adds OR REPLACE itself)"
    fi
    if grep -niE '^[[:space:]]*CREATE[[:space:]]+(SEQUENCE|TABLE|SCHEMA)[[:space:]]' "$p" | grep -viE 'IF[[:space:]]+NOT[[:space:]]+EXISTS'; then
        die "$f: use CREATE ... IF NOT EXISTS (the plain script can be run again)"
    fi
    if grep -nE '^[[:space:]]*(CREATE|ALTER|DROP|COMMENT|GRANT|REVOKE)([^A-Za-z0-9_].*)?(^|[^A-Za-z0-9_])uuid6\.' "$p" | grep -v '@extschema@'; then
        die "$f: qualify edition objects with @extschema@., never with a fixed schema name"
    fi
done
for s in ${steps[@]+"${steps[@]}"}; do
    p=$updates/$name--${s%%:*}--${s#*:}.sql
    no_tags "$p" "update/${p##*/}"
    if grep -nE '^[[:space:]]*\\' "$p"; then die "update/${p##*/}: psql meta-commands are not allowed in an update"; fi
    if grep -nE '^CREATE (OR REPLACE )?(FUNCTION|PROCEDURE) ' "$p" | grep -vE '^[0-9]+:CREATE (OR REPLACE )?(FUNCTION|PROCEDURE) @extschema@\.'; then
        die "update/${p##*/}: name every function it makes @extschema@.NAME"
    fi
done

# step_text FROM TO: the update from FROM to TO, its includes put in.
step_text() {
    local p=$updates/$name--$1--$2.sql line inc
    while IFS= read -r line || [ -n "$line" ]; do
        case "$line" in
            '-- @include '*)
                inc=${line#-- @include }
                [ -f "$updates/$inc" ] || die "update/${p##*/}: no update/$inc to include"
                no_tags "$updates/$inc" "update/$inc"
                cat "$updates/$inc" ;;
            *) printf '%s\n' "$line" ;;
        esac
    done <"$p"
}

# chain FROM: the steps from release FROM to this version, one FROM:TO a line; each step the
# one from where the chain stands that reaches furthest. Fails where none leads on.
chain() {
    local at=$1 next s
    while [ "$at" != "$version" ]; do
        next=
        for s in ${steps[@]+"${steps[@]}"}; do
            if [ "${s%%:*}" = "$at" ] && { [ -z "$next" ] || version_lt "$next" "${s#*:}"; }; then
                next=${s#*:}
            fi
        done
        [ -n "$next" ] || return 1
        printf '%s:%s\n' "$at" "$next"
        at=$next
    done
}
version_lt() {  # version_lt A B: A is an earlier version than B (numbers separated by dots)
    [ "$1" != "$2" ] && [ "$(printf '%s\n%s\n' "$1" "$2" | sort -t. -k1,1n -k2,2n -k3,3n | head -n 1)" = "$1" ]
}
# The releases an installation can be updated from: those with a chain to this version.
update_from=()
for s in ${steps[@]+"${steps[@]}"}; do
    v=${s%%:*}
    case " ${update_from[*]-} " in *" $v "*) continue ;; esac
    if chain "$v" >/dev/null; then
        update_from+=("$v")
    else
        die "update/$name--$s: no chain of updates leads from ${s%%:*} to $version"
    fi
done

# The installation check (scripts/tle-check.sql) filled in: the names the edition creates and
# the target schema. check_sql TARGET_EXPRESSION HOW_LITERAL [EDITION_LITERAL ('extension')]
functions_array="ARRAY[$(for f in "${files[@]}"; do sed -n "s/^CREATE FUNCTION \([a-z0-9_]*\)(.*/'\1'/p" "$src/$f"; done | sort -u | paste -s -d, -)]::name[]"
sequences_array="ARRAY[$(for f in "${files[@]}"; do sed -n "s/^CREATE SEQUENCE IF NOT EXISTS \(uuid6_sql_sequences\.\)\{0,1\}\([a-z0-9_]*\) .*/'\2'/p" "$src/$f"; done | sort -u | paste -s -d, -)]::name[]"
[ "$functions_array" != "ARRAY[]::name[]" ] || die "found no CREATE FUNCTION in the sources"
check_sql() {
    TARGET=$1 HOW=$2 EDITION=${3:-"'extension'"} FUNCTIONS=$functions_array SEQUENCES=$sequences_array awk '
        { gsub(/\{\{TARGET\}\}/, ENVIRON["TARGET"]); gsub(/\{\{HOW\}\}/, ENVIRON["HOW"]);
          gsub(/\{\{EDITION\}\}/, ENVIRON["EDITION"]);
          gsub(/\{\{FUNCTIONS\}\}/, ENVIRON["FUNCTIONS"]); gsub(/\{\{SEQUENCES\}\}/, ENVIRON["SEQUENCES"]); print }' \
        "$root/scripts/tle-check.sql"
}
# The check of what the functions are bound to (scripts/tle-bound.sql), run after each
# installer and update has made them.
bound_sql() {
    FUNCTIONS=$functions_array awk '{ gsub(/\{\{FUNCTIONS\}\}/, ENVIRON["FUNCTIONS"]); print }' "$root/scripts/tle-bound.sql"
}
# The sources name the functions they create, comment on and grant unqualified; the bodies are
# created with the path pinned to pg_catalog, pg_temp (nothing in the target schema is then a
# candidate for a name they use), so the build qualifies those names with @extschema@.
qualify() {
    perl -pe 's/^((?:CREATE (?:OR REPLACE )?(?:FUNCTION|PROCEDURE)|COMMENT ON (?:FUNCTION|PROCEDURE)|(?:GRANT|REVOKE)\b.*?\bON (?:FUNCTION|PROCEDURE)) )(?!\@extschema\@)([a-z_][a-z0-9_]*\()/$1\@extschema\@.$2/;
              s/^((?:CREATE SEQUENCE IF NOT EXISTS|COMMENT ON SEQUENCE|ALTER SEQUENCE) )([a-z_][a-z0-9_]*)(?=[\s;])/$1\@extschema\@.$2/;
              if (/^(?:GRANT|REVOKE)\b.*?\bON SEQUENCE /) { s/(\bON SEQUENCE |,\s*)([a-z_][a-z0-9_]*)(?=\s*(?:,|\s(?:TO|FROM)\b))/$1\@extschema\@.$2/g }'
}
pin_path='SET LOCAL search_path = pg_catalog, pg_temp;'
unpin_path='SET LOCAL search_path = @extschema@, pg_temp;'
for t in "${forbidden_tags[@]}"; do
    for c in tle-check.sql tle-bound.sql; do
        if grep -qF -- "$t" "$root/scripts/$c"; then die "scripts/$c contains the dollar-quote tag $t used by the build"; fi
    done
done

# The version installed, for the plain script to find when it runs again (pg_tle knows it
# as the extension's version; a pg_tle installation turned into a plain one keeps it).
edition_version_sql() {
    cat <<EOF
-- (generated by scripts/tle.sh)
-- The version of the edition installed in this schema, read from the
-- catalog by the plain script when it runs again. An SQL-standard body: bound
-- when created, nothing to resolve when called.
CREATE FUNCTION uuid6_sql_edition_version() RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN '$version';
COMMENT ON FUNCTION uuid6_sql_edition_version() IS
    'uuid6 internal: the version of the SQL edition installed in this schema';

EOF
}

# The sources, as a fresh install runs them (pg_tle, dbdev); "replace" makes every
# CREATE FUNCTION a CREATE OR REPLACE FUNCTION (the plain script, which may run again).
sources() {
    local f
    printf -- '-- Bodies are bound with nothing but PostgreSQL'"'"'s objects and uuid6'"'"'s own in reach.\n%s\n' "$pin_path"
    for f in "${files[@]}"; do
        printf -- '-- sql/edition/%s\n' "$f"
        if [ "${1:-}" = replace ]; then
            sed -E 's/^CREATE (FUNCTION|PROCEDURE) /CREATE OR REPLACE \1 /' "$src/$f" | qualify
        else
            qualify <"$src/$f"
        fi
        printf '\n'
    done
    if [ "${1:-}" = replace ]; then
        edition_version_sql | sed -E 's/^CREATE (FUNCTION|PROCEDURE) /CREATE OR REPLACE \1 /' | qualify
    else
        edition_version_sql | qualify
    fi
    printf '%s\n' "$unpin_path"
}

# The pg_tle and dbdev install script: the check first (CREATE EXTENSION runs it before it
# creates anything), the sources, the bound check.
body() {
    printf -- '-- scripts/tle-check.sql\n'
    check_sql 'pg_catalog.current_schema()' "'CREATE SCHEMA uuid6; CREATE EXTENSION uuid6 SCHEMA uuid6;'"
    printf '\n'
    sources
    printf -- '-- scripts/tle-bound.sql\n'
    bound_sql
}

# The pg_tle and dbdev update script FROM--TO: the check first (an update binds new
# SQL-standard bodies in the schema, which must be uuid6's alone by then too), the update,
# the bound check.
update_script() {
    printf -- '-- scripts/tle-check.sql\n'
    check_sql 'pg_catalog.current_schema()' "'a schema of its own: REVOKE CREATE on this one from the other roles, then ALTER EXTENSION uuid6 UPDATE'"
    printf '\n'
    step_text "$1" "$2"
    printf -- '-- scripts/tle-bound.sql\n'
    bound_sql
}

# The plain script's wrapper of a part: the schema and the role put in, then
# run by \gexec.
plain_piece() {
    printf 'SELECT pg_catalog.replace(pg_catalog.replace(%s\n' "$plain_tag"
    cat
    printf '%s, %s, pg_catalog.quote_ident(%s)), %s, pg_catalog.quote_ident(current_user)) \\gexec\n' \
        "$plain_tag" "'@extschema@'" ":'schema'" "'@extowner@'"
}

# psql variable that says the plain script found VERSION installed.
from_var() { printf 'uuid6_from_%s' "$(printf '%s' "$1" | tr -c 'A-Za-z0-9' '_')"; }

# Which version is installed in the schema: the one uuid6_sql_edition_version() names (read
# from its definition, not called); without that function (written from 1.4 on), 1.3 where
# the edition's sequences are. Any other is refused.
plain_find_installed() {
    local v known list
    known="${update_from[*]-} $version"
    list=$(for v in $known; do printf "'%s', " "$v"; done)
    cat <<EOF
SELECT coalesce(
    (SELECT pg_catalog.substring(pg_catalog.pg_get_function_sqlbody(p.oid), '''([^'']*)''')
     FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = :'schema' AND p.proname = 'uuid6_sql_edition_version' AND p.pronargs = 0),
    (SELECT '1.3' FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = :'schema' AND c.relname = 'uuid6_sql_v7' AND c.relkind = 'S'),
    '') AS uuid6_installed \gset
SELECT :'uuid6_installed' IN ('', '$version') AS uuid6_fresh$(for v in ${update_from[@]+"${update_from[@]}"}; do printf ",\n       :'uuid6_installed' = '%s' AS %s" "$v" "$(from_var "$v")"; done) \gset
SELECT pg_catalog.format(\$uuid6_pre\$
DO \$uuid6_check\$
BEGIN
    IF %1\$L NOT IN ('', ${list%, }) THEN
        RAISE EXCEPTION 'uuid6: schema %% holds the SQL edition %%, which the plain script of $version cannot update', %2\$L, %1\$L
            USING ERRCODE = '55000',
                  HINT = 'Run the plain script of that version or of a later one.';
    END IF;
END
\$uuid6_check\$\$uuid6_pre\$, :'uuid6_installed', :'schema') \\gexec
EOF
}

rm -rf "$out"
mkdir -p "$out/dbdev"

# --- the plain script ---------------------------------------------------------
{
cat <<EOF
-- uuid6 $version, SQL edition: the plain script.
-- Generated by scripts/tle.sh from sql/edition/; edit those, not this.
--
--   psql -d DB -v schema=uuid6 -f uuid6.sql   (creates the schema if missing)
--   psql -d DB -f uuid6.sql                   (into the first schema of search_path)
--
-- The schema must be one that only the installing role (with its members and
-- superusers) can create objects in, and objects there of uuid6's names must be
-- its own: the script refuses anything else, before it creates anything.
--
-- Runs on PostgreSQL 15 and later, as any role that owns the schema or may
-- create it; needs no extension machinery. Everything happens in one
-- transaction. Over an installation of an earlier version it runs the updates
-- from there; over this version it makes every function again (same OIDs) and
-- keeps the sequences (and so the order of the keys made so far). Inside a
-- transaction of the caller's (moving between editions), \\set
-- outer_transaction 1 first: the script then issues no BEGIN or COMMIT.
--
-- It prints nothing but the line that names an update, and warnings and errors:
-- psql's QUIET keeps the command tag of each statement (hundreds) to itself, and
-- is set back to the caller's value at the end.
\\set ON_ERROR_STOP on
\\set uuid6_caller_quiet :QUIET
\\set QUIET on
\\if :{?schema}
\\else
SELECT coalesce(pg_catalog.current_schema(), '') AS schema \\gset
\\endif
\\if :{?outer_transaction}
\\else
BEGIN;
\\endif
SET LOCAL client_min_messages = warning;
-- The preamble's own names are PostgreSQL's, whatever the caller's search_path.
SET LOCAL search_path = pg_catalog, pg_temp;
-- Where to install, checked before anything is created.
SELECT pg_catalog.format(\$uuid6_pre\$
DO \$uuid6_names\$
BEGIN
    IF %1\$L = '' THEN
        RAISE EXCEPTION 'uuid6: no schema to install into'
            USING ERRCODE = '3F000',
                  HINT = 'Name one with psql -v schema=NAME, or put an existing schema first in search_path.';
    END IF;
    -- Names are put into the functions' text: none that quoting could not
    -- keep inside a literal or a dollar-quoted body.
    IF %1\$L ~ '[''"\\\\]' OR strpos(%1\$L, chr(36)) > 0
       OR current_user ~ '[''"\\\\]' OR strpos(current_user, chr(36)) > 0 THEN
        RAISE EXCEPTION 'uuid6: the plain script does not install into a schema, or for a role, whose name holds a quote, a backslash or a dollar sign'
            USING ERRCODE = '42602';
    END IF;
    IF EXISTS (SELECT FROM pg_catalog.pg_extension e JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace
               WHERE e.extname = 'uuid6' AND n.nspname = %1\$L) THEN
        RAISE EXCEPTION 'uuid6: the extension uuid6 is installed in schema %%, the plain script cannot go there', %1\$L
            USING ERRCODE = '42710',
                  HINT = 'Install the plain script into another schema, or use the extension.';
    END IF;
END
\$uuid6_names\$\$uuid6_pre\$, :'schema') \\gexec
SELECT pg_catalog.format('CREATE SCHEMA IF NOT EXISTS %I', :'schema') \\gexec
-- Who else can create there, and whose objects hold uuid6's names (scripts/tle-check.sql;
-- also a "@" in the names).
SELECT pg_catalog.format(\$uuid6_pre\$
EOF
check_sql '%1$L' "'CREATE SCHEMA uuid6; then psql -d DB -v schema=uuid6 -f uuid6.sql'" "'plain'" |
    sed -e 's/%/%%/g' -e 's/%%1\$L/%1$L/g'
cat <<EOF
\$uuid6_pre\$, :'schema') \\gexec
SELECT pg_catalog.format('SET LOCAL search_path = %I, pg_temp', :'schema') \\gexec
EOF
plain_find_installed
printf '\\if :uuid6_fresh\n'
sources replace | plain_piece
for v in ${update_from[@]+"${update_from[@]}"}; do
    printf '\\elif :%s\n' "$(from_var "$v")"
    printf '\\echo uuid6: updating the SQL edition in schema :schema from %s to %s\n' "$v" "$version"
    chain "$v" | while IFS=: read -r a b; do
        printf -- '-- sql/edition/update/%s--%s--%s.sql\n' "$name" "$a" "$b"
        step_text "$a" "$b" | plain_piece
    done
done
printf '\\endif\n'
printf -- '-- scripts/tle-bound.sql\n'
bound_sql | plain_piece
cat <<'EOF'
\if :{?outer_transaction}
\else
COMMIT;
\endif
\set QUIET :uuid6_caller_quiet
\unset uuid6_caller_quiet
EOF
} > "$out/$name.sql"

# --- the pg_tle installer -------------------------------------------------------
# One DO block that registers what this database lacks: this version (with
# the extension, or beside earlier versions already registered), the updates
# that lead to it from the earlier releases, and this version as the default
# unless a later one is.
step_var() { printf 'update_%s' "$(printf '%s' "$1" | tr -c 'A-Za-z0-9' '_')"; }
{
cat <<EOF
-- uuid6 $version, SQL edition: the pg_tle installer.
-- Generated by scripts/tle.sh from sql/edition/; edit those, not this.
--
-- Run by a role with pgtle_admin in a database where pg_tle is installed
-- (CREATE EXTENSION pg_tle); then any role with CREATE on the database runs
--   CREATE SCHEMA uuid6;  CREATE EXTENSION uuid6 SCHEMA uuid6;
-- into a schema of its own: CREATE EXTENSION refuses a schema that another role can
-- create objects in (public, where PUBLIC may create in it).
-- Where an earlier version is registered, it registers $version beside it with
-- the updates that lead to $version${update_from[*]:+ (from ${update_from[*]})} and makes $version the default: the role that
-- created the extension then runs ALTER EXTENSION uuid6 UPDATE. What is
-- registered already is left as it is.
-- pg_tle refuses the name uuid6 where the C library's uuid6.control is
-- installed: there, use the C library.
-- (Run once by an administrator: every call and operator is qualified.)
DO \$uuid6_register\$
DECLARE
  version_sql text := $tle_tag
EOF
body
printf '%s;\n' "$tle_tag"
for s in ${steps[@]+"${steps[@]}"}; do
    printf '  %s text := %s\n' "$(step_var "$s")" "$tle_tag"
    update_script "${s%%:*}" "${s#*:}"
    printf '%s;\n' "$tle_tag"
done
cat <<EOF
  registered text;
BEGIN
  IF NOT EXISTS (SELECT FROM pgtle.available_extensions() e WHERE e.name OPERATOR(pg_catalog.=) '$name') THEN
    PERFORM pgtle.install_extension('$name', '$version', '$description', version_sql);
  ELSIF NOT EXISTS (SELECT FROM pgtle.available_extension_versions() e
                    WHERE e.name OPERATOR(pg_catalog.=) '$name' AND e.version OPERATOR(pg_catalog.=) '$version') THEN
    PERFORM pgtle.install_extension_version_sql('$name', '$version', version_sql);
  ELSE
    RAISE WARNING 'uuid6 $version is registered in this database already: left as it is'
      USING HINT = 'To register it anew: SELECT pgtle.uninstall_extension(''$name'', ''$version''), then run this again.';
  END IF;
EOF
for s in ${steps[@]+"${steps[@]}"}; do
    a=${s%%:*} b=${s#*:}
    cat <<EOF
  IF NOT EXISTS (SELECT FROM pgtle.extension_update_paths('$name') p
                 WHERE p.source OPERATOR(pg_catalog.=) '$a' AND p.target OPERATOR(pg_catalog.=) '$b'
                   AND p.path OPERATOR(pg_catalog.=) '$a--$b') THEN
    PERFORM pgtle.install_update_path('$name', '$a', '$b', $(step_var "$s"));
  END IF;
EOF
done
cat <<EOF
  -- The default: this version, unless a later one is registered as default.
  SELECT e.default_version INTO registered FROM pgtle.available_extensions() e
  WHERE e.name OPERATOR(pg_catalog.=) '$name';
  IF registered OPERATOR(pg_catalog.<>) '$version'
     AND NOT (registered OPERATOR(pg_catalog.~) '^[0-9]+(\.[0-9]+)*\$'
              AND pg_catalog.string_to_array(registered, '.')::integer[]
                  OPERATOR(pg_catalog.>) pg_catalog.string_to_array('$version', '.')::integer[]) THEN
    PERFORM pgtle.set_default_version('$name', '$version');
  END IF;
END
\$uuid6_register\$;
EOF
} > "$out/$name-pgtle.sql"
# Leaving pg_tle for the plain script, in place: run by the role that created the extension.
cp "$root/test/edition/detach.sql" "$out/$name-pgtle-detach.sql"

# --- the database.dev package folder --------------------------------------------
cat > "$out/dbdev/$name.control" <<EOF
comment = '$description'
default_version = '$version'
relocatable = false
superuser = false
trusted = false
EOF
body > "$out/dbdev/$name--$version.sql"
for s in ${steps[@]+"${steps[@]}"}; do
    update_script "${s%%:*}" "${s#*:}" > "$out/dbdev/$name--${s%%:*}--${s#*:}.sql"
done
cat > "$out/dbdev/README.md" <<EOF
# uuid6 (SQL edition)

Time-ordered UUIDs (RFC 9562 versions 6, 7 and 8) for PostgreSQL 15 and later,
written in SQL and PL/pgSQL so that it installs where no C library can be, through
pg_tle. The generators draw from one strictly increasing sequence per version per
database, across all of its sessions: keys sort in the order they were made.

    select dbdev.install('uuid6');
    create schema uuid6;
    create extension uuid6 schema uuid6;

    create table item (id uuid primary key default uuid6.uuid_generate_v7(), body text);
    select uuid6.uuid_extract_time(id) from item;

uuid6 goes into a schema of its own, where no other role can create objects:
CREATE EXTENSION refuses a schema another role could add functions or operators to
that uuid6's functions would then run. Grant USAGE on it to the roles that use it.

Functions: uuid_generate_v6/v7/v8(), their backfill forms uuid_generate_v6/v7/v8(at
timestamptz), uuid_generate_v8(bytea), uuid_extract_time(uuid [, sub_ms boolean]) and (text),
uuid_v7_floor, uuid_v6_floor, uuid_v8_floor, uuid_v1_to_v6, uuid_v6_to_v1, uuid_extract_node,
uuid_inspect, uuid_to_ulid, uuid_from_ulid, uuid_to_base32hex, uuid_from_base32hex, uuid_to_typeid, uuid_from_typeid, min(uuid) and max(uuid) where PostgreSQL has none, uuid_generate_v7_tagged, uuid_extract_tag, the pg_uuidv7 API, the v4 facade with a
bytea key, the draft-era v7 functions, uuid6_advance and uuid6_status. They have the
same names, signatures and results as uuid6's C library, so a database can move
between the two editions; the project's docs/sql-edition.md says how.
EOF

echo "tle.sh: wrote $out/{$name.sql,$name-pgtle.sql,dbdev/} from ${#files[@]} source files${update_from[*]:+, with the updates from ${update_from[*]}}"
