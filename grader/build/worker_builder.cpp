#include "grader/build/worker_builder.hpp"

#include <fcntl.h>
#include <sys/stat.h>
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
#include "grader/util/text.hpp"

namespace grader::build {
namespace fs = std::filesystem;

namespace {

// Every file under the include directories feeds the object key, so a
// changed course file invalidates cached student objects (a student file may
// include any of them, a course .cpp too). `newest` is the latest
// modification time among the headers: a precompiled header older than that
// was made from other headers.
struct CourseHeaders {
  std::string digest;
  fs::file_time_type newest = fs::file_time_type::min();
};

// How deep a course's include folders are walked through linked folders: a
// link back into its own folder would otherwise never end.
constexpr int kMaxIncludeDepth = 24;

// Every entry under the course's include folders, through the folders the
// course links there (the course is trusted: a link is followed where its
// author placed it, docs/authoring.md "A course of your own").
template <typename Visit>
void walk_include_dirs(const std::vector<std::string>& dirs, Visit visit) {
  for (const auto& dir : dirs) {
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(dir, fs::directory_options::follow_directory_symlink, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (it.depth() >= kMaxIncludeDepth) it.disable_recursion_pending();
      visit(*it);
    }
  }
}

CourseHeaders digest_headers(const Toolchain& t) {
  util::Sha256 h;
  h.field(t.compiler);
  for (const auto& f : t.compile_flags) h.field(f);
  std::vector<fs::path> headers;
  walk_include_dirs(t.include_dirs, [&headers](const fs::directory_entry& e) {
    std::error_code ec;
    if (e.is_regular_file(ec)) headers.push_back(e.path());
  });
  std::sort(headers.begin(), headers.end());
  CourseHeaders out;
  for (const auto& p : headers) {
    h.field(p.string());
    h.field(util::read_file(p));
    if (p.extension() != ".hpp" && p.extension() != ".h") continue;
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

// The compiler driver outlives a limit that ends cc1plus: RLIMIT_CPU's
// SIGXCPU makes it say "c++: internal compiler error: CPU time limit
// exceeded signal terminated program cc1plus", then GCC's bug-report lines,
// and exit with 4 (ICE_EXIT_CODE). Name the limit instead of passing that on.
// The decision is the exit code's: without -pass-exit-codes the driver
// exits with 4 only when one of its programs died from a signal, which no
// source file can make happen (an error exits with 1, and cc1plus turns its
// own crashes into an exit code), while any text can be printed by a file
// (`#line` to a missing file and a `static_assert` message with newlines
// print lines of their choosing, without an excerpt after them). The text is
// read only to choose the words, and only the last line, which after a
// program died is the driver's. A SIGKILL (the hard CPU limit, the
// out-of-memory killer) makes the driver exit with 1, like any error: its
// "fatal error: Killed signal terminated program cc1plus" is shown as it is.
constexpr int kDriverSawAProgramDie = 4;
std::string limit_that_stopped_the_compiler(const sandbox::RunResult& run, const std::string& compiler,
                                            const BuildLimits& limits) {
  if (run.timed_out || run.signal != 0 || run.exit_code != kDriverSawAProgramDie) return "";
  const std::string generic = "a compiler program was stopped by a signal (memory or CPU limit: simplify templates or "
                              "constant expressions)";
  if (run.output_truncated) return generic;  // the driver's own last lines were cut off
  std::vector<std::string> lines;
  std::istringstream in(run.err);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  auto trailer = [](const std::string& line) {
    return line.empty() || line == "compilation terminated." || line.rfind("Please submit a full bug report", 0) == 0 ||
           (line.rfind("See <", 0) == 0 && line.size() > 24 && line.compare(line.size() - 19, 19, "> for instructions.") == 0);
  };
  while (!lines.empty() && trailer(lines.back())) lines.pop_back();
  const std::string cpu = fs::path(compiler).filename().string() +
                          ": internal compiler error: CPU time limit exceeded signal terminated program ";
  if (!lines.empty() && lines.back().rfind(cpu, 0) == 0 && lines.back().find_first_of(" :", cpu.size()) == std::string::npos)
    return "compiling took longer than " + std::to_string(limits.compile_timeout_s) +
           " s of CPU time and was stopped (a template or constexpr that never ends?)";
  return generic;
}

// What the compiler of one student file may read: the course headers, the
// system's and the precompiled course headers, never solutions/ or tests/,
// and nothing that depends on other submissions or on the grading order: no
// object cache, no scratch folder but its own (`work_dir`, which holds only
// the file it compiles). The link's spec adds what the link needs.
// What the symbolic links under the course's include folders lead to: the
// sandbox admits a folder's hierarchy, and a link's target lies outside it.
std::vector<std::string> linked_course_paths(const Toolchain& t) {
  std::vector<std::string> out;
  walk_include_dirs(t.include_dirs, [&out](const fs::directory_entry& e) {
    std::error_code ec;
    if (!e.is_symlink(ec)) return;
    const fs::path real = fs::canonical(e.path(), ec);
    if (!ec) out.push_back(real.string());
  });
  return out;
}

sandbox::Spec compile_spec(const Toolchain& t, const fs::path& work_dir, const BuildLimits& limits) {
  sandbox::Spec spec;
  spec.working_dir = work_dir.string();
  spec.env = sandbox::clean_environment(work_dir.string());
  // __DATE__ and __TIME__ as the same fixed time on every compile (GCC reads
  // SOURCE_DATE_EPOCH): an object is reused later and by other submissions.
  spec.env.push_back("SOURCE_DATE_EPOCH=0");
  spec.limits.address_space_bytes = limits.memory_mb << 20;
  spec.limits.cpu_seconds = limits.compile_timeout_s;
  spec.limits.file_size_bytes = std::size_t{256} << 20;
  spec.limits.processes = 32;  // driver, cc1plus, as, collect2, ld
  std::vector<std::string> inputs = t.include_dirs;
  inputs.insert(inputs.end(), t.system_include_dirs.begin(), t.system_include_dirs.end());
  const auto linked = linked_course_paths(t);
  inputs.insert(inputs.end(), linked.begin(), linked.end());
  for (const auto& [id, lesson] : t.lessons)
    if (lesson.precompiled_header) inputs.push_back(fs::path(lesson.precompiled_header->header).parent_path().string());
  spec.isolation = sandbox::for_compiler(inputs, work_dir.string());
  return spec;
}

sandbox::Spec link_spec(const Toolchain& t, const fs::path& work_dir, const BuildLimits& limits,
                        const fs::path& cache_dir, const LessonArtifacts& artifacts) {
  sandbox::Spec spec = compile_spec(t, work_dir, limits);
  std::vector<std::string> inputs = t.include_dirs;
  inputs.insert(inputs.end(), t.system_include_dirs.begin(), t.system_include_dirs.end());
  const auto linked = linked_course_paths(t);
  inputs.insert(inputs.end(), linked.begin(), linked.end());
  inputs.push_back((cache_dir / "objects").string());
  inputs.push_back(t.worker_main_object);
  inputs.insert(inputs.end(), artifacts.worker_libraries.begin(), artifacts.worker_libraries.end());
  spec.isolation = sandbox::for_compiler(inputs, work_dir.string());
  return spec;
}

// The compile command of one file, forced headers included, as the probe of
// a precompiled header and every student file use it.
std::vector<std::string> compile_argv(const Toolchain& t, const std::vector<std::string>& forced_flags,
                                      const fs::path& compile_dir, const fs::path& file, const fs::path& object) {
  std::vector<std::string> argv = {t.compiler};
  for (const auto& f : t.compile_flags) argv.push_back(f);
  for (const auto& d : t.include_dirs) argv.push_back("-I" + d);
  for (const auto& d : t.system_include_dirs) argv.insert(argv.end(), {"-isystem", d});
  argv.insert(argv.end(), forced_flags.begin(), forced_flags.end());
  // __FILE__ names the file by its workspace name, the same in every compile of it.
  argv.push_back("-ffile-prefix-map=" + compile_dir.string() + "/=");
  argv.insert(argv.end(), {"-fdiagnostics-color=never", "-c", file.string(), "-o", object.string()});
  return argv;
}

// Writes a student file where it is compiled, with a fixed modification time
// (__TIMESTAMP__ is the file's), so that two compiles of it differ in nothing.
void write_source(const fs::path& file, const std::string& content) {
  fs::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary) << content;
  const struct timespec epoch[2] = {{0, 0}, {0, 0}};
  ::utimensat(AT_FDCWD, file.c_str(), epoch, 0);
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

// How a student file is compiled, beyond the compiler, flags and headers the
// key holds: alone in a folder of its own, with a fixed __FILE__ prefix,
// __DATE__/__TIME__ and __TIMESTAMP__. Objects made another way (an older
// grader compiled files next to each other) are never reused.
constexpr const char* kCompileRecipe = "alone in its own folder; -ffile-prefix-map; SOURCE_DATE_EPOCH=0; mtime 0";

std::string WorkerBuilder::object_key(const SourceFile& source, const ForcedInclude& forced) const {
  // The file name matters too: it appears in __FILE__ and in diagnostics.
  // And the checks it passed before it was compiled (kStudentFileChecks).
  return util::Sha256()
      .field(kCompileRecipe)
      .field(headers_digest_)
      .field(forced.identity)
      .field(kStudentFileChecks)
      .field(source.relative)
      .field(source.content)
      .hex();
}

std::vector<HiddenPath> WorkerBuilder::hidden_paths(const fs::path& compile_dir, const fs::path& work_dir) const {
  std::vector<HiddenPath> out;
  auto add = [&](const fs::path& p, const std::string& shown) {
    if (p.empty()) return;
    out.push_back({p.lexically_normal().string(), shown});
    std::error_code ec;  // the compiler may name a folder by its resolved path too
    if (fs::path real = fs::canonical(p, ec); !ec && real != p.lexically_normal()) out.push_back({real.string(), shown});
  };
  add(compile_dir, "");  // what is left of the student file's path is its workspace name
  add(work_dir, "<scratch>");
  const fs::path course = toolchain_.course_root.lexically_normal();
  add(course, "<course>");
  // The course's other folders read "<course>/lessons/..." when inside it; their own name otherwise.
  auto add_outside_course = [&](const fs::path& p, const std::string& shown) {
    const std::string text = p.lexically_normal().string();
    if (course.empty() || text.rfind(course.string() + "/", 0) != 0) add(p, shown);
  };
  if (!toolchain_.manifest_path.empty()) add_outside_course(toolchain_.manifest_path.parent_path().parent_path(), "<course build>");
  for (const auto& d : toolchain_.include_dirs) add_outside_course(d, "<course headers>");
  for (const auto& [id, lesson] : toolchain_.lessons)
    if (lesson.precompiled_header)
      add_outside_course(fs::path(lesson.precompiled_header->header).parent_path(), "<course build>/student-pch/" + id);
  add_outside_course(cache_dir_, "<object cache>");
  return out;
}

namespace {

// What a probe's verdict depends on: the compiler (its path and the file it
// resolves to, by size and time: an upgrade in place changes them), every
// flag and include folder of the compile command, the header and which .gch.
std::string probe_key(const Toolchain& t, const std::string& header, const std::string& gch, const std::string& stamp) {
  util::Sha256 h;
  h.field("pch probe 1").field(t.compiler);
  std::error_code ec;
  const fs::path real = fs::canonical(t.compiler, ec);
  if (!ec) {
    const auto size = fs::file_size(real, ec);
    const auto time = fs::last_write_time(real, ec).time_since_epoch().count();
    h.field(real.string()).field(std::to_string(size)).field(std::to_string(time));
  }
  for (const auto& f : t.compile_flags) h.field(f);
  for (const auto& d : t.include_dirs) h.field("-I" + d);
  for (const auto& d : t.system_include_dirs) h.field("-isystem" + d);
  h.field(header).field(gch).field(stamp);
  return h.hex();
}

}  // namespace

PchProbe WorkerBuilder::probe_pch(const std::string& header, const std::string& gch, const std::string& stamp) const {
  // Once per .gch and process; a batch's threads wait for the first probe.
  static std::mutex mutex;
  static std::map<std::string, PchProbe> probed;
  std::lock_guard<std::mutex> lock(mutex);
  const std::string key = probe_key(toolchain_, header, gch, stamp);
  if (auto it = probed.find(key); it != probed.end()) return it->second;

  // And once per .gch across processes (each `grader check` is one): the
  // verdict is kept in the cache folder, which only the grader writes, by
  // the same key. "used", or "refused" and GCC's reason on the next line.
  const fs::path verdict_file = cache_dir_ / "pch-probes" / key;
  {
    std::error_code ec;
    if (fs::is_regular_file(verdict_file, ec) && fs::file_size(verdict_file, ec) < 4096 && !ec) {
      std::istringstream in(util::read_file(verdict_file));
      std::string verdict, reason;
      std::getline(in, verdict);
      std::getline(in, reason);
      if (verdict == "used" || (verdict == "refused" && !reason.empty())) {
        PchProbe probe{verdict == "used", verdict == "used" ? "" : reason};
        probed[key] = probe;
        return probe;
      }
    }
  }

  PchProbe probe;
  bool finished = false;  // a verdict of the compiler's own, worth keeping
  try {
    util::TempDir dir("grader-pch-probe");
    const fs::path file = dir.path() / "probe.cpp";
    write_source(file, "");
    BuildLimits limits;
    sandbox::Spec spec = compile_spec(toolchain_, dir.path(), limits);
    spec.argv = compile_argv(toolchain_, {"-include", header, "-Winvalid-pch", "-H"}, dir.path(), file, dir.path() / "probe.o");
    auto run = sandbox::run(spec, std::chrono::seconds(limits.wall_seconds()), 256 * 1024);
    finished = !run.timed_out && run.signal == 0 && !run.output_truncated;
    // -H names each header it reads, one per line, a precompiled one as "! PATH".
    // The file is empty: every line is the compiler's about the course's own header.
    std::istringstream lines(run.err);
    for (std::string line; std::getline(lines, line);)
      if (line == "! " + gch) probe.used = run.ok();
    if (!probe.used) {
      std::string why;
      std::istringstream again(run.err);
      for (std::string line; std::getline(again, line);)
        if (line.find("not used because") != std::string::npos || line.find("error") != std::string::npos) {
          why = line;
          break;
        }
      if (why.empty()) why = run.ok() ? "the compiler read the header as text" : "the probe compile failed";
      probe.reason = cut_line(hide_paths(why, hidden_paths(dir.path(), {})), 300);
    }
  } catch (const std::exception& e) {
    probe.reason = std::string("the probe compile could not run: ") + e.what();
  }
  if (finished) {
    try {
      std::error_code ec;
      fs::create_directories(verdict_file.parent_path(), ec);
      util::write_file_atomically(verdict_file, probe.used ? "used\n" : "refused\n" + probe.reason + "\n");
    } catch (const std::exception&) {
      // A cache that cannot be written only means the next process probes again.
    }
  }
  probed[key] = probe;
  return probe;
}

ForcedInclude WorkerBuilder::forced_include(const std::string& worker_lesson, const SourceFile& source) const {
  // A file's own lesson decides, not the worker's: a lesson that uses an
  // earlier one compiles its files too, and their objects are shared.
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
      const std::string stamp = std::to_string(size) + " " + std::to_string(time.time_since_epoch().count());
      // Asked of the compiler with a file of the grader's own, never read from a student's compile.
      if (const PchProbe probe = probe_pch(pch.header, pch.gch, stamp); probe.used) {
        forced.flags = {"-include", pch.header, "-Winvalid-pch"};
        forced.gch = pch.gch;
        forced.identity += "\n" + pch.gch + " " + stamp;
        return forced;
      } else {
        forced.note = "the compiler refused the precompiled course header " + pch.gch + " (" + probe.reason +
                      "; was the compiler or a flag changed since the course was built?): student files compile from "
                      "source, which is slower (rebuild the course: cmake --build build)";
      }
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
  std::vector<std::string> objects;
  util::Sha256 worker_key;  // the objects, in link order, plus the link's other inputs
  worker_key.field(lesson).field(link_inputs_digest(toolchain_, *artifacts));
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
      result.seconds = util::seconds_since(start);
      return result;
    }
    // Alone, in a folder of its own beside the lesson's scratch folder: the
    // compile can read this file, the course's headers and the system's, and
    // nothing else a submission or the grading order decides (no other
    // student file of this or another submission, no object), so the key
    // (this file, the course headers, what was forced in) holds all it read.
    util::TempDir compile_dir("grader-compile");
    const fs::path file = compile_dir.path() / source.relative;
    write_source(file, source.content);
    const fs::path compiled_object = compile_dir.path() / "object.o";
    // Compiled to assembly first, so that what the assembler will read is
    // scanned after every macro, attribute and pasted keyword has been
    // expanded (the source scan sees only what the text spells); then
    // assembled with the same flags (the same object as `-c` in one step).
    const fs::path assembly = compile_dir.path() / "object.s";
    sandbox::Spec spec = compile_spec(toolchain_, compile_dir.path(), limits);
    spec.argv = compile_argv(toolchain_, forced.flags, compile_dir.path(), file, assembly);
    std::replace(spec.argv.begin(), spec.argv.end(), std::string("-c"), std::string("-S"));
    auto compile_start = std::chrono::steady_clock::now();
    auto run = sandbox::run(spec, std::chrono::seconds(limits.wall_seconds()), 256 * 1024);
    if (run.ok()) {
      std::ifstream generated(assembly, std::ios::binary);
      if (auto bad = find_forbidden_in_generated_assembly(generated)) {
        result.isolation = run.isolation;
        ++result.compiled;
        log_build("failed", source.relative, util::seconds_since(compile_start));
        result.diagnostics = describe(*bad, source.relative);
        result.seconds = util::seconds_since(start);
        return result;
      }
      sandbox::Spec assemble = compile_spec(toolchain_, compile_dir.path(), limits);
      assemble.argv = {toolchain_.compiler};
      for (const auto& f : toolchain_.compile_flags) assemble.argv.push_back(f);
      assemble.argv.insert(assemble.argv.end(), {"-fdiagnostics-color=never", "-c", "-x", "assembler",
                                                 assembly.string(), "-o", compiled_object.string()});
      const std::string compiler_messages = run.err;
      run = sandbox::run(assemble, std::chrono::seconds(limits.wall_seconds()), 256 * 1024);
      run.err = compiler_messages + run.err;
      std::error_code ignored;
      fs::remove(assembly, ignored);
    }
    result.isolation = run.isolation;
    ++result.compiled;
    log_build(run.ok() ? "compile" : "failed", source.relative, util::seconds_since(compile_start));
    if (!run.ok()) {
      if (run.timed_out)
        result.diagnostics = source.relative + ": compiling took longer than " + std::to_string(limits.wall_seconds()) +
                             " s and was stopped (a template or constexpr that never ends?)";
      else if (run.signal)
        result.diagnostics = source.relative + ": the compiler was stopped by " + sandbox::describe_signal(run.signal) +
                             " (memory or CPU limit: simplify templates or constant expressions)";
      else if (std::string limit = limit_that_stopped_the_compiler(run, toolchain_.compiler, limits); !limit.empty())
        result.diagnostics = source.relative + ": " + limit;
      else
        result.diagnostics =
            explain_denied_reads(trim_diagnostics(run.err, hidden_paths(compile_dir.path(), work_dir))) +
            (run.output_truncated ? "... (the compiler's output was cut after 256 KiB)\n" : "");
      result.seconds = util::seconds_since(start);
      return result;
    }
    const fs::path object = work_dir / (std::to_string(objects.size()) + ".o");
    std::error_code ec;
    fs::copy_file(compiled_object, object, fs::copy_options::overwrite_existing, ec);
    if (ec) {
      result.diagnostics = source.relative + ": the compiled object could not be kept (" + ec.message() + ")";
      result.seconds = util::seconds_since(start);
      return result;
    }
    // Publish into the cache atomically: concurrent graders may race here.
    fs::path tmp = cached;
    tmp += ".tmp" + std::to_string(::getpid()) + "-" + std::to_string(std::hash<std::string>{}(work_dir.string()));
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
      result.seconds = util::seconds_since(start);
      return result;
    }
  }
  auto link_start = std::chrono::steady_clock::now();
  sandbox::Spec spec = link_spec(toolchain_, work_dir, limits, cache_dir_, *artifacts);
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
    result.diagnostics = "linking the worker failed:\n" + trim_diagnostics(text, hidden_paths({}, work_dir));
    result.seconds = util::seconds_since(start);
    return result;
  }
  log_build("link", lesson, util::seconds_since(link_start));
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
  result.seconds = util::seconds_since(start);
  return result;
}

}  // namespace grader::build
