# ccache for the course's own build (the grader, suites, tests), when it is
# installed. Rebuilding after a branch switch, a `grader release` handout or a
# Gradescope bundle built on the same machine then reuse objects already
# compiled: the test run builds all three.
#
# CCACHE_BASEDIR makes the paths ccache hashes relative to the source folder,
# so two checkouts in different places (each built in its own ./build, as
# run.sh does) share their objects. -DCOURSE_USE_CCACHE=OFF turns it off.
# Student files compiled by the grader never go through ccache: the grader
# has its own content-addressed object cache (grader/build).
option(COURSE_USE_CCACHE "Compile through ccache when it is installed" ON)
if(COURSE_USE_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  find_program(COURSE_CCACHE_PROGRAM ccache)
  if(COURSE_CCACHE_PROGRAM)
    set(CMAKE_CXX_COMPILER_LAUNCHER env CCACHE_BASEDIR=${PROJECT_SOURCE_DIR} CCACHE_NOHASHDIR=true
                                    ${COURSE_CCACHE_PROGRAM})
    message(STATUS "Compiling through ${COURSE_CCACHE_PROGRAM} (-DCOURSE_USE_CCACHE=OFF to stop)")
  endif()
endif()
