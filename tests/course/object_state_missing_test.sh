#!/usr/bin/env bash
# A class a later lesson uses, listed without its COURSE_OBJECT_STATE line
# (object_state_missing.cpp): compiling its generated use stubs, and its
# generated reference server, fails, and the first error names the class,
# the missing line and the section of docs/bridge-api.md.
#   object_state_missing_test.sh CXX SOURCE_DIR
set -uo pipefail
cxx=${1:?the C++ compiler}
src=${2:?the repository}
failures=0
for side in use_stubs server; do
  flags=()
  [ "$side" = server ] && flags=(-DOBJECT_STATE_MISSING_SERVER)
  out=$("$cxx" -std=c++20 -fsyntax-only -I"$src" "${flags[@]}" "$src/tests/course/object_state_missing.cpp" 2>&1)
  status=$?
  if ((status == 0)); then
    echo "FAIL ($side): a class without COURSE_OBJECT_STATE compiled"
    failures=$((failures + 1))
    continue
  fi
  first=$(grep -m 1 'error:' <<<"$out")
  for part in "class course::OsUnstated" "COURSE_OBJECT_STATE(course::OsUnstated," "bridge/declarations.hpp" \
    'docs/bridge-api.md, "A class a later lesson uses"'; do
    if [[ $first != *"$part"* ]]; then
      echo "FAIL ($side): the first error does not say '$part': $first"
      failures=$((failures + 1))
    fi
  done
done
((failures == 0)) && echo "a class without its COURSE_OBJECT_STATE line stops the compile, naming it, the line and the docs" ||
  exit 1
