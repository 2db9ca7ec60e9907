# The facade key given to the two-argument functions reaches the server log
# by none of the routes PostgreSQL takes besides statement logging, preloaded
# and not (once uuid6 is loaded in the session):
#  - the postmaster's report of a backend that died while running a
#    statement that names the facade ("Failed process was running: ..."),
#    which quotes what pg_stat_activity shows: a note, not the statement;
#  - the parser's own messages, which quote the token where it stopped
#    (`syntax error at or near "'...'"`, `unterminated quoted string at or
#    near "'\x..."`);
#  - debug_print_parse, debug_print_rewritten and debug_print_plan, which any
#    role may set, dumping the tree with every constant's bytes, for a
#    literal and for a bind parameter (a custom plan folds it in);
#  - auto_explain's plans in XML (and every other format).
# Each message itself is still logged.
use strict;
use warnings;
use IPC::Run;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time sleep);
use Uuid6Test;

my $key = '0f0e0d0c0b0a09080706050403020100';
my $literal = "'\\x$key'::bytea";
my $call = "uuid_v7_to_facade('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', $literal)";

# The key as hex, or as the signed decimal bytes of a dumped Const.
sub leaks
{
	my ($text) = @_;
	return $text =~ /0f0e0d0c0b0a0908|15 14 13 12 11 10 9 8/i;
}

sub log_since
{
	my ($node, $offset) = @_;
	return substr(slurp_file($node->logfile), $offset);
}

# psql with each statement sent on its own (-c), so that the first loads
# uuid6 before the next is parsed; returns stderr.
sub run_each
{
	my ($node, @statements) = @_;
	my ($out, $err) = ('', '');
	IPC::Run::run([ 'psql', '-XAtq', '-d', $node->connstr('postgres'), map { ('-c', $_) } @statements ],
		'<', \undef, '>', \$out, '2>', \$err);
	return $err;
}

for my $preload (1, 0)
{
	my $mode = $preload ? 'preloaded' : 'not preloaded';
	my $node = new_node($preload ? 'routes_pre' : 'routes_lazy', preload => $preload,
		conf => "restart_after_crash = on\nlog_min_error_statement = error\n");
	$node->safe_psql('postgres', 'CREATE EXTENSION uuid6');

	# A backend killed while it runs a statement that names the facade: sent
	# as a simple query (psql), and by the extended protocol (pgbench -M
	# extended), whose Execute reports the text again after its Bind.
	my $crash_script = $node->basedir . '/crash.sql';
	open my $cfh, '>', $crash_script or die $!;
	print $cfh "SELECT $call, pg_sleep(60);\n";
	close $cfh;
	my %senders = (
		'simple' => [ 'psql', '-XAtq', '-d', $node->connstr('postgres'), '-c', "SELECT $call, pg_sleep(60)" ],
		'extended' => [ 'pgbench', '--no-vacuum', '-M', 'extended', '-t', '1', "--file=$crash_script",
			$node->connstr('postgres') ]);
	my ($out, $err, $log, $offset) = ('', '');
	for my $protocol ('simple', 'extended')
	{
		$offset = -s $node->logfile;
		($out, $err) = ('', '');
		my $victim = IPC::Run::start($senders{$protocol}, '<', \undef, '>', \$out, '2>', \$err);
		my ($pid, $shown) = ('', '');
		for (1 .. 300)
		{
			($pid, $shown) = split /\|/, $node->safe_psql('postgres', q{
				SELECT pid, query FROM pg_stat_activity WHERE wait_event = 'PgSleep'}), 2;
			last if $pid;
			sleep(0.1);
		}
		ok($pid && $pid =~ /^[1-9]\d*$/, "$mode, $protocol: the statement runs")
		  or BAIL_OUT("no backend to kill: $err");
		is($shown, "(not shown: it names uuid6's facade)",
			"$mode, $protocol: pg_stat_activity shows a note in place of the statement");
		kill 'KILL', $pid;
		$victim->finish;
		$node->poll_query_until('postgres', 'SELECT true') or die 'the server did not come back';
		$log = log_since($node, $offset);
		like($log, qr/Failed process was running: \(not shown: it names uuid6's facade\)/,
			"$mode, $protocol: the crash report names the note");
		ok(!leaks($log), "$mode, $protocol: the crash report does not show the key");
	}

	# The parser's messages quote the token it stopped at.
	$offset = -s $node->logfile;
	$err = run_each($node, 'SELECT uuid_generate_v7() IS NOT NULL',
		"SELECT uuid_v7_to_facade(uuid_generate_v7() '\\x$key'::bytea)",
		"SELECT uuid_v7_to_facade(uuid_generate_v7() '$key')");
	$err .= run_each($node, 'SELECT uuid_generate_v7() IS NOT NULL',
		"SELECT uuid_v7_to_facade(uuid_generate_v7(), '\\x$key");
	$log = log_since($node, $offset);
	like($log, qr/syntax error at or near "\(hidden\)"/, "$mode: a syntax error is logged, its token hidden");
	like($log, qr/unterminated quoted string at or near "\(hidden\)"/,
		"$mode: an unterminated string is logged, its token hidden");
	ok(!leaks($log), "$mode: the parser's messages do not show the key in the log");
	ok(!leaks($err), "$mode: nor to the client");

	# debug_print_*: a literal, and a bind parameter of the extended
	# protocol (pgbench -M extended sends :key as $1).
	$offset = -s $node->logfile;
	run_each($node, 'SELECT uuid_generate_v7() IS NOT NULL',
		'SET debug_print_parse = on', 'SET debug_print_rewritten = on', 'SET debug_print_plan = on',
		"SELECT $call");
	{
		local $ENV{PGOPTIONS} = '-c debug_print_parse=on -c debug_print_rewritten=on -c debug_print_plan=on';
		my $script = $node->basedir . '/bound_key.sql';
		open my $fh, '>', $script or die $!;
		print $fh "SELECT uuid_generate_v7() IS NOT NULL;\n"
		  . "SELECT uuid_v7_to_facade('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', :key::bytea);\n";
		close $fh;
		my ($bench_out, $bench_err) = ('', '');
		IPC::Run::run([ 'pgbench', '--no-vacuum', '-M', 'extended', '-t', '1', '-D', "key=\\x$key",
				"--file=$script", $node->connstr('postgres') ],
			'<', \undef, '>', \$bench_out, '2>', \$bench_err);
		like($bench_out, qr/processed: 1\/1/, "$mode: the bound key's statement ran") or diag($bench_err);
	}
	$log = log_since($node, $offset);
	my $trees = () = $log =~ /LOG:  (?:parse tree|rewritten parse tree|plan):\n[^\n]*DETAIL:  \(not shown: it names uuid6's facade\)/g;
	cmp_ok($trees, '>=', 5, "$mode: $trees trees of facade statements logged, each with a note for its dump");
	like($log, qr/DETAIL:\s+\{PLANNEDSTMT/, "$mode: the trees of other statements are dumped as before");
	ok(!leaks($log), "$mode: no dumped tree shows the key, literal or bound");

	# auto_explain, every format.
	for my $format ('xml', 'json', 'yaml', 'text')
	{
		$offset = -s $node->logfile;
		run_each($node, 'SELECT uuid_generate_v7() IS NOT NULL', "LOAD 'auto_explain'",
			'SET auto_explain.log_min_duration = 0', "SET auto_explain.log_format = '$format'",
			'SET auto_explain.log_verbose = on', "SELECT $call");
		$log = log_since($node, $offset);
		like($log, qr/duration: [0-9.]+ ms  plan:\(not shown: it names uuid6's facade\)/,
			"$mode: auto_explain ($format) logs the plan's line, the plan not shown");
		ok(!leaks($log), "$mode: auto_explain ($format) does not show the key");
	}
	# Without preloading, a session's statements before it loads uuid6 are
	# PostgreSQL's alone: session_preload_libraries loads it at session
	# start, so that a session's first statement is covered too.
	if (!$preload)
	{
		$node->safe_psql('postgres', "ALTER SYSTEM SET session_preload_libraries = 'uuid6'; SELECT pg_reload_conf()");
		$offset = -s $node->logfile;
		$err = run_each($node, "SELECT uuid_v7_to_facade(uuid_generate_v7() '\\x$key'::bytea)");
		$log = log_since($node, $offset);
		like($log, qr/syntax error at or near "\(hidden\)"/,
			"$mode, session_preload_libraries: a session's first statement is covered");
		ok(!leaks($log) && !leaks($err), "$mode, session_preload_libraries: its key is not shown");
	}
	$node->stop;
}

done_testing();
