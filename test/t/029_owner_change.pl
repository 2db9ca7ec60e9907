# The database lease survives a change of the extension's owner: after
# REASSIGN OWNED moves uuid6 (and what its owner owned) to another role, and
# after DROP OWNED removes the old role's grants, keys are made as before,
# by the new owner, by the superuser and by any other role. Installed by a
# role that is not superuser (the extension is trusted: its objects belong
# to the bootstrap superuser) and by a superuser that is not the bootstrap
# one (its objects move with REASSIGN OWNED); preloaded and not.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Uuid6Test;

for my $preload (1, 0)
{
	my $node = new_node("owner_$preload", preload => $preload);
	$node->safe_psql('postgres', q{
		CREATE ROLE alice LOGIN; CREATE ROLE bob LOGIN; CREATE ROLE carol LOGIN SUPERUSER;
		CREATE ROLE dave LOGIN;
		CREATE DATABASE d1 OWNER alice; CREATE DATABASE d2 OWNER carol;});
	my %installer = (d1 => 'alice', d2 => 'carol');
	for my $db ('d1', 'd2')
	{
		my @as = (extra_params => [ '--username' => $installer{$db} ]);
		$node->safe_psql($db, q{CREATE EXTENSION uuid6;
			CREATE TABLE t (id uuid PRIMARY KEY DEFAULT uuid_generate_v7());
			GRANT INSERT, SELECT ON t TO PUBLIC;
			INSERT INTO t DEFAULT VALUES;}, @as);
		$node->safe_psql($db, "REASSIGN OWNED BY $installer{$db} TO bob");
		is($node->safe_psql($db, q{SELECT extowner::regrole FROM pg_extension WHERE extname = 'uuid6'}),
			'bob', "$db (preload $preload): REASSIGN OWNED moved uuid6 to bob");
		for my $role ('bob', $node->safe_psql('postgres', 'SELECT current_user'), 'dave')
		{
			# A new session looks at the lease before its first key.
			my ($rc, $out, $err) = $node->psql($db,
				q{INSERT INTO t DEFAULT VALUES RETURNING id > ALL (SELECT id FROM t)},
				extra_params => [ '--username' => $role ]);
			is($rc . $out . $err, '0t', "$db (preload $preload): $role makes keys after REASSIGN OWNED");
			# uuid6_advance's own write of the lease, too (EXECUTE on it
			# was granted to the installer, a grant REASSIGN OWNED leaves
			# with that role: the superuser runs it).
			next unless $role eq $node->safe_psql('postgres', 'SELECT current_user');
			($rc, $out, $err) = $node->psql($db,
				q{SELECT uuid6_advance(uuid_generate_v7(clock_timestamp() + interval '10 s')) IS NOT NULL},
				extra_params => [ '--username' => $role ]);
			is($rc . $out . $err, '0t', "$db (preload $preload): $role advances after REASSIGN OWNED");
		}
		$node->safe_psql($db, "DROP OWNED BY $installer{$db}");
		my ($rc, $out, $err) = $node->psql($db,
			q{SELECT count(*) FROM (SELECT uuid_generate_v7() FROM generate_series(1, 3)) AS g},
			extra_params => [ '--username' => 'bob' ]);
		is($rc . $out . $err, '03', "$db (preload $preload): keys after DROP OWNED of the old owner");
	}
	$node->stop;
}

done_testing();
