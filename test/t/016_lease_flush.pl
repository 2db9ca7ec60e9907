# A value beyond a lease is handed out only once a write that extends the
# lease is durable: the temporary file flushed, renamed onto the state file,
# and the directory flushed (SPEC §6c) — so that a crash of the machine,
# which may bring back the previous file if the rename was not flushed,
# never brings back a lease below values already handed out. And after a
# failed flush (of the file or of the directory) nothing of that write is
# trusted: the lease is extended only by a later write whose every step
# succeeded.
#
# A power cut cannot be simulated here, so an LD_PRELOAD library
# (test/fault/uuid6_sync_log.so) logs each fsync and rename of the state file
# with the time it returned and the lease it carried, and can fail one
# fsync; each value is stored with the time its call returned. For every
# lease the log shows, the first value beyond it must come after a complete
# write (file flush, rename, directory flush, in that order, by one process)
# of a lease above it.
use strict;
use warnings;
no warnings 'portable';    # 60-bit clock parts
use File::Spec;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(usleep);
use Uuid6Test;

plan skip_all => 'libfaketime is not installed (Debian package faketime)'
  unless libfaketime();

my $shim = File::Spec->rel2abs('test/fault/uuid6_sync_log.so');
die "$shim is not built: run make -C test/fault" unless -e $shim;

# The clock part of a v7 UUID (ms << 12 | fraction) and of a v7 lease tick.
sub value_clock
{
	my $hex = shift =~ s/-//gr;
	return hex(substr($hex, 0, 12)) * 4096 + hex(substr($hex, 13, 3));
}
sub lease_clock { my $hex = shift; return hex(substr($hex, 0, length($hex) - 2)); }

# The shim's log: [time_us, pid, what, ok, lease].
sub read_log
{
	my ($path) = @_;
	return [] unless -e $path;
	return [ map { [ split / / ] } split /\n/, slurp_file($path) ];
}

# Complete writes: per process, a successful file flush, then a successful
# rename, then a successful directory flush. [done_us, lease_clock].
sub complete_writes
{
	my ($events) = @_;
	my (%stage, %lease, @complete);
	for my $e (@$events)
	{
		my ($t, $pid, $what, $ok, $lease) = @$e;
		if ($what eq 'fsync-file') { $stage{$pid} = $ok eq 'ok' ? 1 : 0; }
		elsif ($what eq 'rename')
		{
			$stage{$pid} = ($stage{$pid} // 0) == 1 && $ok eq 'ok' ? 2 : 0;
			$lease{$pid} = $lease;
		}
		elsif ($what eq 'fsync-dir')
		{
			push @complete, [ $t, lease_clock($lease{$pid}) ]
			  if ($stage{$pid} // 0) == 2 && $ok eq 'ok' && $lease{$pid} ne '-';
			$stage{$pid} = 0;
		}
	}
	return @complete;
}

# Checks every lease the log shows against the values handed out. Returns
# the number of leases checked.
sub check_order
{
	my ($node, $log, $label) = @_;
	my $events = read_log($log);
	my @complete = complete_writes($events);
	my @values = map { my ($id, $t) = split /\|/; [ value_clock($id), $t ] }
	  split /\n/, $node->safe_psql('postgres',
		q{SELECT id, (extract(epoch FROM t_after) * 1000000)::bigint FROM calls ORDER BY t_after});
	# Every lease that was ever on disk (renamed), and 0 before the first.
	my %leases = (0 => 1);
	$leases{ lease_clock($_->[4]) } = 1 for grep { $_->[2] eq 'rename' && $_->[4] ne '-' } @$events;
	my ($checked, @late) = (0);
	for my $lease (sort { $a <=> $b } keys %leases)
	{
		my ($first) = grep { $_->[0] > $lease } @values;
		next unless $first;
		$checked++;
		my ($covering) = grep { $_->[1] >= $first->[0] && $_->[0] <= $first->[1] } @complete;
		push @late, "beyond $lease at $first->[1]" unless $covering;
	}
	is(join(', ', @late), '', "$label: each of $checked leases: the first value beyond it came after a complete, durable write covering it");
	return $checked;
}

my $load = "INSERT INTO calls SELECT id, clock_timestamp() FROM (SELECT uuid_generate_v7() AS id OFFSET 0) AS g;\n";
my $runs = 0;
sub generate_for
{
	my ($node, $seconds, $label) = @_;
	$runs++;
	$node->pgbench("--no-vacuum --client=3 --jobs=3 --time=$seconds", 0, [qr{processed: \d+}], [qr{^$}],
		"$label: 3 clients generate for $seconds s", { "flush_$runs.sql" => $load });
}

for my $preload (1, 0)
{
	my $node = new_node('flush' . $preload, preload => $preload, no_start => 1, conf => "fsync = on\n");
	my $log = $node->basedir . '/sync.log';
	my $trigger = $node->basedir . '/fail_fsync';
	{
		local $ENV{UUID6_SYNC_LOG} = $log;
		local $ENV{UUID6_FAIL_FSYNC_FILE} = "$trigger.file";
		local $ENV{UUID6_FAIL_FSYNC_DIR} = "$trigger.dir";
		start_faked($node, also_preload => $shim);
	}
	my $mode = $node->safe_psql('postgres', 'CREATE EXTENSION uuid6; SELECT min(mode) FROM uuid6_status()');
	$node->safe_psql('postgres', 'CREATE TABLE calls (id uuid, t_after timestamptz)');

	# Routine renewals under load, and the first write of a new cluster.
	generate_for($node, 5, $mode);
	cmp_ok(check_order($node, $log, "$mode, under load"), '>=', 4, "$mode: the lease was extended at least 4 times");

	# One failed flush of the directory, then one of the file, each during a
	# routine renewal under load: the lease stays where it was until a later
	# write succeeds in every step.
	for my $what ('dir', 'file')
	{
		# A call just before arming the fault, so that the lease is fresh when
		# the clients start: without the lease writer (not preloaded), the
		# pause for check_order above can outlast it on a busy machine, and
		# the clients' first call would then wait for the failing write (the
		# case the next loop tests), not run ahead of a routine renewal.
		$node->safe_psql('postgres', 'SELECT uuid_generate_v7()');
		open my $fh, '>', "$trigger.$what" or die $!;
		close $fh;
		generate_for($node, 3, "$mode, one $what fsync fails");
		ok(!-e "$trigger.$what", "$mode: a $what fsync failed during a renewal");
		check_order($node, $log, "$mode, after a failed $what fsync");
	}

	# A failed flush in the write a caller waits for (the lease ran out
	# during an idle spell): that call fails with the error, nothing of the
	# write is used, and the next call writes again. The idle spell is the
	# clock moved on by more than the minute for which the lease writer keeps
	# a lease alive after the last key (libfaketime).
	my $idle = 0;
	for my $what ('dir', 'file')
	{
		$idle = step_past_lease($node, $idle, 90);
		open my $fh, '>', "$trigger.$what" or die $!;
		close $fh;
		my ($rc, $out, $err) = $node->psql('postgres',
			q{INSERT INTO calls SELECT id, clock_timestamp() FROM (SELECT uuid_generate_v7() AS id OFFSET 0) AS g});
		# The call writes itself and fails with the error, or (preloaded) the
		# lease writer took the write the call waited for: its write failed
		# (the failure was used up) and the call waited for the next one.
		# Either way nothing of the failed write is used (check_order below).
		my $failure = qr/could not write state file "uuid6\.state": Input\/output error/;
		ok($err =~ $failure || ($preload && $err eq '' && !-e "$trigger.$what"),
			"$mode: a failed $what fsync fails the call that waited for the write (or, preloaded, the lease writer's write it waited for)")
		  or diag("err: $err");
		($rc, $out, $err) = $node->psql('postgres', $load);
		is($err, '', "$mode: the next call writes the lease again and succeeds");
		check_order($node, $log, "$mode, after a failed $what fsync in a caller's write");
	}
	$node->stop;
}

done_testing();
