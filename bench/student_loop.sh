#!/usr/bin/env bash
# The student's loop, timed: grader check after editing one file, against
# compiling that file alone and a naive CMake + ctest set-up (bench/naive/student/).
#   bench/student_loop.sh [--build DIR] [--rounds N] [--clean-rounds N] [--file REL]
#                         [--baseline-grader EXE [--baseline-toolchain JSON]] [LESSON...]
#   bench/student_loop.sh --every-file [--rounds N]   (every student file: check against compile alone)
# Defaults: --build build-bench, 5 rounds, 2 clean naive builds, lesson positional-encoding.
set -euo pipefail
exec /usr/bin/python3 "$(dirname "$0")/lib/student_loop.py" "$@"
