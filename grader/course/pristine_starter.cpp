#include "grader/course/pristine_starter.hpp"

#include <string>

namespace grader::course {

std::filesystem::path pristine_starter(const std::filesystem::path& course_root) {
  namespace fs = std::filesystem;
  // Neither .grader/ nor .grader/starter/ may be a link (checked without following one).
  fs::path at = course_root;
  bool is_copy = true;
  for (const auto& part : fs::path(std::string(kHandoutStarterCopy))) {
    at /= part;
    std::error_code ec;
    if (!fs::is_directory(fs::symlink_status(at, ec))) is_copy = false;
  }
  return is_copy ? at : course_root / "starter";
}

}  // namespace grader::course
