# The clock going backwards never produces a smaller value (SPEC §2). The
# server runs under libfaketime: generation from several clients, then the
# clock steps back one hour, then it freezes. Every value stays strictly
# increasing and unique, and uuid6_status() reports the regression.
use strict;
use warnings;
use PostgreSQL::Test::Utils;
use Test::More;
use Uuid6Test;

my ($libfaketime) = glob('/usr/lib/*/faketime/libfaketime.so.1');
plan skip_all => 'libfaketime is not installed (Debian package faketime)'
  unless $libfaketime;

my $node = new_node('clock', no_start => 1);
my $clock_file = $node->basedir . '/faketime';
sub set_clock
{
	open my $fh, '>', $clock_file or die $!;
	print $fh "$_[0]\n";
	close $fh;
}
set_clock('+0');

# Only the server is faked; CLOCK_MONOTONIC stays real so its timeouts work.
{
	local $ENV{LD_PRELOAD} = $libfaketime;
	local $ENV{FAKETIME_TIMESTAMP_FILE} = $clock_file;
	local $ENV{FAKETIME_NO_CACHE} = '1';
	local $ENV{FAKETIME_DONT_FAKE_MONOTONIC} = '1';
	local $ENV{TZ} = 'UTC';
	$node->start;
}
generation_table($node, 'postgres');

# One session drawing from two sequences, a v6 and a v7 per row, across a
# five-second step back: each sequence counts the regression, not only the
# one whose call read the clock first after the step.
{
	my $session = $node->background_psql('postgres');
	my $rows = q{SELECT count(DISTINCT (a, b)) FROM (SELECT uuid_generate_v6() a, uuid_generate_v7() b FROM generate_series(1, 100)) s};
	$session->query_safe($rows);
	set_clock('-5');
	$session->query_safe($rows);
	my $both = $node->safe_psql('postgres', q{
		SELECT string_agg(format('%s:%s:%s', version, clock_regressions,
		                         largest_regression_us >= 4000000), ' ' ORDER BY version)
		FROM uuid6_status() WHERE version IN (6, 7)});
	is($both, '6:1:t 7:1:t',
		'a five-second step back seen by one session using v6 and v7 is counted once for each');
	$session->quit;
	set_clock('+0');
}

my $clients = 3;
my %expected;
sub generate
{
	for my $v (6, 7, 8)
	{
		pgbench_generate($node, 'postgres', version => $v, clients => $clients,
			transactions => 200, per_tx => 10);
		$expected{$v} += $clients * 200 * 10;
	}
}

generate();
my $before = $node->safe_psql('postgres', 'SELECT max(uuid_extract_time(id)) FROM generated WHERE version = 7');

# One hour back, still running. (Each version last generated a second or two
# before the step, so the lead is just under an hour.)
set_clock('-3600');
generate();

my $status = $node->safe_psql('postgres', q{
	SELECT string_agg(format('%s:%s:%s:%s', version, clock_regressions > 0,
	                         largest_regression_us >= 3500000000, ahead_of_clock_us >= 3500000000), ' ' ORDER BY version)
	FROM uuid6_status()});
is($status, '6:t:t:t 7:t:t:t 8:t:t:t',
	'uuid6_status reports the one-hour regression and the lead over the clock for every version');

# Frozen, at a moment inside the hour already used.
my @t = gmtime(time - 1800);
set_clock(sprintf('%04d-%02d-%02d %02d:%02d:%02d', $t[5] + 1900, $t[4] + 1, $t[3], $t[2], $t[1], $t[0]));
my $frozen = $node->safe_psql('postgres', q{SELECT clock_timestamp() = clock_timestamp()});
is($frozen, 't', 'the server clock is frozen');
generate();

for my $v (6, 7, 8)
{
	check_generations($node, 'postgres', $v, $expected{$v}, 'across a step back and a freeze');
}
my $after = $node->safe_psql('postgres', 'SELECT max(uuid_extract_time(id)) FROM generated WHERE version = 7');
ok($after ge $before, "time encoded in v7 never went back ($before .. $after)");

set_clock('+0');
$node->stop;
done_testing();
