# course_read_facts()
#
# The build takes the course's shape from course.yaml, where it is stated once:
# which lessons have code (in course order), the earlier lessons each one
# `uses` (with their modes), each lesson's student files, and the lesson each
# picture program draws from. At configure time this compiles
# cmake/course_facts.cpp (yaml-cpp only) into build/course-facts/course-facts,
# runs it on course.yaml and include()s the CMake fragment it writes,
# build/course-facts/course_facts.cmake (its variables are listed at the top
# of course_facts.cpp). An edit of course.yaml reconfigures the build.
#
# A course.yaml the build cannot read (a YAML syntax error, a duplicate lesson
# id, a `uses` naming an unknown or a later lesson, ...) stops the configure
# with each problem as FILE:LINE:COLUMN: error: ... and what to do. The grader's
# own loader (`grader list`, `grader validate`) checks the rest of the file.
macro(course_read_facts)
  course_facts_program(course_facts_program_path)
  set(COURSE_FACTS_FILE "${CMAKE_BINARY_DIR}/course-facts/course_facts.cmake")
  course_run_facts("${COURSE_DIR}/course.yaml" "${course_facts_program_path}" "${COURSE_FACTS_FILE}")
  set_property(DIRECTORY "${PROJECT_SOURCE_DIR}" APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
               "${COURSE_DIR}/course.yaml")
  include("${COURSE_FACTS_FILE}")
endmacro()

# course_facts_program(<var>): builds the facts program when it is missing or
# older than its sources, and sets <var> to its path.
function(course_facts_program var)
  set(dir "${CMAKE_BINARY_DIR}/course-facts")
  set(program "${dir}/course-facts")
  set(sources "${PROJECT_SOURCE_DIR}/cmake/course_facts.cpp" "${PROJECT_SOURCE_DIR}/grader/course/edit_distance.cpp")
  set(inputs ${sources} "${PROJECT_SOURCE_DIR}/grader/course/edit_distance.hpp")
  set_property(DIRECTORY "${PROJECT_SOURCE_DIR}" APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${inputs})
  set(${var} "${program}" PARENT_SCOPE)
  set(stale FALSE)
  foreach(input IN LISTS inputs)
    if(NOT EXISTS "${program}" OR "${input}" IS_NEWER_THAN "${program}")
      set(stale TRUE)
    endif()
  endforeach()
  if(NOT stale)
    return()
  endif()
  file(REMOVE "${program}")
  try_compile(built "${dir}/compile"
    SOURCES ${sources}
    CMAKE_FLAGS "-DINCLUDE_DIRECTORIES=${PROJECT_SOURCE_DIR}"
    LINK_LIBRARIES yaml-cpp
    CXX_STANDARD 20
    CXX_STANDARD_REQUIRED ON
    COPY_FILE "${program}"
    OUTPUT_VARIABLE log)
  if(NOT built)
    message(FATAL_ERROR "cannot compile cmake/course_facts.cpp, which reads course.yaml for the build "
                        "(is yaml-cpp installed? scripts/deps.sh installs it):\n${log}")
  endif()
endfunction()

# course_run_facts(<course.yaml> <program> <fragment>): runs the facts program;
# a course.yaml it cannot read stops the configure. Usable in script mode
# (cmake -P) too, which is how tests/course/course_facts_test.cpp checks it.
function(course_run_facts yaml program fragment)
  get_filename_component(dir "${fragment}" DIRECTORY)
  file(MAKE_DIRECTORY "${dir}")
  execute_process(COMMAND "${program}" "${yaml}" "${fragment}.new"
                  RESULT_VARIABLE status ERROR_VARIABLE problems OUTPUT_VARIABLE output)
  if(NOT status EQUAL 0)
    file(REMOVE "${fragment}.new")
    string(STRIP "${problems}" problems)
    # Indented lines are printed as written: CMake would rewrap the
    # FILE:LINE:COLUMN lines otherwise.
    string(REPLACE "\n" "\n  " problems "  ${problems}")
    message(FATAL_ERROR "The build cannot read course.yaml:\n${problems}\n"
                        "Fix the lines above (FILE:LINE:COLUMN) and configure again; once the build is done, "
                        "`grader list` checks the rest of the file.")
  endif()
  # Unchanged facts leave the fragment's time alone.
  file(COPY_FILE "${fragment}.new" "${fragment}" ONLY_IF_DIFFERENT)
  file(REMOVE "${fragment}.new")
endfunction()
