#!/usr/bin/env bash
# The student handout, end to end: `grader release` into a temporary folder;
# scan every file for solution or hidden-test content; configure and build
# the handout there from scratch (its own build folder, nothing reused from
# this build) as a student would; run its grader, its ./test.sh and the
# public-tests step of its GitHub workflow.
#
#   release_test.sh GRADER COURSE_ROOT      (KEEP_TMP=1 keeps the temporary folder)
set -euo pipefail
grader="$(realpath "$1")"
course="$(realpath "$2")"
tmp="$(mktemp -d)"
if [ -n "${KEEP_TMP:-}" ]; then echo "keeping $tmp (KEEP_TMP is set)"; else trap 'rm -rf "$tmp"' EXIT; fi
out="$tmp/handout"
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
step() { echo "== $* ($((SECONDS - started)) s)"; }
started=$SECONDS

step "grader release"
"$grader" release "$out" -v | tee "$tmp/release.log"
[ -d "$out" ] && [ ! -e "$out.tmp" ] || fail "the handout is not in place, or $out.tmp was left behind"

step "paths: nothing instructor-only"
(cd "$out" && find . -type f -o -type l) | sed 's|^\./||' | sort >"$tmp/files"
echo "$(wc -l <"$tmp/files") files"
if grep -E '^(solutions|tests/hidden|tests/mutants|tests/grader|tests/course|bench|docs|ci|build[^/]*)/' "$tmp/files"; then
  fail "instructor-only paths in the handout (above)"
fi
grep -i 'answer_key' "$tmp/files" && fail "an answer key file is in the handout"
grep -x 'tests/CMakeLists.txt' "$tmp/files" && fail "the framework's tests/CMakeLists.txt is in the handout"
(cd "$out" && find . -type l | grep .) && fail "symbolic links in the handout"
for required in course.yaml README.md run.sh test.sh CMakeLists.txt .github/workflows/grader-check.yml \
  scripts/deps.sh; do
  [ -f "$out/$required" ] || fail "$required is missing from the handout"
done
[ -x "$out/run.sh" ] && [ -x "$out/test.sh" ] || fail "run.sh and test.sh must be executable"
grep -nE '^[[:space:]]*hidden:' "$out/course.yaml" && fail "course.yaml still has a hidden suite"
grep -n 'tests/hidden/' "$out/course.yaml" | grep -v 'answer_key:' && fail "course.yaml names hidden test files"
# Every hidden fixture is left out unless a shipped file names its folder.
if [ -d "$course/tests/fixtures" ]; then
  for dir in "$course"/tests/fixtures/*/; do
    name="$(basename "$dir")"
    if [ -d "$out/tests/fixtures/$name" ]; then
      grep -rqF "fixtures/$name" "$out/tests/public" "$out/lessons" || fail "fixtures/$name ships but nothing shipped uses it"
    fi
  done
fi

step "content: no file or distinctive line of solutions/ or tests/hidden/"
trim() { sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//'; }
# Lines of 40+ characters from instructor-only files that appear in no file
# students get anyway (starter/, the public tests, lessons/), compared whole
# (trimmed) with every line of the handout.
(cd "$course" && find solutions tests/hidden -type f -print0 | xargs -0 cat) | trim | awk 'length >= 40' |
  sort -u >"$tmp/secret_lines"
(cd "$course" && find starter tests/public lessons -type f -print0 | xargs -0 cat) | trim | sort -u >"$tmp/public_lines"
comm -23 "$tmp/secret_lines" "$tmp/public_lines" >"$tmp/distinctive"
echo "$(wc -l <"$tmp/distinctive") distinctive lines from $(cd "$course" && find solutions tests/hidden -type f | wc -l) instructor files"
[ -s "$tmp/distinctive" ] || fail "found no distinctive instructor lines: the scan would prove nothing"
(cd "$out" && find . -type f -print0 | xargs -0 cat) | trim | sort -u >"$tmp/handout_lines"
comm -12 "$tmp/distinctive" "$tmp/handout_lines" >"$tmp/leaked"
if [ -s "$tmp/leaked" ]; then
  head -n 20 "$tmp/leaked"
  grep -rnxF -f <(head -n 20 "$tmp/leaked") "$out" | head -n 20 || true
  fail "the handout contains lines of solutions/ or tests/hidden/ (above)"
fi
# Whole files: no handout file has the bytes of an instructor file (unless
# the same bytes are also a file meant for students).
(cd "$course" && find solutions tests/hidden -type f -size +0 -print0 | xargs -0 sha256sum) | cut -d' ' -f1 | sort -u >"$tmp/secret_sums"
(cd "$course" && find starter tests/public lessons grader cmake scripts -type f -print0 | xargs -0 sha256sum) | cut -d' ' -f1 |
  sort -u >"$tmp/public_sums"
comm -23 "$tmp/secret_sums" "$tmp/public_sums" >"$tmp/secret_only_sums"
(cd "$out" && find . -type f -print0 | xargs -0 sha256sum) | sort >"$tmp/handout_sums"
if join -o 1.2 <(sort "$tmp/handout_sums") "$tmp/secret_only_sums" | grep .; then
  fail "handout files (above) are copies of solution or hidden-test files"
fi
# The check above can fail: a solution dropped into the handout is caught.
some_solution="$(cd "$course" && find solutions -name '*.cpp' -size +0 | head -n 1)"
if [ -n "$some_solution" ]; then
  trim <"$course/$some_solution" | sort -u | comm -12 "$tmp/distinctive" - | grep -q . ||
    fail "the line scan would not catch a copy of $some_solution"
fi

step "build the handout from scratch, as its run.sh does"
# The handout's own configure and build (scripts/deps.sh), so ./test.sh and
# ./run.sh below find the build up to date; at most two compile jobs.
build_started=$SECONDS
(cd "$out" && source scripts/deps.sh && nproc() { echo 2; } && course_build) >"$tmp/build.log" 2>&1 || {
  tail -n 50 "$tmp/build.log"
  fail "the handout does not configure or build"
}
echo "configured and built in $((SECONDS - build_started)) s"
grep -q '"with_hidden": false' "$out/build/bin/grader-toolchain.json" || fail "the handout's grader was built with hidden suites"
grep -q '"hidden":' "$out/build/bin/grader-toolchain.json" && fail "the handout's toolchain lists hidden suites"
ls "$out/build/suites" | grep -q '_hidden$' && fail "the handout built hidden suites"
[ "$(find "$out/build/suites" -name 'suite_*_public' | wc -l)" -ge 1 ] || fail "no public suite was built"

step "grader check on the starters (fails: starters are stubs)"
lessons="$("$out/build/bin/grader" --no-color list | grep -oE '\[[a-z0-9-]+\]$' | tr -d '[]')"
[ -n "$lessons" ] || fail "grader list shows no lessons"
set +e
"$out/build/bin/grader" --no-color check >"$tmp/check.log" 2>&1
status=$?
set -e
cat "$tmp/check.log" | head -n 80
[ "$status" -eq 1 ] || fail "grader check exited $status, expected 1 (starters fail their tests)"
for lesson in $lessons; do
  grep -q "$lesson" "$tmp/check.log" || fail "grader check does not list lesson $lesson"
done

step "./test.sh and ./run.sh, as a student runs them"
set +e
(cd "$out" && ./test.sh >"$tmp/test.log" 2>&1)
status=$?
set -e
[ "$status" -eq 1 ] || { tail -n 30 "$tmp/test.log"; fail "./test.sh exited $status, expected 1"; }
set +e
(cd "$out" && ./run.sh list >"$tmp/run.log" 2>&1)
status=$?
set -e
[ "$status" -eq 0 ] || { tail -n 30 "$tmp/run.log"; fail "./run.sh list exited $status"; }

step "the workflow's public-tests step, run locally"
# The step's `run: |` block, as GitHub would run it (bash, in the checkout).
awk '
  /^[[:space:]]*id:[[:space:]]*public-tests[[:space:]]*$/ { found = 1; next }
  found && !inside && /^[[:space:]]*run:[[:space:]]*\|/ { inside = 1; next }
  inside {
    if ($0 ~ /^[[:space:]]*$/) { print ""; next }
    match($0, /^ */)
    if (!indent) indent = RLENGTH
    if (RLENGTH < indent) exit
    print substr($0, indent + 1)
  }' "$out/.github/workflows/grader-check.yml" >"$tmp/step.sh"
grep -q 'bin/grader' "$tmp/step.sh" || fail "could not extract the public-tests step from the workflow"
for policy in report enforce; do
  : >"$tmp/summary.md"
  : >"$tmp/output.txt"
  set +e
  (cd "$out" && GRADER_CHECK_POLICY="$policy" GITHUB_STEP_SUMMARY="$tmp/summary.md" GITHUB_OUTPUT="$tmp/output.txt" \
    bash -e "$tmp/step.sh" >"$tmp/step.log" 2>&1)
  status=$?
  set -e
  expected=0
  [ "$policy" = enforce ] && expected=1
  [ "$status" -eq "$expected" ] || { cat "$tmp/step.log"; fail "policy $policy: the step exited $status, expected $expected"; }
  grep -q '^status=1$' "$tmp/output.txt" || fail "policy $policy: the step did not record status=1"
  grep -q '<testsuites' "$out/grader-results.xml" || fail "policy $policy: no JUnit file"
  grep -q '^|' "$tmp/summary.md" || fail "policy $policy: no table in the step summary"
done

step "grader picture draws the student's own code"
# Through the lesson's worker, built from the workspace: from the starters it
# stops at the first unfinished function and writes nothing; from the
# solutions copied into a workspace it draws. --reference needs solutions/,
# which the handout does not have.
# The handout builds every picture program the course build has.
python3 - "$(dirname "$grader")/grader-toolchain.json" "$out/build/bin/grader-toolchain.json" <<'EOF' ||
import json, sys
course, handout = (set(json.load(open(p)).get("programs", {})) for p in sys.argv[1:3])
assert course, "the course build lists no picture programs"
assert handout == course, "the handout's programs %s are not the course's %s" % (sorted(handout), sorted(course))
EOF
  fail "the handout's toolchain does not list the course's picture programs"
grep -q 'grader picture encoding' "$out/README.md" || fail "the handout's README does not list the pictures"
# Every lesson text ships, without its notes for instructors and its pitfall ids.
for readme in "$course"/lessons/*/README.md; do
  shipped="$out/lessons/$(basename "$(dirname "$readme")")/README.md"
  [ -f "$shipped" ] || fail "$shipped is missing from the handout"
  ! grep -qi '^#* *For instructors' "$shipped" || fail "$shipped still holds its notes for instructors"
  ! grep -q '<!-- pitfall:' "$shipped" || fail "$shipped still holds pitfall ids (for grader validate only)"
done
set +e
"$out/build/bin/grader" picture encoding -o "$tmp/pe.png" >"$tmp/pictures_run.log" 2>&1
status=$?
set -e
[ "$status" -eq 1 ] || { cat "$tmp/pictures_run.log"; fail "grader picture on the starters exited $status, expected 1"; }
grep -q 'positional_encoding(50, 16): not implemented' "$tmp/pictures_run.log" ||
  { cat "$tmp/pictures_run.log"; fail "grader picture does not say which function is unfinished"; }
[ ! -e "$tmp/pe.png" ] || fail "grader picture left a file behind on the starters"
# One picture drawn end to end is enough here: every picture is drawn from a
# workspace's code in the course build (tests/integration/picture_test.cpp),
# and the handout builds the same programs (listed above).
cp -r "$course/solutions" "$tmp/workspace"
for picture in encoding; do
  "$out/build/bin/grader" picture "$picture" --workspace "$tmp/workspace" -o "$tmp/$picture.png" >"$tmp/pictures_run.log" 2>&1 ||
    { cat "$tmp/pictures_run.log"; fail "grader picture $picture failed on the solutions"; }
  [ "$(head -c 8 "$tmp/$picture.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || fail "grader picture $picture wrote no PNG"
done
grep -q 'compare with: lessons/' "$tmp/pictures_run.log" || { cat "$tmp/pictures_run.log"; fail "grader picture names nothing to compare with"; }
grep -q -- '--reference' "$tmp/pictures_run.log" && fail "the handout's grader picture offers --reference"
set +e
"$out/build/bin/grader" picture encoding --reference -o "$tmp/ref.png" >"$tmp/pictures_run.log" 2>&1
status=$?
set -e
[ "$status" -eq 2 ] || { cat "$tmp/pictures_run.log"; fail "grader picture --reference in the handout exited $status, expected 2"; }

step "the quiz: right answers of every question type pass grader check"
# The reference answer files (choices, select-all, numbers, free text) copied
# into the handout's workspace, as a student who answered everything right.
quiz_files="$(cd "$course/solutions" && find . -name '*.yaml' | sed 's|^\./||')"
[ -n "$quiz_files" ] || fail "the course has no reference quiz answers to try"
for f in $quiz_files; do
  [ -f "$out/starter/$f" ] || fail "the handout has no starter/$f"
  cp "$out/starter/$f" "$tmp/starter-answers"
  cp "$course/solutions/$f" "$out/starter/$f"
  lesson="${f%%/*}"
  set +e
  "$out/build/bin/grader" --no-color check "$lesson" >"$tmp/quiz.log" 2>&1
  status=$?
  set -e
  cp "$tmp/starter-answers" "$out/starter/$f"
  [ "$status" -eq 0 ] || { cat "$tmp/quiz.log"; fail "grader check $lesson exited $status with the right answers in $f"; }
  grep -qE ' ([0-9]+)/\1 +tests ' "$tmp/quiz.log" || { cat "$tmp/quiz.log"; fail "grader check $lesson: not every answer was recorded"; }
  grep -qiE 'not a choice letter|not a number|failed' "$tmp/quiz.log" && { cat "$tmp/quiz.log"; fail "a right answer was refused"; }
done

step "grader reset: the starter as shipped comes back, the student's file is kept"
# starter/ is the student's workspace; the handout keeps the starter in
# .grader/starter/ (committed with it: not ignored), and reset restores from there.
diff -r -x .grader "$out/starter" "$out/.grader/starter" >/dev/null || fail "the handout's .grader/starter/ is not its starter/"
if command -v git >/dev/null; then
  mkdir "$tmp/ignore" && cp "$out/.gitignore" "$tmp/ignore/" && git -C "$tmp/ignore" init -q
  git -C "$tmp/ignore" check-ignore -q .grader/starter/a/b.cpp && fail "the handout's .gitignore ignores .grader/starter/"
  git -C "$tmp/ignore" check-ignore -q starter/.grader/hints.json || fail "the handout's .gitignore no longer ignores starter/.grader/"
fi
read -r reset_exercise reset_file < <(awk '/^      - id: /{id=$3} /^        files: \[/{sub(/.*files: \[/, ""); sub(/[],].*/, ""); print id, $0; exit}' "$out/course.yaml")
[ -n "$reset_file" ] && [ -f "$out/starter/$reset_file" ] || fail "no exercise file to reset in the handout"
printf '// my own work\n' >>"$out/starter/$reset_file"
cp "$out/starter/$reset_file" "$tmp/my-work"
set +e
(cd "$out" && build/bin/grader --no-color reset "$reset_exercise" >"$tmp/reset.log" 2>&1)
status=$?
set -e
cat "$tmp/reset.log"
[ "$status" -eq 0 ] || fail "grader reset $reset_exercise exited $status"
cmp -s "$out/starter/$reset_file" "$course/starter/$reset_file" || fail "grader reset did not restore $reset_file"
kept="$(find "$out/starter/.grader/reset" -path "*/$reset_file" -type f)"
[ -n "$kept" ] && cmp -s "$kept" "$tmp/my-work" || fail "grader reset did not keep the student's $reset_file under starter/.grader/reset/"
grep -qF "Your files as they were: ${kept%/"$reset_file"}/" "$tmp/reset.log" || fail "grader reset does not say where the copy is"
rm -rf "$out/starter/.grader/reset"
set +e
(cd "$out" && build/bin/grader --no-color reset no-such-exercise >"$tmp/reset.log" 2>&1)
status=$?
set -e
[ "$status" -eq 2 ] && grep -qF "exercises are: " "$tmp/reset.log" || fail "an unknown exercise exited $status without the list"

step "refusals"
set +e
"$grader" release "$out" >"$tmp/again.log" 2>&1
status=$?
set -e
[ "$status" -eq 2 ] || fail "releasing into a non-empty folder exited $status, expected 2"
grep -q -- '--force' "$tmp/again.log" || fail "the refusal does not mention --force"
[ -f "$out/grader-results.xml" ] || fail "a refused release changed the folder"

tracks="$(grep -A200 '^tracks:' "$course/course.yaml" | grep -oE '^  - id: [a-z0-9-]+' | head -n 1 | awk '{print $3}')" || true
if [ -n "$tracks" ]; then
  step "a track handout ($tracks) loads in the student's grader"
  "$grader" release "$tmp/track" --track "$tracks" >/dev/null
  "$out/build/bin/grader" --course "$tmp/track" --no-color list >"$tmp/track.log" || fail "the track handout does not load"
  grep -q "$tracks" "$tmp/track.log" || fail "the track handout does not list its track"
fi

step "done"
