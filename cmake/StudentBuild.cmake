# course_student_target(<dir>...)
#
# The target course_student: what a student's `grader check`, `watch`,
# `hint`, `reset`, `list` and `picture` need, and nothing else. ./run.sh
# builds it for those commands (scripts/deps.sh), so a fresh clone's first
# check waits for the grader, the lessons' worker pieces, the public suites,
# the precompiled lesson headers and the pictures only. It is every target
# defined under <dir>... (the grader and the lessons) but those marked
# grading-only (course_grading_only, CourseLesson.cmake: the references, their
# servers, the hidden and serving suites), so a piece added later is in it
# without being listed here. The default build (`all`) holds those too, for
# `grader grade`, `validate` and `mutate`; ./test.sh adds the framework's own
# tests (course_tests).
function(course_student_target)
  add_custom_target(course_student)
  get_property(grading_only GLOBAL PROPERTY COURSE_GRADING_ONLY_TARGETS)
  foreach(dir IN LISTS ARGN)
    course_targets_below("${dir}" targets)
    foreach(target IN LISTS targets)
      get_target_property(type ${target} TYPE)
      if(NOT target IN_LIST grading_only AND NOT type STREQUAL "INTERFACE_LIBRARY")
        add_dependencies(course_student ${target})
      endif()
    endforeach()
  endforeach()
endfunction()
