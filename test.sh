#!/usr/bin/env bash
# The test command: builds everything (the course and, unlike ./run.sh, the
# framework's own tests: target course_tests) and runs every test through
# ctest (framework unit and integration tests, `grader validate`, the release
# and Gradescope simulations, the hostile-submission suite). Exits non-zero on
# any failure. Extra arguments go to ctest, e.g. ./test.sh -L exploits.
set -euo pipefail
cd "$(dirname "$0")"
source scripts/deps.sh
course_install_packages
course_build_with_tests
ctest --test-dir build --output-on-failure -j"$(nproc)" "$@"
