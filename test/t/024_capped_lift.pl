# A lease beyond what uuid6 may lift the sequences to on its own is refused,
# never followed part of the way. A role that is not superuser owns uuid6 in
# its database, with uuid6.max_advance = 1 h for it; it advances a sequence
# 50 minutes and makes a key, dumps the database and restores it into a
# fresh cluster where no such setting exists. There, another role's INSERT
# gets an ERROR (its key would sort below the newest key of the table),
# whose hint a superuser follows (one key made in the database lifts the
# sequences to its leases, with a superuser's bound); then keys are made
# above every key of the table. Preloaded and not.
use strict;
use warnings;
use IPC::Run;
use PostgreSQL::Test::Utils;
use Test::More;
use Uuid6Test;

my %tool;
for my $name ('pg_dump', 'pg_restore')
{
	$tool{$name} = dump_tool($name);
	plan skip_all => "no $name of this PostgreSQL or a newer one (pg_config --bindir, UUID6_DUMP_BINDIR)"
	  unless defined $tool{$name};
}

for my $preload (1, 0)
{
	my $mode = $preload ? 'preloaded' : 'not preloaded';
	my $old = new_node("capped_old_$preload", preload => $preload);
	$old->safe_psql('postgres', q{CREATE ROLE app LOGIN;
		CREATE DATABASE appdb OWNER app; ALTER ROLE app SET uuid6.max_advance = '1h';});
	my @app = (extra_params => [ '--username' => 'app' ]);
	$old->safe_psql('appdb', q{CREATE EXTENSION uuid6;
		CREATE TABLE t (id uuid PRIMARY KEY DEFAULT uuid_generate_v7());
		SELECT uuid6_advance(uuid_generate_v7(clock_timestamp() + interval '50 min'));
		INSERT INTO t DEFAULT VALUES;}, @app);
	my $dump = $old->basedir . '/appdb.dump';
	my ($out, $err) = ('', '');
	ok(IPC::Run::run([ $tool{pg_dump}, '--format=custom', "--file=$dump",
				$old->connstr('appdb') . ' user=app' ], '>' => \$out, '2>' => \$err),
		"$mode: pg_dump -Fc as app") or diag($err);
	$old->stop;

	my $new = new_node("capped_new_$preload", preload => $preload);
	$new->safe_psql('postgres', q{CREATE ROLE app LOGIN; CREATE ROLE other LOGIN;
		CREATE DATABASE appdb OWNER app;});
	ok(IPC::Run::run([ $tool{pg_restore}, '--exit-on-error',
				'--dbname=' . $new->connstr('appdb') . ' user=app', $dump ],
			'>' => \$out, '2>' => \$err),
		"$mode: pg_restore as app") or diag($err);
	$new->safe_psql('appdb', 'GRANT INSERT, SELECT ON t TO other', @app);

	my $insert = q{INSERT INTO t DEFAULT VALUES
		RETURNING id > ALL (SELECT id FROM t)};
	my ($rc, $stdout, $stderr) = $new->psql('appdb', $insert,
		extra_params => [ '--username' => 'other' ]);
	is($stdout, '', "$mode: no key is made below the table's newest key");
	like($stderr,
		qr/ERROR:  uuid6: the lease of version 7 in "uuid6_lease_v7" lies further ahead of the clock than uuid6 may lift the sequences on its own/,
		"$mode: an ERROR names the lease");
	my ($call) = $stderr =~ /HINT:  If keys were made that far ahead \(look at the database's largest keys first\), a superuser makes one key in this database \((SELECT uuid_generate_v7\(\))\)/;
	ok(defined $call, "$mode: the hint gives the superuser's statement that lifts the sequences") or diag($stderr);
	($rc, $stdout, $stderr) = $new->psql('appdb', $insert,
		extra_params => [ '--username' => 'other' ]);
	is($stdout, '', "$mode: refused again until a superuser acts");
	$new->safe_psql('appdb', $call) if defined $call;
	($rc, $stdout, $stderr) = $new->psql('appdb', $insert,
		extra_params => [ '--username' => 'other' ]);
	is($stdout . $stderr, 't', "$mode: after the superuser's key, keys are made above every key of the table");
	is($new->safe_psql('appdb', 'SELECT count(*) FROM t WHERE id > ALL (SELECT id FROM t x WHERE x.id <> t.id)'),
		'1', "$mode: one newest key");
	$new->stop;
}

done_testing();
