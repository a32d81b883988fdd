# course_require_bridge_costs(<id> <declarations.hpp> <costs.hpp> USERS <lesson>... EXERCISES <exercise>...)
#
# A lesson's reference answers the calls of the lessons that `use` it (and of
# its exercises other exercises use) with each function's cost estimated in
# lessons/<id>/bridge/costs.hpp (docs/bridge-api.md). Without that file the
# generated reference server fails to compile deep in
# grader/authoring/reference_support.hpp ("costs has not been declared"); this
# stops the configure instead, naming the file and who needs it. A list whose
# classes do not travel (no COURSE_OBJECT_STATE) and that holds no function
# needs none. Usable in script mode (cmake -P), which is how
# tests/examples/bridge_costs_check_test.sh checks it.
function(course_require_bridge_costs id declarations costs)
  cmake_parse_arguments(ARG "" "" "USERS;EXERCISES" ${ARGN})
  if(EXISTS "${costs}" OR (NOT ARG_USERS AND NOT ARG_EXERCISES))
    return()
  endif()
  file(READ "${declarations}" text)
  # FUNCTION(name, ...) entries of the lists (the macro's parameter list reads
  # "(FUNCTION, CLASS, ...") and a class that travels (COURSE_OBJECT_STATE):
  # both are served with their costs.
  if(NOT text MATCHES "FUNCTION\\([A-Za-z_]" AND NOT text MATCHES "COURSE_OBJECT_STATE\\([A-Za-z_:]")
    return()
  endif()
  set(who "")
  if(ARG_USERS)
    list(JOIN ARG_USERS ", " users)
    string(APPEND who "used by lesson ${users} (course.yaml `uses`): its reference server answers their calls")
  endif()
  if(ARG_EXERCISES)
    list(JOIN ARG_EXERCISES ", " exercises)
    if(who)
      string(APPEND who ", and ")
    endif()
    string(APPEND who "the exercise ${exercises} of it is used by the lesson's other exercises (course.yaml, an exercise's `uses`)")
  endif()
  string(REPLACE "-" "_" name "${id}")
  message(FATAL_ERROR "lesson ${id} is ${who}: write lessons/${id}/bridge/costs.hpp, the estimated cost of each "
                      "function and travelling class method its bridge/declarations.hpp lists (namespace course::bridge::${name}::costs; see "
                      "docs/bridge-api.md, \"Earlier lessons' functions\"), then configure again")
endfunction()
