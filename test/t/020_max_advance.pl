# uuid6.max_advance from postgresql.conf, preloaded and not: the value set
# there binds a role that is not superuser from its first call, including in
# a session that loads the library only then; a reload changes it; and such
# a role's own SET made before the library loaded does not survive the load.
use strict;
use warnings;
use PostgreSQL::Test::Utils;
use Test::More;
use Uuid6Test;

for my $preload (1, 0)
{
	my $node = new_node('max_advance' . $preload, preload => $preload,
		conf => "uuid6.max_advance = '10s'\n");
	my $label = $preload ? 'preloaded' : 'not preloaded';
	$node->safe_psql('postgres', q{
		CREATE EXTENSION uuid6;
		CREATE ROLE tenant LOGIN;
		GRANT EXECUTE ON FUNCTION uuid6_advance(uuid) TO tenant;});
	my $as_tenant = sub {
		my ($sql) = @_;
		my ($rc, $out, $err) = $node->psql('postgres', "\\set VERBOSITY verbose\n$sql",
			on_error_stop => 0, extra_params => [ "--username" => "tenant" ]);
		note "out: $out\nerr: $err";
		return ($out, $err);
	};

	# A fresh session of the role: its first statement may be the call
	# that loads the library.
	my ($out, $err) = $as_tenant->(q{SHOW uuid6.max_advance;
		SELECT uuid6_advance(uuid_generate_v7(clock_timestamp() + interval '1 minute'))});
	is($out, '10s', "$label: SHOW gives the value of postgresql.conf");
	like($err, qr/ERROR:  42501: uuid6_advance refuses a UUID more than uuid6\.max_advance \(10s\) ahead/,
		"$label: a key a minute ahead is refused to the role, naming the bound of postgresql.conf");
	($out, $err) = $as_tenant->(q{
		SELECT uuid6_advance(uuid_generate_v7(clock_timestamp() + interval '5 seconds')) IS NOT NULL});
	is($err, '', "$label: a key 5 s ahead, within the bound, is taken");

	# The role sets it itself before the library is loaded in its session
	# (a placeholder accepts any value): the load takes it away again.
	($out, $err) = $as_tenant->(q{SET uuid6.max_advance = '1d';
		SELECT uuid6_advance(uuid_generate_v7(clock_timestamp() + interval '1 minute'));
		SHOW uuid6.max_advance});
	like($err, qr/ERROR:  42501: uuid6_advance refuses a UUID more than uuid6\.max_advance \(10s\) ahead/,
		"$label: the role's own SET does not lift the bound");
	like($err, qr/42501: permission denied to set parameter "uuid6\.max_advance"/,
		"$label: the role is told it may not set it");
	is($out, '10s', "$label: and the setting is still that of postgresql.conf");

	# A reload with a wider bound: the same key is taken.
	$node->append_conf('postgresql.conf', "uuid6.max_advance = '2min'\n");
	$node->reload;
	$node->poll_query_until('postgres', 'SHOW uuid6.max_advance', '2min')
	  or die 'reload not seen';
	($out, $err) = $as_tenant->(q{
		SELECT uuid6_advance(uuid_generate_v7(clock_timestamp() + interval '1 minute')) IS NOT NULL});
	is($err, '', "$label: after a reload with 2min, a key a minute ahead is taken");
	$node->stop;
}

done_testing();
