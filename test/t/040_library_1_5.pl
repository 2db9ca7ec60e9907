# The 1.5 library beside this one, where uuid6 is not preloaded (a session
# that loaded 1.5's library before the package was upgraded keeps it until
# it ends). This library's common step adds to the sequence's word, which is
# safe only where no step can take the word to the last offsets of its epoch
# (core/atomic_sequence.hpp): 1.5's may. So the library that creates the
# shared state decides:
#   - created by 1.5: this library runs 1.5's protocol (every step a
#     compare-and-swap) on it; both draw from one sequence, and the commit
#     horizon refuses (1.5's sessions publish nothing);
#   - created by this library: a 1.5 session finds a protocol it does not
#     know, takes the state for an earlier library's, which is fenced, and
#     waits, cancellably, handing out nothing (1.6's first cut let it draw
#     beside adds, and its keys escaped the horizon), while this library's
#     sessions go on, 0 inversions, and the horizon works.
# The 1.5 library is loaded from UUID6_PREVIOUS_15_LIBRARY, which
# scripts/test.sh builds from the 1.5 release, through functions of its own.
use strict;
use warnings;
use PostgreSQL::Test::Utils;
use Test::More;
use Uuid6Test;

my $lib = $ENV{UUID6_PREVIOUS_15_LIBRARY};
die 'the 1.5 library built for this server is not given (UUID6_PREVIOUS_15_LIBRARY)'
  unless $lib && -e $lib;

my $node = new_node('beside15', preload => 0);
# (A session never loads two libraries: creating C functions loads theirs.)
$node->safe_psql('postgres', 'CREATE TABLE seen (n serial, who text, id uuid)');
$node->safe_psql('postgres',
	qq{CREATE FUNCTION old15_v7() RETURNS uuid AS '$lib', 'uuid_generate_v7' LANGUAGE C VOLATILE});
$node->safe_psql('postgres', 'CREATE EXTENSION uuid6');

sub inversions
{
	return $node->safe_psql('postgres', q{
		SELECT count(*) FILTER (WHERE id <= prev) || ' of ' || count(*)
		FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM seen) s});
}

# 1.5 first: it creates the state.
my $old = $node->background_psql('postgres');
my $new = $node->background_psql('postgres');
$old->query_safe(q{INSERT INTO seen (who, id) SELECT 'old', old15_v7()});
for (1 .. 50)
{
	$new->query_safe(q{INSERT INTO seen (who, id) SELECT 'new', uuid_generate_v7()});
	$old->query_safe(q{INSERT INTO seen (who, id) SELECT 'old', old15_v7()});
}
like(inversions(), qr/^0 of 101$/, '1.5 first: both libraries draw from one sequence (0 inversions)');
my ($rc, $out, $err) = $node->psql('postgres', 'SELECT uuid6_commit_horizon()');
like($err, qr/uuid6_commit_horizon needs the shared sequences made by uuid6 1\.6 or later/,
	'1.5 first: the commit horizon refuses (1.5 sessions publish no key)');
$old->quit;
$new->quit;

# This library first (after a restart).
$node->restart;
$node->safe_psql('postgres', 'TRUNCATE seen');
$new = $node->background_psql('postgres');
$new->query_safe(q{INSERT INTO seen (who, id) SELECT 'new', uuid_generate_v7()});
($rc, $out, $err) = $node->psql('postgres', q{SET statement_timeout = '2s';
	INSERT INTO seen (who, id) SELECT 'old', old15_v7()});
like($err, qr/canceling statement due to statement timeout/,
	'this library first: a 1.5 session waits rather than step beside adds');
for (1 .. 50)
{
	$new->query_safe(q{INSERT INTO seen (who, id) SELECT 'new', uuid_generate_v7()});
}
like(inversions(), qr/^0 of 51$/, 'this library first: it goes on alone (0 inversions)');
is($node->safe_psql('postgres', q{SELECT count(*) FROM seen WHERE who = 'old'}), '0',
	'this library first: the 1.5 session handed out nothing');
is($node->safe_psql('postgres', q{SELECT uuid6_commit_horizon() > (SELECT max(id) FROM seen)}), 't',
	'this library first: the commit horizon works');
$new->quit;
$node->stop;

done_testing();
