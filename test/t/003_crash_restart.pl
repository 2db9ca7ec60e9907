# A backend killed with SIGKILL while it generates: the server recovers,
# generation continues and is greater than everything committed before;
# the same across a clean restart.
use strict;
use warnings;
use PostgreSQL::Test::Utils;
use Test::More;
use Uuid6Test;

my $node = new_node('crash', conf => "restart_after_crash = on\n");
generation_table($node, 'postgres');
$node->safe_psql('postgres',
	"INSERT INTO generated SELECT nextval('generated_n'), v, CASE v WHEN 6 THEN uuid_generate_v6()"
	  . " WHEN 7 THEN uuid_generate_v7() ELSE uuid_generate_v8() END"
	  . " FROM generate_series(1, 1000), unnest(ARRAY[6, 7, 8]) AS v");

# A backend generating in a loop for a long time.
my $busy = $node->background_psql('postgres', on_error_stop => 0);
$busy->query_until(qr/generating/, q{
	\echo generating
	SELECT count(uuid_generate_v7()) FROM generate_series(1, 1000000000);
});
# (The statements that look for it name pg_stat_activity, and are left out by that: the poll's
# own backend may still be listed, with its statement, as the next one looks.)
my $pid;
$node->poll_query_until('postgres', q{
	SELECT count(*) = 1 FROM pg_stat_activity
	WHERE query LIKE '%count(uuid_generate_v7())%' AND query NOT LIKE '%pg_stat_activity%'})
  or die 'the generating backend never showed up';
$pid = $node->safe_psql('postgres', q{
	SELECT pid FROM pg_stat_activity
	WHERE query LIKE '%count(uuid_generate_v7())%' AND query NOT LIKE '%pg_stat_activity%'});
$pid =~ /^\d+$/ or die "not one generating backend: '$pid'";
ok(kill('KILL', $pid), "SIGKILL sent to the generating backend $pid");
# psql may already be gone with its backend; its exit is not what is tested.
eval { $busy->quit; };

# The postmaster reinitializes shared memory and accepts connections again.
$node->poll_query_until('postgres', 'SELECT 1', '1') or die 'server did not recover';
like(slurp_file($node->logfile), qr/terminated by signal 9/, 'the crash was a real one');

sub continues_increasing
{
	my ($label) = @_;
	my $result = $node->safe_psql('postgres', q{
		WITH before AS (SELECT DISTINCT ON (version) version, id AS last FROM generated ORDER BY version, id DESC),
		     fresh AS (SELECT 6 AS version, uuid_generate_v6() AS id
		               UNION ALL SELECT 7, uuid_generate_v7() UNION ALL SELECT 8, uuid_generate_v8())
		SELECT string_agg(format('%s:%s', version, fresh.id > before.last), ' ' ORDER BY version)
		FROM fresh JOIN before USING (version)});
	is($result, '6:t 7:t 8:t', "$label: new values are greater than all before");
	$node->safe_psql('postgres',
		"INSERT INTO generated SELECT nextval('generated_n'), v, CASE v WHEN 6 THEN uuid_generate_v6()"
		  . " WHEN 7 THEN uuid_generate_v7() ELSE uuid_generate_v8() END"
		  . " FROM generate_series(1, 1000), unnest(ARRAY[6, 7, 8]) AS v");
}

continues_increasing('after crash recovery');
is($node->safe_psql('postgres', q{SELECT min(mode) FROM uuid6_status()}), 'shared_preload',
	'the shared state was recreated after the crash');

$node->restart;
continues_increasing('after a clean restart');
for my $v (6, 7, 8)
{
	check_generations($node, 'postgres', $v, 3000, 'through crash and restart');
}

$node->stop;
done_testing();
