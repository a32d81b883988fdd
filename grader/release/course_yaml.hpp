// The student's copy of course.yaml: the instructor's manifest with every
// hidden suite removed and, for a track, only that track's exercises.
//
// It is rewritten from the parsed tree (not filtered line by line), so flow
// and block styles, quoting and multi-line text all survive unchanged in
// meaning; the result is parsed back and compared before it is returned.
// Comments are not kept: the file starts with a short header instead.
#pragma once

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace grader::release {

struct StudentCourse {
  std::string yaml;                     ///< the text of the student's course.yaml
  std::vector<std::string> lessons;     ///< lesson ids kept, in course order
  std::vector<std::string> exercises;   ///< exercise ids kept, in course order
  std::vector<std::string> hidden_removed;  ///< exercise ids whose hidden suite was removed
  /// Things the instructor should know, e.g. a lesson kept whole because a
  /// kept lesson compiles its files (`uses`).
  std::vector<std::string> notes;
};

/// Thrown when the requested track does not exist; the message lists the tracks.
class UnknownTrack : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// `text` is the instructor's course.yaml (already accepted by the loader).
/// With an empty `track`, every lesson and exercise is kept.
///
/// With a track: the exercises it lists, their lessons, and the lessons
/// those lessons use (`uses`) kept whole, because a worker compiles every
/// student file of a used lesson; `tracks` keeps only that track.
///
/// A quiz given in `quiz_forms` (exercise id -> path in the handout) loses
/// its `answer_key` line (the key file never ships) and names that question
/// forms file instead; a quiz not given there keeps the key's path, which the
/// loader requires. Everything else under `hidden:` goes.
///
/// \throws UnknownTrack, or std::runtime_error when the text is not YAML or
///         would not survive being written back.
StudentCourse make_student_course_yaml(const std::string& text, const std::string& track = "",
                                       const std::map<std::string, std::string>& quiz_forms = {});

}  // namespace grader::release
