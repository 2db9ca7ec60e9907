#!/usr/bin/env bash
# test/portability/run.sh: scripts/tle.sh, which users run on their own machines (`make tle`),
# runs with bash 3.2 and BSD tools:
#   - scripts/check-portable.pl finds no bash 4 construct, GNU-only option or escape, nor an
#     unguarded expansion of an array that can be empty;
#   - run with test/portability/bsd-tool in front of find, sed, grep, ... (GNU-only options, long
#     options and options after operands refused) and without mapfile/readarray, it builds the
#     same bytes as without them, and no call was refused on the way;
#   - both checks fail on the 1.4 release's tle.sh (4328dba), where the clone has it.
# Prints "ok - tle: ..." / "not ok - tle: ..." lines (scripts/release-zip-test.sh runs it).
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
n=0
failed=0
result() {  # result OK|FAIL DESCRIPTION [LOG]
  n=$((n + 1))
  if [ "$1" = OK ]; then echo "ok - tle: $2"; else
    failed=$((failed + 1))
    echo "not ok - tle: $2"
    [ -n "${3:-}" ] && [ -f "$3" ] && tail -n 25 "$3" | sed 's/^#*/#   /'
  fi
  return 0
}

mkdir -p "$W/bin"
for t in find sed grep readlink stat date xargs sort head tail mktemp paste cut tr wc cat cp mv rm \
  mkdir tar diff cmp uniq; do
  ln -s "$HERE/bsd-tool" "$W/bin/$t"
done
# bsd_run LOG TREE OUT [ENV...]: TREE's scripts/tle.sh into OUT under the BSD tools, without
# bash 4's mapfile and readarray. Fails if the build fails or any call was refused.
bsd_run() {
  local log=$1 tree=$2 out=$3
  shift 3
  : >"$W/refused"
  env "$@" PATH="$W/bin:$PATH" BSD_TOOL_LOG="$W/refused" bash -c '
    mapfile() { echo "mapfile: not in bash 3.2" >&2; echo mapfile >>"$BSD_TOOL_LOG"; return 97; }
    readarray() { mapfile; }
    export -f mapfile readarray
    bash "$1/scripts/tle.sh" "$2"' _ "$tree" "$out" >"$log" 2>&1
  local rc=$?
  if [ -s "$W/refused" ]; then { echo "refused:"; cat "$W/refused"; } >>"$log"; return 1; fi
  return $rc
}

if perl "$ROOT/scripts/check-portable.pl" "$ROOT/scripts/tle.sh" >"$W/static.log" 2>&1; then
  result OK "scripts/tle.sh has no bash 4 construct or GNU-only tool option (scripts/check-portable.pl)"
else
  result FAIL "scripts/tle.sh has no bash 4 construct or GNU-only tool option (scripts/check-portable.pl)" "$W/static.log"
fi

if bash "$ROOT/scripts/tle.sh" "$W/gnu" >"$W/gnu.log" 2>&1; then
  if bsd_run "$W/bsd.log" "$ROOT" "$W/bsd"; then
    if diff -r "$W/gnu" "$W/bsd" >"$W/diff.log" 2>&1; then
      result OK "make tle under BSD tools and without bash 4 builtins builds the same bytes"
    else
      result FAIL "make tle under BSD tools and without bash 4 builtins builds the same bytes" "$W/diff.log"
    fi
  else
    result FAIL "make tle runs under BSD tools and without bash 4 builtins" "$W/bsd.log"
  fi
else
  result FAIL "make tle" "$W/gnu.log"
fi

# The checks fail where they must: on the 1.4 release's tle.sh (mapfile, find -printf).
if git -C "$ROOT" rev-parse -q --verify '4328dba^{commit}' >/dev/null 2>&1; then
  mkdir -p "$W/old"
  git -C "$ROOT" archive 4328dba scripts sql/edition uuid6.control | tar -x -C "$W/old"
  if perl "$ROOT/scripts/check-portable.pl" "$W/old/scripts/tle.sh" >"$W/old-static.log" 2>&1; then
    result FAIL "scripts/check-portable.pl rejects the 1.4 release's tle.sh" "$W/old-static.log"
  else
    result OK "scripts/check-portable.pl rejects the 1.4 release's tle.sh ($(grep -c '^[^ ].*: ' "$W/old-static.log") findings)"
  fi
  if bsd_run "$W/old.log" "$W/old" "$W/old-out" TLE_RELEASES=; then
    result FAIL "the 1.4 release's tle.sh fails under BSD tools and without bash 4 builtins" "$W/old.log"
  else
    result OK "the 1.4 release's tle.sh fails under BSD tools and without bash 4 builtins"
  fi
else
  echo "# the clone lacks 4328dba: the checks were not tried on the 1.4 release's tle.sh"
fi
echo "$((n - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
