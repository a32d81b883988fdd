#!/usr/bin/env bash
# `grader mutate`'s command line (docs/mutate.md): a --file that is no
# exercise's, or a file of a lesson not named, is a usage error (exit 2)
# before anything is graded; --operator and --file take one value each, so a
# lesson written after them is a lesson.
#   mutate_cli_test.sh GRADER_EXE
set -uo pipefail
grader=${1:?the grader}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
failures=0
fail() { echo "FAIL: $*"; sed 's/^/  | /' "$out"; failures=$((failures + 1)); }

expect_usage_error() {  # WHAT-THE-MESSAGE-SAYS ARGS...
  local says=$1
  shift
  "$grader" --jobs 1 mutate "$@" >"$out" 2>&1
  local rc=$?
  ((rc == 2)) || fail "mutate $* exited $rc, expected 2 (a usage error)"
  grep -qF -- "$says" "$out" || fail "mutate $* does not say '$says'"
}
expect_usage_error "no exercise file named 'positional-encoding/nope.cpp'" --file positional-encoding/nope.cpp
expect_usage_error "is a file of lesson positional-encoding, which is not among the lessons named" \
  attention --file positional-encoding/positional_encoding.cpp
expect_usage_error "no operator named 'positional-encoding'" --operator positional-encoding

# A lesson after --operator: one lesson's row, one mutant graded.
"$grader" --jobs 1 mutate --operator relational positional-encoding --max 1 >"$out" 2>/dev/null
rc=$?
((rc == 0)) || fail "mutate --operator relational positional-encoding --max 1 exited $rc"
rows=$(grep -cE '^[a-z][a-z-]+ +[0-9]+ +[0-9]+ ' "$out")
[[ $rows == 1 ]] || fail "expected the one lesson's row, got $rows rows"
grep -qE '^positional-encoding +[0-9]+ +1 ' "$out" || fail "positional-encoding's row does not say 1 mutant run"

((failures == 0)) && echo "mutate's command line: usage errors and one value per option" || exit 1
