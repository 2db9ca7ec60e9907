# Where uuid6 is not preloaded, replacing the library while sessions run
# leaves the old sessions on the earlier library (1.1 or 1.2) and new ones on
# this one until the old sessions end. The earlier libraries step their
# sequences under a spinlock; this one with a compare-and-swap, and the two
# protocols must never run on one sequence. So the library that creates the
# shared state decides:
#   - created by an earlier library (the order of a real upgrade): this
#     library adopts it in place and runs its spinlock protocol — both draw
#     from one sequence, uuid6_advance from either lifts both;
#   - created by this library: an earlier library's session fails closed — a
#     generator or uuid6_advance waits, cancellably, and hands out nothing,
#     while this library's sessions go on.
# A state file that cannot be read keeps an earlier library from writing
# over it too. The earlier libraries are loaded from the paths given in
# UUID6_PREVIOUS_LIBRARY (1.1) and UUID6_PREVIOUS_12_LIBRARY (1.2), which
# scripts/test.sh builds from their releases, through functions of their
# own, in sessions that never load this one.
use strict;
use warnings;
use File::Copy qw(move);
use File::Spec;
use PostgreSQL::Test::Utils;
use Test::More;
use Uuid6Test;

my %old = ('1.1' => $ENV{UUID6_PREVIOUS_LIBRARY}, '1.2' => $ENV{UUID6_PREVIOUS_12_LIBRARY});
for my $version (sort keys %old)
{
	next if $old{$version} && -e $old{$version};
	# Said by scripts/test.sh only for a major that 1.1 never supported.
	if ($version eq '1.1' && $ENV{UUID6_PREVIOUS_NONE})
	{
		diag("SKIPPED for 1.1: $ENV{UUID6_PREVIOUS_NONE}");
		delete $old{$version};
		next;
	}
	die "the $version library built for this server is not given (UUID6_PREVIOUS_LIBRARY for 1.1, "
	  . 'UUID6_PREVIOUS_12_LIBRARY for 1.2)';
}

my $node = new_node('sidebyside', preload => 0);
my $file = $node->data_dir . '/uuid6.state';
$node->safe_psql('postgres', 'CREATE TABLE seen (n serial, v int, who text, id uuid)');
for my $version (sort keys %old)
{
	(my $tag = $version) =~ tr/.//d;
	my $lib = $old{$version};
	$node->safe_psql('postgres', qq{
		CREATE FUNCTION old${tag}_v6() RETURNS uuid AS '$lib', 'uuid_generate_v6' LANGUAGE C VOLATILE;
		CREATE FUNCTION old${tag}_v7() RETURNS uuid AS '$lib', 'uuid_generate_v7' LANGUAGE C VOLATILE;
		CREATE FUNCTION old${tag}_v7_at(timestamptz) RETURNS uuid AS '$lib', 'uuid_generate_v7_at' LANGUAGE C STRICT VOLATILE;
		CREATE FUNCTION old${tag}_advance(uuid) RETURNS void AS '$lib', 'uuid6_advance' LANGUAGE C STRICT VOLATILE;});
}
# (A session never loads two libraries: creating C functions loads theirs.)
# The catalog at 1.4, as in a real upgrade, where the new library is
# installed before ALTER EXTENSION UPDATE: 1.5 moves the lease sequences
# where an earlier library does not look (the end of this file).
$node->safe_psql('postgres', q{CREATE EXTENSION uuid6 VERSION '1.4'});

# Alternates calls of the two libraries, ROUNDS times each, per version.
sub interleave
{
	my ($first, $second, $rounds) = @_;
	for (1 .. $rounds)
	{
		for my $session ($first, $second)
		{
			my $prefix = $session->{uuid6_old} ? "old$session->{uuid6_old}_" : 'uuid_generate_';
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
	my ($tag) = @_;
	my $old_session = $node->background_psql('postgres');
	$old_session->{uuid6_old} = $tag;
	my $new_session = $node->background_psql('postgres');
	return ($old_session, $new_session);
}

for my $version (sort keys %old)
{
	(my $tag = $version) =~ tr/.//d;

	# The earlier library first (the order of a real upgrade), then this one.
	$node->restart;
	$node->safe_psql('postgres', 'TRUNCATE seen');
	my ($a, $b) = sessions($tag);
	interleave($a, $b, 20);
	like(inversions(), qr/^0 of 80$/,
		"$version first: the two libraries draw from one sequence (0 inversions)");

	# uuid6_advance from either library lifts the sequence both use.
	$b->query_safe(q{SELECT uuid6_advance(uuid_generate_v7(clock_timestamp() + interval '10 minutes'))});
	$a->query_safe(qq{INSERT INTO seen (v, who, id) SELECT 7, 'old', old${tag}_v7()});
	is($node->safe_psql('postgres', q{SELECT uuid_extract_time((SELECT id FROM seen WHERE who = 'old' ORDER BY n DESC LIMIT 1))
		> now() + interval '9 minutes'}), 't', "this library's uuid6_advance lifts the $version session's sequence");
	$a->query_safe(qq{SELECT old${tag}_advance(old${tag}_v7_at(clock_timestamp() + interval '20 minutes'))});
	$b->query_safe(q{INSERT INTO seen (v, who, id) SELECT 7, 'new', uuid_generate_v7()});
	is($node->safe_psql('postgres', q{SELECT uuid_extract_time((SELECT id FROM seen WHERE who = 'new' ORDER BY n DESC LIMIT 1))
		> now() + interval '19 minutes'}), 't', "$version\'s uuid6_advance lifts this library's sequence");
	like(inversions(), qr/^0 of 82$/, "$version first: still one sequence after the lifts");
	$a->quit;
	$b->quit;

	# This library first (a new session after a restart): the compare-and-
	# swap protocol. The earlier library's session waits and hands out
	# nothing; this library goes on, and the state file is its own.
	$node->restart;
	$node->safe_psql('postgres', 'TRUNCATE seen');
	($a, $b) = sessions($tag);
	interleave($b, $b, 10);
	my $lead_sql = q{SELECT ahead_of_clock_us FROM uuid6_status() WHERE version = 7};
	my $lead = $node->safe_psql('postgres', $lead_sql);
	for my $statement ("INSERT INTO seen (v, who, id) SELECT 7, 'old', old${tag}_v7()",
		"INSERT INTO seen (v, who, id) SELECT 6, 'old', old${tag}_v6()",
		"SELECT old${tag}_advance(old${tag}_v7_at(clock_timestamp() + interval '30 minutes'))")
	{
		my ($rc, $out, $err) = $node->psql('postgres', qq{SET statement_timeout = '1s'; $statement});
		like($err, qr/canceling statement due to statement timeout/,
			"this library first: $version waits rather than run a second protocol ($statement)");
	}
	interleave($b, $b, 10);
	like(inversions(), qr/^0 of 80$/, "this library first: it goes on alone (0 inversions)");
	is($node->safe_psql('postgres', q{SELECT count(*) FROM seen WHERE who = 'old'}), '0',
		"this library first: the $version session handed out no value");
	cmp_ok($node->safe_psql('postgres', $lead_sql), '<=', $lead,
		"this library first: $version\'s uuid6_advance lifted nothing");
	$a->quit;
	$b->quit;

	# A state file that cannot be read, 1.2 first (1.1, first, ignored such a
	# file): it fails closed as this library does, and so does this library,
	# adopting the state; moved aside, both generate again from one sequence.
	my ($rc, $out, $err);
	my $fh;
	if ($version ne '1.1')
	{
		$node->stop;
		open $fh, '>', $file or die $!;
		print $fh "not a state file\n";
		close $fh;
		$node->start;
		($rc, $out, $err) = $node->psql('postgres', qq{SELECT old${tag}_v7()});
		like($err, qr/uuid6: state file ".*" is unusable/,
			"an unreadable state file: a $version session fails closed");
		($rc, $out, $err) = $node->psql('postgres', 'SELECT uuid_generate_v7()');
		like($err, qr/uuid6: state file ".*" is unusable/, 'an unreadable state file: this library fails closed');
		is(slurp_file($file), "not a state file\n", 'the file is untouched');
		move($file, "$file.bad") or die $!;
		$node->safe_psql('postgres', q{TRUNCATE seen; INSERT INTO seen (v, who, id) SELECT 7, 'new', uuid_generate_v7()});
		$node->safe_psql('postgres', qq{SET statement_timeout = '10s'; INSERT INTO seen (v, who, id) SELECT 7, 'old', old${tag}_v7()});
		$node->safe_psql('postgres', q{INSERT INTO seen (v, who, id) SELECT 7, 'new', uuid_generate_v7()});
		like(inversions(), qr/^0 of 3$/, 'moved aside: both libraries generate again, from one sequence');
	}

	# The same file, this library first: it fails closed, and so does the
	# earlier library's session (it waits); moved aside, this library
	# generates again and the earlier one still waits.
	$node->stop;
	move($file, "$file.good") or die $!;
	open $fh, '>', $file or die $!;
	print $fh "not a state file\n";
	close $fh;
	$node->start;
	($rc, $out, $err) = $node->psql('postgres', 'SELECT uuid_generate_v7()');
	like($err, qr/uuid6: state file ".*" is unusable/, 'this library first, an unreadable state file: it fails closed');
	($rc, $out, $err) = $node->psql('postgres', qq{SET statement_timeout = '2s'; SELECT old${tag}_v7()});
	like($err, qr/canceling statement due to statement timeout/, "a $version session waits rather than write over it");
	is(slurp_file($file), "not a state file\n", 'the file is untouched');
	unlink $file or die $!;
	move("$file.good", $file) or die $!;
	$node->safe_psql('postgres', q{TRUNCATE seen; INSERT INTO seen (v, who, id) SELECT 7, 'new', uuid_generate_v7()});
	($rc, $out, $err) = $node->psql('postgres', qq{SET statement_timeout = '1s'; SELECT old${tag}_v7()});
	like($err, qr/canceling statement due to statement timeout/, "the file readable again: the $version session still waits");
	$node->safe_psql('postgres', q{INSERT INTO seen (v, who, id) SELECT 7, 'new', uuid_generate_v7()});
	like(inversions(), qr/^0 of 2$/, 'the file readable again: this library generates, from one sequence');
}

# The update to 1.5 moves the database's lease sequences into schema
# uuid6_lease, where a 1.2 to 1.4 library does not look: a session of the
# earlier library then fails closed in that database, naming the lease, and
# hands out nothing until it reconnects (to this library, once installed);
# this library's sessions go on.
if ($old{'1.2'})
{
	$node->restart;
	$node->safe_psql('postgres', 'TRUNCATE seen');
	my $a = $node->background_psql('postgres', on_error_stop => 0);
	$a->{uuid6_old} = '12';
	my $b = $node->background_psql('postgres');
	interleave($a, $b, 2);
	$node->safe_psql('postgres', 'ALTER EXTENSION uuid6 UPDATE');
	my ($out, $failed) = $a->query(q{INSERT INTO seen (v, who, id) SELECT 7, 'old', old12_v7()});
	ok($failed, 'after the update to 1.5, a 1.2 session makes no key');
	like($a->{stderr}, qr/uuid6: the database lease "public\.uuid6_lease_\w+" is missing/,
		'... it fails closed, naming the lease it looks for');
	$b->query_safe(q{INSERT INTO seen (v, who, id) SELECT 7, 'new', uuid_generate_v7()});
	is($node->safe_psql('postgres', q{SELECT count(*) FROM seen WHERE who = 'new'}), '5',
		"after the update to 1.5, this library's session goes on");
	like(inversions(), qr/^0 of 9$/, '... on one sequence with the keys before');
	$a->quit;
	$b->quit;
}
$node->stop;

# The protocol does not hang on the fence an earlier library may lift. Its
# writer takes a claim over from a process that no longer exists; with
# kill(-1, 0) made to find none (test/fault/uuid6_all_gone.so), a 1.2 session
# takes over the claim of "process" -1 that this library's state holds, and
# generates. This library's sessions that attach afterwards still run the
# protocol the state was created for, on one sequence with those attached
# before: a value lifted into by uuid6_advance is below their next one.
if ($old{'1.2'})
{
	my $shim = File::Spec->rel2abs('test/fault/uuid6_all_gone.so');
	die "$shim is not built (make -C test/fault)" unless -e $shim;
	my $lifted = new_node('fence', preload => 0, no_start => 1);
	{
		local $ENV{LD_PRELOAD} = $shim;
		$lifted->start;
	}
	$lifted->safe_psql('postgres', qq{
		CREATE FUNCTION old12_v7() RETURNS uuid AS '$old{'1.2'}', 'uuid_generate_v7' LANGUAGE C VOLATILE;});
	$lifted->safe_psql('postgres', q{CREATE EXTENSION uuid6 VERSION '1.4'});
	my $first = $lifted->background_psql('postgres');
	$first->query_safe('SELECT uuid_generate_v7()');
	my ($rc, $out, $err) = $lifted->psql('postgres', q{SET statement_timeout = '10s'; SELECT old12_v7() IS NOT NULL});
	is($out, 't', 'kill(-1, 0) finding no process: a 1.2 session lifts the fence and generates');
	my $ahead = $first->query_safe(q{
		SELECT v FROM uuid_generate_v7(clock_timestamp() + interval '1 hour') v, uuid6_advance(v)});
	is($lifted->safe_psql('postgres', qq{SELECT uuid_generate_v7() > '$ahead'}), 't',
		'a session attached after the fence was lifted draws from the sequence lifted before');
	$first->quit;
	$lifted->stop;
}

done_testing();
