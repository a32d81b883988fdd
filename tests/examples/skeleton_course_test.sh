#!/usr/bin/env bash
# The skeleton an author starts from (docs/authoring.md): `grader new-course`
# writes a course, a build of its own (-DCOURSE_DIR) builds it, and `grader
# validate` passes it as written; `grader new-lesson` adds a lesson that
# passes too. One step per ctest test; the build is their fixture
# (tests/CMakeLists.txt), reused by the guide's test
# (tests/examples/authoring_guide_test.py).
#
#   skeleton_course_test.sh STEP SOURCE_ROOT BUILD_DIR COURSE_DIR GRADER
#   STEP: build | validate | new_lesson
#   GRADER: the framework build's grader, which writes the course.
set -euo pipefail
step="$1"
root="$(realpath "$2")"
build="$3"
course="$4"
framework_grader="$5"
grader="$build/bin/grader"
jobs="${COURSE_TEST_JOBS:-2}"
# shellcheck source=course_test_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/course_test_helpers.sh"

case "$step" in
  build)
    rm -rf "$course"
    "$framework_grader" new-course "$course" --title "The skeleton course"
    build_course "$root" "$build" "$course" "$jobs"
    ;;
  validate)
    # As written: the starter scores 0, the reference full marks, the mutant is caught.
    expect_sound "$grader" "$jobs"
    ;;
  new_lesson)
    before="$(cat "$course/course.yaml")"
    out="$("$grader" new-lesson second-lesson --title "A second lesson")" || fail "grader new-lesson failed"
    echo "$out"
    grep -qF "cmake --build $build -j2" <<<"$out" || fail "new-lesson does not say how to build"
    grep -qF "$grader validate second-lesson" <<<"$out" || fail "new-lesson does not say how to validate"
    # The entry is appended: every line before it is kept as it was.
    [ "$(head -c ${#before} "$course/course.yaml")" = "$before" ] || fail "course.yaml changed before the new entry"
    grep -q '^  - id: second-lesson$' "$course/course.yaml" || fail "no entry for second-lesson in course.yaml"
    cmake --build "$build" -j"$jobs"
    expect_sound "$grader" "$jobs"
    "$grader" --no-color list | grep -q '\[second-lesson\]' || fail "grader list does not show second-lesson"
    ;;
  *)
    fail "unknown step $step"
    ;;
esac
