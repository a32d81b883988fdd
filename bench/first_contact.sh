#!/usr/bin/env bash
# A student's first contact, timed from an empty compiler cache, as a student
# types it: `git clone` of this checkout's HEAD then `./run.sh` in the clone
# (builds the student's part, target course_student, then `grader check`);
# then `grader release` of the clone and the handout's own `./run.sh`.
#   bench/first_contact.sh [--keep] [--times] [--only course|handout|student]
# --keep leaves the clone in the folder printed; --times also times every
# compile (bench/lib/time_compile.sh as the compiler launcher in ccache's
# place: CMake takes it from CMAKE_CXX_COMPILER_LAUNCHER in the environment)
# and prints each step's CPU seconds per target (bench/lib/compile_summary.sh).
# --only course stops after the course's steps; --only handout times only the
# handout's ./run.sh (made by the grader of this checkout's build/, which
# must be built); --only student times only what a student meets: the course's
# `git clone` + ./run.sh, then the handout's ./run.sh (released from the clone).
# CCACHE_DISABLE=1 throughout, so nothing comes from the cache. Each step
# prints its CPU seconds (user + system of it and every process it started,
# from /usr/bin/time), its wall seconds, the wall seconds until the first line
# `grader check` printed (every output line is stamped as it arrives), its
# compile jobs (the build log's "Building CXX object" lines and precompiled
# headers) and the load average when it ended. After the course's first
# check it builds the rest of the default build (target all: the references,
# the hidden and serving suites, what `./run.sh grade` adds) and the
# framework's own tests (course_tests, what ./test.sh adds), so the figures
# of a build of everything are the sum of the three.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
keep=0 times=0 only=""
while (($#)); do
  case "$1" in
    --keep) keep=1 ;;
    --times) times=1 ;;
    --only) only=${2:-}; shift ;;
    *) echo "usage: bench/first_contact.sh [--keep] [--times] [--only course|handout|student]" >&2; exit 2 ;;
  esac
  shift
done
work="$(mktemp -d /tmp/first-contact-XXXXXX)"
if ((keep == 0)); then trap 'rm -rf "$work"' EXIT; fi
export CCACHE_DISABLE=1
if ((times == 1)); then export CMAKE_CXX_COMPILER_LAUNCHER="$root/bench/lib/time_compile.sh"; fi

printf '%-34s %8s %8s %12s %6s %s\n' step cpu_s wall_s first_check_s jobs load
# stamp: each input line with the seconds since $1 (EPOCHREALTIME) in front.
stamp() {
  local line
  while IFS= read -r line; do
    printf '%.1f %s\n' "$(awk -v a="$EPOCHREALTIME" -v b="$1" 'BEGIN { print a - b }')" "$line"
  done
}
# timed NAME LOG COMMAND...: runs COMMAND with its stamped output in LOG and
# prints one line. The first line of `grader check` is the first after the
# build's "done in N s" (scripts/deps.sh, course_build_quiet).
timed() {
  local name=$1 log=$2 start=$EPOCHREALTIME
  shift 2
  export COURSE_COMPILE_TIMES="$log.times"
  : >"$COURSE_COMPILE_TIMES"
  { /usr/bin/time -f '%U %S %e' -o "$work/time" "$@" 2>&1 || echo "exit $?"; } | stamp "$start" >"$log"
  if grep -qE '^[0-9.]+ exit [0-9]+$' "$log"; then
    tail -n 30 "$log"
    echo "first_contact.sh: step '$name' failed (log above: $log)" >&2
    exit 1
  fi
  local user sys wall jobs first
  read -r user sys wall <"$work/time"
  jobs=$(grep -cE 'Building CXX object|Precompiling the course headers' "$log" || true)
  first=$(awk 'built && !/^[0-9.]+ \(/ { print $1; exit } / done in [0-9]+ s$/ { built = 1 }' "$log")
  printf '%-34s %8.1f %8.1f %12s %6s %s\n' "$name" "$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" "$wall" \
    "${first:--}" "$jobs" "$(cut -d' ' -f1-3 /proc/loadavg)"
  if ((times == 1)); then "$root/bench/lib/compile_summary.sh" "$COURSE_COMPILE_TIMES" 2>&1 | sed 's/^/    /'; fi
}
# ./run.sh's exit code is check's: 1 while exercises fail (the starters' do).
run_sh() {
  ./run.sh
  [ $? -le 1 ]
}
# The build's own log (cmake's lines) is build/build.log: counted with the step's.
with_build_log() {
  "$@"
  local rc=$?
  cat build/build.log
  return $rc
}

if [ "$only" = handout ]; then
  "$root/build/bin/grader" release "$work/handout" >"$work/release.log" 2>&1
else
  cd "$work"
  timed "course: git clone + ./run.sh" "$work/course.log" \
    bash -c "$(declare -f run_sh with_build_log); git clone -q '$root' course && cd course && with_build_log run_sh"
  cd "$work/course"
  if [ "$only" != student ]; then
  timed "course: + all (./run.sh grade)" "$work/course-all.log" cmake --build build -j2
  timed "course: + course_tests (./test.sh)" "$work/course-tests.log" cmake --build build -j2 --target course_tests
  fi

  [ "$only" = course ] && { ((keep == 1)) && echo "kept: $work"; exit 0; }
  build/bin/grader release "$work/handout" >"$work/release.log" 2>&1
fi
cd "$work/handout"
timed "handout: ./run.sh" "$work/handout.log" bash -c "$(declare -f run_sh with_build_log); with_build_log run_sh"
((keep == 1)) && echo "kept: $work"
exit 0
