# Without shared_preload_libraries the sequences still live in shared memory:
# the DSM registry on PostgreSQL 17+, a lazily created struct in the main
# segment before. Proven cross-backend monotonic like the preloaded case, and
# installable by a role that is not superuser.
use strict;
use warnings;
use PostgreSQL::Test::Utils;
use Test::More;
use Uuid6Test;

my $node = new_node('lazy', preload => 0);
my $expected_mode = server_major($node) >= 17 ? 'dsm_registry' : 'lazy_shmem';

# A role with CREATE on a database, and nothing more, installs and uses it.
$node->safe_psql('postgres', q{
	CREATE ROLE app LOGIN;
	CREATE DATABASE appdb;
	GRANT CREATE ON DATABASE appdb TO app;
});
$node->safe_psql('appdb', 'CREATE SCHEMA app; CREATE EXTENSION uuid6 SCHEMA app;',
	extra_params => [ '--username' => 'app' ]);
is($node->safe_psql('appdb', q{SELECT rolsuper FROM pg_roles WHERE rolname = current_user},
		extra_params => [ '--username' => 'app' ]), 'f', 'the installing role is not superuser');
is($node->safe_psql('appdb', 'SELECT min(mode) FROM app.uuid6_status()',
		extra_params => [ '--username' => 'app' ]),
	$expected_mode, "not preloaded: the state lives in $expected_mode");

# Cross-backend order, as in the preloaded test (the generation table lives
# in the postgres database; the extension there is the superuser's).
generation_table($node, 'postgres');
for my $v (6, 7, 8)
{
	pgbench_generate($node, 'postgres', version => $v, clients => 4,
		transactions => 1_000, per_tx => 10);
	check_generations($node, 'postgres', $v, 40_000, $expected_mode);
}

# Both databases, every backend: one state. Its count covers the backends
# of both databases.
my $count = $node->safe_psql('postgres', 'SELECT generated FROM uuid6_status() WHERE version = 7');
$node->safe_psql('appdb', 'SELECT count(app.uuid_generate_v7()) FROM generate_series(1, 500)',
	extra_params => [ '--username' => 'app' ]);
is($node->safe_psql('postgres', 'SELECT generated FROM uuid6_status() WHERE version = 7'),
	$count + 500, 'backends of another database, and another role, share the same sequence');

# No warning about backend-local state was ever logged.
unlike(slurp_file($node->logfile), qr/backend-local state/, 'no backend fell back to local state');

$node->stop;
done_testing();
