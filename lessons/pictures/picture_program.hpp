// What every picture program of the course shares: the command line that
// `grader picture NAME` gives it, the student's worker it draws from, and
// what its exit code means (docs/course-yaml.md, "pictures").
//
//   PROGRAM --worker=PATH [--call-timeout-ms=N --memory-mb=N ...]
//           --output=FILE.png --OPTION=VALUE...
//
// The grader passes every option course.yaml declares for the picture, its
// default filled in and its range already checked, so a program states no
// default of its own. Everything the program computes comes from the
// student's functions, called through the lesson's proxy (namespace
// student): a picture carries no implementation of an exercise.
//
// Exit codes: 0 the picture is written; 1 the student's code cannot draw it
// (not implemented, a crash, a thrown exception, a result of the wrong
// shape): the message on stderr says which call and why; 2 a combination of
// options the picture cannot draw (UsageError); 3 the program's own command
// line is wrong (a bug in the course or the grader).
#pragma once

#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/tensor.hpp"

namespace course::pictures {

/// Options that are each in range but cannot be drawn together (for example
/// an embedding width not divisible by the number of heads): exit code 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The student's code could not give what the picture needs: exit code 1.
/// The message starts with the call, as in the tests' messages.
class StudentFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The picture options the grader passed, by their course.yaml names.
class PictureArgs {
 public:
  PictureArgs(std::map<std::string, std::string> options, std::string output);

  Index integer(const std::string& name) const;
  double number(const std::string& name) const;
  const std::string& text(const std::string& name) const;
  /// The PNG file to write.
  const std::string& output() const { return output_; }

 private:
  const std::string& raw(const std::string& name) const;
  std::map<std::string, std::string> options_;
  std::string output_;
};

/// Runs one call into the student's worker. Whatever goes wrong in it (not
/// implemented, a crash or timeout, an exception the student threw) becomes
/// a StudentFailure whose message starts with `call_text`.
template <typename Call>
auto student_call(const std::string& call_text, Call call) -> decltype(call());

/// A StudentFailure "<call_text>: expected shape (..), got (..)" unless
/// `got` equals `want`.
void expect_shape(const std::string& call_text, const std::vector<Index>& got, const std::vector<Index>& want);

/// main() of a picture program: reads the command line, points
/// grader::client::student() at the worker, runs `draw` and turns what it
/// throws into the exit codes above.
int picture_main(int argc, char** argv, const std::function<void(const PictureArgs&)>& draw);

/// Implementation of student_call: the message for an exception thrown by a call.
[[noreturn]] void fail_call(const std::string& call_text);

template <typename Call>
auto student_call(const std::string& call_text, Call call) -> decltype(call()) {
  try {
    return call();
  } catch (...) {
    fail_call(call_text);
  }
}

}  // namespace course::pictures
