# add_course_lesson(<id>)
#
# Builds one lesson's slice of the course. course_build_lessons() (below) calls it for
# every lesson of course.yaml that has code, in course order, with the
# lesson's `uses` read from course.yaml (cmake/CourseFacts.cmake): nothing
# here lists the lessons again. [USES <lesson-id>...] overrides those `uses`
# (for a lesson course.yaml does not list); a second call for a lesson already
# built is ignored with a warning. The targets:
#   course_<id>_reference      solutions/<id>/*.cpp (trusted; linked into HIDDEN suites only,
#                              and absent from the student release, which has no solutions/)
#   course_<id>_worker_table   the lesson's functions and classes by name (linked into student
#                              workers), generated from lessons/<id>/bridge/declarations.hpp, the
#                              lesson's one list (grader/authoring/lesson_bridge.hpp, docs/bridge-api.md),
#                              as are the pieces below, into build/bridges/<id>/bridge/
#   course_<id>_proxy          header only: build/bridges/<id>/bridge/proxy.hpp, the suites' student::
#                              names (test side of the pipe)
#   suite_<id>_public/_hidden  tests/{public,hidden}/<id>/*.cpp, in build/suites/
#   course_<id>_use_stubs      the lesson's functions, and its classes' constructors and methods
#                              (COURSE_OBJECT_STATE), as callbacks to the trusted side, linked into the
#                              workers of later lessons graded against this lesson's reference
#                              (course.yaml `uses`; no reference code), with
#                              lessons/<id>/bridge/use_stubs.cpp when there is one
#   course_<id>_reference_server  answers those callbacks with the reference, each function's and
#                              method's cost from lessons/<id>/bridge/costs.hpp (trusted; linked into the suites of
#                              lessons that USE this one, when the reference exists), with
#                              lessons/<id>/bridge/reference_server.cpp when there is one
#   suite_<id>_public_serving  the public suite again, with the USES lessons' reference servers, for
#                              `grader grade` (the plain public suite, the one students build, never
#                              links a reference)
#   course_<id>_exercise_stubs_<exercise>  the functions of one exercise (its list
#                              COURSE_EXERCISE_<id>_<exercise> in declarations.hpp) as callbacks,
#                              linked into the workers that grade the exercises of the same lesson
#                              that use it (course.yaml, an exercise's `uses`); the lesson's own
#                              reference server then goes into its public_serving and hidden
#                              suites, which answer them
# and records where they are in the grader's toolchain manifest. Hyphens in
# ids become underscores in target names. Each lesson also gets the
# precompiled header its student files are compiled with (StudentPch.cmake).
include(${CMAKE_CURRENT_LIST_DIR}/BridgeChecks.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/StudentPch.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/BuildPaths.cmake)

# course_record_build_inputs(<artifact> [TEST_FOLDER <dir>] SOURCES <file>...):
# records in the toolchain manifest the sources a built piece (a suite, a
# worker library) compiles, so the grader can tell when it is out of date
# (grader/build/staleness.hpp). <artifact> may be a generator expression.
function(course_record_build_inputs artifact)
  cmake_parse_arguments(ARG "" "TEST_FOLDER" "SOURCES" ${ARGN})
  set(json "")
  foreach(source IN LISTS ARG_SOURCES)
    string(APPEND json "\"${source}\", ")
  endforeach()
  string(REGEX REPLACE ", $" "" json "${json}")
  set(entry "    \"${artifact}\": {\"sources\": [${json}]")
  if(ARG_TEST_FOLDER)
    string(APPEND entry ", \"test_folder\": \"${ARG_TEST_FOLDER}\"")
  endif()
  set_property(GLOBAL APPEND_STRING PROPERTY COURSE_MANIFEST_INPUTS "${entry}},\n")
endfunction()

# The same for a library target defined elsewhere (course_common, grader_worker...),
# its sources made absolute from the target's folder.
function(course_record_target_inputs target)
  get_target_property(sources ${target} SOURCES)
  get_target_property(dir ${target} SOURCE_DIR)
  set(absolute "")
  foreach(source IN LISTS sources)
    cmake_path(ABSOLUTE_PATH source BASE_DIRECTORY "${dir}" NORMALIZE OUTPUT_VARIABLE source)
    list(APPEND absolute "${source}")
  endforeach()
  course_record_build_inputs("$<TARGET_FILE:${target}>" SOURCES ${absolute})
endfunction()

# course_grading_only(<target>...): what only grading needs (the references,
# their servers, the hidden and serving suites), left out of the student's
# build (target course_student, cmake/StudentBuild.cmake). The default build
# still holds them: `cmake --build build` is what grade and validate need.
function(course_grading_only)
  set_property(GLOBAL APPEND PROPERTY COURSE_GRADING_ONLY_TARGETS ${ARGN})
endfunction()

function(add_course_lesson id)
  cmake_parse_arguments(ARG "" "" "USES" ${ARGN})
  string(REPLACE "-" "_" name "${id}")
  set(src "${COURSE_DIR}")
  get_property(built GLOBAL PROPERTY COURSE_LESSONS_BUILT)
  if(id IN_LIST built)
    message(AUTHOR_WARNING "add_course_lesson(${id}): the lesson is already built from course.yaml "
                           "(${COURSE_LESSON_${name}_WHERE}); remove this call")
    return()
  endif()
  set_property(GLOBAL APPEND PROPERTY COURSE_LESSONS_BUILT "${id}")
  if(NOT DEFINED ARG_USES)
    set(ARG_USES ${COURSE_LESSON_${name}_USES})
  endif()
  set(bridge_dir "${src}/lessons/${id}/bridge")
  set(declarations "${bridge_dir}/declarations.hpp")
  if(NOT EXISTS "${declarations}")
    message(FATAL_ERROR "lesson '${id}' (${COURSE_LESSON_${name}_WHERE}) has code exercises, so the build needs "
                        "lessons/${id}/bridge/declarations.hpp, the list of its functions and classes "
                        "(docs/bridge-api.md), or its exercises marked 'kind: quiz'")
  endif()

  # The course's own shared code (its types and their codecs: lessons/common),
  # when its lessons/CMakeLists.txt defines the library course_common.
  set(common course_lesson_headers)
  if(TARGET course_common)
    list(APPEND common course_common)
  endif()

  file(GLOB ref_sources CONFIGURE_DEPENDS "${src}/solutions/${id}/*.cpp")
  if(ref_sources)
    add_library(course_${name}_reference STATIC ${ref_sources})
    course_grading_only(course_${name}_reference)
    # The reference links those of the lessons it uses: a suite linking it is built from all of them.
    set(all_ref_sources ${ref_sources})
    target_link_libraries(course_${name}_reference PUBLIC ${common} PRIVATE course::warnings)
    foreach(dep IN LISTS ARG_USES)
      string(REPLACE "-" "_" dep_name "${dep}")
      if(TARGET course_${dep_name}_reference)
        target_link_libraries(course_${name}_reference PUBLIC course_${dep_name}_reference)
        get_property(dep_ref_sources GLOBAL PROPERTY COURSE_REFERENCE_SOURCES_${dep_name})
        list(APPEND all_ref_sources ${dep_ref_sources})
      endif()
    endforeach()
    list(REMOVE_DUPLICATES all_ref_sources)
    set_property(GLOBAL PROPERTY COURSE_REFERENCE_SOURCES_${name} ${all_ref_sources})
  endif()

  # The bridge's pieces, generated from the lesson's one list
  # (bridge/declarations.hpp, grader/authoring/lesson_bridge.hpp) into
  # build/bridges/<id>/bridge/: written only when their text changes.
  set(gen "${CMAKE_BINARY_DIR}/bridges/${id}/bridge")
  set(generated_by "// Generated by cmake/CourseLesson.cmake from lessons/${id}/bridge/declarations.hpp.\n")
  set(include_declarations "#include \"${id}/bridge/declarations.hpp\"\n")

  # Exercises of this lesson whose functions its other exercises can be graded
  # against (an exercise's `uses`): each has its own list in declarations.hpp,
  # COURSE_EXERCISE_<id>_<exercise>, served by this lesson's reference server,
  # and named after the lesson's own list in every expansion.
  file(READ "${declarations}" declarations_text)
  string(REGEX MATCHALL "#define COURSE_EXERCISE_${name}_[a-z0-9_]+\\(" exercise_lists "${declarations_text}")
  set(exercises_served "")
  set(exercise_args "")
  foreach(define IN LISTS exercise_lists)
    string(REGEX REPLACE "^#define COURSE_EXERCISE_${name}_([a-z0-9_]+)\\($" "\\1" exercise_name "${define}")
    list(APPEND exercises_served "${exercise_name}")
    string(APPEND exercise_args ", ${exercise_name}")
  endforeach()
  # An exercise whose files define methods of a class restates the class in
  # its list (docs/bridge-api.md); stubs a list cannot say are hand-written,
  # bridge/exercise_stubs/<exercise>.cpp, beside or instead of a list, and
  # served by the lesson's bridge/reference_server.cpp.
  file(GLOB handwritten_stubs CONFIGURE_DEPENDS "${bridge_dir}/exercise_stubs/*.cpp")
  set(exercises_stubbed ${exercises_served})
  foreach(stub IN LISTS handwritten_stubs)
    get_filename_component(exercise "${stub}" NAME_WE)
    string(REPLACE "-" "_" exercise_name "${exercise}")
    list(APPEND exercises_stubbed "${exercise_name}")
  endforeach()
  list(REMOVE_DUPLICATES exercises_stubbed)
  file(CONFIGURE OUTPUT "${gen}/worker_table.cpp" CONTENT
       "${generated_by}#include \"grader/authoring/worker_support.hpp\"\n${include_declarations}COURSE_WORKER_TABLE(${name}${exercise_args})\n")
  add_library(course_${name}_worker_table STATIC "${gen}/worker_table.cpp")
  target_link_libraries(course_${name}_worker_table PUBLIC grader_authoring_worker ${common} PRIVATE course::warnings)
  course_record_build_inputs("$<TARGET_FILE:course_${name}_worker_table>" SOURCES "${declarations}")

  # The suites' student:: names: a header only, found under build/bridges.
  file(CONFIGURE OUTPUT "${gen}/proxy.hpp" CONTENT
       "${generated_by}#pragma once\n#include \"grader/authoring/proxy_support.hpp\"\n${include_declarations}COURSE_STUDENT_PROXIES(${name}${exercise_args})\n")
  add_library(course_${name}_proxy INTERFACE)
  target_include_directories(course_${name}_proxy INTERFACE "${CMAKE_BINARY_DIR}/bridges")
  target_link_libraries(course_${name}_proxy INTERFACE grader_authoring_proxy ${common})

  # Is a later lesson graded with this one's reference (course.yaml `uses`,
  # not `mode: student`, which compiles the student's own files of this one)?
  set(used_later FALSE)
  set(reference_users "")  # who is graded with its reference: the reference server is built for them
  foreach(other IN LISTS COURSE_CODE_LESSONS)
    string(REPLACE "-" "_" other_name "${other}")
    if(id IN_LIST COURSE_LESSON_${other_name}_USES AND NOT id IN_LIST COURSE_LESSON_${other_name}_USES_STUDENT_CODE)
      set(used_later TRUE)
      list(APPEND reference_users "${other} (mode reference)")
    endif()
  endforeach()
  # Only with the reference (instructor builds): a handout compiles the
  # student's own files of the lessons and exercises it uses.
  set(use_stub_sources "")
  set(server_sources "")
  if(TARGET course_${name}_reference AND used_later)
    file(CONFIGURE OUTPUT "${gen}/use_stubs.cpp" CONTENT
         "${generated_by}#include \"grader/authoring/worker_support.hpp\"\n${include_declarations}COURSE_USE_STUBS(${name}${exercise_args})\n")
    set(use_stub_sources "${gen}/use_stubs.cpp")
    if(EXISTS "${bridge_dir}/use_stubs.cpp")
      list(APPEND use_stub_sources "${bridge_dir}/use_stubs.cpp")
    endif()
    add_library(course_${name}_use_stubs STATIC ${use_stub_sources})
    target_link_libraries(course_${name}_use_stubs PUBLIC grader_authoring_worker ${common} PRIVATE course::warnings)
    list(REMOVE_ITEM use_stub_sources "${gen}/use_stubs.cpp")
    course_record_build_inputs("$<TARGET_FILE:course_${name}_use_stubs>" SOURCES "${declarations}" ${use_stub_sources})
  endif()
  if(TARGET course_${name}_reference AND (used_later OR exercises_stubbed))
    set(served_exercises "")
    foreach(exercise_name IN LISTS exercises_served)
      string(REPLACE "_" "-" exercise "${exercise_name}")
      list(APPEND served_exercises "${exercise}")
    endforeach()
    course_require_bridge_costs("${id}" "${declarations}" "${bridge_dir}/costs.hpp" USERS ${reference_users}
                                EXERCISES ${served_exercises})
    # The cost estimators of the served functions and methods (costs.hpp;
    # a lesson without one serves nothing that needs an estimate).
    set(text "${generated_by}#include \"grader/authoring/reference_support.hpp\"\n")
    set(costs "${bridge_dir}/costs.hpp")
    if(EXISTS "${costs}")
      string(APPEND text "#include \"${id}/bridge/costs.hpp\"\n")
    else()
      string(APPEND text "${include_declarations}")
      set(costs "")
    endif()
    if(used_later)
      string(APPEND text "COURSE_REFERENCE_SERVER(${name}, \"${id}\"${exercise_args})\n")
    endif()
    foreach(exercise_name IN LISTS exercises_served)
      string(REPLACE "_" "-" exercise "${exercise_name}")
      string(APPEND text "COURSE_REFERENCE_SERVER_LIST(COURSE_EXERCISE_${name}_${exercise_name}, ${name}, \"${id}/${exercise}\")\n")
    endforeach()
    file(CONFIGURE OUTPUT "${gen}/reference_server.cpp" CONTENT "${text}")
    set(server_sources "${gen}/reference_server.cpp")
    if(EXISTS "${bridge_dir}/reference_server.cpp")
      list(APPEND server_sources "${bridge_dir}/reference_server.cpp")
    endif()
    # An object library: its objects register the functions from static
    # initialisers, which a static library would leave out of the link.
    add_library(course_${name}_reference_server OBJECT ${server_sources})
    course_grading_only(course_${name}_reference_server)
    target_link_libraries(course_${name}_reference_server PUBLIC course_${name}_reference grader_client
                          PRIVATE course::warnings)
    list(REMOVE_ITEM server_sources "${gen}/reference_server.cpp")
    list(APPEND server_sources "${declarations}" ${costs})
  endif()
  set(exercise_stubs_json "")
  if(TARGET course_${name}_reference_server)
    foreach(exercise_name IN LISTS exercises_stubbed)
      string(REPLACE "_" "-" exercise "${exercise_name}")
      set(stub_sources "")
      if(exercise_name IN_LIST exercises_served)
        file(CONFIGURE OUTPUT "${gen}/exercise_stubs/${exercise}.cpp" CONTENT
             "${generated_by}#include \"grader/authoring/worker_support.hpp\"\n${include_declarations}COURSE_USE_STUBS_LIST(COURSE_EXERCISE_${name}_${exercise_name}, ${name})\n")
        list(APPEND stub_sources "${gen}/exercise_stubs/${exercise}.cpp")
      endif()
      set(handwritten "")
      if(EXISTS "${bridge_dir}/exercise_stubs/${exercise}.cpp")
        set(handwritten "${bridge_dir}/exercise_stubs/${exercise}.cpp")
        list(APPEND stub_sources "${handwritten}")
      endif()
      add_library(course_${name}_exercise_stubs_${exercise_name} STATIC ${stub_sources})
      target_link_libraries(course_${name}_exercise_stubs_${exercise_name} PUBLIC grader_authoring_worker ${common}
                            PRIVATE course::warnings)
      course_record_build_inputs("$<TARGET_FILE:course_${name}_exercise_stubs_${exercise_name}>"
                                 SOURCES "${declarations}" ${handwritten})
      string(APPEND exercise_stubs_json
             "\"${exercise}\": \"$<TARGET_FILE:course_${name}_exercise_stubs_${exercise_name}>\", ")
    endforeach()
    string(REGEX REPLACE ", $" "" exercise_stubs_json "${exercise_stubs_json}")
  endif()
  set_property(GLOBAL PROPERTY COURSE_SERVER_SOURCES_${name} ${server_sources})
  # The used lessons whose functions this lesson's suites can serve as callbacks.
  # A use written with mode: student is never served: grade compiles the
  # student's own files of that lesson into the worker.
  set(served "")
  foreach(dep IN LISTS ARG_USES)
    string(REPLACE "-" "_" dep_name "${dep}")
    if(dep IN_LIST COURSE_LESSON_${name}_USES_STUDENT_CODE)
      continue()
    endif()
    if(TARGET course_${dep_name}_reference_server AND TARGET course_${dep_name}_use_stubs)
      list(APPEND served "${dep}")
    endif()
  endforeach()

  set(suites "")
  set(variants public hidden)
  if(served OR exercise_stubs_json)
    list(APPEND variants public_serving)
  endif()
  foreach(variant IN LISTS variants)
    string(REPLACE "_serving" "" visibility "${variant}")
    file(GLOB suite_sources CONFIGURE_DEPENDS "${src}/tests/${visibility}/${id}/*.cpp")
    if(suite_sources AND (visibility STREQUAL "public" OR (COURSE_WITH_HIDDEN_TESTS AND TARGET course_${name}_reference)))
      set(target suite_${name}_${variant})
      # The suite's own code, compiled once per visibility: the serving
      # variant links the public suite's objects again, with other servers.
      set(objects suite_${name}_${visibility}_objects)
      if(NOT TARGET ${objects})
        add_library(${objects} OBJECT ${suite_sources})
        target_include_directories(${objects} PRIVATE "${src}/tests/${visibility}/${id}")
        course_build_paths(${objects} PRIVATE "COURSE_SOURCE_DIR=${src}")
        target_link_libraries(${objects} PRIVATE course_${name}_proxy grader_suite_main course::warnings
                              course::gcc12_string_warnings)
        if(visibility STREQUAL "hidden")
          target_link_libraries(${objects} PRIVATE course_${name}_reference)
        endif()
        # A test's speed decides nothing (the student's code runs in the
        # worker), and its compile is nearly all parsing gtest, Eigen and the
        # course headers: the suite's files are compiled as one unit, at -O1.
        course_tool_build(${objects} TEST_UNITY)
      endif()
      add_executable(${target} $<TARGET_OBJECTS:${objects}>)
      if(visibility STREQUAL "hidden")
        course_grading_only(${target} ${objects})
      elseif(NOT variant STREQUAL "public")
        course_grading_only(${target})  # the serving suite: its objects are the public suite's
      endif()
      target_link_libraries(${target} PRIVATE course_${name}_proxy grader_suite_main)
      # Public suites ship to students, who have no solutions/: they must not
      # use ref:: (a link error says so). Hidden suites compare with the reference.
      if(visibility STREQUAL "hidden")
        target_link_libraries(${target} PRIVATE course_${name}_reference)
      endif()
      # The suites `grade` runs answer the worker's callbacks with the used lessons' references.
      if(NOT variant STREQUAL "public")
        foreach(dep IN LISTS served)
          string(REPLACE "-" "_" dep_name "${dep}")
          target_link_libraries(${target} PRIVATE course_${dep_name}_reference_server)
        endforeach()
        if(exercise_stubs_json)
          target_link_libraries(${target} PRIVATE course_${name}_reference_server)
        endif()
      endif()
      set_target_properties(${target} PROPERTIES RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/suites")
      # What the suite is built from, for the grader's out-of-date check: its
      # tests, the lesson's proxy, and the references and servers it links.
      set(inputs ${suite_sources} "${declarations}")
      if(visibility STREQUAL "hidden")
        get_property(linked_refs GLOBAL PROPERTY COURSE_REFERENCE_SOURCES_${name})
        list(APPEND inputs ${linked_refs})
      endif()
      if(NOT variant STREQUAL "public")
        foreach(dep IN LISTS served)
          string(REPLACE "-" "_" dep_name "${dep}")
          get_property(linked_refs GLOBAL PROPERTY COURSE_REFERENCE_SOURCES_${dep_name})
          get_property(dep_server_sources GLOBAL PROPERTY COURSE_SERVER_SOURCES_${dep_name})
          list(APPEND inputs ${dep_server_sources} ${linked_refs})
        endforeach()
        if(exercise_stubs_json)
          get_property(linked_refs GLOBAL PROPERTY COURSE_REFERENCE_SOURCES_${name})
          list(APPEND inputs ${server_sources} ${linked_refs})
        endif()
      endif()
      list(REMOVE_DUPLICATES inputs)
      course_record_build_inputs("$<TARGET_FILE:${target}>" TEST_FOLDER "${src}/tests/${visibility}/${id}"
                                 SOURCES ${inputs})
      string(APPEND suites "\"${variant}\": \"$<TARGET_FILE:${target}>\", ")
    endif()
  endforeach()
  string(REGEX REPLACE ", $" "" suites "${suites}")

  course_student_pch(${id} pch)
  if(pch)
    set(pch ", ${pch}")
  endif()

  set(libs "\"$<TARGET_FILE:course_${name}_worker_table>\", \"$<TARGET_FILE:grader_authoring_worker>\"")
  if(TARGET course_common)
    string(APPEND libs ", \"$<TARGET_FILE:course_common>\"")
  endif()
  string(APPEND libs ", \"$<TARGET_FILE:grader_worker>\", \"$<TARGET_FILE:grader_protocol>\"")
  set(extra "")
  if(TARGET course_${name}_use_stubs)
    string(APPEND extra ", \"use_stubs\": \"$<TARGET_FILE:course_${name}_use_stubs>\"")
  endif()
  set(served_json "")
  foreach(dep IN LISTS served)
    string(APPEND served_json "\"${dep}\", ")
  endforeach()
  string(REGEX REPLACE ", $" "" served_json "${served_json}")
  string(APPEND extra ", \"callback_lessons\": [${served_json}]")
  if(exercise_stubs_json)
    string(APPEND extra ", \"exercise_stubs\": {${exercise_stubs_json}}")
  endif()
  set_property(GLOBAL APPEND_STRING PROPERTY COURSE_MANIFEST_LESSONS
    "    \"${id}\": {\"worker_libraries\": [${libs}], \"suites\": {${suites}}${extra}${pch}},\n")
endfunction()

# course_build_lessons(): every lesson of course.yaml with a code exercise, in
# course order (COURSE_CODE_LESSONS, cmake/CourseFacts.cmake), each with the
# earlier lessons it `uses`; a lesson folder with a CMakeLists.txt of its own
# adds to it. Called once, from the course's lessons/CMakeLists.txt (after
# the course's shared library course_common, if it has one) or from the
# framework's cmake/lessons/CMakeLists.txt for a course without one.
function(course_build_lessons)
  # The course's headers, as every lesson target and its users include them
  # ("<id>/<api>.hpp", and the framework's "grader/authoring/...").
  add_library(course_lesson_headers INTERFACE)
  target_include_directories(course_lesson_headers INTERFACE "${COURSE_DIR}/lessons")
  target_link_libraries(course_lesson_headers INTERFACE grader_protocol)
  foreach(id IN LISTS COURSE_CODE_LESSONS)
    add_course_lesson(${id})
    if(EXISTS "${COURSE_DIR}/lessons/${id}/CMakeLists.txt")
      add_subdirectory("${COURSE_DIR}/lessons/${id}" "${CMAKE_BINARY_DIR}/lessons/${id}")
    endif()
  endforeach()
endfunction()

# Writes build/bin/grader-toolchain.json: how the grader compiles and links a
# student's worker, and where each lesson's suites are. Call once, after every
# add_course_lesson().
function(course_write_toolchain_manifest)
  get_property(lessons GLOBAL PROPERTY COURSE_MANIFEST_LESSONS)
  string(REGEX REPLACE ",\n$" "\n" lessons "${lessons}")
  foreach(library course_common grader_authoring_worker grader_worker grader_protocol)
    if(TARGET ${library})
      course_record_target_inputs(${library})
    endif()
  endforeach()
  get_property(inputs GLOBAL PROPERTY COURSE_MANIFEST_INPUTS)
  string(REGEX REPLACE ",\n$" "\n" inputs "${inputs}")
  get_property(programs GLOBAL PROPERTY COURSE_MANIFEST_PROGRAMS)
  string(REGEX REPLACE ",\n$" "\n" programs "${programs}")
  set(flags "")
  foreach(f IN LISTS COURSE_STUDENT_CXX_FLAGS)
    string(APPEND flags "\"${f}\", ")
  endforeach()
  string(REGEX REPLACE ", $" "" flags "${flags}")
  get_target_property(eigen_includes Eigen3::Eigen INTERFACE_INCLUDE_DIRECTORIES)
  set(system_includes "")
  foreach(dir IN LISTS eigen_includes)
    string(APPEND system_includes "\"${dir}\", ")
  endforeach()
  string(REGEX REPLACE ", $" "" system_includes "${system_includes}")
  # Every check and every graded lesson links a worker: gold does it with a
  # third of the CPU time of the default BFD ld (bench/README.md).
  include(CheckLinkerFlag)
  check_linker_flag(CXX "-fuse-ld=gold" COURSE_LINKER_GOLD)
  # -rdynamic: a worker names the functions on its stack when a call fails
  # (grader/worker/fault_stack.hpp: the function at fault).
  set(link_flags "\"-pthread\", \"-rdynamic\"")
  if(COURSE_LINKER_GOLD)
    string(APPEND link_flags ", \"-fuse-ld=gold\"")
  endif()
  if(COURSE_WITH_HIDDEN_TESTS)
    set(with_hidden true)
  else()
    set(with_hidden false)
  endif()
  file(GENERATE OUTPUT "${CMAKE_BINARY_DIR}/bin/grader-toolchain.json" CONTENT "{
  \"format_version\": 1,
  \"course_version\": \"${PROJECT_VERSION}\",
  \"course_root\": \"${COURSE_DIR}\",
  \"framework_root\": \"${PROJECT_SOURCE_DIR}\",
  \"compiler\": \"${CMAKE_CXX_COMPILER}\",
  \"compile_flags\": [${flags}],
  \"include_dirs\": [\"${COURSE_DIR}/lessons\", \"${COURSE_STUDENT_FRAMEWORK_INCLUDE}\"],
  \"system_include_dirs\": [${system_includes}],
  \"link_flags\": [${link_flags}],
  \"worker_main_object\": \"$<TARGET_OBJECTS:grader_worker_main>\",
  \"with_hidden\": ${with_hidden},
  \"lessons\": {
${lessons}  },
  \"programs\": {
${programs}  },
  \"build_inputs\": {
${inputs}  }
}
")
endfunction()

# add_course_program(<name> <target>): a trusted course program that calls a
# student's worker (a picture, course.yaml `pictures`), recorded in the
# grader's toolchain manifest under <name>.
function(add_course_program name target)
  set_property(GLOBAL APPEND_STRING PROPERTY COURSE_MANIFEST_PROGRAMS
    "    \"${name}\": \"$<TARGET_FILE:${target}>\",\n")
endfunction()
