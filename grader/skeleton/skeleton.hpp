// `grader new-course` and `grader new-lesson`: a course folder, or one more
// lesson in a course, written from the skeleton templates
// (grader/skeleton/templates/): README, API header, bridge, starter,
// reference, public and hidden suites, and a mutant a public test catches,
// which `grader validate` passes as written (docs/authoring.md).
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace grader::skeleton {

/// What the user asked for cannot be written (the folder or lesson exists,
/// a bad id, course.yaml cannot take the entry): nothing was left behind,
/// and the message says what to do.
class SkeletonError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A lesson's names, all derived from its id: "second-lesson" gives the C++
/// name "second_lesson" (the bridge's list, the API header, the function
/// second_lesson_rms) and "SecondLesson" (the suites' test names).
struct LessonNames {
  std::string id;
  std::string identifier;
  std::string camel;
  std::string title;
};

/// Checks `id` by course.yaml's rule for ids and by what its C++ name needs
/// (a letter first, no "--", no trailing hyphen); an empty `title` becomes
/// the id in words ("Second lesson"). Throws SkeletonError.
LessonNames lesson_names(const std::string& id, const std::string& title);

/// What was written: the course root and each file, relative to it, and
/// what the author still has to do by hand.
struct Written {
  std::filesystem::path root;
  std::vector<std::string> files;
  std::vector<std::string> notes;
};

/// A new course in `folder` (which must not exist; missing parents are
/// made): course.yaml titled `course_title` with one lesson. Throws
/// SkeletonError, with nothing written.
Written write_course(const std::filesystem::path& folder, const std::string& course_title, const LessonNames& lesson);

/// The lesson's files in the course at `course_root`, and its entry after
/// the last lesson of its course.yaml, the rest of the file unchanged. The
/// course must load, and hold neither the lesson nor any of its folders.
/// Throws SkeletonError, with nothing written.
Written add_lesson(const std::filesystem::path& course_root, const LessonNames& lesson);

}  // namespace grader::skeleton
