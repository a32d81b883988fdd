#!/usr/bin/env bash
# The example course (examples/running-stats) through the framework, as its
# author would run it (docs/authoring.md, "A course of your own"): a build of
# its own with -DCOURSE_DIR, `grader validate`, its starter (nothing done,
# nothing broken), its solutions (full marks), and its handout, written by
# `grader release` and built on its own. One step per ctest test; the build
# is their fixture (tests/CMakeLists.txt).
#
#   example_course_test.sh STEP SOURCE_ROOT BUILD_DIR
#   STEP: build | validate | starter | solutions | release
set -euo pipefail
step="$1"
root="$(realpath "$2")"
build="$3"
course="$root/examples/running-stats"
grader="$build/bin/grader"
jobs="${COURSE_TEST_JOBS:-2}"
# shellcheck source=course_test_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/course_test_helpers.sh"

case "$step" in
  build)
    # Only the example course's targets: the grader and its two lessons.
    build_course "$root" "$build" "$course" "$jobs"
    grep -q "\"course_root\": \"$course\"" "$build/bin/grader-toolchain.json" ||
      fail "the manifest's course_root is not $course"
    ;;
  validate)
    expect_sound "$grader" "$jobs"
    ;;
  starter)
    # The starter is the default workspace: every exercise not started, none broken.
    set +e
    out="$("$grader" check 2>&1)"
    status=$?
    set -e
    echo "$out"
    grep -q "0/20 points" <<<"$out" || fail "the starter does not score 0 of the public tests' 20 points"
    grep -qiE "compile error|did not start|broken" <<<"$out" && fail "the starter has a broken exercise"
    [ "$status" -ne 3 ] || fail "grader check stopped with an internal error (exit 3)"
    ;;
  solutions)
    out="$("$grader" grade "$course/solutions" 2>&1)" || { echo "$out"; fail "grader grade solutions failed"; }
    echo "$out"
    grep -q "20/20" <<<"$out" || fail "the solutions do not score 20/20"
    ;;
  release)
    tmp="$(mktemp -d)"
    trap 'rm -rf "$tmp"' EXIT
    "$grader" release "$tmp/handout" -v
    for f in course.yaml CMakeLists.txt run.sh scripts/deps.sh README.md cmake/CourseLesson.cmake \
      grader/authoring/declare.hpp lessons/accumulator/running_stats.hpp starter/summary/summarize.cpp \
      tests/public/summary/summarize_test.cpp; do
      [ -f "$tmp/handout/$f" ] || fail "$f is missing from the handout"
    done
    for f in solutions tests/hidden tests/mutants examples lessons/positional-encoding; do
      [ ! -e "$tmp/handout/$f" ] || fail "$f is in the handout"
    done
    # The handout builds on its own, as a student's clone does, and checks its starter.
    cmake -S "$tmp/handout" -B "$tmp/handout/build" -DCMAKE_BUILD_TYPE=Release
    cmake --build "$tmp/handout/build" -j"$jobs" --target course_student
    set +e
    out="$(cd "$tmp/handout" && build/bin/grader check 2>&1)"
    set -e
    echo "$out"
    grep -q "0/20 points" <<<"$out" || fail "the handout's grader check does not read its starter"
    ;;
  *)
    fail "unknown step $step"
    ;;
esac
