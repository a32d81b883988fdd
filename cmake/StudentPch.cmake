# course_student_pch(<id> <var>)
#
# One precompiled header per lesson for the student files the grader compiles
# (grader/build/worker_builder.cpp). Compiling a student file is mostly
# parsing the course's headers (Eigen above all); with this header the
# grader compiles each student file as if it began with
#   #include "<id>/<api>.hpp"   (every header in lessons/<id>/)
# read from build/student-pch/<id>/lesson.hpp.gch instead of from source.
#
# Only course-owned headers go in: the lesson's API headers and what they
# include (lessons/common/, Eigen, the standard library), and
# common/eigen_kernels.hpp, which tells the compiler that Eigen's float
# product kernels are compiled once, in course_common. It is built here, in
# the trusted build, with exactly the flags, include folders and compiler the
# grader gives student files, so GCC accepts it for them; CMake rebuilds it
# when one of those headers changes (the depfile lists them all). <var> is set
# to the manifest entry for the lesson ("" when lessons/<id>/ has no header).
#
# -DCOURSE_STUDENT_PCH=OFF builds none: the grader then compiles every file
# from source, with the same forced include.
option(COURSE_STUDENT_PCH "Precompile each lesson's API header for the student files the grader compiles" ON)

function(course_student_pch id var)
  set(${var} "" PARENT_SCOPE)
  file(GLOB api_headers RELATIVE "${COURSE_DIR}/lessons" CONFIGURE_DEPENDS "${COURSE_DIR}/lessons/${id}/*.hpp")
  if(NOT api_headers)
    return()
  endif()
  list(SORT api_headers)
  # Eigen's float product kernels, compiled once in course_common: declared
  # "instantiated elsewhere" for every student file (common/eigen_kernels.hpp).
  if(EXISTS "${COURSE_DIR}/lessons/common/eigen_kernels.hpp")
    list(APPEND api_headers common/eigen_kernels.hpp)
  endif()
  # Eigen's assertions in student files throw a course error the grader
  # explains (grader/authoring/eigen_assert.hpp): first, before any header includes Eigen.
  list(PREPEND api_headers grader/authoring/eigen_assert.hpp)
  set(dir "${CMAKE_BINARY_DIR}/student-pch/${id}")
  set(header "${dir}/lesson.hpp")
  set(text "// The course headers every student file of lesson ${id} is compiled with,\n")
  string(APPEND text "// precompiled into lesson.hpp.gch (cmake/StudentPch.cmake). Generated: do not edit.\n")
  set(includes "")
  foreach(h IN LISTS api_headers)
    string(APPEND text "#include \"${h}\"\n")
    string(APPEND includes "\"${h}\", ")
  endforeach()
  string(REGEX REPLACE ", $" "" includes "${includes}")
  file(CONFIGURE OUTPUT "${header}" CONTENT "${text}")

  set(gch "")
  if(COURSE_STUDENT_PCH)
    string(REPLACE "-" "_" name "${id}")
    get_target_property(eigen_includes Eigen3::Eigen INTERFACE_INCLUDE_DIRECTORIES)
    set(system_flags "")
    foreach(d IN LISTS eigen_includes)
      list(APPEND system_flags -isystem "${d}")
    endforeach()
    # The grader's compile line (WorkerBuilder::build): compiler, student
    # flags, -I lessons, -I the framework's student headers, -isystem Eigen. Not through ccache: the header holds
    # this checkout's absolute paths.
    # Every course header, not only those the .gch includes: the grader uses
    # a .gch only when it is newer than every header under lessons/ (GCC does
    # not check), so the build remakes it on the same rule.
    file(GLOB_RECURSE course_headers CONFIGURE_DEPENDS "${COURSE_DIR}/lessons/*.hpp"
         "${COURSE_DIR}/lessons/*.h" "${COURSE_STUDENT_FRAMEWORK_INCLUDE}/*.hpp")
    add_custom_command(
      OUTPUT "${header}.gch"
      COMMAND "${CMAKE_CXX_COMPILER}" ${COURSE_STUDENT_CXX_FLAGS} "-I${COURSE_DIR}/lessons"
              "-I${COURSE_STUDENT_FRAMEWORK_INCLUDE}" ${system_flags}
              -x c++-header "${header}" -MD -MF "${header}.d" -MT "${header}.gch" -o "${header}.gch"
      DEPENDS "${header}" ${course_headers}
      DEPFILE "${header}.d"
      COMMENT "Precompiling the course headers for student files of lesson ${id}"
      VERBATIM)
    add_custom_target(course_${name}_student_pch ALL DEPENDS "${header}.gch")
    set(gch "${header}.gch")
  endif()
  set(${var} "\"precompiled_header\": {\"header\": \"${header}\", \"includes\": [${includes}], \"gch\": \"${gch}\"}" PARENT_SCOPE)
endfunction()
