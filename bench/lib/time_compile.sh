#!/usr/bin/env bash
# A compiler launcher (CMAKE_CXX_COMPILER_LAUNCHER) for bench/compile_times.sh:
# runs the compile and appends "user sys wall OBJECT" (from /usr/bin/time) to
# the file $COURSE_COMPILE_TIMES. The compile's exit code is kept.
out="" prev=""
for a in "$@"; do
  [ "$prev" = "-o" ] && out="$a"
  prev="$a"
done
t="$(mktemp)"
/usr/bin/time -f '%U %S %e' -o "$t" "$@"
rc=$?
printf '%s %s\n' "$(tail -n 1 "$t")" "$out" >>"${COURSE_COMPILE_TIMES:?set COURSE_COMPILE_TIMES to the file of times}"
rm -f "$t"
exit "$rc"
