// A lesson's entry added to an existing course.yaml as text: the author's
// comments, order and spelling stay as they are (re-serialising the YAML
// would lose them).
#pragma once

#include <stdexcept>
#include <string>

namespace grader::skeleton {

/// course.yaml's text with `entry` (one item of the lessons list, written
/// with its dash indented by two spaces) after the last lesson: at the end of
/// the top-level `lessons:` block, before any later top-level key and the
/// comments above it, indented like the list's first item. Throws
/// std::invalid_argument when the file has no block list `lessons:` (absent,
/// or written in flow style `lessons: [...]`).
std::string with_lesson_entry(const std::string& course_yaml, const std::string& entry);

}  // namespace grader::skeleton
