#!/usr/bin/env bash
# The Gradescope bundle, end to end: `grader gradescope-bundle`, unzipped into
# a folder standing in for /autograder (AUTOGRADER_ROOT), setup.sh run once,
# then run_autograder on several submissions, each results.json checked
# field by field (check_gradescope_results.py) against the grader's own full
# result for the same files.
#
#   gradescope_bundle_test.sh GRADER COURSE_ROOT      (KEEP_TMP=1 keeps the temporary folder)
set -euo pipefail
grader="$(realpath "$1")"
course="$(realpath "$2")"
here="$(cd "$(dirname "$0")" && pwd)"
check="$here/check_gradescope_results.py"
tmp="$(mktemp -d)"
if [ -n "${KEEP_TMP:-}" ]; then echo "keeping $tmp (KEEP_TMP is set)"; else trap 'rm -rf "$tmp"' EXIT; fi
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
step() { echo "== $* ($((SECONDS - started)) s)"; }
started=$SECONDS

step "grader gradescope-bundle"
"$grader" gradescope-bundle -o "$tmp/autograder.zip"
unzip -Z1 "$tmp/autograder.zip" >"$tmp/entries"
grep -qx 'setup.sh' "$tmp/entries" || fail "setup.sh is not at the top of the zip"
grep -qx 'run_autograder' "$tmp/entries" || fail "run_autograder is not at the top of the zip"
for needed in course.yaml CMakeLists.txt scripts/deps.sh; do
  grep -qx "$needed" "$tmp/entries" || fail "$needed is not in the bundle"
done
grep -q '^solutions/' "$tmp/entries" || fail "the bundle has no solutions/ (hidden suites link them)"
grep -q '^tests/hidden/' "$tmp/entries" || fail "the bundle has no tests/hidden/"
grep -E '^(build[^/]*|tests/mutants|tests/grader|bench|docs|\.git)/' "$tmp/entries" && fail "the bundle holds what grading does not need"

ag="$tmp/autograder"
mkdir -p "$ag/source"
unzip -q "$tmp/autograder.zip" -d "$ag/source"
cp "$ag/source/run_autograder" "$ag/run_autograder"  # what Gradescope does with it
[ -x "$ag/run_autograder" ] && [ -x "$ag/source/setup.sh" ] || fail "the scripts lost their executable bit in the zip"
export AUTOGRADER_ROOT="$ag"

step "setup.sh installs nothing when every package is there"
# Present packages are never reinstalled: apt-get must not even be called.
mkdir -p "$tmp/fake-bin"
printf '#!/bin/sh\necho "apt-get $*" >>"%s"\nexit 1\n' "$tmp/apt-calls" >"$tmp/fake-bin/apt-get"
chmod +x "$tmp/fake-bin/apt-get"
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
  # As a user without root rights, the same check passes instead of failing.
  (cd "$ag/source" && setpriv --reuid=65534 --regid=65534 --clear-groups \
    bash -c 'source scripts/deps.sh && course_install_packages python3') || fail "the package check fails for a non-root user"
fi

step "setup.sh (builds the course with its hidden tests)"
setup_started=$SECONDS
PATH="$tmp/fake-bin:$PATH" CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-2}" bash "$ag/source/setup.sh" \
  >"$tmp/setup.log" 2>&1 || {
  tail -n 60 "$tmp/setup.log"
  fail "setup.sh failed"
}
tail -n 1 "$tmp/setup.log"
echo "setup took $((SECONDS - setup_started)) s"
[ ! -e "$tmp/apt-calls" ] || { cat "$tmp/apt-calls"; fail "setup.sh called apt-get although every package is installed"; }
bundled="$ag/source/build/bin/grader"
grep -q '"with_hidden": true' "$ag/source/build/bin/grader-toolchain.json" || fail "setup.sh built no hidden suites"

lessons=($("$bundled" --no-color list | grep -oE '\[[a-z0-9-]+\]$' | tr -d '[]'))
[ "${#lessons[@]}" -ge 1 ] || fail "the bundle's course lists no lessons"
# Broken: the first lesson (later lessons that use it break too). Partial:
# the last lesson with C++ files (no later code lesson can use it).
first="${lessons[0]}"
last=""
for lesson in "${lessons[@]}"; do
  compgen -G "$course/starter/$lesson/*.cpp" >/dev/null && last="$lesson"
done
[ -n "$last" ] || fail "no lesson has C++ starter files"
echo "lessons: ${lessons[*]} (broken: $first, partial: $last)"

# Runs run_autograder on the submission folder $1 (moved into place) and
# keeps results.json and the log under $tmp/$2.*
grade() {
  rm -rf "$ag/submission" "$ag/results" "$ag/submission_metadata.json"
  cp -r "$1" "$ag/submission"
  [ -n "${3:-}" ] && printf '%s\n' "$3" >"$ag/submission_metadata.json"
  local t=$SECONDS
  "$ag/run_autograder" >"$tmp/$2.log" 2>&1 || { cat "$tmp/$2.log"; fail "run_autograder exited non-zero for $2"; }
  echo "run_autograder ($2): $((SECONDS - t)) s"
  [ -f "$ag/results/results.json" ] || { cat "$tmp/$2.log"; fail "no results.json for $2"; }
  cp "$ag/results/results.json" "$tmp/$2.json"
}
# The grader's own full result (instructor messages included) for the same files.
full_result() {
  "$bundled" --no-color --jobs 2 grade "$1" --format json -o "$tmp/$2.full.json" >/dev/null 2>&1 || true
  [ -s "$tmp/$2.full.json" ] || fail "no full result for $2"
}

make_submission() {  # NAME: a copy of solutions/
  rm -rf "$tmp/sub-$1"
  cp -r "$course/solutions" "$tmp/sub-$1"
}

step "a correct submission (a copy of solutions/), with submission_metadata.json"
make_submission correct
metadata='{"id": 123456, "created_at": "2026-11-20T14:22:32.365935-07:00", "assignment": {"due_date": "2026-11-30T23:00:00.000000-07:00", "title": "Transformers"}, "users": [{"email": "s@example.com", "id": 1, "name": "A Student"}], "previous_submissions": []}'
grade "$tmp/sub-correct" correct "$metadata"
full_result "$tmp/sub-correct" correct
count="$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["tests"]))' "$tmp/correct.json")"
python3 "$check" "$tmp/correct.json" correct --full "$tmp/correct.full.json" \
  --submitted-at "2026-11-20T14:22:32.365935-07:00" || fail "correct submission: results.json is wrong"
grep -q '== full report (instructors only)' "$tmp/correct.log" || fail "no instructor report in the log"
grep -q 'created_at 2026-11-20' "$tmp/correct.log" || fail "the log does not show the submission time"

step "a partial submission ($last back to its starter)"
make_submission partial
cp -r "$course/starter/$last/." "$tmp/sub-partial/$last/"
grade "$tmp/sub-partial" partial
full_result "$tmp/sub-partial" partial
python3 "$check" "$tmp/partial.json" partial --lesson "$last" --test-count "$count" --full "$tmp/partial.full.json" ||
  fail "partial submission: results.json is wrong"

step "a broken submission ($first does not compile)"
make_submission broken
victim="$(cd "$tmp/sub-broken/$first" && ls *.cpp 2>/dev/null | head -n 1)"
[ -n "$victim" ] || fail "lesson $first has no .cpp file to break"
printf '\nthis line is not C++ at all\n' >>"$tmp/sub-broken/$first/$victim"
grade "$tmp/sub-broken" broken
full_result "$tmp/sub-broken" broken
python3 "$check" "$tmp/broken.json" broken --lesson "$first" --test-count "$count" --full "$tmp/broken.full.json" ||
  fail "broken submission: results.json is wrong"

step "a GitHub submission (the handout's layout: files under starter/)"
mkdir -p "$tmp/sub-repo"
cp -r "$course/solutions" "$tmp/sub-repo/starter"
printf '# my repository\n' >"$tmp/sub-repo/README.md"
grade "$tmp/sub-repo" repo
python3 "$check" "$tmp/repo.json" correct --test-count "$count" --full "$tmp/correct.full.json" || fail "repository submission: results.json is wrong"

step "an uploaded zip of the lesson folders"
mkdir -p "$tmp/sub-zip"
(cd "$course/solutions" && zip -qr "$tmp/sub-zip/my-work.zip" .)
grade "$tmp/sub-zip" zip
python3 "$check" "$tmp/zip.json" correct --test-count "$count" --full "$tmp/correct.full.json" ||
  fail "zip submission: results.json is wrong"

step "loose files, placed where the starter file of the same name lives"
# Every solution file uploaded on its own, without its lesson folder: each is
# placed where the starter file of the same name lives, so the result is the
# correct submission's (and its objects are already in the cache).
mkdir -p "$tmp/sub-loose"
(cd "$course/solutions" && find . -type f) | while read -r f; do cp "$course/solutions/$f" "$tmp/sub-loose/"; done
grade "$tmp/sub-loose" loose
(cd "$course/solutions" && find . -type f | sed 's|^\./||') | while read -r f; do
  grep -qF "placed ${f##*/} as $f" "$tmp/loose.log" || fail "the loose file ${f##*/} was not placed as $f"
done
python3 "$check" "$tmp/loose.json" correct --test-count "$count" --full "$tmp/correct.full.json" ||
  fail "loose files: results.json is wrong"

step "a submission with no course files gets a fallback results.json"
mkdir -p "$tmp/sub-empty"
printf 'hello\n' >"$tmp/sub-empty/notes.txt"
grade "$tmp/sub-empty" empty
python3 "$check" "$tmp/empty.json" fallback || fail "empty submission: the fallback results.json is wrong"
grep -q 'No course files were found' "$tmp/empty.json" || fail "the fallback does not say what was wrong"

step "grading past the time budget gets a fallback results.json"
# Edited files miss the object cache, and compiling them takes longer than a 1 s budget.
make_submission slow
find "$tmp/sub-slow" -name '*.cpp' -exec sh -c 'printf "\n// edited %s\n" "$$" >>"$1"' _ {} \;
GRADER_TIME_BUDGET_S=1 grade "$tmp/sub-slow" slow
python3 "$check" "$tmp/slow.json" fallback || fail "timed-out grading: the fallback results.json is wrong"
grep -q 'longer than the time allowed' "$tmp/slow.json" || fail "the timeout fallback does not say so"

step "links in the submission are never followed (a linked starter/ or lesson folder)"
mkdir -p "$tmp/sub-linked"
ln -s "$ag/source/solutions" "$tmp/sub-linked/starter"
ln -s "../source/solutions/$first" "$tmp/sub-linked/$first"  # relative, from $ag/submission
grade "$tmp/sub-linked" linked
grep -q "== grading $ag/submission\$" "$tmp/linked.log" || { cat "$tmp/linked.log"; fail "a linked starter/ was chosen as the workspace"; }
grep -q "$first/ is a symbolic link: never followed" "$tmp/linked.json" "$tmp/linked.log" ||
  { cat "$tmp/linked.log"; fail "the report does not name the linked lesson folder"; }
python3 - "$tmp/linked.json" "$first" <<'EOF' || fail "a linked lesson folder scored points"
import json, sys
r, lesson = json.load(open(sys.argv[1])), sys.argv[2]
passed = [t["name"] for t in r["tests"] if lesson in t.get("tags", []) and t["status"] == "passed"]
assert not passed, "tests of %s passed through a link: %s" % (lesson, passed[:5])
EOF

step "done"
