# Callers waiting for a state-file write sleep on a condition variable: no
# polling, cancellable. After an idle spell longer than the minute the lease
# writer keeps a lease alive (the clock moved on by libfaketime) the lease
# has run out, and 40 sessions calling at once all wait for the one write
# (made 700 ms slow by an LD_PRELOAD library, as a slow disk would): their CPU time, read from
# the postmaster's account of its children, is compared with the same 40
# calls when nobody waits. A waiter is seen sleeping (wait event Extension)
# and a cancel still ends its wait.
use strict;
use warnings;
use File::Spec;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time);
use Uuid6Test;

my $slow = File::Spec->rel2abs('test/fault/uuid6_slow_rename.so');
die "$slow is not built: run make -C test/fault" unless -e $slow;
my $clients = 40;

plan skip_all => 'libfaketime is not installed (Debian package faketime)' unless libfaketime();
my $node = new_node('waiters', preload => 1, no_start => 1, conf => "max_connections = 60\n");
start_faked($node, also_preload => $slow);
$node->safe_psql('postgres', 'CREATE EXTENSION uuid6; SELECT uuid_generate_v7()');
my $hz = `getconf CLK_TCK` + 0 || 100;

# 40 sessions, connected and warmed up (the library loaded in each).
my @sessions;
for (1 .. $clients)
{
	my $session = $node->background_psql('postgres');
	my $pid = $session->query_safe('SELECT pg_backend_pid(), uuid_generate_v7()');
	($session->{uuid6_pid}) = $pid =~ /^(\d+)/;
	push @sessions, $session;
}

# CPU seconds a backend has used so far.
sub cpu_of
{
	my ($pid) = @_;
	my $stat = slurp_file("/proc/$pid/stat");
	my @f = split / /, substr($stat, rindex($stat, ')') + 2);
	return ($f[11] + $f[12]) / $hz;    # utime, stime
}

# One call in each session, all sent at once; returns the CPU seconds the
# 40 backends used meanwhile, and how long it took.
sub forty_calls
{
	my $before = 0;
	$before += cpu_of($_->{uuid6_pid}) for @sessions;
	my $start = time;
	for my $session (@sessions)
	{
		$session->{stdin} .= "SELECT uuid_generate_v7();\n";
		$session->{run}->pump_nb;
	}
	$_->query_safe('SELECT 1') for @sessions;
	my $took = time - $start;
	my $after = 0;
	$after += cpu_of($_->{uuid6_pid}) for @sessions;
	return ($after - $before, $took);
}

# Nobody waits: the lease is fresh (a call has just written it).
$node->safe_psql('postgres', 'SELECT uuid_generate_v7()');
my ($fresh_cpu, $fresh_took) = forty_calls();
# After an idle spell: one call writes for 700 ms, the others wait for it.
step_past_lease($node, 0, 90);
my ($waiting_cpu, $took) = forty_calls();
diag(sprintf('CPU of %d sessions, one call each: %.2f s with the lease fresh (%.2f s), %.2f s while %d waited for a 700 ms write (%.2f s)',
	$clients, $fresh_cpu, $fresh_took, $waiting_cpu, $clients - 1, $took));
cmp_ok($took, '>=', 0.7, 'the calls after the idle spell waited for the slow write');
# Polling waiters (a spinlock, kill(2) and a 100 µs sleep per round) used
# 0.44 s here; sleeping ones next to none. Allow 0.7% of the combined wait
# (0.19 s): above the clock-tick resolution of the measure, below polling.
cmp_ok($waiting_cpu, '<', 0.007 * ($clients - 1) * 0.7,
	sprintf('%.2f s of CPU for %d waiters of 0.7 s each', $waiting_cpu, $clients - 1));
$_->quit for @sessions;

# A waiter sleeps on the condition variable, and a cancel ends its wait (a
# cancel, not statement_timeout: libfaketime's timers do not fire the
# server's timeout alarm).
$node->stop;
{
	local $ENV{UUID6_SLOW_RENAME_MS} = '3000';
	start_faked($node, also_preload => $slow);
}
set_fake_clock($node, '+180');    # past the restored lease and its keep-alive
$node->safe_psql('postgres', 'SELECT pg_sleep(0.5)');
my $writer = $node->background_psql('postgres');
$writer->{stdin} .= "SELECT uuid_generate_v7();\n";
$writer->{run}->pump_nb;
my $waiter = $node->background_psql('postgres', on_error_stop => 0);
my $waiter_pid = $waiter->query_safe('SELECT pg_backend_pid()');
$waiter_pid =~ s/\s+//g;
$waiter->{stdin} .= "SELECT uuid_generate_v7();\n";
$waiter->{run}->pump_nb;
ok($node->poll_query_until('postgres',
	"SELECT wait_event_type = 'Extension' FROM pg_stat_activity WHERE pid = $waiter_pid"),
	'a waiting caller sleeps (wait event type Extension), not polling');
my $start = time;
$waiter->{stderr} = '';
$node->safe_psql('postgres', "SELECT pg_cancel_backend($waiter_pid)");
my ($out) = $waiter->query('SELECT 1');
like($waiter->{stderr}, qr/canceling statement due to user request/, 'a cancel ends the wait');
cmp_ok(time - $start, '<', 2.5, 'before the write is done');
$waiter->quit;
$writer->quit;
$node->stop;

done_testing();
