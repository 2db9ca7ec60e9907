# uuid6.facade_key from postgresql.conf and a file it includes, preloaded
# and not: a good key is in force in every new session, in every form it may
# be written in, parallel workers included; ALTER SYSTEM refuses it; a
# malformed one is refused at start, at reload and when the library loads
# later, each time with a message in which the value never appears, and
# without stopping the server; no role, superuser or not, can slip in a key
# of its own as a placeholder before the library loads. Loaded at session
# start, the key is hidden from the first statement; loaded by a statement,
# a WARNING says it was readable until then. uuid6's own messages never
# quote a key or a refused value, and its refusals of a statement that sets
# the key, and its errors from a key given to the two-argument functions,
# leave that statement and its context out of the server log (each at top
# level, in a DO block or a function, and with a bind parameter); where
# uuid6 is preloaded, the postmaster's line for a reload that changed the
# key names its fingerprint. (The log is otherwise PostgreSQL's: statements
# are logged as sent, 035_facade_log_as_sent.pl.)
use strict;
use warnings;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(usleep);
use Uuid6Test;

my $key_a = '000102030405060708090a0b0c0d0e0f';
my $key_b = '0011223344556677:8899aabbccddeeff';
my $id_a = '001ce3e089b7a181';    # uuid6_facade_key_id() of each
my $id_b = 'e3eae9d33e55d2cf';
# Malformed values, each with a marker that must never reach a message.
my $bad_conf = 'LEAKMARKERCONF0123456789abcdef0';
my $bad_reload = 'LEAKMARKERRELOAD:0011223344556677';
my $bad_system = 'LEAKMARKERSYSTEM 00112233445566778899';
my $placeholder = 'LEAKMARKERPLACEHOLDER';

sub key_id
{
	my ($node, %opts) = @_;
	return $node->safe_psql('postgres', 'SELECT coalesce(uuid6_facade_key_id(), \'none\')', %opts);
}

sub log_since
{
	my ($node, $offset) = @_;
	return substr(slurp_file($node->logfile), $offset);
}

for my $preload (1, 0)
{
	my $mode = $preload ? 'preloaded' : 'not preloaded';
	my $node = new_node($preload ? 'facade_pre' : 'facade_lazy', preload => $preload,
		conf => "uuid6.facade_key = '$key_a'\nlog_min_error_statement = warning\n"
		  . "log_parameter_max_length_on_error = -1\n");
	$node->safe_psql('postgres', 'CREATE EXTENSION uuid6; CREATE ROLE app LOGIN;');
	is(key_id($node), $id_a, "$mode: the key of postgresql.conf is in force");
	is($node->safe_psql('postgres',
			q{SELECT uuid_v7_to_facade('017f22e2-79b0-7cc3-98c4-dc0c0c07398f')},
			extra_params => [ '--username' => 'app' ]),
		'e4b98970-eb53-4cc3-98c4-dc0c0c07398f', "$mode: a role that is not superuser uses it");

	# The setting's functions agree with the bytea forms, in parallel
	# workers too.
	my ($ret, $stdout, $stderr) = $node->psql('postgres', q{
		CREATE TABLE parallel_keys AS SELECT uuid_generate_v7() AS id FROM generate_series(1, 20000);
		ANALYZE parallel_keys;
		SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0;
		SET min_parallel_table_scan_size = 0; SET max_parallel_workers_per_gather = 2;
		SET parallel_leader_participation = off;
		EXPLAIN (COSTS OFF) SELECT count(*) FROM parallel_keys WHERE uuid_v7_to_facade(id) IS NOT NULL;
		SELECT count(*) FILTER (WHERE uuid_facade_to_v7(uuid_v7_to_facade(id)) = id
			AND uuid_v7_to_facade(id) = uuid_v7_to_facade(id, '\x000102030405060708090a0b0c0d0e0f'))
		FROM parallel_keys;});
	like($stdout, qr/Gather.*\n20000$/s, "$mode: parallel workers use the key of postgresql.conf");

	# A role sets a placeholder before the library is loaded in its
	# session: refused when the library loads, and the server's key stays
	# in force. (Preloaded, the SET itself is refused.) The same for a
	# superuser.
	for my $role ('app', 'postgres')
	{
		($ret, $stdout, $stderr) = $node->psql('postgres',
			"SET uuid6.facade_key = '$placeholder'; SELECT uuid6_facade_key_id();",
			extra_params => [ '--username' => $role ]);
		if ($preload)
		{
			like($stderr, qr/ERROR:  uuid6.facade_key cannot be set with SET/,
				"$mode: $role cannot set the key");
		}
		else
		{
			is($stdout, $id_a, "$mode: a placeholder set by $role is not used");
			like($stderr, qr/WARNING:  parameter "uuid6.facade_key" cannot be changed now/,
				"$mode: it is refused with a warning when the library loads");
		}
		unlike($stderr, qr/LEAKMARKER/, "$mode: the refused value is not shown");
	}

	# Each way a key given to uuid6 could reach the server log beside one of
	# uuid6's messages: the message is logged (it is not suppressed), without
	# the key.
	# Each runs in a session where uuid6 is loaded (by its first statement,
	# where it is not preloaded) and stays in force there.
	my $v4 = '919108f7-52d1-4320-9bac-f847db4148a8';
	my $load = "SELECT uuid_generate_v7() IS NOT NULL;\n";
	my @paths = (
		[ 'SET in a DO block',
			q{DO $$BEGIN EXECUTE 'SET uuid6.facade_key = ''LEAKMARKER01'''; END$$;} ],
		[ 'SET in a PL/pgSQL function',
			q{CREATE FUNCTION pg_temp.set_key() RETURNS void LANGUAGE plpgsql
				AS $$BEGIN SET uuid6.facade_key = 'LEAKMARKER02'; END$$;
			SELECT pg_temp.set_key();} ],
		[ 'CREATE FUNCTION ... SET',
			q{CREATE FUNCTION pg_temp.keyed() RETURNS int LANGUAGE sql
				SET uuid6.facade_key = 'LEAKMARKER05' RETURN 1;} ],
		[ 'ALTER FUNCTION ... SET',
			q{CREATE FUNCTION pg_temp.plain() RETURNS int LANGUAGE sql RETURN 1;
			ALTER FUNCTION pg_temp.plain() SET uuid6.facade_key = 'LEAKMARKER06';} ],
		[ 'ALTER ROLE in a DO block',
			q{DO $$BEGIN EXECUTE 'ALTER ROLE app SET uuid6.facade_key = ''LEAKMARKER07'''; END$$;} ],
		[ 'a key given to uuid_v7_to_facade with a UUID of another version',
			qq{SELECT uuid_v7_to_facade('$v4', '\\xfeedc0de090909090909090909090909');} ],
		[ 'a key of the wrong length',
			qq{SELECT uuid_facade_to_v7('$v4', '\\xfeedc0de1010');} ],
		[ 'a key given in a statement a function runs',
			qq{CREATE FUNCTION pg_temp.masked(id uuid) RETURNS uuid LANGUAGE plpgsql AS \$\$
				DECLARE masked uuid;
				BEGIN
					EXECUTE format('SELECT uuid_v7_to_facade(%L, %L::bytea)', id,
						'\\xfeedc0de111111111111111111111111') INTO masked;
					RETURN masked;
				END\$\$;
			SELECT pg_temp.masked('$v4');} ],
		[ 'a key given to a function that passes it on',
			qq{CREATE FUNCTION pg_temp.mask(id uuid, key bytea) RETURNS uuid LANGUAGE sql
				AS 'SELECT uuid_v7_to_facade(id, key)';
			SELECT pg_temp.mask('$v4', '\\xfeedc0de121212121212121212121212');} ]);
	for my $path (@paths)
	{
		my ($what, $sql) = @$path;
		my $offset = -s $node->logfile;
		$node->psql('postgres', $load . $sql, on_error_stop => 0);
		my $logged = log_since($node, $offset);
		like($logged, qr/ERROR:  /, "$mode, $what: the error is in the server log");
		unlike($logged, qr/LEAKMARKER|feedc0de/i, "$mode, $what: the server log does not show the key");
	}
	# A key sent as a bind parameter (the extended protocol), which the log
	# shows beside an error with log_parameter_max_length_on_error.
	{
		my $offset = -s $node->logfile;
		$node->pgbench(
			"--no-vacuum --protocol=extended --transactions=1 -D id=$v4 "
			  . '-D key=\\xfeedc0de131313131313131313131313',
			2, [qr{}], [qr{expects a version 7 UUID}],
			"$mode: a key sent as a bind parameter with a UUID of another version",
			{ "facade_bind_$preload.sql" => "SELECT uuid_v7_to_facade(:id::uuid, :key::bytea);\n" });
		my $logged = log_since($node, $offset);
		like($logged, qr/ERROR:  uuid_v7_to_facade expects a version 7 UUID/,
			"$mode, a bind parameter: the error is in the server log");
		unlike($logged, qr/feedc0de/i, "$mode, a bind parameter: the server log does not show the key");
	}

	# ALTER SYSTEM refuses a key, malformed or not, without showing it; a
	# key in a file that postgresql.conf includes is in force after a reload.
	for my $value ($bad_system, $key_b)
	{
		($ret, $stdout, $stderr) = $node->psql('postgres',
			"SELECT uuid6_facade_key_id() IS NOT NULL; ALTER SYSTEM SET uuid6.facade_key = '$value'");
		like($stderr, qr/ERROR:  uuid6.facade_key cannot be set with ALTER SYSTEM/,
			"$mode: ALTER SYSTEM refuses a key");
		unlike($stderr, qr/LEAKMARKER|\Q$key_b\E/, "$mode: ... without showing it");
	}
	unlike(slurp_file($node->data_dir . '/postgresql.auto.conf'), qr/facade_key/,
		"$mode: postgresql.auto.conf holds no key");
	my $key_file = $node->data_dir . '/uuid6_facade_key.conf';
	$node->append_conf('postgresql.conf', "include 'uuid6_facade_key.conf'\n");
	# Every form a key may be written in names the same key; the last
	# form stays.
	my @forms = $preload
	  ? ('00112233445566778899aabbccddeeff', '00112233445566778899AABBCCDDEEFF',
		'0x00112233445566778899aabbccddeeff', '0x0011223344556677:0X8899aabbccddeeff',
		' 0011 2233 4455 6677 : 8899 aabb ccdd eeff  ', $key_b)
	  : ($key_b);
	for my $form (@forms)
	{
		open my $fh, '>', $key_file or die $!;
		print $fh "uuid6.facade_key = '$form'\n";
		close $fh;
		chmod 0600, $key_file;
		$node->reload;
		# (Not preloaded, each new session warns that the key was readable
		# before the library loaded, so stderr is not empty: psql, not
		# poll_query_until.)
		my $reloaded = 0;
		for (1 .. 300)
		{
			last if ($reloaded = ($node->psql('postgres', 'SELECT uuid6_facade_key_id()'))[1] eq $id_b);
			usleep(100_000);
		}
		ok($reloaded, "$mode: the key written as '$form' in an included file is in force after a reload");
		open $fh, '>', $key_file or die $!;
		close $fh;
		$node->reload;
		for (1 .. 300)
		{
			last if ($node->psql('postgres', q{SELECT coalesce(uuid6_facade_key_id(), 'none')}))[1] eq $id_a;
			usleep(100_000);
		}
	}
	open my $fh, '>', $key_file or die $!;
	print $fh "uuid6.facade_key = '$key_b'\n";
	close $fh;
	$node->reload;
	for (1 .. 300)
	{
		last if ($node->psql('postgres', 'SELECT uuid6_facade_key_id()'))[1] eq $id_b;
		usleep(100_000);
	}

	# A malformed key in postgresql.conf at reload: refused, the key before
	# it stays, the server goes on.
	my $offset = -s $node->logfile;
	$node->append_conf('postgresql.conf', "uuid6.facade_key = '$bad_reload'\n");
	$node->reload;
	# Preloaded, the postmaster refuses it; not preloaded, it takes the
	# value as it is, since it cannot check it.
	my $seen = $preload ? qr/invalid value for parameter "uuid6.facade_key"/
	  : qr/parameter "uuid6.facade_key" changed to/;
	my $refused_at_reload = 0;
	for (1 .. 300)
	{
		last if ($refused_at_reload = log_since($node, $offset) =~ $seen);
		usleep(100_000);
	}
	if ($preload)
	{
		ok($refused_at_reload, "$mode: a reload refuses a malformed key in the server log");
		is(key_id($node), $id_b, "$mode: the key in force before (the included file's) stays");
	}
	else
	{
		# Each backend refuses it when it loads the library.
		ok($refused_at_reload, "$mode: the reload was seen");
		($ret, $stdout, $stderr) = $node->psql('postgres', 'SELECT coalesce(uuid6_facade_key_id(), \'none\')');
		is($stdout, 'none', "$mode: a backend refuses the malformed key when it loads the library");
		like($stderr, qr/WARNING:  invalid value for parameter "uuid6.facade_key"/,
			"$mode: ... with a warning");
		unlike($stderr, qr/LEAKMARKER/, "$mode: ... that does not show it");
	}

	# The same at start: the server starts, no key is in force, and the
	# functions say so (55000).
	$node->stop;
	$node->append_conf('postgresql.conf', "uuid6.facade_key = '$bad_conf'\n");
	$offset = -s $node->logfile;
	$node->start;
	($ret, $stdout, $stderr) = $node->psql('postgres',
		q{SELECT uuid_v7_to_facade('017f22e2-79b0-7cc3-98c4-dc0c0c07398f')},
		extra_params => [ '--set' => 'VERBOSITY=verbose' ]);
	like($stderr, qr/ERROR:  55000: uuid6.facade_key is not set/,
		"$mode: with a malformed key at start, no key is in force");
	unlike($stderr, qr/LEAKMARKER/, "$mode: ... and the client is not shown it");
	like(log_since($node, $offset), qr/invalid value for parameter "uuid6.facade_key"/,
		"$mode: the server log says the key was refused");
	# In the server log, no message quotes a key or a refused value; the
	# postmaster's line for a reload that changed the key names its
	# fingerprint. Not preloaded, the postmaster, which has not loaded uuid6,
	# quotes the value in that line, as PostgreSQL does for any setting (and
	# before the library is loaded it cannot know a value is malformed). The
	# STATEMENT lines PostgreSQL writes beside its own messages show the
	# statements as sent, the placeholders' above among them.
	my @lines = grep { !/^\s*$|STATEMENT:  / } split /\n/, slurp_file($node->logfile);
	my @leaks = grep { /LEAKMARKER|feedc0de|0001020304|0011223344/i
		  && ($preload || !/LOG:  parameter "uuid6.facade_key" changed to "/) } @lines;
	is(join("\n", @leaks), '', "$mode: no message in the server log quotes a key or a refused value");
	if ($preload)
	{
		my @changed = grep { /parameter "uuid6.facade_key" changed to/ } @lines;
		cmp_ok(scalar(@changed), '>=', 6, "$mode: the reloads that changed the key are in the server log");
		is(join("\n", grep { !/changed to "\(key id [0-9a-f]{16}\)"$/ } @changed), '',
			"$mode: ... each naming the new key's fingerprint");
	}
	$node->stop;
}

# Not preloaded, each session loads the library on its first use of uuid6;
# until then the server's key is a placeholder, which every role can read.
# Loaded at session start (session_preload_libraries; shared_preload_libraries
# is covered above), the key is hidden from a session's first statement.
# Loaded by a statement, the library says, in a WARNING that does not show
# the key, that it was readable and how to prevent it.
my $show_then_use = q{SHOW uuid6.facade_key;
	SELECT uuid_generate_v7() IS NOT NULL;
	SHOW uuid6.facade_key;};
{
	my $node = new_node('facade_session', preload => 0,
		conf => "session_preload_libraries = 'uuid6'\nuuid6.facade_key = '$key_a'\n");
	$node->safe_psql('postgres', 'CREATE EXTENSION uuid6; CREATE ROLE alice LOGIN;');
	for my $first ('SHOW uuid6.facade_key', q{SELECT current_setting('uuid6.facade_key')})
	{
		my ($ret, $stdout, $stderr) = $node->psql('postgres', "$first;",
			extra_params => [ '--username' => 'alice', '--set' => 'VERBOSITY=verbose' ]);
		like($stderr, qr/ERROR:  42501: (must be superuser or have privileges of pg_read_all_settings to examine|permission denied to examine) "uuid6.facade_key"/,
			"session_preload_libraries: a role that is not superuser is refused the key by its first statement ($first)");
		unlike($stdout . $stderr, qr/\Q$key_a\E|0001020304/, "session_preload_libraries: ... and not shown it");
	}
	is($node->safe_psql('postgres', 'SHOW uuid6.facade_key'), "(hidden; key id $id_a)",
		'session_preload_libraries: a superuser sees the fingerprint from the first statement');
	my ($ret, $stdout, $stderr) = $node->psql('postgres', $show_then_use,
		on_error_stop => 0, extra_params => [ '--username' => 'alice' ]);
	is($stdout, 't', 'session_preload_libraries: refused SHOW, used uuid6, refused SHOW');
	is(scalar(() = $stderr =~ /ERROR:  (must be superuser|permission denied)/g), 2, '... both SHOWs refused');
	unlike($stderr, qr/WARNING/, 'session_preload_libraries: no warning on first use');
	is($node->safe_psql('postgres',
			q{SELECT uuid_v7_to_facade('017f22e2-79b0-7cc3-98c4-dc0c0c07398f')},
			extra_params => [ '--username' => 'alice' ]),
		'e4b98970-eb53-4cc3-98c4-dc0c0c07398f', 'session_preload_libraries: the key is in force');
	$node->stop;
}
{
	my $node = new_node('facade_exposed', preload => 0, conf => "uuid6.facade_key = '$key_a'\n");
	$node->safe_psql('postgres', q{CREATE EXTENSION uuid6; CREATE ROLE alice LOGIN;
		CREATE TABLE parallel_keys AS SELECT uuid_generate_v7() AS id FROM generate_series(1, 20000);
		ANALYZE parallel_keys; GRANT SELECT ON parallel_keys TO alice;});
	# Then parallel workers, which load the library too: the leader's
	# warning is the only one.
	my ($ret, $stdout, $stderr) = $node->psql('postgres', $show_then_use . q{
		SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0;
		SET min_parallel_table_scan_size = 0; SET max_parallel_workers_per_gather = 2;
		SET parallel_leader_participation = off;
		EXPLAIN (COSTS OFF) SELECT count(*) FROM parallel_keys WHERE uuid_v7_to_facade(id) IS NOT NULL;
		SELECT count(*) FROM parallel_keys WHERE uuid_v7_to_facade(id) IS NOT NULL;},
		on_error_stop => 0, extra_params => [ '--username' => 'alice' ]);
	my @shown = split /\n/, $stdout;
	is($shown[0], $key_a, 'not preloaded: before its first use of uuid6, any role reads the key (the exposure docs/facade.md describes)');
	like($stderr,
		qr/WARNING:  uuid6.facade_key could be read by any role in this session until uuid6 was loaded.*HINT:  Add uuid6 to session_preload_libraries/s,
		'not preloaded: the first use of uuid6 warns that the key was readable, and how to prevent it');
	unlike($stderr, qr/\Q$key_a\E|0001020304/, 'not preloaded: the warning does not show the key');
	like($stderr, qr/ERROR:  (must be superuser or have privileges of pg_read_all_settings to examine|permission denied to examine) "uuid6.facade_key"/,
		'not preloaded: once the library is loaded, SHOW is refused');
	like($stdout, qr/Gather.*\n20000$/s, 'not preloaded: a parallel query used the key');
	is(scalar(() = $stderr =~ /WARNING:  uuid6.facade_key could be read/g), 1,
		'not preloaded: one warning per session, none from parallel workers');
	# A key the session tries to set itself is refused when the library
	# loads, and, the server having no key, nothing was exposed.
	$node->append_conf('postgresql.conf', "uuid6.facade_key = ''\n");
	$node->reload;
	$node->poll_query_until('postgres', q{SELECT current_setting('uuid6.facade_key') = ''}) or die 'reload not seen';
	($ret, $stdout, $stderr) = $node->psql('postgres',
		"SET uuid6.facade_key = '$key_b'; SELECT coalesce(uuid6_facade_key_id(), 'none')");
	is($stdout, 'none', 'not preloaded: a key set by the session itself is not used');
	like($stderr, qr/WARNING:  parameter "uuid6.facade_key" cannot be changed now/,
		'not preloaded: ... refused with a warning when the library loads');
	unlike($stderr, qr/could be read/, 'not preloaded: ... and no exposure is reported');
	$node->stop;
}

done_testing();
