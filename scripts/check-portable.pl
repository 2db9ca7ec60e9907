#!/usr/bin/perl
# check-portable.pl FILE...: the shell scripts a user runs on their own machine (scripts/tle.sh)
# must run with bash 3.2 (a Mac's /bin/bash) and BSD or GNU tools. Reports, with the line, every
# construct that needs bash 4 or later, or an option or regular expression only GNU's tools have;
# and every expansion of an array that can be empty which is not written ${a[@]+"${a[@]}"} (bash
# before 4.4 stops on it under set -u), unless the script lists the array on a line
# "# bash 3.2: arrays never empty: NAME ...". Prints "N problem(s)" and exits 1 if there is one.
use strict;
use warnings;

my @rules = (
	[ qr/\b(mapfile|readarray)\b/, 'mapfile/readarray (bash 4)' ],
	[ qr/\b(declare|local|typeset)\s+-[a-zA-Z]*[AnN]/, 'associative arrays or namerefs (bash 4, 4.3)' ],
	[ qr/\$\{[#!]?[A-Za-z_][A-Za-z_0-9]*(\[[^\]]*\])?(,,?|\^\^?)/, 'case modification ${x,,} ${x^^} (bash 4)' ],
	[ qr/\bcoproc\b/, 'coproc (bash 4)' ],
	[ qr/\|&|&>>/, '|& or &>> (bash 4)' ],
	[ qr/;;&|;&\s*$/, 'case fall-through ;& ;;& (bash 4)' ],
	[ qr/\$\{[A-Za-z_][A-Za-z_0-9]*\[-[0-9]/, 'negative array index (bash 4.3)' ],
	[ qr/\[\[\s+-v\s/, '[[ -v ]] (bash 4.2)' ],
	[ qr/\bwait\s+-n\b/, 'wait -n (bash 4.3)' ],
	[ qr/\b(EPOCHSECONDS|EPOCHREALTIME|BASHPID)\b/, '$EPOCHSECONDS, $EPOCHREALTIME, $BASHPID (bash 4, 5)' ],
	[ qr/\bshopt\s+-s\s+(globstar|lastpipe|autocd|dirspell|checkjobs|direxpand|localvar_\w+)/, 'a shopt bash 3.2 lacks' ],
	[ qr/\{[0-9]+\.\.[0-9]+\.\.[0-9]+\}|\{0[0-9]+\.\.[0-9]+\}/, 'brace ranges with a step or zero padding (bash 4)' ],
	[ qr/\bread\s+(-[a-zA-Z]*\s+)*-[a-zA-Z]*[iN]/, 'read -i / -N (bash 4)' ],
	[ qr/\bfind\b.*\s-(printf|fprintf|regextype|quit|iname\s+\S+\s+-delete)\b/, 'find -printf / -regextype (GNU find)' ],
	[ qr/\bsed\s+(-[a-zA-Z]*\s+)*-[a-zA-Z]*[irz]\b|\bsed\s+--/, 'sed -i / -r / -z / --long (GNU sed)' ],
	[ qr/\bgrep\s+(-[a-zA-Z]*\s+)*-[a-zA-Z]*[Pz]|\bgrep\s+(.*\s)?--(perl|null-data|include|exclude)/, 'grep -P / -z / --include (GNU grep)' ],
	[ qr/\breadlink\s+-[a-zA-Z]*[fem]/, 'readlink -f (GNU)' ],
	[ qr/\brealpath\b/, 'realpath (not on older macOS)' ],
	[ qr/\bstat\s+(-[a-zA-Z]*\s+)*-[a-zA-Z]*c|\bstat\s+--/, 'stat -c (GNU)' ],
	[ qr/\bdate\s+(.*\s)?-d\s|\bdate\s+--/, 'date -d (GNU)' ],
	[ qr/\bxargs\s+(-[a-zA-Z]*\s+)*-[a-zA-Z]*r/, 'xargs -r (GNU)' ],
	[ qr/\bsort\s+(-[a-zA-Z]*\s+)*-[a-zA-Z]*V/, 'sort -V (GNU)' ],
	[ qr/\b(head|tail)\s+-n\s*-[0-9]/, 'head/tail with a negative count (GNU)' ],
	[ qr/\bmktemp\s+(-[a-zA-Z]*\s+)*(-[a-zA-Z]*p|--)/, 'mktemp -p / --long (GNU)' ],
	[ qr/\b(tac|timeout|nproc|base64\s+-w)\b/, 'tac, timeout, nproc, base64 -w (GNU coreutils)' ],
	[ qr/\becho\s+-e\b/, 'echo -e (use printf)' ],
	[ qr/\b(cp|mv|rm|ls|cat|head|tail|sort|paste|tr|wc|cut|uniq|mkdir|tar|diff|cmp)\s+(.*\s)?--[a-z]/,
		'a long option of a coreutils tool (GNU)' ],
);
# GNU regular expression escapes in grep and sed patterns (not in perl, which has them).
my $gnu_regex = qr/\\[bBwWsS<>]|\\[+?|]/;

my $problems = 0;
for my $file (@ARGV)
{
	open my $fh, '<', $file or die "$file: $!\n";
	my @lines = <$fh>;
	close $fh;
	my %never_empty;
	for (@lines)
	{
		$never_empty{$_} = 1 for /^#\s*bash 3\.2: arrays never empty:\s*(.*)$/ ? split(' ', $1) : ();
	}
	my $heredoc;
	for my $i (0 .. $#lines)
	{
		my $line = $lines[$i];
		chomp $line;
		# Inside a here-document: text, not shell (its ${...} still expand).
		if (defined $heredoc)
		{
			$heredoc = undef if $line =~ /^\t*\Q$heredoc\E$/;
			next unless $line =~ /\$\{/;
		}
		elsif ($line =~ /<<-?\s*(['"]?)([A-Za-z_]+)\1/)
		{
			$heredoc = $2;
		}
		next if $line =~ /^\s*#/;
		(my $code = $line) =~ s/\s#\s.*$//;
		my @found;
		for my $rule (@rules)
		{
			push @found, $rule->[1] if $code =~ $rule->[0];
		}
		if ($code =~ /\b(grep|sed)\b/ && $code !~ /\bperl\b/)
		{
			# The quoted patterns on the line.
			for my $pattern ($code =~ /'([^']*)'/g, $code =~ /"((?:[^"\\]|\\.)*)"/g)
			{
				if ($pattern =~ $gnu_regex) { push @found, 'a GNU regular expression escape (\\b \\w \\s \\< \\+ \\? \\|) in grep or sed'; last; }
			}
		}
		# Array expansions: ${a[@]+...} guards the next ${a[@]} of the same array.
		my %guarded;
		while ($code =~ /\$\{([A-Za-z_][A-Za-z_0-9]*)\[[@*]\](:?[-+]|\})/g)
		{
			my ($name, $after) = ($1, $2);
			if ($after ne '}') { $guarded{$name}++; next; }
			if ($guarded{$name}) { $guarded{$name}--; next; }
			push @found, "\${$name\[\@\]} of an array that can be empty: write \${$name\[\@\]+\"\${$name\[\@\]}\"} "
			  . "(or list it on '# bash 3.2: arrays never empty:')"
			  unless $never_empty{$name};
		}
		for (@found)
		{
			print "$file:", $i + 1, ": $_\n    $line\n";
			$problems++;
		}
	}
}
print $problems ? "$problems problem(s)\n" : "portable: bash 3.2 and BSD tools\n";
exit($problems ? 1 : 0);
