#!/usr/bin/env perl
# scripts/tle-update.pl OLD_DIR NEW_DIR OLD_VERSION NEW_VERSION OUT_DIR
# scripts/tle-update.pl --body SOURCE_FILE
#
# Derives the update of uuid6's SQL edition from OLD_VERSION (its sources
# in OLD_DIR) to NEW_VERSION (NEW_DIR), for scripts/tle.sh. Writes
#   OUT_DIR/pre.sql   run before the new version's sources
#   OUT_DIR/post.sql  run after them
# and, with --body, prints a source file as an update runs it. pre.sql, the
# new sources so printed and post.sql, in one transaction, take an
# installation of OLD_VERSION to what a fresh install of NEW_VERSION makes:
# they are the pg_tle and database.dev update script (uuid6--OLD--NEW.sql),
# and the plain script's update when it finds OLD_VERSION installed.
#
# Why derived, and why like this: hand-written update scripts would have to
# follow every change to the sources (several people change them at once)
# and still be checked against a fresh install; here the sources are the
# only text, and the edition suite checks the result. What can be decided
# from the text is decided at build time; what only the server knows (which
# functions exist, how it reads an argument type, whether CREATE OR REPLACE
# can take a function to its new header) is asked of the server the update
# runs on, so no server is needed to build.
#
# What is read from the sources (statements at the top level only; quotes,
# dollar quotes, comments and BEGIN ATOMIC bodies are skipped as PostgreSQL
# skips them):
#   - CREATE FUNCTION / PROCEDURE: the name, the argument list and the
#     RETURNS clause, as written;
#   - CREATE SEQUENCE IF NOT EXISTS: names (unqualified: in the edition's
#     schema; or in a schema of a fixed name) and options;
#   - CREATE SCHEMA IF NOT EXISTS: the names of the fixed schemas;
#   - GRANT, REVOKE and COMMENT ON statements;
#   - the DO block tagged $uuid6_seal$, which makes the type of the helpers'
#     last parameter (run by pre.sql before it reads the headers);
#   - any other CREATE, ALTER or DROP statement must be the same in both
#     versions (but a CREATE TABLE IF NOT EXISTS in the fixed schema
#     uuid6_sql_sequences that NEW adds: the update runs it): an update of
#     anything else (a type, a table changed) cannot be derived, and the
#     build stops rather than guess.
#
# What the update does, in order:
#   pre.sql   1. undoes each GRANT or REVOKE of OLD that NEW no longer makes,
#                and clears each comment of OLD that NEW no longer sets;
#             2. in one DO block, refused to any role but the owner of the
#                installation (new functions would otherwise have another
#                owner): from each header the server reads the argument
#                types (a probe function, rolled back), so `int` and
#                `integer` are one function; a function of OLD that NEW
#                lacks is to be dropped; one that CREATE OR REPLACE cannot
#                take to its NEW header (other result type or OUT columns,
#                renamed parameters, defaults removed: the server's answer
#                to a replacement that is always rolled back) is renamed out
#                of the way, to be dropped. If anything outside uuid6 (a
#                column's DEFAULT, a view, an index, a function of the
#                user's) depends on a function to be dropped, the update
#                stops with an ERROR that names both, before anything
#                changed. Last, it lists the statements of privileges and
#                comments that both versions make on objects that stay
#                (uuid6_update.skip);
#             3. creates the fixed schemas that NEW has and OLD lacks, and moves
#                each sequence that NEW keeps in another schema than OLD
#                there (ALTER SEQUENCE ... SET SCHEMA: its value, OID,
#                privileges and every reference to it kept);
#   sources   every function CREATE OR REPLACE: the same OID, so DEFAULTs,
#             views and indexes that use it stay as they are, and NEW's body,
#             comment, volatility, strictness, parallel marking, security and
#             SET options; every statement of privileges or comment made,
#             unless listed in uuid6_update.skip: made again, it would undo
#             what the user granted, revoked or wrote since, and inside ALTER
#             EXTENSION it would record the user's grants as the extension's
#             own (pg_init_privs, which pg_dump leaves out);
#   post.sql  4. drops the functions found in 2, in one statement (so that
#                they may depend on each other);
#             5. drops OLD's sequences that NEW lacks, and gives the
#                sequences whose options changed NEW's options (their values
#                are kept).
use strict;
use warnings;

use Digest::MD5 qw(md5_hex);

my $usage = "usage: tle-update.pl OLD_DIR NEW_DIR OLD_VERSION NEW_VERSION OUT_DIR\n"
  . "       tle-update.pl --body SOURCE_FILE\n";
my ($old_dir, $new_dir, $old_version, $new_version, $out) = @ARGV;
die $usage unless defined $out || (@ARGV == 2 && $ARGV[0] eq '--body');

sub fail { die "tle-update.pl: $_[0]\n" }

# --- reading the sources ------------------------------------------------------

# The statements of one source file, each as { text => ..., words => [...] }:
# words are the upper-cased keywords and identifiers at the top level, in
# order, with their offsets into text, for the classification below.
sub statements
{
	my ($path) = @_;
	open my $fh, '<', $path or fail "$path: $!";
	local $/;
	my $sql = <$fh>;
	close $fh;
	my @out;
	my $start = 0;
	my @words;    # [WORD, offset in statement]
	my $depth = 0;    # BEGIN ATOMIC / CASE ... END inside a routine's header
	my $routine = 0;  # the statement is CREATE [OR REPLACE] FUNCTION/PROCEDURE
	my $i = 0;
	my $n = length $sql;
	while ($i < $n)
	{
		my $rest = substr($sql, $i, 2);
		my $c = substr($sql, $i, 1);
		if ($rest eq '--')
		{
			my $e = index($sql, "\n", $i);
			$i = $e < 0 ? $n : $e + 1;
		}
		elsif ($rest eq '/*')
		{
			my $e = index($sql, '*/', $i + 2);
			fail "$path: unterminated comment" if $e < 0;
			$i = $e + 2;
		}
		elsif ($c eq "'")
		{
			# E'...' strings take backslash escapes; others double the quote.
			my $escape = $i > 0 && substr($sql, $i - 1, 1) =~ /[eE]/
			  && ($i < 2 || substr($sql, $i - 2, 1) !~ /[A-Za-z0-9_]/);
			my $j = $i + 1;
			while (1)
			{
				fail "$path: unterminated string" if $j >= $n;
				my $d = substr($sql, $j, 1);
				if ($escape && $d eq '\\') { $j += 2; next; }
				if ($d eq "'")
				{
					if (substr($sql, $j + 1, 1) eq "'") { $j += 2; next; }
					last;
				}
				$j++;
			}
			$i = $j + 1;
		}
		elsif ($c eq '"')
		{
			my $j = $i + 1;
			while (1)
			{
				fail "$path: unterminated quoted identifier" if $j >= $n;
				if (substr($sql, $j, 1) eq '"')
				{
					if (substr($sql, $j + 1, 1) eq '"') { $j += 2; next; }
					last;
				}
				$j++;
			}
			push @words, [ substr($sql, $i, $j + 1 - $i), $i - $start ];
			$i = $j + 1;
		}
		elsif ($c eq '$' && substr($sql, $i) =~ /^(\$(?:[A-Za-z_\x80-\xff][A-Za-z0-9_\x80-\xff]*)?\$)/
			&& ($i == 0 || substr($sql, $i - 1, 1) !~ /[A-Za-z0-9_]/))
		{
			my $tag = $1;
			my $e = index($sql, $tag, $i + length $tag);
			fail "$path: unterminated dollar quote $tag" if $e < 0;
			$i = $e + length $tag;
		}
		elsif ($c =~ /[A-Za-z_\x80-\xff]/)
		{
			substr($sql, $i) =~ /^([A-Za-z_\x80-\xff][A-Za-z0-9_\$\x80-\xff]*)/;
			my $w = uc $1;
			push @words, [ $w, $i - $start ];
			if (@words == 1 || (@words <= 4 && $words[0][0] eq 'CREATE'))
			{
				$routine = 1 if $words[0][0] eq 'CREATE' && ($w eq 'FUNCTION' || $w eq 'PROCEDURE');
			}
			if ($routine && ($w eq 'BEGIN' || $w eq 'CASE')) { $depth++; }
			elsif ($routine && $w eq 'END' && $depth > 0) { $depth--; }
			$i += length $1;
		}
		elsif ($c eq ';' && $depth == 0)
		{
			my $text = substr($sql, $start, $i - $start);
			push @out, { text => $text, words => [@words], start => $start } if @words;
			$start = $i + 1;
			@words = ();
			$routine = 0;
			$i++;
		}
		else
		{
			$i++;
		}
	}
	fail "$path: the last statement has no semicolon" if @words;
	return @out;
}

# The text of a statement between two offsets, comments kept (they do no harm
# inside a header and are gone from normalised forms).
sub span { my ($st, $from, $to) = @_; return substr($st->{text}, $from, (defined $to ? $to : length $st->{text}) - $from); }

# A form that differs only where the statements differ: comments gone,
# white space collapsed (none next to a parenthesis or comma), quoted text
# and dollar-quoted bodies as they are.
sub normal
{
	my ($text) = @_;
	my @tokens;
	while ($text =~ /\G('(?:[^']|'')*'|"(?:[^"]|"")*"|(\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$).*?\2|--[^\n]*|\/\*.*?\*\/|\s+|[(),]|[^'"\$\s(),-]+|.)/gcs)
	{
		my $t = $1;
		next if $t =~ /^(--|\/\*)/;
		push @tokens, ($t =~ /^\s/ ? ' ' : $t);
	}
	my $out = '';
	for my $i (0 .. $#tokens)
	{
		my $t = $tokens[$i];
		if ($t eq ' ')
		{
			next if $out eq '' || $out =~ /[ (,]$/ || $i == $#tokens || $tokens[ $i + 1 ] =~ /^[ (),]$/;
		}
		$out .= $t;
	}
	$out =~ s/ $//;
	return $out;
}

# The objects a GRANT, REVOKE or COMMENT ON statement (normalised) acts on,
# as [f, signature] for functions and [s, name] for sequences; nothing for
# any other kind of object (such a statement is always made again).
sub replay_targets
{
	my ($st) = @_;
	my ($kind, $list);
	if ($st =~ /^(?:GRANT|REVOKE)\b.*?\bON\s*\b(FUNCTION|PROCEDURE|ROUTINE|SEQUENCE)\b\s*(.+?)\s*\b(?:TO|FROM)\b/is)
	{
		($kind, $list) = ($1, $2);
	}
	elsif ($st =~ /^COMMENT ON (FUNCTION|PROCEDURE|ROUTINE|SEQUENCE)\b\s*(.+?) ?\bIS\b/is)
	{
		($kind, $list) = ($1, $2);
	}
	else
	{
		return ();
	}
	my $k = uc $kind eq 'SEQUENCE' ? 's' : 'f';
	return map { [ $k, /\./ ? $_ : "\@extschema\@.$_" ] } split_top($list);
}

# The name of a statement of privileges or comment: the same text (up to
# comments and white space), the same name.
sub statement_id { return substr(md5_hex(normal($_[0])), 0, 16); }

# A statement of privileges or comment, in an update's copy of the sources:
# made unless pre.sql found it made already, by the installed version, on
# objects that stay (uuid6_update.skip). Made again, it would undo what the
# user granted, revoked or wrote since, and inside ALTER EXTENSION it would
# record the user's grants as the extension's own (pg_init_privs, which
# pg_dump then leaves out).
sub replay_wrapped
{
	my ($text) = @_;
	my $id = statement_id($text);
	return "DO \$uuid6_update\$ BEGIN IF pg_catalog.strpos(coalesce(pg_catalog.current_setting('uuid6_update.skip', true), ''), '$id') "
	  . "OPERATOR(pg_catalog.=) 0 THEN\n$text;\nEND IF; END \$uuid6_update\$";
}

# The matching close parenthesis for the one at $open in $text (quotes skipped).
sub close_paren
{
	my ($text, $open) = @_;
	my $depth = 0;
	for (my $i = $open; $i < length $text; $i++)
	{
		my $c = substr($text, $i, 1);
		if ($c eq "'" || $c eq '"')
		{
			my $j = index($text, $c, $i + 1);
			while ($j >= 0 && substr($text, $j + 1, 1) eq $c) { $j = index($text, $c, $j + 2); }
			return -1 if $j < 0;
			$i = $j;
		}
		elsif ($c eq '(') { $depth++; }
		elsif ($c eq ')') { $depth--; return $i if $depth == 0; }
	}
	return -1;
}

# Splits a list at its top-level commas (not inside parentheses or quotes).
sub split_top
{
	my ($list) = @_;
	my @parts;
	my ($depth, $cur) = (0, '');
	for (my $i = 0; $i < length $list; $i++)
	{
		my $c = substr($list, $i, 1);
		if ($c eq "'" || $c eq '"')
		{
			my $j = index($list, $c, $i + 1);
			while ($j >= 0 && substr($list, $j + 1, 1) eq $c) { $j = index($list, $c, $j + 2); }
			fail "unbalanced quotes in a list: $list" if $j < 0;
			$cur .= substr($list, $i, $j + 1 - $i);
			$i = $j;
			next;
		}
		$depth++ if $c eq '(';
		$depth-- if $c eq ')';
		if ($c eq ',' && $depth == 0) { push @parts, $cur; $cur = ''; next; }
		$cur .= $c;
	}
	push @parts, $cur if $cur =~ /\S/;
	s/^\s+|\s+$//g for @parts;
	return @parts;
}

# Takes the default (DEFAULT expr or = expr) off each argument of a list.
sub args_without_defaults
{
	my ($args) = @_;
	my @parts = split_top($args);
	for (@parts)
	{
		s/--[^\n]*//g;
		# The default starts at a top-level DEFAULT or =, never inside quotes:
		# cut at the first such token outside a quoted identifier.
		my $bare = '';
		my $rest = $_;
		while ($rest =~ /\G("(?:[^"]|"")*"|'(?:[^']|'')*'|\b[Dd][Ee][Ff][Aa][Uu][Ll][Tt]\b|=|[^"'=Dd]+|[Dd])/gc)
		{
			my $tok = $1;
			last if $tok =~ /^(DEFAULT|=)$/i;
			$bare .= $tok;
		}
		$bare =~ s/\s+/ /g;
		$bare =~ s/^ | $//g;
		$_ = $bare;
	}
	return join(', ', @parts);
}

my %routine_options = map { $_ => 1 } qw(LANGUAGE IMMUTABLE STABLE VOLATILE STRICT CALLED PARALLEL
  SECURITY EXTERNAL LEAKPROOF NOT COST ROWS SUPPORT SET TRANSFORM WINDOW AS RETURN BEGIN);

# Everything tle.sh's update needs from one version's sources.
sub read_version
{
	my ($dir) = @_;
	opendir my $dh, $dir or fail "$dir: $!";
	my @files = sort grep { /^[0-9][0-9]_.*\.sql$/ } readdir $dh;
	closedir $dh;
	fail "no sources in $dir" unless @files;
	my %v = (routines => [], sequences => {}, sequence_schema => {}, sequence_order => [], schemas => {},
		schema_order => [], acl => [], comments => {}, replay => [], other => []);
	for my $f (@files)
	{
		for my $st (statements("$dir/$f"))
		{
			my @w = map { $_->[0] } @{ $st->{words} };
			my $k = 0;
			# The block that makes the seal, the type of every helper's last
			# parameter (sql/edition/00_sequences.sql): the update runs it
			# before it compares the functions, whose headers name the type.
			if ($w[0] eq 'DO' && index($st->{text}, '$uuid6_seal$') >= 0)
			{
				fail "$f: two blocks tagged \$uuid6_seal\$" if defined $v{seal};
				($v{seal} = $st->{text}) =~ s/^\s+//;
				next;
			}
			if ($w[0] eq 'CREATE')
			{
				$k = 1;
				$k += 2 if $w[1] eq 'OR' && $w[2] eq 'REPLACE';
				if ($w[$k] eq 'FUNCTION' || $w[$k] eq 'PROCEDURE')
				{
					my $kind = $w[$k];
					my $name_at = $st->{words}[ $k + 1 ][1];
					my $open = index($st->{text}, '(', $name_at);
					my $name = span($st, $name_at, $open);
					$name =~ s/\s+$//;
					fail "$f: CREATE $kind $name: write the name unqualified (the installer puts it into the schema)"
					  if $name =~ /\./ || $name !~ /^("(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_\$]*)$/;
					my $close = close_paren($st->{text}, $open);
					fail "$f: CREATE $kind $name: unbalanced argument list" if $close < 0;
					my $args = span($st, $open + 1, $close);
					# RETURNS runs from its keyword to the first routine option at
					# the top level (or is TABLE (...)); words inside the argument
					# list do not count.
					my $returns;
					my @after = grep { $_->[1] > $close } @{ $st->{words} };
					if (@after && $after[0][0] eq 'RETURNS')
					{
						my $from = $after[0][1] + length 'RETURNS';
						my $to;
						if (@after > 1 && $after[1][0] eq 'TABLE')
						{
							my $o = index($st->{text}, '(', $after[1][1]);
							$to = close_paren($st->{text}, $o) + 1;
						}
						else
						{
							for my $i (1 .. $#after)
							{
								if ($routine_options{ $after[$i][0] }
									|| ($after[$i][0] eq 'RETURNS' && $i + 1 <= $#after && $after[ $i + 1 ][0] eq 'NULL'))
								{
									$to = $after[$i][1];
									last;
								}
							}
						}
						fail "$f: CREATE $kind $name: cannot find the end of its RETURNS clause" unless defined $to;
						$returns = span($st, $from, $to);
						$returns =~ s/--[^\n]*//g;
						$returns =~ s/\s+/ /g;
						$returns =~ s/^ | $//g;
					}
					elsif ($kind eq 'FUNCTION' && !grep { $_->[0] eq 'OUT' || $_->[0] eq 'INOUT' } @{ $st->{words} })
					{
						fail "$f: CREATE FUNCTION $name: no RETURNS clause found";
					}
					my $proname = $name =~ /^"(.*)"$/ ? $1 =~ s/""/"/gr : lc $name;
					my $a = $args;
					$a =~ s/--[^\n]*//g;
					$a =~ s/\s+/ /g;
					$a =~ s/^ | $//g;
					push @{ $v{routines} },
					  {
						kind => $kind,
						name => $name,
						proname => $proname,
						args => $a,
						bare => args_without_defaults($args),
						returns => $returns
					  };
					next;
				}
				if ($w[$k] eq 'SEQUENCE')
				{
					fail "$f: write CREATE SEQUENCE IF NOT EXISTS"
					  unless $w[ $k + 1 ] eq 'IF' && $w[ $k + 2 ] eq 'NOT' && $w[ $k + 3 ] eq 'EXISTS';
					my $name_at = $st->{words}[ $k + 4 ][1];
					my $rest = span($st, $name_at);
					$rest =~ /^(?:([a-z_][a-z0-9_]*)\.)?("(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_\$]*)(.*)$/s
					  or fail "$f: a CREATE SEQUENCE I cannot read";
					my ($schema, $name, $options) = ($1 // '', $2, normal($3));
					fail "$f: CREATE SEQUENCE $schema.$name: its schema is not made by a CREATE SCHEMA IF NOT EXISTS before it"
					  if $schema ne '' && !exists $v{schemas}{$schema};
					push @{ $v{sequence_order} }, $name unless exists $v{sequences}{$name};
					$v{sequences}{$name} = $options;
					$v{sequence_schema}{$name} = $schema;
					next;
				}
				if ($w[$k] eq 'SCHEMA')
				{
					fail "$f: write CREATE SCHEMA IF NOT EXISTS name, with nothing after the name"
					  unless $w[ $k + 1 ] eq 'IF' && $w[ $k + 2 ] eq 'NOT' && $w[ $k + 3 ] eq 'EXISTS' && @w == $k + 5
					  && normal($st->{text}) =~ /^CREATE SCHEMA IF NOT EXISTS ([a-z_][a-z0-9_]*)$/;
					my $name = $1;
					push @{ $v{schema_order} }, $name unless exists $v{schemas}{$name};
					$v{schemas}{$name} = 1;
					next;
				}
			}
			if ($w[0] eq 'GRANT' || $w[0] eq 'REVOKE')
			{
				push @{ $v{acl} }, normal($st->{text});
				push @{ $v{replay} }, $st->{text};
				next;
			}
			if ($w[0] eq 'COMMENT' && $w[1] eq 'ON')
			{
				my $text = normal($st->{text});
				$text =~ /^COMMENT ON (.*?) ?\bIS\b/is or fail "$f: a COMMENT ON I cannot read: $text";
				$v{comments}{$1} = 1;
				push @{ $v{replay} }, $st->{text};
				next;
			}
			if ($w[0] =~ /^(CREATE|ALTER|DROP)$/)
			{
				push @{ $v{other} }, normal($st->{text});
			}
		}
	}
	return \%v;
}

# --body FILE: the file as an update runs it (its functions replaced in place,
# its statements of privileges and comments made unless pre.sql skips them).
if ($ARGV[0] eq '--body')
{
	my $path = $ARGV[1];
	open my $fh, '<', $path or fail "$path: $!";
	local $/;
	my $sql = <$fh>;
	close $fh;
	my $result = '';
	my $at = 0;
	for my $st (statements($path))
	{
		my $w = $st->{words}[0][0];
		next unless $w eq 'GRANT' || $w eq 'REVOKE' || ($w eq 'COMMENT' && $st->{words}[1][0] eq 'ON');
		my $from = $st->{start} + $st->{words}[0][1];
		my $to = $st->{start} + length $st->{text};
		$result .= substr($sql, $at, $from - $at) . replay_wrapped(substr($sql, $from, $to - $from));
		$at = $to;
	}
	$result .= substr($sql, $at);
	$result =~ s/^CREATE (FUNCTION|PROCEDURE) /CREATE OR REPLACE $1 /mg;
	print $result;
	exit 0;
}

my $old = read_version($old_dir);
my $new = read_version($new_dir);

# What cannot be derived: any other definition that changed.
{
	my %o = map { $_ => 1 } @{ $old->{other} };
	my %n = map { $_ => 1 } @{ $new->{other} };
	# A table that NEW adds in a fixed schema (CREATE TABLE IF NOT EXISTS) is
	# made by the update as by a fresh install: the sources run in it.
	my @changed = ((grep { !$n{$_} } @{ $old->{other} }),
		(grep { !$o{$_} && !/^CREATE TABLE IF NOT EXISTS uuid6_sql_sequences\.[a-z0-9_]+ ?\(/ } @{ $new->{other} }));
	fail "between $old_version and $new_version these statements changed, and an update of them cannot be derived "
	  . "(only functions, procedures, sequences, grants and comments are):\n  " . join("\n  ", @changed)
	  if @changed;
}

# --- writing the update ---------------------------------------------------------

sub literal { my ($s) = @_; return 'NULL' unless defined $s; $s =~ s/'/''/g; return "'$s'"; }

# The inverse of a GRANT or REVOKE statement of the old version.
sub inverse
{
	my ($st) = @_;
	if ($st =~ /^GRANT\s*(.+?)\s*\bTO\b\s*(.+?)(\s*\bWITH GRANT OPTION)?(\s*\bGRANTED BY\b.+)?$/is)
	{
		my ($what, $to, $option) = ($1, $2, $3);
		return "REVOKE $what FROM $to" . ($option ? ' CASCADE' : '');
	}
	if ($st =~ /^REVOKE\s*(\bGRANT OPTION FOR\b)?\s*(.+?)\s*\bFROM\b\s*(.+?)(\s*\bGRANTED BY\b.+?)?(\s*\b(?:CASCADE|RESTRICT))?$/is)
	{
		my ($option, $what, $from) = ($1, $2, $3);
		return "GRANT $what TO $from" . ($option ? ' WITH GRANT OPTION' : '');
	}
	fail "cannot undo this statement of $old_version: $st";
}

# A sequence's name as the update writes it: in the fixed schema the version
# creates it in, or in the edition's.
sub sequence_qualified
{
	my ($v, $seq) = @_;
	my $schema = $v->{sequence_schema}{$seq};
	return ($schema eq '' ? '@extschema@' : $schema) . ".$seq";
}

my $header = "-- uuid6 $old_version -> $new_version, SQL edition, %s the definitions of $new_version.\n"
  . "-- Generated by scripts/tle-update.pl from the sources of both versions.\n";

open my $pre, '>', "$out/pre.sql" or fail "$out/pre.sql: $!";
printf $pre $header, 'before';

# 1. What the old version granted or revoked and the new one does not.
{
	my %n = map { $_ => 1 } @{ $new->{acl} };
	my @undo = map { inverse($_) } grep { !$n{$_} } @{ $old->{acl} };
	if (@undo)
	{
		print $pre "-- Privileges of $old_version that $new_version does not give or take: undone.\n";
		print $pre "$_;\n" for @undo;
	}
	# (A function or sequence that goes takes its comment along anyway.)
	my @cleared = grep { !$new->{comments}{$_} } sort keys %{ $old->{comments} };
	if (@cleared)
	{
		print $pre "-- Comments of $old_version that $new_version does not set: cleared.\n";
		print $pre "COMMENT ON $_ IS NULL;\n" for @cleared;
	}
}

# 2. The functions: what exists, what is replaced in place, what goes. Where
# the new version seals its helpers, the seal's type is made first: the new
# headers name it. (The block is idempotent; the sources run it again.)
if (defined $new->{seal})
{
	print $pre "-- The type of the helpers' last parameter (the seal), made before the headers that name it.\n";
	print $pre "$new->{seal};\n";
}
my @rows;
for my $side ([ 'old', $old ], [ 'new', $new ])
{
	for my $r (@{ $side->[1]{routines} })
	{
		push @rows, sprintf("    (%s, %s, %s, %s, %s, %s, %s)",
			literal($side->[0]), literal($r->{kind}), literal($r->{name}), literal($r->{proname}),
			literal($r->{args}), literal($r->{bare}), literal($r->{returns}));
	}
}
my $rows = join(",\n", @rows);
# The statements of privileges and comments that both versions make, and the
# objects each acts on: made again only where one of those objects is new.
my @replay_rows;
{
	my %o = map { normal($_) => 1 } @{ $old->{replay} };
	my %seen;
	for my $st (grep { $o{ normal($_) } } @{ $new->{replay} })
	{
		my $id = statement_id($st);
		next if $seen{$id}++;
		push @replay_rows, sprintf("        (%s, %s, %s)", literal($id), literal($_->[0]), literal($_->[1]))
		  for replay_targets(normal($st));
	}
}
my $skip = @replay_rows
  ? "SELECT pg_catalog.string_agg(k.id, ' ') INTO skip FROM (
    SELECT t.id FROM (VALUES
" . join(",\n", @replay_rows) . "
    ) AS t(id, kind, target)
    GROUP BY t.id
    HAVING pg_catalog.bool_and(CASE WHEN t.kind OPERATOR(pg_catalog.=) 'f'
                         THEN pg_catalog.to_regprocedure(t.target)::oid OPERATOR(pg_catalog.=) ANY (in_place)
                         ELSE pg_catalog.to_regclass(t.target) IS NOT NULL END)) AS k;"
  : "skip := '';";
print $pre <<"SQL";
-- The functions of both versions, their headers as written: the server reads
-- the argument types (a probe created and rolled back), finds which exist,
-- and tries whether CREATE OR REPLACE can take each one to its new header.
-- Run once per update, off every hot path; every call is schema-qualified and
-- every object it creates is rolled back or renamed into the schema.
DO \$uuid6_update\$
DECLARE
  s oid := pg_catalog.to_regnamespace('\@extschema\@');
  r record;
  types text;
  returns text;
  found_oid oid;
  old_oids oid[] := '{}';
  kept oid[] := '{}';
  stale oid[] := '{}';
  dropped oid[];
  in_place oid[];
  skip text;
  blocker text;
BEGIN
  FOR r IN SELECT * FROM (VALUES
$rows
  ) AS v(side, kind, name, proname, args, bare, returns) LOOP
    returns := CASE WHEN r.returns IS NULL THEN '' ELSE pg_catalog.format(' RETURNS %s', r.returns) END;
    -- The argument types of this header, as the server reads them.
    BEGIN
      EXECUTE pg_catalog.format('CREATE %s \@extschema\@.uuid6_update_probe(%s)%s LANGUAGE plpgsql AS %L',
                                r.kind, r.bare, returns, 'BEGIN END');
      SELECT p.proargtypes::text INTO types FROM pg_catalog.pg_proc p
      WHERE p.pronamespace = s AND p.proname = 'uuid6_update_probe';
      RAISE EXCEPTION USING ERRCODE = 'U6UPD', MESSAGE = types;
    EXCEPTION WHEN SQLSTATE 'U6UPD' THEN
      GET STACKED DIAGNOSTICS types = MESSAGE_TEXT;
    END;
    SELECT p.oid INTO found_oid FROM pg_catalog.pg_proc p
    WHERE p.pronamespace = s AND p.proname = r.proname AND p.proargtypes = types::pg_catalog.oidvector;
    CONTINUE WHEN found_oid IS NULL;
    IF (SELECT p.proowner FROM pg_catalog.pg_proc p WHERE p.oid = found_oid)
       <> (SELECT o.oid FROM pg_catalog.pg_roles o WHERE o.rolname = current_user) THEN
      RAISE EXCEPTION 'uuid6: % belongs to role %, not to %, who runs this update',
          found_oid::regprocedure, (SELECT p.proowner::regrole FROM pg_catalog.pg_proc p WHERE p.oid = found_oid), current_user
        USING ERRCODE = 'insufficient_privilege',
              HINT = 'Update uuid6 as the role that installed it (SET ROLE to it first), so that its functions keep one owner.';
    END IF;
    IF r.side = 'old' THEN
      old_oids := pg_catalog.array_append(old_oids, found_oid);
      CONTINUE;
    END IF;
    kept := pg_catalog.array_append(kept, found_oid);
    -- Can CREATE OR REPLACE take it to the new header? The server's answer,
    -- from a replacement that is always rolled back.
    BEGIN
      EXECUTE pg_catalog.format('CREATE OR REPLACE %s \@extschema\@.%s(%s)%s LANGUAGE plpgsql AS %L',
                                r.kind, r.name, r.args, returns, 'BEGIN END');
      RAISE EXCEPTION USING ERRCODE = 'U6UPD';
    EXCEPTION
      WHEN SQLSTATE 'U6UPD' THEN
        NULL;
      WHEN invalid_function_definition OR wrong_object_type THEN
        stale := pg_catalog.array_append(stale, found_oid);
    END;
  END LOOP;
  -- What both versions grant, revoke or write as comments on objects that
  -- stay is not done again: see uuid6_update.skip in the sources below.
  SELECT pg_catalog.array_agg(o) INTO in_place FROM pg_catalog.unnest(kept) AS o
  WHERE o OPERATOR(pg_catalog.<>) ALL (stale);
  $skip
  PERFORM pg_catalog.set_config('uuid6_update.skip', coalesce(skip, ''), true);
  SELECT pg_catalog.array_agg(DISTINCT o) INTO dropped
  FROM pg_catalog.unnest(pg_catalog.array_cat(old_oids, stale)) AS o
  WHERE o OPERATOR(pg_catalog.<>) ALL (kept) OR o OPERATOR(pg_catalog.=) ANY (stale);
  IF dropped IS NULL THEN
    PERFORM pg_catalog.set_config('uuid6_update.drop', '', true);
    RETURN;
  END IF;
  -- Nothing of the user's may depend on a function that goes: a DEFAULT, a
  -- view, an index, a function or a trigger would otherwise be dropped with
  -- it or stop the update half-way. uuid6's own functions that depend on it
  -- are replaced or dropped by this update.
  -- The message names the object's owner (the role that can drop it) and says
  -- whether it is a temporary object of another session, which goes when that
  -- session ends.
  SELECT pg_catalog.format('%s (owned by role %s%s) depends on %s, which uuid6 $new_version %s',
           pg_catalog.pg_describe_object(d.classid, d.objid, d.objsubid),
           coalesce((SELECT who.rolname::pg_catalog.text FROM pg_catalog.pg_roles who
                     WHERE who.oid OPERATOR(pg_catalog.=) o.owner), 'unknown'),
           CASE WHEN o.nsp IS NOT NULL AND o.nsp OPERATOR(pg_catalog.<>) pg_catalog.pg_my_temp_schema()
                     AND EXISTS (SELECT FROM pg_catalog.pg_namespace n
                                 WHERE n.oid OPERATOR(pg_catalog.=) o.nsp
                                   AND n.nspname OPERATOR(pg_catalog.~) '^pg_temp_[0-9]+\$')
                THEN ', a temporary object of another session' ELSE '' END,
           d.refobjid::regprocedure,
           CASE WHEN d.refobjid OPERATOR(pg_catalog.=) ANY (stale)
                THEN 'defines anew (its result type, OUT columns, parameter names or defaults change)'
                ELSE 'no longer has' END)
    INTO blocker
  FROM pg_catalog.pg_depend d
       CROSS JOIN LATERAL (
         SELECT CASE d.classid
                  WHEN 'pg_catalog.pg_proc'::pg_catalog.regclass THEN
                    (SELECT p.proowner FROM pg_catalog.pg_proc p WHERE p.oid OPERATOR(pg_catalog.=) d.objid)
                  WHEN 'pg_catalog.pg_class'::pg_catalog.regclass THEN
                    (SELECT c.relowner FROM pg_catalog.pg_class c WHERE c.oid OPERATOR(pg_catalog.=) d.objid)
                  WHEN 'pg_catalog.pg_rewrite'::pg_catalog.regclass THEN
                    (SELECT c.relowner FROM pg_catalog.pg_rewrite w JOIN pg_catalog.pg_class c ON c.oid OPERATOR(pg_catalog.=) w.ev_class
                     WHERE w.oid OPERATOR(pg_catalog.=) d.objid)
                  WHEN 'pg_catalog.pg_attrdef'::pg_catalog.regclass THEN
                    (SELECT c.relowner FROM pg_catalog.pg_attrdef a JOIN pg_catalog.pg_class c ON c.oid OPERATOR(pg_catalog.=) a.adrelid
                     WHERE a.oid OPERATOR(pg_catalog.=) d.objid)
                  WHEN 'pg_catalog.pg_trigger'::pg_catalog.regclass THEN
                    (SELECT c.relowner FROM pg_catalog.pg_trigger t JOIN pg_catalog.pg_class c ON c.oid OPERATOR(pg_catalog.=) t.tgrelid
                     WHERE t.oid OPERATOR(pg_catalog.=) d.objid)
                  WHEN 'pg_catalog.pg_constraint'::pg_catalog.regclass THEN
                    (SELECT c.relowner FROM pg_catalog.pg_constraint k JOIN pg_catalog.pg_class c ON c.oid OPERATOR(pg_catalog.=) k.conrelid
                     WHERE k.oid OPERATOR(pg_catalog.=) d.objid)
                  END AS owner,
                CASE d.classid
                  WHEN 'pg_catalog.pg_proc'::pg_catalog.regclass THEN
                    (SELECT p.pronamespace FROM pg_catalog.pg_proc p WHERE p.oid OPERATOR(pg_catalog.=) d.objid)
                  WHEN 'pg_catalog.pg_class'::pg_catalog.regclass THEN
                    (SELECT c.relnamespace FROM pg_catalog.pg_class c WHERE c.oid OPERATOR(pg_catalog.=) d.objid)
                  WHEN 'pg_catalog.pg_rewrite'::pg_catalog.regclass THEN
                    (SELECT c.relnamespace FROM pg_catalog.pg_rewrite w JOIN pg_catalog.pg_class c ON c.oid OPERATOR(pg_catalog.=) w.ev_class
                     WHERE w.oid OPERATOR(pg_catalog.=) d.objid)
                  WHEN 'pg_catalog.pg_attrdef'::pg_catalog.regclass THEN
                    (SELECT c.relnamespace FROM pg_catalog.pg_attrdef a JOIN pg_catalog.pg_class c ON c.oid OPERATOR(pg_catalog.=) a.adrelid
                     WHERE a.oid OPERATOR(pg_catalog.=) d.objid)
                  END AS nsp) o
  WHERE d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass::oid
    AND d.refobjid OPERATOR(pg_catalog.=) ANY (dropped)
    AND d.deptype IN ('n', 'a')
    AND NOT (d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass::oid
             AND d.objid OPERATOR(pg_catalog.=) ANY (pg_catalog.array_cat(old_oids, kept)))
  ORDER BY 1 LIMIT 1;
  IF blocker IS NOT NULL THEN
    RAISE EXCEPTION 'uuid6 cannot be updated from $old_version to $new_version in place: %', blocker
      USING ERRCODE = 'dependent_objects_still_exist',
            HINT = 'Nothing has been changed. The owner of that object drops it (and creates it again after the update), then the update runs again; a temporary object of another session goes when that session ends, which an administrator can bring about with pg_terminate_backend() (pg_stat_activity shows the sessions of that role).';
  END IF;
  -- Out of the way of the new definitions, until post.sql drops them.
  FOR found_oid IN SELECT o FROM pg_catalog.unnest(stale) AS o LOOP
    EXECUTE pg_catalog.format('ALTER ROUTINE %s RENAME TO %I', found_oid::regprocedure,
                              pg_catalog.format('uuid6_update_stale_%s', found_oid));
  END LOOP;
  PERFORM pg_catalog.set_config('uuid6_update.drop', pg_catalog.array_to_string(dropped, ' '), true);
END
\$uuid6_update\$;
SQL

# 3. The fixed schemas that the new version adds, and the sequences that move.
{
	my @gone = grep { !$new->{schemas}{$_} } @{ $old->{schema_order} };
	fail "between $old_version and $new_version the schemas " . join(', ', @gone) . " go: an update cannot derive that"
	  if @gone;
	my @added = grep { !$old->{schemas}{$_} } @{ $new->{schema_order} };
	if (@added)
	{
		print $pre "-- The schemas of $new_version that $old_version lacks.\n";
		print $pre "CREATE SCHEMA IF NOT EXISTS $_;\n" for @added;
	}
	my @moved = grep { exists $new->{sequences}{$_} && $new->{sequence_schema}{$_} ne $old->{sequence_schema}{$_} }
	  @{ $old->{sequence_order} };
	if (@moved)
	{
		print $pre "-- The sequences that $new_version keeps in another schema: moved, their values, OIDs,\n"
		  . "-- privileges and every reference to them kept. A move waits for every transaction that drew\n"
		  . "-- from the sequence to end, and every draw after it queues behind the move: so the moves run\n"
		  . "-- under a short lock_timeout (set for them only, then put back as it was, also inside a\n"
		  . "-- transaction of the caller's), and the update stops at once with a clear error rather than\n"
		  . "-- stop the keys.\n"
		  . "-- Where the new schema holds one of that name already (another installation of the plain\n"
		  . "-- script in this database, updated first), the two are merged: both locked (no draw from\n"
		  . "-- either until the update commits), the shared one set to this one's last value where that\n"
		  . "-- is greater (never lowered), and this one dropped at the end where nothing else depends on it\n"
		  . "-- (a draw that waited on it then fails rather than make a key out of order).\n"
		  . "DO \$uuid6_update\$ BEGIN\n"
		  . "  PERFORM pg_catalog.set_config('uuid6_update.lock_timeout', pg_catalog.current_setting('lock_timeout'), true),\n"
		  . "          pg_catalog.set_config('lock_timeout', '200ms', true);\n"
		  . "END \$uuid6_update\$;\n";
		# All the locks first, all or none: clients that draw two versions in one statement
		# take their sequences in any order, so an update that took them one by one, waiting,
		# would hold one a client waits for while it waits for one that client holds. Each try
		# waits at most 10 ms per lock; a try that does not get them all gives back what it got
		# (its subtransaction rolls back) and the next comes after a short random pause, for
		# about three seconds; then the moves below refuse with 55P03 as before.
		my $locks = '';
		for my $seq (@moved)
		{
			for my $name (sequence_qualified($old, $seq), sequence_qualified($new, $seq))
			{
				my $options = $name eq sequence_qualified($old, $seq) ? $old->{sequences}{$seq} : $new->{sequences}{$seq};
				$locks .= "      IF pg_catalog.to_regclass(" . literal($name) . ") IS NOT NULL THEN\n"
				  . "        ALTER SEQUENCE $name $options;\n"
				  . "      END IF;\n";
			}
		}
		print $pre "DO \$uuid6_update\$\n"
		  . "DECLARE\n"
		  . "  tries integer := 0;\n"
		  . "BEGIN\n"
		  . "  LOOP\n"
		  . "    BEGIN\n"
		  . "      PERFORM pg_catalog.set_config('lock_timeout', '10ms', true);\n"
		  . $locks
		  . "      EXIT;\n"
		  . "    EXCEPTION WHEN lock_not_available THEN\n"
		  . "      tries := tries OPERATOR(pg_catalog.+) 1;\n"
		  . "      EXIT WHEN tries OPERATOR(pg_catalog.>=) 100;\n"
		  . "      PERFORM pg_catalog.pg_sleep(0.005::double precision OPERATOR(pg_catalog.+) 0.02::double precision OPERATOR(pg_catalog.*) pg_catalog.random());\n"
		  . "    END;\n"
		  . "  END LOOP;\n"
		  . "  PERFORM pg_catalog.set_config('lock_timeout', '200ms', true);\n"
		  . "END \$uuid6_update\$;\n";
		for my $seq (@moved)
		{
			my ($from, $to) = (sequence_qualified($old, $seq), sequence_qualified($new, $seq));
			my $to_schema = $new->{sequence_schema}{$seq} eq '' ? '@extschema@' : $new->{sequence_schema}{$seq};
			print $pre "DO \$uuid6_update\$ BEGIN\n"
			  . "  IF pg_catalog.to_regclass(" . literal($from) . ") IS NOT NULL THEN\n"
			  . "    BEGIN\n"
			  . "      IF pg_catalog.to_regclass(" . literal($to) . ") IS NOT NULL THEN\n"
			  . "        -- (ALTER SEQUENCE, here with the options each has, values kept, takes the lock\n"
			  . "        -- that keeps nextval and setval out until commit; LOCK TABLE does not take sequences.)\n"
			  . "        ALTER SEQUENCE $from $old->{sequences}{$seq};\n"
			  . "        ALTER SEQUENCE $to $new->{sequences}{$seq};\n"
			  . "        PERFORM pg_catalog.setval(" . literal($to) . "::pg_catalog.regclass, l.v, true)\n"
			  . "        FROM (SELECT pg_catalog.pg_sequence_last_value(" . literal($from) . "::pg_catalog.regclass) AS v) l\n"
			  . "        WHERE l.v OPERATOR(pg_catalog.>) COALESCE(\n"
			  . "                pg_catalog.pg_sequence_last_value(" . literal($to) . "::pg_catalog.regclass), '-1'::bigint);\n"
			  . "      ELSE\n"
			  . "        ALTER SEQUENCE $from SET SCHEMA $to_schema;\n"
			  . "      END IF;\n"
			  . "    EXCEPTION WHEN lock_not_available THEN\n"
			  . "      RAISE EXCEPTION 'uuid6 cannot be updated from $old_version to $new_version now: sequence % is in use by open transactions', "
			  . literal($from) . "\n"
			  . "        USING ERRCODE = 'lock_not_available',\n"
			  . "              DETAIL = 'The update moves it, which waits for every transaction that drew a key from it to end; every key requested meanwhile would wait too, so the update does not wait.',\n"
			  . "              HINT = 'End the open transactions that made keys (pg_stat_activity; pg_locks on that sequence), then run the update again.';\n"
			  . "    END;\n"
			  . "  END IF;\nEND \$uuid6_update\$;\n";
		}
		print $pre "DO \$uuid6_update\$ BEGIN\n"
		  . "  PERFORM pg_catalog.set_config('lock_timeout', pg_catalog.current_setting('uuid6_update.lock_timeout'), true),\n"
		  . "          pg_catalog.set_config('uuid6_update.lock_timeout', '', true);\n"
		  . "END \$uuid6_update\$;\n";
	}
}
close $pre;

open my $post, '>', "$out/post.sql" or fail "$out/post.sql: $!";
printf $post $header, 'after';
print $post <<'SQL';
-- The functions that pre.sql found gone or renamed, in one statement.
DO $uuid6_update$
DECLARE
  gone text;
BEGIN
  SELECT pg_catalog.string_agg(pg_catalog.format('%I.%I(%s)', n.nspname, p.proname,
                                                 pg_catalog.oidvectortypes(p.proargtypes)), ', ')
    INTO gone
  FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
  WHERE p.oid OPERATOR(pg_catalog.=) ANY (pg_catalog.string_to_array(
          pg_catalog.current_setting('uuid6_update.drop'), ' ')::oid[]);
  IF gone IS NOT NULL THEN
    EXECUTE pg_catalog.format('DROP ROUTINE %s', gone);
  END IF;
  PERFORM pg_catalog.set_config('uuid6_update.drop', '', true);
  PERFORM pg_catalog.set_config('uuid6_update.skip', '', true);
END
$uuid6_update$;
SQL
{
	my @gone = grep { !exists $new->{sequences}{$_} } @{ $old->{sequence_order} };
	my @changed = grep { exists $new->{sequences}{$_} && $new->{sequences}{$_} ne $old->{sequences}{$_} }
	  @{ $old->{sequence_order} };
	my @moved = grep { exists $new->{sequences}{$_} && $new->{sequence_schema}{$_} ne $old->{sequence_schema}{$_} }
	  @{ $old->{sequence_order} };
	if (@moved)
	{
		print $post "-- The sequences that pre.sql merged into another installation's (both existed): dropped\n"
		  . "-- where nothing depends on them any more (this installation's functions use the shared ones\n"
		  . "-- now), else left with a warning.\n";
		for my $seq (@moved)
		{
			my $from = sequence_qualified($old, $seq);
			print $post "DO \$uuid6_update\$ BEGIN\n"
			  . "  IF pg_catalog.to_regclass(" . literal($from) . ") IS NOT NULL THEN\n"
			  . "    IF EXISTS (SELECT FROM pg_catalog.pg_depend d\n"
			  . "               WHERE d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_class'::pg_catalog.regclass::oid\n"
			  . "                 AND d.refobjid OPERATOR(pg_catalog.=) " . literal($from) . "::pg_catalog.regclass::oid) THEN\n"
			  . "      RAISE WARNING 'uuid6: sequence % is left in place: objects outside uuid6 depend on it', " . literal($from) . "\n"
			  . "        USING HINT = 'uuid6 no longer draws from it; its keys go on in the database''s shared sequence.';\n"
			  . "    ELSE\n"
			  . "      DROP SEQUENCE $from;\n"
			  . "    END IF;\n"
			  . "  END IF;\nEND \$uuid6_update\$;\n";
		}
	}
	if (@gone)
	{
		# Out of the extension first, where it is one: a member the extension
		# dumps (pg_extension_config_dump) stays in its list when it is merely
		# dropped, and pg_dump would then look for it.
		print $post "-- Sequences of $old_version that $new_version does not have.\n";
		for my $seq (@gone)
		{
			print $post "DO \$uuid6_update\$ BEGIN\n"
			  . "  IF EXISTS (SELECT FROM pg_catalog.pg_depend d\n"
			  . "             WHERE d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_class'::pg_catalog.regclass::oid\n"
			  . "               AND d.objid OPERATOR(pg_catalog.=) " . literal(sequence_qualified($old, $seq)) . "::pg_catalog.regclass::oid\n"
			  . "               AND d.deptype OPERATOR(pg_catalog.=) 'e') THEN\n"
			  . "    ALTER EXTENSION uuid6 DROP SEQUENCE " . sequence_qualified($old, $seq) . ";\n"
			  . "  END IF;\nEND \$uuid6_update\$;\n"
			  . "DROP SEQUENCE " . sequence_qualified($old, $seq) . ";\n";
		}
	}
	if (@changed)
	{
		print $post "-- Sequences whose options changed; their values stay.\n";
		print $post "ALTER SEQUENCE " . sequence_qualified($new, $_) . " $new->{sequences}{$_};\n" for @changed;
	}
}
close $post;
