# Helpers shared by the TAP tests in test/t: nodes with uuid6, and the
# order / uniqueness checks every generator test makes.
package Uuid6Test;

use strict;
use warnings;
use feature 'state';
use Exporter 'import';
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::RecursiveCopy;
use Test::More;

our @EXPORT = qw(new_node generation_table check_generations pgbench_generate
  server_major libfaketime start_faked set_fake_clock step_past_lease crash_backend
  take_backup have_basebackup dump_tool);

# A started node; preloaded unless preload => 0. Extra postgresql.conf lines
# in conf. Statement logging off: the tests generate hundreds of thousands.
sub new_node
{
	my ($name, %opts) = @_;
	my $node = PostgreSQL::Test::Cluster->new($name);
	$node->init;
	my $preload = exists $opts{preload} ? $opts{preload} : 1;
	$node->append_conf('postgresql.conf',
		  "log_statement = none\n"
		. ($preload ? "shared_preload_libraries = 'uuid6'\n" : '')
		. ($opts{conf} // ''));
	$node->start unless $opts{no_start};
	return $node;
}

# dump_tool(NAME): pg_dump or pg_restore for the server of pg_config: the
# installation's own, else that of UUID6_DUMP_BINDIR where it is of the same
# PostgreSQL or a newer one (those tools work with servers older than
# themselves; CI names 19's where a toolchain ships none); undef otherwise.
sub dump_tool
{
	my ($name) = @_;
	my ($bindir) = `pg_config --bindir` =~ /^(.*\S)/;
	return "$bindir/$name" if -x "$bindir/$name";
	my $other = $ENV{UUID6_DUMP_BINDIR} // '';
	return undef if $other eq '' || !-x "$other/$name";
	# "… (PostgreSQL) 18.1", "… 19rc1": the major follows "(PostgreSQL)".
	my ($server) = `"$bindir/postgres" --version` =~ /\(PostgreSQL\) (\d+)/;
	my ($tool) = `"$other/$name" --version` =~ /\(PostgreSQL\) (\d+)/;
	return $server && $tool && $tool >= $server ? "$other/$name" : undef;
}

# The libfaketime library, or undef when the faketime package is missing.
sub libfaketime
{
	my ($library) = glob('/usr/lib/*/faketime/libfaketime.so.1');
	return $library;
}

# The node's fake clock: an offset such as '+0' or '-3600', or a date.
sub set_fake_clock
{
	my ($node, $clock) = @_;
	open my $fh, '>', $node->basedir . '/faketime' or die $!;
	print $fh "$clock\n";
	close $fh;
}

# Steps NODE's fake clock forward from OFFSET seconds by STEP (and by STEP
# again, up to five times) until the state file's v7 lease has run out with
# no write under way: the idle spell after which a call must wait for a write.
# A write that was under way at a step may have read the stepped clock, so
# the lease it lands covers it; the step is then taken again. Returns the
# offset the clock stands at.
sub step_past_lease
{
	my ($node, $offset, $step) = @_;
	for (1 .. 5)
	{
		$offset += $step;
		set_fake_clock($node, "+$offset");
		# a write under way at the step (the slowest in these tests: 3 s) is done
		$node->safe_psql('postgres', 'SELECT pg_sleep(3.5)');
		return $offset
		  if $node->safe_psql('postgres',
			q{SELECT persisted_until < clock_timestamp() FROM uuid6_status() WHERE version = 7}) eq 't';
		note("the lease still covers the clock at +$offset s: a write under way took the stepped clock");
	}
	die "the lease still covers the clock after five steps of $step s";
}

# Starts (or restarts, with restart => 1) NODE under libfaketime reading its
# fake clock, which stays in force for every process the postmaster forks,
# crash restarts included. CLOCK_MONOTONIC stays real so timeouts work.
# Options: those of PostgreSQL::Test::Cluster's start, and also_preload.
sub start_faked
{
	my ($node, %opts) = @_;
	set_fake_clock($node, '+0') unless -e $node->basedir . '/faketime';
	# also_preload: another LD_PRELOAD library, loaded after libfaketime.
	my $also = delete $opts{also_preload};
	local $ENV{LD_PRELOAD} = join(':', libfaketime(), defined $also ? $also : ());
	local $ENV{FAKETIME_TIMESTAMP_FILE} = $node->basedir . '/faketime';
	local $ENV{FAKETIME_NO_CACHE} = '1';
	local $ENV{FAKETIME_DONT_FAKE_MONOTONIC} = '1';
	local $ENV{TZ} = 'UTC';
	$node->start(%opts);
}

sub server_major
{
	my ($node) = @_;
	return int($node->safe_psql('postgres', 'SHOW server_version_num') / 10000);
}

# A crash restart: a backend of NODE killed with SIGKILL, and the node
# waited for until it answers again. The restart is waited for in the log
# first: a connection made before the postmaster has seen the death would
# answer, and the next one find the server in recovery.
sub crash_backend
{
	my ($node) = @_;
	my $busy = $node->background_psql('postgres', on_error_stop => 0);
	my $pid = $busy->query_safe('SELECT pg_backend_pid()');
	$pid =~ s/\s+//g;
	my $offset = -s $node->logfile;
	kill('KILL', $pid) or die "kill $pid: $!";
	eval { $busy->quit; };
	$node->wait_for_log(qr/all server processes terminated; reinitializing/, $offset);
	$node->poll_query_until('postgres', 'SELECT 1', '1') or die 'no recovery';
}

# A table recording generations in order: n is taken in the same projection
# as the UUID, so ordering by n is ordering by generation.
sub generation_table
{
	my ($node, $db) = @_;
	$node->safe_psql($db, q{
		CREATE EXTENSION IF NOT EXISTS uuid6;
		CREATE TABLE IF NOT EXISTS generated (n bigint PRIMARY KEY, version int NOT NULL, id uuid NOT NULL);
		CREATE SEQUENCE IF NOT EXISTS generated_n;
	});
}

# pgbench: CLIENTS clients each run TRANSACTIONS transactions generating
# PER_TX UUIDs of VERSION under one global advisory lock that also takes the
# sequence, so that the order of n is the order of generation.
sub pgbench_generate
{
	my ($node, $db, %o) = @_;
	my $v = $o{version};
	my $per_tx = $o{per_tx} // 10;
	my $lock = $o{lock} // 1;
	my $script = ($lock ? "SELECT pg_advisory_xact_lock(6660);\n" : '')
	  . "INSERT INTO generated SELECT nextval('generated_n'), $v, uuid_generate_v$v() FROM generate_series(1, $per_tx);\n";
	# pgbench script files must not be reused within one node's directory.
	state $runs = 0;
	$runs++;
	my $name = "uuid6_v${v}_" . ($lock ? 'locked' : 'free') . "_$runs";
	$node->pgbench(
		"--no-vacuum --client=$o{clients} --jobs=$o{clients} --transactions=$o{transactions}",
		0,
		[qr{processed: \d+/\d+}],
		[qr{^$}],
		"pgbench: $o{clients} clients generating v$v" . ($lock ? ' under a global lock' : ''),
		{ "$name.sql" => "BEGIN;\n$script" . "COMMIT;\n" },
		$db);
}

# Asserts that the generations of VERSION, in the order of n, are strictly
# increasing and unique, and that there are EXPECTED of them. WHAT names the
# generator in test names (default "vVERSION").
sub check_generations
{
	my ($node, $db, $version, $expected, $label, $what) = @_;
	$what //= "v$version";
	my $result = $node->safe_psql($db, qq{
		SELECT count(*), count(DISTINCT id),
		       count(*) FILTER (WHERE id <= previous)
		FROM (SELECT id, lag(id) OVER (ORDER BY n) AS previous
		      FROM generated WHERE version = $version) AS g});
	my ($rows, $distinct, $inversions) = split /\|/, $result;
	is($rows, $expected, "$label: $what generated $expected");
	is($rows - $distinct, 0, "$label: $what has 0 duplicates");
	is($inversions, 0, "$label: $what order equals generation order (0 inversions)");
}

# Whether the installation under test has pg_basebackup (some toolchains
# ship the server without it); said once, not skipped.
sub have_basebackup
{
	state $have;
	return $have if defined $have;
	my ($bindir) = `pg_config --bindir` =~ /^(.*\S)/;
	$have = -x "$bindir/pg_basebackup" ? 1 : 0;
	diag("pg_basebackup is missing from $bindir: backups are taken with pg_backup_start/pg_backup_stop and a copy")
	  unless $have;
	return $have;
}

# A base backup named NAME of NODE: pg_basebackup where the installation has
# it, else PostgreSQL's low-level API (pg_backup_start, a copy of the data
# directory, pg_backup_stop and its backup_label). The copy holds no WAL: a
# node made from it takes WAL from the archive (has_restoring => 1, the
# source set up with has_archiving) or the stream.
sub take_backup
{
	my ($node, $name) = @_;
	return $node->backup($name) if have_basebackup();
	my $path = $node->backup_dir . "/$name";
	my $session = $node->background_psql('postgres');
	$session->query_safe('SET client_min_messages = warning');
	$session->query_safe("SELECT pg_backup_start('$name', true)");
	PostgreSQL::Test::RecursiveCopy::copypath($node->data_dir, $path,
		filterfn => sub { $_[0] !~ m{^(pg_wal/.|postmaster\.(pid|opts)$|pg_stat_tmp/.)} });
	my $label = $session->query_safe('SELECT labelfile FROM pg_backup_stop(true)');
	$session->quit;
	mkdir "$path/pg_wal/archive_status";
	open my $fh, '>', "$path/backup_label" or die $!;
	print $fh $label;
	close $fh;
}

1;
