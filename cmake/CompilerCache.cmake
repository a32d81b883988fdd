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
    # ccache fails every compile when it cannot write its cache (a read-only
    # HOME in a build sandbox): use it only when its folder is writable.
    execute_process(COMMAND ${COURSE_CCACHE_PROGRAM} --get-config cache_dir
                    OUTPUT_VARIABLE course_ccache_dir OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE course_ccache_rc)
    set(course_ccache_usable FALSE)
    if(course_ccache_rc EQUAL 0 AND course_ccache_dir)
      execute_process(COMMAND ${CMAKE_COMMAND} -E make_directory ${course_ccache_dir} RESULT_VARIABLE r1 ERROR_QUIET)
      execute_process(COMMAND ${CMAKE_COMMAND} -E touch ${course_ccache_dir}/.course-write-probe RESULT_VARIABLE r2
                      ERROR_QUIET)
      if(r1 EQUAL 0 AND r2 EQUAL 0)
        set(course_ccache_usable TRUE)
      endif()
    endif()
    if(course_ccache_usable)
      set(CMAKE_CXX_COMPILER_LAUNCHER env CCACHE_BASEDIR=${PROJECT_SOURCE_DIR} CCACHE_NOHASHDIR=true
                                      ${COURSE_CCACHE_PROGRAM})
      message(STATUS "Compiling through ${COURSE_CCACHE_PROGRAM}, cache in ${course_ccache_dir} "
                     "(-DCOURSE_USE_CCACHE=OFF to stop)")
    else()
      message(STATUS "ccache found, but its cache folder '${course_ccache_dir}' is not writable: compiling without it")
    endif()
  endif()
endif()
