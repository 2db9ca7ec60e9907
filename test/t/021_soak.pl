# Faults under load. Several clients insert rows keyed by DEFAULT
# uuid_generate_v6/v7/v8(), one version per client, each row numbered in the
# order the client sends it; a client logs every row's fate — committed (its
# key came back), failed (an ERROR came back), or in doubt (the connection
# went away meanwhile) — and reconnects whenever the server goes away. A
# driver meanwhile injects faults in turn: a backend killed with SIGKILL
# (crash restart), an immediate stop and start with the clock stepped
# further back, a clock step back while running, a fast restart, the clock
# put right again, a full disk for the state file, and a slow one. In every mode of the shared state
# (preloaded; not preloaded: lazy_shmem on 15/16, dsm_registry on 17+).
#
# At the end: within each client, keys rise with its row number across every
# fault; no key repeats; every committed row is there with its key; no row
# that failed is there; no ERROR but the documented full-disk one (53100);
# every kind of fault struck and was survived; and a new key of each version
# sorts above every key stored.
#
# UUID6_SOAK_S: seconds of load per mode (default 30; `make soak SOAK_S=600`
# runs long). UUID6_SOAK_CLIENTS: clients per version (default 2).
use strict;
use warnings;
use File::Spec;
use IPC::Run ();
use POSIX ();
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time sleep);
use Uuid6Test;

my $seconds = $ENV{UUID6_SOAK_S} || 30;
my $per_version = $ENV{UUID6_SOAK_CLIENTS} || 2;
my $clock_step = 10;    # seconds the clock steps back at each step back
my $batch = 1000;       # rows per psql run of a client
# A pause after each row, so that a client makes a few hundred rows a second
# rather than take a whole core.
my $pause_ms = $ENV{UUID6_SOAK_PAUSE_MS} // 3;

my $shim = File::Spec->rel2abs('test/fault/uuid6_soak_faults.so');
my $faketime = libfaketime();
# What the test needs is missing: fail, never skip quietly.
unless ($faketime && -e $shim)
{
	fail('the soak needs libfaketime (Debian package faketime) and '
		  . "$shim (make -C test/fault)");
	done_testing();
	exit;
}

# While the clock is behind the sequences, they run on inside their lease
# and the state file is hardly written: the clock is put right ('clock
# forward', as a time daemon would) before the disk faults, so that they
# strike.
my @kinds = ('kill -9', 'immediate stop, clock back', 'clock back live', 'fast restart',
	'clock forward', 'full disk', 'slow disk');

# Starts NODE under libfaketime reading its fake clock, with the disk-fault
# switches of uuid6_soak_faults in its base directory. The environment stays
# in force for every process the postmaster forks, crash restarts included.
sub start_soaked
{
	my ($node) = @_;
	local $ENV{LD_PRELOAD} = "$faketime $shim";
	local $ENV{FAKETIME_TIMESTAMP_FILE} = $node->basedir . '/faketime';
	local $ENV{FAKETIME_NO_CACHE} = '1';
	local $ENV{FAKETIME_DONT_FAKE_MONOTONIC} = '1';
	local $ENV{TZ} = 'UTC';
	local $ENV{UUID6_FAULT_DIR} = $node->basedir;
	$node->start;
}

sub switch_fault
{
	my ($node, $name, $on) = @_;
	my $path = $node->basedir . "/$name";
	if ($on)
	{
		open my $fh, '>', $path or die "$path: $!";
		close $fh;
	}
	else
	{
		unlink $path;
	}
}

sub count_in_log
{
	my ($node, $re) = @_;
	my $n = () = slurp_file($node->logfile) =~ /$re/g;
	return $n;
}

# One client: rows FIRST.. of table tV as client C, BATCH rows per psql run,
# until the file STOP appears. Every row's fate goes to LOG, one line each:
#   C n id          committed: psql printed the key RETURNING gave
#   F n sqlstate message   failed: an ERROR came back for it
#   D n reason      in doubt: the connection was lost while it ran
# A psql run ends at the end of its batch or when the connection is lost
# (psql exits when it loses its connection in a script); the next run
# starts after the last row sent. Runs in a child process of its own.
sub run_client
{
	my ($node, $c, $v, $stop, $log, $dir) = @_;
	open my $out, '>', $log or die "$log: $!";
	$out->autoflush(1);
	my $connstr = $node->connstr('postgres');
	my $next = 1;
	my $give_up = time + 10 * $seconds + 300;    # a bound, should all else fail
	my %refused;
	while (!-e $stop && time < $give_up)
	{
		my $first = $next;
		my $script = "$dir/client$c.sql";
		open my $sql, '>', $script or die "$script: $!";
		# Line L of the script is row first + L - 1, and its pause.
		print $sql "INSERT INTO t$v (client, n) VALUES ($c, $_) RETURNING n, id;"
		  . ($pause_ms ? " SELECT pg_sleep($pause_ms / 1000.0);" : '') . "\n"
		  for $first .. $first + $batch - 1;
		close $sql;
		my ($stdout, $stderr) = ('', '');
		local $ENV{PGAPPNAME} = "soak$c";
		IPC::Run::run(
			[ 'psql', '-X', '-q', '-A', '-t', '-v', 'VERBOSITY=verbose', '-f', $script, '-d', $connstr ],
			'<', \undef, '>', \$stdout, '2>', \$stderr,
			IPC::Run::timeout(120));
		my $rc = $? >> 8;
		my (%fate, $last);
		for my $line (split /\n/, $stdout)
		{
			next unless $line =~ /^(\d+)\|([0-9a-f-]{36})$/;
			$fate{$1} = "C $1 $2";
			$last = $1 if !defined $last || $1 > $last;
		}
		for my $line (split /\n/, $stderr)
		{
			next unless $line =~ /^psql:[^:]*:(\d+): (.*)$/;
			my ($n, $message) = ($first + $1 - 1, $2);
			next if $message =~ /^(WARNING|NOTICE|INFO|DETAIL|HINT|LOCATION|CONTEXT)/;
			$last = $n if !defined $last || $n > $last;
			# After its key came back, a message of the line is the pause's.
			next if ($fate{$n} // '') =~ /^[CD]/;
			if ($message =~ /^ERROR:  ([0-9A-Z]{5}): (.*)$/)
			{
				$fate{$n} = "F $n $1 $2";
			}
			else
			{
				$fate{$n} = "D $n $message";
			}
		}
		if (!defined $last)
		{
			# Nothing sent: the server was not accepting connections.
			my ($why) = split /\n/, $stderr;
			$why //= "psql exit code $rc";
			$why =~ s/.*(failed|FATAL): *//;
			$refused{$why}++;
			sleep 0.05;
			next;
		}
		# A run that stopped early stopped on a lost connection: the row
		# after the last one heard of may have been sent.
		my $end = $rc == 0 ? $first + $batch - 1 : $last;
		$end = $last + 1 if $rc != 0 && ($fate{$last} // '') !~ /^D/ && $last < $first + $batch - 1;
		for my $n ($first .. $end)
		{
			print $out ($fate{$n} // "D $n nothing came back (psql exit code $rc)"), "\n";
		}
		$next = $end + 1;
		sleep 0.05 if $rc != 0;
	}
	print $out "refused $refused{$_} $_\n" for sort keys %refused;
	close $out;
}

sub kill_client_backend
{
	my ($node) = @_;
	my $pid = $node->safe_psql('postgres',
		q{SELECT pid FROM pg_stat_activity WHERE application_name LIKE 'soak%' ORDER BY random() LIMIT 1});
	return 0 unless $pid;
	my $log_offset = -s $node->logfile;
	kill('KILL', $pid) or return 0;
	# The postmaster notices, ends every backend and restarts. (A client
	# between two runs of psql leaves no backend to crash: then not counted.)
	my $deadline = time + 3;
	until (substr(slurp_file($node->logfile), $log_offset) =~ /terminated by signal 9/)
	{
		return 0 if time > $deadline;
		sleep 0.1;
	}
	$deadline = time + $PostgreSQL::Test::Utils::timeout_default;
	until (substr(slurp_file($node->logfile), $log_offset)
		  =~ /terminated by signal 9.*database system is ready to accept connections/s)
	{
		die 'no crash restart after kill -9' if time > $deadline;
		sleep 0.1;
	}
	return 1;
}

# Waits until every generator answers again (after a full disk is gone).
sub wait_generators
{
	my ($node) = @_;
	$node->poll_query_until('postgres',
		q{SELECT uuid_generate_v6() IS NOT NULL AND uuid_generate_v7() IS NOT NULL
		         AND uuid_generate_v8() IS NOT NULL}, 't')
	  or die 'the generators did not come back';
}

for my $preload (1, 0)
{
	my $node = new_node('soak' . $preload, preload => $preload, no_start => 1,
		conf => "restart_after_crash = on\nlog_min_error_statement = panic\nmax_connections = 40\n");
	set_fake_clock($node, '+0');
	start_soaked($node);
	my $major = server_major($node);
	my $mode = $preload ? 'shared_preload' : $major >= 17 ? 'dsm_registry' : 'lazy_shmem';
	$node->safe_psql('postgres', join '', 'CREATE EXTENSION uuid6;',
		map { "CREATE TABLE t$_ (id uuid PRIMARY KEY DEFAULT uuid_generate_v$_(), client int NOT NULL,
		        n int NOT NULL, UNIQUE (client, n));" } 6, 7, 8);
	is($node->safe_psql('postgres', 'SELECT min(mode) FROM uuid6_status()'), $mode, "mode $mode");

	my $dir = $node->basedir;
	my $stop = "$dir/soak_stop";
	unlink $stop;
	my %version_of;
	my @pids;
	my $c = 0;
	for my $v (6, 7, 8)
	{
		for (1 .. $per_version)
		{
			$c++;
			$version_of{$c} = $v;
			my $pid = fork();
			die "fork: $!" unless defined $pid;
			if ($pid == 0)
			{
				# No END blocks of the test in the child: they would stop the node.
				eval { run_client($node, $c, $v, $stop, "$dir/client$c.log", $dir); };
				print STDERR "client $c: $@" if $@;
				POSIX::_exit($@ ? 1 : 0);
			}
			push @pids, $pid;
		}
	}

	# The driver: each kind of fault in turn, with a moment of load between,
	# until the time is up and every kind has struck at least once.
	my $start = time;
	my $offset = 0;
	my $stepped_back = 0;
	my %survived = map { $_ => 0 } @kinds;
	my $enospc_before = 0;
	my $delays_before = 0;
	my $round = 0;
	# (Bounded, should a fault never strike.)
	while ((time - $start < $seconds || grep { !$survived{$_} } @kinds)
		&& time - $start < 3 * $seconds + 60)
	{
		my $kind = $kinds[ $round++ % @kinds ];
		sleep 1;
		if ($kind eq 'kill -9')
		{
			kill_client_backend($node) or next;
		}
		elsif ($kind eq 'immediate stop, clock back')
		{
			$node->stop('immediate');
			$offset -= $clock_step;
			$stepped_back += $clock_step;
			set_fake_clock($node, $offset);
			start_soaked($node);
		}
		elsif ($kind eq 'clock back live')
		{
			$offset -= $clock_step;
			$stepped_back += $clock_step;
			set_fake_clock($node, $offset);
			sleep 1;
		}
		elsif ($kind eq 'clock forward')
		{
			$offset = 0;
			set_fake_clock($node, '+0');
			sleep 1;
		}
		elsif ($kind eq 'fast restart')
		{
			$node->stop('fast');
			start_soaked($node);
		}
		elsif ($kind eq 'full disk')
		{
			# Longer than a lease (two seconds): renewals fail, then calls do.
			switch_fault($node, 'full_disk', 1);
			sleep 3;
			switch_fault($node, 'full_disk', 0);
			my $enospc = count_in_log($node, qr/uuid6_soak_faults: a write of uuid6\.state\.tmp failed with ENOSPC/);
			next if $enospc == $enospc_before;    # struck nothing: not counted
			$enospc_before = $enospc;
			wait_generators($node);
		}
		elsif ($kind eq 'slow disk')
		{
			switch_fault($node, 'slow_disk', 1);
			sleep 3;
			switch_fault($node, 'slow_disk', 0);
			my $delays = count_in_log($node, qr/uuid6_soak_faults: delayed a state file write/);
			next if $delays == $delays_before;
			$delays_before = $delays;
		}
		# Survived: the server answers and every generator works.
		wait_generators($node);
		$survived{$kind}++;
	}
	sleep 1;
	open my $fh, '>', $stop or die $!;
	close $fh;
	my $elapsed = time - $start;
	# How far the sequences run ahead of the (fake) clock as the load ends.
	my $lead = $node->safe_psql('postgres', q{SELECT max(ahead_of_clock_us) FROM uuid6_status()});
	for my $pid (@pids)
	{
		waitpid($pid, 0);
		is($? >> 8, 0, "$mode: client process $pid ended normally");
	}

	# The clients' logs against the tables.
	my (%logged, %refused, $committed, $failed, $full_disk, $in_doubt, $connect_failures, @unexpected);
	($committed, $failed, $full_disk, $in_doubt, $connect_failures) = (0, 0, 0, 0, 0);
	for my $client (sort { $a <=> $b } keys %version_of)
	{
		open my $in, '<', "$dir/client$client.log" or die $!;
		while (my $line = <$in>)
		{
			chomp $line;
			if ($line =~ /^refused (\d+) (.*)$/) { $connect_failures += $1; $refused{$2} += $1; next; }
			my ($fate, $n, $rest) = split / /, $line, 3;
			$logged{$client}{$n} = [ $fate, $rest ];
			if ($fate eq 'C') { $committed++; }
			elsif ($fate eq 'D') { $in_doubt++; }
			else
			{
				$failed++;
				if ($rest =~ /^53100 uuid6: could not write state file ".*uuid6\.state": No space left on device$/)
				{
					$full_disk++;
				}
				else
				{
					push @unexpected, "client $client row $n: $rest";
				}
			}
		}
		close $in;
	}

	my ($inversions, $duplicates, $lost, $failed_present, $unlogged, $doubt_present) = (0, 0, 0, 0, 0, 0);
	my $rows = 0;
	for my $v (6, 7, 8)
	{
		my %seen;
		my %previous;
		for my $row (split /\n/, $node->safe_psql('postgres', "SELECT client, n, id FROM t$v ORDER BY client, n"))
		{
			my ($client, $n, $id) = split /\|/, $row;
			$rows++;
			$duplicates++ if $seen{$id}++;
			$inversions++ if defined $previous{$client} && $id le $previous{$client};
			$previous{$client} = $id;
			my $fate = $logged{$client}{$n};
			if (!defined $fate) { $unlogged++; next; }
			$failed_present++ if $fate->[0] eq 'F';
			$doubt_present++ if $fate->[0] eq 'D';
			$lost++ if $fate->[0] eq 'C' && $fate->[1] ne $id;    # there, but not with its key
			$fate->[2] = 1;
		}
	}
	for my $client (keys %logged)
	{
		for my $fate (values %{ $logged{$client} })
		{
			$lost++ if $fate->[0] eq 'C' && !$fate->[2];
		}
	}
	# Keys that came back twice, whether or not both rows stayed.
	my %returned;
	for my $client (keys %logged)
	{
		for my $fate (values %{ $logged{$client} })
		{
			next unless $fate->[0] eq 'C';
			my $key = $version_of{$client} . $fate->[1];
			$duplicates++ if $returned{$key}++;
		}
	}

	# After everything: a new key of each version sorts above every key stored.
	my $above = $node->safe_psql('postgres', join ' UNION ALL ',
		map { "SELECT $_, (SELECT uuid_generate_v$_()) > (SELECT id FROM t$_ ORDER BY id DESC LIMIT 1)" } 6, 7, 8);

	diag(sprintf("soak, PostgreSQL %d, %s, %.0f s: %d rows stored; %d committed, %d failed (%d of them on the full disk), "
			. "%d in doubt (%d of them stored), %s connection attempts refused; faults survived: %s; "
			. "inversions %d, duplicates %d, lost %d, unexpected errors %d; clock stepped back %d s in all, now %d s behind; sequences %.1f s ahead of it",
			$major, $mode, $elapsed, $rows, $committed, $failed, $full_disk, $in_doubt, $doubt_present,
			$connect_failures . ' (' . join('; ', map { "$_: $refused{$_}" } sort keys %refused) . ')', join(', ', map { "$_ $survived{$_}" } @kinds),
			$inversions, $duplicates, $lost, scalar(@unexpected), $stepped_back, -$offset, $lead / 1e6));

	cmp_ok($committed, '>', 0, "$mode: rows were committed ($committed)");
	for my $kind (@kinds)
	{
		cmp_ok($survived{$kind}, '>', 0, "$mode: fault '$kind' struck and was survived $survived{$kind} times");
	}
	is($inversions, 0, "$mode: within each client, keys rise with the row number (0 inversions)");
	is($duplicates, 0, "$mode: no key repeats");
	is($lost, 0, "$mode: every committed row is there, with the key it was given");
	is($failed_present, 0, "$mode: no row that failed is there");
	is($unlogged, 0, "$mode: every stored row is one a client sent");
	is(scalar(@unexpected), 0, "$mode: no ERROR but the full disk's 53100")
	  or diag(join "\n", @unexpected[ 0 .. ($#unexpected < 9 ? $#unexpected : 9) ]);
	is($above, "6|t\n7|t\n8|t", "$mode: a new key of each version sorts above every key stored");
	# The server's own view: every ERROR it logged, whoever got it.
	my @server_errors = grep { !/ERROR:  uuid6: could not write state file ".*uuid6\.state": No space left on device$/ }
	  (slurp_file($node->logfile) =~ /^.*(?:ERROR|PANIC):.*$/mg);
	is(scalar(@server_errors), 0, "$mode: the server log holds no ERROR but the full disk's")
	  or diag(join "\n", @server_errors[ 0 .. ($#server_errors < 9 ? $#server_errors : 9) ]);
	$node->stop;
}

done_testing();
