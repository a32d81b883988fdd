#!/usr/bin/env bash
# A student's first contact, timed from an empty compiler cache: a fresh clone
# of this checkout's HEAD (and the handout `grader release` makes of it),
# configured and built as ./run.sh does, then the first `grader check`.
#   bench/first_contact.sh [--keep]      (--keep: leave the clone in the folder printed)
# CCACHE_DISABLE=1 throughout, so nothing comes from the cache. Each step
# prints its CPU seconds (user + system of it and every process it started,
# from /usr/bin/time), its wall seconds, its compile jobs (the build log's
# "Building CXX object" lines and precompiled headers) and the load average
# when it ended. After the course's first check it also builds the
# framework's own tests (target course_tests, what ./test.sh adds), so the
# figures of the default build before it left them out are the sum of both.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
keep=0
[ "${1:-}" = "--keep" ] && keep=1
work="$(mktemp -d /tmp/first-contact-XXXXXX)"
if ((keep == 0)); then trap 'rm -rf "$work"' EXIT; fi
export CCACHE_DISABLE=1

cores=2  # the figures are for 2 cores, as in the README's target
printf '%-34s %8s %8s %8s %s\n' step cpu_s wall_s jobs load
# timed NAME LOG COMMAND...: runs COMMAND with its output in LOG and prints one line.
timed() {
  local name=$1 log=$2
  shift 2
  /usr/bin/time -f '%U %S %e' -o "$work/time" "$@" >"$log" 2>&1 || {
    tail -n 30 "$log"
    echo "first_contact.sh: step '$name' failed (log above: $log)" >&2
    exit 1
  }
  local user sys wall jobs
  read -r user sys wall <"$work/time"
  jobs=$(grep -cE 'Building CXX object|Precompiling the course headers' "$log" || true)
  printf '%-34s %8.1f %8.1f %8s %s\n' "$name" "$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" "$wall" "$jobs" \
    "$(cut -d' ' -f1-3 /proc/loadavg)"
}
# What ./run.sh does after installing packages (scripts/deps.sh, course_build_quiet).
configure_and_build() {
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build -j"$cores"
}

git clone -q "$root" "$work/course"
cd "$work/course"
timed "course: configure + build" "$work/course-build.log" bash -c "$(declare -f configure_and_build); cores=$cores; configure_and_build"
timed "course: first grader check" "$work/course-check.log" bash -c 'build/bin/grader --no-color --jobs 2 check; [ $? -le 1 ]'
timed "course: + course_tests (./test.sh)" "$work/course-tests.log" cmake --build build -j"$cores" --target course_tests

build/bin/grader release "$work/handout" >"$work/release.log" 2>&1
cd "$work/handout"
timed "handout: configure + build" "$work/handout-build.log" bash -c "$(declare -f configure_and_build); cores=$cores; configure_and_build"
timed "handout: first grader check" "$work/handout-check.log" bash -c 'build/bin/grader --no-color --jobs 2 check; [ $? -le 1 ]'
((keep == 1)) && echo "kept: $work"
exit 0
