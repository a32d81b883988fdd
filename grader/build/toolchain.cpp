#include "grader/build/toolchain.hpp"

#include <unistd.h>

#include <nlohmann/json.hpp>
#include <stdexcept>

#include "grader/util/files.hpp"

namespace grader::build {

const LessonArtifacts* Toolchain::lesson(const std::string& id) const {
  auto it = lessons.find(id);
  return it == lessons.end() ? nullptr : &it->second;
}

const std::string* Toolchain::program(const std::string& name) const {
  auto it = programs.find(name);
  return it == programs.end() ? nullptr : &it->second;
}

std::filesystem::path Toolchain::default_cache_dir() const {
  return manifest_path.parent_path().parent_path() / "grader-cache";
}

Toolchain load_toolchain(const std::filesystem::path& manifest) {
  if (!std::filesystem::exists(manifest))
    throw std::runtime_error("the grader's toolchain manifest " + manifest.string() +
                             " is missing; build the course first (./run.sh, or cmake --build build)");
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(util::read_file(manifest));
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error("the toolchain manifest " + manifest.string() + " is damaged (" + e.what() +
                             "); rebuild with cmake --build build");
  }
  Toolchain t;
  t.manifest_path = std::filesystem::absolute(manifest);
  t.course_version = j.value("course_version", "");
  t.course_root = j.at("course_root").get<std::string>();
  t.framework_root = j.value("framework_root", t.course_root.string());
  t.compiler = j.at("compiler").get<std::string>();
  t.compile_flags = j.at("compile_flags").get<std::vector<std::string>>();
  t.include_dirs = j.at("include_dirs").get<std::vector<std::string>>();
  t.system_include_dirs = j.at("system_include_dirs").get<std::vector<std::string>>();
  t.link_flags = j.at("link_flags").get<std::vector<std::string>>();
  t.worker_main_object = j.at("worker_main_object").get<std::string>();
  t.with_hidden = j.value("with_hidden", false);
  for (const auto& [id, lesson] : j.at("lessons").items()) {
    LessonArtifacts a;
    a.worker_libraries = lesson.at("worker_libraries").get<std::vector<std::string>>();
    a.suites = lesson.at("suites").get<std::map<std::string, std::string>>();
    a.use_stubs = lesson.value("use_stubs", "");
    a.callback_lessons = lesson.value("callback_lessons", std::vector<std::string>{});
    a.exercise_stubs = lesson.value("exercise_stubs", std::map<std::string, std::string>{});
    if (lesson.contains("precompiled_header")) {
      const auto& p = lesson.at("precompiled_header");
      a.precompiled_header = PrecompiledHeader{p.at("header").get<std::string>(),
                                               p.at("includes").get<std::vector<std::string>>(),
                                               p.value("gch", std::string())};
    }
    t.lessons[id] = std::move(a);
  }
  if (j.contains("build_inputs"))
    for (const auto& [artifact, inputs] : j.at("build_inputs").items()) {
      auto& sources = t.build_inputs[artifact];
      for (const auto& source : inputs.at("sources"))
        sources.push_back(std::filesystem::path(source.get<std::string>()).lexically_normal().string());
      if (inputs.contains("test_folder")) t.test_folders[artifact] = inputs.at("test_folder").get<std::string>();
    }
  if (j.contains("programs")) t.programs = j.at("programs").get<std::map<std::string, std::string>>();
  return t;
}

std::filesystem::path default_toolchain_path() {
  char buf[4096];
  ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return "grader-toolchain.json";
  buf[n] = 0;
  return std::filesystem::path(buf).parent_path() / "grader-toolchain.json";
}

}  // namespace grader::build
