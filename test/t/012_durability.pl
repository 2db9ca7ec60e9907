# Keys never go backwards across a restart (SPEC §2, Durability): values are
# made with the clock at +0, the server goes down — fast stop, immediate
# stop, or a backend killed with SIGKILL (crash restart) — the clock steps
# back an hour, and every new value of every version sorts above every old
# one. Preloaded and not (lazy_shmem on 15/16, dsm_registry on 17+). Then:
# uuid6_advance lifts the sequences above imported keys, durably, and
# returns promptly even ahead of a clock stepped back; and a slow
# state-file write never holds up a generator with lease left. (A state file
# that cannot be read: 015_unreadable_state.pl; a disk slower than the
# renewal margin: 031_lease_slow_disk.pl.)
use strict;
use warnings;
use File::Spec;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time);
use Uuid6Test;

plan skip_all => 'libfaketime is not installed (Debian package faketime)'
  unless libfaketime();

my $all_versions = q{SELECT v, CASE v WHEN 6 THEN uuid_generate_v6() WHEN 7 THEN uuid_generate_v7()
	ELSE uuid_generate_v8() END FROM generate_series(1, 1000), unnest(ARRAY[6, 7, 8]) AS v};

# Every version's fresh values above every stored one; stores them too.
sub check_above
{
	my ($node, $label) = @_;
	my $result = $node->safe_psql('postgres', qq{
		CREATE TEMP TABLE fresh AS $all_versions;
		SELECT string_agg(format('%s:%s', v, bad), ' ' ORDER BY v) FROM (
			SELECT f.v, count(*) FILTER (WHERE f.id <= (SELECT max(id::text)::uuid FROM keys k WHERE k.v = f.v)) AS bad
			FROM fresh AS f(v, id) GROUP BY f.v) AS c;
		INSERT INTO keys SELECT * FROM fresh;});
	is($result, '6:0 7:0 8:0', "$label: all 3,000 new values per version above every old one");
}

for my $preload (1, 0)
{
	my $node = new_node('durable' . $preload, preload => $preload, no_start => 1,
		conf => "restart_after_crash = on\n");
	start_faked($node);
	my $major = server_major($node);
	my $mode = $preload ? 'shared_preload' : $major >= 17 ? 'dsm_registry' : 'lazy_shmem';
	$node->safe_psql('postgres', "CREATE EXTENSION uuid6; CREATE TABLE keys (v int, id uuid);
		INSERT INTO keys $all_versions");
	is($node->safe_psql('postgres', 'SELECT min(mode) FROM uuid6_status()'), $mode, "mode $mode");

	my $offset = 0;
	for my $how ('fast', 'immediate', 'crash')
	{
		$offset -= 3600;
		if ($how eq 'crash')
		{
			# The clock steps back while the server runs; the crash restart
			# re-creates the shared state from the file alone.
			set_fake_clock($node, $offset);
			crash_backend($node);
			like(slurp_file($node->logfile), qr/terminated by signal 9/, "$mode: a real crash");
		}
		else
		{
			$node->stop($how);
			set_fake_clock($node, $offset);
			start_faked($node);
		}
		check_above($node, "$mode, stop $how, clock ${offset}s");
		my $status = $node->safe_psql('postgres', q{
			SELECT string_agg(format('%s:%s', version, restored_from), ' ' ORDER BY version) FROM uuid6_status()});
		is($status, '6:state file 7:state file 8:state file', "$mode, $how: uuid6_status says what was restored");
	}

	$node->stop;
}

# uuid6_advance: keys imported from a cluster whose clock is an hour ahead.
{
	my $node = new_node('advance', preload => 1);
	$node->safe_psql('postgres', q{
		CREATE EXTENSION uuid6;
		CREATE TABLE imported AS
			SELECT v, CASE v WHEN 6 THEN uuid_generate_v6(t) WHEN 7 THEN uuid_generate_v7(t)
			                 ELSE uuid_generate_v8(t) END AS id
			FROM unnest(ARRAY[6, 7, 8]) AS v, generate_series(now() + interval '59 minutes', now() + interval '1 hour', interval '1 second') AS t;
		CREATE ROLE app LOGIN;});
	my $above = q{SELECT string_agg(format('%s:%s', v, fresh > top), ' ' ORDER BY v) FROM (
		SELECT v, max(id::text)::uuid AS top,
		       CASE v WHEN 6 THEN uuid_generate_v6() WHEN 7 THEN uuid_generate_v7() ELSE uuid_generate_v8() END AS fresh
		FROM imported GROUP BY v) AS m};
	is($node->safe_psql('postgres', $above), '6:f 7:f 8:f', 'before uuid6_advance: new keys sort below the imported ones');

	my ($rc, $out, $err) = $node->psql('postgres',
		q{\set VERBOSITY verbose
		  SELECT uuid6_advance('01a20161-dff5-7341-8c58-a75577312cb2')},
		extra_params => [ '--username' => 'app' ]);
	like($err, qr/ERROR:  42501: permission denied for function uuid6_advance/,
		'a role without the grant gets 42501');
	($rc, $out, $err) = $node->psql('postgres',
		q{\set VERBOSITY verbose
		  SELECT uuid6_advance(uuid_generate_v7(now() + interval '400 days'))});
	like($err, qr/ERROR:  22008: uuid6_advance refuses a UUID more than one day ahead/,
		'a value 400 days ahead gets 22008');

	$node->safe_psql('postgres', q{
		SELECT uuid6_advance((SELECT id FROM imported WHERE v = 6 ORDER BY id DESC LIMIT 1));
		SELECT uuid6_advance((SELECT id FROM imported WHERE v = 7 ORDER BY id DESC LIMIT 1));
		SELECT uuid6_advance((SELECT id FROM imported WHERE v = 8 ORDER BY id DESC LIMIT 1));});
	is($node->safe_psql('postgres', $above), '6:t 7:t 8:t', 'after uuid6_advance: new keys sort above them');
	# Persisted before it returned: an immediate stop right after keeps it.
	$node->stop('immediate');
	$node->start;
	is($node->safe_psql('postgres', $above), '6:t 7:t 8:t', 'and still after an immediate stop');
	$node->safe_psql('postgres', 'GRANT EXECUTE ON FUNCTION uuid6_advance(uuid) TO app');
	($rc, $out, $err) = $node->psql('postgres', 'SELECT uuid6_advance(uuid_generate_v7())',
		extra_params => [ '--username' => 'app' ]);
	is($err, '', 'with a grant, another role may advance');
	$node->stop;
}

# The clock steps back a minute after a lease was taken, and uuid6_advance
# lifts v7 to half a second before that lease's end: ahead of the clock, past
# the lease's renewal point, where a renewal from the clock gives nothing
# beyond the lease. The advance returns at once (its own write moves the
# renewal point), and the calls that follow do not rewrite the state file
# each time: an LD_PRELOAD library (test/fault/uuid6_sync_log.so) logs every
# rename onto the state file.
{
	my $shim = File::Spec->rel2abs('test/fault/uuid6_sync_log.so');
	die "$shim is not built: run make -C test/fault" unless -e $shim;
	for my $preload (1, 0)
	{
		my $label = $preload ? 'preloaded' : 'not preloaded';
		my $node = new_node('stepback' . $preload, preload => $preload, no_start => 1);
		my $log = $node->basedir . '/sync.log';
		{
			local $ENV{UUID6_SYNC_LOG} = $log;
			start_faked($node, also_preload => $shim);
		}
		$node->safe_psql('postgres', 'CREATE EXTENSION uuid6; SELECT uuid_generate_v7()');
		set_fake_clock($node, '-60');
		my $start = time;
		my ($rc, $out, $err) = $node->psql('postgres', q{
			SET statement_timeout = '30s';
			SELECT uuid6_advance(uuid_timestamptz_to_v7(persisted_until - interval '0.5 s'))
			FROM uuid6_status() WHERE version = 7},
			timeout => 90);
		my $secs = sprintf('%.1f', time - $start);
		is($err, '', "$label: after a clock step back, uuid6_advance near the lease's end returns (${secs}s)");
		my $renames = sub { scalar(() = slurp_file($log) =~ / rename ok/g) };
		my $before = $renames->();
		$node->safe_psql('postgres', 'SELECT count(uuid_generate_v7()) FROM generate_series(1, 2000)');
		my $writes = $renames->() - $before;
		cmp_ok($writes, '<=', 3, "$label: 2,000 calls after it wrote the state file $writes times");
		$node->stop;
	}
}

# A slow disk: each state-file write takes 700 ms (an LD_PRELOAD library
# delays the rename). Four clients generate for eight seconds. The lease
# writer renews the lease in the background: no call takes the 700 ms.
{
	my $slow = File::Spec->rel2abs('test/fault/uuid6_slow_rename.so');
	SKIP:
	{
		skip "$slow is not built (make -C test/fault)", 3 unless -e $slow;
		my $node = new_node('slowdisk', preload => 1, no_start => 1);
		{
			local $ENV{LD_PRELOAD} = $slow;
			$node->start;
		}
		$node->safe_psql('postgres', q{CREATE EXTENSION uuid6;
			CREATE TABLE calls (t0 timestamptz, id uuid, t1 timestamptz);
			SELECT uuid_generate_v7();});
		my $before = $node->safe_psql('postgres', 'SELECT persisted_until FROM uuid6_status() WHERE version = 7');
		$node->pgbench('--no-vacuum --client=4 --jobs=4 --time=8', 0, [qr{processed: \d+}], [qr{^$}],
			'4 clients generate while the state file is slow to write',
			{ 'slow_disk.sql' => "INSERT INTO calls SELECT clock_timestamp(), uuid_generate_v7(), clock_timestamp();\n" });
		my ($calls, $slow_calls) = split /\|/, $node->safe_psql('postgres', q{
			SELECT count(*), count(*) FILTER (WHERE t1 - t0 >= interval '500 ms') FROM calls});
		my $writes = () = slurp_file($node->logfile) =~ /uuid6_slow_rename: delayed/g;
		cmp_ok($writes, '>=', 3, "the state file was rewritten $writes times, 700 ms each, during the run");
		is($slow_calls, 0, "none of $calls calls took 500 ms or more: none waited for a write");
		my $after = $node->safe_psql('postgres', q{
			SELECT persisted_until > clock_timestamp() FROM uuid6_status() WHERE version = 7});
		is($after, 't', "the lease still runs ahead of the clock (before the run: $before)");

		# After an idle spell shorter than the keep-alive window (a minute),
		# the lease writer has kept the lease ahead of the clock: the calls
		# that arrive wait for no write (1.5 let the lease run out, and the
		# first calls waited for a chain of slow writes, 2 s here), and none
		# takes a time from before the spell.
		my $renames = sub { scalar(() = slurp_file($node->logfile) =~ /uuid6_slow_rename: delayed/g) };
		my $before_idle = $renames->();
		$node->safe_psql('postgres', 'TRUNCATE calls; SELECT pg_sleep(4)');
		cmp_ok($renames->() - $before_idle, '>=', 1,
			'while idle, the lease writer renewed the lease by the clock ' . ($renames->() - $before_idle) . ' times');
		$node->pgbench('--no-vacuum --client=4 --jobs=4 --transactions=100', 0, [qr{processed: \d+}], [qr{^$}],
			'4 clients generate right after an idle spell',
			{ 'after_idle.sql' => "INSERT INTO calls SELECT clock_timestamp(), uuid_generate_v7(), clock_timestamp();\n" });
		my ($lag, $slowest) = split /\|/, $node->safe_psql('postgres',
			q{SELECT round(extract(epoch FROM max(t1 - uuid_extract_time(id, true))) * 1000),
			         round(extract(epoch FROM max(t1 - t0)) * 1000) FROM calls});
		cmp_ok($slowest, '<', 500, "after an idle spell no call waited for a write (slowest ${slowest} ms; a write takes 700)");
		cmp_ok($lag, '<', 500, "after an idle spell no value's time lies more than ${lag} ms behind its call");
		$node->stop;

		# Slower than the whole lease (2.5 s a write): nobody loops for ever
		# and every call stays cancellable; values carry a time behind the
		# clock while a write is under way, never one ahead of it.
		{
			local $ENV{LD_PRELOAD} = $slow;
			local $ENV{UUID6_SLOW_RENAME_MS} = '2500';
			$node->start;
		}
		my $start = time;
		my ($rc, $out, $err) = $node->psql('postgres', q{
			SET statement_timeout = '30s';
			CREATE TEMP TABLE g (id uuid, after timestamptz);
			INSERT INTO g SELECT uuid_generate_v7(), clock_timestamp();
			SELECT pg_sleep(2.5);
			INSERT INTO g SELECT uuid_generate_v7(), clock_timestamp();
			SELECT pg_sleep(2.5);
			INSERT INTO g SELECT uuid_generate_v7(), clock_timestamp();
			SELECT count(*) FILTER (WHERE uuid_extract_time(id, true) <= after), count(*) FROM g},
			timeout => 60);
		my $secs = time - $start;
		$out = (split /\n/, $out)[-1] // '';
		is($out, '3|3', 'with writes slower than the lease, calls complete, and no time is read late');
		is($err, '', 'no error');
		cmp_ok($secs, '<', 25, "three spaced calls took ${secs}s, not a loop");
		my $slow_writes = () = slurp_file($node->logfile) =~ /delayed a state file write by 2500 ms/g;
		cmp_ok($slow_writes, '>=', 2, "$slow_writes writes of 2.5 s each happened meanwhile");
		$node->stop;
	}
}

done_testing();
