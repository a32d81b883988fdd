#!/usr/bin/env bash
# Where a fresh clone's first build (./run.sh's) spends its CPU: a clone of
# this checkout's HEAD, configured as ./run.sh does, built with -j2 and
# CCACHE_DISABLE=1 through bench/lib/time_compile.sh, which times every
# compile (user + system CPU seconds, /usr/bin/time). Prints the CPU seconds
# per target, largest first, and the total; the times of every compile stay in
# the folder printed with --keep.
#   bench/compile_times.sh [--keep] [TARGET]   (TARGET: what to build, default course_student,
#                                               what ./run.sh builds for `check`; all: for `grade`)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
keep=0
if [ "${1:-}" = "--keep" ]; then keep=1; shift; fi
target="${1:-course_student}"
work="$(mktemp -d /tmp/compile-times-XXXXXX)"
if ((keep == 0)); then trap 'rm -rf "$work"' EXIT; fi
export CCACHE_DISABLE=1 COURSE_COMPILE_TIMES="$work/times.txt"
: >"$COURSE_COMPILE_TIMES"
git clone -q "$root" "$work/course"
cd "$work/course"
# The launcher takes ccache's place (cmake/CompilerCache.cmake leaves a given launcher alone).
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER_LAUNCHER="$root/bench/lib/time_compile.sh" \
  >"$work/configure.log" 2>&1 || { tail -n 30 "$work/configure.log"; exit 1; }
/usr/bin/time -f '%U %S %e' -o "$work/build.time" cmake --build build -j2 --target "$target" >"$work/build.log" 2>&1 ||
  { tail -n 30 "$work/build.log"; echo "compile_times.sh: the build failed (log: $work/build.log)" >&2; exit 1; }
read -r user sys wall <"$work/build.time"
"$root/bench/lib/compile_summary.sh" "$COURSE_COMPILE_TIMES"
printf 'build: %.1f CPU s (user + sys of every process), %.1f s wall, %s compile warnings, load %s\n' \
  "$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" "$wall" "$(grep -c 'warning:' "$work/build.log" || true)" \
  "$(cut -d' ' -f1-3 /proc/loadavg)"
((keep == 1)) && echo "kept: $work"
exit 0
