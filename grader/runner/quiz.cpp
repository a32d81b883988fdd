#include "grader/runner/quiz.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include "grader/course/edit_distance.hpp"
#include "grader/util/bounded_yaml.hpp"
#include "grader/util/files.hpp"
#include "grader/runner/points.hpp"
#include "grader/util/text.hpp"

namespace grader::runner {
namespace {

namespace fs = std::filesystem;

enum class Kind { choice, choices, numeric, free_text };

/// One question: from the answer key, or (without the key) its form only.
struct Question {
  std::string id;
  Kind kind = Kind::choice;
  std::set<char> options;  ///< empty: any letter a-z (form checks without the key)
  std::set<char> letters;  ///< choice / choices: the right letter(s)
  double number = 0;       ///< numeric: the right value
  double tolerance = 0;    ///< numeric: largest accepted |answer - number|
  double weight = 1;       ///< share of the exercise's points
  std::string feedback;    ///< shown when the answer is wrong
};

// Answers and feedback are YAML scalars: their line ends are blanks too.
constexpr std::string_view kBlanks = " \t\r\n";

/// "b", "B", "(b)", "b)" and "b." all name choice b.
std::optional<char> letter_of(std::string_view text) {
  text = util::trim(text, kBlanks);
  if (!text.empty() && text.front() == '(') text.remove_prefix(1);
  if (!text.empty() && (text.back() == ')' || text.back() == '.')) text.remove_suffix(1);
  text = util::trim(text, kBlanks);
  if (text.size() != 1 || !std::isalpha(static_cast<unsigned char>(text[0]))) return std::nullopt;
  return static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
}

/// A plain decimal number ("64", "-0.5", "6.4e1", "+3"); no hex, words or infinities.
std::optional<double> number_of(std::string_view text) {
  text = util::trim(text, kBlanks);
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  if (text.empty()) return std::nullopt;
  double value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value, std::chars_format::general);
  if (ec != std::errc() || ptr != end || !std::isfinite(value)) return std::nullopt;
  return value;
}

std::string letters_text(const std::set<char>& letters) {
  std::string out;
  for (char c : letters) out += (out.empty() ? "" : ", ") + std::string(1, c);
  return out;
}

/// "FinalQuiz" from "final-quiz": results read like GoogleTest's "Suite.Test".
std::string suite_name(const std::string& exercise_id) {
  std::string out;
  bool upper = true;
  for (char c : exercise_id) {
    if (c == '-' || c == '_') {
      upper = true;
      continue;
    }
    out += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    upper = false;
  }
  return out.empty() ? "Quiz" : out;
}

// --- The course's own files: a problem here is the course's, so it throws. ---

[[noreturn]] void course_file_error(const std::string& file, const YAML::Mark& mark, const std::string& what,
                                    const std::string& what_to_do) {
  if (mark.line >= 0)
    throw std::runtime_error(fmt::format("{}:{}:{}: {}; {}", file, mark.line + 1, mark.column + 1, what, what_to_do));
  throw std::runtime_error(fmt::format("{}: {}; {}", file, what, what_to_do));
}

YAML::Node load_course_file(const fs::path& path, const std::string& shown, const std::string& what_to_do) {
  std::string text;
  try {
    text = util::read_file(path);
  } catch (const std::exception& e) {
    throw std::runtime_error(fmt::format("{}: cannot be read ({}); {}", shown, e.what(), what_to_do));
  }
  try {
    return YAML::Load(text);
  } catch (const YAML::ParserException& e) {
    course_file_error(shown, e.mark, "YAML syntax error: " + e.msg, what_to_do);
  } catch (const std::exception& e) {
    throw std::runtime_error(fmt::format("{}: not valid YAML ({}); {}", shown, e.what(), what_to_do));
  }
}

/// The questions of an answer key (`with_answers`) or of a question forms
/// file (type, options and points only: answers, tolerance, feedback and
/// rubric are not required, and are ignored when present).
std::vector<Question> read_questions(const course::Course& course, const std::string& rel, bool with_answers,
                                     const std::string& exercise_id) {
  const std::string& shown = rel;
  const std::string fix = with_answers ? "fix the answer key; the quiz '" + exercise_id + "' was not graded"
                                       : "restore the course's question forms file of quiz '" + exercise_id + "'";
  const YAML::Node root = load_course_file(course.root / rel, shown, fix);
  if (!root.IsMap() || !root["questions"] || !root["questions"].IsMap())
    course_file_error(shown, root.Mark(), "expected a mapping 'questions:' of question ids, each with its type and answer",
                      fix);

  static const std::set<std::string> known = {"type", "options", "answer", "tolerance", "points", "feedback", "rubric"};
  std::vector<Question> questions;
  std::set<std::string> seen;
  for (const auto& entry : root["questions"]) {
    const YAML::Node key = entry.first;
    const YAML::Node spec = entry.second;
    auto fail = [&](const YAML::Node& at, const std::string& what) { course_file_error(shown, at.Mark(), what, fix); };
    if (!key.IsScalar()) fail(key, "a question id must be plain text");
    Question q;
    q.id = key.Scalar();
    if (!seen.insert(q.id).second) fail(key, "question '" + q.id + "' is listed twice");
    if (!spec.IsMap()) fail(spec, "question '" + q.id + "' must be a mapping with type, answer and points");
    for (const auto& field : spec)
      if (!field.first.IsScalar() || !known.count(field.first.Scalar()))
        fail(field.first, "unknown field in question '" + q.id + "'; the fields are type, options, answer, "
                          "tolerance, points, feedback and rubric");

    const YAML::Node type = spec["type"];
    const std::string type_text = type && type.IsScalar() ? type.Scalar() : "";
    if (type_text == "choice") q.kind = Kind::choice;
    else if (type_text == "choices") q.kind = Kind::choices;
    else if (type_text == "numeric") q.kind = Kind::numeric;
    else if (type_text == "free_text") q.kind = Kind::free_text;
    else fail(type ? type : spec, "question '" + q.id + "' needs 'type: choice', 'choices', 'numeric' or 'free_text'");

    auto number_field = [&](const char* name, double fallback) {
      const YAML::Node v = spec[name];
      if (!v) return fallback;
      auto n = v.IsScalar() ? number_of(v.Scalar()) : std::nullopt;
      if (!n || *n < 0) fail(v, std::string("'") + name + "' of question '" + q.id + "' must be a number >= 0");
      return *n;
    };
    q.weight = number_field("points", 1);

    const YAML::Node answer = spec["answer"];
    if (with_answers && q.kind != Kind::free_text && !answer) fail(spec, "question '" + q.id + "' has no 'answer'");
    if (with_answers && q.kind != Kind::free_text) {
      const YAML::Node feedback = spec["feedback"];
      if (!feedback || !feedback.IsScalar() || util::trim(feedback.Scalar(), kBlanks).empty())
        fail(spec, "question '" + q.id + "' has no 'feedback' (what a student with a wrong answer should re-read)");
      q.feedback = std::string(util::trim(feedback.Scalar(), kBlanks));
    }

    if (q.kind == Kind::choice || q.kind == Kind::choices) {
      const YAML::Node options = spec["options"];
      if (!options || !options.IsSequence() || options.size() == 0)
        fail(options ? options : spec, "question '" + q.id + "' needs 'options: [a, b, ...]', the letters it offers");
      for (const auto& o : options) {
        auto l = o.IsScalar() ? letter_of(o.Scalar()) : std::nullopt;
        if (!l) fail(o, "an option of question '" + q.id + "' is not a single letter");
        q.options.insert(*l);
      }
      std::vector<YAML::Node> given;
      if (!with_answers) {
        // forms only: the options are all a form check needs
      } else if (answer.IsSequence() && q.kind == Kind::choices) {
        for (const auto& a : answer) given.push_back(a);
      } else {
        given.push_back(answer);
      }
      for (const auto& a : given) {
        auto l = a.IsScalar() ? letter_of(a.Scalar()) : std::nullopt;
        if (!l || !q.options.count(*l))
          fail(a, "the answer of question '" + q.id + "' must be " +
                      (q.kind == Kind::choice ? "one letter" : "a list of letters") + " from its options");
        q.letters.insert(*l);
      }
    } else if (q.kind == Kind::numeric && with_answers) {
      auto n = answer.IsScalar() ? number_of(answer.Scalar()) : std::nullopt;
      if (!n) fail(answer, "the answer of question '" + q.id + "' must be a number");
      q.number = *n;
      q.tolerance = number_field("tolerance", 0);
    }
    questions.push_back(std::move(q));
  }
  if (questions.empty()) course_file_error(shown, root.Mark(), "the key lists no questions", fix);
  return questions;
}

std::vector<Question> read_key(const course::Course& course, const course::Exercise& exercise) {
  if (exercise.answer_key.empty())
    throw std::runtime_error("exercise '" + exercise.id + "' has no answer_key in course.yaml; name its key file there");
  return read_questions(course, exercise.answer_key, true, exercise.id);
}

/// A course written before question forms existed: the starter's empty
/// values tell each question's form. Only the pristine starter can be read
/// this way (a student's own answers would change the guess).
std::vector<Question> guess_forms_from_starter(const course::Course& course, const course::Exercise& exercise) {
  std::vector<Question> questions;
  std::set<std::string> seen;
  for (const auto& file : exercise.files) {
    const fs::path path = course.root / "starter" / file;
    const std::string shown = "starter/" + file;
    const std::string fix = "restore the course's starter answer file";
    std::string text;
    try {
      text = util::read_file(path);
    } catch (const std::exception& e) {
      throw std::runtime_error(fmt::format("{}: cannot be read ({}); {}", shown, e.what(), fix));
    }
    YAML::Node root;
    try {
      root = YAML::Load(text);
    } catch (const YAML::ParserException& e) {
      course_file_error(shown, e.mark, "YAML syntax error: " + e.msg, fix);
    }
    if (!root.IsMap()) course_file_error(shown, root.Mark(), "expected one line per question id", fix);
    for (const auto& entry : root) {
      if (!entry.first.IsScalar() || !seen.insert(entry.first.Scalar()).second) continue;
      Question q;
      q.id = entry.first.Scalar();
      const YAML::Node& v = entry.second;
      const auto pos = static_cast<std::size_t>(std::max(0, v.Mark().pos));
      if (v.IsNull()) q.kind = Kind::numeric;
      else if (v.IsSequence()) q.kind = Kind::choices;
      else if (v.IsScalar() && pos < text.size() && (text[pos] == '|' || text[pos] == '>')) q.kind = Kind::free_text;
      else q.kind = Kind::choice;
      questions.push_back(std::move(q));
    }
  }
  if (questions.empty())
    throw std::runtime_error("the starter answer file(s) of quiz '" + exercise.id + "' list no questions");
  return questions;
}

/// Each question's form without scoring it: from the answer key where the
/// course has it (the instructor's copy), else from the question forms file
/// (a handout), else guessed from the starter.
std::vector<Question> read_forms(const course::Course& course, const course::Exercise& exercise) {
  std::error_code ec;
  if (!exercise.answer_key.empty() && fs::is_regular_file(course.root / exercise.answer_key, ec))
    return read_questions(course, exercise.answer_key, false, exercise.id);
  if (!exercise.question_forms.empty()) return read_questions(course, exercise.question_forms, false, exercise.id);
  return guess_forms_from_starter(course, exercise);
}

// --- The student's file: every problem becomes a message, never an exception. ---

struct Entry {
  YAML::Node value;
  std::string file;
  int line = 0;
  int second_line = 0;  ///< > 0 when the id is written twice
};

struct Answers {
  std::map<std::string, Entry> entries;
  std::vector<std::string> problems;  ///< whole-file problems: every question fails with them
  std::vector<std::string> notes;     ///< missing or refused files (their starter copy was used)
};

std::string describe(const YAML::Node& node) {
  if (node.IsSequence()) return "a list";
  if (node.IsScalar()) return "the text '" + node.Scalar().substr(0, 40) + "'";
  if (node.IsMap()) return "a mapping";
  return "nothing";
}

/// What to do about a file refused for a limit.
std::string fix_for(util::StructuredLimitError::Limit limit) {
  using Limit = util::StructuredLimitError::Limit;
  switch (limit) {
    case Limit::size: return "shorten your answers (a few sentences per explain question are enough)";
    case Limit::depth:
      return "write each answer on its question's line: one letter, a list of letters [b, e], a number, or text "
             "indented below 'qN: |'";
    case Limit::aliases:
    case Limit::values:
    case Limit::expanded_bytes:
      return "write each answer out in full on its question's line, without anchors (&name) and aliases (*name)";
  }
  return "start again from the starter copy of the file";
}

void read_answer_file(const std::string& file, const std::string& content, Answers& out) {
  const std::string fix = "fix the YAML syntax there or on the line above (indentation, the colon after the question "
                          "id, matching quotes and brackets; free text goes on the lines below 'qN: |', indented); "
                          "until then none of the file's answers can be read";
  util::YamlDocuments documents;
  try {
    documents = util::load_bounded_yaml(content, kAnswerFileLimits);
  } catch (const util::StructuredLimitError& e) {
    const std::string where = e.line() > 0 ? fmt::format("{}:{}:{}", file, e.line(), e.column()) : file;
    out.problems.push_back(fmt::format("{}: {}, so it was not read; {}", where, e.what(), fix_for(e.limit())));
    return;
  } catch (const YAML::ParserException& e) {
    out.problems.push_back(fmt::format("{}:{}:{}: YAML syntax error: {}; {}", file, e.mark.line + 1, e.mark.column + 1,
                                       e.msg, fix));
    return;
  } catch (const std::exception& e) {
    out.problems.push_back(fmt::format("{}: cannot be read as YAML ({}); {}", file, e.what(), fix));
    return;
  }
  if (documents.count > 1) {
    out.problems.push_back(fmt::format("{}:{}: the file holds more than one YAML document (a line '---'); keep every "
                                       "answer above it and delete the line",
                                       file, documents.second_start.line + 1));
    return;
  }
  if (documents.count == 0 || documents.first.IsNull()) return;  // an emptied file: nothing answered
  const YAML::Node& root = documents.first;
  if (!root.IsMap()) {
    out.problems.push_back(fmt::format("{}:{}:{}: expected one line per question (its id, a colon, your answer), got "
                                       "{}; start again from the starter copy of the file",
                                       file, root.Mark().line + 1, root.Mark().column + 1, describe(root)));
    return;
  }
  for (const auto& kv : root) {
    if (!kv.first.IsScalar()) continue;  // not an id: it cannot answer anything
    const std::string id = kv.first.Scalar();
    const int line = kv.first.Mark().line + 1;
    auto [it, inserted] = out.entries.try_emplace(id, Entry{kv.second, file, line, 0});
    if (!inserted && it->second.second_line == 0) it->second.second_line = line;
  }
}

/// The student's answer to one question, read in that question's form.
struct Reading {
  enum class State { unanswered, malformed, ok } state = State::unanswered;
  std::string problem;  ///< malformed: what is wrong and what to write
  std::set<char> letters;
  double number = 0;
  std::string text;   ///< free text
  std::string shown;  ///< the answer as given, for messages
};

Reading malformed(std::string problem) {
  Reading r;
  r.state = Reading::State::malformed;
  r.problem = std::move(problem);
  return r;
}

bool is_blank(const YAML::Node& v) {
  return !v || v.IsNull() || (v.IsScalar() && util::trim(v.Scalar(), kBlanks).empty()) || (v.IsSequence() && v.size() == 0);
}

/// What a well-formed answer looks like; never a letter that might be the answer.
std::string how_to_write(const Question& q) {
  if (q.kind == Kind::choices) return "write the letters of every true statement in brackets, e.g. [b, e]";
  std::string letters;
  std::size_t i = 0;
  for (char c : q.options) {
    letters += (i == 0 ? ": " : i + 1 == q.options.size() ? " or " : ", ") + std::string(1, c);
    ++i;
  }
  return "write just one letter" + letters;
}

Reading read_letters(const Question& q, const YAML::Node& v) {
  std::vector<std::string> tokens;
  if (v.IsSequence()) {
    for (const auto& item : v) {
      if (!item.IsScalar()) return malformed("write the letters as a plain list, e.g. [b, e]");
      tokens.push_back(item.Scalar());
    }
  } else if (v.IsScalar() && q.kind == Kind::choice) {
    tokens.push_back(v.Scalar());
  } else if (v.IsScalar()) {
    std::string token;
    for (char c : v.Scalar() + ",") {
      if (c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '[' || c == ']') {
        if (!util::trim(token, kBlanks).empty()) tokens.push_back(token);
        token.clear();
      } else {
        token += c;
      }
    }
  } else {
    return malformed(how_to_write(q));
  }
  tokens.erase(std::remove_if(tokens.begin(), tokens.end(), [](const std::string& t) { return util::trim(t, kBlanks).empty(); }),
               tokens.end());
  if (tokens.empty()) return {};
  if (q.kind == Kind::choice && tokens.size() > 1)
    return malformed("this question has one answer: " + how_to_write(q));
  Reading r;
  r.state = Reading::State::ok;
  for (const auto& t : tokens) {
    auto l = letter_of(t);
    if (!l)
      return malformed(fmt::format("'{}' is not a choice letter; {}", std::string(util::trim(t, kBlanks)).substr(0, 60),
                                   how_to_write(q)));
    if (!q.options.empty() && !q.options.count(*l))
      return malformed(fmt::format("'{}' is not one of the choices ({})", *l, letters_text(q.options)));
    r.letters.insert(*l);
  }
  r.shown = letters_text(r.letters);
  return r;
}

Reading read_answer(const Question& q, const YAML::Node& v) {
  if (is_blank(v)) return {};
  if (v.IsMap())
    return malformed("the answer is a nested mapping (a second colon on the line, or an indented 'key: value'); "
                     "write it on the question's own line" +
                     std::string(q.kind == Kind::free_text ? ", or as text indented below 'qN: |'" : ""));
  switch (q.kind) {
    case Kind::choice:
    case Kind::choices: return read_letters(q, v);
    case Kind::numeric: {
      if (!v.IsScalar()) return malformed("write one number, e.g. 12.5");
      auto n = number_of(v.Scalar());
      if (!n)
        return malformed(fmt::format("'{}' is not a number; write digits only, e.g. 12.5 (no units, words or formulas)",
                                     std::string(util::trim(v.Scalar(), kBlanks)).substr(0, 60)));
      Reading r;
      r.state = Reading::State::ok;
      r.number = *n;
      r.shown = std::string(util::trim(v.Scalar(), kBlanks));
      return r;
    }
    case Kind::free_text: {
      Reading r;
      if (v.IsScalar()) {
        r.text = std::string(util::trim(v.Scalar(), kBlanks));
      } else {  // a list of points is still the student's own words
        for (const auto& item : v) {
          if (!item.IsScalar()) return malformed("write your answer as text indented below 'qN: |'");
          r.text += (r.text.empty() ? "- " : "\n- ") + std::string(util::trim(item.Scalar(), kBlanks));
        }
      }
      r.state = Reading::State::ok;
      return r;
    }
  }
  return {};
}

/// Cuts very long free text for review, on a UTF-8 character boundary.
std::string for_review(const std::string& text) {
  if (text.size() <= kMaxFreeTextChars) return text;
  std::size_t cut = kMaxFreeTextChars;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return text.substr(0, cut) + fmt::format("\n[... cut for review: the answer has {} characters; the first {} are shown]",
                                           text.size(), cut);
}

std::string with_notes(std::string message, const std::vector<std::string>& notes) {
  for (const auto& n : notes) message += "\n" + n;
  return message;
}

}  // namespace

std::string question_forms_text(const course::Course& course, const course::Exercise& exercise) {
  YAML::Emitter out;
  out.SetIndent(2);
  out << YAML::BeginMap << YAML::Key << "questions" << YAML::Value << YAML::BeginMap;
  for (const Question& q : read_key(course, exercise)) {
    out << YAML::Key << q.id << YAML::Value << YAML::Flow << YAML::BeginMap;
    static const char* const kTypes[] = {"choice", "choices", "numeric", "free_text"};
    out << YAML::Key << "type" << YAML::Value << kTypes[static_cast<int>(q.kind)];
    if (!q.options.empty()) {
      out << YAML::Key << "options" << YAML::Value << YAML::Flow << YAML::BeginSeq;
      for (char c : q.options) out << std::string(1, c);
      out << YAML::EndSeq;
    }
    out << YAML::Key << "points" << YAML::Value << q.weight;
    out << YAML::EndMap;
  }
  out << YAML::EndMap << YAML::EndMap;
  return fmt::format(
      "# The form of each question of the quiz '{}': its type and the letters it\n"
      "# offers, never its answer. `grader check` reads it to check the form of\n"
      "# your answers; the answers are scored when you submit. Leave it as it is.\n{}\n",
      exercise.id, out.c_str());
}

std::vector<TestResult> grade_quiz(const course::Course& course, const course::Lesson& lesson,
                                   const course::Exercise& exercise, const CollectedFiles& files, bool with_key) {
  const std::vector<Question> questions = with_key ? read_key(course, exercise) : read_forms(course, exercise);

  Answers answers;
  for (const auto& file : exercise.files) {
    if (std::find(files.missing.begin(), files.missing.end(), file) != files.missing.end())
      answers.notes.push_back(file + " is missing from the submission, so its starter copy (no answers) was used");
    for (const auto& r : files.rejected)
      if (r.rfind(file + " ", 0) == 0)
        answers.notes.push_back(file + " was refused (" + r.substr(file.size() + 1) +
                                "), so its starter copy (no answers) was used");
    auto it = std::find_if(files.files.begin(), files.files.end(), [&](const auto& f) { return f.first == file; });
    if (it == files.files.end()) {
      if (answers.notes.empty() || answers.notes.back().rfind(file + " ", 0) != 0)
        answers.notes.push_back(file + " is missing from the submission");
      continue;
    }
    try {
      read_answer_file(file, it->second, answers);
    } catch (const std::exception& e) {  // a parser surprise must cost this file, not the grader
      answers.problems.push_back(file + ": cannot be read (" + e.what() + "); fix the YAML syntax");
    }
  }

  // Points: the exercise's total split in proportion to the key's weights,
  // in whole thousandths that add up to exactly the exercise's points.
  std::vector<double> weights;
  for (const auto& q : questions) weights.push_back(q.weight);
  const std::vector<double> shares =
      with_key && !exercise.points_per_test ? split_points(exercise.points.value_or(0), weights)
                                            : std::vector<double>(questions.size(), 0.0);
  auto max_of = [&](std::size_t index) -> double {
    if (!with_key) return 0;
    if (exercise.points_per_test) return exact_points(*exercise.points_per_test);
    return shares[index];
  };

  std::vector<std::string> known_ids;
  for (const auto& q : questions) known_ids.push_back(q.id);
  const std::string main_file = exercise.files.empty() ? "the answer file" : exercise.files.front();
  const std::string suite = suite_name(exercise.id);

  std::vector<TestResult> results;
  for (std::size_t qi = 0; qi < questions.size(); ++qi) {
    const Question& q = questions[qi];
    TestResult r;
    r.lesson = lesson.id;
    r.exercise = exercise.id;
    r.name = suite + "." + q.id;
    r.hidden = false;
    r.max_score = max_of(qi);
    r.status = TestStatus::failed;

    if (!answers.problems.empty()) {
      for (const auto& p : answers.problems) r.message += (r.message.empty() ? "" : "\n") + p;
      results.push_back(std::move(r));
      continue;
    }
    auto found = answers.entries.find(q.id);
    if (found == answers.entries.end()) {
      r.status = TestStatus::not_implemented;
      std::string message = fmt::format("not answered: '{}' is missing from {}; put its line back (copy it from the "
                                        "starter) and write your answer after the colon",
                                        q.id, main_file);
      for (const auto& [id, entry] : answers.entries) {
        if (std::find(known_ids.begin(), known_ids.end(), id) != known_ids.end()) continue;
        if (auto near = course::closest_match(id, std::span<const std::string>(&q.id, 1)))
          message += fmt::format("; '{}' on line {} looks like a misspelling of it", id, entry.line);
      }
      r.message = with_notes(message, answers.notes);
      results.push_back(std::move(r));
      continue;
    }
    const Entry& entry = found->second;
    const std::string where = fmt::format("{}:{}", entry.file, entry.line);
    if (entry.second_line > 0) {
      r.message = fmt::format("{}: '{}' is answered twice (lines {} and {}); keep one", where, q.id, entry.line,
                              entry.second_line);
      results.push_back(std::move(r));
      continue;
    }

    Reading answer;
    try {
      answer = read_answer(q, entry.value);
    } catch (const std::exception& e) {
      answer = malformed(std::string("the answer cannot be read (") + e.what() + ")");
    }
    if (answer.state == Reading::State::unanswered) {
      r.status = TestStatus::not_implemented;
      r.message = with_notes(fmt::format("not answered yet: write your answer after '{}:' in {}", q.id, where),
                             answers.notes);
    } else if (answer.state == Reading::State::malformed) {
      r.message = where + ": " + answer.problem;
    } else if (!with_key) {
      // Form only: the answer counts as recorded; the key scores it later.
      r.status = TestStatus::passed;
      r.message = q.kind == Kind::free_text
                      ? "answer recorded; an instructor reviews and scores it after you submit"
                      : "answer recorded; it is scored against the answer key when you submit";
    } else if (q.kind == Kind::free_text) {
      r.status = TestStatus::pending_review;
      r.message = for_review(answer.text);
    } else {
      bool right = false;
      if (q.kind == Kind::numeric) {
        // Inclusive, with slack for decimal rounding (0.1 + 0.2 style) at the edge.
        const double slack = 1e-9 * std::max(1.0, std::abs(q.number));
        right = std::abs(answer.number - q.number) <= q.tolerance + slack;
      } else {
        right = answer.letters == q.letters;
      }
      if (right) {
        r.status = TestStatus::passed;
        r.score = r.max_score;
      } else {
        r.message = fmt::format("{}\n(your answer: {})", q.feedback, answer.shown);
      }
    }
    results.push_back(std::move(r));
  }
  return results;
}

}  // namespace grader::runner
