#include "grader/picture/picture.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>

#include "grader/build/worker_builder.hpp"
#include "grader/course/edit_distance.hpp"
#include "grader/course/picture_reader.hpp"
#include "grader/runner/suite_run.hpp"
#include "grader/sandbox/process.hpp"
#include "grader/sandbox/reaper.hpp"
#include "grader/util/caps.hpp"
#include "grader/util/files.hpp"

namespace grader::picture {

namespace fs = std::filesystem;

namespace {

// Exit codes of a picture program (lessons/pictures/picture_program.hpp).
constexpr int kProgramDrawn = 0;
constexpr int kProgramStudentFailed = 1;
constexpr int kProgramUsage = 2;
// Most of a picture program's message that is shown (the rest is cut).
constexpr std::size_t kMaxMessageBytes = 16 * 1024;

std::string placeholder(const course::PictureOption& o) {
  switch (o.type) {
    case course::PictureOption::Type::integer: return "N";
    case course::PictureOption::Type::number: return "X";
    case course::PictureOption::Type::text: return "TEXT";
    case course::PictureOption::Type::choice: return fmt::format("{}", fmt::join(o.choices, "|"));
  }
  return "VALUE";
}

std::string accepted(const course::PictureOption& o) {
  std::string range;
  if (o.min && o.max) range = fmt::format(" {:g}..{:g}", *o.min, *o.max);
  else if (o.min) range = fmt::format(" >= {:g}", *o.min);
  else if (o.max) range = fmt::format(" <= {:g}", *o.max);
  if (o.type == course::PictureOption::Type::choice) return fmt::format("default {}", o.default_value);
  return fmt::format("{}{}, default {}", course::to_string(o.type), range,
                     o.type == course::PictureOption::Type::text ? "\"" + o.default_value + "\"" : o.default_value);
}

// The PNG's size from its IHDR chunk; false when `bytes` is not a PNG.
bool png_size(const std::string& bytes, int& width, int& height) {
  static const std::string signature("\x89PNG\r\n\x1a\n", 8);
  if (bytes.size() < 24 || bytes.compare(0, 8, signature) != 0 || bytes.compare(12, 4, "IHDR") != 0) return false;
  auto be32 = [&](std::size_t at) {
    return static_cast<int>((static_cast<unsigned char>(bytes[at]) << 24) | (static_cast<unsigned char>(bytes[at + 1]) << 16) |
                            (static_cast<unsigned char>(bytes[at + 2]) << 8) | static_cast<unsigned char>(bytes[at + 3]));
  };
  width = be32(16);
  height = be32(20);
  return width > 0 && height > 0;
}

// The program's stderr without the worker client's "sandbox: ..." notes.
std::string program_message(const std::string& err) {
  std::istringstream lines(err);
  std::string out;
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("sandbox: ", 0) != 0) out += line + "\n";
  while (!out.empty() && out.back() == '\n') out.pop_back();
  if (out.size() > kMaxMessageBytes) out = out.substr(0, kMaxMessageBytes) + "\n... (cut)";
  return out;
}

}  // namespace

std::map<std::string, std::string> option_values(const course::Picture& picture, const std::vector<std::string>& args) {
  std::map<std::string, std::string> values;
  std::vector<std::string> names;
  for (const auto& o : picture.options) names.push_back(o.name);
  std::map<std::string, bool> given;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg.rfind("--", 0) != 0 || arg.size() == 2)
      throw OptionError(fmt::format("picture '{}' takes options only (--NAME VALUE), not '{}'", picture.name, arg));
    std::string name = arg.substr(2);
    std::string value;
    bool has_value = false;
    if (auto eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
      has_value = true;
    }
    const course::PictureOption* option = picture.find_option(name);
    if (!option) {
      std::string message = fmt::format("picture '{}' has no option --{}", picture.name, name);
      if (auto near = course::closest_match(name, names)) message += fmt::format("; did you mean --{}?", *near);
      message += names.empty() ? "; it takes none"
                               : fmt::format(" (its options: --{}; see grader picture {} --help)",
                                             fmt::join(names, ", --"), picture.name);
      throw OptionError(message);
    }
    if (!has_value) {
      if (i + 1 >= args.size()) throw OptionError(fmt::format("--{} needs a value ({})", name, accepted(*option)));
      value = args[++i];
    }
    if (given[name]) throw OptionError(fmt::format("--{} is given twice; give it once", name));
    given[name] = true;
    if (std::string problem = course::picture_value_problem(*option, value); !problem.empty())
      throw OptionError(fmt::format("--{} {}", name, problem));
    values[name] = value;
  }
  for (const auto& o : picture.options)
    if (!values.count(o.name)) values[o.name] = o.default_value;
  return values;
}

std::string options_help(const course::Picture& picture) {
  std::string out;
  std::size_t width = 19;  // as wide as grader picture's own "-w, --workspace DIR"
  for (const auto& o : picture.options) width = std::max(width, o.name.size() + placeholder(o).size() + 3);
  for (const auto& o : picture.options)
    out += fmt::format("  {:<{}}  {} ({})\n", "--" + o.name + " " + placeholder(o), width, o.help, accepted(o));
  return out;
}

Result draw(const course::Course& course, const build::Toolchain& toolchain, const runner::Grader& grader,
            const fs::path& cache_dir, const Request& request) {
  const course::Picture& picture = *request.picture;
  Result result;
  const course::Lesson* lesson = course.find_lesson(picture.lesson);
  const std::string* program = toolchain.program(picture.program);
  if (!lesson || !program || !fs::exists(*program)) {
    result.message = fmt::format("the program '{}' that draws picture '{}' is not built into this grader; rebuild the "
                                 "course (cmake --build build)",
                                 picture.program, picture.name);
    return result;
  }

  // The lesson's worker, from the workspace's files, exactly as `grader check` builds it.
  runner::CollectedFiles files = grader.collect(request.workspace);
  std::vector<build::SourceFile> sources;
  for (const auto& rel : runner::worker_files(course, *lesson)) {
    auto it = std::find_if(files.files.begin(), files.files.end(), [&](const auto& f) { return f.first == rel; });
    if (it != files.files.end()) sources.push_back({rel, it->second});
  }
  course::EffectiveLimits limits = course::resolve({}, lesson->limits, course.limits);
  for (const auto& e : lesson->exercises) {
    const auto own = course::resolve(e.limits, lesson->limits, course.limits);
    limits.call_timeout_ms = std::max(limits.call_timeout_ms, own.call_timeout_ms);
    limits.memory_mb = std::max(limits.memory_mb, own.memory_mb);
    limits.compile_timeout_s = std::max(limits.compile_timeout_s, own.compile_timeout_s);
  }
  // A refused file (a link, a binary) was replaced by its starter: say so with any failure.
  auto with_refused = [&files](Result& r) -> Result& {
    for (const auto& refused : files.rejected) r.message += "\nrefused (the starter version was used): " + refused;
    return r;
  };
  util::TempDir scratch("grader-picture-" + picture.name);
  if (request.keep_work_dir) scratch.keep();
  build::WorkerBuilder builder(toolchain, cache_dir);
  const auto built = builder.build(lesson->id, sources, scratch.path(), {limits.compile_timeout_s, 2048});
  if (!built.ok) {
    result.outcome = Outcome::student_failed;
    result.message = fmt::format("the files of lesson {} do not compile, so there is no code to draw from yet:\n{}",
                                 lesson->id, built.diagnostics);
    return with_refused(result);
  }

  // The course's program, trusted, under the suites' limits; it starts the worker.
  const fs::path drawn = scratch.path() / "picture.png";
  const fs::path worker_home = scratch.path() / "worker-home";
  fs::create_directories(worker_home);
  const runner::SuiteLimits suite_limits{limits.call_timeout_ms, limits.lesson_timeout_s, limits.memory_mb, {}, {}};
  sandbox::Spec spec;
  spec.argv = {*program};
  for (auto& flag : runner::worker_flags(built.worker, suite_limits, worker_home)) spec.argv.push_back(std::move(flag));
  spec.argv.push_back("--output=" + drawn.string());
  for (const auto& o : picture.options) spec.argv.push_back("--" + o.name + "=" + request.values.at(o.name));
  spec.working_dir = scratch.path().string();
  spec.env = sandbox::clean_environment(scratch.path().string());
  spec.limits.address_space_bytes = runner::suite_address_space(limits.memory_mb);
  if (const char* off = std::getenv("GRADER_SANDBOX_DISABLE")) spec.env.push_back(std::string("GRADER_SANDBOX_DISABLE=") + off);
  sandbox::become_subreaper();
  const auto run = sandbox::run(spec, std::chrono::seconds(limits.lesson_timeout_s), caps::kMaxSuiteOutputBytes);
  sandbox::sweep_orphans();
  result.printed = run.out;
  result.message = program_message(run.err);

  if (run.timed_out) {
    result.outcome = Outcome::student_failed;
    result.message = fmt::format("drawing took longer than {} s and was stopped (does your code loop forever?)\n{}",
                                 limits.lesson_timeout_s, result.message);
    return with_refused(result);
  }
  if (run.signal == 0 && run.exit_code == kProgramStudentFailed) {
    result.outcome = Outcome::student_failed;
    return with_refused(result);
  }
  if (run.signal == 0 && run.exit_code == kProgramUsage) {
    result.outcome = Outcome::usage;
    return result;
  }
  std::string bytes;
  if (run.signal == 0 && run.exit_code == kProgramDrawn && fs::exists(drawn)) bytes = util::read_file(drawn);
  if (!png_size(bytes, result.width, result.height)) {
    result.outcome = Outcome::internal;
    result.message = fmt::format("the picture program {} {} without writing a PNG:\n{}", *program,
                                 run.signal ? "was killed by " + sandbox::describe_signal(run.signal)
                                            : "exited with status " + std::to_string(run.exit_code),
                                 result.message);
    return result;
  }
  util::write_file_atomically(request.output, bytes);
  result.outcome = Outcome::drawn;
  return result;
}

}  // namespace grader::picture
