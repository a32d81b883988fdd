#!/usr/bin/env bash
# A lesson whose reference serves later lessons (course.yaml `uses`) needs
# bridge/costs.hpp: without it the configure stops naming the file and who
# needs it (cmake/BridgeChecks.cmake), not the compiler deep in the framework's
# headers. A list of classes that do not travel (no COURSE_OBJECT_STATE) and
# no function, or a lesson nobody uses, needs none.
#
#   bridge_costs_check_test.sh SOURCE_ROOT
set -euo pipefail
root="$(realpath "$1")"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# check DECLARATIONS_TEXT USERS EXERCISES: runs the check in script mode;
# prints its output on one line (CMake wraps messages), returns its status.
check() {
  printf '%s\n' "$1" >"$tmp/declarations.hpp"
  cat >"$tmp/check.cmake" <<CMAKE
include("$root/cmake/BridgeChecks.cmake")
course_require_bridge_costs(vec-mean "$tmp/declarations.hpp" "$tmp/costs.hpp" USERS $2 EXERCISES $3)
CMAKE
  local out status=0
  out="$(cmake -P "$tmp/check.cmake" 2>&1)" || status=$?
  tr -s ' \n' '  ' <<<"$out"
  return $status
}

functions='#define COURSE_BRIDGE_vec_mean(FUNCTION, CLASS, METHOD, CALL) FUNCTION(mean, "values")'
classes='#define COURSE_BRIDGE_vec_mean(FUNCTION, CLASS, METHOD, CALL) CLASS(Stats) METHOD(Stats, add, "x")'

out="$(check "$functions" '"vec-var (mode reference)"' '')" && fail "no costs.hpp for a used lesson was accepted: $out"
echo "$out"
for words in "lesson vec-mean is used by lesson vec-var (mode reference) (course.yaml \`uses\`)" \
  "write lessons/vec-mean/bridge/costs.hpp" "course::bridge::vec_mean::costs" "docs/bridge-api.md"; do
  grep -qF "$words" <<<"$out" || fail "the message does not say: $words"
done
out="$(check "$functions" '' 'vec-mean-sum')" && fail "no costs.hpp for a served exercise was accepted: $out"
grep -qF "the exercise vec-mean-sum of it is used by the lesson's other exercises" <<<"$out" ||
  fail "the message does not name the served exercise: $out"

check "$functions" '' '' || fail "a lesson nobody uses was asked for costs.hpp"
check "$classes" '"vec-var (mode reference)"' '' || fail "a list of classes that do not travel was asked for costs.hpp"
# A class whose object travels to the reference (COURSE_OBJECT_STATE) is served with its costs.
out="$(check "$classes
COURSE_OBJECT_STATE(course::Stats, (n_), sum_)" '"vec-var (mode reference)"' '')" &&
  fail "no costs.hpp for a travelling class was accepted: $out"
grep -qF "write lessons/vec-mean/bridge/costs.hpp" <<<"$out" || fail "the message for a travelling class does not name costs.hpp: $out"
touch "$tmp/costs.hpp"
check "$functions" '"vec-var (mode reference)"' '' || fail "a lesson with its costs.hpp was refused"
echo "ok"
