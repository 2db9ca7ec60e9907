# The commit horizon (uuid6_commit_horizon): a keyset reader bounded by it
# never skips a row that commits late. Preloaded and not:
#   (a) four pgbench clients insert rows keyed DEFAULT uuid_generate_v7() in
#       transactions of random length, a tenth rolled back, a tenth prepared
#       and committed a little later; while they run, two readers poll the
#       table with the keyset recipe (id > last ORDER BY id LIMIT 100), one
#       bounded by the horizon (called in the statement before), one not. At
#       the end the bounded reader has read every committed row exactly once,
#       in key order; the unbounded one has missed rows (the defect the
#       horizon exists for);
#   (b) keys of a parallel CREATE TABLE AS (made by the leader) hold the
#       horizon while their transaction is open;
#   (c) a session idle in a transaction that made a key holds the horizon
#       below its key and is listed by uuid6_commit_horizon_holders() with
#       its pid (since when, and the key it holds below, only to its own
#       role and pg_read_all_stats, as pg_stat_activity shows xact_start); a
#       session of another database does not hold it; a session ended by
#       pg_terminate_backend holds it no more;
#   (g) a transaction prepared by a session that never loaded uuid6 took no
#       key: it does not hold the horizon (1.6's first cut held it at the
#       bottom until it ended, whoever prepared it);
#   (d) a prepared transaction holds it until COMMIT PREPARED, also across a
#       restart (where the horizon no longer knows its keys and stays at the
#       bottom), and its rows are then read;
#   (e) a standby refuses the horizon (25006).
use strict;
use warnings;
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time usleep);
use Uuid6Test;

# Polls `$node` like a keyset reader until `$until` (epoch seconds), or once
# through the whole table where $until is 0; `$bounded`: below the horizon.
# Returns the number of rows read; adds the ids read, in order, to @$read.
sub poll
{
	my ($session, $read, $last, $bounded) = @_;
	my $h = $bounded ? $session->query_safe('SELECT uuid6_commit_horizon()') : '';
	my $below = $bounded ? "AND id < '$h'" : '';
	my $after = $$last;
	my $rows = $session->query_safe(
		"SELECT id FROM outbox WHERE id > '$after' $below ORDER BY id LIMIT 100");
	my @ids = grep { /\S/ } split /\n/, $rows;
	push @$read, @ids;
	$$last = $ids[-1] if @ids;
	return scalar @ids;
}

for my $preload (1, 0)
{
	my $mode = $preload ? 'preloaded' : 'not preloaded';
	my $node = PostgreSQL::Test::Cluster->new($preload ? 'horizon_pre' : 'horizon_lazy');
	$node->init(allows_streaming => 1);
	$node->append_conf('postgresql.conf', "log_statement = none\nmax_prepared_transactions = 20\n"
		  . "max_connections = 40\n" . ($preload ? "shared_preload_libraries = 'uuid6'\n" : ''));
	$node->start;
	$node->safe_psql('postgres', 'CREATE DATABASE other');
	$node->safe_psql('postgres', q{CREATE EXTENSION uuid6;
		CREATE TABLE outbox (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), client int, n int);
		CREATE TABLE big AS SELECT g, md5(g::text) AS t FROM generate_series(1, 50000) g; ANALYZE big;});
	$node->safe_psql('other', 'CREATE EXTENSION uuid6');

	# (a) Writers and two readers.
	my $script = $node->basedir . '/writers.sql';
	open my $fh, '>', $script or die $!;
	print $fh <<'EOF';
\set rows random(1, 3)
\set hold random(0, 40)
\set fate random(1, 10)
\set gid random(1, 1000000000)
BEGIN;
INSERT INTO outbox (client, n) SELECT :client_id, g FROM generate_series(1, :rows) g;
\sleep :hold ms
\if :fate = 1
ROLLBACK;
\elif :fate = 2
PREPARE TRANSACTION 'w:client_id-:gid';
\sleep :hold ms
COMMIT PREPARED 'w:client_id-:gid';
\else
COMMIT;
\endif
EOF
	close $fh;
	my ($bench_out, $bench_err) = ('', '');
	my $bench = IPC::Run::start([ 'pgbench', '--no-vacuum', '--client=4', '--jobs=4', '--time=8',
			"--file=$script", $node->connstr('postgres') ],
		'<', \undef, '>', \$bench_out, '2>', \$bench_err);
	my $bounded = $node->background_psql('postgres');
	my $plain = $node->background_psql('postgres');
	my (@bounded_read, @plain_read);
	my ($bounded_last, $plain_last) = ('00000000-0000-0000-0000-000000000000') x 2;
	my $polls = 0;
	while ($bench->pumpable)
	{
		poll($bounded, \@bounded_read, \$bounded_last, 1);
		poll($plain, \@plain_read, \$plain_last, 0);
		$polls++;
		$bench->pump_nb;
		usleep(5_000);
	}
	$bench->finish;
	like($bench_out, qr/processed: [1-9]\d*/, "$mode: the writers ran ($polls polls meanwhile)")
	  or diag($bench_err);
	# Everything has ended: both readers read to the end.
	1 while poll($bounded, \@bounded_read, \$bounded_last, 1) > 0;
	1 while poll($plain, \@plain_read, \$plain_last, 0) > 0;
	my @committed = grep { /\S/ } split /\n/, $node->safe_psql('postgres', 'SELECT id FROM outbox ORDER BY id');
	cmp_ok(scalar(@committed), '>', 200, "$mode: " . scalar(@committed) . ' rows committed');
	my %seen;
	my $twice = grep { $seen{$_}++ } @bounded_read;
	my $sorted = join(',', @bounded_read) eq join(',', sort @bounded_read) ? 1 : 0;
	my %committed = map { $_ => 1 } @committed;
	my $missed = grep { !$seen{$_} } @committed;
	is("$missed missed, $twice twice, in order: $sorted", '0 missed, 0 twice, in order: 1',
		"$mode: the reader bounded by the horizon read every committed row exactly once, in key order");
	my %plain_seen = map { $_ => 1 } @plain_read;
	my $plain_missed = grep { !$plain_seen{$_} } @committed;
	cmp_ok($plain_missed, '>', 0,
		"$mode: the same reader without the horizon missed $plain_missed rows that committed late");

	# (b) A parallel CREATE TABLE AS whose transaction stays open.
	my $parallel = $node->background_psql('postgres');
	$parallel->query_safe(q{SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0;
		SET min_parallel_table_scan_size = 0; SET max_parallel_workers_per_gather = 2});
	$parallel->query_safe('BEGIN');
	like($parallel->query_safe(q{EXPLAIN (COSTS OFF) CREATE TABLE par AS SELECT uuid_generate_v7() AS id FROM big WHERE t LIKE 'a%'}),
		qr/Gather/, "$mode: a parallel plan");
	$parallel->query_safe(q{CREATE TABLE par AS SELECT uuid_generate_v7() AS id FROM big WHERE t LIKE 'a%'});
	my $least = $parallel->query_safe('SELECT min(id::text) FROM par');
	is($node->safe_psql('postgres', "SELECT uuid6_commit_horizon() <= '$least'"), 't',
		"$mode: the open transaction of a parallel statement holds the horizon at or below its keys");
	$parallel->query_safe('COMMIT');
	$parallel->quit;
	is($node->safe_psql('postgres', "SELECT uuid6_commit_horizon() > '$least'"), 't',
		"$mode: ... and holds it no more once committed");

	# (c) Idle in transaction; another database; a terminated session.
	my $idle = $node->background_psql('postgres');
	my $idle_pid = $idle->query_safe('SELECT pg_backend_pid()');
	$idle->query_safe('BEGIN');
	my $idle_key = $idle->query_safe('INSERT INTO outbox (client, n) VALUES (0, 0) RETURNING id');
	my $elsewhere = $node->background_psql('other');
	$elsewhere->query_safe('BEGIN');
	my $other_key = $elsewhere->query_safe('SELECT uuid_generate_v7()');
	$node->safe_psql('postgres', 'SELECT uuid_generate_v7()') for 1 .. 3;
	is($node->safe_psql('postgres', "SELECT uuid6_commit_horizon() <= '$idle_key'"), 't',
		"$mode: a session idle in its transaction holds the horizon at or below its key");
	is($node->safe_psql('postgres', qq{SELECT count(*) FROM uuid6_commit_horizon_holders()
			WHERE version = 7 AND pid = $idle_pid AND since <= clock_timestamp() AND holds_below <= '$idle_key'}), '1',
		"$mode: uuid6_commit_horizon_holders() lists it, with its pid and since when");
	$node->safe_psql('postgres', 'CREATE ROLE peer LOGIN');
	is($node->safe_psql('postgres', qq{SELECT format('%s %s %s', pid IS NOT NULL, since IS NULL, holds_below IS NULL)
			FROM uuid6_commit_horizon_holders() WHERE version = 7 AND pid = $idle_pid},
			extra_params => [ '--username' => 'peer' ]), 't t t',
		"$mode: another role sees the pid, not since when nor below which key");
	is($node->safe_psql('other', "SELECT uuid6_commit_horizon() <= '$other_key'"), 't',
		"$mode: in the other database its own open transaction holds its horizon");
	is($node->safe_psql('other', "SELECT count(*) FROM uuid6_commit_horizon_holders() WHERE pid = $idle_pid"), '0',
		"$mode: ... and the first database's does not");
	$elsewhere->query_safe('COMMIT');
	$elsewhere->quit;
	$node->safe_psql('postgres', "SELECT pg_terminate_backend($idle_pid)");
	$node->poll_query_until('postgres', "SELECT count(*) = 0 FROM pg_stat_activity WHERE pid = $idle_pid")
	  or die 'the idle session did not end';
	eval { $idle->quit };
	is($node->safe_psql('postgres', "SELECT uuid6_commit_horizon() > '$idle_key'"), 't',
		"$mode: a terminated session holds the horizon no more");

	# (g) Prepared by a session that never loaded uuid6 (where it is not
	# preloaded; preloaded, every session has).
	$node->safe_psql('postgres', 'CREATE TABLE IF NOT EXISTS plain (x int)');
	$node->safe_psql('postgres', q{BEGIN; INSERT INTO plain VALUES (1); PREPARE TRANSACTION 'nobody'});
	is($node->safe_psql('postgres', q{SELECT uuid6_commit_horizon() > '00000000-0000-7000-8000-000000000000'
			AND NOT EXISTS (SELECT FROM uuid6_commit_horizon_holders() WHERE prepared_gid = 'nobody')}), 't',
		"$mode: a transaction prepared without a key does not hold the horizon");
	$node->safe_psql('postgres', q{ROLLBACK PREPARED 'nobody'});

	# (d) A prepared transaction, across a restart.
	$node->safe_psql('postgres', q{BEGIN; INSERT INTO outbox (client, n) VALUES (-1, 1);
		PREPARE TRANSACTION 'held_over'});
	is($node->safe_psql('postgres', qq{SELECT count(*) FROM uuid6_commit_horizon_holders() WHERE prepared_gid = 'held_over' AND version = 7}), '1',
		"$mode: the prepared transaction is listed as holding the horizon");
	$node->restart;
	is($node->safe_psql('postgres', q{SELECT uuid6_commit_horizon() = '00000000-0000-7000-8000-000000000000'}), 't',
		"$mode: after a restart the horizon knows no bound of the prepared transaction, and stays at the bottom");
	is($node->safe_psql('postgres', q{SELECT prepared_gid FROM uuid6_commit_horizon_holders() WHERE version = 7}), 'held_over',
		"$mode: ... naming it");
	$node->safe_psql('postgres', q{COMMIT PREPARED 'held_over'});
	my $after = $node->safe_psql('postgres', 'SELECT uuid6_commit_horizon()');
	is($node->safe_psql('postgres', qq{SELECT count(*) FROM outbox WHERE client = -1 AND id < '$after'}), '1',
		"$mode: once committed, the horizon passes its row, which a reader then reads");

	# (e) A standby refuses.
	if ($preload)
	{
		take_backup($node, 'base');
		my $standby = PostgreSQL::Test::Cluster->new('horizon_standby');
		$standby->init_from_backup($node, 'base', has_streaming => 1, has_restoring => !have_basebackup());
		$standby->start;
		my ($rc, $out, $err) = $standby->psql('postgres', "\\set VERBOSITY verbose\nSELECT uuid6_commit_horizon()");
		like($err, qr/ERROR:  25006: uuid6_commit_horizon cannot run during recovery/,
			"$mode: a standby refuses the horizon (25006)");
		$standby->stop;
	}
	$node->stop;
}

done_testing();
