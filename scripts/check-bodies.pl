#!/usr/bin/env perl
# scripts/check-bodies.pl FILE... — fails (exit 1) where a function body in uuid6's SQL sources
# could bind a name another role planted: run by `make tle` over sql/edition/*.sql and the C
# library's sql/uuid6--1.4--1.5.sql, and by the edition's test suite.
#
# PostgreSQL resolves a name in a body through a search path: a SQL-standard body (RETURN,
# BEGIN ATOMIC) through the creating session's, once, when the function is made; a body
# written as a string (LANGUAGE plpgsql or sql AS '...') through the caller's, each time it
# runs, unless the function pins its own (SET search_path = pg_catalog, pg_temp: nothing but
# PostgreSQL's objects is then a candidate). The installers create the bodies with the path
# pinned to pg_catalog, pg_temp and check the result in the catalog (scripts/tle-bound.sql);
# this check covers what the catalog does not record, and keeps the sources honest:
#   - every call in every body names its schema (pg_catalog.f, @extschema@.f), but in
#     functions whose path is pinned;
#   - every uuid6_sql_ helper of the SQL edition takes the seal last (seal
#     @extschema@.uuid6_sql_seal), and every call of one in any body passes
#     true::@extschema@.uuid6_sql_seal last: a call written as a string is looked up by name
#     when it runs, and only a parameter type no other role may use keeps another role's
#     overload (one with an extra defaulted parameter, say) from matching it too
#     (sql/edition/00_sequences.sql, "The seal");
#   - a body written as a string whose function does not pin its path writes every operator
#     OPERATOR(pg_catalog.x), and uses none of the constructs that look an operator up by name
#     (IN (...), NULLIF, BETWEEN, LIKE, SIMILAR TO, IS DISTINCT FROM, CASE x WHEN): those are
#     resolved through the caller's path,
#     where an operator with exactly the operands' types wins over pg_catalog's.
# SQL constructs that look like calls (CASE, COALESCE, CAST, IN (...), EXISTS, ARRAY[...],
# type names with a modifier, ...) are not calls.
use strict;
use warnings;

my %not_calls = map { $_ => 1 } qw(
  if elsif while and or not in exists any all some array values coalesce nullif greatest least
  cast row over filter within case when then else return returns select from where as on using
  by group order having limit offset union intersect except join lateral is null true false
  numeric decimal varchar char character bit varying timestamp timestamptz time interval float
  extract position trim collate distinct into perform raise loop foreach
  exception begin end declare execute float8 float4 with recursive
  grouping rows range partition current_date current_time localtime localtimestamp
  atomic setof table out inout variadic default strict operator);

my $failures = 0;
for my $path (@ARGV)
{
	open my $fh, '<', $path or die "check-bodies.pl: $path: $!\n";
	local $/;
	my $sql = <$fh>;
	close $fh;
	# Each CREATE [OR REPLACE] FUNCTION/PROCEDURE at the start of a line, up to the next
	# statement that starts a line (the sources' layout, which scripts/tle.sh enforces).
	while ($sql =~ /^CREATE (?:OR REPLACE )?(?:FUNCTION|PROCEDURE) ([^\s(]+)\s*\(/mg)
	{
		my ($name, $from) = ($1, $-[0]);
		my $line = 1 + (() = substr($sql, 0, $from) =~ /\n/g);
		my $rest = substr($sql, $from);
		# The statement ends before the next CREATE at the start of a line.
		my $next = index($rest, "\nCREATE ", 1);
		$rest = substr($rest, 0, $next + 1) if $next >= 0;
		my $header_end;
		my ($body, $string, $pinned);
		if ($rest =~ /\bAS\s+(\$[A-Za-z_]*\$)(.*?)\1/s && $-[0] < (index($rest, "\nCOMMENT ON") < 0 ? length $rest : index($rest, "\nCOMMENT ON")))
		{
			($body, $string) = ($2, 1);
			$header_end = $-[0];
		}
		elsif ($rest =~ /\bAS\s+'((?:[^']|'')*)'/s && $-[0] < (index($rest, "\nCOMMENT ON") < 0 ? length $rest : index($rest, "\nCOMMENT ON")))
		{
			($body, $string) = ($1, 1);
			$body =~ s/''/'/g;
			$header_end = $-[0];
		}
		elsif ($rest =~ /\n\s*(RETURN\b.*?;\s*\n|BEGIN ATOMIC\b.*?\nEND;)/s)
		{
			($body, $string) = ($1, 0);
			$header_end = $-[0];
		}
		else
		{
			next;    # LANGUAGE C: no body
		}
		my $header = substr($rest, 0, $header_end);
		next if $header =~ /\bLANGUAGE\s+'?c'?\b/i;
		my @sealing;
		# (uuid6_sql_edition_version() is no helper: the plain script reads its version from it.)
		if ($name =~ /^(?:\@extschema\@\.)?uuid6_sql_\w+$/ && $name !~ /uuid6_sql_edition_version$/ && $header !~ /^[^(]*\((?:[^()]|\([^()]*\))*\bseal \@extschema\@\.uuid6_sql_seal\)/)
		{
			push @sealing, "a uuid6_sql_ helper whose last parameter is not seal \@extschema\@.uuid6_sql_seal";
		}
		{
			my $calls = $body;
			$calls =~ s/--[^\n]*/ /g;
			$calls =~ s/[EeUu]?'(?:[^']|'')*'/ ' ' /g;    # a signature written in a string is no call
			while ($calls =~ /\@extschema\@\.(uuid6_sql_\w+)\s*(\((?:[^()]++|(?-1))*\))/g)
			{
				my ($callee, $args) = ($1, $2);
				push @sealing, "call of $callee without true::\@extschema\@.uuid6_sql_seal last"
				  unless $args =~ /(?:^\(|,\s*)true::\@extschema\@\.uuid6_sql_seal\)$/;
			}
		}
		if (@sealing)
		{
			my %seen;
			@sealing = grep { !$seen{$_}++ } @sealing;
			$failures += @sealing;
			printf "%s:%d: %s: %s\n", $path, $line, $name, join('; ', @sealing);
		}
		$pinned = $header =~ /\bSET\s+search_path\s*(?:=|TO)\s*'?pg_catalog,\s*pg_temp'?/i;
		next if $pinned;
		my $clean = $body;
		$clean =~ s/--[^\n]*/ /g;
		$clean =~ s{/\*.*?\*/}{ }gs;
		$clean =~ s/[EeUu]?'(?:[^']|'')*'/ ' ' /g;
		$clean =~ s/"(?:[^"]|"")*"/ QUOTED /g;
		$clean =~ s/\@ext(?:schema|owner)\@/ext/g;
		$clean =~ s/\bAS\s+[A-Za-z_][A-Za-z0-9_]*\s*\(/AS (/gi;    # an alias with its columns
		my @bad;
		while ($clean =~ /(?<![.\w\$])([A-Za-z_][A-Za-z0-9_]*)\s*\(/g)
		{
			my $w = lc $1;
			next if $not_calls{$w};
			push @bad, "call of $1 without its schema";
		}
		if ($string)
		{
			my $ops = $clean;
			$ops =~ s/OPERATOR\(pg_catalog\.[^)\s]+\)/ /g;
			$ops =~ s/:=/ /g;       # PL/pgSQL assignment
			$ops =~ s/=>/ /g;       # named argument
			$ops =~ s/::/ /g;       # cast
			$ops =~ s/\(\s*\*\s*\)/()/g;    # count(*)
			$ops =~ s/%(?:ROWTYPE|TYPE)\b/ /gi;
			$ops =~ s/(?<![\w)\]])-(?=\d)/ /g;    # a negative number
			while ($ops =~ /([-+*\/<>=~!@#%^&|`?]+)/g)
			{
				push @bad, "operator $1 not written OPERATOR(pg_catalog.$1)";
			}
			# Constructs that look an operator up by name: IN (...), NULLIF, BETWEEN, LIKE,
			# SIMILAR TO, IS [NOT] DISTINCT FROM, CASE x WHEN.
			while ($ops =~ /\b(IN\s*\(|NULLIF\s*\(|BETWEEN|I?LIKE|SIMILAR|DISTINCT\s+FROM)/gi)
			{
				(my $c = uc $1) =~ s/\s*\($//;
				push @bad, "$c looks an operator up through the caller's path";
			}
			while ($ops =~ /\bCASE\s+(?!WHEN\b)/gi)
			{
				push @bad, "CASE x WHEN looks the operator = up through the caller's path";
			}
		}
		if (@bad)
		{
			my %seen;
			@bad = grep { !$seen{$_}++ } @bad;
			$failures += @bad;
			printf "%s:%d: %s: %s\n", $path, $line, $name, join('; ', @bad);
		}
	}
}
if ($failures)
{
	print "check-bodies.pl: $failures names in bodies could bind what another role planted "
	  . "(qualify calls with their schema, write operators OPERATOR(pg_catalog.x), or pin the function's path: "
	  . "SET search_path = pg_catalog, pg_temp)\n";
	exit 1;
}
print "check-bodies.pl: every body of " . scalar(@ARGV) . " files names its calls' schemas and pg_catalog's operators\n";
