#include "grader/build/worker_builder.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <future>
#include <map>
#include <mutex>
#include <iostream>
#include <set>
#include <sstream>

#include "grader/build/source_scan.hpp"
#include "grader/sandbox/process.hpp"
#include "grader/util/files.hpp"
#include "grader/util/hash.hpp"

namespace grader::build {
namespace fs = std::filesystem;

namespace {

// Every header under the include directories feeds the object key, so a
// changed course header invalidates cached student objects. `newest` is the
// latest modification time among them: a precompiled header older than that
// was made from other headers.
struct CourseHeaders {
  std::string digest;
  fs::file_time_type newest = fs::file_time_type::min();
};

CourseHeaders digest_headers(const Toolchain& t) {
  util::Sha256 h;
  h.field(t.compiler);
  for (const auto& f : t.compile_flags) h.field(f);
  std::vector<fs::path> headers;
  for (const auto& dir : t.include_dirs) {
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator(); ++it) {
      auto ext = it->path().extension();
      if (it->is_regular_file() && (ext == ".hpp" || ext == ".h")) headers.push_back(it->path());
    }
  }
  std::sort(headers.begin(), headers.end());
  CourseHeaders out;
  for (const auto& p : headers) {
    h.field(p.string());
    h.field(util::read_file(p));
    std::error_code ec;
    auto time = fs::last_write_time(p, ec);
    if (!ec && time > out.newest) out.newest = time;
  }
  out.digest = h.hex();
  return out;
}

// Says `text` on stderr once per process: a batch builds many workers.
void note_once(const std::string& text) {
  static std::mutex mutex;
  static std::set<std::string> said;
  std::lock_guard<std::mutex> lock(mutex);
  if (said.insert(text).second) std::cerr << "grader: note: " << text << "\n";
}

// GCC names the header it refused, with -Winvalid-pch, in a line such as
// "warning: .../lesson.hpp.gch: not used because `__OPTIMIZE__' not defined".
bool compiler_refused(const std::string& diagnostics, const std::string& gch) {
  for (std::size_t at = diagnostics.find(gch); at != std::string::npos; at = diagnostics.find(gch, at + 1)) {
    std::size_t end = diagnostics.find('\n', at);
    std::string_view line(diagnostics.data() + at, (end == std::string::npos ? diagnostics.size() : end) - at);
    if (line.find("not used because") != std::string_view::npos || line.find("Winvalid-pch") != std::string_view::npos)
      return true;
  }
  return false;
}

// The compiler driver outlives a limit that ends cc1plus (RLIMIT_CPU's
// SIGXCPU, or SIGKILL) and reports it as its own "internal compiler error":
// name the limit instead of passing GCC's bug-report text on.
std::string limit_that_stopped_the_compiler(const std::string& err, const BuildLimits& limits) {
  if (err.find("CPU time limit exceeded signal terminated program") != std::string::npos)
    return "compiling took longer than " + std::to_string(limits.compile_timeout_s) +
           " s of CPU time and was stopped (a template or constexpr that never ends?)";
  if (err.find("Killed signal terminated program") != std::string::npos)
    return "the compiler was stopped by SIGKILL (memory or CPU limit: simplify templates or constant expressions)";
  return "";
}

sandbox::Spec compiler_spec(const Toolchain& t, const fs::path& work_dir, const BuildLimits& limits,
                            const fs::path& cache_dir, const LessonArtifacts* artifacts) {
  sandbox::Spec spec;
  spec.working_dir = work_dir.string();
  spec.env = sandbox::clean_environment(work_dir.string());
  spec.limits.address_space_bytes = limits.memory_mb << 20;
  spec.limits.cpu_seconds = limits.compile_timeout_s;
  spec.limits.file_size_bytes = std::size_t{256} << 20;
  spec.limits.processes = 32;  // driver, cc1plus, as, collect2, ld
  // The compiler reads student files: it may read the course headers, the
  // system's and what the link needs, never solutions/ or tests/.
  std::vector<std::string> inputs = t.include_dirs;
  inputs.insert(inputs.end(), t.system_include_dirs.begin(), t.system_include_dirs.end());
  inputs.push_back((cache_dir / "objects").string());
  for (const auto& [id, lesson] : t.lessons)
    if (lesson.precompiled_header) inputs.push_back(fs::path(lesson.precompiled_header->header).parent_path().string());
  inputs.push_back(t.worker_main_object);
  if (artifacts) inputs.insert(inputs.end(), artifacts->worker_libraries.begin(), artifacts->worker_libraries.end());
  spec.isolation = sandbox::for_compiler(inputs, work_dir.string());
  return spec;
}

// GRADER_BUILD_LOG=FILE appends one line per student file and per worker
// ("compile", "cached" or "failed" and the file; "link" or "linked-cached" and
// the lesson), with wall seconds: how bench/batch_bench.sh checks that
// identical files compile once. Lines are short single writes with O_APPEND,
// so concurrent lessons do not tear them.
void log_build(const std::string& what, const std::string& subject, double seconds) {
  static const char* path = std::getenv("GRADER_BUILD_LOG");
  if (!path || !*path) return;
  std::ofstream(path, std::ios::app) << what << " " << subject << " " << seconds << "\n";
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Objects being compiled right now in this process, by key. In a batch two
// submissions with the same new file are often graded at the same moment;
// the second waits for the first compile instead of repeating it.
class CompilesInFlight {
 public:
  /// Claims `key`: true when the caller compiles it (and must call done()),
  /// false when `wait` now holds the compile to wait for.
  bool claim(const std::string& key, std::shared_future<void>& wait) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (auto it = running_.find(key); it != running_.end()) {
      wait = it->second.future;
      return false;
    }
    Running& r = running_[key];
    r.future = r.promise.get_future().share();
    return true;
  }
  void done(const std::string& key) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (auto it = running_.find(key); it != running_.end()) {
      it->second.promise.set_value();
      running_.erase(it);
    }
  }

 private:
  struct Running {
    std::promise<void> promise;
    std::shared_future<void> future;
  };
  std::mutex mutex_;
  std::map<std::string, Running> running_;
};

CompilesInFlight& compiles_in_flight() {
  static CompilesInFlight in_flight;
  return in_flight;
}

// What a linked worker is made of besides the objects: the worker main and the
// lesson's libraries (path, size and modification time: a rebuild changes
// them) and the link command.
std::string link_inputs_digest(const Toolchain& t, const LessonArtifacts& artifacts) {
  util::Sha256 h;
  h.field(t.compiler);
  for (const auto& f : t.link_flags) h.field(f);
  std::vector<std::string> files = artifacts.worker_libraries;
  files.push_back(t.worker_main_object);
  for (const auto& f : files) {
    std::error_code ec;
    auto size = fs::file_size(f, ec);
    auto time = fs::last_write_time(f, ec).time_since_epoch().count();
    h.field(f).field(std::to_string(size)).field(std::to_string(time));
  }
  return h.hex();
}

}  // namespace

WorkerBuilder::WorkerBuilder(const Toolchain& toolchain, fs::path cache_dir)
    : toolchain_(toolchain), cache_dir_(std::move(cache_dir)) {
  CourseHeaders headers = digest_headers(toolchain);
  headers_digest_ = std::move(headers.digest);
  headers_newest_ = headers.newest;
  fs::create_directories(cache_dir_ / "objects");
}

std::string WorkerBuilder::object_key(const SourceFile& source, const ForcedInclude& forced) const {
  // The file name matters too: it appears in __FILE__ and in diagnostics.
  // And the checks it passed before it was compiled (kStudentFileChecks).
  return util::Sha256()
      .field(headers_digest_)
      .field(forced.identity)
      .field(kStudentFileChecks)
      .field(source.relative)
      .field(source.content)
      .hex();
}

ForcedInclude WorkerBuilder::forced_include(const std::string& worker_lesson, const SourceFile& source) const {
  // A file's own lesson decides, not the worker's: order-matters compiles
  // attention's files too, and their objects are shared between the two.
  const std::string own = source.relative.substr(0, source.relative.find('/'));
  const LessonArtifacts* lesson = toolchain_.lesson(own);
  if (!lesson || !lesson->precompiled_header) lesson = toolchain_.lesson(worker_lesson);
  ForcedInclude forced;
  if (!lesson || !lesson->precompiled_header) return forced;  // a lesson without headers: the file as written
  const PrecompiledHeader& pch = *lesson->precompiled_header;
  forced.identity = pch.header;
  for (const auto& include : pch.includes) forced.identity += "\n" + include;

  if (!pch.gch.empty()) {
    std::error_code ec;
    const auto size = fs::file_size(pch.gch, ec);
    const auto time = ec ? fs::file_time_type::min() : fs::last_write_time(pch.gch, ec);
    if (ec) {
      forced.note = "the precompiled course header " + pch.gch + " is missing: student files compile from source, " +
                    "which is slower (rebuild the course: cmake --build build)";
    } else if (time < headers_newest_) {
      // GCC would use it without noticing: it does not look at the headers a .gch was made from.
      forced.note = "the precompiled course header " + pch.gch + " is older than the course headers: student files " +
                    "compile from source, which is slower (rebuild the course: cmake --build build)";
    } else {
      forced.flags = {"-include", pch.header, "-Winvalid-pch"};
      forced.gch = pch.gch;
      forced.identity += "\n" + pch.gch + " " + std::to_string(size) + " " + std::to_string(time.time_since_epoch().count());
      return forced;
    }
  }
  // The same headers from source, by their own paths (never lesson.hpp, whose
  // .gch next to it GCC would use, stale or not).
  forced.identity += "\nfrom source";
  for (const auto& include : pch.includes) {
    std::string path = include;
    for (const auto& dir : toolchain_.include_dirs) {
      std::error_code ec;
      if (fs::is_regular_file(fs::path(dir) / include, ec)) {
        path = (fs::path(dir) / include).string();
        break;
      }
    }
    forced.flags.insert(forced.flags.end(), {"-include", path});
  }
  return forced;
}

BuildResult WorkerBuilder::build(const std::string& lesson, const std::vector<SourceFile>& sources,
                                 const fs::path& work_dir, const BuildLimits& limits,
                                 const std::vector<std::string>& extra_libraries) const {
  auto start = std::chrono::steady_clock::now();
  BuildResult result;
  const LessonArtifacts* found = toolchain_.lesson(lesson);
  if (!found) {
    result.diagnostics = "lesson '" + lesson + "' is not built into this grader; rebuild the course";
    return result;
  }
  // The extra libraries come first: they stand in for files the lesson's own
  // libraries may call.
  LessonArtifacts with_extra = *found;
  with_extra.worker_libraries.insert(with_extra.worker_libraries.begin(), extra_libraries.begin(), extra_libraries.end());
  const LessonArtifacts* artifacts = &with_extra;
  fs::path src_dir = work_dir / "src";
  std::vector<std::string> objects;
  util::Sha256 worker_key;  // the objects, in link order, plus the link's other inputs
  worker_key.field(lesson).field(link_inputs_digest(toolchain_, *artifacts));
  std::string prefix = src_dir.string() + "/";
  for (const auto& source : sources) {
    const ForcedInclude forced = forced_include(lesson, source);
    if (!forced.note.empty()) note_once(forced.note);
    const std::string key = object_key(source, forced);
    worker_key.field(key);
    fs::path cached = cache_dir_ / "objects" / (key + ".o");
    // Unless the object is cached, claim its compile, or wait for the thread
    // that has claimed it. A claim is released when this iteration ends,
    // whichever way it ends.
    struct Claim {
      const std::string& key;
      bool owner = false;
      ~Claim() {
        if (owner) compiles_in_flight().done(key);
      }
    } claim{key};
    if (!fs::exists(cached)) {
      std::shared_future<void> other_compile;
      claim.owner = compiles_in_flight().claim(key, other_compile);
      if (!claim.owner) other_compile.wait();  // if that compile failed, this one runs it again for its own diagnostics
    }
    if (fs::exists(cached)) {
      ++result.cache_hits;
      objects.push_back(cached.string());
      log_build("cached", source.relative, 0);
      continue;
    }
    if (auto bad = find_forbidden_file_reference(source.content)) {
      // Refused before the compiler sees it; the sandbox would deny the read anyway.
      result.diagnostics = describe(*bad, source.relative);
      result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      return result;
    }
    fs::path file = src_dir / source.relative;
    fs::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << source.content;
    fs::path object = work_dir / (std::to_string(objects.size()) + ".o");
    sandbox::Spec spec = compiler_spec(toolchain_, work_dir, limits, cache_dir_, artifacts);
    spec.argv = {toolchain_.compiler};
    for (const auto& f : toolchain_.compile_flags) spec.argv.push_back(f);
    for (const auto& d : toolchain_.include_dirs) spec.argv.push_back("-I" + d);
    for (const auto& d : toolchain_.system_include_dirs) spec.argv.insert(spec.argv.end(), {"-isystem", d});
    spec.argv.insert(spec.argv.end(), forced.flags.begin(), forced.flags.end());
    // Compiled to assembly first, so that what the assembler will read is
    // scanned after every macro, attribute and pasted keyword has been
    // expanded (the source scan sees only what the text spells); then
    // assembled with the same flags (the same object as `-c` in one step).
    const fs::path assembly = work_dir / (std::to_string(objects.size()) + ".s");
    spec.argv.insert(spec.argv.end(), {"-fdiagnostics-color=never", "-S", file.string(), "-o", assembly.string()});
    auto compile_start = std::chrono::steady_clock::now();
    auto run = sandbox::run(spec, std::chrono::seconds(limits.wall_seconds()), 256 * 1024);
    if (run.ok()) {
      std::ifstream generated(assembly, std::ios::binary);
      if (auto bad = find_forbidden_in_generated_assembly(generated)) {
        result.isolation = run.isolation;
        ++result.compiled;
        log_build("failed", source.relative, seconds_since(compile_start));
        result.diagnostics = describe(*bad, source.relative);
        result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return result;
      }
      sandbox::Spec assemble = compiler_spec(toolchain_, work_dir, limits, cache_dir_, artifacts);
      assemble.argv = {toolchain_.compiler};
      for (const auto& f : toolchain_.compile_flags) assemble.argv.push_back(f);
      assemble.argv.insert(assemble.argv.end(), {"-fdiagnostics-color=never", "-c", "-x", "assembler",
                                                 assembly.string(), "-o", object.string()});
      const std::string compiler_messages = run.err;
      run = sandbox::run(assemble, std::chrono::seconds(limits.wall_seconds()), 256 * 1024);
      run.err = compiler_messages + run.err;
      std::error_code ignored;
      fs::remove(assembly, ignored);
    }
    result.isolation = run.isolation;
    ++result.compiled;
    log_build(run.ok() ? "compile" : "failed", source.relative, seconds_since(compile_start));
    if (!forced.gch.empty() && compiler_refused(run.err, forced.gch))
      note_once("the compiler refused the precompiled course header " + forced.gch + " (-Winvalid-pch; was the "
                "compiler or a flag changed since the course was built?): student files compile from source, which is "
                "slower (rebuild the course: cmake --build build)");
    if (!run.ok()) {
      if (run.timed_out)
        result.diagnostics = source.relative + ": compiling took longer than " + std::to_string(limits.wall_seconds()) +
                             " s and was stopped (a template or constexpr that never ends?)";
      else if (run.signal)
        result.diagnostics = source.relative + ": the compiler was stopped by " + sandbox::describe_signal(run.signal) +
                             " (memory or CPU limit: simplify templates or constant expressions)";
      else if (std::string limit = limit_that_stopped_the_compiler(run.err, limits); !limit.empty())
        result.diagnostics = source.relative + ": " + limit;
      else
        result.diagnostics = explain_denied_reads(trim_diagnostics(run.err, prefix));
      result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      return result;
    }
    // Publish into the cache atomically: concurrent graders may race here.
    fs::path tmp = cached;
    tmp += ".tmp" + std::to_string(::getpid()) + "-" + std::to_string(std::hash<std::string>{}(work_dir.string()));
    std::error_code ec;
    fs::copy_file(object, tmp, fs::copy_options::overwrite_existing, ec);
    if (!ec) fs::rename(tmp, cached, ec);
    objects.push_back(object.string());
  }

  fs::path worker = work_dir / "worker";
  // Linking costs more than running most lessons' suites, and submissions
  // with the same files for a lesson (an untouched starter, the same correct
  // answer) link the same worker: reuse it. A copy, so that no worker shares
  // its file with the cache or with another submission's worker.
  fs::path cached_worker = cache_dir_ / "workers" / worker_key.hex();
  {
    std::error_code ec;
    if (fs::exists(cached_worker, ec) && fs::copy_file(cached_worker, worker, ec) && !ec) {
      log_build("linked-cached", lesson, 0);
      result.ok = true;
      result.worker = worker;
      result.seconds = seconds_since(start);
      return result;
    }
  }
  auto link_start = std::chrono::steady_clock::now();
  sandbox::Spec spec = compiler_spec(toolchain_, work_dir, limits, cache_dir_, artifacts);
  spec.argv = {toolchain_.compiler};
  for (const auto& o : objects) spec.argv.push_back(o);
  spec.argv.push_back(toolchain_.worker_main_object);
  spec.argv.push_back("-Wl,--start-group");
  for (const auto& l : artifacts->worker_libraries) spec.argv.push_back(l);
  spec.argv.push_back("-Wl,--end-group");
  for (const auto& f : toolchain_.link_flags) spec.argv.push_back(f);
  spec.argv.insert(spec.argv.end(), {"-o", worker.string()});
  auto run = sandbox::run(spec, std::chrono::seconds(limits.wall_seconds()), 256 * 1024);
  result.isolation = run.isolation;
  if (!run.ok()) {
    std::string text = run.err;
    // Undefined references to the lesson API mean a function was deleted or renamed.
    result.diagnostics = "linking the worker failed:\n" + trim_diagnostics(text, prefix);
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
  }
  log_build("link", lesson, seconds_since(link_start));
  {  // publish atomically, as for objects
    std::error_code ec;
    fs::create_directories(cached_worker.parent_path(), ec);
    fs::path tmp = cached_worker;
    tmp += ".tmp" + std::to_string(::getpid()) + "-" + std::to_string(std::hash<std::string>{}(work_dir.string()));
    if (!ec) fs::copy_file(worker, tmp, fs::copy_options::overwrite_existing, ec);
    if (!ec) fs::rename(tmp, cached_worker, ec);
  }
  result.ok = true;
  result.worker = worker;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

std::string explain_denied_reads(const std::string& diagnostics) {
  // The compiler says "Permission denied"; the assembler (.incbin) says "file not found" either way.
  if (diagnostics.find("Permission denied") == std::string::npos && diagnostics.find("Error: file not found") == std::string::npos)
    return diagnostics;
  return diagnostics +
         "note: a file your code names cannot be included or read: the grader compiles student files with the course "
         "headers and the system headers only\n";
}

std::string trim_diagnostics(const std::string& text, const std::string& strip_prefix, std::size_t max_lines) {
  std::istringstream in(text);
  std::vector<std::string> lines;
  std::string line;
  bool started = false;
  std::size_t total = 0;
  while (std::getline(in, line)) {
    ++total;
    for (std::size_t p; !strip_prefix.empty() && (p = line.find(strip_prefix)) != std::string::npos;)
      line.erase(p, strip_prefix.size());
    if (!started && (line.find("error") != std::string::npos || line.find("undefined reference") != std::string::npos))
      started = true;
    if (started && lines.size() < max_lines) lines.push_back(line.size() > 300 ? line.substr(0, 300) + " ..." : line);
  }
  if (lines.empty()) {  // no line said "error": keep the head of the output
    std::istringstream again(text);
    while (lines.size() < max_lines && std::getline(again, line)) lines.push_back(line);
  }
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  if (total > lines.size()) out += "... (" + std::to_string(total - lines.size()) + " more lines)\n";
  return out;
}

}  // namespace grader::build
