# However many quick restarts come in a row, the lead of the sequences over
# the clock stays within two seconds, the bound docs/operations.md gives (SPEC §6c):
# a restored sequence resumes at the old lease (up to two seconds ahead), and
# the next lease is taken from the clock, not two seconds beyond the old one.
# Ten immediate stops and ten crash restarts (a backend killed with
# SIGKILL) in a row, each followed by one call per version; preloaded and
# not (lazy_shmem on 15/16, dsm_registry on 17+). Keys rise throughout.
use strict;
use warnings;
use PostgreSQL::Test::Utils;
use Test::More;
use Uuid6Test;

my $bound_us = 2_000_000;
my $one_each = q{INSERT INTO keys SELECT v, CASE v WHEN 6 THEN uuid_generate_v6() WHEN 7 THEN uuid_generate_v7()
	ELSE uuid_generate_v8() END FROM unnest(ARRAY[6, 7, 8]) AS v};

for my $preload (1, 0)
{
	my $node = new_node('lead' . $preload, preload => $preload, conf => "restart_after_crash = on\n");
	my $major = server_major($node);
	my $mode = $preload ? 'shared_preload' : $major >= 17 ? 'dsm_registry' : 'lazy_shmem';
	$node->safe_psql('postgres', "CREATE EXTENSION uuid6; CREATE TABLE keys (v int, id uuid, n serial);
		$one_each");
	for my $how ('immediate', 'crash')
	{
		my @leads;
		for my $round (1 .. 10)
		{
			if ($how eq 'crash') { crash_backend($node); }
			else { $node->stop('immediate'); $node->start; }
			my $lead = $node->safe_psql('postgres', "$one_each;
				SELECT max(ahead_of_clock_us) FROM uuid6_status()");
			push @leads, $lead;
		}
		my @over = grep { $_ > $bound_us } @leads;
		is(scalar(@over), 0, "$mode, 10 ${how} restarts in a row: the lead stayed within 2 s after each ("
			  . join(' ', map { sprintf('%.2f', $_ / 1e6) } @leads) . ' s)');
	}
	is($node->safe_psql('postgres', q{
		SELECT count(*) FROM (SELECT id, lag(id) OVER (PARTITION BY v ORDER BY n) AS prev FROM keys) k
		WHERE id <= prev}), '0', "$mode: every key above the one before it, across all restarts");
	$node->stop;
}

done_testing();
