# Tagged keys across sessions: uuid_generate_v7_tagged takes its tick from the
# cluster's v7 sequence, so keys made by 4 clients in turn (under a global
# lock), with tags that change from key to key and between keys of
# uuid_generate_v7(), are strictly increasing in the order they were made,
# and every tag reads back; without the lock, 4 clients make no duplicate.
# Preloaded and not.
use strict;
use warnings;
use PostgreSQL::Test::Utils;
use Test::More;
use Uuid6Test;

for my $preload (1, 0)
{
	my $mode = $preload ? 'preloaded' : 'not preloaded';
	my $node = new_node('tagged' . ($preload ? '_preloaded' : ''), preload => $preload);
	$node->safe_psql('postgres', q{
		CREATE EXTENSION uuid6;
		CREATE TABLE made (n bigint PRIMARY KEY, tag integer, id uuid NOT NULL);
		CREATE SEQUENCE made_n;});
	# Each key: a tag from the client's random start, or (every third) none.
	my $insert = "INSERT INTO made SELECT nextval('made_n'), t, "
	  . "CASE WHEN t IS NULL THEN uuid_generate_v7() ELSE uuid_generate_v7_tagged(t) END "
	  . "FROM (SELECT CASE WHEN g % 3 = 0 THEN NULL ELSE (:start + g * 97) % 256 END AS t "
	  . "FROM generate_series(1, 10) AS g ORDER BY g) AS s;\n";
	$node->pgbench(
		'--no-vacuum --client=4 --jobs=4 --transactions=250',
		0, [qr{processed: \d+/\d+}], [qr{^$}],
		"$mode: pgbench: 4 clients making tagged and untagged v7 keys under a global lock",
		{ "tagged_locked_$preload.sql" => "\\set start random(0, 255)\nBEGIN;\n"
			  . "SELECT pg_advisory_xact_lock(6660);\n$insert" . "COMMIT;\n" });
	my ($rows, $distinct, $inversions, $read_back, $tagged) = split /\|/, $node->safe_psql('postgres', q{
		SELECT count(*), count(DISTINCT id), count(*) FILTER (WHERE id <= previous),
		       count(*) FILTER (WHERE tag IS NOT NULL AND uuid_extract_tag(id) = tag),
		       count(*) FILTER (WHERE tag IS NOT NULL)
		FROM (SELECT id, tag, lag(id) OVER (ORDER BY n) AS previous FROM made) AS m});
	is($rows, 10000, "$mode: 10,000 keys made in turn");
	is($rows - $distinct, 0, "$mode: no duplicate");
	is($inversions, 0, "$mode: in the order they were made, whatever their tags (0 inversions)");
	is($read_back, $tagged, "$mode: every tag reads back ($tagged tagged keys)");

	$node->safe_psql('postgres', 'TRUNCATE made');
	$node->pgbench(
		'--no-vacuum --client=4 --jobs=4 --transactions=250',
		0, [qr{processed: \d+/\d+}], [qr{^$}],
		"$mode: pgbench: 4 clients making tagged keys at once",
		{ "tagged_free_$preload.sql" => "\\set start random(0, 255)\n$insert" });
	is($node->safe_psql('postgres', 'SELECT count(*) - count(DISTINCT id) FROM made'),
		'0', "$mode: no duplicate among keys made at once");
	$node->stop;
}
done_testing();
