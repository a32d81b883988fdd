# Strict warnings for everything the course owns (grader, bridges, references, suites).
add_library(course_warnings INTERFACE)
add_library(course::warnings ALIAS course_warnings)
target_compile_options(course_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion)

# The flags student code is compiled with, shared by the grader (which compiles
# submissions itself) and by the benchmarks (so timings use the same flags).
# -O2 keeps Eigen fast enough for the hidden sweeps; assertions stay on (no
# NDEBUG) so an out-of-range Eigen index aborts with a message instead of
# reading garbage.
set(COURSE_STUDENT_CXX_FLAGS -std=c++20 -O2 -g0 -Wall -Wextra -pipe CACHE STRING "Flags used to compile student files")
