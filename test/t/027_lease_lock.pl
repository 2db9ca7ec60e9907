# A transaction that made keys holds its database's lease sequence until it
# ends. Preloaded and not:
#   - a DROP EXTENSION then waits for AccessExclusiveLock behind it. A
#     session that must read or renew the lease meanwhile is not queued
#     behind that change (which would stop key generation in the database
#     until the open transaction ends): it gets an ERROR naming the lease
#     (55P03) within seconds;
#   - the update from 1.4, which moves the lease sequences into their own
#     schema, never waits behind it that way: it tries for 10 ms at a time,
#     new sessions make their keys meanwhile, and after about two seconds it
#     gives up with 55P03 naming what to end; once the transaction has
#     ended, it goes through;
#   - new sessions that make keys while the update from 1.4 commits, each
#     on a new connection, never fail (a session that read the extension's
#     row before the update and looked for the lease after it looks again).
use strict;
use warnings;
use IPC::Run;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time);
use Uuid6Test;

for my $preload (1, 0)
{
	my $mode = $preload ? 'preloaded' : 'not preloaded';
	my $node = new_node("lease_lock_$preload", preload => $preload);

	# On a 1.4 catalog, where sessions of the 1.2 to 1.4 libraries may run
	# beside this one and take their turn to write the lease with
	# ShareUpdateExclusiveLock on the sequence, this library takes that turn
	# too: while another session holds it (here a COMMENT ON SEQUENCE), a new
	# session's first key, which looks at the lease, writes nothing.
	$node->safe_psql('postgres', q{CREATE EXTENSION uuid6 VERSION '1.4'; SELECT uuid_generate_v7()});
	my $turn = $node->background_psql('postgres');
	$turn->query_safe('BEGIN; COMMENT ON SEQUENCE public.uuid6_lease_v7 IS NULL');
	my $lease_before = $node->safe_psql('postgres', 'SELECT last_value FROM public.uuid6_lease_v7');
	my ($turn_rc, $turn_out, $turn_err) = $node->psql('postgres', 'SELECT pg_sleep(2.2); SELECT uuid_generate_v7()',
		timeout => 30, extra_params => [ '--set' => 'VERBOSITY=verbose' ]);
	like($turn_err, qr/ERROR:  55P03: uuid6: the database lease "uuid6_lease_v7" is locked/,
		"$mode, 1.4 catalog: the turn of the earlier libraries held, a new session's key waits for it and fails");
	is($node->safe_psql('postgres', 'SELECT last_value FROM public.uuid6_lease_v7'), $lease_before,
		"$mode, 1.4 catalog: ... and the lease is not written meanwhile");
	$turn->query_safe('COMMIT');
	$turn->quit;

	# The update from 1.4 behind an open transaction that made a key.
	my $open = $node->background_psql('postgres');
	$open->query_safe('BEGIN; SELECT uuid_generate_v7()');
	my ($update_out, $update_err) = ('', '');
	my $update = IPC::Run::start(
		[ 'psql', '-X', '-d', $node->connstr('postgres'), '-v', 'VERBOSITY=verbose',
			'-c', q{ALTER EXTENSION uuid6 UPDATE TO '1.5'} ],
		'>', \$update_out, '2>', \$update_err);
	my ($made, $failed, $slowest) = (0, 0, 0);
	my $until = time + 1.5;
	while (time < $until)
	{
		my $start = time;
		my ($rc, $out, $err) = $node->psql('postgres', 'SELECT uuid_generate_v7() IS NOT NULL',
			timeout => 30);
		$rc == 0 ? $made++ : $failed++;
		diag("$mode: $err") if $rc != 0;
		$slowest = time - $start if time - $start > $slowest;
	}
	is($failed, 0, "$mode: while the update tries, new sessions make their first keys ($made)");
	cmp_ok($slowest, '<', 5, sprintf('%s: ... the slowest in %.2f s', $mode, $slowest));
	$update->finish;
	like($update_err, qr/ERROR:  55P03: uuid6: the update to 1.5 could not take the lease sequences/,
		"$mode: behind the open transaction, the update gives up with 55P03");
	is($node->safe_psql('postgres', q{SELECT extversion FROM pg_extension WHERE extname = 'uuid6'}), '1.4',
		"$mode: ... and changes nothing");
	$open->query_safe('COMMIT');
	$node->safe_psql('postgres', q{ALTER EXTENSION uuid6 UPDATE TO '1.5'});
	is($node->safe_psql('postgres', q{SELECT string_agg(DISTINCT relnamespace::regnamespace::text, ',')
		FROM pg_class WHERE relname LIKE 'uuid6\_lease\_%'}), 'uuid6_lease',
		"$mode: once the transaction ended, the update moved the lease sequences");

	# A DROP EXTENSION waiting behind an open transaction that made a key.
	$open->query_safe('BEGIN; SELECT uuid_generate_v7()');
	my $change = $node->background_psql('postgres', on_error_stop => 0);
	$change->query_until(qr/started/, "\\echo started\nDROP EXTENSION uuid6;\n");
	$node->poll_query_until('postgres', q{SELECT count(*) > 0 FROM pg_stat_activity
		WHERE wait_event_type = 'Lock' AND query LIKE 'DROP EXTENSION%'})
	  or die 'the change does not wait';

	# A new session must read the lease before its first key.
	my $start = time;
	my $timed_out = 0;
	my ($rc, $out, $err) = $node->psql('postgres', 'SELECT public.uuid_generate_v7() IS NOT NULL',
		timeout => 30, timed_out => \$timed_out, extra_params => [ '--set' => 'VERBOSITY=verbose' ]);
	my $waited = time - $start;
	diag(sprintf('%s: a new session waited %.2f s behind the change', $mode, $waited));
	cmp_ok($waited, '<', 15, "$mode: a session that must read the lease is not queued behind the change");
	ok(!$timed_out, "$mode: ... it is answered (not still waiting after 30 s)");
	like($err // '', qr/ERROR:  55P03: uuid6: the database lease "uuid6_lease_\w+" is locked/,
		"$mode: ... it gets an ERROR naming the lease");

	# The open transaction ends, the change goes through.
	$open->query_safe('COMMIT');
	$open->quit;
	$change->quit;
	is($node->safe_psql('postgres', q{SELECT count(*) FROM pg_extension WHERE extname = 'uuid6'}),
		'0', "$mode: the change went through once the transaction ended");
	$node->safe_psql('postgres', 'CREATE EXTENSION uuid6');
	is($node->safe_psql('postgres', 'SELECT uuid_generate_v7() IS NOT NULL'), 't',
		"$mode: keys are made again");

	# New sessions across the update from 1.4, which moves the lease objects:
	# each reads the extension's row, then looks the objects up where it
	# says; an update committed in between must fail none of them. 4 rounds
	# of 8 clients, each key on a new connection.
	my $script = $node->basedir . "/keys_$preload.sql";
	PostgreSQL::Test::Utils::append_to_file($script, "SELECT uuid_generate_v7();\n");
	my ($aborted, $updated) = (0, 0);
	for my $round (1 .. 4)
	{
		$node->safe_psql('postgres', q{DROP EXTENSION uuid6; CREATE EXTENSION uuid6 VERSION '1.4'});
		my ($bench_out, $bench_err) = ('', '');
		my $bench = IPC::Run::start(
			[ 'pgbench', '--no-vacuum', '--connect', '--client=8', '--jobs=2', '--time=2',
				"--file=$script", $node->connstr('postgres') ],
			'>', \$bench_out, '2>', \$bench_err);
		select(undef, undef, undef, 0.5);
		for my $try (1 .. 5)
		{
			my ($rc) = $node->psql('postgres', 'ALTER EXTENSION uuid6 UPDATE');
			if ($rc == 0) { $updated++; last; }
		}
		$bench->finish;
		if ($bench_err =~ /aborted|ERROR/)
		{
			$aborted++;
			diag("$mode, round $round: $bench_err");
		}
	}
	is($updated, 4, "$mode: the update from 1.4 went through under new sessions, 4 times");
	is($aborted, 0, "$mode: ... and no new session failed across it");
	$node->stop;
}

done_testing();
