#include "pictures/picture_program.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <exception>
#include <iostream>
#include <string_view>

#include "grader/client/worker_client.hpp"
#include "grader/client/worker_flags.hpp"

namespace course::pictures {

namespace {

constexpr int kDrawn = 0;
constexpr int kStudentFailed = 1;
constexpr int kUsage = 2;
constexpr int kBadCommandLine = 3;

// The program's own command line is not what `grader picture` writes.
class BadCommandLine : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What the student's code printed during the failing call, when it printed
// anything: the lessons tell students to print shapes, and the picture is
// where they look. (The grader sanitises and caps it.)
std::string printed_by_student() {
  const std::string& printed = grader::client::student().last_output();
  if (printed.empty()) return {};
  return "\nyour code printed:\n" + printed;
}

}  // namespace

PictureArgs::PictureArgs(std::map<std::string, std::string> options, std::string output)
    : options_(std::move(options)), output_(std::move(output)) {}

const std::string& PictureArgs::raw(const std::string& name) const {
  auto it = options_.find(name);
  if (it == options_.end())
    throw BadCommandLine("the picture program was not given --" + name +
                           "=VALUE; declare the option in course.yaml's picture (grader picture passes every one)");
  return it->second;
}

Index PictureArgs::integer(const std::string& name) const {
  const std::string& text = raw(name);
  Index value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size())
    throw BadCommandLine("--" + name + "=" + text + " is not an integer");
  return value;
}

double PictureArgs::number(const std::string& name) const {
  const std::string& text = raw(name);
  std::size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || !std::isfinite(value)) throw BadCommandLine("--" + name + "=" + text + " is not a number");
  return value;
}

const std::string& PictureArgs::text(const std::string& name) const { return raw(name); }

void fail_call(const std::string& call_text) {
  try {
    throw;
  } catch (const StudentFailure&) {
    throw;
  } catch (const grader::client::NotImplemented& e) {
    // e.what(): "not implemented: positional_encoding (lesson positional-encoding, exercise pe-formula)"
    throw StudentFailure(fmt::format(
        "{}: {}\nthe picture is drawn by your own code: finish that exercise first (grader check says when it "
        "passes), then draw it again",
        call_text, e.what()));
  } catch (const grader::client::WorkerFailure& e) {
    // The client's message already starts with the call.
    throw StudentFailure(e.what());
  } catch (const std::exception& e) {
    throw StudentFailure(fmt::format("{}: your code threw an exception: {}{}", call_text, e.what(), printed_by_student()));
  }
}

void expect_shape(const std::string& call_text, const std::vector<Index>& got, const std::vector<Index>& want) {
  if (got != want)
    throw StudentFailure(fmt::format("{}: expected shape {}, got {}{}", call_text, course::shape_string(want), course::shape_string(got),
                                     printed_by_student()));
}

int picture_main(int argc, char** argv, const std::function<void(const PictureArgs&)>& draw) {
  grader::client::WorkerOptions worker = grader::client::default_worker_options();
  std::map<std::string, std::string> options;
  std::string output;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    try {
      if (grader::client::take_worker_flag(arg, worker)) continue;
    } catch (const std::invalid_argument& e) {
      std::cerr << argv[0] << ": " << e.what() << "\n";
      return kBadCommandLine;
    }
    const std::size_t eq = arg.find('=');
    if (arg.substr(0, 2) != "--" || eq == std::string_view::npos) {
      std::cerr << argv[0] << ": unexpected argument '" << arg
                << "'; this program is run by `grader picture NAME` (see grader picture --help)\n";
      return kBadCommandLine;
    }
    const std::string name(arg.substr(2, eq - 2));
    const std::string value(arg.substr(eq + 1));
    if (name == "output") output = value;
    else options[name] = value;
  }
  if (worker.executable.empty() || output.empty()) {
    std::cerr << argv[0] << ": needs --worker=PATH and --output=FILE; it is run by `grader picture NAME`\n";
    return kBadCommandLine;
  }
  grader::client::configure_student(std::move(worker));
  try {
    draw(PictureArgs(std::move(options), output));
    return kDrawn;
  } catch (const UsageError& e) {
    std::cerr << e.what() << "\n";
    return kUsage;
  } catch (const StudentFailure& e) {
    std::cerr << e.what() << "\n";
    return kStudentFailed;
  } catch (const BadCommandLine& e) {
    std::cerr << argv[0] << ": " << e.what() << "\n";
    return kBadCommandLine;
  } catch (const std::exception& e) {
    // Drawing or writing failed (e.g. values the heatmap cannot show): say so as the student's picture.
    std::cerr << "the picture could not be drawn: " << e.what() << "\n";
    return kStudentFailed;
  }
}

}  // namespace course::pictures
