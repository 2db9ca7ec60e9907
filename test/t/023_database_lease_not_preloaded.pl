# The moves of 022_database_lease.pl (every way a database moves to another
# server keeps its new keys above every key it holds), on servers that do not
# preload uuid6: the same file, run with UUID6_MOVE_PRELOAD=0, in a process of
# its own so that it runs beside the preloaded half. The modules are loaded
# here, at compile time, so that PostgreSQL::Test::Utils sets up this file's
# log as for any other.
use strict;
use warnings;
use FindBin;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Uuid6Test;

$ENV{UUID6_MOVE_PRELOAD} = '0';
$ENV{UUID6_MOVE_SESSION} = '0';
my $file = "$FindBin::Bin/022_database_lease.pl";
-f $file or die "$file is missing";
do $file;
die "$file: $@" if $@;
