# Preloaded, but no lease writer running: the calls renew their leases
# ahead themselves, as where uuid6 is not preloaded. Every state-file write
# takes 1.5 s (test/fault/uuid6_slow_rename.so); four clients make spaced
# calls (pgbench, a log of every call).
#
# Where nobody renews ahead (no call does, since a writer is taken to
# exist; no writer does, since it never started or is down), the lease runs
# out and every client waits for the one write at once. So: at no moment do
# two clients wait (calls over 0.5 s overlapping), in two cases:
#   - max_worker_processes = 0: the writer's registration was refused
#     (beside a node not preloaded, whose figures are shown);
#   - the writer terminated every 1.2 s (pg_terminate_backend: it is away
#     a second each time, until the postmaster starts it again); the clients
#     also wait at most two writes longer than beside a writer left alone in
#     the same run (the first write after a restart allows for the disk the
#     writer before it measured).
use strict;
use warnings;
use File::Path;
use File::Spec;
use IPC::Run;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time);
use Uuid6Test;

my $slow = File::Spec->rel2abs('test/fault/uuid6_slow_rename.so');
die "$slow is not built: run make -C test/fault" unless -e $slow;
my $write_ms = 1500;

sub start_node
{
	my ($name, $preload, $conf) = @_;
	my $node = new_node($name, preload => $preload, no_start => 1, conf => $conf // '');
	local $ENV{LD_PRELOAD} = $slow;
	local $ENV{UUID6_SLOW_RENAME_MS} = $write_ms;
	$node->start;
	$node->safe_psql('postgres', 'CREATE EXTENSION uuid6; SELECT uuid_generate_v7()');
	return $node;
}

sub slow_writes
{
	my ($node) = @_;
	return scalar(() = slurp_file($node->logfile) =~ /uuid6_slow_rename: delayed/g);
}

# pgbench: 4 clients, each 60 calls of uuid_generate_v7() 100 ms apart, with
# a per-call log; returns the harness and the log prefix.
sub start_clients
{
	my ($node) = @_;
	my $dir = $node->basedir . '/clients';
	File::Path::rmtree($dir);
	mkdir $dir or die $!;
	my $file = "$dir/script.sql";
	open my $fh, '>', $file or die $!;
	print $fh "SELECT uuid_generate_v7();\n\\sleep 100 ms\n";
	close $fh;
	my ($out, $err) = ('', '');
	my $harness = IPC::Run::start(
		[
			'pgbench', '--no-vacuum', '--client=4', '--jobs=1', '--transactions=60',
			"--file=$file", '--log', "--log-prefix=$dir/call", $node->connstr('postgres')
		],
		'<', \undef, '>', \$out, '2>', \$err);
	return { harness => $harness, dir => $dir, out => \$out, err => \$err };
}

# What the clients waited beyond their 100 ms sleeps: the seconds, all
# together, and the most clients that waited at one moment (calls that took
# over 0.5 s, overlapping).
sub waited
{
	my ($run) = @_;
	$run->{harness}->finish or die "pgbench failed: ${$run->{err}}";
	my $waited = 0;
	my @events;
	for my $log (glob "$run->{dir}/call*")
	{
		for my $line (split /\n/, slurp_file($log))
		{
			my ($client, $tx, $us, $script, $sec, $usec) = split / /, $line;
			$waited += ($us / 1e6 - 0.1) if $us / 1e6 > 0.1;
			next unless $us > 500_000;
			my $end = $sec * 1e6 + $usec;
			push @events, [ $end - $us, 1 ], [ $end, -1 ];
		}
	}
	my ($now, $most) = (0, 0);
	for my $event (sort { $a->[0] <=> $b->[0] || $a->[1] <=> $b->[1] } @events)
	{
		$now += $event->[1];
		$most = $now if $now > $most;
	}
	return ($waited, $most);
}

# The writer's registration refused.
{
	my $lazy = start_node('no_preload', 0);
	my $node = start_node('no_worker_slots', 1, "max_worker_processes = 0\n");
	like(slurp_file($node->logfile), qr/too many background workers/,
		'max_worker_processes = 0: the lease writer was not registered');
	is($node->safe_psql('postgres',
			q{SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'uuid6 lease writer'}),
		'0', 'no lease writer runs');
	my $before = slow_writes($node);
	# A lease just written on each node, so that no client starts on one
	# that ran out while the node was idle.
	$_->safe_psql('postgres', 'SELECT uuid_generate_v7()') for ($lazy, $node);
	my @runs = (start_clients($lazy), start_clients($node));
	my ($lazy_waited, $lazy_most) = waited($runs[0]);
	my ($waited, $most) = waited($runs[1]);
	my $writes = slow_writes($node) - $before;
	diag(sprintf('4 clients, 60 spaced calls each: waited %.2f s (at most %d at once) not preloaded, '
		  . '%.2f s (at most %d at once) preloaded with no lease writer (%d writes of %d ms)',
		$lazy_waited, $lazy_most, $waited, $most, $writes, $write_ms));
	cmp_ok($writes, '>=', 2, "the slow disk was written $writes times");
	cmp_ok($most, '<=', 1,
		'no lease writer: a call renews ahead, alone; the others never wait for it');
	$node->stop;
	$lazy->stop;
}

# The writer terminated every 1.2 s while the clients run.
{
	my $intact = start_node('writer_intact', 1);
	my $node = start_node('writer_terminated', 1);
	my $pid_query =
	  q{SELECT pid FROM pg_stat_activity WHERE backend_type = 'uuid6 lease writer'};
	like($node->safe_psql('postgres', $pid_query), qr/^\d+$/, 'the lease writer runs');
	my $before = slow_writes($node);
	$_->safe_psql('postgres', 'SELECT uuid_generate_v7()') for ($intact, $node);
	my @runs = (start_clients($intact), start_clients($node));
	my $terminated = 0;
	while (grep { $_->{harness}->pumpable } @runs)
	{
		$_->{harness}->pump_nb for grep { $_->{harness}->pumpable } @runs;
		$terminated += $node->safe_psql('postgres',
			"WITH w AS MATERIALIZED ($pid_query) SELECT count(*) FROM w WHERE pg_terminate_backend(w.pid)");
		Time::HiRes::sleep(1.2);
	}
	my ($intact_waited, $intact_most) = waited($runs[0]);
	my ($waited, $most) = waited($runs[1]);
	my $writes = slow_writes($node) - $before;
	diag(sprintf('4 clients, 60 spaced calls each: waited %.2f s (at most %d at once) beside a '
		  . 'lease writer left alone, %.2f s (at most %d at once) with the writer terminated %d times '
		  . '(%d writes of %d ms)',
		$intact_waited, $intact_most, $waited, $most, $terminated, $writes, $write_ms));
	cmp_ok($terminated, '>=', 3, "the lease writer was terminated $terminated times");
	cmp_ok($writes, '>=', 2, "the slow disk was written $writes times");
	cmp_ok($most, '<=', 1, 'writer terminated: no two clients ever waited at once');
	cmp_ok($waited, '<', $intact_waited + 2 * $write_ms / 1000,
		'writer terminated: the clients wait at most a write or two longer than beside a writer left alone');
	$node->stop;
	$intact->stop;
}

done_testing();
