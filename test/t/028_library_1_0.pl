# uuid6 1.0's library beside this one, not preloaded: 1.0 kept its
# sequences in shared memory of its own name and layout, so a session of
# this library must not start a second sequence beside them. A session that
# ran 1.0's library first (the order of a real upgrade) makes this library
# refuse every key with an ERROR and a hint, where 1.0's struct can be
# looked up without being created (PostgreSQL 15 and 16; 17 and 18 keep it
# in the DSM registry, which has no such look-up; 1.0 never built for 19).
# Before any 1.0 session, this library works, and its look-up creates
# nothing. The 1.0 library is taken from UUID6_V10_LIBRARY, or built here
# from the 1.0 release (e34bc56) of this repository.
use strict;
use warnings;
use Cwd qw(getcwd);
use PostgreSQL::Test::Utils;
use Test::More;
use Uuid6Test;

my $node = new_node('library_1_0', preload => 0);
my $major = server_major($node);
if ($major >= 17)
{
	$node->stop;
	diag("SKIPPED: PostgreSQL $major: uuid6 1.0 kept its sequences in the DSM registry, which offers no look-up that does not create");
	plan skip_all => "no look-up of 1.0's sequences on PostgreSQL $major (docs/upgrading.md: from 1.0)";
}

my $old = $ENV{UUID6_V10_LIBRARY};
if (!($old && -e $old))
{
	my $dir = $node->basedir . '/uuid6-1.0';
	mkdir $dir or die "mkdir $dir: $!";
	my ($pg_config) = `which pg_config` =~ /^(.*\S)/;
	system("git -c safe.directory='*' -C '" . getcwd() . "' archive e34bc56 | tar -x -C '$dir'") == 0
	  or die 'could not extract the 1.0 release (git archive e34bc56)';
	system("make -C '$dir' -s PG_CONFIG='$pg_config' > '$dir/build.log' 2>&1") == 0
	  or die "could not build the 1.0 library: see $dir/build.log";
	$old = "$dir/uuid6.so";
}

$node->safe_psql('postgres', 'CREATE EXTENSION uuid6');
# Before any 1.0 session: keys, and no 1.0 struct made by the look-up.
is($node->safe_psql('postgres', 'SELECT uuid_generate_v7() IS NOT NULL'), 't',
	'before any 1.0 session, this library makes keys');
is($node->safe_psql('postgres', q{SELECT count(*) FROM pg_shmem_allocations WHERE name LIKE 'uuid6 sequences v1%'}),
	'0', '... and its look-up creates no 1.0 struct');

# A 1.0 session, through functions of its own (creating them loads 1.0's
# library in that session only).
$node->safe_psql('postgres', qq{
	CREATE FUNCTION old10_v7() RETURNS uuid AS '$old', 'uuid_generate_v7' LANGUAGE C VOLATILE;});
my $old_session = $node->background_psql('postgres');
$old_session->query_safe('SELECT old10_v7()');
is($node->safe_psql('postgres', q{SELECT count(*) FROM pg_shmem_allocations WHERE name = 'uuid6 sequences v1'}),
	'1', "a 1.0 session made 1.0's sequences");

# A new session of this library refuses, with a hint; so does uuid6_status.
for my $call ('SELECT uuid_generate_v7()', 'SELECT uuid_generate_v6()', 'SELECT mode FROM uuid6_status()')
{
	my ($rc, $out, $err) = $node->psql('postgres', $call);
	is($out, '', "beside 1.0: no result from $call");
	like($err, qr/ERROR:  uuid6: sessions of this server ran uuid6 1.0's library, whose sequences this library cannot share.*HINT:  Restart the server/s,
		"beside 1.0: $call raises an ERROR with a hint");
}
$old_session->quit;
# 1.0's shared memory lasts until a restart, and so does the refusal.
my ($rc, $out, $err) = $node->psql('postgres', 'SELECT uuid_generate_v7()');
like($err, qr/ERROR:  uuid6: sessions of this server ran uuid6 1.0's library/,
	'after the 1.0 session ended: still refused until a restart');
$node->restart;
is($node->safe_psql('postgres', 'SELECT uuid_generate_v7() IS NOT NULL'), 't',
	'after a restart, keys again');
$node->stop;

done_testing();
