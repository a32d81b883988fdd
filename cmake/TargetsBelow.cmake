# course_targets_below(<dir> <var>)
#
# Sets <var> to every target defined in the source folder <dir> and in the
# folders it adds (add_subdirectory), at any depth. The top-level CMakeLists
# makes course_tests depend on those of tests/, which is added EXCLUDE_FROM_ALL,
# so that a new test program is built by ./test.sh without being listed twice.
function(course_targets_below dir var)
  get_property(targets DIRECTORY "${dir}" PROPERTY BUILDSYSTEM_TARGETS)
  get_property(subdirs DIRECTORY "${dir}" PROPERTY SUBDIRECTORIES)
  foreach(sub IN LISTS subdirs)
    course_targets_below("${sub}" sub_targets)
    list(APPEND targets ${sub_targets})
  endforeach()
  set(${var} ${targets} PARENT_SCOPE)
endfunction()
