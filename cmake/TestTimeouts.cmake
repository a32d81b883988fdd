# One scale for every time limit in the course's own tests: the ctest TIMEOUT
# of each test and the deadlines the tests give the programs they run (see
# tests/support/timeouts.hpp). The defaults are generous for an idle 2-core
# machine; on a slower or busier one, raise the scale:
#   COURSE_TEST_TIMEOUT_SCALE=3 ./test.sh
# It is read when the tests are configured (./test.sh configures every time)
# and again by each test when it runs, so the two agree.
if(DEFINED ENV{COURSE_TEST_TIMEOUT_SCALE} AND NOT "$ENV{COURSE_TEST_TIMEOUT_SCALE}" STREQUAL "")
  set(COURSE_TEST_TIMEOUT_SCALE "$ENV{COURSE_TEST_TIMEOUT_SCALE}")
else()
  set(COURSE_TEST_TIMEOUT_SCALE 1)
endif()
if(NOT COURSE_TEST_TIMEOUT_SCALE MATCHES "^[0-9]+(\\.[0-9]+)?$" OR COURSE_TEST_TIMEOUT_SCALE MATCHES "^0+(\\.0*)?$")
  message(FATAL_ERROR "COURSE_TEST_TIMEOUT_SCALE must be a positive number such as 2 or 1.5, got "
                      "'${COURSE_TEST_TIMEOUT_SCALE}'")
endif()
if(NOT COURSE_TEST_TIMEOUT_SCALE STREQUAL "1")
  message(STATUS "Test timeouts scaled by ${COURSE_TEST_TIMEOUT_SCALE} (COURSE_TEST_TIMEOUT_SCALE)")
endif()

# Tests read the same value (tests/support/timeouts.hpp), the environment's
# first: the compiled-in one is what the tests were configured with.
add_compile_definitions(COURSE_TEST_TIMEOUT_SCALE_DEFAULT=${COURSE_TEST_TIMEOUT_SCALE})

# course_test_timeout(<var> <seconds>): <seconds> times the scale, rounded up.
# CMake's math is integer only: the scale is taken as a decimal fraction.
function(course_test_timeout var seconds)
  string(REGEX MATCH "^([0-9]+)(\\.([0-9]+))?$" _ "${COURSE_TEST_TIMEOUT_SCALE}")
  set(whole "${CMAKE_MATCH_1}")
  set(fraction "${CMAKE_MATCH_3}")
  string(LENGTH "${fraction}" digits)
  string(REPEAT "0" ${digits} zeros)
  set(denominator "1${zeros}")
  if(fraction STREQUAL "")
    set(fraction 0)
  endif()
  math(EXPR numerator "${whole} * ${denominator} + ${fraction}")
  math(EXPR scaled "(${seconds} * ${numerator} + ${denominator} - 1) / ${denominator}")
  set(${var} ${scaled} PARENT_SCOPE)
endfunction()
