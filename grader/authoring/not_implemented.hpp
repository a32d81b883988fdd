// What a starter's stub throws. The worker reports it as the error kind
// "not_implemented" (worker_support.cpp), so the grader tells "not started"
// from "wrong" (a test that reached a stub is `not_implemented`, never a
// failure). Student files may include it: the build copies it into the
// folder of framework headers the compiler sandbox admits
// (grader/authoring/CMakeLists.txt).
#pragma once

#include <stdexcept>
#include <string>

namespace course {

/// Thrown by starter stubs: "not implemented: running_mean (lesson x, exercise y)".
class not_implemented : public std::logic_error {
 public:
  not_implemented(const std::string& function, const std::string& where)
      : std::logic_error("not implemented: " + function + " (" + where + ")") {}
};

}  // namespace course
