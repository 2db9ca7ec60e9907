# A transaction that made keys holds its database's lease sequence until it
# ends; an ALTER EXTENSION uuid6 SET SCHEMA (or a DROP EXTENSION, an update
# script) then waits for AccessExclusiveLock behind it. A session that must
# read or renew the lease meanwhile is not queued behind that change (which
# would stop key generation in the database until the open transaction
# ends): it gets an ERROR naming the lease (55P03) within seconds, and
# makes keys again once the change is through. Preloaded and not.
use strict;
use warnings;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time);
use Uuid6Test;

for my $preload (1, 0)
{
	my $mode = $preload ? 'preloaded' : 'not preloaded';
	my $node = new_node("lease_lock_$preload", preload => $preload);
	$node->safe_psql('postgres', 'CREATE SCHEMA moved; CREATE EXTENSION uuid6; SELECT uuid_generate_v7()');

	# An open transaction that made a key: it holds the lease.
	my $open = $node->background_psql('postgres');
	$open->query_safe('BEGIN; SELECT uuid_generate_v7()');
	# The change, waiting behind it.
	my $change = $node->background_psql('postgres', on_error_stop => 0);
	$change->query_until(qr/started/, "\\echo started\nALTER EXTENSION uuid6 SET SCHEMA moved;\n");
	$node->poll_query_until('postgres', q{SELECT count(*) > 0 FROM pg_stat_activity
		WHERE wait_event_type = 'Lock' AND query LIKE 'ALTER EXTENSION%'})
	  or die 'the change does not wait';

	# A new session must read the lease before its first key.
	my $start = time;
	my $timed_out = 0;
	my ($rc, $out, $err) = $node->psql('postgres', 'SELECT public.uuid_generate_v7() IS NOT NULL',
		timeout => 30, timed_out => \$timed_out, extra_params => [ '--set' => 'VERBOSITY=verbose' ]);
	my $waited = time - $start;
	diag(sprintf('%s: a new session waited %.2f s behind the change', $mode, $waited));
	cmp_ok($waited, '<', 15, "$mode: a session that must read the lease is not queued behind the change");
	ok(!$timed_out, "$mode: ... it is answered (not still waiting after 30 s)");
	like($err // '', qr/ERROR:  55P03: uuid6: the database lease "uuid6_lease_\w+" is locked/,
		"$mode: ... it gets an ERROR naming the lease");

	# The open transaction ends, the change goes through, keys are made.
	$open->query_safe('COMMIT');
	$open->quit;
	$change->quit;
	is($node->safe_psql('postgres', q{SELECT extnamespace::regnamespace FROM pg_extension WHERE extname = 'uuid6'}),
		'moved', "$mode: the change went through once the transaction ended");
	is($node->safe_psql('postgres', 'SELECT moved.uuid_generate_v7() IS NOT NULL'), 't',
		"$mode: keys are made again");
	$node->stop;
}

done_testing();
