# The CSPRNG reserve belongs to the process that filled it: 200 fresh
# connections, each generating one v7, must show 200 different random parts.
# (A reserve filled before fork and inherited would repeat its bytes.)
use strict;
use warnings;
use PostgreSQL::Test::Utils;
use Test::More;
use Uuid6Test;

my $node = new_node('fork');
$node->safe_psql('postgres', 'CREATE EXTENSION uuid6; CREATE TABLE seen (id uuid)');
# Warm every path in the postmaster's children before forking the rest.
$node->safe_psql('postgres', 'SELECT uuid_generate_v7()');
for my $i (1 .. 200)
{
	$node->safe_psql('postgres', 'INSERT INTO seen VALUES (uuid_generate_v7())');
}
# rand_b after its 8-bit counter: the low 54 bits, octets 9..15.
my $result = $node->safe_psql('postgres', q{
	SELECT count(*), count(DISTINCT substr(uuid_send(id), 10, 7)),
	       count(DISTINCT get_byte(uuid_send(id), 9) & 63)
	FROM seen});
my ($rows, $distinct_random) = split /\|/, $result;
is($rows, 200, '200 connections generated');
is($distinct_random, 200, 'all 200 random parts differ');

$node->stop;
done_testing();
