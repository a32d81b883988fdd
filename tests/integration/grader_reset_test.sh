#!/usr/bin/env bash
# End-to-end test of `grader reset EXERCISE` in the course's own checkout:
#   grader_reset_test.sh GRADER_EXE COURSE_DIR
# (the handout's case, restoring from .grader/starter/, is in
# tests/release/release_test.sh). Here the starter is starter/, so the
# workspace is a copy of it given with --workspace.
set -euo pipefail

grader=$1
course=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "FAIL: $*" >&2
  cat "$tmp/out" >&2 || true
  exit 1
}

# reset ARGS...: the grader's output in $tmp/out, its exit code in $rc.
reset() {
  set +e
  "$grader" --no-color reset "$@" >"$tmp/out" 2>&1
  rc=$?
  set -e
}

# The first exercise of course.yaml with files, and its files.
read -r exercise files < <(awk '/^      - id: /{id=$3} /^        files: \[/{sub(/.*files: \[/, ""); sub(/\].*/, ""); gsub(/,/, " "); print id, $0; exit}' "$course/course.yaml")
[[ -n "$exercise" && -n "$files" ]] || fail "no exercise with files in course.yaml"
read -ra files <<<"$files"
first=${files[0]}
echo "exercise $exercise: ${files[*]}"

cp -r "$course/starter" "$tmp/ws"
other=$(cd "$tmp/ws" && find . -name '*.cpp' | sed 's|^\./||' | grep -vxF "$first" | head -n 1)
[[ -n "$other" ]] || fail "no file of another exercise to leave alone"

# --help says what it does and where the copy goes.
reset --help
[[ $rc -eq 0 ]] || fail "--help exited $rc"
grep -qF ".grader/reset/" "$tmp/out" || fail "--help does not say where the student's files are kept"
grep -qF "Exit codes" "$tmp/out" || fail "--help does not give the exit codes"

# An unknown exercise: exit 2, every valid id listed, nothing written.
reset no-such-exercise --workspace "$tmp/ws"
[[ $rc -eq 2 ]] || fail "an unknown exercise exited $rc, expected 2"
grep -qF "no exercise named 'no-such-exercise'" "$tmp/out" || fail "the refusal does not name the unknown id"
grep -qE "exercises are: .*\b$exercise\b" "$tmp/out" || fail "the refusal does not list the valid ids"
[[ ! -e "$tmp/ws/.grader" ]] || fail "a refused reset wrote .grader/"

# Nothing to reset: the workspace is the starter already.
reset "$exercise" --workspace "$tmp/ws"
[[ $rc -eq 0 ]] || fail "a reset of untouched files exited $rc"
grep -qF "already the starter's: nothing to reset" "$tmp/out" || fail "an untouched exercise is not said to be the starter's"
[[ ! -e "$tmp/ws/.grader/reset" ]] || fail "a reset with nothing to do kept a copy"

# The student's work: one file edited, another deleted (when there are two),
# and a file of another exercise edited (never touched by this reset).
printf '// my own work\n' >>"$tmp/ws/$first"
cp "$tmp/ws/$first" "$tmp/mine"
if [[ ${#files[@]} -gt 1 ]]; then rm "$tmp/ws/${files[1]}"; fi
printf '// another exercise\n' >>"$tmp/ws/$other"
cp "$tmp/ws/$other" "$tmp/other"
reset "$exercise" --workspace "$tmp/ws"
[[ $rc -eq 0 ]] || fail "reset exited $rc"
cmp -s "$tmp/ws/$first" "$course/starter/$first" || fail "$first is not the starter's again"
grep -qF "restored  $first" "$tmp/out" || fail "the output does not say $first was restored"
if [[ ${#files[@]} -gt 1 ]]; then
  cmp -s "$tmp/ws/${files[1]}" "$course/starter/${files[1]}" || fail "the deleted ${files[1]} is not back"
  grep -qF "restored  ${files[1]} (it was missing)" "$tmp/out" || fail "the output does not say ${files[1]} was missing"
fi
cmp -s "$tmp/ws/$other" "$tmp/other" || fail "a file of another exercise was changed"
copies=("$tmp"/ws/.grader/reset/*/)
[[ ${#copies[@]} -eq 1 && -d ${copies[0]} ]] || fail "expected one copy folder under .grader/reset/"
cmp -s "${copies[0]}$first" "$tmp/mine" || fail "the student's $first is not kept in ${copies[0]}"
grep -qF "Your files as they were: ${copies[0]%/}/" "$tmp/out" || fail "the output does not say where the copy is"
[[ $(find "${copies[0]}" -type f | wc -l) -eq 1 ]] || fail "the copy holds more than the one edited file"

# A second reset keeps a second copy, never overwriting the first.
printf '// second try\n' >>"$tmp/ws/$first"
reset "$exercise" --workspace "$tmp/ws"
[[ $rc -eq 0 ]] || fail "the second reset exited $rc"
[[ $(find "$tmp/ws/.grader/reset" -mindepth 1 -maxdepth 1 -type d | wc -l) -eq 2 ]] || fail "the second reset did not keep its own copy"
cmp -s "${copies[0]}$first" "$tmp/mine" || fail "the second reset changed the first copy"

# Links are never followed: a linked file, or a linked lesson folder,
# refuses the whole reset before anything is written.
printf 'outside\n' >"$tmp/outside"
rm "$tmp/ws/$first"
ln -s "$tmp/outside" "$tmp/ws/$first"
reset "$exercise" --workspace "$tmp/ws"
[[ $rc -eq 2 ]] || fail "a linked file exited $rc, expected 2"
grep -qF "symbolic link" "$tmp/out" || fail "the refusal does not say it is a link"
grep -qF "nothing was reset" "$tmp/out" || fail "the refusal does not say nothing was reset"
[[ $(cat "$tmp/outside") == outside && -L "$tmp/ws/$first" ]] || fail "the link or the file it points to was changed"
rm "$tmp/ws/$first"
lesson_dir=${first%%/*}
mv "$tmp/ws/$lesson_dir" "$tmp/elsewhere"
ln -s "$tmp/elsewhere" "$tmp/ws/$lesson_dir"
reset "$exercise" --workspace "$tmp/ws"
[[ $rc -eq 2 ]] || fail "a linked lesson folder exited $rc, expected 2"
[[ ! -e "$tmp/elsewhere/${first#*/}" ]] || fail "the reset wrote through the linked folder"

# In the course's own checkout the default workspace is starter/ itself: the
# starter, which there is nothing to restore from.
reset "$exercise"
[[ $rc -eq 2 ]] || fail "a reset of the course's own starter/ exited $rc, expected 2"
grep -qF "git checkout -- starter/$first" "$tmp/out" || fail "the refusal does not say how to restore it there"
echo "grader reset: ok"
