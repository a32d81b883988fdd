#include "grader/cli/context.hpp"

#include <unistd.h>

#include <thread>

#include "grader/build/staleness.hpp"
#include "grader/course/loader.hpp"
#include "grader/util/files.hpp"
#include "grader/util/hash.hpp"

namespace grader::cli {

std::string Context::course_fingerprint() const {
  util::Sha256 h;
  h.field(util::read_file(course.root / "course.yaml"));
  // A file that is not built yet hashes as absent: grading that lesson then
  // reports the broken build, and every other lesson still grades.
  auto add_file = [&h](const std::string& path) {
    h.field(path);
    h.field(std::filesystem::exists(path) ? util::read_file(path) : std::string("(missing)"));
  };
  for (const auto& lesson : course.lessons) {
    const auto* built = toolchain.lesson(lesson.id);
    if (!built) continue;
    h.field(lesson.id);
    for (const auto& [visibility, suite] : built->suites) add_file(suite);
    for (const auto& lib : built->worker_libraries) add_file(lib);
    if (!built->use_stubs.empty()) add_file(built->use_stubs);
  }
  return course.version + "+" + h.hex().substr(0, 12);
}

void require_grading_build(const Context& ctx, const std::string& command, const std::vector<std::string>& lessons) {
  if (!ctx.toolchain.with_hidden) return;
  if (const auto missing = build::find_missing_grading_build(ctx.toolchain, command, lessons))
    throw UsageError(missing->message);
}

std::unique_ptr<Context> make_context(const GlobalOptions& options, bool need_hidden_files) {
  auto ctx = std::make_unique<Context>();
  try {
    ctx->toolchain =
        build::load_toolchain(options.toolchain.empty() ? build::default_toolchain_path() : std::filesystem::path(options.toolchain));
  } catch (const std::exception& e) {
    throw UsageError(e.what());
  }
  std::filesystem::path root = options.course_dir.empty() ? ctx->toolchain.course_root : std::filesystem::path(options.course_dir);
  std::filesystem::path yaml = root / "course.yaml";
  if (!std::filesystem::exists(yaml))
    throw UsageError("no course.yaml in " + root.string() + "; pass --course DIR pointing at the course folder");
  course::LoadOptions load;
  load.check_hidden_files = need_hidden_files || ctx->toolchain.with_hidden;
  try {
    ctx->course = course::load_course(yaml, load);
  } catch (const course::CourseError& e) {
    throw UsageError(std::string(e.what()) + "\nfix course.yaml and run the command again");
  }
  ctx->cache_dir = options.cache_dir.empty() ? ctx->toolchain.default_cache_dir() : std::filesystem::path(options.cache_dir);
  ctx->jobs = options.jobs > 0 ? options.jobs : std::max(1u, std::thread::hardware_concurrency());
  ctx->color = !options.no_color && ::isatty(1) && std::getenv("NO_COLOR") == nullptr;
  ctx->grader = std::make_unique<runner::Grader>(ctx->course, ctx->toolchain, ctx->cache_dir);
  return ctx;
}

}  // namespace grader::cli
