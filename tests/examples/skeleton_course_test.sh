#!/usr/bin/env bash
# The skeleton an author starts from (docs/authoring.md): `grader new-course`
# writes a course, a build of its own (-DCOURSE_DIR) builds it, and `grader
# validate` passes it as written; an author's mistakes (a mutant.yaml naming
# what the course has not, a build left out of date) are named as such; `grader
# new-lesson` adds a lesson that passes too. One step per ctest test; the build is their fixture
# (tests/CMakeLists.txt), reused by the guide's test
# (tests/examples/authoring_guide_test.py).
#
#   skeleton_course_test.sh STEP SOURCE_ROOT BUILD_DIR COURSE_DIR GRADER
#   STEP: build | validate | mistakes | new_lesson
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
  mistakes)
    # A mutant.yaml naming no exercise of its lesson, and one with a misspelt
    # key: a problem each, while the lesson's other mutant is still graded
    # (so coverage blames no test that it catches).
    mutants="$course/tests/mutants/first-lesson"
    cp -r "$mutants/no-square-root" "$mutants/unknown-exercise"
    sed -i 's/^exercise: .*/exercise: no-such-exercise/' "$mutants/unknown-exercise/mutant.yaml"
    cp -r "$mutants/no-square-root" "$mutants/misspelt-key"
    sed -i 's/^must_fail:/must_fails:/' "$mutants/misspelt-key/mutant.yaml"
    set +e
    out="$("$grader" --jobs "$jobs" validate 2>&1)"
    status=$?
    set -e
    rm -rf "$mutants/unknown-exercise" "$mutants/misspelt-key"
    echo "$out"
    [ "$status" -eq 1 ] || fail "validate with two bad mutant.yaml files exited $status, not 1"
    grep -qF "exercise 'no-such-exercise' is not an exercise of lesson 'first-lesson'" <<<"$out" ||
      fail "validate does not name the unknown exercise"
    grep -qF "tests/mutants/first-lesson/misspelt-key/mutant.yaml: unknown key 'must_fails'; did you mean 'must_fail'?" \
      <<<"$out" || fail "validate does not name the misspelt key in its file"
    grep -qE '^mutant +first-lesson/no-square-root.* caught, .* ok$' <<<"$out" ||
      fail "the well-formed mutant was not graded and caught"
    grep -q '^coverage' <<<"$out" && fail "coverage blames tests the well-formed mutant catches"
    grep -qE '(^|[^0-9])2 problems' <<<"$out" || fail "validate does not count exactly the two bad files"

    # A public test edited and the suite not rebuilt: validate and check stop
    # (exit 3) with the rebuild command, blaming no mutant and advising no student.
    touch "$course/tests/public/first-lesson/rms_test.cpp"
    set +e
    out="$("$grader" --jobs "$jobs" validate 2>&1)"
    status=$?
    set -e
    echo "$out"
    [ "$status" -eq 3 ] || fail "validate on an out-of-date build exited $status, not 3"
    grep -qF "rebuild with: cmake --build $build" <<<"$out" || fail "validate does not give the rebuild command"
    grep -qE '^(mutant|coverage) ' <<<"$out" && fail "validate judged mutants on an out-of-date build"
    set +e
    out="$("$grader" check 2>&1)"
    status=$?
    set -e
    echo "$out"
    [ "$status" -eq 3 ] || fail "check on an out-of-date build exited $status, not 3"
    grep -qF "Next: the course build, not your code: cmake --build $build" <<<"$out" ||
      fail "check's next step is not the rebuild"
    grep -q "stuck? grader hint" <<<"$out" && fail "check gives a student's hint on an out-of-date build"
    cmake --build "$build" -j"$jobs"

    # `grade FOLDER` points into that folder, not the course's starter/.
    tmp="$(mktemp -d)"
    trap 'rm -rf "$tmp"' EXIT
    cp -r "$course/starter" "$tmp/ws"
    out="$(cd "$tmp" && "$grader" --course "$course" grade ws 2>&1)" && fail "grade of the starter passed"
    echo "$out"
    grep -qE "^Next: first-lesson-rms in (\S*/)?ws/first-lesson/rms.cpp " <<<"$out" || fail "grade does not point into ws/"
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
