# Which roles can stop the C library's keys through its lease sequences, as
# Operations says ("The lease sequences and other roles"). Preloaded and not.
#   - uuid6 1.4 in public: mallory, who may only use the schema, holds a lock
#     on uuid6_lease_server in an open transaction (PREPARE takes it without
#     any privilege on the sequence) and queues CREATE RULE behind it from a
#     second session (it waits for its lock before it checks ownership): a
#     new session's first key fails with 55P03 until mallory's transaction
#     ends. The update to 1.5 moves the sequences into schema uuid6_lease,
#     which mallory may not use: the same CREATE RULE is refused at once.
#   - uuid6 1.5 installed in public, mallory making keys both by calling
#     uuid6 and through a column DEFAULT: every way to name a lease sequence
#     fails at once (42501), mallory holds every lock on them a role can take
#     without naming them (an open transaction that made keys, reads by OID)
#     while 8 sessions of hers try by OID the functions that take stronger
#     ones (brin_summarize_range), and new sessions make their keys
#     throughout, one for 5 s on end, none waiting for a lock.
#   - A member of pg_write_all_data may setval the lease sequences (no
#     privilege on them can keep it out): a lease written 20 hours ahead
#     with a foreign server mark lifts no non-superuser session's keys
#     beyond uuid6.max_advance (the extension owner's day, in 1.5: every
#     later key of the cluster lay 20 hours ahead); such a session is
#     refused (55000) naming the lease, and the cluster's other databases
#     keep their keys at the clock; a superuser's key lifts the sequences.
use strict;
use warnings;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time);
use Uuid6Test;

my @as_mallory = (extra_params => [ '--username' => 'mallory' ]);

for my $preload (1, 0)
{
	my $mode = $preload ? 'preloaded' : 'not preloaded';
	my $node = new_node("lease_roles_$preload", preload => $preload);
	$node->safe_psql('postgres', q{CREATE ROLE mallory LOGIN;
		CREATE DATABASE shared; CREATE DATABASE own;});

	# uuid6 1.4 in public, which mallory may use (as every role may).
	$node->safe_psql('shared', q{CREATE EXTENSION uuid6 VERSION '1.4'; SELECT uuid_generate_v7()});
	my $holder = $node->background_psql('shared', @as_mallory);
	$holder->query_safe('BEGIN; PREPARE hold AS SELECT last_value FROM public.uuid6_lease_server');
	my $rule = $node->background_psql('shared', on_error_stop => 0, @as_mallory);
	$rule->query_until(qr/started/,
		"\\echo started\nCREATE RULE r AS ON INSERT TO public.uuid6_lease_server DO INSTEAD NOTHING;\n");
	$node->poll_query_until('shared', q{SELECT count(*) > 0 FROM pg_stat_activity
		WHERE wait_event_type = 'Lock' AND query LIKE 'CREATE RULE%'})
	  or die 'CREATE RULE does not wait';
	my ($rc, $out, $err) = $node->psql('shared', 'SELECT uuid_generate_v7() IS NOT NULL',
		timeout => 30, extra_params => [ '--set' => 'VERBOSITY=verbose' ]);
	like($err // '', qr/ERROR:  55P03: uuid6: the database lease "uuid6_lease_server" is locked/,
		"$mode, uuid6 1.4 in public: while mallory's CREATE RULE waits, a new session's first key fails");
	$holder->query_safe('ROLLBACK');
	$holder->quit;
	$rule->quit;
	is($node->safe_psql('shared', 'SELECT uuid_generate_v7() IS NOT NULL'), 't',
		"$mode, uuid6 1.4 in public: keys again once mallory's transaction ended");
	$node->safe_psql('shared', 'ALTER EXTENSION uuid6 UPDATE');
	$holder = $node->background_psql('shared', @as_mallory);
	$holder->query_safe('BEGIN; SELECT uuid_generate_v7()');
	($rc, $out, $err) = $node->psql('shared',
		'CREATE RULE r AS ON INSERT TO uuid6_lease.uuid6_lease_server DO INSTEAD NOTHING',
		timeout => 30, extra_params => [ '--username' => 'mallory', '--set' => 'VERBOSITY=verbose' ]);
	like($err // '', qr/ERROR:  42501: permission denied for schema uuid6_lease/,
		"$mode, updated to 1.5: mallory's CREATE RULE on the moved sequence is refused at once");
	is($node->safe_psql('shared', 'SELECT uuid_generate_v7() IS NOT NULL'), 't',
		"$mode, updated to 1.5: a new session makes its first key while mallory's transaction is open");
	$holder->query_safe('COMMIT');
	$holder->quit;

	# uuid6 1.5 in public; mallory calls it and inserts through a DEFAULT.
	$node->safe_psql('own', q{CREATE EXTENSION uuid6;
		CREATE TABLE orders (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), n int);
		GRANT INSERT, SELECT ON orders TO mallory;});
	my %oid = map { $_ => $node->safe_psql('own', "SELECT 'uuid6_lease.$_'::regclass::oid") }
	  qw(uuid6_lease_v6 uuid6_lease_v7 uuid6_lease_v8 uuid6_lease_server);
	is($node->safe_psql('own', 'SELECT uuid_generate_v7() IS NOT NULL', @as_mallory), 't',
		"$mode, 1.5: mallory makes keys by calling uuid6");
	is($node->safe_psql('own', 'INSERT INTO orders (n) VALUES (1) RETURNING id IS NOT NULL',
		@as_mallory), 't', "$mode, 1.5: mallory makes keys through the DEFAULT");

	# Every lock mallory can hold on them without naming them, held open:
	# those of a transaction that made keys, and of reads by OID.
	$holder = $node->background_psql('own', @as_mallory);
	$holder->query_safe('BEGIN; INSERT INTO orders (n) SELECT 2 FROM generate_series(1, 100);');
	$holder->query_safe("SELECT pg_sequence_last_value($_)") for values %oid;
	my $held = $node->safe_psql('own', qq{SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a USING (pid)
		WHERE a.usename = 'mallory' AND l.relation IN (@{[ join ', ', values %oid ]})});
	cmp_ok($held, '>=', 4, "$mode, 1.5: mallory holds locks on the lease sequences ($held)");

	# Every way to name them fails at once.
	for my $statement (
		'CREATE RULE r AS ON INSERT TO uuid6_lease.uuid6_lease_server DO INSTEAD NOTHING',
		'CREATE TRIGGER t BEFORE INSERT ON uuid6_lease.uuid6_lease_v7 FOR EACH ROW EXECUTE FUNCTION suppress_redundant_updates_trigger()',
		q{COMMENT ON SEQUENCE uuid6_lease.uuid6_lease_v7 IS 'x'},
		'BEGIN; LOCK TABLE uuid6_lease.uuid6_lease_v7',
		'BEGIN; PREPARE p AS SELECT last_value FROM uuid6_lease.uuid6_lease_v7',
		q{SELECT 'uuid6_lease.uuid6_lease_v7'::regclass})
	{
		my $refusal = qr/ERROR:  42501: permission denied for schema uuid6_lease/;
		my $start = time;
		my ($rc, $out, $err) = $node->psql('own', $statement, timeout => 30,
			extra_params => [ '--username' => 'mallory', '--set' => 'VERBOSITY=verbose' ]);
		like($err // '', $refusal, "$mode, 1.5: mallory cannot name them: $statement");
		cmp_ok(time - $start, '<', 5, "$mode, 1.5: ... answered at once");
	}

	# The functions that take a stronger lock by OID before they check it
	# (brin_summarize_range: ShareUpdateExclusiveLock), called over and over
	# by 8 sessions of mallory's, so that one of them nearly always holds or
	# waits for that lock on each lease sequence, while new sessions make
	# keys and one makes them for 5 s on end (renewing the lease meanwhile).
	my @spam;
	for my $i (1 .. 8)
	{
		# Half of them on the v7 lease, which the keys below renew.
		my $oids = $i % 2 ? $oid{uuid6_lease_v7} : join ', ', values %oid;
		my $spam = $node->background_psql('own', on_error_stop => 0, @as_mallory);
		$spam->query_until(qr/started/, "\\echo started\n" . qq{DO \$\$DECLARE s oid;
			BEGIN WHILE clock_timestamp() < now() + interval '120 s' LOOP
				FOREACH s IN ARRAY ARRAY[$oids]::oid[] LOOP
					BEGIN PERFORM brin_summarize_range(s::regclass, 0); EXCEPTION WHEN OTHERS THEN NULL; END;
				END LOOP; END LOOP; END\$\$;\n});
		push @spam, $spam;
	}
	$node->poll_query_until('own', q{SELECT count(*) = 8 FROM pg_stat_activity
		WHERE usename = 'mallory' AND state = 'active' AND query LIKE 'DO%'})
	  or die 'the calls by OID do not run';
	my ($rc_long, $out_long, $err_long) = $node->psql('own', q{DO $$BEGIN
		WHILE clock_timestamp() < now() + interval '5 s' LOOP PERFORM uuid_generate_v7(); END LOOP; END$$},
		timeout => 60, @as_mallory);
	is($rc_long, 0, "$mode, 1.5: a session makes keys for 5 s on end, renewing the lease, while mallory tries")
	  or diag($err_long);
	my ($failed, $slowest) = (0, 0);
	for my $i (1 .. 10)
	{
		my $start = time;
		my ($rc, $out, $err) = $node->psql('own', 'INSERT INTO orders (n) SELECT 3 FROM generate_series(1, 50)',
			timeout => 30, @as_mallory);
		$failed++ if $rc != 0;
		diag("$mode: $err") if $rc != 0;
		$slowest = time - $start if time - $start > $slowest;
	}
	is($failed, 0, "$mode, 1.5: 10 new sessions made their keys while mallory held and tried every lock");
	cmp_ok($slowest, '<', 5, sprintf('%s, 1.5: ... the slowest in %.2f s', $mode, $slowest));
	is($node->safe_psql('own', q{SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a USING (pid)
		WHERE NOT l.granted AND a.query NOT LIKE 'DO%' AND l.relation IN (} . join(', ', values %oid) . ')'), '0',
		"$mode, 1.5: nothing but mallory's calls waits for a lock on the lease sequences");
	is($node->safe_psql('own', q{SELECT count(*) FROM pg_stat_activity
		WHERE usename = 'mallory' AND state = 'active' AND query LIKE 'DO%'}), '8',
		"$mode, 1.5: mallory's calls by OID ran all along");
	$node->safe_psql('own', q{SELECT pg_cancel_backend(pid) FROM pg_stat_activity
		WHERE usename = 'mallory' AND state = 'active' AND query LIKE 'DO%'});
	$_->quit for @spam;
	$holder->query_safe('COMMIT');
	$holder->quit;
	is($node->safe_psql('own', 'SELECT count(*) FROM orders'), '601',
		"$mode, 1.5: every row is there");
	$node->stop;
}

{
	my $node = new_node('lease_write_all', preload => 1);
	$node->safe_psql('postgres', q{CREATE ROLE writer LOGIN IN ROLE pg_write_all_data;
		CREATE ROLE app LOGIN; CREATE DATABASE forged;});
	$node->safe_psql('forged', 'CREATE EXTENSION uuid6; SELECT uuid_generate_v7()');
	$node->safe_psql('postgres', 'CREATE EXTENSION uuid6');
	# A v7 lease counts 4096 a millisecond.
	my $ahead = $node->safe_psql('forged', q{SELECT last_value + 20::bigint * 3600 * 1000 * 4096 FROM uuid6_lease.uuid6_lease_v7});
	$node->safe_psql('forged', qq{SELECT setval('uuid6_lease.uuid6_lease_v7', $ahead);
		SELECT setval('uuid6_lease.uuid6_lease_server', 42)}, extra_params => [ '--username' => 'writer' ]);
	my ($rc, $out, $err) = $node->psql('forged', 'SELECT uuid_generate_v7()',
		extra_params => [ '--username' => 'app' ]);
	like($err, qr/ERROR:  uuid6: the lease of version 7 in "uuid6_lease_v7" lies further ahead of the clock than uuid6 may lift the sequences on its own/,
		'a lease forged 20 h ahead by a pg_write_all_data member: a non-superuser session is refused, not lifted');
	like($err, qr/may be lifted only uuid6\.max_advance \(for a role that is not a superuser\) ahead of the clock here/, '... naming the bound that applies');
	is($node->safe_psql('postgres', q{SELECT uuid_extract_time(uuid_generate_v7()) < now() + interval '10 minutes'},
		extra_params => [ '--username' => 'app' ]), 't',
		"another database's keys stay at the clock");
	is($node->safe_psql('forged', q{SELECT uuid_extract_time(uuid_generate_v7()) > now() + interval '19 hours'}), 't',
		"a superuser's key lifts the sequences to the lease (the bound of a superuser's uuid6_advance)");
	$node->stop;
}

done_testing();
