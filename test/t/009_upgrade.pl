# The upgrade paths: uuid6 1.0 (and, separately, 1.1) installed, a table's
# DEFAULT calling it, then ALTER EXTENSION uuid6 UPDATE. The result must equal a fresh install of the
# default version object by object -- every member of the extension with its
# catalog row, comment, privileges (current and initial) and, for functions,
# volatility, strictness, parallel safety, C symbol and library -- and the
# DEFAULT keeps working. Done once by the superuser and once by a role that
# is not one (the extension is trusted). The list of objects is read from
# the catalogs, so SQL added to the upgrade script is covered without
# touching this test.
use strict;
use warnings;
use PostgreSQL::Test::Utils;
use Test::More;
use Uuid6Test;

my $node = new_node('upgrade');
my $default_version = $node->safe_psql('postgres',
	q{SELECT default_version FROM pg_available_extensions WHERE name = 'uuid6'});
# Every released version a database may hold; each is updated to the default.
my @released = ('1.0', '1.1', '1.2', '1.3');
isnt($default_version, $_, "the default version ($default_version) is an upgrade from $_") for @released;

# One line per member of the extension: "object<TAB>description", the
# description in hex for its newlines. It holds every catalog fact that is
# the same in two databases built by the same statements (OIDs, transaction
# ids and node trees are left out, and what they point at is named instead).
my $describe_members = q{
WITH ext AS (SELECT oid FROM pg_extension WHERE extname = 'uuid6'),
member AS (
	SELECT d.classid, d.objid, d.objsubid
	FROM pg_depend d JOIN ext ON d.refobjid = ext.oid
	WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'),
described AS (
	SELECT format('%s %s (%s)', a.type, array_to_string(a.object_names, '.'),
	              array_to_string(a.object_args, ', ')) AS object,
	       concat_ws(E'\n',
		'comment: ' || coalesce(quote_literal(c.description), 'none'),
		'initial privileges: ' || coalesce((
			SELECT string_agg(format('%s %s %s', i.objsubid, i.privtype, i.initprivs), '; '
			                  ORDER BY i.objsubid)
			FROM pg_init_privs i WHERE i.classoid = m.classid AND i.objoid = m.objid), 'none'),
		-- The whole catalog row, less the columns that differ between two
		-- databases whatever the statements.
		'row: ' || (
			SELECT query_to_xml(format('SELECT %s FROM %s WHERE oid = %s',
				string_agg(quote_ident(att.attname), ', ' ORDER BY att.attnum),
				m.classid::regclass, m.objid), false, false, '')::text
			FROM pg_attribute att
			WHERE att.attrelid = m.classid AND att.attnum > 0 AND NOT att.attisdropped
			  AND att.atttypid NOT IN ('oid'::regtype, 'oidvector'::regtype, 'xid'::regtype,
			                           'pg_node_tree'::regtype)),
		-- What the left-out OIDs and expressions point at, by class.
		CASE m.classid
		WHEN 'pg_proc'::regclass THEN (
			SELECT format(E'function %s(%s)\nidentity arguments: %s\nreturns: %s\n'
			              'language: %s\nvolatility: %s\nstrict: %s\nparallel: %s\n'
			              'security definer: %s\nC symbol: %s\nlibrary: %s\nprivileges: %s\n'
			              'owner: %s\nschema: %s\n%s',
				p.proname, pg_get_function_arguments(p.oid),
				pg_get_function_identity_arguments(p.oid), pg_get_function_result(p.oid),
				l.lanname, p.provolatile, p.proisstrict, p.proparallel, p.prosecdef,
				p.prosrc, p.probin, coalesce(p.proacl::text, 'default'), p.proowner::regrole,
				p.pronamespace::regnamespace,
				CASE WHEN p.prokind IN ('f', 'p') THEN pg_get_functiondef(p.oid) END)
			FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang WHERE p.oid = m.objid)
		WHEN 'pg_type'::regclass THEN (
			SELECT format(E'type %s\nelement: %s\nbase type: %s\nprivileges: %s\nowner: %s\n'
			              'attributes: %s\nlabels: %s\nconstraints: %s',
				format_type(t.oid, NULL), format_type(t.typelem, NULL),
				format_type(t.typbasetype, t.typtypmod), coalesce(t.typacl::text, 'default'),
				t.typowner::regrole,
				(SELECT string_agg(format('%s %s', att.attname, format_type(att.atttypid, att.atttypmod)), ', '
				                   ORDER BY att.attnum)
				 FROM pg_attribute att WHERE att.attrelid = t.typrelid AND att.attnum > 0),
				(SELECT string_agg(e.enumlabel::text, ', ' ORDER BY e.enumsortorder)
				 FROM pg_enum e WHERE e.enumtypid = t.oid),
				(SELECT string_agg(format('%s %s', co.conname, pg_get_constraintdef(co.oid)), ', '
				                   ORDER BY co.conname)
				 FROM pg_constraint co WHERE co.contypid = t.oid))
			FROM pg_type t WHERE t.oid = m.objid)
		WHEN 'pg_class'::regclass THEN (
			SELECT format(E'relation %s\nprivileges: %s\nowner: %s\ncolumns: %s\nview: %s\n'
			              'constraints: %s\nindexes: %s\ndumped as configuration: %s',
				r.oid::regclass, coalesce(r.relacl::text, 'default'), r.relowner::regrole,
				(SELECT string_agg(format('%s %s%s default %s acl %s', att.attname,
				                          format_type(att.atttypid, att.atttypmod),
				                          CASE WHEN att.attnotnull THEN ' not null' ELSE '' END,
				                          pg_get_expr(ad.adbin, ad.adrelid), att.attacl), ', '
				                   ORDER BY att.attnum)
				 FROM pg_attribute att
				 LEFT JOIN pg_attrdef ad ON ad.adrelid = att.attrelid AND ad.adnum = att.attnum
				 WHERE att.attrelid = r.oid AND att.attnum > 0 AND NOT att.attisdropped),
				CASE WHEN r.relkind IN ('v', 'm') THEN pg_get_viewdef(r.oid) END,
				(SELECT string_agg(format('%s %s', co.conname, pg_get_constraintdef(co.oid)), ', '
				                   ORDER BY co.conname)
				 FROM pg_constraint co WHERE co.conrelid = r.oid),
				(SELECT string_agg(pg_get_indexdef(i.indexrelid), ', ' ORDER BY 1)
				 FROM pg_index i WHERE i.indrelid = r.oid),
				(SELECT r.oid = ANY (e.extconfig) FROM pg_extension e WHERE e.extname = 'uuid6'))
			FROM pg_class r WHERE r.oid = m.objid)
		WHEN 'pg_cast'::regclass THEN (
			SELECT format('cast %s -> %s via %s', format_type(ca.castsource, NULL),
			              format_type(ca.casttarget, NULL), ca.castfunc::regprocedure)
			FROM pg_cast ca WHERE ca.oid = m.objid)
		WHEN 'pg_operator'::regclass THEN (
			SELECT format('operator %s(%s, %s) -> %s', o.oid::regoperator,
			              format_type(o.oprleft, NULL), format_type(o.oprright, NULL),
			              format_type(o.oprresult, NULL))
			FROM pg_operator o WHERE o.oid = m.objid)
		END) AS description
	FROM member m
	CROSS JOIN LATERAL pg_identify_object_as_address(m.classid, m.objid, m.objsubid) a
	LEFT JOIN pg_description c
	  ON c.classoid = m.classid AND c.objoid = m.objid AND c.objsubid = m.objsubid)
SELECT object || E'\t' || encode(convert_to(description, 'UTF8'), 'hex')
FROM described ORDER BY object;
};

# The extension itself: version, schema, relocatability, configuration
# tables (by name) for pg_dump.
my $describe_extension = q{
SELECT format('version %s, schema %s, relocatable %s, owner superuser %s, configuration %s %s',
              e.extversion, e.extnamespace::regnamespace, e.extrelocatable, r.rolsuper,
              (SELECT array_agg(c::regclass::text ORDER BY c::regclass::text) FROM unnest(e.extconfig) c),
              e.extcondition)
FROM pg_extension e JOIN pg_roles r ON r.oid = e.extowner WHERE e.extname = 'uuid6';
};

sub members
{
	my ($db) = @_;
	my %members;
	for my $line (split /\n/, $node->safe_psql($db, $describe_members))
	{
		my ($object, $description) = split /\t/, $line, 2;
		$members{$object} = pack('H*', $description);
	}
	return \%members;
}

# Compares every member of the extension in database UPDATED with the same
# member in database FRESH.
sub compare_installs
{
	my ($updated, $fresh, $label) = @_;
	is($node->safe_psql($updated, $describe_extension), $node->safe_psql($fresh, $describe_extension),
		"$label: the extension row after the update equals a fresh install's");
	my $after = members($updated);
	my $new = members($fresh);
	cmp_ok(scalar keys %$new, '>=', 15, "$label: a fresh install has its members (" . (keys %$new) . ')');
	is(join("\n", sort keys %$after), join("\n", sort keys %$new),
		"$label: the update leaves exactly the members of a fresh install");
	for my $object (sort keys %$new)
	{
		next unless exists $after->{$object};
		# Line by line, so that a failure names the first fact that differs.
		is_deeply([ split /\n/, $after->{$object} ], [ split /\n/, $new->{$object} ],
			"$label: $object is as in a fresh install");
	}
}

# The table whose DEFAULT calls the 1.0 generator, with rows made before the
# update; n records the order of insertion.
my $table = q{
	CREATE TABLE orders (n bigserial UNIQUE, id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), item text);
	INSERT INTO orders (item) SELECT 'before ' || i FROM generate_series(1, 100) i;
};

# Run once by the superuser, once by a role with nothing but CREATE on its
# databases (PUBLIC's CREATE on schema public is gone from 15 on, so it owns
# them).
$node->safe_psql('postgres', 'CREATE ROLE app LOGIN');
for my $from (@released)
{
for my $installer ('postgres', 'app')
{
	(my $tag = "${installer}_from_$from") =~ s/\./_/g;
	my ($updated, $fresh) = ("updated_by_$tag", "fresh_by_$tag");
	$node->safe_psql('postgres', "CREATE DATABASE $_ OWNER $installer") for $updated, $fresh;
	my @as = (extra_params => [ '--username' => $installer ]);
	my $label = "$installer from $from";

	$node->safe_psql($updated, "CREATE EXTENSION uuid6 VERSION '$from'; $table", @as);
	is($node->safe_psql($updated, q{SELECT extversion FROM pg_extension WHERE extname = 'uuid6'}),
		$from, "$label: version $from installed");
	my $default_before = $node->safe_psql($updated, q{
		SELECT pg_get_expr(adbin, adrelid) FROM pg_attrdef WHERE adrelid = 'orders'::regclass});
	my $generator_before = $node->safe_psql($updated, q{SELECT 'uuid_generate_v7()'::regprocedure::oid});

	my ($rc, $out, $err) = $node->psql($updated, 'ALTER EXTENSION uuid6 UPDATE', @as);
	is($rc, 0, "$label: ALTER EXTENSION uuid6 UPDATE succeeds");
	is($err, '', "$label: the update says nothing on stderr");
	is($node->safe_psql($updated, q{SELECT extversion FROM pg_extension WHERE extname = 'uuid6'}),
		$default_version, "$label: updated to $default_version");

	$node->safe_psql($fresh, 'CREATE EXTENSION uuid6', @as);
	compare_installs($updated, $fresh, $label);

	# The DEFAULT: the same expression on the same function, and it still
	# generates increasing v7 keys after the rows made before the update.
	$node->safe_psql($updated, q{INSERT INTO orders (item) SELECT 'after ' || i FROM generate_series(1, 100) i},
		@as);
	is($node->safe_psql($updated, q{
			SELECT pg_get_expr(adbin, adrelid) FROM pg_attrdef WHERE adrelid = 'orders'::regclass}),
		$default_before, "$label: the DEFAULT expression is unchanged");
	is($node->safe_psql($updated, q{SELECT 'uuid_generate_v7()'::regprocedure::oid}),
		$generator_before, "$label: the DEFAULT's function is the same object, not a new one");
	is($node->safe_psql($updated, q{
			SELECT count(*), count(DISTINCT id), count(*) FILTER (WHERE substr(id::text, 15, 1) <> '7'),
			       count(*) FILTER (WHERE id <= previous)
			FROM (SELECT id, lag(id) OVER (ORDER BY n) AS previous FROM orders) o}),
		'200|200|0|0', "$label: the DEFAULT makes increasing v7 keys before and after the update");
}
}

# The database's lease from the update on: a session that generated under
# 1.1 and is still open when another session updates the extension has its
# next key covered by the lease the update brought.
{
	$node->safe_psql('postgres', 'CREATE DATABASE across_update');
	$node->safe_psql('across_update', "CREATE EXTENSION uuid6 VERSION '1.1'");
	my $session = $node->background_psql('across_update');
	$session->query_safe('SELECT uuid_generate_v7()');
	$node->safe_psql('across_update', 'ALTER EXTENSION uuid6 UPDATE');
	my $key = $session->query_safe('SELECT uuid_generate_v7()');
	$key =~ s/\s+//g;
	is($node->safe_psql('across_update', qq{
			SELECT uuid_extract_time('$key'::uuid, true) <= database_lease_until
			FROM uuid6_status() WHERE version = 7}),
		't', 'a session open across the update: its next key lies under the database lease');
	$session->quit;
}

# A statement that runs across the update, taking no lock meanwhile, starts
# keeping the lease within a second or so of the update's commit: its keys
# made after that are covered by a lease it wrote itself.
{
	$node->safe_psql('postgres', 'CREATE DATABASE long_statement');
	$node->safe_psql('long_statement', "CREATE EXTENSION uuid6 VERSION '1.1'");
	my $session = $node->background_psql('long_statement');
	$session->query_safe('SELECT uuid_generate_v7()');
	$session->query_until(qr/started/, q{\echo started
		CREATE TABLE made AS SELECT uuid_generate_v7() AS id, pg_sleep(0.002)::text AS pause FROM generate_series(1, 2000);
		\echo done
	});
	$node->safe_psql('long_statement', 'ALTER EXTENSION uuid6 UPDATE');
	$session->query_until(qr/done/, '');
	$session->quit;
	is($node->safe_psql('long_statement', q{
			SELECT (SELECT is_called FROM uuid6_lease.uuid6_lease_v7)
			   AND (SELECT uuid_extract_time(max(id::text)::uuid, true) FROM made)
			       <= (SELECT database_lease_until FROM uuid6_status() WHERE version = 7)}),
		't', 'a statement running across the update: its last keys lie under a lease it wrote');
}

# A 1.1 database dumped and restored where 1.2 is installed: it comes back
# at 1.2, with its lease objects, and new keys follow the restored ones.
{
	# The installation's dump tools, or a newer PostgreSQL's (dump_tool).
	my ($pg_dump, $pg_restore) = (dump_tool('pg_dump'), dump_tool('pg_restore'));
	SKIP:
	{
		if (!defined $pg_dump || !defined $pg_restore)
		{
			diag("PART SKIPPED: 009: no pg_dump or pg_restore of this PostgreSQL or a newer one (pg_config --bindir, UUID6_DUMP_BINDIR): a 1.1 dump restored into 1.2 is NOT tested here");
			skip 'no pg_dump/pg_restore in this installation', 4;
		}
		$node->safe_psql('postgres', 'CREATE DATABASE dumped_11; CREATE DATABASE restored_11');
		$node->safe_psql('dumped_11', qq{CREATE EXTENSION uuid6 VERSION '1.1'; $table});
		my $dump = $node->basedir . '/dumped_11.dump';
		command_ok([ $pg_dump, '--format=custom', "--file=$dump", $node->connstr('dumped_11') ],
			'a 1.1 database is dumped');
		command_ok([ $pg_restore, '--exit-on-error', '--dbname=' . $node->connstr('restored_11'), $dump ],
			'and restored where 1.2 is the default');
		is($node->safe_psql('restored_11', q{
				SELECT extversion, (SELECT count(*) FROM pg_class WHERE relname LIKE 'uuid6\_lease\_%')
				FROM pg_extension WHERE extname = 'uuid6'}),
			"$default_version|4", "the restored database has uuid6 $default_version and its lease objects");
		$node->safe_psql('restored_11', q{INSERT INTO orders (item) SELECT 'after ' || i FROM generate_series(1, 100) i});
		is($node->safe_psql('restored_11', q{
				SELECT count(*) FILTER (WHERE id <= previous),
				       bool_and(uuid_extract_time(id, true) <= (SELECT database_lease_until FROM uuid6_status() WHERE version = 7))
				FROM (SELECT id, lag(id) OVER (ORDER BY n) AS previous FROM orders) o}),
			'0|t', 'new keys follow the restored ones, under the database lease');
	}
}

# A database whose extension uuid6 is the SQL edition (registered through pg_tle,
# on a server that also has this library's control file): ALTER EXTENSION uuid6
# UPDATE would run the C library's scripts over the edition's functions. The
# update to 1.4 refuses it and changes nothing. (Here a 1.3 install of the C
# library holding a sequence of the edition's name stands in for the edition.)
{
	$node->safe_psql('postgres', 'CREATE DATABASE edition_named_uuid6');
	$node->safe_psql('edition_named_uuid6', q{
		CREATE EXTENSION uuid6 VERSION '1.3';
		CREATE SEQUENCE uuid6_sql_v7;
		ALTER EXTENSION uuid6 ADD SEQUENCE uuid6_sql_v7;});
	my ($rc, $out, $err) = $node->psql('edition_named_uuid6', 'ALTER EXTENSION uuid6 UPDATE');
	isnt($rc, 0, 'ALTER EXTENSION uuid6 UPDATE of the SQL edition under the name uuid6 is refused');
	like($err, qr/the extension uuid6 in this database is the SQL edition/, '... with the reason');
	is($node->safe_psql('edition_named_uuid6', q{SELECT extversion FROM pg_extension WHERE extname = 'uuid6'}),
		'1.3', '... and nothing changed');
}

# uuid6_status() is dropped and created again by the update to 1.4 (it
# gains a column): the privileges it had are kept. And a view on it stops
# the update with a message that says what to do.
{
	$node->safe_psql('postgres', 'CREATE ROLE status_reader');
	for my $installer ('postgres', 'app')
	{
		my $db = "status_grants_$installer";
		my @as = (extra_params => [ '--username' => $installer ]);
		$node->safe_psql('postgres', "CREATE DATABASE $db OWNER $installer");
		# Installed and updated by $installer; the privileges changed by the
		# superuser (where app installed it, the functions are the bootstrap
		# superuser's: a trusted extension).
		$node->safe_psql($db, q{CREATE EXTENSION uuid6 VERSION '1.3'}, @as);
		$node->safe_psql($db, q{
			REVOKE ALL ON FUNCTION uuid6_status() FROM PUBLIC;
			GRANT EXECUTE ON FUNCTION uuid6_status() TO status_reader WITH GRANT OPTION});
		my $acl = q{SELECT proacl FROM pg_proc WHERE oid = 'uuid6_status()'::regprocedure};
		my $before = $node->safe_psql($db, $acl);
		like($before, qr/status_reader=X\*/,
			"$installer: uuid6_status(): EXECUTE revoked from PUBLIC, granted to a role");
		$node->safe_psql($db, 'ALTER EXTENSION uuid6 UPDATE', @as);
		is($node->safe_psql($db, $acl), $before,
			"$installer: the update to 1.4 keeps the privileges of uuid6_status()");
		is($node->safe_psql($db,
				q{SELECT count(*) FROM pg_init_privs WHERE objoid = 'uuid6_status()'::regprocedure}),
			'0', "$installer: as the database's own, not the extension's initial privileges (pg_dump keeps them)");
		is($node->safe_psql($db,
				q{SELECT count(*) FROM pg_proc WHERE oid = 'uuid6_status()'::regprocedure
				  AND 'lagging_keys' = ANY (proargnames)}),
			'1', "$installer: uuid6_status() has its new column");
	}

	$node->safe_psql('postgres', 'CREATE DATABASE status_view');
	$node->safe_psql('status_view', q{
		CREATE EXTENSION uuid6 VERSION '1.3';
		CREATE VIEW status_modes AS SELECT mode FROM uuid6_status()});
	my ($rc, $out, $err) = $node->psql('status_view', 'ALTER EXTENSION uuid6 UPDATE',
		extra_params => [ '-v', 'VERBOSITY=verbose' ]);
	isnt($rc, 0, 'a view on uuid6_status() stops the update');
	like($err, qr/ERROR:  2BP01: uuid6: the update to 1\.4 replaces uuid6_status\(\), on which other objects depend/,
		'with SQLSTATE 2BP01 and a message naming the function');
	like($err, qr/view status_modes/, 'its detail names the view');
	is($node->safe_psql('status_view', q{SELECT extversion FROM pg_extension WHERE extname = 'uuid6'}),
		'1.3', 'nothing was changed');
}

$node->stop;

done_testing();
