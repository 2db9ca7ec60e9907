# pg_dump / pg_restore: a database keyed by uuid6 (DEFAULTs on v7 and v6, a
# generated column and an expression index reading the time back, a view)
# is dumped in custom format and restored into a fresh database of another
# cluster, one without shared_preload_libraries. The restore is clean, the
# rows are identical, the DEFAULTs generate on the new cluster, after the
# restored keys, and uuid6_status() answers there.
use strict;
use warnings;
use PostgreSQL::Test::Utils;
use Test::More;
use IPC::Run;
use Uuid6Test;

# The dump tools of the server's own installation (its bindir first, as
# PATH has it), which must be at least as new as the server. A toolchain
# without them may name a newer PostgreSQL's in UUID6_DUMP_BINDIR (pg_dump
# and pg_restore work with servers older than themselves); CI does that for
# the majors whose toolchains ship none.
my $source = new_node('dump_source');
my $major = server_major($source);
my ($bindir) = output_of([ 'pg_config', '--bindir' ]) =~ /^(.*\S)/;
my %tool;
for my $name ('pg_dump', 'pg_restore')
{
	# dump_tool's, else whichever PATH finds, its version checked here.
	$tool{$name} = dump_tool($name) // $name;
	# "pg_dump (PostgreSQL) 18.1", "… 19rc1", "… 19beta2 (Debian …)": the
	# major is the number that follows "(PostgreSQL)", release or not.
	my $version = output_of([ $tool{$name}, '--version' ]);
	my ($tool_major) = $version =~ /\(PostgreSQL\) (\d+)/;
	if (!$tool_major || $tool_major < $major)
	{
		$source->stop;
		my $found = $version =~ /(\S.*\S)/ ? "found: $1" : 'none found';
		diag("SKIPPED: this toolchain has no $name for PostgreSQL $major ($found)");
		plan skip_all => "no $name for PostgreSQL $major in $bindir or on PATH ($found)";
	}
}

sub output_of
{
	my ($cmd) = @_;
	my ($out, $err) = ('', '');
	IPC::Run::run($cmd, '>' => \$out, '2>' => \$err);
	return $out;
}

$source->safe_psql('postgres', 'CREATE DATABASE shop');
$source->safe_psql('shop', q{
	CREATE EXTENSION uuid6;
	CREATE TABLE orders (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), item text NOT NULL);
	CREATE TABLE events (
		id uuid PRIMARY KEY DEFAULT uuid_generate_v6(),
		order_id uuid NOT NULL REFERENCES orders,
		created timestamptz GENERATED ALWAYS AS (uuid_extract_time(id)) STORED);
	CREATE INDEX orders_created ON orders (uuid_extract_time(id, true));
	CREATE VIEW recent_orders AS
		SELECT id, item FROM orders WHERE id >= uuid_v7_floor(now() - interval '1 day');
	INSERT INTO orders (item) SELECT 'item ' || i FROM generate_series(1, 1000) i;
	INSERT INTO events (order_id) SELECT id FROM orders, generate_series(1, 2);
});

# Every row, in key order, as one digest per table, and the view's count.
my $content = q{
	SELECT (SELECT md5(string_agg(format('%s %s', id, item), ',' ORDER BY id)) FROM orders),
	       (SELECT md5(string_agg(format('%s %s %s', id, order_id, created), ',' ORDER BY id)) FROM events),
	       (SELECT count(*) FROM recent_orders)};
my $dumped = $source->safe_psql('shop', $content);

my $dump = $source->basedir . '/shop.dump';
my ($out, $err) = ('', '');
my $ok = IPC::Run::run([ $tool{pg_dump}, '--format=custom', "--file=$dump", $source->connstr('shop') ],
	'>' => \$out, '2>' => \$err);
ok($ok, 'pg_dump -Fc exits 0');
is($err, '', 'pg_dump writes nothing on stderr');
like(output_of([ $tool{pg_restore}, '--list', $dump ]), qr/EXTENSION - uuid6\b/,
	'the dump holds CREATE EXTENSION uuid6');

my $target = new_node('restore_target', preload => 0);
$target->safe_psql('postgres', 'CREATE DATABASE shop');
($out, $err) = ('', '');
$ok = IPC::Run::run([ $tool{pg_restore}, '--exit-on-error', "--dbname=" . $target->connstr('shop'), $dump ],
	'>' => \$out, '2>' => \$err);
ok($ok, 'pg_restore into another cluster exits 0');
is($err, '', 'pg_restore reports no error or warning');

is($target->safe_psql('shop', $content), $dumped, 'every row is restored identically, the view too');
is($target->safe_psql('shop', q{SELECT extversion FROM pg_extension WHERE extname = 'uuid6'}),
	$source->safe_psql('shop', q{SELECT extversion FROM pg_extension WHERE extname = 'uuid6'}),
	'the restored extension has the version of the dumped one');
is($target->safe_psql('shop', q{
		SET enable_seqscan = off;
		EXPLAIN (COSTS OFF) SELECT * FROM orders WHERE uuid_extract_time(id, true) > now()}) =~ /orders_created/
	  ? 'used' : 'not used',
	'used', 'the expression index on uuid_extract_time is restored and usable');

# The DEFAULTs draw from the new cluster's own sequences: new keys of the
# right version, after every restored one (same clock, later time).
$target->safe_psql('shop', q{
	INSERT INTO orders (item) SELECT 'new ' || i FROM generate_series(1, 10) i;
	INSERT INTO events (order_id) SELECT id FROM orders WHERE item LIKE 'new %';
});
is($target->safe_psql('shop', q{
		SELECT count(*), count(*) FILTER (WHERE substr(id::text, 15, 1) = '7'),
		       count(*) FILTER (WHERE id > (SELECT id FROM orders WHERE item LIKE 'item %' ORDER BY id DESC LIMIT 1))
		FROM orders WHERE item LIKE 'new %'}),
	'10|10|10', 'the v7 DEFAULT generates after the restore, above the restored keys');
is($target->safe_psql('shop', q{
		SELECT count(*), count(*) FILTER (WHERE substr(id::text, 15, 1) = '6'),
		       count(*) FILTER (WHERE created > now() - interval '1 minute')
		FROM events WHERE order_id IN (SELECT id FROM orders WHERE item LIKE 'new %')}),
	'10|10|10', 'the v6 DEFAULT and the generated column work after the restore');
is($target->safe_psql('shop', q{
		SELECT count(DISTINCT mode), sum(generated) FILTER (WHERE version IN (6, 7)) >= 20
		FROM uuid6_status()}),
	'1|t', 'uuid6_status() answers on the restored database and counts the new keys');

# A dump of uuid6 1.4 (whose lease sequences lay in the extension's schema,
# here app) restored where 1.5 is the default, its newest keys two hours
# ahead of the clock (uuid6_advance): into an empty database the dump's
# CREATE EXTENSION makes 1.5, and its four setval of the lease fail, naming
# the sequences, so new keys are not above the restored ones; the dump's
# lease values written into uuid6_lease as docs/upgrading.md shows (the same
# sed) bring them above. Into a database where uuid6 1.4 was created first
# in the dump's schema, the restore reports only that schema as existing,
# and the update carries the lease.
$source->safe_psql('postgres', 'CREATE DATABASE shop14');
$source->safe_psql('shop14', q{
	CREATE SCHEMA app;
	CREATE EXTENSION uuid6 SCHEMA app VERSION '1.4';
	CREATE TABLE orders (id uuid PRIMARY KEY DEFAULT app.uuid_generate_v7(), item text NOT NULL);
	SELECT app.uuid6_advance(app.uuid_v7_floor(now() + interval '2 hours'));
	INSERT INTO orders (item) SELECT 'item ' || i FROM generate_series(1, 100) i;
});
my $dump14 = $source->basedir . '/shop14.dump';
ok(IPC::Run::run([ $tool{pg_dump}, '--format=custom', "--file=$dump14", $source->connstr('shop14') ],
	'>' => \$out, '2>' => \$err), 'a 1.4 database is dumped');
my $newest = q{SELECT id FROM orders WHERE item LIKE 'item %' ORDER BY id DESC LIMIT 1};

$target->safe_psql('postgres', 'CREATE DATABASE plain14; CREATE DATABASE prepared14');
($out, $err) = ('', '');
IPC::Run::run([ $tool{pg_restore}, '--dbname=' . $target->connstr('plain14'), $dump14 ],
	'>' => \$out, '2>' => \$err);
like($err, qr/relation "app\.uuid6_lease_v7" does not exist/,
	'1.4 dump into an empty database at 1.5: the lease setval fails, naming the sequence');
is($target->safe_psql('plain14', qq{SELECT app.uuid_generate_v7() > ($newest)}), 'f',
	'... and keys are not above the restored ones');
my $sed = q{s/^SELECT pg_catalog.setval('[^']*\.\(uuid6_lease_[a-z0-9]*\)'/SELECT pg_catalog.setval('uuid6_lease.\1'/p};
my ($applied_out, $applied_err) = ('', '');
ok(IPC::Run::run([ $tool{pg_restore}, '-f', '-', $dump14 ], '|', [ 'sed', '-n', $sed ], '|',
		[ 'psql', '-X', '-d', $target->connstr('plain14'), '-v', 'ON_ERROR_STOP=1' ],
		'>' => \$applied_out, '2>' => \$applied_err),
	"... the dump's lease values written into uuid6_lease as Upgrading shows") or diag($applied_err);
is(scalar(() = $applied_out =~ /^\s*setval\s*$/mg), 4, '... all four of them');
is($target->safe_psql('plain14', qq{SELECT app.uuid_generate_v7() > ($newest)}), 't',
	'... and new keys follow the restored ones');

$target->safe_psql('prepared14', q{CREATE SCHEMA app; CREATE EXTENSION uuid6 SCHEMA app VERSION '1.4'});
($out, $err) = ('', '');
IPC::Run::run([ $tool{pg_restore}, '--dbname=' . $target->connstr('prepared14'), $dump14 ],
	'>' => \$out, '2>' => \$err);
my @errors = $err =~ /ERROR:  (.*)/g;
is(join(' | ', @errors), 'schema "app" already exists',
	'1.4 dump into a database where uuid6 1.4 was created first in its schema: only that schema is reported');
$target->safe_psql('prepared14', 'ALTER EXTENSION uuid6 UPDATE');
is($target->safe_psql('prepared14', qq{
		SELECT extversion = (SELECT default_version FROM pg_available_extensions WHERE name = 'uuid6'),
		       (SELECT last_value > 0 FROM uuid6_lease.uuid6_lease_v7), app.uuid_generate_v7() > ($newest)
		FROM pg_extension WHERE extname = 'uuid6'}),
	't|t|t', '... after the update the lease is in uuid6_lease and new keys follow the restored ones');

$source->stop;
$target->stop;
done_testing();
