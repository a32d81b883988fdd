# Sourced by the tests that build a course of their own with this framework
# (example_course_test.sh, skeleton_course_test.sh).

# fail MESSAGE: says what failed, on stderr, and ends the test.
fail() {
  echo "FAIL: $*" >&2
  exit 1
}

#
# build_course SOURCE_ROOT BUILD_DIR COURSE_DIR JOBS: configures BUILD_DIR for
# the course (-DCOURSE_DIR, without the framework's own tests, which are about
# this repository's course) and builds it. A folder made earlier keeps its
# generator: ./test.sh makes new ones for Ninja (scripts/deps.sh), a bare ctest
# for Make; CMake refuses a switch.
build_course() {
  local root="$1" build="$2" course="$3" jobs="$4" made_with
  local generator=()
  if [ -f "$build/CMakeCache.txt" ]; then
    made_with=$(sed -n 's/^CMAKE_GENERATOR:INTERNAL=//p' "$build/CMakeCache.txt")
    [ -n "$made_with" ] && generator=(-G "$made_with")
  fi
  cmake "${generator[@]}" -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCOURSE_DIR="$course" -DCOURSE_BUILD_TESTS=OFF
  cmake --build "$build" -j"$jobs"
}

# expect_sound GRADER JOBS [LESSON...]: `grader validate` passes (exit 0, 0 problems).
expect_sound() {
  local grader="$1" jobs="$2" out
  shift 2
  out="$("$grader" --jobs "$jobs" validate "$@" 2>&1)" || { echo "$out"; fail "grader validate $* failed"; }
  echo "$out"
  grep -qE '(^|[^0-9])0 problems' <<<"$out" || fail "grader validate $* did not report 0 problems"
}
