#!/usr/bin/env bash
# Batch grading, timed: generated classes (mixed: many identical files;
# unique: every file of every submission different) graded with `grader grade
# DIR --gradebook tmp.db -j 2`, against the raw compile time of their unique
# files without a precompiled header, and (--naive N) a naive clean CMake
# build + ctest per submission (bench/naive/batch/).
#   bench/batch_bench.sh [--build DIR] [--class mixed|unique|both] [--count 50] [--jobs 2] [--naive 0] [--seed 1] [--keep]
#                        [--grader EXE] [--toolchain JSON] [--baseline-grader EXE [--baseline-toolchain JSON]]
set -euo pipefail
exec /usr/bin/python3 "$(dirname "$0")/lib/batch_bench.py" "$@"
