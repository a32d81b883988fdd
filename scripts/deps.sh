# Sourced by run.sh and test.sh: installs the Debian packages the course
# needs, or, when not root, prints the exact apt-get line and stops.
COURSE_PACKAGES=(
  cmake make g++ pkg-config git ccache
  libgtest-dev libgmock-dev libbenchmark-dev
  libeigen3-dev libfmt-dev libyaml-cpp-dev libcli11-dev nlohmann-json3-dev
  libsqlitecpp-dev libsqlite3-dev libarchive-dev libcairo2-dev libssl-dev libutf8proc-dev
  zip unzip
)

# Optional: only the class report's browser test (tests/report) needs them;
# it installs them itself when run as root: course_install_packages "${BROWSER_TEST_PACKAGES[@]}".
BROWSER_TEST_PACKAGES=(chromium)

course_install_packages() {
  local missing=() p
  for p in "${COURSE_PACKAGES[@]}" "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  ((${#missing[@]} == 0)) && return 0
  if [ "$(id -u)" -eq 0 ]; then
    echo "Installing Debian packages: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
  else
    echo "These Debian packages are missing: ${missing[*]}" >&2
    echo "Install them, then run this command again:" >&2
    echo "  sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
    exit 2
  fi
}

# What a student and the grader need (the default build: no framework tests).
course_build() {
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
  cmake --build build -j"$(nproc)"
}

# course_build and the framework's own tests (target course_tests): ./test.sh.
course_build_with_tests() {
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
  cmake --build build -j"$(nproc)" --target course_tests
}

# The build target a grader command needs: course_student (the grader, the
# lessons' worker pieces, the public suites, the precompiled lesson headers,
# the pictures) for a student's commands, and without a command (./run.sh
# runs `check`); all (the references and the hidden and serving suites too)
# for any other: grade, validate, mutate, regrade and the rest. The command
# is the first argument that names one, so global options may come first
# (`./run.sh --no-color grade solutions`).
course_build_target() {
  local a
  for a in "$@"; do
    case "$a" in
      list | check | watch | hint | reset | picture) echo course_student; return ;;
      grade | validate | mutate | export | review | release | gradescope-bundle | merge | roster | gradebook-check | \
        history | regrade | similarity) echo all; return ;;
    esac
  done
  echo course_student
}

# course_build with the compiler's output in build/build.log and one line per
# stage on the terminal; on failure, the errors and the log's path.
# COURSE_BUILD_TARGET (default all) is the target built.
course_build_quiet() {
  mkdir -p build
  local log=build/build.log start=$SECONDS
  : >"$log"
  printf 'Configuring (cmake) ... '
  if ! cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "$@" >>"$log" 2>&1; then
    course_build_failed "$log"
    return 1
  fi
  echo done
  local target=${COURSE_BUILD_TARGET:-all} what='the grader and the lessons'
  [ "$target" = all ] && what='the grader, the lessons and the hidden suites'
  printf 'Building %s (the first build takes a few minutes) ... ' "$what"
  if ! cmake --build build -j"$(nproc)" --target "$target" >>"$log" 2>&1; then
    course_build_failed "$log"
    return 1
  fi
  echo "done in $((SECONDS - start)) s"
  local warnings
  warnings=$(grep -c 'warning:' "$log" || true)
  if ((warnings > 0)); then echo "($warnings compiler warnings: see $log)"; fi
}

course_build_failed() {
  echo failed
  grep -m 20 -E 'error|Error' "$1" >&2 || tail -n 20 "$1" >&2
  echo "The build failed; the full output is in $1" >&2
}
