// Every deadline a test gives a program it runs (the grader, a worker, a
// sandboxed shell) and every upper bound a test puts on how long something
// took comes from here, scaled by COURSE_TEST_TIMEOUT_SCALE: the same factor
// that scales the ctest TIMEOUT of each test (cmake/TestTimeouts.cmake). On a
// slow or busy machine, COURSE_TEST_TIMEOUT_SCALE=3 ./test.sh gives every
// test three times as long. The base values are generous already.
#pragma once

#include <chrono>
#include <cstdlib>
#include <string>

#ifndef COURSE_TEST_TIMEOUT_SCALE_DEFAULT
#define COURSE_TEST_TIMEOUT_SCALE_DEFAULT 1
#endif

namespace course_test {

/// The environment's COURSE_TEST_TIMEOUT_SCALE when it is a positive number,
/// else the value the tests were configured with.
inline double timeout_scale() {
  static const double scale = [] {
    if (const char* text = std::getenv("COURSE_TEST_TIMEOUT_SCALE"); text && *text) {
      char* end = nullptr;
      double value = std::strtod(text, &end);
      if (end && *end == 0 && value > 0) return value;
    }
    return static_cast<double>(COURSE_TEST_TIMEOUT_SCALE_DEFAULT);
  }();
  return scale;
}

/// `base` times the scale: a deadline or an upper bound on elapsed time.
template <class Rep, class Period>
std::chrono::milliseconds scaled(std::chrono::duration<Rep, Period> base) {
  const double ms = std::chrono::duration<double, std::milli>(base).count() * timeout_scale();
  return std::chrono::milliseconds(static_cast<long long>(ms + 0.999));
}

/// The same for a count of whole seconds (shell scripts, command-line options).
inline int scaled_seconds(int base) {
  return static_cast<int>(static_cast<double>(base) * timeout_scale() + 0.999);
}

}  // namespace course_test
