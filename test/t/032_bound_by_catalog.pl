# Nothing another role created before the install or an update is bound into
# uuid6's bodies, proved from the catalog (pg_depend), not only by calling
# them. In databases made the way PostgreSQL made them before 15 (CREATE on
# schema public for every role), mallory creates operators and functions in
# public under the names and exact argument types uuid6's bodies could use
# (pg_catalog has no & | # % for bigint and integer), each raising an ERROR
# if it ever runs; an administrator then revokes CREATE on public, and a role
# that is not superuser (the extension is trusted) installs uuid6 afresh, or
# updates it from 1.0, 1.3 or 1.4 installed before the planting. After each:
#   - no dependency of any uuid6 object points at an object of mallory's, nor
#     at any object outside pg_catalog and uuid6's own (while the bodies'
#     dependencies on uuid6's own functions are seen: the query sees them);
#   - every SQL and PL/pgSQL function of uuid6 runs, as a superuser, without
#     running a planted object; ALTER EXTENSION SET SCHEMA is refused (1.5 keeps
#     its lease sequences in a schema of their own).
# And the check the install ends with: an update where one of the
# extension's bodies is bound to mallory's operator is refused (42501),
# naming the operator and mallory, and leaves the extension as it was.
use strict;
use warnings;
use PostgreSQL::Test::Utils;
use Test::More;
use Uuid6Test;

my $node = new_node('bound_by_catalog');
$node->safe_psql('postgres', 'CREATE ROLE installer LOGIN; CREATE ROLE mallory LOGIN');
my @as_installer = (extra_params => [ '--username' => 'installer' ]);
my @as_mallory = (extra_params => [ '--username' => 'mallory' ]);

# What mallory plants: operators with the exact operand types of every
# operator uuid6's bodies write, and copies of pg_catalog functions they
# call, each raising if it runs.
my $plant = q{
	CREATE FUNCTION public.trap_bi(bigint, integer) RETURNS bigint LANGUAGE plpgsql
		AS $$BEGIN RAISE EXCEPTION 'planted operator ran'; END$$;
	CREATE FUNCTION public.trap_ii(integer, integer) RETURNS integer LANGUAGE plpgsql
		AS $$BEGIN RAISE EXCEPTION 'planted operator ran'; END$$;
	CREATE FUNCTION public.trap_tt(text, text) RETURNS text LANGUAGE plpgsql
		AS $$BEGIN RAISE EXCEPTION 'planted operator ran'; END$$;
	CREATE FUNCTION public.trap_cc("char", "char") RETURNS boolean LANGUAGE plpgsql
		AS $$BEGIN RAISE EXCEPTION 'planted operator ran'; END$$;
	CREATE OPERATOR public.& (FUNCTION = public.trap_bi, LEFTARG = bigint, RIGHTARG = integer);
	CREATE OPERATOR public.| (FUNCTION = public.trap_bi, LEFTARG = bigint, RIGHTARG = integer);
	CREATE OPERATOR public.# (FUNCTION = public.trap_bi, LEFTARG = bigint, RIGHTARG = integer);
	CREATE OPERATOR public.% (FUNCTION = public.trap_bi, LEFTARG = bigint, RIGHTARG = integer);
	CREATE OPERATOR public.- (FUNCTION = public.trap_ii, LEFTARG = integer, RIGHTARG = integer);
	CREATE OPERATOR public.+ (FUNCTION = public.trap_ii, LEFTARG = integer, RIGHTARG = integer);
	CREATE OPERATOR public.<< (FUNCTION = public.trap_ii, LEFTARG = integer, RIGHTARG = integer);
	CREATE OPERATOR public.|| (FUNCTION = public.trap_tt, LEFTARG = text, RIGHTARG = text);
	CREATE OPERATOR public.<> (FUNCTION = public.trap_cc, LEFTARG = "char", RIGHTARG = "char");
	CREATE FUNCTION public.generate_series(integer, integer) RETURNS SETOF integer LANGUAGE plpgsql
		AS $$BEGIN RAISE EXCEPTION 'planted function ran'; END$$;
	CREATE FUNCTION public.timezone(text, timestamp) RETURNS timestamptz LANGUAGE plpgsql
		AS $$BEGIN RAISE EXCEPTION 'planted function ran'; END$$;
	CREATE FUNCTION public.lpad(text, integer, text) RETURNS text LANGUAGE plpgsql
		AS $$BEGIN RAISE EXCEPTION 'planted function ran'; END$$;
	CREATE FUNCTION public.format(text, VARIADIC text[]) RETURNS text LANGUAGE plpgsql
		AS $$BEGIN RAISE EXCEPTION 'planted function ran'; END$$;
};

# Every dependency of a uuid6 object on an object outside pg_catalog and
# uuid6's own, and on an object of mallory's; and, as a control, the
# bodies' dependencies on uuid6's own functions.
my $outside = q{
	WITH member AS (
		SELECT d.classid, d.objid FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid
		WHERE d.refclassid = 'pg_extension'::regclass AND e.extname = 'uuid6' AND d.deptype = 'e'),
	used AS (
		SELECT d.* FROM member m JOIN pg_depend d ON d.classid = m.classid AND d.objid = m.objid
		WHERE d.deptype NOT IN ('e', 'x'))
	SELECT coalesce(string_agg(pg_describe_object(u.classid, u.objid, 0) || ' -> '
	                           || pg_describe_object(u.refclassid, u.refobjid, 0), '; '), 'none')
	FROM used u
	CROSS JOIN LATERAL pg_identify_object(u.refclassid, u.refobjid, 0) i
	WHERE u.refclassid <> 'pg_namespace'::regclass AND u.refclassid <> 'pg_language'::regclass
	  AND NOT EXISTS (SELECT FROM member o WHERE o.classid = u.refclassid AND o.objid = u.refobjid)
	  AND i.schema IS DISTINCT FROM 'pg_catalog'
};
my $mallorys = q{
	SELECT count(*) FROM pg_depend d
	JOIN pg_depend m ON m.classid = d.classid AND m.objid = d.objid AND m.deptype = 'e'
	JOIN pg_extension e ON e.oid = m.refobjid AND e.extname = 'uuid6'
	WHERE (d.refclassid = 'pg_proc'::regclass
	       AND d.refobjid IN (SELECT oid FROM pg_proc WHERE proowner = 'mallory'::regrole))
	   OR (d.refclassid = 'pg_operator'::regclass
	       AND d.refobjid IN (SELECT oid FROM pg_operator WHERE oprowner = 'mallory'::regrole))
};
my $own = q{
	SELECT count(*) FROM pg_depend d
	JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND p.oid = d.objid
	JOIN pg_proc q ON d.refclassid = 'pg_proc'::regclass AND q.oid = d.refobjid
	WHERE p.proname IN ('uuid_timestamptz_to_v7', 'uuid_timestamp_to_v7', 'uuid_spread_ranges')
	  AND q.proname IN ('uuid_v7_floor', 'uuid_generate_v7', 'uuid_spread_floor')
};
# Every SQL and PL/pgSQL function of uuid6, called: none may run a planted
# object (each would raise).
sub calls
{
	my ($schema) = @_;
	return qq{
		SELECT $schema.uuid_timestamptz_to_v7('2024-05-01 12:00+00', true) = $schema.uuid_v7_floor('2024-05-01 12:00+00')
		   AND $schema.uuid_timestamp_to_v7('2024-05-01 12:00', true) = $schema.uuid_v7_floor('2024-05-01 12:00+00')
		   AND $schema.uuid_timestamptz_to_v7(now()) IS NOT NULL
		   AND $schema.uuid_timestamp_to_v7(localtimestamp) IS NOT NULL
		   AND (SELECT count(*) FROM $schema.uuid_spread_ranges('2024-05-01', '2024-05-02', 8)) = 8;
		CREATE TABLE spread_$schema (id uuid PRIMARY KEY) PARTITION BY RANGE (id);
		SELECT $schema.uuid6_create_spread_partitions('spread_$schema', 4);
	};
}

my @cases = (
	[ 'fresh', undef ],
	[ 'from_1_0', '1.0' ],
	[ 'from_1_3', '1.3' ],
	[ 'from_1_4', '1.4' ],
);
for my $case (@cases)
{
	my ($db, $from) = @$case;
	$node->safe_psql('postgres', "CREATE DATABASE $db OWNER installer");
	# The default of databases made before PostgreSQL 15.
	$node->safe_psql($db, 'GRANT CREATE ON SCHEMA public TO PUBLIC');
	$node->safe_psql($db, "CREATE EXTENSION uuid6 VERSION '$from'", @as_installer) if $from;
	$node->safe_psql($db, $plant, @as_mallory);
	# As the docs advise, before the install or the update.
	$node->safe_psql($db, 'REVOKE CREATE ON SCHEMA public FROM PUBLIC');
	my $step = $from ? "ALTER EXTENSION uuid6 UPDATE" : "CREATE EXTENSION uuid6";
	my ($rc, $out, $err) = $node->psql($db, $step, @as_installer);
	is($rc, 0, "$db: $step by a role that is not superuser succeeds") or diag($err);
	is($node->safe_psql($db, q{SELECT extversion = (SELECT default_version FROM pg_available_extensions WHERE name = 'uuid6')
			FROM pg_extension WHERE extname = 'uuid6'}), 't',
		"$db: at the default version");
	is($node->safe_psql($db, $outside), 'none',
		"$db: no uuid6 object depends on anything outside pg_catalog and uuid6");
	is($node->safe_psql($db, $mallorys), '0', "$db: no uuid6 object depends on an object of mallory's");
	is($node->safe_psql($db, $own), '5', "$db: the bodies' bindings to uuid6's own functions are seen");
	($rc, $out, $err) = $node->psql($db, calls('public'));
	is($rc, 0, "$db: every SQL and PL/pgSQL function runs, none running a planted object")
	  or diag($err);
	is($out, "t\n4", "$db: ... with their results");
	$node->safe_psql($db, 'CREATE SCHEMA moved AUTHORIZATION installer');
	($rc, $out, $err) = $node->psql($db, 'ALTER EXTENSION uuid6 SET SCHEMA moved', @as_installer);
	like($err, qr/extension "uuid6" does not support SET SCHEMA/,
		"$db: 1.5 is not moved as a whole (its lease sequences have a schema of their own)");
	($rc, $out, $err) = $node->psql($db, 'DROP TABLE spread_public;' . calls('public'));
	is($rc, 0, "$db: after the refused SET SCHEMA, every function still runs") or diag($err);
	is($node->safe_psql($db, $outside), 'none', "$db: ... and still nothing outside");
}

# The check that ends every install and update. A body of the extension's
# bound to mallory's operator (made a member by a superuser) stops the
# update from 1.4, which names it and its owner; nothing is changed.
$node->safe_psql('postgres', 'CREATE DATABASE forced OWNER installer');
$node->safe_psql('forced', 'GRANT CREATE ON SCHEMA public TO PUBLIC');
$node->safe_psql('forced', "CREATE EXTENSION uuid6 VERSION '1.4'", @as_installer);
$node->safe_psql('forced', $plant . q{
	CREATE FUNCTION public.uuid6_masks(k bigint) RETURNS bigint LANGUAGE sql RETURN k & 255;},
	@as_mallory);
$node->safe_psql('forced', 'ALTER EXTENSION uuid6 ADD FUNCTION public.uuid6_masks(bigint)');
my ($rc, $out, $err) = $node->psql('forced', 'ALTER EXTENSION uuid6 UPDATE',
	extra_params => [ '--set' => 'VERBOSITY=verbose' ]);
isnt($rc, 0, 'forced: an update where a body of the extension is bound outside is refused');
like($err, qr/ERROR:  42501: uuid6: function public\.uuid6_masks\(bigint\) depends on operator public\.&\(bigint,integer\), owned by mallory, which is neither pg_catalog's nor uuid6's/,
	'forced: ... with 42501, naming the body, the operator and its owner');
like($err, qr/HINT:  .*Drop it/, 'forced: ... and what to do');
is($node->safe_psql('forced', q{SELECT extversion FROM pg_extension WHERE extname = 'uuid6'}), '1.4',
	'forced: the extension is left at 1.4');
# Once the member is gone, the update goes through.
$node->safe_psql('forced', 'ALTER EXTENSION uuid6 DROP FUNCTION public.uuid6_masks(bigint)');
($rc, $out, $err) = $node->psql('forced', 'ALTER EXTENSION uuid6 UPDATE', @as_installer);
is($rc, 0, 'forced: without it the update goes through') or diag($err);
is($node->safe_psql('forced', $outside), 'none', 'forced: and nothing outside is bound');

$node->stop;
done_testing();
