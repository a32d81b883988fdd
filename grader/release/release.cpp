#include "grader/release/release.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <map>
#include <regex>

#include "grader/course/loader.hpp"
#include "grader/course/pristine_starter.hpp"
#include "grader/release/code_scan.hpp"
#include "grader/release/contents.hpp"
#include "grader/release/course_yaml.hpp"
#include "grader/release/output.hpp"
#include "grader/runner/quiz.hpp"
#include "grader/util/files.hpp"

namespace grader::release {

namespace fs = std::filesystem;

namespace {

// Templates the handout is made from, relative to the framework's root.
constexpr const char* kReadmeTemplate = "ci/release/README.md";
constexpr const char* kTestScriptTemplate = "ci/release/test.sh";
constexpr const char* kWorkflowTemplate = "ci/github/student-check.yml";
constexpr const char* kWorkflowPath = ".github/workflows/grader-check.yml";

std::string read_template(const fs::path& framework, const char* rel) {
  fs::path p = framework / rel;
  std::error_code ec;
  if (!fs::is_regular_file(p, ec))
    throw ReleaseError(fmt::format("the template {} is missing from the framework at {}; restore it (it ships with the "
                                   "grader) and run `grader release` again",
                                   rel, framework.string()));
  return util::read_file(p);
}

bool is_inside(const fs::path& child, const fs::path& parent) {
  auto c = child.begin();
  for (auto p = parent.begin(); p != parent.end(); ++p, ++c)
    if (c == child.end() || *c != *p) return false;
  return true;
}

bool is_empty_dir(const fs::path& p);
bool looks_like_handout(const fs::path& p);

// OUT may not be the course, hold it, or lie in one of its folders (a
// --force there would delete course files). Inside the course, only a build
// folder or a new (or earlier handout) folder at the top is accepted.
void check_output_location(const fs::path& root, const fs::path& out) {
  const fs::path course = fs::weakly_canonical(root);
  if (is_inside(course, out))
    throw ReleaseError(out.string() + " is the course folder or holds it; write the handout somewhere else, e.g. "
                                      "../handout");
  if (!is_inside(out, course)) return;
  const std::string first = fs::relative(out, course).begin()->string();
  std::error_code ec;
  if (first.rfind("build", 0) == 0) return;
  if (out == course / first && (!fs::exists(out, ec) || is_empty_dir(out) || looks_like_handout(out))) return;
  throw ReleaseError(out.string() + " lies inside the course's own folder " + first +
                     "/; write the handout outside the course (e.g. ../handout) or in a build folder");
}

bool is_empty_dir(const fs::path& p) {
  std::error_code ec;
  return fs::is_directory(p, ec) && fs::directory_iterator(p, ec) == fs::directory_iterator();
}

// An earlier handout: course.yaml and starter/, no solutions/ (or only a .git folder).
bool looks_like_handout(const fs::path& p) {
  std::error_code ec;
  bool only_git = true;
  for (const auto& e : fs::directory_iterator(p, ec))
    if (e.path().filename() != ".git") only_git = false;
  if (only_git) return true;
  return fs::is_regular_file(p / "course.yaml", ec) && fs::is_directory(p / "starter", ec) &&
         !fs::exists(p / "solutions", ec) && !fs::exists(p / "tests/hidden", ec);
}

std::string points_text(const course::Exercise& e) {
  if (e.points) return fmt::format("{:g} pts", *e.points);
  if (e.points_per_test) return fmt::format("{:g} pt/test", *e.points_per_test);
  return "";
}

// Removes the temporary folder unless the handout was moved into place.
struct TempGuard {
  fs::path path;
  bool armed = true;
  ~TempGuard() {
    if (!armed) return;
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

// The README's section on pictures of the student's own code (course.yaml
// `pictures`), one line per picture; a course without pictures has none, so
// the template says nothing of them, and nothing of any one course's.
std::string pictures_section(const course::Course& student_course) {
  if (student_course.pictures.empty()) return "";
  std::string section =
      "## Pictures of your own code\n\n"
      "`build/bin/grader picture NAME` draws a picture from **your** functions: it\n"
      "builds the lesson's worker from your files (as `grader check` does), calls\n"
      "your code there and writes a PNG. When a test fails, look at the picture: a\n"
      "mistake that is hard to read in numbers often shows at a glance. Options go\n"
      "after the name (`build/bin/grader picture NAME --help` lists them); until the\n"
      "functions it needs are written it says which one is not implemented yet and\n"
      "writes nothing.\n\n";
  for (const auto& p : student_course.pictures) {
    section += fmt::format("- `build/bin/grader picture {} -o {}.png`: {} (lesson `{}`)", p.name, p.name, p.title,
                           p.lesson);
    if (!p.compare.empty()) section += fmt::format("; compare with {}", p.compare);
    section += "\n";
  }
  return section + "\n";
}

}  // namespace

std::string render_student_readme(const std::string& template_text, const course::Course& student_course,
                                  const std::string& track) {
  std::string outline = "| # | Lesson | Read | Exercises |\n|---|---|---|---|\n";
  int n = 0;
  for (const auto& lesson : student_course.lessons) {
    std::string exercises;
    for (const auto& e : lesson.exercises) {
      if (!exercises.empty()) exercises += ", ";
      exercises += fmt::format("`{}` {} ({})", e.id, e.title, points_text(e));
    }
    outline += fmt::format("| {} | {} | `{}/README.md` | {} |\n", ++n, lesson.title, lesson.folder, exercises);
  }
  const std::string pictures = pictures_section(student_course);
  std::string welcome = student_course.welcome;
  while (!welcome.empty() && (welcome.back() == '\n' || welcome.back() == ' ')) welcome.pop_back();
  if (!welcome.empty()) welcome += "\n";
  std::map<std::string, std::string> values = {
      {"title", student_course.title},
      {"welcome", welcome},
      {"outline", outline},
      {"pictures", pictures},
      {"first_lesson", student_course.lessons.empty() ? std::string() : student_course.lessons.front().id},
      {"track", track.empty() ? std::string()
                              : fmt::format("\nThis handout is the `{}` track: `grader list` shows its exercises.\n",
                                            track)},
  };
  std::string out;
  const std::regex placeholder(R"(\{\{([a-z_]+)\}\})");
  std::size_t last = 0;
  for (auto it = std::sregex_iterator(template_text.begin(), template_text.end(), placeholder);
       it != std::sregex_iterator(); ++it) {
    const auto& m = *it;
    auto found = values.find(m[1].str());
    if (found == values.end())
      throw ReleaseError(fmt::format("{} uses the unknown placeholder {}; known ones are {{{{title}}}}, "
                                     "{{{{welcome}}}}, {{{{outline}}}}, {{{{pictures}}}}, {{{{first_lesson}}}} and {{{{track}}}}",
                                     kReadmeTemplate, m.str()));
    out.append(template_text, last, static_cast<std::size_t>(m.position()) - last);
    out += found->second;
    last = static_cast<std::size_t>(m.position() + m.length());
  }
  out.append(template_text, last, std::string::npos);
  return out;
}

ReleaseReport write_release(const course::Course& course, const ReleaseOptions& options) {
  if (options.out.empty()) throw ReleaseError("no output folder given; e.g. grader release ../handout");
  const fs::path out = fs::weakly_canonical(fs::absolute(options.out));
  check_output_location(course.root, out);

  std::error_code ec;
  const bool exists = fs::exists(out, ec);
  if (exists && !fs::is_directory(out, ec))
    throw ReleaseError(out.string() + " exists and is not a folder; choose a folder for the handout");
  const bool replace = exists && !is_empty_dir(out);
  if (replace && !options.force)
    throw ReleaseError(out.string() +
                       " is not empty; choose an empty or new folder, or pass --force to replace an earlier handout "
                       "there (its .git folder is kept)");
  if (replace && !looks_like_handout(out))
    throw ReleaseError(out.string() +
                       " holds something other than an earlier handout (no course.yaml and starter/, or it has "
                       "solutions/); --force replaces only earlier handouts: choose another folder");

  // Everything is decided and checked before anything is written.
  // Each quiz ships its questions' forms (never their answers) beside its lesson.
  std::map<std::string, std::string> quiz_forms;  // exercise id -> path in the handout
  std::map<std::string, std::string> quiz_forms_text;  // path -> content
  for (const auto& lesson : course.lessons)
    for (const auto& e : lesson.exercises)
      if (e.kind == course::ExerciseKind::quiz && !e.answer_key.empty()) {
        const std::string path = lesson.folder + "/" + e.id + ".questions.yaml";
        try {
          quiz_forms_text[path] = runner::question_forms_text(course, e);
        } catch (const std::exception& error) {
          throw ReleaseError(std::string("cannot write the question forms of quiz '") + e.id + "': " + error.what());
        }
        quiz_forms[e.id] = path;
      }
  StudentCourse student =
      make_student_course_yaml(util::read_file(course.root / "course.yaml"), options.track, quiz_forms);
  course::LoadOptions no_files;
  no_files.check_files = false;
  no_files.check_hidden_files = false;
  course::Course student_model;
  try {
    student_model = course::load_course_from_string(student.yaml, "course.yaml", course.root, no_files);
  } catch (const course::CourseError& e) {
    throw std::runtime_error(std::string("the handout's course.yaml does not load: ") + e.what() +
                             "\nthis is a bug in `grader release`, please report it");
  }

  const fs::path framework = options.framework.empty() ? course.root : options.framework;
  Contents contents = student_contents(course, framework);
  // starter/ becomes the student's workspace: the starter as shipped stays
  // beside it for `grader reset` (course/pristine_starter.hpp).
  const std::size_t shipped = contents.items.size();
  for (std::size_t i = 0; i < shipped; ++i) {
    const Item item = contents.items[i];
    if (item.path.rfind("starter/", 0) != 0) continue;
    contents.items.push_back({std::string(course::kHandoutStarterCopy) + item.path.substr(std::string("starter").size()),
                              item.source, item.text, false});
  }
  contents.put_text("course.yaml", student.yaml);
  contents.put_text("README.md", render_student_readme(read_template(framework, kReadmeTemplate), student_model,
                                                       options.track));
  contents.put_text("test.sh", read_template(framework, kTestScriptTemplate), true);
  contents.put_text(kWorkflowPath, read_template(framework, kWorkflowTemplate));
  for (const auto& [path, text] : quiz_forms_text)
    if (std::any_of(student.exercises.begin(), student.exercises.end(),
                    [&](const std::string& id) { return quiz_forms.count(id) && quiz_forms.at(id) == path; }))
      contents.put_text(path, text);
  check_no_instructor_content(course, contents);
  check_no_reference_code(course, contents);

  fs::path tmp = out;
  tmp += ".tmp";
  fs::remove_all(tmp, ec);
  fs::create_directories(out.parent_path());
  TempGuard guard{tmp};
  ReleaseReport report;
  report.out = out;
  WrittenTree written = write_tree(tmp, contents.items);
  report.files = written.files;
  report.bytes = written.bytes;

  // The student's grader loads course.yaml without hidden files: so must this.
  course::LoadOptions as_student;
  as_student.check_files = true;
  as_student.check_hidden_files = false;
  try {
    (void)course::load_course(tmp / "course.yaml", as_student);
  } catch (const course::CourseError& e) {
    throw ReleaseError(std::string("the handout's course.yaml names files the handout does not have:\n") + e.what() +
                       "\nkeep those files in the shipped folders (see `grader release --help`)");
  }

  if (replace) {
    // The earlier handout steps aside until the new one is in place; its
    // .git folder then moves over, so nothing of it is lost on a failure.
    fs::path old = out;
    old += ".old." + std::to_string(::getpid());
    fs::rename(out, old);
    try {
      fs::rename(tmp, out);
    } catch (...) {
      fs::rename(old, out, ec);
      throw;
    }
    if (fs::exists(old / ".git", ec)) {
      fs::rename(old / ".git", out / ".git", ec);
      if (ec)
        throw ReleaseError("the handout is in place, but its .git folder could not be moved back from " +
                           (old / ".git").string() + " (" + ec.message() + "); move it to " +
                           (out / ".git").string() + " by hand");
    }
    fs::remove_all(old, ec);
  } else {
    if (exists) fs::remove(out);
    fs::rename(tmp, out);
  }
  guard.armed = false;

  std::map<std::string, int> groups;
  for (const auto& item : contents.items) {
    auto slash = item.path.find('/');
    groups[slash == std::string::npos ? item.path : item.path.substr(0, slash + 1)]++;
    if (item.source.empty()) report.generated.push_back(item.path);
  }
  report.groups.assign(groups.begin(), groups.end());
  report.lessons = student.lessons;
  report.notes = student.notes;
  for (const auto& id : student.hidden_removed) report.notes.push_back("exercise '" + id + "': hidden suite removed");
  report.skipped = contents.skipped;
  return report;
}

}  // namespace grader::release
