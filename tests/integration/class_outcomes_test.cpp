// What happened to each student, said precisely everywhere: a class with a
// crash, a hang, a compile error, code that does not start, an empty zip, an
// untouched starter, a partial submission and a correct one is graded as a
// batch; the terminal summary, the class page and the csv and json exports
// must each give every student's outcome in the one vocabulary
// (grader/report/outcome.hpp), with the student's name, and never fall back
// to "missing files".
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "integration/grader_run.hpp"
#include "support/zip_files.hpp"

namespace {

namespace fs = std::filesystem;
using namespace grader_test;

const fs::path kCourse = COURSE_SOURCE_DIR;
const std::vector<std::string> kLessons = {"attention", "positional-encoding"};

struct Student {
  std::string id, name;
  std::string outcome;                  ///< the submission's outcome, as the exports name it
  std::string words;                    ///< and as people read it
  std::string attention_lesson;         ///< the lesson listed for attention ("" for none)
  int lessons_not_attempted = 0;        ///< of kLessons
};

// Names with an apostrophe, accents and a comma: text from a roster, shown as is.
const std::vector<Student> kClass = {
    {"1001", "Claire Dupont", "crashed", "crashed", "positional-encoding", 0},
    {"1002", "Zoë O'Brien", "timed_out", "timed out", "positional-encoding", 0},
    {"1003", "Ana María Ruiz", "compile_error", "compile error", "positional-encoding", 0},
    {"1004", "Kim, Lee", "empty_submission", "empty submission", "", 2},
    {"1005", "Sam Starter", "not_attempted", "not attempted", "", 2},
    {"1006", "Pat Partial", "passed", "passed", "", 1},
    {"1007", "Ada Correct", "passed", "passed", "", 0},
    {"1008", "Ivo Init", "did_not_start", "did not start", "positional-encoding", 0},
};

void copy_tree(const fs::path& from, const fs::path& to) {
  fs::create_directories(to);
  fs::copy(from, to, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
}

class ClassOutcomes : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    scratch_ = new ScratchDir();
    const fs::path cls = dir() / "class";
    fs::create_directories(cls);
    overlay_submission(kCourse, cls / "1001", "pe-segfault");
    overlay_submission(kCourse, cls / "1002", "pe-infinite-loop");
    overlay_submission(kCourse, cls / "1003", "pe-does-not-compile");
    course_test::write_zip(cls / "1004.zip", {});
    copy_tree(kCourse / "starter", cls / "1005");
    // Partial: positional encoding done, attention never opened (its files deleted).
    copy_tree(kCourse / "starter", cls / "1006");
    fs::remove_all(cls / "1006" / "attention");
    copy_tree(kCourse / "solutions" / "positional-encoding", cls / "1006" / "positional-encoding");
    copy_tree(kCourse / "solutions", cls / "1007");
    overlay_submission(kCourse, cls / "1008", "pe-static-init-crash");

    std::string roster = "id,name,email,section\n";
    for (const auto& s : kClass) roster += s.id + ",\"" + s.name + "\"," + s.id + "@example.org,A\n";
    write_text(dir() / "roster.csv", roster);
    run_ = new GraderRun(run_grader({"roster", "import", (dir() / "roster.csv").string(), "--gradebook", book()}));
    std::vector<std::string> args = {"-j", "2", "grade", cls.string(), "--batch", "--gradebook", book()};
    for (const auto& l : kLessons) args.insert(args.end(), {"--lesson", l});
    *run_ = run_grader(args, std::chrono::seconds(800));
  }
  static void TearDownTestSuite() {
    delete run_;
    delete scratch_;
  }
  static fs::path dir() { return scratch_->path(); }
  static std::string book() { return (dir() / "gb.db").string(); }
  static ScratchDir* scratch_;
  static GraderRun* run_;
};
ScratchDir* ClassOutcomes::scratch_ = nullptr;
GraderRun* ClassOutcomes::run_ = nullptr;

// One CSV row's fields (quoted fields may hold commas and doubled quotes).
std::vector<std::string> csv_fields(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') fields.back() += line[++i];
    else if (c == '"') quoted = !quoted;
    else if (c == ',' && !quoted) fields.emplace_back();
    else fields.back() += c;
  }
  return fields;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

int total_not_attempted() {
  int n = 0;
  for (const auto& s : kClass) n += s.lessons_not_attempted;
  return n;
}

// One grading of the class (two lessons of eight students take minutes),
// then each report in turn.
class ClassOutcomesChecks : public ClassOutcomes {
 protected:
  void terminal_summary();
  void class_page_and_exports();
  void re_export();
};

TEST_F(ClassOutcomesChecks, SummaryPageAndExportsSayWhatHappenedWithTheStudentsName) {
  ASSERT_EQ(run_->exit_code, 0) << describe(*run_);
  {
    SCOPED_TRACE("the terminal summary");
    terminal_summary();
  }
  {
    SCOPED_TRACE("the class page and the exports");
    class_page_and_exports();
  }
  {
    SCOPED_TRACE("exporting again");
    re_export();
  }
}

void ClassOutcomesChecks::terminal_summary() {
  const std::string& out = run_->out;
  EXPECT_FALSE(contains(out, "missing files") || contains(out, "missing_files")) << out;
  // Each outcome counted once per submission.
  std::map<std::string, int> expected;
  for (const auto& s : kClass) ++expected[s.words];
  for (const auto& [words, count] : expected)
    EXPECT_TRUE(std::regex_search(out, std::regex("Status:.* " + std::to_string(count) + " " + words + "[,\n]"))) << words << "\n" << out;
  // Every lesson that needs attention: the student, the name, the lesson, the outcome, the first message.
  for (const auto& s : kClass) {
    const std::string who = s.id + " (" + s.name + ")";
    const auto at = out.find(who + "  ");
    if (s.attention_lesson.empty()) {
      EXPECT_EQ(at, std::string::npos) << who << " listed, but nothing of theirs needs attention\n" << out;
      continue;
    }
    ASSERT_NE(at, std::string::npos) << who << "\n" << out;
    const std::string line = out.substr(at, out.find('\n', at) - at);
    EXPECT_TRUE(contains(line, s.attention_lesson + ": " + s.words + ": ")) << line;
  }
  EXPECT_TRUE(contains(out, "error:")) << "the compile error's first message\n" << out;
  // Not attempted is one count, never a list of files.
  EXPECT_TRUE(contains(out, "Not attempted (every file missing or the starter's): " + std::to_string(total_not_attempted()) +
                                " lessons in all; 2 submissions attempted nothing"))
      << out;
  EXPECT_FALSE(contains(out, "softmax.cpp")) << out;
  // Pass rates over the students who attempted: attention was attempted by
  // everyone but the empty, the untouched and the partial submission.
  const std::size_t attempted_attention = kClass.size() - 3;
  EXPECT_TRUE(std::regex_search(out, std::regex("  softmax +[0-9.]+%  \\(" + std::to_string(attempted_attention) + "/" +
                                                std::to_string(attempted_attention) + " attempted, 3 did not\\)")))
      << out;
}

void ClassOutcomesChecks::class_page_and_exports() {
  const fs::path site = dir() / "site";
  GraderRun html = run_grader({"export", "--gradebook", book(), "--format", "html", "-o", site.string()});
  ASSERT_EQ(html.exit_code, 0) << describe(html);
  const std::string index = read_text(site / "index.html");
  EXPECT_FALSE(contains(index, "missing files")) << "the class page still speaks of missing files";
  EXPECT_FALSE(contains(index, "is missing from the submission")) << "a hardest test nobody attempted";
  // The course's title by default.
  EXPECT_TRUE(contains(index, "<h1>Transformers from the inside")) << index.substr(0, 3000);
  const auto problems_at = index.find("<ul class=\"plain\" id=\"problems\">");
  ASSERT_NE(problems_at, std::string::npos);
  const std::string problems = index.substr(problems_at, index.find("</ul>", problems_at) - problems_at);
  for (const auto& s : kClass) {
    const std::string item = "<li data-student=\"" + s.id + "\" data-outcome=\"" + s.outcome + "\">";
    EXPECT_EQ(contains(problems, item), !s.attention_lesson.empty()) << item << "\n" << problems;
    // The student's row gives the outcome, and the name beside the id.
    EXPECT_TRUE(contains(index, "<tr data-student=\"" + s.id + "\" data-outcome=\"" + s.outcome + "\">")) << s.id;
  }
  EXPECT_TRUE(contains(problems, "Zo\u00eb O&#39;Brien") || contains(problems, "Zo\u00eb O&#x27;Brien")) << problems;
  EXPECT_TRUE(contains(index, "<span class=\"n\" id=\"not-attempted-lessons\">" + std::to_string(total_not_attempted()) + "</span>"));

  // csv: the status column starts with the outcome's words.
  GraderRun csv = run_grader({"export", "--gradebook", book(), "--format", "csv"});
  ASSERT_EQ(csv.exit_code, 0) << describe(csv);
  for (const auto& s : kClass) {
    std::istringstream lines(csv.out);
    bool found = false;
    for (std::string line; std::getline(lines, line);) {
      if (line.rfind(s.id + ",", 0) != 0) continue;
      found = true;
      const auto fields = csv_fields(line);
      const std::string status = fields.back();
      EXPECT_EQ(status.rfind(s.words, 0), 0u) << s.id << ": " << line;
      if (s.lessons_not_attempted == 1) {
        EXPECT_TRUE(contains(status, "1 of 2 lessons not attempted")) << line;
      }
    }
    EXPECT_TRUE(found) << s.id << "\n" << csv.out;
  }

  // json: the submission's and each lesson's outcome, by name.
  for (const auto& s : kClass) {
    GraderRun json = run_grader({"export", "--gradebook", book(), "--format", "json", "--student", s.id});
    ASSERT_EQ(json.exit_code, 0) << describe(json);
    const auto j = nlohmann::json::parse(json.out);
    EXPECT_EQ(j.at("outcome"), s.outcome) << s.id;
    int not_attempted = 0;
    for (const auto& l : j.at("lessons")) {
      const std::string o = l.at("outcome");
      not_attempted += o == "not_attempted" || o == "empty_submission";
      if (l.at("lesson") == s.attention_lesson) {
        EXPECT_EQ(o, s.outcome) << s.id;
      }
    }
    EXPECT_EQ(not_attempted, s.lessons_not_attempted) << s.id << " " << json.out.substr(0, 2000);
  }
}

// Re-exporting removes the pages of students no longer in the gradebook, and
// only pages an export wrote.
void ClassOutcomesChecks::re_export() {
  const fs::path site = dir() / "site-again";
  ASSERT_EQ(run_grader({"export", "--gradebook", book(), "--format", "html", "-o", site.string()}).exit_code, 0);
  // A page of a student no longer in the gradebook, as an earlier export wrote it,
  // and files the export did not write: an instructor's notes, a page without the mark.
  const fs::path one = *fs::directory_iterator(site / "students");
  std::string stale_page = read_text(one);
  write_text(site / "students" / "gone-0123abcd.html", stale_page);
  write_text(site / "students" / "notes.html", "<!DOCTYPE html><p>my notes</p>\n");
  write_text(site / "students" / "notes.txt", "grader export --format html\n");
  GraderRun again = run_grader({"export", "--gradebook", book(), "--format", "html", "-o", site.string()});
  ASSERT_EQ(again.exit_code, 0) << describe(again);
  EXPECT_FALSE(fs::exists(site / "students" / "gone-0123abcd.html")) << describe(again);
  EXPECT_TRUE(contains(again.err, "removed 1 page")) << describe(again);
  EXPECT_TRUE(fs::exists(site / "students" / "notes.html"));
  EXPECT_TRUE(fs::exists(site / "students" / "notes.txt"));
  EXPECT_TRUE(fs::exists(one)) << "a current student's page stays";
}

}  // namespace
