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
#
# TEST_UNITY does the same for test code (the suites' *_test.cpp files), whose
# files each define their own helpers and constants with the same names
# (kTol, matrix...) in an anonymous namespace: one unit of them would not
# compile. The unity file includes, first, every header the files include
# (each header is include-guarded, so the files' own #include lines then add
# nothing), then each file inside a namespace of its own, course_unity_<n>, so
# that their namespace-scope names stay apart. gtest registers each TEST by
# its suite and test names, not by the C++ namespace, and in the files' order,
# so the suite lists and runs the same tests in the same order; each test's
# file (__FILE__, which the grader maps to its exercise) is still the test
# file's path, now reached through the unity file's folder
# (build/unity/../../tests/...), which the grader's match of a path's end
# accepts. A test file that reopens a namespace of its own (a PrintTo for
# gtest's argument-dependent lookup, say) would need to be left out: no
# suite file does.
# Call it after the target's last target_sources().
function(course_tool_build)
  cmake_parse_arguments(ARG "UNITY;TEST_UNITY" "" "" ${ARGN})
  foreach(target IN LISTS ARG_UNPARSED_ARGUMENTS)
    target_compile_options(${target} PRIVATE "$<$<CONFIG:Release,RelWithDebInfo,MinSizeRel>:-O1>")
    if(NOT ARG_UNITY AND NOT ARG_TEST_UNITY)
      continue()
    endif()
    if(ARG_TEST_UNITY)
      # GCC warns of a test class whose base uses a type of an anonymous
      # namespace (a TEST_P's parameter) when the class is in an included
      # file, as it could be defined in several units; each test file is
      # included once, in this unit only.
      target_compile_options(${target} PRIVATE "$<$<CXX_COMPILER_ID:GNU>:-Wno-subobject-linkage>")
    endif()
    get_target_property(sources ${target} SOURCES)
    get_target_property(source_dir ${target} SOURCE_DIR)
    set(unity_dir "${CMAKE_BINARY_DIR}/unity")
    set(text "// All sources of ${target}, compiled as one (cmake/ToolBuild.cmake). Generated: do not edit.\n")
    set(headers "")
    set(body "")
    set(included "")
    set(n 0)
    foreach(s IN LISTS sources)
      if(NOT s MATCHES "\\.cpp$")
        continue()
      endif()
      get_filename_component(abs "${s}" ABSOLUTE BASE_DIR "${source_dir}")
      file(RELATIVE_PATH rel "${unity_dir}" "${abs}")
      cmake_path(IS_PREFIX CMAKE_BINARY_DIR "${abs}" generated)
      if(ARG_TEST_UNITY AND generated)
        continue()  # the build's own sources (BuildPaths.cmake's values): global, compiled alone
      elseif(ARG_TEST_UNITY)
        # The file's own #include lines, once each, ahead of every namespace;
        # the build configures again when a file changes (its includes may have).
        set_property(DIRECTORY "${PROJECT_SOURCE_DIR}" APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${abs}")
        file(STRINGS "${abs}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"]")
        foreach(line IN LISTS lines)
          string(STRIP "${line}" line)
          if(NOT line IN_LIST headers)
            list(APPEND headers "${line}")
          endif()
        endforeach()
        math(EXPR n "${n} + 1")
        string(APPEND body "namespace course_unity_${n} {\n#include \"${rel}\"\n}  // namespace course_unity_${n}\n")
      else()
        string(APPEND body "#include \"${rel}\"\n")
      endif()
      list(APPEND included "${abs}")
    endforeach()
    foreach(line IN LISTS headers)
      string(APPEND text "${line}\n")
    endforeach()
    string(APPEND text "${body}")
    file(CONFIGURE OUTPUT "${unity_dir}/${target}.cpp" CONTENT "${text}")
    set_source_files_properties(${included} TARGET_DIRECTORY ${target} PROPERTIES HEADER_FILE_ONLY ON)
    target_sources(${target} PRIVATE "${unity_dir}/${target}.cpp")
  endforeach()
endfunction()
