# A key goes out only once its database's lease is flushed to WAL, even
# where nothing else would flush it before the key leaves: a SELECT in an
# open transaction, with synchronous_commit off and a WAL writer that sleeps
# ten seconds; both in the session that writes the lease and in one that
# adopts the lease another wrote. Preloaded and not.
use strict;
use warnings;
use PostgreSQL::Test::Utils;
use Test::More;
use Uuid6Test;

my $flushed = q{SELECT pg_current_wal_flush_lsn() >= lsn
	FROM page_header(get_raw_page('uuid6_lease.uuid6_lease_v7', 'main', 0))};
for my $preload (1, 0)
{
	my $mode = $preload ? 'preloaded' : 'not preloaded';
	my $node = new_node("lease_flush_$preload", preload => $preload,
		conf => "synchronous_commit = off\nwal_writer_delay = '10s'\nautovacuum = off\n"
		  . "checkpoint_timeout = '1h'\n");
	$node->safe_psql('postgres', 'CREATE EXTENSION uuid6; CREATE EXTENSION pageinspect;');
	# A restart makes every database's first key write a lease.
	$node->restart;
	for my $round (1 .. 3)
	{
		my $writer = $node->safe_psql('postgres', qq{BEGIN;
			SELECT uuid_generate_v7() IS NOT NULL;
			$flushed;
			COMMIT;});
		is($writer, "t\nt", "$mode, round $round: the lease a SELECT wrote is flushed before its key is returned");
		# The lease's renewal point is a second below its end: wait past
		# it, so that the next session writes again.
		sleep 3;
		$node->restart if $round == 2;
	}
	# One session writes the lease in an open transaction; another adopts it.
	my $first = $node->background_psql('postgres');
	$first->query_safe('BEGIN; SET LOCAL synchronous_commit = off; SELECT uuid_generate_v7()');
	my $adopted = $node->safe_psql('postgres', qq{BEGIN;
		SELECT uuid_generate_v7() IS NOT NULL;
		$flushed;
		COMMIT;});
	is($adopted, "t\nt", "$mode: the lease a session adopts is flushed before its key is returned");
	$first->query_safe('COMMIT');
	$first->quit;
	$node->stop;
}

done_testing();
