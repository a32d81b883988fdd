#!/usr/bin/env bash
# Gradescope runs this once, as root, while it builds the autograder image:
# it installs the Debian/Ubuntu packages the course needs (only those
# missing) and builds the grader with the hidden tests into
# /autograder/source/build, so each submission only compiles its own files.
#
# Environment (all optional):
#   AUTOGRADER_ROOT             stands in for /autograder (for trying the bundle locally)
#   CMAKE_BUILD_PARALLEL_LEVEL  compile jobs (default: every core)
set -euo pipefail

root="${AUTOGRADER_ROOT:-/autograder}"
src="$root/source"
cd "$src"
started=$SECONDS

# python3 is run_autograder's JSON helper (validating results.json, adding
# the submission time); the rest is the course's own list.
source scripts/deps.sh
course_install_packages python3

# The course needs CMake 3.25: say so plainly instead of a configure error.
cmake_version="$(cmake --version | head -n1 | grep -oE '[0-9]+\.[0-9]+' | head -n1)"
if [ "$(printf '%s\n' 3.25 "$cmake_version" | sort -V | head -n1)" != 3.25 ]; then
  echo "setup.sh: CMake $cmake_version is too old; the course needs 3.25 or newer." >&2
  echo "Choose a newer base image (Ubuntu 24.04) in the assignment's autograder settings." >&2
  exit 2
fi

export CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc)}"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release \
  -DCOURSE_WITH_HIDDEN_TESTS=ON -DCOURSE_BUILD_TESTS=OFF -DCOURSE_BUILD_BENCHMARKS=OFF >/dev/null
cmake --build build

# Gradescope copies run_autograder to /autograder; keep the source copy runnable too.
chmod +x "$src/run_autograder"

# The course loads with its hidden suites and the toolchain manifest is in place.
build/bin/grader --no-color list >/dev/null
echo "setup.sh: built the grader with hidden tests in $((SECONDS - started)) s ($CMAKE_BUILD_PARALLEL_LEVEL jobs)"
