# Keys follow the database (SPEC §6c): every way a database moves to another
# server keeps its new keys above every key it already holds, with no
# uuid6_advance and whatever the new server's clock says. Two databases use
# uuid6, one installed by the superuser, one by a role that is not (the
# extension is trusted); the old server's clock is right and the new one's
# is 1 s or 1 h behind (libfaketime); preloaded and not. The moves:
#   (a) a streaming standby promoted with pg_ctl promote (a session that
#       generated during recovery goes on after it), and promoted then
#       restarted; the standby's copy of the state file is old;
#   (b) a base backup restored with archive replay to the end, and to a
#       recovery target time;
#   (c) pg_dump -Fc / pg_restore, and a plain dump through psql, into a
#       fresh cluster;
#   (d) pg_upgrade, to the same major version (one toolchain is installed);
#   (e) a crash (immediate stop) right after a burst.
# In each: 0 of 3,000 new keys per version at or below the newest key the
# database holds. Also: a hot standby generates, reports what covers its
# keys, and refuses uuid6_advance (25006); and a session follows lease
# objects moved or dropped by another session.
#
# This file moves databases of a server that preloads uuid6;
# 023_database_lease_not_preloaded.pl runs it again for a server that does
# not (UUID6_MOVE_PRELOAD=0, UUID6_MOVE_SESSION=0), so that the two halves
# run side by side. UUID6_MOVE_SKEWS (default "-1 -3600") and
# UUID6_MOVE_PRELOAD (default "1"; "1 0" for both) narrow or widen the run;
# UUID6_MOVE_SESSION=0 leaves out the last check (a session that follows
# moved lease objects), which needs no move.
use strict;
use warnings;
use Cwd;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(usleep);
use Uuid6Test;

plan skip_all => 'libfaketime is not installed (Debian package faketime)'
  unless libfaketime();

my @skews = split ' ', ($ENV{UUID6_MOVE_SKEWS} // '-1 -3600');
my @preloads = split ' ', ($ENV{UUID6_MOVE_PRELOAD} // '1');
my %as = (db1 => [], db2 => [ extra_params => [ '--username' => 'app' ] ]);
my $generate = q{CASE v WHEN 6 THEN uuid_generate_v6() WHEN 7 THEN uuid_generate_v7()
	ELSE uuid_generate_v8() END};

# Which tools the installation has; a missing one is reported, not skipped.
my ($bindir) = `pg_config --bindir` =~ /^(.*\S)/;
my %have = map { $_ => -x "$bindir/$_" } qw(pg_basebackup pg_dump pg_restore pg_upgrade);
# The dump tools: the installation's own, or those of UUID6_DUMP_BINDIR
# (dump_tool).
my %dump_tool = map { $_ => dump_tool($_) } qw(pg_dump pg_restore);
$have{$_} = defined $dump_tool{$_} for qw(pg_dump pg_restore);
# What cannot run here is said once, as PART SKIPPED (scripts/test.sh lists it under SKIPPED at the end).
diag("PART SKIPPED: 022: no pg_dump or pg_restore in $bindir, nor of this PostgreSQL or a newer one in UUID6_DUMP_BINDIR: case (c), dumps restored into a fresh cluster, is NOT tested here")
  unless $have{pg_dump} && $have{pg_restore};
diag("PART SKIPPED: 022: no pg_upgrade in $bindir: case (d), pg_upgrade to the same major, is NOT tested here")
  unless $have{pg_upgrade};

sub conf_for
{
	my ($preload) = @_;
	return "log_statement = none\nrestart_after_crash = on\n"
	  . ($preload ? "shared_preload_libraries = 'uuid6'\n" : '');
}

# A burst of N keys per version in each database.
sub burst
{
	my ($node, $n) = @_;
	for my $db ('db1', 'db2')
	{
		$node->safe_psql($db, "INSERT INTO keys SELECT v, $generate
			FROM generate_series(1, $n), unnest(ARRAY[6, 7, 8]) AS v", @{ $as{$db} });
	}
}

# The old server: two databases keyed by uuid6 and a first burst.
sub old_server
{
	my ($name, $preload) = @_;
	my $node = PostgreSQL::Test::Cluster->new($name);
	$node->init(allows_streaming => 1, has_archiving => 1);
	$node->append_conf('postgresql.conf', conf_for($preload));
	$node->start;
	$node->safe_psql('postgres', q{CREATE ROLE app LOGIN;
		CREATE DATABASE db1; CREATE DATABASE db2 OWNER app;});
	$node->safe_psql('db1', 'CREATE EXTENSION uuid6; CREATE TABLE keys (v int NOT NULL, id uuid NOT NULL)');
	$node->safe_psql('db2', 'CREATE SCHEMA app; CREATE EXTENSION uuid6 SCHEMA app;
		ALTER ROLE app SET search_path = app, public;', @{ $as{db2} });
	$node->safe_psql('db2', 'CREATE TABLE keys (v int NOT NULL, id uuid NOT NULL)', @{ $as{db2} });
	burst($node, 1000);
	return $node;
}

# The new clock's lag in the move being checked.
my $moved_skew = 0;

# In each database of NODE: 3,000 new keys per version, none at or below
# the newest key of its version the database holds.
sub check_moved
{
	my ($node, $label) = @_;
	for my $db ('db1', 'db2')
	{
		# uuid6 in db2 belongs to a role that is not superuser, whose
		# uuid6_advance bound (uuid6.max_advance, five minutes) is less
		# than a lag of an hour: where the sequences stand below the leases,
		# uuid6 may not lift them that far on its own, and keys are refused,
		# with the ERROR's hint naming the superuser's statement that lifts
		# them (a key made in the database), until a superuser runs it.
		# (Within the bound nothing is refused: safe_psql below fails on any
		# ERROR.)
		if ($db eq 'db2' && $moved_skew < -300)
		{
			my ($rc, $out, $err) = $node->psql($db,
				'SELECT uuid_generate_v6(), uuid_generate_v7(), uuid_generate_v8()', @{ $as{$db} });
			if ($rc != 0)
			{
				my ($call) = $err =~ /HINT:  .*?a superuser makes one key in this database \((SELECT uuid_generate_v\d\(\))\)/;
				die "$label, $db: unexpected ERROR: $err" unless defined $call;
				$node->safe_psql($db, "SET search_path = app, public; $call");
			}
		}
		my $result = $node->safe_psql($db, qq{
			CREATE TEMP TABLE newest AS SELECT v, max(id::text)::uuid AS top FROM keys GROUP BY v;
			CREATE TEMP TABLE fresh AS SELECT v, $generate AS id
				FROM generate_series(1, 3000), unnest(ARRAY[6, 7, 8]) AS v;
			SELECT string_agg(format('%s:%s', n.v,
				(SELECT count(*) FROM fresh f WHERE f.v = n.v AND f.id <= n.top)), ' ' ORDER BY n.v)
			FROM newest n;
			INSERT INTO keys SELECT * FROM fresh;}, @{ $as{$db} });
		is($result, '6:0 7:0 8:0', "$label, $db: 0 of 3,000 new keys per version at or below the newest one");
	}
}

sub start_new
{
	my ($node, $skew) = @_;
	set_fake_clock($node, $skew);
	start_faked($node);
}

sub switch_and_archive
{
	my ($node) = @_;
	my $walfile = $node->safe_psql('postgres', 'SELECT pg_walfile_name(pg_current_wal_lsn())');
	$node->safe_psql('postgres', 'SELECT pg_switch_wal()');
	$node->poll_query_until('postgres', "SELECT last_archived_wal >= '$walfile' FROM pg_stat_archiver")
	  or die 'WAL not archived';
}

have_basebackup();

my $run = 0;
for my $preload (@preloads)
{
	for my $skew (@skews)
	{
		$run++;
		$moved_skew = $skew;
		my $mode = ($preload ? 'preloaded' : 'not preloaded') . ", new clock ${skew} s";
		my $old = old_server("old$run", $preload);
		# The standby's and backups' copies of the state file are old by
		# the time of the move.
		take_backup($old, 'base');
		sleep 2;
		burst($old, 1000);

		# (a) Streaming standbys, their clocks behind.
		my @standbys;
		{
			for my $restart (0, 1)
			{
				my $standby = PostgreSQL::Test::Cluster->new("standby${run}_$restart");
				$standby->init_from_backup($old, 'base', has_streaming => 1, has_restoring => !have_basebackup());
				# Its own timeline stays out of the old server's archive.
				$standby->append_conf('postgresql.conf', "archive_mode = off\n");
				start_new($standby, $skew);
				push @standbys, $standby;
			}
		}
		burst($old, 1000);
		$old->wait_for_catchup($_, 'replay', $old->lsn('insert')) for @standbys;

		# (b) The archive: a target time between two bursts.
		my $target = $old->safe_psql('postgres', 'SELECT clock_timestamp()');
		usleep(200_000);
		burst($old, 1000);
		switch_and_archive($old);

		my $hot;
		if (@standbys)
		{
			my $standby = $standbys[0];
			$old->wait_for_catchup($standby, 'replay', $old->lsn('insert'));
			# A hot standby generates (the state file alone covers it),
			# shows the replayed lease, and refuses uuid6_advance.
			$hot = $standby->background_psql('db1');
			like($hot->query_safe('SELECT uuid_generate_v7()'), qr/^[0-9a-f-]{36}$/,
				"$mode: a hot standby generates");
			my ($status_rc, $status) = $standby->psql('db1', q{SELECT string_agg(format('%s:%s:%s', version,
					database_lease_until IS NOT NULL, database_lease_written), ' ' ORDER BY version)
				FROM uuid6_status()});
			is($status, '6:t:f 7:t:f 8:t:f',
				"$mode: on a hot standby uuid6_status shows the replayed leases, not written there");
			my ($rc, $out, $err) = $standby->psql('db1',
				"\\set VERBOSITY verbose\nSELECT uuid6_advance(uuid_generate_v7())");
			like($err, qr/ERROR:  25006: uuid6_advance cannot run during recovery/,
				"$mode: uuid6_advance during recovery is refused with 25006");
		}

		# (c) Dumps, taken now, restored into fresh clusters.
		my %dump;
		if ($have{pg_dump} && $have{pg_restore})
		{
			for my $db ('db1', 'db2')
			{
				$dump{"$db.custom"} = $old->basedir . "/$db.dump";
				$dump{"$db.plain"} = $old->basedir . "/$db.sql";
				command_ok([ $dump_tool{pg_dump}, '--format=custom', "--file=" . $dump{"$db.custom"}, $old->connstr($db) ],
					"$mode: pg_dump -Fc $db");
				command_ok([ $dump_tool{pg_dump}, '--format=plain', "--file=" . $dump{"$db.plain"}, $old->connstr($db) ],
					"$mode: pg_dump plain $db");
			}
		}

		# (a) The old primary fails; the first standby is promoted with no
		# restart, the session that generated during recovery first.
		$old->stop('fast');
		if (@standbys)
		{
			my $standby = $standbys[0];
			$standby->promote;
			$standby->poll_query_until('db1', 'SELECT NOT pg_is_in_recovery()') or die 'not promoted';
			my $below = $hot->query_safe(q{SELECT count(*) FROM (SELECT uuid_generate_v7() AS id
				FROM generate_series(1, 3000)) f WHERE id <= (SELECT max(id::text)::uuid FROM keys WHERE v = 7)});
			is($below, '0', "$mode, promoted: a session that lived through the promotion makes 0 of 3,000 v7 keys below the newest");
			$hot->quit;
			check_moved($standby, "$mode, standby promoted (no restart)");
			$standby->stop;

			$standby = $standbys[1];
			$standby->promote;
			$standby->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()') or die 'not promoted';
			$standby->stop('fast');
			start_faked($standby);
			check_moved($standby, "$mode, standby promoted and restarted");
			$standby->stop;

			# (b) Archive recovery from the base backup: to the end, and to
			# the target time.
			for my $to ('end', 'target time')
			{
				(my $tag = $to) =~ s/ /_/;
				my $restored = PostgreSQL::Test::Cluster->new("pitr${run}_$tag");
				$restored->init_from_backup($old, 'base', has_restoring => 1, standby => 0);
				$restored->append_conf('postgresql.conf', "archive_mode = off\n");
				$restored->append_conf('postgresql.conf',
					"recovery_target_time = '$target'\nrecovery_target_action = 'promote'\n")
				  if $to eq 'target time';
				start_new($restored, $skew);
				$restored->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()') or die 'still in recovery';
				my $rows = $restored->safe_psql('db1', 'SELECT count(*) FROM keys');
				cmp_ok($rows, $to eq 'end' ? '==' : '<', 12000, "$mode, archive replay to the $to: $rows rows in db1");
				check_moved($restored, "$mode, base backup + archive replay to the $to");
				$restored->stop;
			}
		}

		if (%dump)
		{
			for my $format ('custom', 'plain')
			{
				my $target_node = PostgreSQL::Test::Cluster->new("restore${run}_$format");
				$target_node->init;
				$target_node->append_conf('postgresql.conf', conf_for($preload));
				start_new($target_node, $skew);
				$target_node->safe_psql('postgres', 'CREATE ROLE app LOGIN; CREATE DATABASE db1;
					CREATE DATABASE db2 OWNER app; ALTER ROLE app SET search_path = app, public');
				for my $db ('db1', 'db2')
				{
					my @cmd = $format eq 'custom'
					  ? ($dump_tool{pg_restore}, '--exit-on-error', '--dbname=' . $target_node->connstr($db), $dump{"$db.custom"})
					  : ('psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', $target_node->connstr($db), '-f', $dump{"$db.plain"});
					command_ok(\@cmd, "$mode: $format dump of $db restored");
				}
				check_moved($target_node, "$mode, $format dump restored into a fresh cluster");
				$target_node->stop;
			}
		}

		# (e) A crash right after a burst, the clock stepped back.
		$old->start;
		burst($old, 1000);
		$old->stop('immediate');
		start_new($old, $skew);
		check_moved($old, "$mode, crash right after a burst");
		$old->stop('fast');

		# (d) pg_upgrade into a new data directory of the same major.
		if ($have{pg_upgrade})
		{
			my $new = PostgreSQL::Test::Cluster->new("upgraded$run");
			$new->init;
			$new->append_conf('postgresql.conf', conf_for($preload));
			my $workdir = $new->basedir . '/upgrade';
			mkdir $workdir;
			my $cwd = Cwd::getcwd();
			chdir $workdir;
			command_ok([ 'pg_upgrade', '--no-sync', '-d', $old->data_dir, '-D', $new->data_dir,
					'-b', $bindir, '-B', $bindir, '-s', $new->host, '-p', $old->port, '-P', $new->port ],
				"$mode: pg_upgrade");
			chdir $cwd;
			start_new($new, $skew);
			check_moved($new, "$mode, pg_upgrade (same major version)");
			$new->stop;
		}
	}
}

# A session keeps what it looked up about the lease objects until they
# change: the update to 1.5 in another session moves them into schema
# uuid6_lease, then a lease object is dropped there — the next call of the
# same session follows the move and then stops with the ERROR naming the
# object.
if ($ENV{UUID6_MOVE_SESSION} // 1)
{
	my $node = new_node('invalidation');
	$node->safe_psql('postgres', q{CREATE EXTENSION uuid6 VERSION '1.4'});
	my $session = $node->background_psql('postgres', on_error_stop => 0);
	$session->query_safe('SELECT uuid_generate_v7()');
	$node->safe_psql('postgres', 'ALTER EXTENSION uuid6 UPDATE');
	$session->query_safe('SELECT pg_sleep(1.2)');
	my $before = $node->safe_psql('postgres', 'SELECT last_value FROM uuid6_lease.uuid6_lease_v7');
	$session->query_safe('SELECT uuid_generate_v7()');
	cmp_ok($node->safe_psql('postgres', 'SELECT last_value FROM uuid6_lease.uuid6_lease_v7'), '>', $before,
		'after the update to 1.5 in another session, the session writes the moved lease');
	$node->safe_psql('postgres', 'ALTER EXTENSION uuid6 DROP SEQUENCE uuid6_lease.uuid6_lease_v7;
		DROP SEQUENCE uuid6_lease.uuid6_lease_v7');
	my ($out, $failed) = $session->query('SELECT uuid_generate_v7()');
	ok($failed && $node->log_contains(qr/ERROR:  uuid6: the database lease "uuid6_lease\.uuid6_lease_v7" is missing/),
		'after the lease object is dropped in another session, the next call of the session stops, naming it');
	$session->quit;
	$node->stop;
}

done_testing();
