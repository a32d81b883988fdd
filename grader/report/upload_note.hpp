// What became of a student's upload that is not simply a course file: a
// file Canvas renamed on a second upload ("softmax-1.cpp graded as
// vectors/dot.cpp (...)"), or a file ignored because the course does
// not name it. The batch summary (batch::upload_notes) and the class page
// list them, so a lost upload is seen by the instructor, not only on the
// student's page.
#pragma once

#include <string>

namespace grader::report {

struct UploadNote {
  std::string student;
  std::string name;  ///< the roster's name ("" when none)
  std::string text;  ///< "dot-1.cpp graded as vectors/dot.cpp (...)", "notes.txt ignored: not a course file"
  bool renamed = false;  ///< graded under the course file's name (the student's page says so; ignored files it lists already)
};

}  // namespace grader::report
