// `grader picture NAME`: a picture of the student's own code. The grader
// knows nothing of what a picture shows: it builds the picture's lesson
// worker from the workspace's files (as `grader check` does), runs the
// course program that course.yaml names for the picture, passing the worker
// and the picture's options, and takes the PNG it writes. The program is
// course-owned and trusted; what it draws comes from the student's functions
// through the worker (docs/course-yaml.md, "pictures").
#pragma once

#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "grader/build/toolchain.hpp"
#include "grader/course/model.hpp"
#include "grader/runner/grader.hpp"

namespace grader::picture {

/// A command line that does not fit the picture's options (unknown option,
/// missing value, value out of range): exit code 2.
class OptionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Every option of the picture with its value: the given ones from `args`
/// (`--name value` or `--name=value`), the others at their course.yaml
/// default. Throws OptionError naming the option, what it accepts and the
/// nearest known name.
std::map<std::string, std::string> option_values(const course::Picture& picture, const std::vector<std::string>& args);

/// "  --seq-len N   number of positions (rows) (integer 1..1024, default 50)", one line per option.
std::string options_help(const course::Picture& picture);

struct Request {
  const course::Picture* picture = nullptr;
  std::map<std::string, std::string> values;  ///< from option_values
  std::filesystem::path workspace;            ///< the student files are read beneath it
  std::filesystem::path output;               ///< the PNG to write (replaced only when drawn)
  bool keep_work_dir = false;
};

enum class Outcome {
  drawn,           ///< the PNG is at Request::output
  student_failed,  ///< the student's code cannot draw it (compile error, not implemented, crash, wrong shape)
  usage,           ///< options the program cannot draw together
  internal,        ///< the program is missing or misbehaved (a course or installation problem)
};

struct Result {
  Outcome outcome = Outcome::internal;
  /// Why it was not drawn: the program's or the compiler's message. Comes
  /// from student code: show it through report::plain_text.
  std::string message;
  std::string printed;  ///< what the program printed on stdout (student values: sanitise it too)
  int width = 0;        ///< of the PNG written
  int height = 0;
};

/// Draws `request.picture` from the workspace; never leaves a partial file
/// at request.output.
Result draw(const course::Course& course, const build::Toolchain& toolchain, const runner::Grader& grader,
            const std::filesystem::path& cache_dir, const Request& request);

}  // namespace grader::picture
