#include "grader/build/staleness.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <regex>
#include <set>

namespace grader::build {
namespace fs = std::filesystem;

namespace {

bool is_under(const fs::path& path, const fs::path& root) {
  const fs::path rel = path.lexically_normal().lexically_relative(root.lexically_normal());
  return !rel.empty() && *rel.begin() != "..";
}

/// The quoted includes of one file, read once per process and file version
/// (a batch asks about the same sources for every submission).
std::vector<std::string> quoted_includes(const fs::path& file, fs::file_time_type time) {
  static std::mutex mutex;
  static std::map<std::string, std::pair<fs::file_time_type, std::vector<std::string>>> cache;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (auto it = cache.find(file.string()); it != cache.end() && it->second.first == time) return it->second.second;
  }
  static const std::regex kInclude(R"re(^\s*#\s*include\s*"([^"]+)")re");
  std::vector<std::string> found;
  std::ifstream in(file);
  std::string line;
  std::smatch m;
  while (std::getline(in, line))
    if (line.find("include") != std::string::npos && std::regex_search(line, m, kInclude)) found.push_back(m[1]);
  std::lock_guard<std::mutex> lock(mutex);
  cache[file.string()] = {time, found};
  return found;
}

std::string shown(const Toolchain& toolchain, const fs::path& path) {
  if (is_under(path, toolchain.course_root)) return path.lexically_normal().lexically_relative(toolchain.course_root).string();
  return path.string();
}

}  // namespace

std::string rebuild_command(const Toolchain& toolchain) {
  return "cmake --build " + toolchain.manifest_path.parent_path().parent_path().string();
}

std::optional<StaleBuild> find_missing_grading_build(const Toolchain& toolchain, const std::string& command,
                                                     const std::vector<std::string>& lessons) {
  for (const auto& [id, artifacts] : toolchain.lessons) {
    if (!lessons.empty() && std::find(lessons.begin(), lessons.end(), id) == lessons.end()) continue;
    for (const char* variant : {"hidden", "public_serving"}) {
      const auto suite = artifacts.suites.find(variant);
      std::error_code ec;
      if (suite == artifacts.suites.end() || fs::exists(suite->second, ec)) continue;
      return StaleBuild{suite->second, "",
                        fmt::format("{} needs the hidden tests, and this build does not hold them yet ({} is "
                                    "missing: ./run.sh check builds only what a student needs); build them with: {} "
                                    "(./run.sh {} builds them itself)",
                                    command, suite->second, rebuild_command(toolchain), command)};
    }
  }
  return std::nullopt;
}

std::vector<std::string> include_closure(const Toolchain& toolchain, const std::vector<std::string>& sources) {
  std::vector<std::string> order;
  std::set<std::string> seen;
  std::vector<fs::path> pending(sources.begin(), sources.end());
  std::vector<fs::path> search;
  for (const auto& dir : toolchain.include_dirs) search.emplace_back(dir);
  search.push_back(toolchain.course_root);
  search.push_back(toolchain.framework_root);  // "grader/authoring/..." of a course in a folder of its own
  while (!pending.empty()) {
    const fs::path file = pending.front().lexically_normal();
    pending.erase(pending.begin());
    if (!seen.insert(file.string()).second) continue;
    std::error_code ec;
    const auto time = fs::last_write_time(file, ec);
    if (ec) continue;  // a source that is gone: the build would notice, and so does the caller
    order.push_back(file.string());
    for (const auto& include : quoted_includes(file, time)) {
      std::vector<fs::path> candidates{file.parent_path() / include};
      for (const auto& dir : search) candidates.push_back(dir / include);
      for (const auto& candidate : candidates)
        if ((is_under(candidate, toolchain.course_root) || is_under(candidate, toolchain.framework_root)) &&
            fs::is_regular_file(candidate, ec)) {
          pending.push_back(candidate);
          break;
        }
    }
  }
  return order;
}

std::optional<StaleBuild> find_stale_build(const Toolchain& toolchain, const std::vector<std::string>& artifacts) {
  for (const auto& artifact : artifacts) {
    std::error_code ec;
    const auto built = fs::last_write_time(artifact, ec);
    if (ec)
      return StaleBuild{artifact, "",
                        fmt::format("the course build is incomplete: {} is missing (it is built from the course, not "
                                    "from your files); build it with: {}",
                                    artifact, rebuild_command(toolchain))};
    const auto inputs = toolchain.build_inputs.find(artifact);
    if (inputs == toolchain.build_inputs.end()) continue;
    for (const auto& source : include_closure(toolchain, inputs->second)) {
      const auto changed = fs::last_write_time(source, ec);
      if (!ec && changed > built)
        return StaleBuild{artifact, source,
                          fmt::format("the course build is out of date: {} changed after {} was built, so grading "
                                      "would use the old version; rebuild with: {}",
                                      shown(toolchain, source), shown(toolchain, artifact), rebuild_command(toolchain))};
    }
    if (auto folder = toolchain.test_folders.find(artifact); folder != toolchain.test_folders.end()) {
      const std::set<std::string> built_from(inputs->second.begin(), inputs->second.end());
      std::vector<fs::path> unbuilt;
      for (const auto& entry : fs::directory_iterator(folder->second, ec))
        if (entry.path().extension() == ".cpp" && !built_from.count(entry.path().lexically_normal().string()))
          unbuilt.push_back(entry.path());
      std::sort(unbuilt.begin(), unbuilt.end());
      if (!unbuilt.empty())
        return StaleBuild{artifact, unbuilt.front().string(),
                          fmt::format("the course build is out of date: {} is not built into {} (it was added after "
                                      "the last build), so its tests would not run; rebuild with: {}",
                                      shown(toolchain, unbuilt.front()), shown(toolchain, artifact),
                                      rebuild_command(toolchain))};
    }
  }
  return std::nullopt;
}

}  // namespace grader::build
