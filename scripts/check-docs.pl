#!/usr/bin/env perl
# scripts/check-docs.pl [--functions FILE] [ROOT] — the documentation's shape,
# without a server (scripts/test.sh runs it in its docs suite):
#
#   length      README.md is the front door: at most 500 lines
#   links       every relative link and image of README.md, CHANGELOG.md and
#               docs/*.md names a file that exists, and every #anchor a
#               heading of the file it points into (GitHub's anchors)
#   reach       every page of docs/ is reached from README.md by links
#   opening     every page of docs/ opens with its title and a paragraph of at
#               most two lines saying what it covers
#   paragraphs  no paragraph (or list item) of prose over 120 words
#   reference   with --functions FILE (lines "name|arg types|v|s|p" of the
#               installed C library, from pg_proc: volatility i/s/v, strict
#               t/f, parallel s/r/u): docs/reference.md has a row for every
#               function, marked as it is declared, and none that is gone
#   users       the pages of docs/ but development.md speak of the user's task, not of
#               how uuid6 is tested: no TAP file, runner or suite of the project named
#   ranges      no example bounds a range of keys by an instant ahead of now()
#               (`uuid_v7_floor(now() + ...)`): keys since t need only their floor
#   messages    every message uuid6 raises — errmsg() in src/, RAISE EXCEPTION
#               and RAISE WARNING in the install and update scripts (sql/uuid6--*.sql),
#               the SQL edition (sql/edition/) and its installers (scripts/tle*) —
#               appears in docs/troubleshooting.md, a placeholder (%s, %, $name)
#               standing for any text, so that a user who searches for the message
#               finds its cause and fix
#
# Prints "ok - ..." / "not ok - ..." per check and ends with
# "N passed, N failed"; exits non-zero on a failure.
use strict;
use warnings;
use utf8;
use File::Basename qw(dirname);
use File::Spec;
use Cwd qw(abs_path);

binmode STDOUT, ':encoding(UTF-8)';
my $functions_file;
if (@ARGV && $ARGV[0] eq '--functions') { shift @ARGV; $functions_file = shift @ARGV; }
my $root = abs_path($ARGV[0] // dirname(abs_path($0)) . '/..');
chdir $root or die "$root: $!";

my $MAX_README_LINES = 500;
my $MAX_WORDS = 120;
my ($passed, $failed) = (0, 0);
sub check {
	my ($name, @problems) = @_;
	if (@problems) {
		$failed++;
		print "not ok - $name\n";
		print "#   $_\n" for @problems[0 .. ($#problems < 39 ? $#problems : 39)];
		print "#   ... and " . (@problems - 40) . " more\n" if @problems > 40;
	} else {
		$passed++;
		print "ok - $name\n";
	}
}

sub slurp {
	my ($file) = @_;
	open my $fh, '<:encoding(UTF-8)', $file or die "$file: $!";
	local $/;
	my $text = <$fh>;
	return $text;
}

my @docs = sort glob('docs/*.md');
my @pages = grep { -f } ('README.md', 'CHANGELOG.md', @docs);

# The lines of a page outside fenced code blocks, each as [number, text].
sub prose_lines {
	my ($file) = @_;
	my (@out, $fence);
	my $n = 0;
	for my $line (split /\n/, slurp($file), -1) {
		$n++;
		if ($line =~ /^\s*(```+|~~~+)/) {
			my $mark = $1;
			if (!defined $fence) { $fence = $mark; next; }
			if (substr($mark, 0, 1) eq substr($fence, 0, 1) && length($mark) >= length($fence)) { undef $fence; next; }
		}
		push @out, [ $n, $line ] unless defined $fence;
	}
	return @out;
}

# GitHub's anchor for a heading: the rendered text in lower case, without
# punctuation but for hyphens and underscores, spaces made hyphens; repeats
# get -1, -2, ...
sub anchors_of {
	my ($file) = @_;
	my (%seen, %anchors);
	for my $l (prose_lines($file)) {
		next unless $l->[1] =~ /^#{1,6}\s+(.*?)\s*#*\s*$/;
		my $text = $1;
		$text =~ s/!?\[([^\]]*)\]\([^)]*\)/$1/g;    # links and images: their text
		$text =~ s/<[^>]+>//g;                        # inline HTML
		$text =~ s/[`*]//g;
		my $slug = lc $text;
		$slug =~ s/[^\p{L}\p{M}\p{N}\p{Pc} \-]//g;
		$slug =~ s/ /-/g;
		my $unique = $seen{$slug}++ ? "$slug-" . ($seen{$slug} - 1) : $slug;
		$anchors{$unique} = 1;
	}
	return \%anchors;
}

# Relative links of a page: [line, target] for every [text](target) and
# ![alt](target) outside code, targets with a scheme left out.
sub links_of {
	my ($file) = @_;
	my @links;
	for my $l (prose_lines($file)) {
		my $text = $l->[1];
		$text =~ s/`[^`]*`//g;    # code spans
		while ($text =~ /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g) {
			my $target = $1;
			next if $target =~ m{^[a-z][a-z0-9+.-]*:}i;    # http:, https:, mailto:
			push @links, [ $l->[0], $target ];
		}
	}
	return @links;
}

# --- length ------------------------------------------------------------------
{
	my $lines = () = slurp('README.md') =~ /\n/g;
	check("README.md is at most $MAX_README_LINES lines ($lines)",
		$lines > $MAX_README_LINES ? ("README.md has $lines lines: move detail into docs/ (one topic a page) and link it") : ());
}

# --- links and anchors -------------------------------------------------------
my %anchor_cache;
my %links_from;    # page -> pages it links to
{
	my @problems;
	my $count = 0;
	for my $page (@pages) {
		for my $link (links_of($page)) {
			my ($line, $target) = @$link;
			$count++;
			my ($path, $fragment) = $target =~ /^([^#]*)(?:#(.*))?$/;
			my $resolved = $path eq '' ? $page : File::Spec->abs2rel(
				File::Spec->rel2abs($path, dirname(File::Spec->rel2abs($page))), $root);
			if ($path ne '' && !-e $resolved) {
				push @problems, "$page:$line: $target: no such file ($resolved)";
				next;
			}
			$links_from{$page}{$resolved} = 1 if $resolved =~ /\.md$/;
			next unless defined $fragment;
			if ($resolved !~ /\.md$/ || !-f $resolved) {
				push @problems, "$page:$line: $target: an anchor into a file that is not a Markdown page";
				next;
			}
			$anchor_cache{$resolved} //= anchors_of($resolved);
			push @problems, "$page:$line: $target: no heading of $resolved has the anchor #$fragment"
				unless $anchor_cache{$resolved}{$fragment};
		}
	}
	check("every relative link and #anchor resolves ($count links in " . scalar(@pages) . " pages)", @problems);
}

# --- every page of docs/ reached from the README ------------------------------
{
	my %reached = ('README.md' => 1);
	my @queue = ('README.md');
	while (defined(my $page = shift @queue)) {
		for my $next (sort keys %{ $links_from{$page} // {} }) {
			next if $reached{$next}++;
			push @queue, $next;
		}
	}
	check('every page of docs/ is reached from README.md (' . scalar(@docs) . ' pages)',
		map { "$_ is not linked from README.md or any page it reaches" } grep { !$reached{$_} } @docs);
}

# --- each page opens with what it covers --------------------------------------
{
	my @problems;
	for my $page (@docs) {
		my @lines = split /\n/, slurp($page);
		if (($lines[0] // '') !~ /^# \S/) { push @problems, "$page: the first line is not its title (# ...)"; next; }
		if (($lines[1] // 'x') ne '') { push @problems, "$page: no blank line after the title"; next; }
		my $n = 0;
		$n++ while defined $lines[ 2 + $n ] && $lines[ 2 + $n ] ne '';
		push @problems, "$page: the opening paragraph (what the page covers) is $n lines; it must be 1 or 2"
			if $n < 1 || $n > 2 || $lines[2] =~ /^(#|\||```|- |\* )/;
	}
	check('every page of docs/ opens with its title and at most two lines on what it covers', @problems);
}

# --- paragraphs ----------------------------------------------------------------
{
	my @problems;
	my $count = 0;
	for my $page (@pages) {
		my ($start, $words, $first) = (0, 0, '');
		my $close = sub {
			if ($words > $MAX_WORDS) {
				push @problems, "$page:$start: a paragraph of $words words (at most $MAX_WORDS): \"$first ...\"";
			}
			$count++ if $words;
			($start, $words) = (0, 0);
		};
		for my $l (prose_lines($page), [ 0, '' ]) {
			my ($n, $text) = @$l;
			if ($text =~ /^\s*$/ || $text =~ /^\s*(#|\||<!--)/) { $close->(); next; }
			# A list item starts a paragraph of its own; its indented lines continue it.
			$close->() if $text =~ /^\s*([-*+]|\d+[.)])\s+/;
			if (!$words) { $start = $n; ($first = $text) =~ s/^\s+//; $first = substr($first, 0, 50); }
			$words += grep { /[\p{L}\p{N}]/ } split /\s+/, $text;
		}
	}
	check("no paragraph over $MAX_WORDS words ($count paragraphs)", @problems);
}

# --- the SQL reference against the installed functions -------------------------
if (defined $functions_file) {
	my @problems;
	my %short = ('timestamp with time zone' => 'timestamptz', 'timestamp without time zone' => 'timestamp');
	my %volatility = (i => 'IMMUTABLE', s => 'STABLE', v => 'VOLATILE');
	my %parallel = (s => 'PARALLEL SAFE', r => 'PARALLEL RESTRICTED', u => 'PARALLEL UNSAFE');
	my %want;
	open my $fh, '<', $functions_file or die "$functions_file: $!";
	while (<$fh>) {
		chomp;
		next unless /\S/;
		my ($name, $args, $v, $s, $p) = split /\|/, $_, -1;
		my $sig = "$name(" . join(',', map { $short{$_} // $_ } grep { length } split /,/, $args) . ')';
		$want{$sig} = join(' ', $volatility{$v}, ($s eq 't' ? 'STRICT' : ()), $parallel{$p});
	}
	close $fh;
	my %rows;
	my $reference = 'docs/reference.md';
	if (!-f $reference) {
		push @problems, "$reference is missing: it must list every function of the extension";
	} else {
		for my $l (prose_lines($reference)) {
			# | `name(arg type, ...)` | returns | marked | ...
			next unless $l->[1] =~ /^\|\s*`([a-z_0-9]+)\(([^`]*)\)`\s*\|[^|]*\|\s*([^|]*?)\s*\|/;
			my ($name, $args, $marked) = ($1, $2, $3);
			my @types;
			for my $arg (split /,/, $args) {
				$arg =~ s/\s+DEFAULT\s+.*$//i;
				$arg =~ s/^\s+|\s+$//g;
				my @words = split /\s+/, $arg;
				push @types, $words[-1] if @words;
			}
			$marked =~ s/`//g;
			$rows{"$name(" . join(',', @types) . ')'} = [ $l->[0], $marked ];
		}
		for my $sig (sort keys %want) {
			if (!$rows{$sig}) {
				push @problems, "$sig has no row in $reference (add one to the table of its family)";
			} elsif ($rows{$sig}[1] ne $want{$sig}) {
				push @problems, "$reference:$rows{$sig}[0]: $sig is marked \"$rows{$sig}[1]\", declared \"$want{$sig}\"";
			}
		}
		push @problems, map { "$reference:$rows{$_}[0]: $_ is not a function of the installed extension" }
			grep { !$want{$_} } sort keys %rows;
	}
	check('docs/reference.md lists every function of the extension as declared (' . scalar(keys %want) . ' functions)', @problems);
}

# --- user pages do not describe how uuid6 is tested --------------------------------
{
	my @problems;
	my $testing = qr{test/t/|test/edition/run\.sh|test/traps/|test/docs/|release-test\.sh|\bdocs suite\b|\bthe test suite\b|naming its test};
	for my $page (grep { $_ ne 'docs/development.md' } @docs) {
		for my $l (prose_lines($page)) {
			push @problems, "$page:$l->[0]: \"$1\": how uuid6 is tested belongs in docs/development.md"
				if $l->[1] =~ /($testing)/;
		}
	}
	check('the pages of docs/ but development.md do not describe how uuid6 is tested', @problems);
}

# --- no range of keys bounded by an instant ahead of now() ---------------------------
{
	my @problems;
	for my $page (grep { -f } ('README.md', @docs)) {
		my $n = 0;
		for my $line (split /\n/, slurp($page)) {
			$n++;
			push @problems, "$page:$n: a range of keys bounded by an instant ahead of now(): keys made since t need only id >= uuid_v7_floor(t)"
				if $line =~ /uuid_v[678]_floor\(\s*now\(\)\s*\+/;
		}
	}
	check('no example bounds a range of keys by an instant ahead of now()', @problems);
}

# --- every message uuid6 raises is in docs/troubleshooting.md --------------------
# The messages of the sources: [file:line, text with placeholders as \0].
sub c_literals {    # the text of C string literals, adjacent ones joined
	my ($code) = @_;
	my $text = '';
	while ($code =~ /"((?:[^"\\]|\\.)*)"/g) {
		my $part = $1;
		$part =~ s/\\(["\\'])/$1/g;
		$part =~ s/\\n/ /g;
		$text .= $part;
	}
	$text =~ s/%%/\x01/g;
	$text =~ s/%[-+ #0-9.*]*(?:hh|h|ll|l|z|j|t)?[a-zA-Z]/\0/g;
	$text =~ s/\x01/%/g;
	return $text;
}
sub source_messages {
	my @messages;
	for my $file (sort glob('src/pg/*.cpp src/pg/*.hpp src/pg/*.c')) {
		my $code = slurp($file);
		while ($code =~ /\b(?:GUC_check_)?errmsg\(/g) {
			my $at = pos($code);
			my $line = 1 + (() = substr($code, 0, $at) =~ /\n/g);
			# The first argument: up to the first comma or closing parenthesis outside
			# strings and nested parentheses.
			my ($depth, $i, $in_string) = (0, $at, 0);
			for (; $i < length $code; $i++) {
				my $c = substr($code, $i, 1);
				if ($in_string) { $i++ if $c eq '\\'; $in_string = 0 if $c eq '"'; next; }
				if ($c eq '"') { $in_string = 1; next; }
				if ($c eq '(') { $depth++; next; }
				if ($c eq ')') { last if $depth == 0; $depth--; next; }
				last if $c eq ',' && $depth == 0;
			}
			my $first = substr($code, $at, $i - $at);
			next unless $first =~ /"/;
			# A choice (cond ? "a" : "b") gives one message per branch.
			my @branches = $first =~ /\?/ ? split(/(?<=")\s*:\s*(?=")|\?\s*(?=")/, $first) : ($first);
			for my $branch (@branches) {
				my $text = c_literals($branch);
				push @messages, [ "$file:$line", $text ] if $text =~ /\S/ && $text ne "\0";
			}
		}
	}
	for my $file (sort(glob('sql/uuid6--*.sql'), glob('sql/edition/*.sql'), glob('scripts/tle*'))) {
		my $code = slurp($file);
		while ($code =~ /RAISE\s+(?:(EXCEPTION|WARNING)\s+)?'((?:[^']|'')*)'/g) {
			my $text = $2;
			my $line = 1 + (() = substr($code, 0, pos($code)) =~ /\n/g);
			$text =~ s/''/'/g;
			$text =~ s/\$\{?\w+\}?|%%?/\0/g;    # RAISE's %, and the installers' shell and Perl variables
			push @messages, [ "$file:$line", $text ];
		}
	}
	return @messages;
}
{
	my $page = 'docs/troubleshooting.md';
	my @problems;
	my @messages = source_messages();
	my %seen;
	@messages = grep { !$seen{ $_->[1] }++ } @messages;
	if (!-f $page) {
		push @problems, "$page is missing: it must hold every message uuid6 raises";
	} else {
		my $doc = join "\n", map { $_->[1] } prose_lines($page);
		$doc =~ s/\\([|*_\\])/$1/g;
		$doc =~ s/[`*]//g;    # code spans and the italics of the parts that vary
		for my $m (@messages) {
			my $pattern = join '.*?', map { my $p = quotemeta $_; $p =~ s/\\ /\\s+/g; $p } split /\0/, $m->[1], -1;
			next if $doc =~ /$pattern/;
			(my $shown = $m->[1]) =~ s/\0/…/g;
			push @problems, "$m->[0]: \"$shown\" is not in $page: add it (a heading or a table row) with its cause and fix";
		}
	}
	check("every message uuid6 raises is in $page (" . scalar(@messages) . ' messages)', @problems);
}

print "$passed passed, $failed failed\n";
exit($failed ? 1 : 0);
