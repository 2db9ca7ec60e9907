# The draft-layout v7 is monotonic across backends at each precision, like
# the RFC generators: 4 clients under a global lock, order = sequence order.
use strict;
use warnings;
use PostgreSQL::Test::Utils;
use Test::More;
use Uuid6Test;

my $node = new_node('draft');
generation_table($node, 'postgres');
my %code = (ms => 1, us => 2, ns => 3);
for my $p (qw(ms us ns))
{
	$node->pgbench(
		'--no-vacuum --client=4 --jobs=4 --transactions=1000',
		0, [qr{processed: \d+/\d+}], [qr{^$}],
		"pgbench: 4 clients generating draft v7 at '$p'",
		{ "draft_$p.sql" => "BEGIN;\nSELECT pg_advisory_xact_lock(6660);\n"
			  . "INSERT INTO generated SELECT nextval('generated_n'), $code{$p}, uuid_generate_v7_draft('$p') FROM generate_series(1, 10);\n"
			  . "COMMIT;\n" },
		'postgres');
	check_generations($node, 'postgres', $code{$p}, 40_000, '4 clients under a global lock',
		"draft v7 '$p'");
}
my $times = $node->safe_psql('postgres', q{
	SELECT count(*) FILTER (WHERE abs(extract(epoch FROM uuid_extract_time_draft(id) - now())) > 600)
	FROM generated});
is($times, '0', 'every draft value decodes to the time of the run');

$node->stop;
done_testing();
