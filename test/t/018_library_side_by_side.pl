# Where uuid6 is not preloaded, replacing the library while sessions run
# leaves the old sessions on the 1.1 library and new ones on this one until
# the old sessions end. Both must draw from one sequence per version: this
# library adopts 1.1's shared state in place (same name, same layout, same
# writer's claim), whichever library comes first; uuid6_advance from either
# lifts both; and a state file that cannot be read keeps a 1.1 session from
# writing over it too. The 1.1 library is loaded from the path given in
# UUID6_PREVIOUS_LIBRARY (scripts/test.sh builds it from the 1.1 release)
# through functions of its own, in sessions that never load this one.
use strict;
use warnings;
use File::Copy qw(move);
use PostgreSQL::Test::Utils;
use Test::More;
use Uuid6Test;

my $old = $ENV{UUID6_PREVIOUS_LIBRARY};
if (!($old && -e $old) && $ENV{UUID6_PREVIOUS_NONE})
{
	# Said by scripts/test.sh only for a major that 1.1 never supported.
	diag("SKIPPED: $ENV{UUID6_PREVIOUS_NONE}");
	plan skip_all => $ENV{UUID6_PREVIOUS_NONE};
}
die 'UUID6_PREVIOUS_LIBRARY does not name the 1.1 library built for this server'
  unless $old && -e $old;

my $node = new_node('sidebyside', preload => 0);
my $file = $node->data_dir . '/uuid6.state';
$node->safe_psql('postgres', qq{
	CREATE TABLE seen (n serial, v int, who text, id uuid);
	CREATE FUNCTION old_v6() RETURNS uuid AS '$old', 'uuid_generate_v6' LANGUAGE C VOLATILE;
	CREATE FUNCTION old_v7() RETURNS uuid AS '$old', 'uuid_generate_v7' LANGUAGE C VOLATILE;
	CREATE FUNCTION old_v7_at(timestamptz) RETURNS uuid AS '$old', 'uuid_generate_v7_at' LANGUAGE C STRICT VOLATILE;
	CREATE FUNCTION old_advance(uuid) RETURNS void AS '$old', 'uuid6_advance' LANGUAGE C STRICT VOLATILE;});
# (A session never loads both libraries: creating C functions loads theirs.)
$node->safe_psql('postgres', 'CREATE EXTENSION uuid6');

# Alternates calls of the two libraries, ROUNDS times each, per version.
sub interleave
{
	my ($first, $second, $rounds) = @_;
	for (1 .. $rounds)
	{
		for my $session ($first, $second)
		{
			my $prefix = $session->{uuid6_old} ? 'old_' : 'uuid_generate_';
			my $who = $session->{uuid6_old} ? 'old' : 'new';
			$session->query_safe(qq{INSERT INTO seen (v, who, id) VALUES
				(6, '$who', ${prefix}v6()), (7, '$who', ${prefix}v7())});
		}
	}
}

sub inversions
{
	return $node->safe_psql('postgres', q{
		SELECT count(*) FILTER (WHERE id <= prev) || ' of ' || count(*)
		FROM (SELECT id, lag(id) OVER (PARTITION BY v ORDER BY n) AS prev FROM seen) s});
}

sub sessions
{
	my $old_session = $node->background_psql('postgres');
	$old_session->{uuid6_old} = 1;
	my $new_session = $node->background_psql('postgres');
	return ($old_session, $new_session);
}

# 1.1 first (the order of a real upgrade), then this library.
my ($a, $b) = sessions();
interleave($a, $b, 20);
like(inversions(), qr/^0 of 80$/, '1.1 first: the two libraries draw from one sequence (0 inversions)');

# uuid6_advance from either library lifts the sequence both use.
$b->query_safe(q{SELECT uuid6_advance(uuid_generate_v7(clock_timestamp() + interval '10 minutes'))});
$a->query_safe(q{INSERT INTO seen (v, who, id) SELECT 7, 'old', old_v7()});
is($node->safe_psql('postgres', q{SELECT uuid_extract_time((SELECT id FROM seen WHERE who = 'old' ORDER BY n DESC LIMIT 1))
	> now() + interval '9 minutes'}), 't', "this library's uuid6_advance lifts the 1.1 session's sequence");
$a->query_safe(q{SELECT old_advance(old_v7_at(clock_timestamp() + interval '20 minutes'))});
$b->query_safe(q{INSERT INTO seen (v, who, id) SELECT 7, 'new', uuid_generate_v7()});
is($node->safe_psql('postgres', q{SELECT uuid_extract_time((SELECT id FROM seen WHERE who = 'new' ORDER BY n DESC LIMIT 1))
	> now() + interval '19 minutes'}), 't', "1.1's uuid6_advance lifts this library's sequence");
$a->quit;
$b->quit;

# This library first (a new session after a restart), then 1.1.
$node->restart;
$node->safe_psql('postgres', 'TRUNCATE seen');
($a, $b) = sessions();
interleave($b, $a, 20);
like(inversions(), qr/^0 of 80$/, 'this library first: one sequence too (0 inversions)');
$a->quit;
$b->quit;

# A state file that cannot be read: this library, first, fails closed; a 1.1
# session does not write over the file either (it waits, cancellably).
$node->stop;
open my $fh, '>', $file or die $!;
print $fh "not a state file\n";
close $fh;
$node->start;
my ($rc, $out, $err) = $node->psql('postgres', 'SELECT uuid_generate_v7()');
like($err, qr/uuid6: state file ".*" is unusable/, 'an unreadable state file: this library fails closed');
($rc, $out, $err) = $node->psql('postgres', q{SET statement_timeout = '2s'; SELECT old_v7()});
like($err, qr/canceling statement due to statement timeout/, 'a 1.1 session waits rather than write over it');
is(slurp_file($file), "not a state file\n", 'the file is untouched');
move($file, "$file.bad") or die $!;
$node->safe_psql('postgres', q{TRUNCATE seen; INSERT INTO seen (v, who, id) SELECT 7, 'new', uuid_generate_v7()});
$node->safe_psql('postgres', q{SET statement_timeout = '10s'; INSERT INTO seen (v, who, id) SELECT 7, 'old', old_v7()});
$node->safe_psql('postgres', q{INSERT INTO seen (v, who, id) SELECT 7, 'new', uuid_generate_v7()});
like(inversions(), qr/^0 of 3$/, 'moved aside: both libraries generate again, from one sequence');
$node->stop;

done_testing();
