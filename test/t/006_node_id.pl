# uuid6.node_id: every generated v6/v7/v8 carries it in the documented bits
# (v6: 88-103, after the multicast bit that stays set; v7 and v8: 74-89); a
# reload to another value takes effect; values out of range are refused.
use strict;
use warnings;
use PostgreSQL::Test::Utils;
use Test::More;
use Uuid6Test;

my $node = new_node('node', conf => "uuid6.node_id = 4660\n");
$node->safe_psql('postgres', 'CREATE EXTENSION uuid6');

# The node bits read straight from the bytes, independently of the C code.
my $node_bits = q{
	CASE v WHEN 6 THEN (get_byte(b, 11) << 8) | get_byte(b, 12)
	       ELSE ((get_byte(b, 9) & 63) << 10) | (get_byte(b, 10) << 2) | (get_byte(b, 11) >> 6) END};
sub nodes_seen
{
	return $node->safe_psql('postgres', qq{
		SELECT string_agg(format('%s:%s', v, bits), ' ' ORDER BY v)
		FROM (SELECT v, string_agg(DISTINCT to_hex(bits), ',') AS bits
		      FROM (SELECT v, $node_bits AS bits
		            FROM (SELECT v, uuid_send(CASE v WHEN 6 THEN uuid_generate_v6() WHEN 7 THEN uuid_generate_v7()
		                                             ELSE uuid_generate_v8() END) AS b
		                  FROM unnest(ARRAY[6, 7, 8]) AS v, generate_series(1, 2000)) AS g) AS n
		      GROUP BY v) AS s});
}

is($node->safe_psql('postgres', 'SHOW uuid6.node_id'), '4660', 'set in postgresql.conf');
is(nodes_seen(), '6:1234 7:1234 8:1234', 'every v6, v7 and v8 carries 0x1234');
is($node->safe_psql('postgres', q{
	SELECT count(*), count(*) FILTER (WHERE get_byte(b, 10) & 1 = 1), count(DISTINCT get_byte(b, 10)),
	       count(*) FILTER (WHERE uuid_extract_node(id) = 4660)
	FROM (SELECT id, uuid_send(id) AS b
	      FROM (SELECT uuid_generate_v6() AS id FROM generate_series(1, 5000)
	            UNION ALL SELECT uuid_generate_v6(now() - n * interval '1 s') FROM generate_series(1, 5000) AS n) AS g) AS s}),
	'10000|10000|128|10000', 'v6 (generated and backfilled): multicast bit set, the rest of octet 10 random, all 16 id bits read back');
is($node->safe_psql('postgres', q{
	SELECT count(*) FILTER (WHERE (get_byte(b, 10) << 8 | get_byte(b, 11)) = 4660)
	FROM (SELECT uuid_send(uuid_generate_v7('2020-01-01')) AS b FROM generate_series(1, 10)) AS s}),
	'0', 'v7 keeps 0x1234 out of octets 10-11 (its node bits are 74-89)');
is($node->safe_psql('postgres', q{
	SELECT min(node_id) FROM uuid6_status()}), '4660', 'uuid6_status shows the node id');
is($node->safe_psql('postgres', q{
	SELECT count(DISTINCT substr(uuid_send(uuid_generate_v7()), 13, 4)) FROM generate_series(1, 1000)}),
	'1000', 'the bits below the node id stay random');

$node->append_conf('postgresql.conf', "uuid6.node_id = 22136\n");
$node->reload;
$node->poll_query_until('postgres', 'SHOW uuid6.node_id', '22136') or die 'reload not seen';
is(nodes_seen(), '6:5678 7:5678 8:5678', 'after reload every version carries 0x5678');

# Out of range: refused by SET-like commands and by a reload.
my ($ret, $stdout, $stderr) = $node->psql('postgres', 'ALTER SYSTEM SET uuid6.node_id = 65536');
like($stderr, qr/65536 is outside the valid range for parameter "uuid6.node_id" \(-1 \.\. 65535\)/,
	'ALTER SYSTEM refuses 65536');
($ret, $stdout, $stderr) = $node->psql('postgres', 'ALTER SYSTEM SET uuid6.node_id = -2');
like($stderr, qr/outside the valid range/, 'ALTER SYSTEM refuses -2');
($ret, $stdout, $stderr) = $node->psql('postgres', 'SET uuid6.node_id = 1');
like($stderr, qr/cannot be changed now/, 'not settable per session');

$node->append_conf('postgresql.conf', "uuid6.node_id = 70000\n");
$node->reload;
$node->poll_query_until('postgres',
	q{SELECT count(*) > 0 FROM pg_file_settings WHERE name = 'uuid6.node_id' AND error IS NOT NULL})
  or die 'bad setting not seen';
is($node->safe_psql('postgres', 'SHOW uuid6.node_id'), '22136', 'a bad value in the file is refused on reload');
is(nodes_seen(), '6:5678 7:5678 8:5678', 'and generation keeps the previous node id');

$node->stop;
done_testing();
