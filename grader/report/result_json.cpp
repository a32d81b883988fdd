#include "grader/report/result_json.hpp"

#include <stdexcept>

#include "grader/report/names.hpp"
#include "grader/report/outcome.hpp"
#include "grader/report/sanitize.hpp"

namespace grader::report {
namespace {

using nlohmann::json;

json json_texts(const std::vector<std::string>& texts) {
  json out = json::array();
  for (const auto& t : texts) out.push_back(json_text(t));
  return out;
}

nlohmann::json test_json(const runner::TestResult& t) {
  return {
      {"lesson", json_text(t.lesson)},
      {"exercise", json_text(t.exercise)},
      {"name", json_text(t.name)},
      {"hidden", t.hidden},
      {"visibility", name_of(t.visibility)},
      {"show_details", t.show_details},
      {"status", name_of(t.status)},
      {"score", t.score},
      {"max_score", t.max_score},
      {"message", json_text(t.message)},
      {"public_message", json_text(t.public_message)},
      {"seconds", t.seconds},
  };
}

nlohmann::json lesson_json(const runner::LessonResult& l) {
  json tests = json::array();
  for (const auto& t : l.tests) tests.push_back(test_json(t));
  return {
      {"lesson", json_text(l.lesson)}, {"status", name_of(l.status)}, {"outcome", name_of(lesson_outcome(l))},
      {"detail", json_text(l.detail)}, {"tests", tests},
      {"score", l.score},   {"max_score", l.max_score},    {"seconds", l.seconds},
  };
}

/// Reads fields of one JSON object, naming the path of anything wrong.
class Reader {
 public:
  Reader(const json& object, std::string path) : object_(object), path_(std::move(path)) {
    if (!object_.is_object()) fail(path_.empty() ? "result" : path_, "an object", object_);
  }

  const json& field(const char* key) const {
    auto it = object_.find(key);
    if (it == object_.end())
      throw std::invalid_argument(where(key) + ": missing; every field of the result must be present");
    return *it;
  }
  std::string text(const char* key) const {
    const json& v = field(key);
    if (!v.is_string()) fail(where(key), "a string", v);
    return v.get<std::string>();
  }
  double number(const char* key) const {
    const json& v = field(key);
    if (!v.is_number()) fail(where(key), "a number", v);
    return v.get<double>();
  }
  bool boolean(const char* key) const {
    const json& v = field(key);
    if (!v.is_boolean()) fail(where(key), "true or false", v);
    return v.get<bool>();
  }
  const json& array(const char* key) const {
    const json& v = field(key);
    if (!v.is_array()) fail(where(key), "an array", v);
    return v;
  }
  std::vector<std::string> strings(const char* key) const {
    std::vector<std::string> out;
    const json& v = array(key);
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (!v[i].is_string()) fail(where(key) + "[" + std::to_string(i) + "]", "a string", v[i]);
      out.push_back(v[i].get<std::string>());
    }
    return out;
  }
  template <typename Parse>
  auto named(const char* key, Parse parse) const {
    const std::string name = text(key);
    try {
      return parse(name);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(where(key) + ": " + e.what());
    }
  }
  std::string where(const char* key) const { return path_.empty() ? key : path_ + "." + key; }

 private:
  [[noreturn]] static void fail(const std::string& where, const char* want, const json& got) {
    throw std::invalid_argument(where + ": expected " + want + ", got " + got.type_name());
  }
  const json& object_;
  std::string path_;
};

runner::TestResult test_from(const json& j, const std::string& path) {
  Reader r(j, path);
  runner::TestResult t;
  t.lesson = r.text("lesson");
  t.exercise = r.text("exercise");
  t.name = r.text("name");
  t.hidden = r.boolean("hidden");
  t.visibility = r.named("visibility", parse_visibility);
  t.show_details = r.boolean("show_details");
  t.status = r.named("status", parse_test_status);
  t.score = r.number("score");
  t.max_score = r.number("max_score");
  t.message = r.text("message");
  t.public_message = r.text("public_message");
  t.seconds = r.number("seconds");
  return t;
}

runner::LessonResult lesson_from(const json& j, const std::string& path) {
  Reader r(j, path);
  runner::LessonResult l;
  l.lesson = r.text("lesson");
  l.status = r.named("status", parse_lesson_status);
  l.detail = r.text("detail");
  const json& tests = r.array("tests");
  for (std::size_t i = 0; i < tests.size(); ++i)
    l.tests.push_back(test_from(tests[i], path + ".tests[" + std::to_string(i) + "]"));
  l.score = r.number("score");
  l.max_score = r.number("max_score");
  l.seconds = r.number("seconds");
  return l;
}

}  // namespace

nlohmann::json to_json(const runner::SubmissionResult& s) {
  json lessons = json::array();
  for (const auto& l : s.lessons) lessons.push_back(lesson_json(l));
  return {
      {"format", "grader-submission-result"},
      {"format_version", kResultJsonVersion},
      {"student", json_text(s.student)},
      {"source", json_text(s.source)},
      {"content_hash", s.content_hash},
      {"course_version", s.course_version},
      {"grader_version", s.grader_version},
      {"submitted_at", s.submitted_at},
      {"student_name", json_text(s.student_name)},
      {"lateness",
       {{"late", s.lateness.late},
        {"late_seconds", s.lateness.late_seconds},
        {"penalty_percent", s.lateness.penalty_percent},
        {"reason", json_text(s.lateness.reason)}}},
      {"outcome", name_of(submission_outcome(s))},
      {"score", s.score},
      {"score_after_penalty", runner::penalised_score(s)},
      {"max_score", s.max_score},
      {"seconds", s.seconds},
      {"ignored_files", json_texts(s.ignored_files)},
      {"rejected_files", json_texts(s.rejected_files)},
      {"lessons", lessons},
  };
}

runner::SubmissionResult submission_from_json(const nlohmann::json& j) {
  Reader r(j, "");
  if (r.text("format") != "grader-submission-result")
    throw std::invalid_argument("format: expected \"grader-submission-result\", got \"" + r.text("format") + "\"");
  const double version = r.number("format_version");
  if (version != kResultJsonVersion)
    throw std::invalid_argument("format_version: this grader reads version " + std::to_string(kResultJsonVersion) +
                                ", the file has " + j.at("format_version").dump() +
                                "; write it again with a matching grader");
  runner::SubmissionResult s;
  s.student = r.text("student");
  s.source = r.text("source");
  s.content_hash = r.text("content_hash");
  s.course_version = r.text("course_version");
  s.grader_version = r.text("grader_version");
  s.submitted_at = r.text("submitted_at");
  // Written since the gradebook kept late penalties; older files have none.
  if (j.contains("student_name")) s.student_name = r.text("student_name");
  if (j.contains("lateness")) {
    Reader late(j.at("lateness"), "lateness");
    s.lateness.late = late.boolean("late");
    s.lateness.late_seconds = late.number("late_seconds");
    s.lateness.penalty_percent = late.number("penalty_percent");
    s.lateness.reason = late.text("reason");
  }
  s.score = r.number("score");
  s.max_score = r.number("max_score");
  s.seconds = r.number("seconds");
  s.ignored_files = r.strings("ignored_files");
  s.rejected_files = r.strings("rejected_files");
  const json& lessons = r.array("lessons");
  for (std::size_t i = 0; i < lessons.size(); ++i)
    s.lessons.push_back(lesson_from(lessons[i], "lessons[" + std::to_string(i) + "]"));
  return s;
}

std::string write_result_json(const runner::SubmissionResult& result, int indent) {
  return to_json(result).dump(indent, ' ', false, json::error_handler_t::replace) + "\n";
}

runner::SubmissionResult read_result_json(std::string_view text) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::parse_error& e) {
    throw std::invalid_argument(std::string("not valid JSON: ") + e.what());
  }
  return submission_from_json(j);
}

}  // namespace grader::report
