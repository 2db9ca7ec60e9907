# uuid_to_base32hex and uuid_from_base32hex against PostgreSQL's own
# base32hex: from PostgreSQL 19 on, encode(bytea, 'base32hex') writes the
# same 26 characters (then the padding "======") for every UUID, and
# decode() reads uuid6's text back to the same 16 bytes. Over 10,000
# uuid_generate_v7() keys and 10,000 random ones:
#   (a) uuid_to_base32hex(u) = substring(encode(u::bytea, 'base32hex') from 1 for 26);
#   (b) uuid_from_base32hex reads encode()'s padded text back to u, in either case;
#   (c) decode(uuid_to_base32hex(u) || '======', 'base32hex') = u::bytea;
#   (d) everywhere: the round trip, and the text's order (COLLATE "C") that of the uuids.
# (a) to (c) need PostgreSQL 19 or later, and say PART SKIPPED where the
# server has no base32hex encoding.
use strict;
use warnings;
use PostgreSQL::Test::Utils;
use Test::More;
use Uuid6Test;

my $node = new_node('base32hex', preload => 0);
$node->safe_psql('postgres', 'CREATE EXTENSION uuid6');
$node->safe_psql('postgres', q{
	CREATE TABLE keys AS
	SELECT 'v7' AS kind, uuid_generate_v7() AS u FROM generate_series(1, 10000)
	UNION ALL
	SELECT 'random', gen_random_uuid() FROM generate_series(1, 10000)});

# (d) On every server.
is($node->safe_psql('postgres', q{
	SELECT format('%s keys, %s differ', count(*),
	              count(*) FILTER (WHERE uuid_from_base32hex(uuid_to_base32hex(u)) <> u
	                               OR uuid_from_base32hex(lower(uuid_to_base32hex(u)) || '======') <> u))
	FROM keys}),
	'20000 keys, 0 differ', 'round trip of 20,000 keys, upper case and lower case with padding');
is($node->safe_psql('postgres', q{
	SELECT string_agg(format('%s %s', kind, same), ' ' ORDER BY kind)
	FROM (SELECT kind, array_agg(u ORDER BY u) = array_agg(u ORDER BY uuid_to_base32hex(u) COLLATE "C") AS same
	      FROM keys GROUP BY kind) s}),
	'random t v7 t', 'the text sorts as the uuids do');

# Whether this server writes base32hex itself (PostgreSQL 19 and later).
my ($rc, $out, $err) = $node->psql('postgres', q{SELECT encode('\x00'::bytea, 'base32hex')});
if ($rc != 0)
{
	my $version = $node->safe_psql('postgres', 'SHOW server_version');
	diag("PART SKIPPED: 038_base32hex_core (a)-(c): PostgreSQL $version has no base32hex "
		  . "encoding (PostgreSQL 19 adds it), so uuid_to_base32hex was not compared with "
		  . "encode(..., 'base32hex') here");
}
else
{
	# (a)
	is($node->safe_psql('postgres', q{
		SELECT format('%s keys, %s differ', count(*),
		              count(*) FILTER (WHERE uuid_to_base32hex(u) IS DISTINCT FROM substring(encode(u::bytea, 'base32hex') from 1 for 26)))
		FROM keys}),
		'20000 keys, 0 differ', "uuid_to_base32hex(u) = the first 26 characters of encode(u::bytea, 'base32hex')");
	is($node->safe_psql('postgres', q{
		SELECT count(*) FILTER (WHERE substring(encode(u::bytea, 'base32hex') from 27) <> '======') FROM keys}),
		'0', "encode() pads every UUID with \"======\", which uuid_from_base32hex accepts");
	# (b)
	is($node->safe_psql('postgres', q{
		SELECT count(*) FILTER (WHERE uuid_from_base32hex(encode(u::bytea, 'base32hex')) <> u
		                        OR uuid_from_base32hex(lower(encode(u::bytea, 'base32hex'))) <> u)
		FROM keys}),
		'0', "uuid_from_base32hex reads encode()'s text back, in either case");
	# (c)
	is($node->safe_psql('postgres', q{
		SELECT count(*) FILTER (WHERE decode(uuid_to_base32hex(u) || '======', 'base32hex') <> u::bytea
		                        OR decode(uuid_to_base32hex(u), 'base32hex') <> u::bytea)
		FROM keys}),
		'0', "decode(..., 'base32hex') reads uuid_to_base32hex's text back, padded or not");
	# The edges, which random keys seldom reach.
	is($node->safe_psql('postgres', q{
		SELECT count(*) FILTER (WHERE uuid_to_base32hex(u) <> substring(encode(u::bytea, 'base32hex') from 1 for 26))
		FROM (VALUES ('00000000-0000-0000-0000-000000000000'::uuid), ('ffffffff-ffff-ffff-ffff-ffffffffffff'),
		             ('00000000-0000-0000-0000-000000000001'), ('80000000-0000-0000-0000-000000000000'),
		             ('00000000-0000-0000-0000-000000000007'), ('ffffffff-ffff-ffff-ffff-fffffffffff8')) AS v(u)}),
		'0', 'the nil and max UUIDs and single bits at either end');
}

$node->stop;
done_testing();
