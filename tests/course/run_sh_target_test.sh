#!/usr/bin/env bash
# The build target ./run.sh picks for a grader command (scripts/deps.sh,
# course_build_target): the student's part (course_student) for a student's
# commands and for none; everything (all: the hidden suites too) for any
# command that grades or is an instructor's, wherever it comes among the
# arguments.
#   run_sh_target_test.sh SOURCE_DIR
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
((failures == 0)) && echo "every command builds its target" || exit 1
