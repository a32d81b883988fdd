#!/usr/bin/env bash
# The build target ./run.sh picks for a grader command (scripts/deps.sh,
# course_build_target): the student's part (course_student) for a student's
# commands and for none; everything (all: the hidden suites too) for any
# command that grades or is an instructor's, wherever it comes among the
# arguments.
#   run_sh_target_test.sh SOURCE_DIR [PYTHON]
set -uo pipefail
# shellcheck source=../../scripts/deps.sh
source "${1:?the course folder}/scripts/deps.sh"
failures=0
expect() {
  local want=$1 got
  shift
  got=$(course_build_target "$@")
  if [ "$got" != "$want" ]; then
    echo "FAIL: ./run.sh $* builds '$got', expected '$want'"
    failures=$((failures + 1))
  fi
}
expect course_student
expect course_student check
expect course_student check attention
expect course_student --no-color check positional-encoding
expect course_student -j 2 watch attention
expect course_student hint pe-formula
expect course_student reset pe-formula
expect course_student list
expect course_student picture encoding -o pe.png
expect course_student --help
for command in grade validate mutate regrade export review release gradescope-bundle merge roster gradebook-check \
  history similarity; do
  expect all "$command"
done
expect all grade solutions --format json
expect all --no-color grade solutions
expect all --jobs 2 validate attention
expect all grade check  # a folder named like a student's command: the command comes first
expect grader new-lesson my-lesson
expect grader --course ../course new-lesson check  # a lesson named like a student's command

# The build's progress (course_build_meter): every line goes to the log; on a
# terminal the label is redrawn with Make's "[ 45%]" or Ninja's "[12/104]";
# elsewhere nothing but the log is written (a CI log keeps its one line).
log=$(mktemp)
trap 'rm -f "$log" "$log.tty"' EXIT
input=$'[1/3] Building CXX object a.o\nwarning: unused x\n[ 45%] Building CXX object c.o\n[3/3] Linking CXX executable g'
meter_to_pipe=$(printf '%s\n' "$input" | course_build_meter "$log" "Building ...")
if [ -n "$meter_to_pipe" ]; then
  echo "FAIL: the meter wrote to a pipe: '$meter_to_pipe'"; failures=$((failures + 1))
fi
if [ "$(cat "$log")" != "$input" ]; then
  echo "FAIL: the log does not hold the build's output as it came:"; cat "$log"; failures=$((failures + 1))
fi
# tests/support/on_a_terminal.py gives the meter a terminal and reads back
# everything it drew (script(1) may drop a quick child's last output).
# Where no pseudo-terminal can be had (exit 77), this part is skipped, said so.
python=${2:-}
if [ -n "$python" ]; then
  : >"$log"
  "$python" "$(dirname "$0")/../support/on_a_terminal.py" bash -c \
    "source '$1/scripts/deps.sh'; printf '%s\\n' '${input//\'/}' | course_build_meter '$log' 'Building ...'" \
    >"$log.tty" 2>&1 </dev/null
  status=$?
  if ((status == 77)); then
    echo "note: no pseudo-terminal here; the meter's terminal output was not checked"
  else
    for shown in "Building ... 1/3 steps" "Building ... 45%" "Building ... 3/3 steps"; do
      if ! grep -qF "$shown" "$log.tty"; then
        echo "FAIL: on a terminal the meter did not show '$shown' (it drew: $(tr -c '[:print:]\n' '?' <"$log.tty"))"
        failures=$((failures + 1))
      fi
    done
  fi
else
  echo "note: no Python here; the meter's terminal output was not checked"
fi
# A failed build that asked for a target the build does not have (Make's and
# Ninja's words): the lesson's targets and the command that lists them; any
# other failure is told as before, without that line.
for said in "gmake: *** No rule to make target 'suite_my_lesson_public_serving'.  Stop." \
  "ninja: error: unknown target 'suite_my_lesson_public_serving'"; do
  printf '%s\n' "$said" >"$log"
  told=$(course_build_failed "$log" 2>&1)
  for part in "No target 'suite_my_lesson_public_serving' in this build" "suite_ID_public_serving only when it uses" \
    "cmake --build build --target help | grep my_lesson" "the full output is in $log"; do
    if [[ $told != *"$part"* ]]; then
      echo "FAIL: a build without the target asked for ($said) does not say '$part':"; echo "$told"
      failures=$((failures + 1))
    fi
  done
done
printf '%s\n' "x.cpp:3:1: error: 'y' was not declared in this scope" >"$log"
if course_build_failed "$log" 2>&1 | grep -q "No target"; then
  echo "FAIL: a compile error is told as a missing target"; failures=$((failures + 1))
fi

((failures == 0)) && echo "every command builds its target; the build's progress shows on a terminal only; a missing target is named with the lesson's targets" || exit 1
