// Loading and checking course.yaml.
#pragma once

#include <filesystem>
#include <string>

#include "grader/course/model.hpp"

namespace grader::course {

struct LoadOptions {
  /// Check that every listed file exists under the course root. The student
  /// release has no hidden tests, so it loads with check_hidden_files = false.
  bool check_files = true;
  bool check_hidden_files = true;
};

/// Parses and validates the file; throws CourseError listing every problem
/// as "course.yaml:LINE:COLUMN: error: what is wrong; what to do".
Course load_course(const std::filesystem::path& yaml_path, const LoadOptions& options = {});

/// Same, from text (for tests); `display_name` is used in locations and
/// `root` to resolve files.
Course load_course_from_string(const std::string& yaml_text, const std::string& display_name,
                               const std::filesystem::path& root, const LoadOptions& options = {});

}  // namespace grader::course
