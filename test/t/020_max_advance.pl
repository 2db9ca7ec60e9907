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

	# The lease objects of a database are writable by its extension owner:
	# a role that is not superuser, owning uuid6 in a database of its own,
	# stores a far-future lease and another server's mark there. The next
	# session lifts the cluster's sequences no further than that role could
	# with uuid6_advance (uuid6.max_advance, here 2min, plus the lease's two
	# seconds): it refuses to make keys there with an ERROR naming the
	# object, and the sequences are not lifted at all; a lease that would
	# wrap the v7 time around is refused too. Other databases go on; a
	# superuser writing the lease lower puts the database back to work.
	$node->safe_psql('postgres', 'CREATE ROLE owner_role LOGIN CREATEDB');
	$node->safe_psql('postgres', 'CREATE DATABASE owned OWNER owner_role');
	my @as_owner = (extra_params => [ '--username' => 'owner_role' ]);
	$node->safe_psql('owned', 'CREATE EXTENSION uuid6; SELECT uuid_generate_v7()', @as_owner);
	my $before = $node->safe_psql('postgres', 'SELECT uuid_generate_v7()');
	my $lead_before = $node->safe_psql('postgres', 'SELECT ahead_of_clock_us FROM uuid6_status() WHERE version = 7');
	for my $stored ('8000000000000000', '4611686018427387904')
	{
		$node->safe_psql('owned', "SELECT setval('uuid6_lease.uuid6_lease_v7', $stored); SELECT setval('uuid6_lease.uuid6_lease_server', 5)",
			@as_owner);
		my ($rc, $out, $err) = $node->psql('owned', 'SELECT uuid_generate_v7() > ' . "'$before'::uuid", @as_owner);
		is($out, '', "$label: after a lease of $stored stored by the owner, no key is made there");
		like($err, qr/ERROR:  uuid6: the lease of version 7 in "uuid6_lease_v7" lies further ahead of the clock than uuid6 may lift the sequences on its own/,
			"$label: an ERROR names the lease object");
		my $lead = $node->safe_psql('postgres', 'SELECT ahead_of_clock_us FROM uuid6_status() WHERE version = 7');
		cmp_ok($lead, '<=', $lead_before + 3_000_000,
			"$label: the v7 sequence is not lifted ($lead us ahead, $lead_before us before)");
		my $after = $node->safe_psql('postgres', 'SELECT uuid_generate_v7()');
		ok($after gt $before, "$label: keys still rise in another database");
		$before = $after;
	}
	$node->safe_psql('owned', "SELECT setval('uuid6_lease.uuid6_lease_v7', 1)");
	my ($rc_lowered, $out_lowered, $err_lowered) = $node->psql('owned', 'SELECT uuid_generate_v7() > ' . "'$before'::uuid", @as_owner);
	is($out_lowered . $err_lowered, 't', "$label: with the lease written lower by a superuser, keys are made there again");
	$node->stop;
}

done_testing();
