# Keys made by a parallel plan are covered by the database's lease before
# the transaction that stores them commits, so a promoted standby whose clock
# is behind still makes every new key above them. A parallel CREATE TABLE AS
# (Gather over a parallel sequential scan, its cost settings at zero) stores
# keys in a database that has no lease written yet; then:
#   (a) none of them lies beyond the lease the database stores (1.5 left
#       every one beyond it: PostgreSQL allows no write in parallel mode);
#   (b) the same with PREPARE TRANSACTION and COMMIT PREPARED;
#   (c) the primary stops at once, a streaming standby whose clock is 30 s
#       behind is promoted, and 1,000 new keys per version all sort above
#       every stored key;
#   (d) with the generator marked PARALLEL SAFE again (as in catalogs before
#       1.6, whose generators parallel workers run), a worker never stores a
#       key beyond the stored lease: it refuses, naming the update;
#   (e) the plan keeps its parallel scan: the generators run in the leader;
#   (f) a transaction that turns read-only (SET transaction_read_only) and
#       back by a rollback to a savepoint stores a key it made while
#       read-only: covered when it commits (1.5 left it beyond the lease);
#       one that stays read-only after a parallel statement stored keys is
#       refused at commit (25006), storing nothing (1.5 committed every key
#       beyond the lease); a read-only transaction that stores nothing
#       commits its keys as before.
# Preloaded and not.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Uuid6Test;

plan skip_all => 'libfaketime is not installed (Debian package faketime)'
  unless libfaketime();

my $parallel = q{SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0;
	SET min_parallel_table_scan_size = 0; SET max_parallel_workers_per_gather = 2;};
my $generators = q{uuid_generate_v6() AS v6, uuid_generate_v7() AS v7, uuid_generate_v8() AS v8,
	uuid_generate_v8_spread(16) AS spread};

# Keys of table TABLE beyond the lease of their version, per column.
sub beyond_lease
{
	my ($node, $table) = @_;
	return $node->safe_psql('db', qq{
		WITH lease AS (SELECT version, coalesce(database_lease_until, '-infinity') AS until FROM uuid6_status())
		SELECT format('v6:%s v7:%s v8:%s spread:%s of %s',
			count(*) FILTER (WHERE uuid_extract_time(v6) > (SELECT until FROM lease WHERE version = 6)),
			count(*) FILTER (WHERE uuid_extract_time(v7) > (SELECT until FROM lease WHERE version = 7)),
			count(*) FILTER (WHERE uuid_extract_time(v8) > (SELECT until FROM lease WHERE version = 8)),
			count(*) FILTER (WHERE uuid_extract_time(spread) > (SELECT until FROM lease WHERE version = 7)),
			count(*))
		FROM $table});
}

my $run = 0;
for my $preload (1, 0)
{
	$run++;
	my $mode = $preload ? 'preloaded' : 'not preloaded';
	my $primary = PostgreSQL::Test::Cluster->new("primary$run");
	$primary->init(allows_streaming => 1);
	$primary->append_conf('postgresql.conf', "log_statement = none\nmax_prepared_transactions = 5\n"
		  . "max_worker_processes = 8\nmax_parallel_workers = 4\n"
		  . ($preload ? "shared_preload_libraries = 'uuid6'\n" : ''));
	$primary->start;
	$primary->safe_psql('postgres', 'CREATE DATABASE db');
	$primary->safe_psql('db', q{CREATE TABLE big AS SELECT g, md5(g::text) AS t FROM generate_series(1, 100000) g;
		ANALYZE big;});
	take_backup($primary, 'base');
	my $standby = PostgreSQL::Test::Cluster->new("standby$run");
	$standby->init_from_backup($primary, 'base', has_streaming => 1, has_restoring => !have_basebackup());
	$standby->append_conf('postgresql.conf', "max_prepared_transactions = 5\n");
	set_fake_clock($standby, '-30');
	start_faked($standby);
	# The extension only now: no lease written in the database before the
	# parallel statement.
	$primary->safe_psql('db', 'CREATE EXTENSION uuid6');

	# (e) The plan.
	my $plan = $primary->safe_psql('db', "$parallel EXPLAIN (COSTS OFF, VERBOSE)
		CREATE TABLE keys AS SELECT $generators, g FROM big WHERE t LIKE 'a%'");
	like($plan, qr/Gather.*Parallel Seq Scan on public\.big/s,
		"$mode: a parallel plan (Gather over a parallel scan)");
	like($plan, qr/\A[^\n]*Gather[^\n]*\n\s+Output: uuid_generate_v6\(\)/,
		"$mode: the generators run in the leader, above the Gather");

	# (a) A parallel CREATE TABLE AS, in a database whose lease was never written.
	$primary->safe_psql('db', "$parallel CREATE TABLE keys AS SELECT $generators, g FROM big WHERE t LIKE 'a%'");
	my $stored = $primary->safe_psql('db', 'SELECT count(*) FROM keys');
	cmp_ok($stored, '>', 5000, "$mode: the parallel statement stored $stored keys of each kind");
	is(beyond_lease($primary, 'keys'), "v6:0 v7:0 v8:0 spread:0 of $stored",
		"$mode: none of them beyond the database's lease");

	# (b) PREPARE TRANSACTION, then COMMIT PREPARED.
	$primary->safe_psql('db', "BEGIN; $parallel
		CREATE TABLE keys2 AS SELECT $generators, g FROM big WHERE t LIKE 'b%';
		PREPARE TRANSACTION 'parallel_keys'");
	$primary->safe_psql('db', "COMMIT PREPARED 'parallel_keys'");
	my $stored2 = $primary->safe_psql('db', 'SELECT count(*) FROM keys2');
	is(beyond_lease($primary, 'keys2'), "v6:0 v7:0 v8:0 spread:0 of $stored2",
		"$mode: prepared, then committed: none of its keys beyond the lease");

	# (f) Read-only for a while, in a database whose lease was never written.
	my ($rc, $out, $err);
	$primary->safe_psql('postgres', 'CREATE DATABASE ro');
	$primary->safe_psql('ro', q{CREATE EXTENSION uuid6; CREATE TABLE stored (id uuid);
		CREATE TABLE big AS SELECT g, md5(g::text) AS t FROM generate_series(1, 100000) g; ANALYZE big;});
	my $ro_beyond = q{SELECT count(*) FILTER (WHERE uuid_extract_time(id) >
		(SELECT coalesce(database_lease_until, '-infinity') FROM uuid6_status() WHERE version = 7)) || ' of ' || count(*) FROM stored};
	$primary->safe_psql('ro', q{BEGIN; SAVEPOINT s; SET LOCAL transaction_read_only = on;
		SELECT uuid_generate_v7() AS k \gset
		ROLLBACK TO s;
		INSERT INTO stored VALUES (:'k');
		COMMIT;});
	is($primary->safe_psql('ro', $ro_beyond), '0 of 1',
		"$mode: a key made while read-only, stored after a rollback to a savepoint: covered");
	($rc, $out, $err) = $primary->psql('ro', "BEGIN; $parallel
		CREATE TABLE ro_keys AS SELECT uuid_generate_v7() AS id, g FROM big WHERE t LIKE 'a%';
		SET LOCAL transaction_read_only = on;
		COMMIT;");
	like($err, qr/ERROR:  uuid6: a transaction that turned read-only after it wrote cannot commit keys it made while read-only/,
		"$mode: keys of a parallel statement, then read-only to the commit: refused");
	is($primary->safe_psql('ro', q{SELECT to_regclass('ro_keys') IS NULL}), 't',
		"$mode: refused: nothing of it stored");
	($rc, $out, $err) = $primary->psql('ro', q{BEGIN READ ONLY; SELECT count(uuid_generate_v7()) FROM generate_series(1, 1000); COMMIT;});
	is($rc, 0, "$mode: a read-only transaction that stores nothing commits its keys") or diag($err);

	# (d) A generator that parallel workers run (PARALLEL SAFE, as before 1.6),
	# in a new database whose lease was never written.
	$primary->safe_psql('postgres', 'CREATE DATABASE old_catalog');
	$primary->safe_psql('old_catalog', q{CREATE EXTENSION uuid6;
		ALTER FUNCTION uuid_generate_v7() PARALLEL SAFE;
		CREATE TABLE big AS SELECT g, md5(g::text) AS t FROM generate_series(1, 100000) g; ANALYZE big;});
	($rc, $out, $err) = $primary->psql('old_catalog', "$parallel
		CREATE TABLE keys AS SELECT uuid_generate_v7() AS v7, g FROM big WHERE t LIKE 'a%';
		SELECT count(*) FILTER (WHERE uuid_extract_time(v7) > (SELECT coalesce(database_lease_until, '-infinity') FROM uuid6_status() WHERE version = 7))
		FROM keys");
	ok(($rc != 0 && $err =~ /ERROR:  uuid6: a parallel worker cannot extend the lease of version 7 in database "old_catalog"/
			&& $err =~ /HINT:  Run ALTER EXTENSION uuid6 UPDATE/)
		  || ($rc == 0 && $out eq '0'),
		"$mode: a parallel worker stores no key beyond the lease (refused, naming the update, or within it)")
	  or diag("rc $rc, out $out, err $err");

	# (c) The primary stops at once; the standby, 30 s behind, is promoted.
	$primary->wait_for_catchup($standby, 'replay', $primary->lsn('insert'));
	$primary->stop('immediate');
	$standby->promote;
	$standby->poll_query_until('db', 'SELECT NOT pg_is_in_recovery()') or die 'not promoted';
	my $below = $standby->safe_psql('db', q{
		CREATE TABLE fresh AS SELECT uuid_generate_v6() AS v6, uuid_generate_v7() AS v7,
			uuid_generate_v8() AS v8 FROM generate_series(1, 1000);
		SELECT format('v6:%s v7:%s v8:%s',
			(SELECT count(*) FROM fresh WHERE v6 <= (SELECT max(v6::text)::uuid FROM (SELECT v6 FROM keys UNION ALL SELECT v6 FROM keys2) k)),
			(SELECT count(*) FROM fresh WHERE v7 <= (SELECT max(v7::text)::uuid FROM (SELECT v7 FROM keys UNION ALL SELECT v7 FROM keys2) k)),
			(SELECT count(*) FROM fresh WHERE v8 <= (SELECT max(v8::text)::uuid FROM (SELECT v8 FROM keys UNION ALL SELECT v8 FROM keys2) k)))});
	is($below, 'v6:0 v7:0 v8:0',
		"$mode: promoted standby 30 s behind: 0 of 1,000 new keys per version at or below the keys the parallel statements stored");
	$standby->stop;
}

done_testing();
