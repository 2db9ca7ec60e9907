# What a move keeps across the databases of a cluster (docs/guarantees.md:
# strictly increasing inside one database). Database a runs uuid6_advance 10 minutes ahead and makes
# a key; database b stays quiet; the standby, whose state file predates the
# advance, is promoted. Promised, and checked: b's keys after the move are
# above every key b holds; a's are above every key a holds; and once a has
# made a key on the new server, b's later keys are above every key of a.
# The limit the docs state is checked too: b's first keys after the move
# can sort below a key a made before it (if that changes, so must
# docs/guarantees.md). Preloaded and not.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Uuid6Test;

for my $preload (1, 0)
{
	my $mode = $preload ? 'preloaded' : 'not preloaded';
	my $primary = PostgreSQL::Test::Cluster->new("cross_primary_$preload");
	$primary->init(allows_streaming => 1, has_archiving => 1);
	$primary->append_conf('postgresql.conf', "log_statement = none\n"
		  . ($preload ? "shared_preload_libraries = 'uuid6'\n" : ''));
	$primary->start;
	$primary->safe_psql('postgres', 'CREATE DATABASE a; CREATE DATABASE b;');
	for my $db ('a', 'b')
	{
		$primary->safe_psql($db, 'CREATE EXTENSION uuid6; CREATE TABLE k (id uuid PRIMARY KEY);
			INSERT INTO k SELECT uuid_generate_v7() FROM generate_series(1, 10);');
	}
	take_backup($primary, 'before');
	my $standby = PostgreSQL::Test::Cluster->new("cross_standby_$preload");
	$standby->init_from_backup($primary, 'before', has_streaming => 1,
		has_restoring => !have_basebackup());
	# Its own timeline stays out of the primary's archive.
	$standby->append_conf('postgresql.conf', "archive_mode = off\n");
	$standby->start;

	$primary->safe_psql('a', q{SELECT uuid6_advance(uuid_generate_v7(clock_timestamp() + interval '10 min'));
		INSERT INTO k SELECT uuid_generate_v7();});
	my $newest_a = $primary->safe_psql('a', 'SELECT id FROM k ORDER BY id DESC LIMIT 1');
	$primary->wait_for_catchup($standby);
	$primary->stop;
	$standby->promote;

	my $above_own = q{INSERT INTO k SELECT uuid_generate_v7()
		RETURNING id > ALL (SELECT id FROM k)};
	my $first_b = $standby->safe_psql('b', q{SELECT uuid_generate_v7()});
	is($standby->safe_psql('b', "SELECT '$first_b'::uuid > ALL (SELECT id FROM k)"), 't',
		"$mode: after the move, b's first key is above every key b holds");
	is($first_b lt $newest_a ? 'below' : 'above', 'below',
		"$mode: the stated limit: b's first key can sort below a key a made before the move");
	is($standby->safe_psql('a', $above_own), 't',
		"$mode: a's first key after the move is above every key a holds");
	is($standby->safe_psql('b', q{SELECT uuid_generate_v7()}) gt $newest_a ? 'above' : 'below', 'above',
		"$mode: once a has made a key on the new server, b's keys are above every key of a");
	$standby->stop;
}

done_testing();
