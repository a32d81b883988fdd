#!/usr/bin/env bash
# The first command: installs missing Debian packages, builds into build/,
# then runs the grader (default: `grader check` on your workspace).
#   ./run.sh                      # progress through the course
#   ./run.sh check LESSON         # one lesson
#   ./run.sh grade solutions      # any grader arguments (grade, validate... also
#                                 # build the hidden suites)
set -euo pipefail
cd "$(dirname "$0")"
source scripts/deps.sh
course_install_packages
# A student's commands build only what they run; grade, validate and the
# other instructor commands build the hidden suites too (scripts/deps.sh).
COURSE_BUILD_TARGET=$(course_build_target "$@") course_build_quiet
if (($# == 0)); then set -- check; fi
exec build/bin/grader "$@"
