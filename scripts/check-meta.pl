#!/usr/bin/perl
# check-meta.pl [DIR]: checks DIR/META.json (default: the tree this script
# is in) against the PGXN Meta Spec 1.0.0 -- required keys, no keys outside
# the spec (custom keys start with x_), the type and form of every value, and
# (this project's rule) a repository and a bugtracker among the resources --
# and against the distribution in DIR: every file it names exists, and its
# versions are the control file's default_version. Prints each problem and
# exits 1 if there is one.
use strict;
use warnings;
use File::Basename qw(dirname);
use JSON::PP;

my $dir = $ARGV[0] // dirname(__FILE__) . '/..';
my @problems;
sub problem { push @problems, join('', @_); }

my $text = do { local (@ARGV, $/) = ("$dir/META.json"); <> }
  // die "cannot read $dir/META.json\n";
my $meta = eval { JSON::PP->new->decode($text) };
if (!$meta || ref $meta ne 'HASH') { print "META.json is not a JSON object: $@"; exit 1; }

# Forms of values the spec names.
my $semver = qr/^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;
my $range_part = qr/(?:(?:[=!]=|[<>]=?)\s*)?(?:\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?|0)/;
my %licenses = map { $_ => 1 } qw(agpl_3 apache_1_1 apache_2_0 artistic_1 artistic_2 bsd freebsd
  gfdl_1_2 gfdl_1_3 gpl_1 gpl_2 gpl_3 lgpl_2_1 lgpl_3_0 mit mozilla_1_0 mozilla_1_1 openssl perl_5
  postgresql qpl_1_0 ssleay sun zlib open_source restricted unrestricted unknown);
my $custom = qr/^[xX]_./;

sub string { my ($v) = @_; return defined $v && !ref $v && length $v; }
sub uri { my ($v) = @_; return string($v) && $v =~ m{^[a-zA-Z][a-zA-Z0-9+.-]*:\S+$}; }
sub term { my ($v) = @_; return string($v) && $v =~ m{^[^/\\\s[:cntrl:]]{2,}$}; }

# An object whose keys are all in ALLOWED (or custom), with REQUIRED present.
sub keys_of
{
	my ($where, $v, $allowed, $required) = @_;
	if (ref $v ne 'HASH') { problem("$where must be an object"); return 0; }
	my %allowed = map { $_ => 1 } @$allowed;
	for my $key (sort keys %$v)
	{
		problem("$where has the key \"$key\", which is not in the spec") unless $allowed{$key} || $key =~ $custom;
	}
	for my $key (@$required) { problem("$where lacks the required key \"$key\"") unless exists $v->{$key}; }
	return 1;
}

keys_of('META.json', $meta,
	[qw(name version abstract maintainer license provides meta-spec description generated_by tags
	  no_index prereqs release_status resources)],
	[qw(name version abstract maintainer license provides meta-spec)]);

problem('name must be a term (2+ characters, no slash, backslash, space)') unless term($meta->{name});
problem('version must be a semantic version') unless string($meta->{version}) && $meta->{version} =~ $semver;
for my $key (qw(abstract description generated_by))
{
	problem("$key must be a non-empty string") if exists $meta->{$key} && !string($meta->{$key});
}

my $maintainer = $meta->{maintainer};
problem('maintainer must be a non-empty string or list of them')
  unless string($maintainer)
  || (ref $maintainer eq 'ARRAY' && @$maintainer && !grep { !string($_) } @$maintainer);

my $license = $meta->{license};
if (ref $license eq 'HASH')
{
	problem('license object must name at least one license') unless %$license;
	problem("license \"$_\" must point at a URI") for grep { !uri($license->{$_}) } sort keys %$license;
}
else
{
	my @names = ref $license eq 'ARRAY' ? @$license : ($license);
	problem('license list must not be empty') unless @names;
	problem('license "' . ($_ // 'null') . '" is not one the spec names') for grep { !string($_) || !$licenses{$_} } @names;
}

if (keys_of('meta-spec', $meta->{'meta-spec'} // {}, [qw(version url)], ['version']))
{
	my $spec = $meta->{'meta-spec'} // {};
	problem('meta-spec version must be 1.0.x') unless string($spec->{version}) && $spec->{version} =~ /^1\.0\.\d+$/;
	problem('meta-spec url must be https://pgxn.org/meta/spec.txt')
	  if exists $spec->{url} && ($spec->{url} // '') !~ m{^https?://pgxn\.org/meta/spec\.txt$};
}

my $provides = $meta->{provides};
if (ref $provides ne 'HASH' || !%$provides) { problem('provides must be an object naming at least one extension'); }
else
{
	for my $name (sort keys %$provides)
	{
		problem("provides: \"$name\" is not a term") unless term($name);
		my $ext = $provides->{$name};
		keys_of("provides.$name", $ext, [qw(file version abstract docfile)], [qw(file version)]) or next;
		problem("provides.$name.version must be a semantic version")
		  unless string($ext->{version}) && $ext->{version} =~ $semver;
		problem("provides.$name.abstract must be a non-empty string") if exists $ext->{abstract} && !string($ext->{abstract});
		for my $key (qw(file docfile))
		{
			next unless exists $ext->{$key};
			if (!string($ext->{$key}) || $ext->{$key} =~ m{^/|\\}) { problem("provides.$name.$key must be a relative unix path"); }
			elsif (!-f "$dir/$ext->{$key}") { problem("provides.$name.$key: $ext->{$key} is not in the distribution"); }
		}
	}
}

if (exists $meta->{tags})
{
	my $tags = $meta->{tags};
	problem('tags must be a non-empty list')
	  unless ref $tags eq 'ARRAY' && @$tags;
	problem("tag \"" . ($_ // 'null') . '" must be 2 to 255 characters without slash, backslash or control characters')
	  for grep { !string($_) || length $_ > 255 || $_ !~ m{^[^/\\[:cntrl:]]{2,}$} } @{ ref $tags eq 'ARRAY' ? $tags : [] };
}

if (exists $meta->{no_index} && keys_of('no_index', $meta->{no_index}, [qw(file directory)], []))
{
	for my $key (grep { exists $meta->{no_index}{$_} } qw(file directory))
	{
		my $list = $meta->{no_index}{$key};
		problem("no_index.$key must be a non-empty list of paths")
		  unless ref $list eq 'ARRAY' && @$list && !grep { !string($_) } @$list;
	}
}

if (exists $meta->{prereqs})
{
	my $phases = $meta->{prereqs};
	if (keys_of('prereqs', $phases, [qw(configure build test runtime develop)], []))
	{
		problem('prereqs must name a phase') unless %$phases;
		for my $phase (grep { !/$custom/ } sort keys %$phases)
		{
			my $relations = $phases->{$phase};
			keys_of("prereqs.$phase", $relations, [qw(requires recommends suggests conflicts)], []) or next;
			problem("prereqs.$phase must name a relationship") unless %$relations;
			for my $relation (grep { !/$custom/ } sort keys %$relations)
			{
				my $set = $relations->{$relation};
				if (ref $set ne 'HASH') { problem("prereqs.$phase.$relation must be an object"); next; }
				for my $prereq (sort keys %$set)
				{
					my $range = $set->{$prereq};
					problem("prereqs.$phase.$relation.$prereq must be a version range")
					  unless defined $range && !ref $range
					  && ($range eq '0' || $range =~ /^$range_part(?:\s*,\s*$range_part)*$/);
				}
			}
		}
	}
}

if (exists $meta->{release_status})
{
	problem('release_status must be stable, testing or unstable')
	  unless string($meta->{release_status}) && $meta->{release_status} =~ /^(stable|testing|unstable)$/;
}

if (exists $meta->{resources} && keys_of('resources', $meta->{resources}, [qw(homepage bugtracker repository)], []))
{
	my $resources = $meta->{resources};
	problem('resources must name a resource') unless %$resources;
	problem('resources.homepage must be a URI') if exists $resources->{homepage} && !uri($resources->{homepage});
	if (exists $resources->{bugtracker} && keys_of('resources.bugtracker', $resources->{bugtracker}, [qw(web mailto)], []))
	{
		problem('resources.bugtracker.web must be a URI')
		  if exists $resources->{bugtracker}{web} && !uri($resources->{bugtracker}{web});
		problem('resources.bugtracker.mailto must be an address')
		  if exists $resources->{bugtracker}{mailto} && ($resources->{bugtracker}{mailto} // '') !~ /^\S+@\S+$/;
	}
	if (exists $resources->{repository} && keys_of('resources.repository', $resources->{repository}, [qw(url web type)], []))
	{
		my $repository = $resources->{repository};
		problem("resources.repository.$_ must be a URI") for grep { exists $repository->{$_} && !uri($repository->{$_}) } qw(url web);
		problem('resources.repository.type must be a lower-case word')
		  if exists $repository->{type} && ($repository->{type} // '') !~ /^[a-z]+$/;
	}
}

# The project's own rule: a user finds where the code lives and where to report a bug.
problem('resources must name a repository (resources.repository.url or .web)')
  unless ref $meta->{resources} eq 'HASH' && ref $meta->{resources}{repository} eq 'HASH'
  && grep { exists $meta->{resources}{repository}{$_} } qw(url web);
problem('resources must name a bugtracker (resources.bugtracker.web or .mailto)')
  unless ref $meta->{resources} eq 'HASH' && ref $meta->{resources}{bugtracker} eq 'HASH'
  && grep { exists $meta->{resources}{bugtracker}{$_} } qw(web mailto);

# The distribution itself: one version number, the control file's.
my ($control) = glob("$dir/*.control");
if (!$control) { problem('no control file in the distribution'); }
else
{
	my ($extension) = $control =~ m{([^/]+)\.control$};
	my ($default) = do { local (@ARGV, $/) = ($control); <> } =~ /^default_version\s*=\s*'([^']*)'/m;
	my $expected = ($default // '') =~ /^\d+\.\d+$/ ? "$default.0" : ($default // '');
	problem("version $meta->{version} is not the control file's default_version ($expected)")
	  unless string($meta->{version}) && $meta->{version} eq $expected;
	my $provided = ref $provides eq 'HASH' ? $provides->{$extension} : undef;
	if (ref $provided ne 'HASH') { problem("provides does not name the extension $extension"); }
	elsif (($provided->{version} // '') ne $expected)
	{
		problem("provides.$extension.version is not the control file's default_version ($expected)");
	}
}

print "$_\n" for @problems;
print @problems ? scalar(@problems) . " problem(s) in $dir/META.json\n" : "META.json follows PGXN Meta Spec 1.0.0\n";
exit(@problems ? 1 : 0);
