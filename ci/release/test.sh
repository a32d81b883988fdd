#!/usr/bin/env bash
# The test command: builds the course, then runs the public tests on your
# work in starter/ (the same as `grader check`, arguments included:
# ./test.sh LESSON). Exits 0 only when every public test passes.
set -euo pipefail
cd "$(dirname "$0")"
source scripts/deps.sh
course_install_packages
course_build
# Any tests the course registers with CTest run too.
ctest --test-dir build --output-on-failure --no-tests=ignore -j"$(nproc)"
exec build/bin/grader check "$@"
