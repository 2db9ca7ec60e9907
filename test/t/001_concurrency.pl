# Cross-backend order under real concurrency (SPEC §2): 4 clients x 50,000
# generations per version, each under a global advisory lock that also takes
# nextval, must come out in exactly the sequence's order with no duplicate;
# and without any lock, concurrent generation must still be duplicate-free.
use strict;
use warnings;
use PostgreSQL::Test::Utils;
use Test::More;
use Uuid6Test;

my $node = new_node('concurrency');
generation_table($node, 'postgres');

my $clients = 4;
my $per_client = 50_000;
my $per_tx = 10;
for my $v (6, 7, 8)
{
	pgbench_generate($node, 'postgres', version => $v, clients => $clients,
		transactions => $per_client / $per_tx, per_tx => $per_tx);
	check_generations($node, 'postgres', $v, $clients * $per_client, 'locked');
}

is($node->safe_psql('postgres', q{SELECT string_agg(DISTINCT mode, ',') FROM uuid6_status()}),
	'shared_preload', 'preloaded: state in the main segment');

# No lock at all: the ids collide with nothing.
$node->safe_psql('postgres', 'TRUNCATE generated');
for my $v (6, 7, 8)
{
	pgbench_generate($node, 'postgres', version => $v, clients => $clients,
		transactions => 2_000, per_tx => 10, lock => 0);
}
is($node->safe_psql('postgres', 'SELECT count(*) - count(DISTINCT id) FROM generated'),
	'0', 'free-running concurrent generation: 0 duplicates over 240,000 ids');

# Parallel workers draw from the same sequences: the cluster-wide count
# grows by exactly the rows a parallel scan generated for.
$node->safe_psql('postgres', q{
	CREATE TABLE parallel_input AS SELECT g FROM generate_series(1, 200000) AS g;
	ANALYZE parallel_input;
});
my $parallel = $node->safe_psql('postgres', q{
	SET max_parallel_workers_per_gather = 2;
	SET parallel_setup_cost = 0;
	SET parallel_tuple_cost = 0;
	SET min_parallel_table_scan_size = 0;
	CREATE TEMP TABLE before AS SELECT version, generated FROM uuid6_status();
	CREATE TEMP TABLE made AS SELECT uuid_generate_v7() AS id FROM parallel_input;
	SELECT (SELECT count(DISTINCT id) FROM made),
	       (SELECT s.generated - b.generated FROM uuid6_status() s JOIN before b USING (version)
	        WHERE version = 7);
	EXPLAIN (COSTS OFF) SELECT uuid_generate_v7() FROM parallel_input;
});
like($parallel, qr/^200000\|200000\n/, 'parallel scan: 200,000 distinct ids, all counted in the shared state');
like($parallel, qr/Workers Planned: 2/, 'the generation really ran in parallel workers');

$node->stop;
done_testing();
