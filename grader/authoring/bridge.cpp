#include "grader/authoring/bridge.hpp"

#include <sstream>

namespace course::bridge {

std::string describe_arg(std::int64_t i) { return std::to_string(i); }
std::string describe_arg(double d) {
  std::ostringstream s;
  s << d;
  return s.str();
}
std::string describe_arg(bool b) { return b ? "true" : "false"; }

}  // namespace course::bridge
