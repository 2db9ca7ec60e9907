# The server log and pg_stat_activity show every statement as it was sent,
# whatever it names, preloaded and not. uuid6 rewrites nothing there: 1.5
# replaced any statement that named its facade (to_facade, facade_to,
# facade_key) with a note, which let every role hide statements of its own
# from log_statement and pg_stat_activity by writing such a word in a
# comment. Here an ordinary role runs, with log_statement = 'all':
#   - a CREATE TABLE, an INSERT and a DROP, each with a comment naming the
#     facade;
#   - a DELETE in one statement with a call of the facade;
#   - a prepared DELETE with such a comment, by the extended protocol, with
#     its bind parameter;
#   - a statement naming the facade that pg_stat_activity shows while it
#     runs.
# Each appears as sent; no note stands in for a statement. What uuid6 still
# keeps out of the log (its own errors' statement and context, the key's
# fingerprint in the reload line) is 014_facade_key.pl's.
use strict;
use warnings;
use IPC::Run;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(sleep);
use Uuid6Test;

sub log_since
{
	my ($node, $offset) = @_;
	return substr(slurp_file($node->logfile), $offset);
}

for my $preload (1, 0)
{
	my $mode = $preload ? 'preloaded' : 'not preloaded';
	my $node = new_node($preload ? 'sent_pre' : 'sent_lazy', preload => $preload,
		conf => "uuid6.facade_key = '000102030405060708090a0b0c0d0e0f'\n"
		  . "log_statement = 'all'\nlog_parameter_max_length = -1\n");
	$node->safe_psql('postgres', q{CREATE EXTENSION uuid6; CREATE ROLE app LOGIN;
		GRANT CREATE ON SCHEMA public TO app;});
	my @as_app = (extra_params => [ '--username' => 'app' ]);

	my $offset = -s $node->logfile;
	my @sent = (
		'CREATE TABLE t (x int) /* to_facade */',
		'INSERT INTO t VALUES (1), (2), (3) /* facade_key */',
		'WITH gone AS (DELETE FROM t WHERE x = 1 RETURNING x) SELECT uuid_v7_to_facade(uuid_generate_v7()) IS NOT NULL FROM gone');
	$node->safe_psql('postgres', $_, @as_app) for @sent;
	# A prepared DELETE with its bind parameter (pgbench -M extended sends :x as $1).
	$node->pgbench('--no-vacuum -M extended -t 1 -D x=2', 0, [qr{processed: 1/1}], [qr{^$}],
		"$mode: a prepared DELETE naming the facade, by the extended protocol",
		{ "sent_$preload.sql" => "DELETE FROM t WHERE x = :x /* facade_to */;\n" },
		'--username=app', 'postgres');
	$node->safe_psql('postgres', 'DROP TABLE t /* uuid_v7_to_facade */', @as_app);
	my $log = log_since($node, $offset);
	for my $statement (@sent, 'DROP TABLE t /* uuid_v7_to_facade */')
	{
		like($log, qr/LOG:  statement: \Q$statement\E/, "$mode: logged as sent: $statement");
	}
	like($log, qr/LOG:  execute [^:\n]*: DELETE FROM t WHERE x = \$1 \/\* facade_to \*\/;?\n[^\n]*DETAIL:  [Pp]arameters: \$1 = '2'/,
		"$mode: the prepared DELETE is logged as sent, with its parameter");
	unlike($log, qr/not shown/, "$mode: no note stands in for a statement");
	is($node->safe_psql('postgres', 'SELECT count(*) FROM pg_class WHERE relname = \'t\''), '0',
		"$mode: the statements ran");

	# pg_stat_activity, while a statement that names the facade runs.
	my ($out, $err) = ('', '');
	my $sleeper = IPC::Run::start([ 'psql', '-XAtq', '-d', $node->connstr('postgres'), '-U', 'app',
			'-c', 'SELECT uuid_v7_to_facade(uuid_generate_v7()) IS NOT NULL, pg_sleep(30) /* facade_key */' ],
		'<', \undef, '>', \$out, '2>', \$err);
	my $shown = '';
	for (1 .. 300)
	{
		$shown = $node->safe_psql('postgres', q{SELECT query FROM pg_stat_activity WHERE wait_event = 'PgSleep'});
		last if $shown ne '';
		sleep(0.1);
	}
	is($shown, 'SELECT uuid_v7_to_facade(uuid_generate_v7()) IS NOT NULL, pg_sleep(30) /* facade_key */',
		"$mode: pg_stat_activity shows the running statement as sent");
	$node->safe_psql('postgres', q{SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE wait_event = 'PgSleep'});
	$sleeper->finish;
	$node->stop;
}

done_testing();
