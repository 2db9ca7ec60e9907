#!/usr/bin/env bash
# test/edition/installers.sh MODE — the SQL edition's installers refuse to share (issue 31,
# items 5 and 8): the plain script (MODE plain) and CREATE EXTENSION through pg_tle (MODE tle;
# uuid6-pgtle.sql is registered here) refuse, with a clear ERROR and nothing changed,
#   - a schema where a role other than the installer (or its members, or superusers) can
#     create objects, PUBLIC included;
#   - a schema that holds a function or sequence of one of uuid6's names owned by another role;
#   - a schema or role name with "@" in it;
# and install where only the installer can create, also when a member of the installer can
# (from PostgreSQL 16 on, a member that can act as it: a membership granted with INHERIT FALSE,
# SET FALSE counts as another role).
#
# Against the server at PGHOST/PGPORT (user postgres, a superuser), in databases and roles of its
# own (dropped at the end). PSQL: the psql to use; TLE: where build/tle is. Prints "ok - ..." /
# "not ok - ..." and ends with "N passed, N failed".
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
MODE=${1:?usage: test/edition/installers.sh plain|tle}
PSQL=${PSQL:-psql}
TLE=${TLE:-$ROOT/build/tle}
DB=uuid6_installers
INSTALLER=uuid6_inst_owner
OTHER=uuid6_inst_other
MEMBER=uuid6_inst_member
NOACT=uuid6_inst_noact
AT_ROLE='uuid6@extschema@'

passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok - installers ($MODE): $1"; }
not_ok() {
  failed=$((failed + 1))
  echo "not ok - installers ($MODE): $1"
  [ -n "${2:-}" ] && printf '%s\n' "$2" | head -n 20 | sed 's/^/#   /'
  return 0
}

su() { "$PSQL" -X -q -At -v ON_ERROR_STOP=1 -U postgres "$@"; }
as() { local user=$1; shift; "$PSQL" -X -q -At -v ON_ERROR_STOP=1 -U "$user" -d "$DB" "$@"; }

# A fresh database where the installer may create schemas (and, for pg_tle, uuid6 registered).
fresh() {
  su -d postgres -c "SET client_min_messages = warning" -c "DROP DATABASE IF EXISTS $DB" \
    -c "CREATE DATABASE $DB" -c "GRANT CREATE ON DATABASE $DB TO $INSTALLER, \"$AT_ROLE\"" >/dev/null
  if [ "$MODE" = tle ]; then
    su -d "$DB" -c "CREATE EXTENSION pg_tle" -f "$TLE/uuid6-pgtle.sql" >/dev/null
  fi
}

# install USER SCHEMA: uuid6 into SCHEMA as USER (errors in verbose form: with their SQLSTATE);
# prints psql's output, fails as psql does.
install() {
  local user=$1 schema=$2
  if [ "$MODE" = plain ]; then
    as "$user" -v VERBOSITY=verbose -v schema="$schema" -f "$TLE/uuid6.sql" 2>&1
  else
    as "$user" -v VERBOSITY=verbose -c "CREATE EXTENSION uuid6 SCHEMA \"$schema\"" 2>&1
  fi
}
installed() {  # installed SCHEMA: the number of uuid6's functions there
  su -d "$DB" -c "SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                  WHERE n.nspname = '$1' AND p.proname LIKE 'uuid%'"
}
# refused LABEL SQLSTATE SCHEMA EXPECTED_FUNCTIONS [USER]: installing fails with SQLSTATE and a
# hint, and leaves EXPECTED_FUNCTIONS functions of uuid6's names in SCHEMA.
refused() {
  local label=$1 state=$2 schema=$3 expected=$4 user=${5:-$INSTALLER} out got
  out=$(install "$user" "$schema")
  got=$(sed -n 's/^.*ERROR:  \([0-9A-Z]\{5\}\): .*/\1/p' <<<"$out" | head -n 1)
  if [ "$got" = "$state" ] && grep -q '^HINT:  ' <<<"$out" && [ "$(installed "$schema")" = "$expected" ]; then
    ok "$label: refused ($state: $(sed -n 's/^.*ERROR:  [0-9A-Z]*: //p' <<<"$out" | head -n 1))"
  else
    not_ok "$label: refused with $state and a hint, nothing installed" "SQLSTATE: ${got:-none}
$(grep -E '^(psql|ERROR|DETAIL|HINT)' <<<"$out" | head -n 8)
functions of uuid6's names in $schema: $(installed "$schema") (expected $expected)"
  fi
}

su -d postgres -c "SET client_min_messages = warning" -c "DROP DATABASE IF EXISTS $DB" \
  -c "DROP ROLE IF EXISTS $INSTALLER" -c "DROP ROLE IF EXISTS $OTHER" -c "DROP ROLE IF EXISTS $MEMBER" \
  -c "DROP ROLE IF EXISTS $NOACT" -c "DROP ROLE IF EXISTS \"$AT_ROLE\"" \
  -c "CREATE ROLE $INSTALLER LOGIN" -c "CREATE ROLE $OTHER LOGIN" -c "CREATE ROLE $MEMBER LOGIN IN ROLE $INSTALLER" \
  -c "CREATE ROLE \"$AT_ROLE\" LOGIN" -c "CREATE ROLE $NOACT LOGIN" >/dev/null
server_num=$(su -d postgres -c "SHOW server_version_num")

# Issue 31 item 5: a role pre-creates public.uuid_generate_v7(); a superuser installs into public.
fresh
su -d "$DB" -c "GRANT CREATE ON SCHEMA public TO $OTHER" >/dev/null
as "$OTHER" -c "CREATE FUNCTION public.uuid_generate_v7() RETURNS uuid LANGUAGE sql RETURN '00000000-0000-7000-8000-000000000000'::uuid" >/dev/null
refused "a superuser into public, where another role can create and has made uuid_generate_v7()" 55000 public 1 postgres
su -d "$DB" -c "REVOKE CREATE ON SCHEMA public FROM $OTHER" >/dev/null
refused "a superuser into public, where another role made uuid_generate_v7() (and can no longer create)" 42501 public 1 postgres

# PUBLIC may create in the schema.
fresh
as "$INSTALLER" -c "CREATE SCHEMA ids" -c "GRANT CREATE ON SCHEMA ids TO PUBLIC" >/dev/null
refused "a schema where PUBLIC can create" 55000 ids 0

# Another role may create in the schema; a member of the installer may.
fresh
as "$INSTALLER" -c "CREATE SCHEMA ids" -c "GRANT CREATE ON SCHEMA ids TO $OTHER" >/dev/null
refused "a schema where another role can create" 55000 ids 0
as "$INSTALLER" -c "REVOKE CREATE ON SCHEMA ids FROM $OTHER" -c "GRANT CREATE ON SCHEMA ids TO $MEMBER" >/dev/null
if out=$(install "$INSTALLER" ids) && [ "$(installed ids)" -gt 20 ]; then
  ok "a schema where only the installer and a member of it can create: installed"
else
  not_ok "a schema where only the installer and a member of it can create: installed" "$out"
fi
if [ "$MODE" = plain ]; then
  if out=$(install "$INSTALLER" ids); then
    ok "the plain script run again over its own installation"
  else
    not_ok "the plain script run again over its own installation" "$out"
  fi
fi

# PostgreSQL 16+: a member of the installer that can neither SET ROLE to it nor inherit its
# privileges is another role: refused where it can create, or where it owns one of uuid6's names.
if [ "$server_num" -ge 160000 ]; then
  su -d postgres -c "GRANT $INSTALLER TO $NOACT WITH INHERIT FALSE, SET FALSE" >/dev/null
  fresh
  as "$INSTALLER" -c "CREATE SCHEMA ids" -c "GRANT CREATE ON SCHEMA ids TO $NOACT" >/dev/null
  refused "a schema where a member of the installer without INHERIT or SET can create" 55000 ids 0
  as "$NOACT" -c "CREATE FUNCTION ids.uuid_generate_v7() RETURNS uuid LANGUAGE sql RETURN '00000000-0000-7000-8000-000000000000'::uuid" >/dev/null
  as "$INSTALLER" -c "REVOKE CREATE ON SCHEMA ids FROM $NOACT" >/dev/null
  refused "a schema that holds uuid_generate_v7() of a member of the installer without INHERIT or SET" 42501 ids 1
else
  echo "# installers ($MODE): PostgreSQL $server_num has no membership without SET: the case of one is for 16 and later"
fi

# The installer's default privileges (ALTER DEFAULT PRIVILEGES) on schemas, sequences and
# functions, to PUBLIC and to another role: the install succeeds and leaves on uuid6_sql_sequences,
# its sequences and uuid6_advance only uuid6's own grants; no other role can set a sequence, by OID.
fresh
as "$INSTALLER" -c "ALTER DEFAULT PRIVILEGES GRANT USAGE ON SCHEMAS TO PUBLIC, $OTHER" \
  -c "ALTER DEFAULT PRIVILEGES GRANT ALL ON SEQUENCES TO PUBLIC, $OTHER" \
  -c "ALTER DEFAULT PRIVILEGES GRANT ALL ON TABLES TO PUBLIC, $OTHER" \
  -c "ALTER DEFAULT PRIVILEGES GRANT EXECUTE ON FUNCTIONS TO $OTHER" \
  -c "ALTER DEFAULT PRIVILEGES GRANT USAGE ON TYPES TO $OTHER WITH GRANT OPTION" -c "CREATE SCHEMA ids" >/dev/null
if out=$(install "$INSTALLER" ids) && [ "$(installed ids)" -gt 20 ]; then
  ok "an installer with default privileges for PUBLIC and $OTHER: installed"
else
  not_ok "an installer with default privileges for PUBLIC and $OTHER: installed" "$out"
fi
acls=$(su -d "$DB" -c "SELECT string_agg(o || ':' || coalesce(g, '-'), ' ' ORDER BY o) FROM (
  SELECT 'schema' AS o, (SELECT string_agg(CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE a.grantee::regrole::text END
                                           || '=' || a.privilege_type, ',' ORDER BY 1)
                         FROM aclexplode(n.nspacl) a WHERE a.grantee <> n.nspowner) AS g
  FROM pg_namespace n WHERE n.nspname = 'uuid6_sql_sequences'
  UNION ALL
  SELECT c.relname, (SELECT string_agg(CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE a.grantee::regrole::text END
                                       || '=' || a.privilege_type, ',' ORDER BY 1)
                     FROM aclexplode(c.relacl) a WHERE a.grantee <> c.relowner)
  FROM pg_class c WHERE c.relnamespace = 'uuid6_sql_sequences'::regnamespace AND c.relkind IN ('S', 'r')
  UNION ALL
  SELECT 'uuid6_advance', (SELECT string_agg(CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE a.grantee::regrole::text END
                                             || '=' || a.privilege_type, ',' ORDER BY 1)
                           FROM aclexplode(p.proacl) a WHERE a.grantee <> p.proowner)
  FROM pg_proc p WHERE p.oid = 'ids.uuid6_advance(uuid)'::regprocedure
  UNION ALL
  SELECT 'uuid6_set_node_id', (SELECT string_agg(CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE a.grantee::regrole::text END
                                                 || '=' || a.privilege_type, ',' ORDER BY 1)
                               FROM aclexplode(p.proacl) a WHERE a.grantee <> p.proowner)
  FROM pg_proc p WHERE p.oid = 'ids.uuid6_set_node_id(integer)'::regprocedure
  UNION ALL
  SELECT 'uuid6_sql_seal', (SELECT string_agg(CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE a.grantee::regrole::text END
                                              || '=' || a.privilege_type, ',' ORDER BY 1)
                            FROM aclexplode(coalesce(t.typacl, acldefault('T', t.typowner))) a WHERE a.grantee <> t.typowner)
  FROM pg_type t WHERE t.oid = 'ids.uuid6_sql_seal'::regtype) x")
want="schema:- uuid6_advance:- uuid6_set_node_id:- uuid6_sql_draft_ms:PUBLIC=SELECT,PUBLIC=USAGE uuid6_sql_draft_ns:PUBLIC=SELECT,PUBLIC=USAGE uuid6_sql_draft_us:PUBLIC=SELECT,PUBLIC=USAGE uuid6_sql_flush:PUBLIC=SELECT,PUBLIC=UPDATE uuid6_sql_lagging_v6:PUBLIC=SELECT uuid6_sql_lagging_v7:PUBLIC=SELECT uuid6_sql_lagging_v8:PUBLIC=SELECT uuid6_sql_lifts:- uuid6_sql_node:PUBLIC=SELECT uuid6_sql_seal:- uuid6_sql_v6:PUBLIC=SELECT,PUBLIC=USAGE uuid6_sql_v7:PUBLIC=SELECT,PUBLIC=USAGE uuid6_sql_v8:PUBLIC=SELECT,PUBLIC=USAGE"
if [ "$acls" = "$want" ]; then
  ok "with default privileges: uuid6_sql_sequences, its sequences and tables, uuid6_advance, uuid6_set_node_id and the seal carry only uuid6's grants"
else
  not_ok "with default privileges: uuid6_sql_sequences, its sequences and tables, uuid6_advance, uuid6_set_node_id and the seal carry only uuid6's grants" "got:  $acls
want: $want"
fi
oid=$(su -d "$DB" -c "SELECT 'uuid6_sql_sequences.uuid6_sql_v6'::regclass::oid")
out=$(as "$OTHER" -v VERBOSITY=verbose -c "SELECT setval($oid::regclass, 9223372036854775000)" 2>&1)
if grep -q 'ERROR:  42501' <<<"$out"; then
  ok "with default privileges: setval of the v6 sequence by OID by $OTHER refused (42501)"
else
  not_ok "with default privileges: setval of the v6 sequence by OID by $OTHER refused (42501)" "$out"
fi
if [ "$MODE" = plain ]; then
  if out=$(install "$INSTALLER" ids 2>&1); then
    ok "with default privileges: the plain script run again"
  else
    not_ok "with default privileges: the plain script run again" "$out"
  fi
fi

# PostgreSQL 16+: uuid6_sql_sequences where a member of the installer that cannot act as it has
# USAGE (the plain script; the extension refuses any such schema not its own).
if [ "$MODE" = plain ] && [ "$server_num" -ge 160000 ]; then
  fresh
  as "$INSTALLER" -c "CREATE SCHEMA ids" -c "CREATE SCHEMA uuid6_sql_sequences" \
    -c "GRANT USAGE ON SCHEMA uuid6_sql_sequences TO $NOACT" >/dev/null
  refused "uuid6_sql_sequences where a member of the installer without INHERIT or SET has USAGE" 42501 ids 0
fi

# A sequence of uuid6's names owned by another role.
fresh
as "$INSTALLER" -c "CREATE SCHEMA ids" -c "GRANT CREATE ON SCHEMA ids TO $OTHER" >/dev/null
as "$OTHER" -c "CREATE SEQUENCE ids.uuid6_sql_v7" >/dev/null
as "$INSTALLER" -c "REVOKE CREATE ON SCHEMA ids FROM $OTHER" >/dev/null
refused "a schema that holds another role's sequence uuid6_sql_v7" 42501 ids 0

# The seal's type (uuid6_sql_seal, the helpers' last parameter) made beforehand by another role:
# a function of that role could otherwise take the seal and match uuid6's calls.
fresh
as "$INSTALLER" -c "CREATE SCHEMA ids" -c "GRANT CREATE ON SCHEMA ids TO $OTHER" >/dev/null
as "$OTHER" -c "CREATE DOMAIN ids.uuid6_sql_seal AS boolean" >/dev/null
as "$INSTALLER" -c "REVOKE CREATE ON SCHEMA ids FROM $OTHER" >/dev/null
refused "a schema that holds another role's type uuid6_sql_seal" 42501 ids 0

# Issue 31 item 8: "@" in the schema's or the role's name.
fresh
as "$INSTALLER" -c 'CREATE SCHEMA "y@extowner@"' >/dev/null
refused "a schema named y@extowner@" 42602 'y@extowner@' 0
as "$AT_ROLE" -c "CREATE SCHEMA ats" >/dev/null
refused "a role named $AT_ROLE" 42602 ats 0 "$AT_ROLE"
if [ "$MODE" = plain ]; then
  out=$(install "$INSTALLER" 'z@extowner@')
  n=$(su -d "$DB" -c "SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'z@%'")
  [ "$n" = 0 ] && ok "a new schema named z@extowner@: refused, not created" ||
    not_ok "a new schema named z@extowner@: refused, not created" "$out"
fi

su -d postgres -c "SET client_min_messages = warning" -c "DROP DATABASE IF EXISTS $DB" \
  -c "DROP ROLE IF EXISTS $INSTALLER" -c "DROP ROLE IF EXISTS $OTHER" -c "DROP ROLE IF EXISTS $MEMBER" \
  -c "DROP ROLE IF EXISTS $NOACT" -c "DROP ROLE IF EXISTS \"$AT_ROLE\"" >/dev/null
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
