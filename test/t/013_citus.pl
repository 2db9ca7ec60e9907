# Citus: a coordinator and two workers on this machine, each with
# shared_preload_libraries = 'citus,uuid6' (Citus refuses to start unless it
# comes first) and its own uuid6.node_id (the second worker joins after the
# extension was created and updated). CI runs it with Citus 13.2 on
# PostgreSQL 15 and Citus 14.0 on 18 (%citus_of below).
#   - the extension reaches every node: created at 1.1 and updated by a role
#     without superuser (uuid6 is trusted), and on the node added later,
#     where it belongs to the superuser Citus activates nodes as: an update
#     by that role is then refused on every node, a superuser's reaches all;
#   - tables keyed by v6, v7 and v8 DEFAULTs, distributed by the key and by
#     a tenant column;
#   - concurrent clients through the coordinator: every key made by the
#     coordinator's sequence, 0 duplicates, rising per client;
#   - clients entering through the workers: each key carries its entry
#     node's id, 0 duplicates across nodes, rising per client;
#   - INSERT ... SELECT, where each key was made (its node id against the
#     node holding its source row): repartitioned, and pulled to the
#     coordinator after running on the shards (the workers made the keys),
#     pulled from a materialized CTE (the coordinator made them);
#   - uuid_extract_time filters and uuid_v7_floor bounds pushed down to
#     every shard, with the counts of the same rows in a local table;
#   - uuid6_status() on every node: its own node id;
#   - the documentation's Citus examples (```sql citus blocks of $citus_doc,
#     docs/multi-node.md) run on the cluster, and print what its ```text
#     citus blocks show.
# Where Citus is not installed for this PostgreSQL the test says SKIPPED and
# how to get it; under CI=true it fails instead on the majors of %citus_of.
use strict;
use warnings;
use PostgreSQL::Test::Utils;
use Test::More;
use IPC::Run;
use Time::HiRes qw(time);
use Uuid6Test;

my $started = time;
my ($pkglibdir) = `pg_config --pkglibdir` =~ /^(.*\S)/;
my ($pg_version) = `pg_config --version` =~ /^(.*\S)/;
my ($pg_major) = $pg_version =~ /(\d+)/;

# The Citus release tested on each PostgreSQL major: .ci/run builds it with
# ../shared/tools/citus before that major's leg (it says why not on 17; no
# Citus release supports 19 yet). Elsewhere the test runs wherever Citus is
# installed.
my %citus_of = (15 => '13.2', 18 => '14.0');

# The file whose ```sql citus and ```text citus blocks the test runs, from
# the top of the tree (scripts/test.sh runs prove there).
my $citus_doc = 'docs/multi-node.md';

if (!-e "$pkglibdir/citus.so")
{
	my $missing = "Citus is not installed for $pg_version";
	if (!$citus_of{$pg_major})
	{
		my $where = join(', ', map { "$_ (Citus $citus_of{$_})" } sort keys %citus_of);
		diag("SKIPPED: $missing (no $pkglibdir/citus.so); the Citus test runs in CI on PostgreSQL $where");
		plan skip_all => "$missing (CI runs the Citus test on $where)";
	}
	my $how = "install Citus $citus_of{$pg_major} into it: ../shared/tools/citus \$PG_CONFIG "
	  . '(scripts/test.sh runs it where that tool is), or from https://github.com/citusdata/citus';
	if (($ENV{CI} // '') eq 'true')
	{
		fail("$missing (no $pkglibdir/citus.so): CI runs the Citus test on PostgreSQL $pg_major; $how");
		done_testing();
		exit;
	}
	diag("SKIPPED: $missing (no $pkglibdir/citus.so); to run the Citus test, $how");
	plan skip_all => "$missing; to run this test, $how";
}

# Node ids: coordinator 1, workers 2 and 3.
my %id_of;
sub citus_node
{
	my ($name, $node_id) = @_;
	my $node = new_node($name, preload => 0, conf => qq{
shared_preload_libraries = 'citus,uuid6'
uuid6.node_id = $node_id
citus.shard_count = 4
max_connections = 60
});
	$node->safe_psql('postgres', 'CREATE EXTENSION citus');
	$id_of{ $node->name } = $node_id;
	return $node;
}
my $coordinator = citus_node('coordinator', 1);
my $worker1 = citus_node('worker1', 2);
my $worker2 = citus_node('worker2', 3);
my @nodes = ($coordinator, $worker1, $worker2);

$coordinator->safe_psql('postgres', sprintf(q{SELECT citus_set_coordinator_host('%s', %d)},
	$coordinator->host, $coordinator->port));
sub add_worker
{
	my ($worker) = @_;
	$coordinator->safe_psql('postgres',
		sprintf(q{SELECT 1 FROM citus_add_node('%s', %d)}, $worker->host, $worker->port));
}
sub versions_on
{
	return join ' ', map {
		$_->name . '=' . ($_->safe_psql('postgres',
			q{SELECT coalesce((SELECT extversion FROM pg_extension WHERE extname = 'uuid6'), 'none')}))
	} @_;
}
sub owners_on
{
	return join ' ', map {
		$_->name . '=' . ($_->safe_psql('postgres',
			q{SELECT extowner::regrole FROM pg_extension WHERE extname = 'uuid6'}))
	} @_;
}

# --- Citus itself ------------------------------------------------------------
my $citus_version = $coordinator->safe_psql('postgres',
	q{SELECT extversion FROM pg_extension WHERE extname = 'citus'});
note("Citus $citus_version on $pg_version");
# CI's legs must run the release this test claims for their major (a
# developer's server may hold another).
like($citus_version, qr/^\Q$citus_of{$pg_major}\E-/, "Citus $citus_of{$pg_major} on PostgreSQL $pg_major")
  if ($ENV{CI} // '') eq 'true' && $citus_of{$pg_major};

# --- the extension on every node --------------------------------------------
# Created and updated on the coordinator by a role without superuser that may
# create in the database, as an application's owner does where uuid6 is
# trusted: Citus runs the statements on every worker as that role.
add_worker($worker1);
my $default_version = $coordinator->safe_psql('postgres',
	q{SELECT default_version FROM pg_available_extensions WHERE name = 'uuid6'});
my $superuser = $coordinator->safe_psql('postgres', 'SELECT current_user');
$coordinator->safe_psql('postgres', q{CREATE ROLE app LOGIN; GRANT CREATE ON DATABASE postgres TO app;});
my @as_app = (extra_params => [ '-U', 'app' ]);
$coordinator->safe_psql('postgres', q{CREATE EXTENSION uuid6 VERSION '1.1'}, @as_app);
my $v = versions_on($coordinator, $worker1);
note("after CREATE EXTENSION uuid6 VERSION '1.1' on the coordinator, by app: $v");
is($v, 'coordinator=1.1 worker1=1.1', 'CREATE EXTENSION by a role without superuser reaches the worker');
$coordinator->safe_psql('postgres', q{ALTER EXTENSION uuid6 UPDATE TO '1.2'}, @as_app);
$v = versions_on($coordinator, $worker1);
note("after ALTER EXTENSION uuid6 UPDATE TO '1.2', by app: $v");
is($v, 'coordinator=1.2 worker1=1.2', 'ALTER EXTENSION UPDATE by that role reaches the worker');
add_worker($worker2);
$v = versions_on(@nodes);
my $owners = owners_on(@nodes);
note("after citus_add_node(worker2): $v; owners: $owners");
is($v, 'coordinator=1.2 worker1=1.2 worker2=1.2', 'a worker added later gets the extension at the same version');
# Citus creates it on a new node as the superuser it activates nodes as.
is($owners, "coordinator=app worker1=app worker2=$superuser",
	'on the worker added later the extension belongs to the superuser');
# So that role's next update is refused there, and so on every node.
my ($refused_rc, undef, $refused) = $coordinator->psql('postgres', 'ALTER EXTENSION uuid6 UPDATE', @as_app);
$v = versions_on(@nodes);
note("ALTER EXTENSION uuid6 UPDATE by app: exit $refused_rc, " . ($refused =~ s/\n/ | /gr) . "; then $v");
my $worker2_port = $worker2->port;
like($refused, qr/must be owner of extension uuid6.*on \S+:$worker2_port\b/s,
	"then that role's update is refused, on the worker added later");
is($v, 'coordinator=1.2 worker1=1.2 worker2=1.2', 'and no node was updated');
$coordinator->safe_psql('postgres', 'ALTER EXTENSION uuid6 UPDATE');
$v = versions_on(@nodes);
note("after ALTER EXTENSION uuid6 UPDATE by $superuser: $v");
is($v, "coordinator=$default_version worker1=$default_version worker2=$default_version",
	"a superuser's ALTER EXTENSION UPDATE reaches every worker ($default_version)");

# --- distributed tables: by the key and by a tenant column, v6/v7/v8 ---------
my @versions = (6, 7, 8);
my @tables;
for my $version (@versions)
{
	$coordinator->safe_psql('postgres', qq{
		CREATE TABLE by_key_v$version (id uuid PRIMARY KEY DEFAULT uuid_generate_v$version(),
			entry int NOT NULL, client int NOT NULL, n int NOT NULL);
		SELECT create_distributed_table('by_key_v$version', 'id');
		CREATE TABLE by_tenant_v$version (tenant int NOT NULL, id uuid NOT NULL DEFAULT uuid_generate_v$version(),
			entry int NOT NULL, client int NOT NULL, n int NOT NULL, PRIMARY KEY (tenant, id));
		SELECT create_distributed_table('by_tenant_v$version', 'tenant');});
	push @tables, "by_key_v$version", "by_tenant_v$version";
}
my $placements = $coordinator->safe_psql('postgres', q{
	SELECT string_agg(format('%s:%s', table_name, n), ' ' ORDER BY table_name::text)
	FROM (SELECT table_name, count(DISTINCT nodeport) AS n FROM citus_shards GROUP BY 1) s});
note("worker nodes holding shards per table: $placements");
is($placements, join(' ', map { "$_:2" } sort @tables), 'every table has shards on both workers');

# --- concurrent clients: psql processes, each a file of single INSERTs -------
# Client c of entry node e inserts rows (e, c, 1..rows) into every table, one
# statement each (autocommit), all clients at once.
sub load
{
	my ($rows, @clients) = @_;    # each client: [ node, client number ]
	my @runs;
	for my $client (@clients)
	{
		my ($node, $c) = @$client;
		my $entry = $id_of{ $node->name };
		my $file = $node->basedir . "/load_$c.sql";
		open my $fh, '>', $file or die $!;
		for my $n (1 .. $rows)
		{
			my $tenant = ($c * 7 + $n) % 10;
			print $fh "INSERT INTO by_key_v$_ (entry, client, n) VALUES ($entry, $c, $n);\n"
			  . "INSERT INTO by_tenant_v$_ (tenant, entry, client, n) VALUES ($tenant, $entry, $c, $n);\n"
			  for @versions;
		}
		close $fh;
		push @runs, IPC::Run::start(
			[ 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-f', $file, '-d', $node->connstr('postgres') ],
			'>' => \my $out, '2>' => \my $err);
	}
	my $ok = 1;
	$ok &&= $_->finish for @runs;
	return $ok;
}

# Per table, for the rows of the given entry nodes: rows, duplicates,
# inversions against each client's order, and the node ids found in the keys.
sub key_report
{
	my ($table, $entries) = @_;
	return $coordinator->safe_psql('postgres', qq{
		SELECT format('rows %s, duplicates %s, inversions %s, node ids %s',
		              count(*), count(*) - count(DISTINCT id),
		              count(*) FILTER (WHERE id <= previous), string_agg(DISTINCT node::text, ','))
		FROM (SELECT id, uuid_extract_node(id) AS node,
		             lag(id) OVER (PARTITION BY entry, client ORDER BY n) AS previous
		      FROM $table WHERE entry IN ($entries)) k});
}

my $rows = 500;
my $t0 = time;
ok(load($rows, map { [ $coordinator, $_ ] } 1 .. 4), '4 clients through the coordinator insert');
note(sprintf('4 clients x %d rows x %d tables through the coordinator: %.1f s', $rows, scalar @tables, time - $t0));
for my $table (@tables)
{
	my $report = key_report($table, 1);
	note("$table, through the coordinator: $report");
	is($report, sprintf('rows %d, duplicates 0, inversions 0, node ids 1', 4 * $rows),
		"$table: coordinator's keys unique, rising per client, node id 1");
}

$t0 = time;
ok(load($rows, [ $worker1, 5 ], [ $worker1, 6 ], [ $worker2, 7 ], [ $worker2, 8 ], [ $coordinator, 9 ]),
	'clients through both workers and the coordinator at once insert');
note(sprintf('5 clients through 3 entry nodes: %.1f s', time - $t0));
for my $table (@tables)
{
	for my $entry (2, 3)
	{
		my $report = key_report($table, $entry);
		note("$table, through node $entry: $report");
		is($report, sprintf('rows %d, duplicates 0, inversions 0, node ids %d', 2 * $rows, $entry),
			"$table: keys made through node $entry carry its node id, rising per client");
	}
	my $all = $coordinator->safe_psql('postgres', qq{
		WITH total AS MATERIALIZED (SELECT count(*) AS n, count(DISTINCT id) AS distinct_ids FROM $table),
		     by_node AS MATERIALIZED (SELECT uuid_extract_node(id) AS node, count(*) AS n FROM $table GROUP BY 1)
		SELECT format('%s rows, %s duplicates, %s', n, n - distinct_ids,
		              (SELECT string_agg(format('node %s: %s', node, n), ', ' ORDER BY node) FROM by_node))
		FROM total});
	note("$table, all entries: $all");
	is($all, sprintf('%d rows, 0 duplicates, node 1: %d, node 2: %d, node 3: %d',
			9 * $rows, 5 * $rows, 2 * $rows, 2 * $rows),
		"$table: 0 duplicates across the three nodes");
}

# --- INSERT ... SELECT: where the DEFAULT runs -------------------------------
# The key's DEFAULT is evaluated where the SELECT's target list is: on the
# workers that hold the source rows when the SELECT is pushed down (also when
# its result is then pulled to the coordinator), on the coordinator when the
# SELECT reads what was already pulled there (a materialized CTE).
my %node_of_port = map { $_->port => $id_of{ $_->name } } @nodes;
my $port_case = join ' ', map { "WHEN $_ THEN $node_of_port{$_}" } sort keys %node_of_port;
$coordinator->safe_psql('postgres', qq{
	CREATE TABLE source_node AS
		SELECT t.id AS source, CASE s.nodeport $port_case END AS node_id
		FROM by_tenant_v7 t
		JOIN citus_shards s ON s.shardid = get_shard_id_for_distribution_column('by_tenant_v7', t.tenant);});

my @insert_selects = (
	[ 'repartitioned', 'repartition', 'source',
	  'SELECT id, tenant FROM by_tenant_v7', 'the worker holding its source row' ],
	[ 'pulled_limit', 'pull to coordinator', 'id',
	  'SELECT id, tenant FROM by_tenant_v7 ORDER BY id LIMIT 1000000', 'the worker holding its source row' ],
	[ 'pulled_cte', 'pull to coordinator', 'id',
	  'WITH s AS MATERIALIZED (SELECT id, tenant FROM by_tenant_v7) SELECT id, tenant FROM s', 'the coordinator' ]);
my $total = 9 * $rows;
for my $case (@insert_selects)
{
	my ($kind, $method, $distribution, $select, $maker) = @$case;
	my $key = $distribution eq 'id' ? 'id' : "$distribution, id";
	$coordinator->safe_psql('postgres', qq{
		CREATE TABLE copies_$kind (id uuid NOT NULL DEFAULT uuid_generate_v7(), source uuid NOT NULL,
			tenant int NOT NULL, PRIMARY KEY ($key));
		SELECT create_distributed_table('copies_$kind', '$distribution');});
	my $insert = "INSERT INTO copies_$kind (source, tenant) $select";
	my $plan = $coordinator->safe_psql('postgres', "EXPLAIN (COSTS OFF) $insert");
	my ($shown) = $plan =~ /INSERT\/SELECT method: ([^\n]*)/;
	is($shown, $method, "INSERT ... $select: Citus plans '$method'");
	$coordinator->safe_psql('postgres', $insert);
	my $where = $coordinator->safe_psql('postgres', qq{
		WITH copied AS MATERIALIZED (SELECT id, source, uuid_extract_node(id) AS node FROM copies_$kind),
		     by_node AS MATERIALIZED (SELECT node, count(*) AS n FROM copied GROUP BY 1)
		SELECT format('%s rows, %s duplicates, made on %s; by the worker holding the source row %s, by the coordinator %s',
		              count(*), count(*) - count(DISTINCT c.id),
		              (SELECT string_agg(format('node %s: %s', node, n), ', ' ORDER BY node) FROM by_node),
		              count(*) FILTER (WHERE c.node = s.node_id), count(*) FILTER (WHERE c.node = 1))
		FROM copied c JOIN source_node s USING (source)});
	note("INSERT ... SELECT ($kind, $method): $where");
	my $expected = $maker eq 'the coordinator'
	  ? qr/^$total rows, 0 duplicates, made on node 1: $total; by the worker holding the source row 0, by the coordinator $total$/
	  : qr/^$total rows, 0 duplicates, made on node 2: \d+, node 3: \d+; by the worker holding the source row $total, by the coordinator 0$/;
	like($where, $expected, "INSERT ... SELECT ($kind): every key made by $maker");
}

# --- pushed-down time filters: same counts as a local copy -------------------
# Backfilled keys an hour apart from 2026-01-01, made on the coordinator.
$coordinator->safe_psql('postgres', q{
	INSERT INTO by_key_v7 (id, entry, client, n)
	SELECT uuid_generate_v7(timestamptz '2026-01-01 00:00+00' + i * interval '1 hour'), 0, 0, i
	FROM generate_series(1, 1000) i;
	CREATE TABLE local_v7 AS SELECT * FROM by_key_v7;
	ALTER TABLE local_v7 ADD PRIMARY KEY (id);});
my %filter = (
	'uuid_extract_time' => q{uuid_extract_time(id) >= '2026-01-10 00:00+00' AND uuid_extract_time(id) < '2026-01-20 00:00+00'},
	'uuid_v7_floor' => q{id >= uuid_v7_floor('2026-01-10 00:00+00') AND id < uuid_v7_floor('2026-01-20 00:00+00')},
	'uuid_v7_floor(now())' => q{id >= uuid_v7_floor(now() - interval '1 hour')});
my %expected = ('uuid_extract_time' => 240, 'uuid_v7_floor' => 240, 'uuid_v7_floor(now())' => 9 * $rows);
for my $name (sort keys %filter)
{
	my $counts = $coordinator->safe_psql('postgres', qq{
		SELECT format('distributed %s, local %s',
		              (SELECT count(*) FROM by_key_v7 WHERE $filter{$name}),
		              (SELECT count(*) FROM local_v7 WHERE $filter{$name}))});
	note("$name filter: $counts");
	is($counts, "distributed $expected{$name}, local $expected{$name}", "$name: the same count on the distributed and the local table");
	my $plan = $coordinator->safe_psql('postgres', qq{
		SET citus.explain_all_tasks = on;
		EXPLAIN (COSTS OFF) SELECT count(*) FROM by_key_v7 WHERE $filter{$name}});
	my ($tasks) = $plan =~ /Task Count: (\d+)/;
	# One block per shard after each "-> Task"; the filter is pushed down
	# when it is in the shard's own plan.
	my (undef, @shard_plans) = split /->\s+Task\n/, $plan;
	my $pushed = grep { /(?:Filter|Cond): [^\n]*(?:uuid_extract_time\(|uuid_v7_floor|id >= '[0-9a-f]{8}-)/ } @shard_plans;
	my ($first) = map { join ' / ', grep { /\S/ } map { s/^\s+|\s+$//gr } grep { !/Node:/ } split /\n/ } @shard_plans;
	note("$name: $tasks tasks, the filter inside $pushed shard plans; the first: $first");
	is("$tasks $pushed", '4 4', "$name: the filter is pushed down to each of the 4 shards");
}

# --- a distributed table partitioned by creation time ------------------------
# Daily partitions by key range (uuid_v7_floor bounds, as pg_partman or
# docs/partitioning.md make them), the table distributed by its key; a
# partition added after distribution, as partitions made ahead are, is
# distributed with it. Keys made now and backfilled a day back land in their
# day's partition; a bound through uuid_v7_floor selects the same rows as on
# a local copy.
# The day is read once, and "today" spans two days, so that a run that
# crosses midnight UTC between statements keeps every key where it belongs.
$coordinator->safe_psql('postgres', q{
	SELECT date_trunc('day', now(), 'UTC') AS day \gset
	CREATE TABLE by_day (id uuid NOT NULL DEFAULT uuid_generate_v7(), n int, PRIMARY KEY (id))
		PARTITION BY RANGE (id);
	CREATE TABLE by_day_today PARTITION OF by_day
		FOR VALUES FROM (uuid_v7_floor(:'day'))
		TO (uuid_v7_floor(timestamptz :'day' + interval '2 days'));
	SELECT create_distributed_table('by_day', 'id');
	CREATE TABLE by_day_yesterday PARTITION OF by_day
		FOR VALUES FROM (uuid_v7_floor(timestamptz :'day' - interval '1 day'))
		TO (uuid_v7_floor(:'day'));
	INSERT INTO by_day (n) SELECT i FROM generate_series(1, 100) i;
	INSERT INTO by_day (id, n)
	SELECT uuid_generate_v7(timestamptz :'day' - interval '12 hours' + i * interval '1 second'), i
	FROM generate_series(1, 50) i;
	CREATE TABLE local_by_day AS SELECT * FROM by_day;});
my $by_day = $coordinator->safe_psql('postgres', q{
	SELECT format('distributed partitions %s; today %s, yesterday %s; last hour %s, local %s',
	              (SELECT count(*) FROM pg_dist_partition
	               WHERE logicalrelid IN ('by_day_today'::regclass, 'by_day_yesterday'::regclass)),
	              (SELECT count(*) FROM by_day_today), (SELECT count(*) FROM by_day_yesterday),
	              (SELECT count(*) FROM by_day WHERE id >= uuid_v7_floor(now() - interval '1 hour')),
	              (SELECT count(*) FROM local_by_day WHERE id >= uuid_v7_floor(now() - interval '1 hour')))});
note("partitioned by creation time: $by_day");
is($by_day, 'distributed partitions 2; today 100, yesterday 50; last hour 100, local 100',
	'a distributed table partitioned by v7 key ranges: both partitions distributed, each key in its day');

# --- uuid6_status() on every node ---------------------------------------------
for my $node (@nodes)
{
	my $status = $node->safe_psql('postgres', q{
		SELECT format('mode %s, node_id %s, generated %s', min(mode), min(node_id),
		              string_agg(format('v%s %s', version, generated), ' ' ORDER BY version))
		FROM uuid6_status()});
	note($node->name . ": $status");
	like($status, qr/^mode shared_preload, node_id $id_of{$node->name}, generated v6 \d+ v7 \d+ v8 \d+$/,
		$node->name . ": uuid6_status() answers with its own node id");
}

# --- the documentation's Citus examples ------------------------------------
# The ```sql citus blocks, in order, on the coordinator of a cluster where
# uuid6 was dropped (they create it, as a reader would); every line of the
# ```text citus blocks must be in their output. (The docs suite on a plain
# server runs only the ```sql blocks.)
$coordinator->safe_psql('postgres', 'DROP EXTENSION uuid6 CASCADE');
is(versions_on(@nodes), 'coordinator=none worker1=none worker2=none', 'DROP EXTENSION reaches every node');
my (%blocks, $in);
open my $fh, '<', $citus_doc or die "$citus_doc: $!";
while (<$fh>)
{
	if (/^```(sql|text) citus$/) { $in = $1; push @{ $blocks{$in} }, ''; next; }
	if (/^```$/) { undef $in; next; }
	$blocks{$in}[-1] .= $_ if $in;
}
close $fh;
my @sql = @{ $blocks{sql} // [] };
my @shown = grep { /\S/ } map { s/\s+$//r } map { split /\n/ } @{ $blocks{text} // [] };
note(scalar(@sql) . ' ```sql citus blocks, ' . scalar(@shown) . " lines of ```text citus output in $citus_doc");
ok(@sql >= 1, "$citus_doc has Citus examples");
my ($out, $err) = ('', '');
my $ok = IPC::Run::run([ 'psql', '-X', '-v', 'ON_ERROR_STOP=1', '-d', $coordinator->connstr('postgres') ],
	'<' => \join('', @sql), '>' => \$out, '2>' => \$err);
ok($ok, "the Citus examples of $citus_doc run on the coordinator") or diag($err);
note($out);
my %printed = map { s/\s+$//r => 1 } split /\n/, $out;
my @missing = grep { !$printed{$_} } @shown;
is(join("\n", @missing), '', "every line $citus_doc shows as Citus output is printed by its examples");

note(sprintf('Citus test: %.0f s', time - $started));
$_->stop for @nodes;
done_testing();
