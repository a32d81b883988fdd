# course_tool_build(<target>... [UNITY])
#
# Trusted code whose speed does not decide a grade (the grader's command line
# and libraries, the test suites' own code) is compiled at -O1 instead of the
# build type's -O3: most of a fresh clone's build is the compiler optimising
# template code (nlohmann/json, CLI11, fmt, gtest, Eigen) that runs for
# milliseconds. Only optimised builds are changed (Debug keeps -O0). Never
# for what is linked into a student's worker (grader_protocol, grader_worker,
# course_common*, the lessons' worker tables and use stubs) or for the
# references, whose speed and code the hidden sweeps depend on; student files
# keep COURSE_STUDENT_CXX_FLAGS (cmake/Warnings.cmake).
#
# UNITY also compiles all of a target's .cpp files as one translation unit,
# so the heavy headers are parsed and their templates instantiated once per
# target instead of once per file. The unity file is written by hand rather
# than with CMake's UNITY_BUILD, whose file includes the sources by absolute
# path: that text differs between checkouts, and ccache (CompilerCache.cmake)
# would share nothing between a clone, its handout and its bundle. Here it
# lives in the build folder and includes each source by its path relative to
# it, so it is the same file in every checkout built in its own ./build.
# Call it after the target's last target_sources().
function(course_tool_build)
  cmake_parse_arguments(ARG "UNITY" "" "" ${ARGN})
  foreach(target IN LISTS ARG_UNPARSED_ARGUMENTS)
    target_compile_options(${target} PRIVATE "$<$<CONFIG:Release,RelWithDebInfo,MinSizeRel>:-O1>")
    if(NOT ARG_UNITY)
      continue()
    endif()
    get_target_property(sources ${target} SOURCES)
    get_target_property(source_dir ${target} SOURCE_DIR)
    set(unity_dir "${CMAKE_BINARY_DIR}/unity")
    set(text "// All sources of ${target}, compiled as one (cmake/ToolBuild.cmake). Generated: do not edit.\n")
    set(included "")
    foreach(s IN LISTS sources)
      if(NOT s MATCHES "\\.cpp$")
        continue()
      endif()
      get_filename_component(abs "${s}" ABSOLUTE BASE_DIR "${source_dir}")
      file(RELATIVE_PATH rel "${unity_dir}" "${abs}")
      string(APPEND text "#include \"${rel}\"\n")
      list(APPEND included "${abs}")
    endforeach()
    file(CONFIGURE OUTPUT "${unity_dir}/${target}.cpp" CONTENT "${text}")
    set_source_files_properties(${included} TARGET_DIRECTORY ${target} PROPERTIES HEADER_FILE_ONLY ON)
    target_sources(${target} PRIVATE "${unity_dir}/${target}.cpp")
  endforeach()
endfunction()
