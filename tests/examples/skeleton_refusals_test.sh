#!/usr/bin/env bash
# `grader new-course` and `grader new-lesson` refuse what they cannot write
# (exit 2, a message saying what to do) and leave nothing behind; and
# new-lesson keeps the rest of course.yaml as it was (comments, order, a key
# after the lessons). No build: the courses are written and read only.
#
#   skeleton_refusals_test.sh GRADER
set -euo pipefail
grader="$1"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
# Every file under the scratch folder with its checksum: what a refusal must not change.
snapshot() { (cd "$tmp" && find . -print0 | sort -z | xargs -0 -I{} sh -c 'if [ -f "{}" ]; then md5sum "{}"; else echo "{}"; fi'); }

# refuses WHAT EXPECTED_MESSAGE GRADER_ARGS...: exit 2, the message, and nothing changed.
refuses() {
  local what="$1" message="$2"
  shift 2
  local before after status
  before="$(snapshot)"
  set +e
  out="$("$grader" "$@" 2>&1)"
  status=$?
  set -e
  echo "$what: exit $status: $out"
  [ "$status" -eq 2 ] || fail "$what: expected exit 2, got $status"
  grep -qF -- "$message" <<<"$out" || fail "$what: the message does not say '$message'"
  after="$(snapshot)"
  [ "$before" = "$after" ] || fail "$what: files were left behind or changed: $(diff <(echo "$before") <(echo "$after"))"
}

c="$tmp/course"
"$grader" new-course "$c" >/dev/null || fail "new-course into a new folder failed"
[ -f "$c/tests/mutants/first-lesson/no-square-root/change.patch" ] || fail "new-course wrote no mutant"

refuses "new-course into an existing folder" "exists already" new-course "$c"
refuses "new-course with a bad lesson id" "may contain only lowercase letters, digits and hyphens; for example 'bad-id'" \
  new-course "$tmp/other" --lesson Bad_Id
refuses "new-course with an id that is no C++ name" "must start with a letter" new-course "$tmp/a/b" --lesson 2d
refuses "new-lesson with a bad id" "may contain only" --course "$c" new-lesson "x y"
refuses "new-lesson of a lesson course.yaml has" "already has a lesson 'first-lesson'" --course "$c" new-lesson first-lesson
mkdir -p "$c/tests/hidden/orphan"
refuses "new-lesson over a folder of another lesson" "tests/hidden/orphan exists already" --course "$c" new-lesson orphan
rmdir "$c/tests/hidden/orphan"
# The files are written before course.yaml takes the entry: the loader
# refusing the entry (an exercise id the course has) removes them again.
sed -i 's/- id: first-lesson-rms/- id: taken-rms/' "$c/course.yaml"
sed -i 's/^exercise: first-lesson-rms/exercise: taken-rms/' "$c/tests/mutants/first-lesson/no-square-root/mutant.yaml"
refuses "new-lesson whose exercise id the course has" "duplicate exercise id 'taken-rms'" --course "$c" new-lesson taken

# Appended, not re-serialised: a comment and a key after the lessons stay,
# the entry goes after the last lesson, before them.
cat >>"$c/course.yaml" <<'YAML'

# Tracks: every exercise, for now.
tracks:
  - id: everything
    title: Everything
    exercises: [taken-rms]
YAML
before="$(cat "$c/course.yaml")"
out="$("$grader" --course "$c" new-lesson later-lesson)" || fail "new-lesson before a tracks key failed"
grep -qF "add the exercise later-lesson-rms to the exercises of those that should grade it" <<<"$out" ||
  fail "new-lesson does not say to add the exercise to the tracks: $out"
diff <(echo "$before") "$c/course.yaml" >"$tmp/added" && fail "course.yaml did not change"
grep -q '^[<|]' "$tmp/added" && fail "new-lesson changed or removed lines of course.yaml: $(cat "$tmp/added")"
awk '/^  - id: later-lesson$/ {entry = NR} /^# Tracks/ {comment = NR} END {exit !(entry && entry < comment)}' \
  "$c/course.yaml" || fail "the entry is not before the comment and the key that follow the lessons"
"$grader" --course "$c" --no-color list | grep -q '\[later-lesson\]' || fail "grader list does not show later-lesson"
echo "ok"
