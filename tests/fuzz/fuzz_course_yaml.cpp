// course.yaml as the loader sees it: any text must load or be refused with a
// CourseError (file:line:column diagnostics), never crash or throw anything else.
#include <filesystem>
#include <fstream>
#include <sstream>

#include "fuzz_target.hpp"
#include "grader/course/loader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  grader::course::LoadOptions options;
  options.check_files = false;  // no course folder behind the text
  options.check_hidden_files = false;
  try {
    auto course = grader::course::load_course_from_string(text, "course.yaml", "/nonexistent-course", options);
    (void)course;
  } catch (const grader::course::CourseError& e) {
    if (e.diagnostics().empty()) fuzz::finding("a CourseError without any diagnostic");
  } catch (const std::exception& e) {
    fuzz::finding(std::string("the loader threw something other than CourseError: ") + e.what());
  }
  return 0;
}

namespace fuzz {
std::vector<std::string> seeds() {
  std::vector<std::string> out;
  std::ifstream in(std::filesystem::path(COURSE_SOURCE_DIR) / "course.yaml");
  std::stringstream s;
  s << in.rdbuf();
  if (!s.str().empty()) out.push_back(s.str());
  out.push_back(
      "format_version: 1\ntitle: Tiny\nversion: \"1\"\nlessons:\n  - id: one\n    title: One\n    folder: lessons/one\n"
      "    exercises:\n      - id: ex\n        title: Ex\n        files: [one/a.cpp]\n        tests:\n"
      "          public: [tests/public/one/a_test.cpp]\n        points: 5\n");
  out.push_back("format_version: 1\nlessons: []\n");
  out.push_back("{format_version: 1, title: [x], lessons: {a: b}}\n");
  out.push_back("limits: {call_timeout_ms: -1, memory_mb: 99999999999999999999}\n");
  out.push_back("a: &x [*x]\n");
  out.push_back(" [x], b}}\n");  // sent yaml-cpp 0.7's LoadAll into an endless allocation loop
  out.push_back("a: 1\n---\nb: 2\n");
  return out;
}
}  // namespace fuzz
