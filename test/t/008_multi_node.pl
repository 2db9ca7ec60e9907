# Many nodes, one key space (RFC 9562 §6.4): three writer clusters with
# uuid6.node_id = 1, 2, 3 under concurrent load, fanned in to one aggregator
# by logical replication. Every row arrives, no primary key ever conflicts,
# each row's node bits name its writer, and per writer the ids increase with
# insertion order -- for v7, v6 and v8. Then the same writers behind
# postgres_fdw partitions of one aggregator table.
use strict;
use warnings;
use PostgreSQL::Test::Utils;
use Test::More;
use Uuid6Test;

my $rows_per_writer = 50_000;
my @writers = map {
	new_node("writer$_", conf => "uuid6.node_id = $_\nwal_level = logical\nmax_wal_senders = 10\n")
} 1 .. 3;
my $aggregator = new_node('aggregator', conf => "max_logical_replication_workers = 8\nmax_worker_processes = 16\n");

my $schema = join "\n", map { qq{
	CREATE TABLE events_v$_ (id uuid PRIMARY KEY DEFAULT uuid_generate_v$_(), node int NOT NULL,
	                        n bigint NOT NULL, payload text);} } (6, 7, 8);
$_->safe_psql('postgres', "CREATE EXTENSION uuid6; CREATE SEQUENCE events_n; $schema") for @writers, $aggregator;
$_->safe_psql('postgres', 'CREATE PUBLICATION events FOR TABLE events_v6, events_v7, events_v8') for @writers;
sub connection { my ($n) = @_; return 'host=' . $n->host . ' port=' . $n->port . ' dbname=postgres'; }
for my $i (0 .. 2)
{
	my $connstr = connection($writers[$i]);
	$aggregator->safe_psql('postgres',
		"CREATE SUBSCRIPTION from_writer" . ($i + 1) . " CONNECTION '$connstr' PUBLICATION events");
}
$aggregator->wait_for_subscription_sync($writers[$_], 'from_writer' . ($_ + 1)) for 0 .. 2;

# Concurrent load on all three writers at once: 2 clients each, every
# transaction under the writer's global advisory lock so that n records the
# order of generation on that writer.
my @loads;
for my $i (0 .. 2)
{
	my $node_id = $i + 1;
	my $script = $writers[$i]->basedir . '/load.sql';
	open my $fh, '>', $script or die $!;
	print $fh "BEGIN;\nSELECT pg_advisory_xact_lock(1);\n";
	print $fh "INSERT INTO events_v$_ (node, n, payload) SELECT $node_id, nextval('events_n'), 'x' FROM generate_series(1, 10);\n"
	  for (6, 7, 8);
	print $fh "COMMIT;\n";
	close $fh;
	push @loads, IPC::Run::start(
		[ 'pgbench', '--no-vacuum', '--client=2', '--jobs=2', '--transactions=' . ($rows_per_writer / 20),
		  '--file' => $script, $writers[$i]->connstr('postgres') ],
		'>' => \my $out, '2>' => \my $err);
}
ok($_->finish, 'pgbench load on a writer finished without error') for @loads;

$writers[$_]->wait_for_catchup('from_writer' . ($_ + 1)) for 0 .. 2;

for my $v (6, 7, 8)
{
	my $result = $aggregator->safe_psql('postgres', qq{
		SELECT count(*), count(DISTINCT id),
		       count(*) FILTER (WHERE uuid_extract_node(id) <> node),
		       (SELECT count(*) FROM (SELECT id <= lag(id) OVER (PARTITION BY node ORDER BY n) AS bad
		                              FROM events_v$v) AS o WHERE bad)
		FROM events_v$v});
	is($result, join('|', 3 * $rows_per_writer, 3 * $rows_per_writer, 0, 0),
		"v$v: all rows arrived, unique, node bits = node, increasing per writer");
	is($aggregator->safe_psql('postgres', "SELECT string_agg(node || ':' || c, ' ' ORDER BY node)
		FROM (SELECT node, count(*) AS c FROM events_v$v GROUP BY node) AS s"),
		join(' ', map { "$_:$rows_per_writer" } 1 .. 3), "v$v: every writer's rows counted");
}
unlike(slurp_file($aggregator->logfile), qr/duplicate key value violates unique constraint/,
	'no primary-key conflict in the aggregator log');

# postgres_fdw: the aggregator's table partitioned by node, each partition a
# foreign table on its writer; the key is generated on the writer (a trigger
# there fills it, since postgres_fdw sends the local default, NULL).
for my $i (0 .. 2)
{
	$writers[$i]->safe_psql('postgres', q{
		CREATE TABLE orders (id uuid PRIMARY KEY, node int NOT NULL, n bigint NOT NULL);
		-- postgres_fdw's remote sessions run with search_path = pg_catalog.
		CREATE FUNCTION orders_key() RETURNS trigger LANGUAGE plpgsql SET search_path = public AS $$
		BEGIN NEW.id := coalesce(NEW.id, uuid_generate_v7()); RETURN NEW; END $$;
		CREATE TRIGGER orders_key BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION orders_key();
	});
}
$aggregator->safe_psql('postgres', 'CREATE EXTENSION postgres_fdw;
	CREATE TABLE orders (id uuid, node int NOT NULL, n bigint NOT NULL) PARTITION BY LIST (node);');
for my $i (0 .. 2)
{
	my $node_id = $i + 1;
	my ($host, $port) = ($writers[$i]->host, $writers[$i]->port);
	$aggregator->safe_psql('postgres', qq{
		CREATE SERVER writer$node_id FOREIGN DATA WRAPPER postgres_fdw
		    OPTIONS (host '$host', port '$port', dbname 'postgres');
		CREATE USER MAPPING FOR CURRENT_USER SERVER writer$node_id;
		CREATE FOREIGN TABLE orders_$node_id PARTITION OF orders FOR VALUES IN ($node_id)
		    SERVER writer$node_id OPTIONS (table_name 'orders');
	});
}
# One row at a time, round robin over the writers.
$aggregator->safe_psql('postgres', q{
	DO $$ BEGIN
	  FOR i IN 1..300 LOOP
	    INSERT INTO orders (node, n) VALUES (1 + i % 3, i);
	  END LOOP;
	END $$;
});
is($aggregator->safe_psql('postgres', q{
	SELECT count(*), count(DISTINCT id), count(*) FILTER (WHERE uuid_extract_node(id) <> node),
	       count(DISTINCT node) FROM orders}),
	'300|300|0|3', 'postgres_fdw: 300 rows, keys made on their writers with their node ids');
is($aggregator->safe_psql('postgres', q{
	SELECT count(*) FROM (SELECT n, lag(n) OVER (ORDER BY id) AS previous FROM orders) AS o
	WHERE n < previous}),
	'0', 'ORDER BY id across all partitions is the insertion (time) order');

$_->stop for @writers, $aggregator;
done_testing();
