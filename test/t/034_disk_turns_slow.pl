# A disk that turns slow while keys are made: four clients make about a
# thousand keys a second on a fast disk; four seconds in, every flush of the
# state file and of the data directory starts taking 1.5 s (an LD_PRELOAD
# library, test/fault/uuid6_slow_fsync.so, switched on by a file), so that a
# write takes 3 s: longer than the whole of a lease taken for a fast disk
# (2 s). The first slow write was planned for a fast one, so the lease it
# installs is already due; before 1.5 the calls then renewed one after the
# other, each installing another lease already due, and every call stopped
# for about 10 s. Now calls go on from the last second of the lease while
# the renewal that began in time is under way, and the next write allows for
# the slow one.
#
# Preloaded (the lease writer writes): no call takes as long as half a
# second. Not preloaded (the calling backend writes): a call that writes
# takes the write's time, but the others go on: keys never stop for a
# second. Both: every key's time lies behind its call's end (never ahead),
# by at most the slow renewal's time and two seconds.
use strict;
use warnings;
use File::Spec;
use IPC::Run;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time sleep);
use Uuid6Test;

my $shim = File::Spec->rel2abs('test/fault/uuid6_slow_fsync.so');
die "$shim is not built: run make -C test/fault" unless -e $shim;
my $fsync_ms = 1500;

for my $preload (1, 0)
{
	my $label = $preload ? 'preloaded' : 'not preloaded';
	my $node = new_node('turns_slow' . $preload, preload => $preload, no_start => 1,
		conf => "fsync = on\nsynchronous_commit = off\n");
	my $switch = $node->basedir . '/slow_fsync';
	unlink $switch;
	{
		local $ENV{LD_PRELOAD} = $shim;
		local $ENV{UUID6_FAULT_DIR} = $node->basedir;
		local $ENV{UUID6_SLOW_FSYNC_MS} = $fsync_ms;
		$node->start;
	}
	$node->safe_psql('postgres', q{CREATE EXTENSION uuid6;
		CREATE UNLOGGED TABLE calls (t0 timestamptz, id uuid, t1 timestamptz);
		SELECT uuid_generate_v7();});
	my $script = $node->basedir . '/turns_slow.sql';
	open my $fh, '>', $script or die $!;
	print $fh "INSERT INTO calls SELECT clock_timestamp(), uuid_generate_v7(), clock_timestamp();\n";
	close $fh;
	my ($out, $err) = ('', '');
	my $bench = IPC::Run::start(
		[ 'pgbench', '--no-vacuum', '--client=4', '--jobs=2', '--time=16', '--rate=1000',
			"--file=$script", $node->connstr('postgres') ],
		'<', \undef, '>', \$out, '2>', \$err);
	# Four seconds of fast writes (about one a second), then the slow disk.
	sleep(4);
	my $slow_from = $node->safe_psql('postgres', 'SELECT clock_timestamp()');
	open my $on, '>', $switch or die $!;
	close $on;
	$bench->finish;
	unlink $switch;
	like($out, qr/processed: \d+/, "$label: pgbench ran") or diag($err);

	my $delays = () = slurp_file($node->logfile) =~ /uuid6_slow_fsync: delayed an fsync/g;
	cmp_ok($delays, '>=', 4, "$label: $delays flushes of ${fsync_ms} ms: two writes or more of 3 s");
	# Up to the last call pgbench started: a call that writes may end after
	# pgbench has stopped starting others.
	my ($rows, $longest_call, $longest_gap, $ahead, $lag) = split /\|/, $node->safe_psql('postgres', qq{
		SELECT count(*),
		       round(extract(epoch FROM max(t1 - t0)) * 1000),
		       round(extract(epoch FROM max(gap)) * 1000),
		       count(*) FILTER (WHERE uuid_extract_time(id, true) > t1),
		       round(extract(epoch FROM max(t1 - uuid_extract_time(id, true))) * 1000)
		FROM (SELECT *, t1 - lag(t1) OVER (ORDER BY t1) AS gap FROM calls) AS c
		WHERE t0 >= '$slow_from' AND t1 <= (SELECT max(t0) FROM calls)});
	diag("$label: on the slow disk: $rows calls, the longest $longest_call ms, the longest "
		  . "time without a key $longest_gap ms, keys up to $lag ms behind their call");
	cmp_ok($rows, '>', 2000, "$label: calls went on while the disk was slow ($rows)");
	cmp_ok($longest_gap, '<', 1000, "$label: keys never stopped for a second ($longest_gap ms at most)");
	if ($preload)
	{
		cmp_ok($longest_call, '<', 500, "$label: no call took half a second ($longest_call ms at most)");
	}
	else
	{
		cmp_ok($longest_call, '<', 2 * $fsync_ms + 1500,
			"$label: no call took much longer than one write ($longest_call ms at most)");
	}
	is($ahead, 0, "$label: no key's time lies ahead of its call");
	cmp_ok($lag, '<', 4 * $fsync_ms + 2500, "$label: no key's time lies more than the slow renewal and 2 s behind ($lag ms)");
	is(scalar(() = $node->safe_psql('postgres', 'SELECT id FROM calls GROUP BY id HAVING count(*) > 1') =~ /\S+/g),
		0, "$label: no key twice");
	$node->stop;
}

done_testing();
