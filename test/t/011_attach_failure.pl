# Without shared_preload_libraries, creating the shared state can fail inside
# PostgreSQL: no spare shared memory left on 15/16, a DSM segment that cannot
# be created on 17+. The ERROR must reach the caller with every core lock
# released and interrupts working: other sessions are never blocked, the
# failing session stays cancellable, the server stops with -m fast, and once
# the cause is gone the next call (and any new session) gets the shared state.
use strict;
use warnings;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time);
use Uuid6Test;

my $node = new_node('fault', preload => 0);
my $major = server_major($node);
my $shared_mode = $major >= 17 ? 'dsm_registry' : 'lazy_shmem';
if ($major >= 17)
{
	# DSM segments as files in pg_dynshmem, whose permissions the test controls.
	$node->append_conf('postgresql.conf', "dynamic_shared_memory_type = mmap\n");
	$node->restart;
}
else
{
	$node->safe_psql('postgres', q{
		CREATE FUNCTION uuid6_fault_exhaust_shmem() RETURNS bigint
		AS '$libdir/uuid6_fault' LANGUAGE C});
}
$node->safe_psql('postgres', 'CREATE EXTENSION uuid6');

# Session A: connected before the fault, as a long-lived application
# connection would be.
my $a = $node->background_psql('postgres', on_error_stop => 0);
my $a_pid = $a->query_safe('SELECT pg_backend_pid()');
$a_pid =~ s/\s+//g;

# query(SESSION, SQL) -> (stdout, stderr, seconds)
sub timed_query
{
	my ($session, $sql) = @_;
	$session->{stderr} = '';
	my $start = time;
	my ($out) = $session->query($sql);
	my $err = $session->{stderr};
	$session->{stderr} = '';
	return ($out, $err, time - $start);
}

my $dynshmem = $node->data_dir . '/pg_dynshmem';
END { chmod(0700, $dynshmem) if defined $dynshmem && -d $dynshmem; }
if ($major >= 17)
{
	chmod(0000, $dynshmem) or die "chmod $dynshmem: $!";
}
else
{
	my $taken = $a->query_safe('SELECT uuid6_fault_exhaust_shmem()');
	note "spare shared memory taken: $taken bytes";
}

my ($out, $err) = timed_query($a, 'SELECT uuid_generate_v7()');
my $start;
like($err, qr/ERROR:/, "session A: the failed attach is an ERROR (PostgreSQL $major)");
like($err, qr/creating uuid6's shared sequences/, 'session A: the error says what was being done');
unlike($err, qr/backend-local/, 'session A: no silent fallback to backend-local state');

# The cause goes away (on 17+; on 15/16 the spare space stays taken until a
# restart), while A stays connected.
chmod(0700, $dynshmem) if $major >= 17;

# Session B, right after A's failure, A idle in its session: never blocked
# by anything A's failure left behind.
my $b_sql = q{SET statement_timeout = '10s'; SELECT uuid_generate_v7() IS NOT NULL, min(mode) FROM uuid6_status()};
my ($b_stdout, $b_stderr, $b_timed_out) = ('', '', 0);
$start = time;
# A hung B (a lock A never released ignores B's statement_timeout) is
# abandoned after 30 s rather than hanging the test.
$node->psql('postgres', $b_sql, stdout => \$b_stdout, stderr => \$b_stderr,
	timeout => 30, timed_out => \$b_timed_out);
my $b_secs = time - $start;
ok(!$b_timed_out, 'session B did not hang');
cmp_ok($b_secs, '<', 9, "session B finished in ${b_secs}s, within its statement_timeout");
unlike($b_stderr, qr/statement timeout/, 'session B was not held up by a lock that A left behind');

# The failing session stays cancellable: a statement timeout fires, and so
# does a cancel from another session.
my $secs;
($out, $err, $secs) = timed_query($a, q{SET statement_timeout = '300ms'; SELECT pg_sleep(20)});
like($err, qr/canceling statement due to statement timeout/, 'session A: statement_timeout still fires');
cmp_ok($secs, '<', 15, "session A: cancelled after ${secs}s, not after the 20 s sleep");
$a->query_safe('RESET statement_timeout');
$a->{stdin} .= "SELECT pg_sleep(20);\n";
$a->{run}->pump_nb;
$node->poll_query_until('postgres',
	"SELECT wait_event = 'PgSleep' FROM pg_stat_activity WHERE pid = $a_pid") or die 'no sleep seen';
$start = time;
$node->safe_psql('postgres', "SELECT pg_cancel_backend($a_pid)");
($out, $err) = timed_query($a, 'SELECT 1');
like($err, qr/canceling statement due to user request/, 'session A: pg_cancel_backend works');
cmp_ok(time - $start, '<', 15, 'session A: the cancel took effect at once');

if ($major >= 17)
{
	is($b_stdout, "t|$shared_mode", "session B: the cause gone, B gets $shared_mode");
	# A, still the same backend, is not degraded for the rest of its life.
	($out, $err) = timed_query($a, 'SELECT uuid_generate_v7() IS NOT NULL, min(mode) FROM uuid6_status()');
	is($err, '', 'session A: the next call succeeds');
	is($out, "t|$shared_mode", "session A: its next call attaches $shared_mode");
	is($node->safe_psql('postgres', 'SELECT min(mode) FROM uuid6_status()'), $shared_mode,
		"a new session gets $shared_mode");
}
else
{
	# The spare space stays taken until a restart: B gets the same clean ERROR.
	like($b_stderr, qr/ERROR:.*\n.*creating uuid6's shared sequences/s,
		'session B: the same clean ERROR, no hang');
	($out, $err) = timed_query($a, 'SELECT uuid_generate_v7()');
	like($err, qr/creating uuid6's shared sequences/, 'session A: a later call tries the shared path again');
}

# A fast shutdown must not wait for a session that lost its interrupts.
$start = time;
my $stopped = $node->stop('fast', fail_ok => 1);
ok($stopped, 'pg_ctl stop -m fast succeeds with session A connected');
cmp_ok(time - $start, '<', 30, 'and promptly');
eval { $a->quit; };

# The cause gone (15/16: a restart returns the spare space), the shared
# state works as usual.
$node->start;
is($node->safe_psql('postgres', 'SELECT uuid_generate_v7() IS NOT NULL, min(mode) FROM uuid6_status()'),
	"t|$shared_mode", "after the fault: $shared_mode");

$node->stop;
done_testing();
