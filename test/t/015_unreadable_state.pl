# A state file that exists but cannot be read or parsed fails closed (SPEC
# §6c): the server starts, but every generator call and uuid6_advance raise an
# ERROR naming the file, the cause and the way out; the file is never written
# over (not by a renewal, not by a clean shutdown); and once the cause is
# gone the next call works, with no restart. One case per class of damage —
# no permission, truncated, garbage, a directory in its place — preloaded
# (where the postmaster itself reads the file) and not.
use strict;
use warnings;
use File::Copy qw(move);
use PostgreSQL::Test::Utils;
use Test::More;
use Uuid6Test;

my $max_v7 = q{SELECT max(id::text)::uuid FROM keys};

# (exit code, stderr) of one generator call, with the SQLSTATE shown.
sub call_fails
{
	my ($node, $sql) = @_;
	my ($rc, $out, $err) = $node->psql('postgres', "\\set VERBOSITY verbose\n$sql");
	return ($rc, $err);
}

# What is at PATH now: the file's bytes, or a note that it is a directory.
sub snapshot
{
	my ($path) = @_;
	return "directory" if -d $path;
	my $mode = (stat $path)[2] & 07777;
	chmod 0600, $path;
	my $bytes = slurp_file($path);
	chmod $mode, $path;
	return sprintf('%04o:', $mode) . $bytes;
}

for my $preload (1, 0)
{
	my $node = new_node('unreadable' . $preload, preload => $preload);
	my $file = $node->data_dir . '/uuid6.state';
	my $dir = $node->data_dir;
	my $major = server_major($node);
	my $mode = $preload ? 'shared_preload' : $major >= 17 ? 'dsm_registry' : 'lazy_shmem';
	$node->safe_psql('postgres', q{CREATE EXTENSION uuid6; CREATE TABLE keys (id uuid);
		INSERT INTO keys SELECT uuid_generate_v7() FROM generate_series(1, 1000)});

	my %class = (
		permission => {
			damage => sub { chmod 0000, $file or die "chmod: $!"; },
			error => qr/ERROR:  42501: uuid6: could not read state file "uuid6\.state": Permission denied/,
			way_out => 'fix its permissions',
			repair => sub { chmod 0600, $file or die "chmod: $!"; },
			restored => 'state file' },
		truncated => {
			damage => sub {
				my $good = slurp_file($file);
				open my $fh, '>', $file or die $!;
				print $fh substr($good, 0, 40);
				close $fh;
				return $good;
			},
			error => qr/ERROR:  XX001: uuid6: state file "uuid6\.state" is unusable: truncated/,
			way_out => 'put a good copy back',
			repair => sub {
				my ($good) = @_;
				open my $fh, '>', $file or die $!;
				print $fh $good;
				close $fh;
			},
			restored => 'state file' },
		garbage => {
			damage => sub {
				open my $fh, '>', $file or die $!;
				print $fh "\x00\xffnot what uuid6 wrote\n" x 3;
				close $fh;
			},
			error => qr/ERROR:  XX001: uuid6: state file "uuid6\.state" is unusable: not a uuid6 state file/,
			way_out => 'move it aside',
			repair => sub { move($file, "$file.garbage") or die "move: $!"; },
			restored => 'none' },
		directory => {
			damage => sub {
				unlink $file or die "unlink: $!";
				mkdir $file or die "mkdir: $!";
				open my $fh, '>', "$file/inside" or die $!;
				close $fh;
			},
			error => qr/ERROR:  \w{5}: uuid6: could not read state file "uuid6\.state": Is a directory/,
			way_out => 'move it aside',
			repair => sub { move($file, "$file.dir") or die "move: $!"; },
			restored => 'none' });

	for my $kind (qw(permission truncated garbage directory))
	{
		my $c = $class{$kind};
		$node->stop('fast');
		my $state = $c->{damage}->();
		my $before = snapshot($file);
		my $log_at = -s $node->logfile;
		$node->start;
		# (Not preloaded, the file is read when the shared state is created,
		# on first use.)
		is($node->safe_psql('postgres', 'SELECT min(restored_from) FROM uuid6_status()'),
			'unreadable state file', "$mode, $kind: the server starts; uuid6_status says what happened");
		like(substr(slurp_file($node->logfile), $log_at),
			qr/WARNING:  uuid6: cannot use state file "uuid6\.state".*\n.*DETAIL:  .*The file is "\Q$file\E"\./,
			"$mode, $kind: a WARNING names the file, with its full path in the server log");

		for my $sql ('SELECT uuid_generate_v7()', 'SELECT uuid_generate_v6()',
			"SELECT uuid_generate_v7_draft('ms')",
			'SELECT uuid6_advance(uuid_generate_v7(now() + interval \'1 minute\'))')
		{
			my ($rc, $err) = call_fails($node, $sql);
			like($err, $c->{error}, "$mode, $kind: $sql raises an ERROR naming the file and the cause");
			like($err, qr/HINT:  Fix the file .*stop every application that generates UUIDs, move the file out of the data directory, then run uuid6_advance/s,
				"$mode, $kind: the HINT gives the ways out, applications stopped before the file is moved");
			# The data directory's path is not shown to the client (a role
			# that may not read data_directory); the server log has it.
			unlike($err, qr/\Q$dir\E/, "$mode, $kind: the client is not shown the data directory");
		}
		like(substr(slurp_file($node->logfile), $log_at),
			qr/ERROR:  uuid6: [^\n]*"uuid6\.state"[^\n]*\n[^\n]*DETAIL:  The file records [^\n]* The file is "\Q$file\E"\./,
			"$mode, $kind: the server log has the file's full path");
		# A call that failed holds nothing: others fail the same way, at once.
		my ($rc, $err) = call_fails($node, q{SET statement_timeout = '5s';
			SELECT uuid_generate_v8() FROM generate_series(1, 3)});
		like($err, $c->{error}, "$mode, $kind: a later call fails the same way, not on a lock");
		is(snapshot($file), $before, "$mode, $kind: the file is untouched by the calls");
		$node->stop('fast');
		is(snapshot($file), $before, "$mode, $kind: and by a clean shutdown");
		$node->start;
		($rc, $err) = call_fails($node, 'SELECT uuid_generate_v7()');
		like($err, $c->{error}, "$mode, $kind: after a restart it still fails closed");

		# The way out, while the server runs: the next call works.
		$c->{repair}->($state);
		my $out = $node->safe_psql('postgres', qq{
			INSERT INTO keys SELECT uuid_generate_v7() FROM generate_series(1, 1000);
			SELECT min(restored_from) FROM uuid6_status()});
		is($out, $c->{restored}, "$mode, $kind: $c->{way_out}, and the next call works, with no restart");
		if ($c->{restored} eq 'state file')
		{
			is($node->safe_psql('postgres', q{
				SELECT count(*) FROM (SELECT id, lag(id) OVER (ORDER BY ctid) AS prev FROM keys) k
				WHERE id <= prev}), '0', "$mode, $kind: new keys continue above the restored lease");
		}
		# The lease is written again by the next writer.
		ok(!-d $file && -s $file, "$mode, $kind: the state file is written again");
	}
	$node->stop;
}

done_testing();
