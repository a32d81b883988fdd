# Sourced by run.sh and test.sh: installs the Debian packages the course
# needs, or, when not root, prints the exact apt-get line and stops.
COURSE_PACKAGES=(
  cmake make ninja-build g++ pkg-config git ccache
  libgtest-dev libgmock-dev libbenchmark-dev
  libeigen3-dev libfmt-dev libyaml-cpp-dev libcli11-dev nlohmann-json3-dev
  libsqlitecpp-dev libsqlite3-dev libarchive-dev libcairo2-dev libssl-dev libutf8proc-dev
  zip unzip
)

# Optional: only the class report's browser test (tests/report) needs them;
# it installs them itself when run as root: course_install_packages "${BROWSER_TEST_PACKAGES[@]}".
BROWSER_TEST_PACKAGES=(chromium)

course_install_packages() {
  local missing=() p installed
  # One dpkg-query for every package (one per package took seconds on a busy
  # machine, before every ./run.sh check); unknown packages print nothing.
  installed=" $(dpkg-query -W -f='${Package} ${Status}\n' "${COURSE_PACKAGES[@]}" "$@" 2>/dev/null |
    awk '$NF == "installed" && $(NF-1) == "ok" { sub(/:.*/, "", $1); printf "%s ", $1 }')"
  for p in "${COURSE_PACKAGES[@]}" "$@"; do
    [[ $installed == *" $p "* ]] || missing+=("$p")
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

# A student's new build folder is made for Ninja (./run.sh, the handout's
# build): a build with nothing to do takes it well under a second, where Make
# walks its 300 targets' makefiles for 5 to 20 seconds, and `./run.sh check`
# builds before every check. An existing folder keeps the generator it was
# made with (CMake reads CMAKE_GENERATOR only for a new one); a generator the
# caller set wins. ./test.sh keeps CMake's default.
course_student_generator() {
  if [ -z "${CMAKE_GENERATOR:-}" ] && [ ! -f build/CMakeCache.txt ] && command -v ninja >/dev/null 2>&1; then
    export CMAKE_GENERATOR=Ninja
  fi
}

# What a student and the grader need (the default build: no framework tests).
course_build() {
  course_student_generator
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
# runs `check`); the grader alone for the author's new-course and new-lesson,
# which write files and run nothing of the course; all (the references and
# the hidden and serving suites too) for any other: grade, validate, mutate,
# regrade and the rest. The command is the first argument that names one, so
# global options may come first (`./run.sh --no-color grade solutions`).
course_build_target() {
  local a
  for a in "$@"; do
    case "$a" in
      list | check | watch | hint | reset | picture) echo course_student; return ;;
      new-course | new-lesson) echo grader; return ;;
      grade | validate | mutate | export | review | release | gradescope-bundle | merge | roster | gradebook-check | \
        history | regrade | similarity) echo all; return ;;
    esac
  done
  echo course_student
}

# course_build with the compiler's output in build/build.log and one line per
# stage on the terminal; on failure, the errors and the log's path.
# COURSE_BUILD_TARGET (default all) is the target built. A build folder that
# is configured already is not configured again here: the build does it
# itself when a CMakeLists.txt, course.yaml or a globbed folder changed.
course_build_quiet() {
  course_student_generator
  mkdir -p build
  local log=build/build.log start=$SECONDS
  : >"$log"
  printf 'Configuring (cmake) ... '
  local first=' (the first build takes a few minutes)'
  if [ -f build/CMakeCache.txt ] && { [ -f build/build.ninja ] || [ -f build/Makefile ]; } && (($# == 0)); then
    echo "done before (the build configures again if the course changed)"
    first=
  elif ! cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "$@" >>"$log" 2>&1; then
    course_build_failed "$log"
    return 1
  else
    echo done
  fi
  local target=${COURSE_BUILD_TARGET:-all} what='the grader and the lessons'
  [ "$target" = all ] && what='the grader, the lessons and the hidden suites'
  [ "$target" = grader ] && what='the grader'
  local label="Building $what$first ..."
  printf '%s ' "$label"
  # The build's exit status, through the pipe into the meter.
  local status_file=build/build.status
  { cmake --build build -j"$(nproc)" --target "$target" 2>&1; echo $? >"$status_file"; } |
    course_build_meter "$log" "$label"
  if [ "$(cat "$status_file" 2>/dev/null)" != 0 ]; then
    course_build_failed "$log"
    return 1
  fi
  echo "done in $((SECONDS - start)) s"
  local warnings
  warnings=$(grep -c 'warning:' "$log" || true)
  if ((warnings > 0)); then echo "($warnings compiler warnings: see $log)"; fi
}

# course_build_meter LOG LABEL: the build's output (stdin) appended to LOG;
# on a terminal, LABEL redrawn with the build's progress ("[ 45%]" from Make,
# "[12/104]" from Ninja) as it comes, so a first build of several minutes
# shows it is moving. Elsewhere (a CI log, a pipe) nothing is printed but LOG.
course_build_meter() {
  local log=$1 label=$2 line shown=""
  local tty=0
  [ -t 1 ] && tty=1
  while IFS= read -r line; do
    printf '%s\n' "$line" >>"$log"
    ((tty == 1)) || continue
    if [[ $line =~ ^\[\ *([0-9]+)%\] ]]; then
      shown="${BASH_REMATCH[1]}%"
    elif [[ $line =~ ^\[([0-9]+)/([0-9]+)\] ]]; then
      shown="${BASH_REMATCH[1]}/${BASH_REMATCH[2]} steps"
    else
      continue
    fi
    printf '\r\033[K%s %s ' "$label" "$shown"
  done
  if ((tty == 1)) && [ -n "$shown" ]; then printf '\r\033[K%s ' "$label"; fi
  return 0
}

# course_build_failed LOG: the build's errors (20 lines at most) and where
# the rest is, with what to do when the target asked for does not exist.
course_build_failed() {
  echo failed
  grep -m 20 -E 'error|Error' "$1" >&2 || tail -n 20 "$1" >&2
  course_unknown_target_hint "$1" >&2
  echo "The build failed; the full output is in $1" >&2
}

# course_unknown_target_hint LOG: when LOG says the build has no target of
# the name asked for (Make's "No rule to make target 'X'", Ninja's "unknown
# target 'X'"), one line: the targets a lesson has (cmake/CourseLesson.cmake)
# and the command that lists this build's targets of that lesson.
course_unknown_target_hint() {
  local target lesson
  target=$(sed -n -E "s/.*(No rule to make target|unknown target) [\`']([^']+)'.*/\2/p" "$1" | head -n 1)
  [ -n "$target" ] || return 0
  lesson=$target
  if [[ $target =~ ^suite_(.+)_(public_serving|public|hidden)(_objects)?$ ]] ||
    [[ $target =~ ^course_(.+)_(reference_server|reference|worker_table|student_pch|use_stubs|proxy)$ ]]; then
    lesson=${BASH_REMATCH[1]}
  fi
  echo "No target '$target' in this build: a lesson ID (hyphens as underscores) has suite_ID_public," \
    "course_ID_worker_table and course_ID_student_pch, with solutions/ also suite_ID_hidden and course_ID_reference," \
    "and suite_ID_public_serving only when it uses an earlier lesson's reference (a uses entry without" \
    "mode: student) or its exercises use one another; this build's targets of it:" \
    "cmake --build build --target help | grep $lesson"
}
