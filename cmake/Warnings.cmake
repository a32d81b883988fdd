# Strict warnings for everything the course owns (grader, bridges, references, suites).
add_library(course_warnings INTERFACE)
add_library(course::warnings ALIAS course_warnings)
target_compile_options(course_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion)

# GCC 12 reports false positives inside libstdc++'s std::string once it is
# inlined at -O2/-O3 into code that builds strings from literals (the test
# suites' expected messages): -Wrestrict on a memcpy of "impossible" sizes in
# char_traits.h (GCC PR 105329, PR 105651) and -Wmaybe-uninitialized on a
# string member of a braced temporary (GCC PR 105562). Targets that include
# such code link this; other compilers and versions keep both warnings.
add_library(course_gcc12_string_warnings INTERFACE)
add_library(course::gcc12_string_warnings ALIAS course_gcc12_string_warnings)
set(course_is_gcc12 "$<AND:$<CXX_COMPILER_ID:GNU>,$<VERSION_GREATER_EQUAL:$<CXX_COMPILER_VERSION>,12>,$<VERSION_LESS:$<CXX_COMPILER_VERSION>,13>>")
target_compile_options(course_gcc12_string_warnings INTERFACE
  "$<${course_is_gcc12}:-Wno-restrict;-Wno-maybe-uninitialized>")

# The flags student code is compiled with, shared by the grader (which compiles
# submissions itself) and by the benchmarks (so timings use the same flags).
# -O2 keeps Eigen fast enough for the hidden sweeps; assertions stay on (no
# NDEBUG) so an out-of-range Eigen index aborts with a message instead of
# reading garbage.
set(COURSE_STUDENT_CXX_FLAGS -std=c++20 -O2 -g0 -Wall -Wextra -pipe CACHE STRING "Flags used to compile student files")
# Not a choice: at -O2 GCC moves a function's unlikely paths (the throw in
# its own body) into a `.cold` part with no exported name, and the grader
# then cannot name the function at fault (docs/architecture.md). Added after
# the cache, so a build configured before keeps the fault names too.
include(CheckCXXCompilerFlag)
check_cxx_compiler_flag(-fno-reorder-blocks-and-partition COURSE_HAS_NO_REORDER_PARTITION)
if(COURSE_HAS_NO_REORDER_PARTITION AND NOT "-fno-reorder-blocks-and-partition" IN_LIST COURSE_STUDENT_CXX_FLAGS)
  list(APPEND COURSE_STUDENT_CXX_FLAGS -fno-reorder-blocks-and-partition)
endif()
