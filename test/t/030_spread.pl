# Spread keys under real concurrency, preloaded and not: many sessions at
# once, each in its backend's bucket. Under a global lock that also takes
# nextval, every bucket's keys come out in generation order, interleaved
# with v7 keys of the same sessions in the order of the one v7 sequence
# both draw from, and counted there; without a lock, each session's keys
# rise and no key repeats. The tick each key
# carries (the key without its bucket byte) is unique across all buckets:
# one sequence feeds them all. After a restart every bucket goes on above
# the keys it held.
use strict;
use warnings;
use PostgreSQL::Test::Utils;
use Test::More;
use Uuid6Test;

my $clients = 8;
my $runs = 0;

sub spread_pgbench
{
	my ($node, $label, $lock, $transactions) = @_;
	$runs++;
	# Under the lock, every other key is a v7.
	my $key = $lock
	  ? 'CASE WHEN g % 2 = 0 THEN uuid_generate_v8_spread(4) ELSE uuid_generate_v7() END'
	  : 'uuid_generate_v8_spread(4)';
	my $script = "BEGIN;\n"
	  . ($lock ? "SELECT pg_advisory_xact_lock(6660);\n" : '')
	  . "INSERT INTO spread_log SELECT nextval('spread_n'), pg_backend_pid(), $runs, $key"
	  . " FROM generate_series(1, 10) AS g;\nCOMMIT;\n";
	$node->pgbench(
		"--no-vacuum --client=$clients --jobs=$clients --transactions=$transactions",
		0, [qr{processed: \d+/\d+}], [qr{^$}],
		"$label: pgbench, $clients clients" . ($lock ? ' under a global lock' : ''),
		{ "spread_$runs.sql" => $script });
	return $runs;
}

for my $preload (1, 0)
{
	my $label = $preload ? 'preloaded' : 'not preloaded';
	my $node = new_node($preload ? 'spread' : 'spread_np', preload => $preload);
	$node->safe_psql('postgres', q{
		CREATE EXTENSION uuid6;
		CREATE TABLE spread_log (n bigint PRIMARY KEY, pid int NOT NULL, run int NOT NULL, id uuid NOT NULL);
		CREATE SEQUENCE spread_n;
		-- A v7 key moved into a bucket of 4: the spread key its tick would
		-- have made there (bit layout in src/core/spread.hpp).
		CREATE FUNCTION v7_in_bucket(v7 uuid, bucket int) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
		  WITH v AS (SELECT ('x' || replace(v7::text, '-', ''))::bit(128) AS b),
		  f AS (SELECT substring(b from 1 for 48) || substring(b from 53 for 12)
		               || substring(b from 67 for 8) AS tick, substring(b from 75 for 16) AS node FROM v),
		  s AS (SELECT (bucket << 6)::bit(8) || substring(tick from 1 for 40) || B'1000'
		               || substring(tick from 41 for 12) || B'10' || substring(tick from 53 for 16)
		               || node || B'10111100011010010111000011' || B'0010' AS b FROM f)
		  SELECT (lpad(to_hex(substring(b from 1 for 64)::bigint), 16, '0')
		          || lpad(to_hex(substring(b from 65 for 64)::bigint), 16, '0'))::uuid FROM s
		$$;
	});
	is($node->safe_psql('postgres', q{SELECT string_agg(DISTINCT mode, ',') FROM uuid6_status()}),
		$preload ? 'shared_preload' : ($node->safe_psql('postgres', 'SHOW server_version_num') >= 170000
			? 'dsm_registry' : 'lazy_shmem'),
		"$label: the state's mode");

	# Under the lock, the order of n is the order of generation.
	my $v7_before = $node->safe_psql('postgres', 'SELECT generated FROM uuid6_status() WHERE version = 7');
	my $locked = spread_pgbench($node, $label, 1, 500);
	my $v7_counted = $node->safe_psql('postgres',
		'SELECT generated FROM uuid6_status() WHERE version = 7') - $v7_before;
	is($v7_counted, $clients * 500 * 10, "$label, locked: spread and v7 keys all counted by the v7 sequence");
	my ($rows, $distinct, $inversions, $buckets, $ticks, $merged_inversions) = split /\|/,
	  $node->safe_psql('postgres', qq{
		CREATE TEMP TABLE locked AS
		SELECT n, pid, id, uuid_spread_bucket(id) AS bucket FROM spread_log WHERE run = $locked;
		-- Each session's bucket, for its v7 keys.
		UPDATE locked l SET bucket = s.bucket
		FROM (SELECT DISTINCT pid, bucket FROM locked WHERE bucket IS NOT NULL) AS s
		WHERE l.bucket IS NULL AND l.pid = s.pid;
		SELECT count(*) FILTER (WHERE spread), count(DISTINCT id) FILTER (WHERE spread),
		       count(*) FILTER (WHERE spread AND id <= previous),
		       count(DISTINCT bucket),
		       count(DISTINCT substr(id::text, 3)) FILTER (WHERE spread),
		       count(*) FILTER (WHERE merged <= previous_merged)
		FROM (SELECT id, spread, merged, bucket,
		             lag(id) OVER (PARTITION BY bucket, spread ORDER BY n) AS previous,
		             lag(merged) OVER (PARTITION BY bucket ORDER BY n) AS previous_merged
		      FROM (SELECT *, uuid_spread_bucket(id) IS NOT NULL AS spread,
		                   CASE WHEN uuid_spread_bucket(id) IS NULL THEN v7_in_bucket(id, bucket) ELSE id END AS merged
		            FROM locked) AS l) AS g});
	is($rows, $clients * 500 * 10 / 2, "$label, locked: every key recorded");
	is($merged_inversions, 0,
		"$label, locked: spread keys and the sessions' v7 keys interleave in the one v7 sequence's order");
	is($rows - $distinct, 0, "$label, locked: 0 duplicates");
	is($inversions, 0, "$label, locked: each bucket's keys rise in generation order");
	cmp_ok($buckets, '>=', 2, "$label, locked: the sessions spread over several buckets ($buckets of 4)");
	is($ticks, $rows, "$label, locked: no tick appears in two buckets");

	# No lock: each session's keys rise (n orders them within a backend),
	# a session keeps its bucket, and nothing repeats anywhere.
	my $free = spread_pgbench($node, $label, 0, 1000);
	($rows, $distinct, $inversions, $buckets, $ticks) = split /\|/, $node->safe_psql('postgres', qq{
		SELECT count(*), count(DISTINCT id),
		       count(*) FILTER (WHERE id <= previous),
		       (SELECT max(c) FROM (SELECT count(DISTINCT uuid_spread_bucket(id)) AS c
		                            FROM spread_log WHERE run = $free GROUP BY pid) AS p),
		       count(DISTINCT substr(id::text, 3))
		FROM (SELECT id, lag(id) OVER (PARTITION BY pid ORDER BY n) AS previous
		      FROM spread_log WHERE run = $free) AS g});
	is($rows, $clients * 1000 * 10, "$label, free: every key recorded");
	is($rows - $distinct, 0, "$label, free: 0 duplicates");
	is($inversions, 0, "$label, free: each session's keys rise");
	is($buckets, 1, "$label, free: a session keeps its bucket");
	is($ticks, $rows, "$label, free: no tick appears in two buckets");
	is($node->safe_psql('postgres', 'SELECT count(*) - count(DISTINCT id) FROM spread_log'),
		'0', "$label: 0 duplicates over both runs");

	# A restart: every bucket's new keys lie above the keys it held.
	$node->restart;
	my $after = spread_pgbench($node, $label, 0, 200);
	my ($compared, $below) = split /\|/, $node->safe_psql('postgres', qq{
		SELECT count(*), count(*) FILTER (WHERE new_min <= old_max)
		FROM (SELECT uuid_spread_bucket(id) AS bucket, (array_agg(id ORDER BY id DESC))[1] AS old_max
		      FROM spread_log WHERE run < $after GROUP BY 1) AS o
		JOIN (SELECT uuid_spread_bucket(id) AS bucket, (array_agg(id ORDER BY id))[1] AS new_min
		      FROM spread_log WHERE run = $after GROUP BY 1) AS n USING (bucket)});
	cmp_ok($compared, '>=', 1, "$label, restart: buckets used before and after ($compared)");
	is($below, 0, "$label, restart: no bucket's new keys go below its old ones");
	$node->stop;
}

done_testing();
