# A slow disk delays no call that has lease left. Every state-file write
# takes 1.5 s (an LD_PRELOAD library delays the rename), longer than the one
# second a lease keeps for its renewal: in 1.2 and 1.3 the lease each write
# installed was already due when the write ended, so the next call renewed
# again, inline, and a session's every call took the 1.5 s.
#
# Preloaded (the lease writer renews in the background): one session making
# spaced calls, and pgbench with eight clients at a fixed rate, each take
# about as long beside a node whose disk is fast, in the same run — the
# ratio of the two times, not a time. Not preloaded (the calling backend
# writes): the writes are not repeated call after call, each lease allowing
# for the time the last write took.
use strict;
use warnings;
use File::Spec;
use IPC::Run;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time);
use Uuid6Test;

my $slow = File::Spec->rel2abs('test/fault/uuid6_slow_rename.so');
die "$slow is not built: run make -C test/fault" unless -e $slow;
my $write_ms = 1500;

# A node with a fast disk, or one whose state-file writes take $write_ms.
sub start_node
{
	my ($name, $preload, $slow_disk) = @_;
	my $node = new_node($name, preload => $preload, no_start => 1);
	local $ENV{LD_PRELOAD} = $slow_disk ? $slow : ($ENV{LD_PRELOAD} // '');
	local $ENV{UUID6_SLOW_RENAME_MS} = $write_ms;
	$node->start;
	$node->safe_psql('postgres', 'CREATE EXTENSION uuid6');
	return $node;
}

sub slow_writes
{
	my ($node) = @_;
	return scalar(() = slurp_file($node->logfile) =~ /uuid6_slow_rename: delayed/g);
}

# Commands run side by side, one per node, from the same moment: the
# seconds each took (at most $limit: one still running then is stopped).
sub side_by_side
{
	my ($limit, @commands) = @_;
	my $start = time;
	my @runs;
	for my $command (@commands)
	{
		my ($out, $err) = ('', '');
		push @runs, { harness => IPC::Run::start($command, '<', \undef, '>', \$out, '2>', \$err),
			took => undef };
	}
	while (grep { !defined $_->{took} } @runs)
	{
		for my $run (grep { !defined $_->{took} } @runs)
		{
			$run->{harness}->pump_nb;
			next if $run->{harness}->pumpable;
			$run->{harness}->finish;
			$run->{took} = time - $start;
		}
		if (time - $start > $limit)
		{
			for my $run (grep { !defined $_->{took} } @runs)
			{
				$run->{harness}->kill_kill;
				$run->{took} = $limit;
			}
		}
		Time::HiRes::sleep(0.01);
	}
	return map { $_->{took} } @runs;
}

# One session: $calls calls of uuid_generate_v7(), 100 ms apart.
sub spaced_calls
{
	my ($node, $calls) = @_;
	my $file = $node->basedir . '/spaced_calls.sql';
	open my $fh, '>', $file or die $!;
	print $fh "SELECT uuid_generate_v7();\nSELECT pg_sleep(0.1);\n" x $calls;
	close $fh;
	return [ 'psql', '-XAtq', '-v', 'ON_ERROR_STOP=1', '-f', $file, '-d', $node->connstr('postgres') ];
}

# pgbench: 8 clients, 2,000 calls of uuid_generate_v7() at 400 a second
# (about five seconds).
sub paced_pgbench
{
	my ($node) = @_;
	my $file = $node->basedir . '/slow_disk.sql';
	open my $fh, '>', $file or die $!;
	print $fh "SELECT uuid_generate_v7();\n";
	close $fh;
	return [ 'pgbench', '--no-vacuum', '--client=8', '--jobs=2', '--transactions=250', '--rate=400',
		"--file=$file", $node->connstr('postgres') ];
}

# The pids of the processes that wrote the state file since log offset
# $offset (uuid6 logs each write slower than half a second).
sub writers_since
{
	my ($node, $offset) = @_;
	my %pids = map { $_ => 1 } substr(slurp_file($node->logfile), $offset)
	  =~ /\[(\d+)\][^\n]*LOG:  uuid6: writing state file/g;
	return sort keys %pids;
}

{
	my $fast = start_node('fast_disk', 1, 0);
	my $slow_node = start_node('slow_disk', 1, 1);
	my $writer = $slow_node->safe_psql('postgres',
		q{SELECT pid FROM pg_stat_activity WHERE backend_type = 'uuid6 lease writer'});
	like($writer, qr/^\d+$/, 'the lease writer runs');
	# Warm up: the first call after start finds no lease and writes one (the
	# one write a call must wait for); then five seconds of calls, during
	# which the lease writer times its writes and its leases come to allow
	# for them.
	$_->safe_psql('postgres', 'SELECT uuid_generate_v7()') for ($fast, $slow_node);
	side_by_side(120, paced_pgbench($fast), paced_pgbench($slow_node));
	my $offset = -s $slow_node->logfile;
	my $writes_before = slow_writes($slow_node);

	my ($fast_calls, $slow_calls) =
	  side_by_side(120, spaced_calls($fast, 40), spaced_calls($slow_node, 40));
	diag(sprintf('40 calls of one session, 100 ms apart: %.2f s on a fast disk, %.2f s with %d ms writes',
		$fast_calls, $slow_calls, $write_ms));
	cmp_ok($slow_calls / $fast_calls, '<', 1.25,
		'preloaded: a session\'s spaced calls take about as long with slow writes as with fast ones');

	my ($fast_bench, $slow_bench) = side_by_side(120, paced_pgbench($fast), paced_pgbench($slow_node));
	diag(sprintf('pgbench, 8 clients, 2,000 calls at 400/s: %.2f s on a fast disk, %.2f s with %d ms writes',
		$fast_bench, $slow_bench, $write_ms));
	cmp_ok($slow_bench / $fast_bench, '<', 1.25,
		'preloaded: pgbench takes about as long with slow writes as with fast ones');

	my $writes = slow_writes($slow_node) - $writes_before;
	cmp_ok($writes, '>=', 2, "the slow disk was written $writes times meanwhile, $write_ms ms each");
	is(join(' ', writers_since($slow_node, $offset)), $writer, 'each of those writes was the lease writer\'s');
	$fast->stop;
	$slow_node->stop;
}

# Not preloaded, the call that finds the lease running low writes it: its
# session waits for that write, about once per 1 s + 2 writes of calls —
# never on every call.
{
	my $node = start_node('slow_disk_lazy', 0, 1);
	$node->safe_psql('postgres', 'SELECT uuid_generate_v7()');
	my $before = slow_writes($node);
	my ($took) = side_by_side(120, spaced_calls($node, 40));
	my $writes = slow_writes($node) - $before;
	diag(sprintf('not preloaded: 40 calls 100 ms apart took %.2f s, with %d writes of %d ms', $took,
		$writes, $write_ms));
	cmp_ok($writes, '<=', 5, "not preloaded: $writes writes for 40 spaced calls, not one per call");
	$node->stop;
}

# The database's lease (in WAL) on a slow WAL: each flush takes 1.5 s (an
# LD_PRELOAD library delays fsync and fdatasync of pg_wal's files). A key
# is handed out only once its database's lease is flushed, so the session
# that writes the lease waits for the flush, as every transaction that
# commits does; but the lease it writes allows for that flush, and is not
# due again by the time it is flushed: written every 1 s + 2 flushes or so
# of calls, not on every call (one value of the lease per call in 1.3).
{
	my $slow_wal = File::Spec->rel2abs('test/fault/uuid6_slow_wal.so');
	die "$slow_wal is not built: run make -C test/fault" unless -e $slow_wal;
	my $node = new_node('slow_wal', preload => 1, no_start => 1,
		conf => "fsync = on\nwal_sync_method = fdatasync\n");
	{
		local $ENV{LD_PRELOAD} = $slow_wal;
		local $ENV{UUID6_SLOW_WAL_SYNC_MS} = $write_ms;
		$node->start;
	}
	$node->safe_psql('postgres', 'CREATE EXTENSION uuid6; SELECT uuid_generate_v7()');
	my $file = $node->basedir . '/lease_values.sql';
	open my $fh, '>', $file or die $!;
	print $fh "SELECT uuid_generate_v7() IS NOT NULL;\nSELECT last_value FROM uuid6_lease.uuid6_lease_v7;\n"
	  . "SELECT pg_sleep(0.1);\n" x 1
	  for 1 .. 40;
	close $fh;
	my ($ret, $out, $err) = $node->psql('postgres', undef, extra_params => [ '-f', $file ],
		timeout => 300);
	my %values = map { $_ => 1 } grep { /^\d+$/ } split /\n/, $out;
	my $flushes = () = slurp_file($node->logfile) =~ /uuid6_slow_wal: delayed/g;
	diag(sprintf('slow WAL: 40 spaced calls wrote %d values of the database lease (%d slow flushes)',
		scalar(keys %values), $flushes));
	cmp_ok($flushes, '>=', 2, 'the WAL flushes were slow');
	cmp_ok(scalar(keys %values), '<=', 6,
		'40 spaced calls on a slow WAL wrote the database\'s lease a few times, not on every call');
	$node->stop;
}

done_testing();
