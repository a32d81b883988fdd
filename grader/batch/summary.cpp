#include "grader/batch/summary.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "grader/archive/extract.hpp"
#include "grader/batch/submissions.hpp"
#include "grader/report/class_stats.hpp"
#include "grader/report/lesson_summary.hpp"
#include "grader/report/outcome.hpp"
#include "grader/report/sanitize.hpp"

namespace grader::batch {

std::string overall_status(const runner::SubmissionResult& result) {
  return std::string(report::name_of(report::submission_outcome(result)));
}

namespace {
std::string not_graded_lines(const std::vector<std::string>& not_graded) {
  std::string out;
  if (not_graded.empty()) return out;
  out += fmt::format("Not graded ({} entr{}; the gradebook has no row for them):\n", not_graded.size(),
                     not_graded.size() == 1 ? "y" : "ies");
  for (const auto& why : not_graded) out += "  skipped " + report::plain_line(why) + "\n";
  return out;
}

// At most `n` bytes of a one-line message, never inside a UTF-8 sequence, "..." when cut.
std::string first_chars(const std::string& line, std::size_t n) {
  if (line.size() <= n) return line;
  while (n > 0 && (static_cast<unsigned char>(line[n]) & 0xC0) == 0x80) --n;
  return line.substr(0, n) + "...";
}

std::string who(const std::string& id, const std::string& name) {
  return report::plain_line(id) + (name.empty() ? "" : " (" + report::plain_line(name) + ")");
}

std::string without_submission_line(const std::vector<report::NoSubmission>& students) {
  if (students.empty()) return "";
  std::string out = fmt::format("On the roster without a submission ({}):", students.size());
  for (std::size_t i = 0; i < students.size(); ++i) out += (i ? ", " : " ") + who(students[i].id, students[i].name);
  return out + "\n";
}
}  // namespace

std::string class_summary(const course::Course& course, const std::vector<runner::SubmissionResult>& results,
                          const std::vector<std::string>& not_graded,
                          const std::vector<report::NoSubmission>& without_submission) {
  if (results.empty()) return "No submissions.\n" + not_graded_lines(not_graded) + without_submission_line(without_submission);
  const report::ClassStats stats = report::class_stats(&course, results);

  std::string out = "Status:";
  for (const auto& [outcome, count] : stats.by_outcome) out += fmt::format(" {} {},", count, report::words_of(outcome));
  out.back() = '\n';
  out += fmt::format("Scores (after late penalties): mean {:.1f}%, median {:.1f}%, lowest {:.1f}%, highest {:.1f}%\n",
                     100 * stats.mean, 100 * stats.median, 100 * stats.lowest, 100 * stats.highest);

  if (!stats.flagged.empty()) {
    out += fmt::format("Compile errors, crashes, timeouts and code that did not start ({}):\n", stats.flagged.size());
    for (const auto& a : stats.flagged)
      out += fmt::format("  {}  {}: {}{}\n", who(a.student, a.name), a.lesson, report::words_of(a.outcome),
                         a.message.empty() ? "" : ": " + report::plain_line(first_chars(a.message, 200)));
  }
  if (stats.lessons_not_attempted > 0)
    out += fmt::format("Not attempted (every file missing or the starter's): {} lesson{} in all{}\n",
                       stats.lessons_not_attempted, stats.lessons_not_attempted == 1 ? "" : "s",
                       stats.submissions_not_attempted > 0
                           ? fmt::format("; {} submission{} attempted nothing", stats.submissions_not_attempted,
                                         stats.submissions_not_attempted == 1 ? "" : "s")
                           : "");

  out += "Exercises fully solved (share of the students who attempted each):\n";
  // The hardest: the lowest share among exercises someone attempted.
  const report::ExerciseStats* weakest = nullptr;
  for (const auto& e : stats.exercises)
    if (e.attempted > 0 && (!weakest || e.solved * weakest->attempted < weakest->solved * e.attempted)) weakest = &e;
  for (const auto& e : stats.exercises) {
    const std::string share = e.attempted ? fmt::format("{:>5.1f}%", 100.0 * e.solved / e.attempted) : "     -";
    out += fmt::format("  {:<20} {}  ({}/{} attempted{}{}){}\n", e.exercise, share, e.solved, e.attempted,
                       e.attempted < e.students ? fmt::format(", {} did not", e.students - e.attempted) : "",
                       e.awaiting_review ? fmt::format(", {} awaiting review", e.awaiting_review) : "",
                       (stats.exercises.size() > 1 && &e == weakest && e.solved < e.attempted) ? "  <- hardest" : "");
  }
  return out + not_graded_lines(not_graded) + without_submission_line(without_submission);
}

std::vector<UploadNote> upload_notes(const course::Course& course, const std::vector<runner::SubmissionResult>& results) {
  std::vector<UploadNote> out;
  for (const auto& r : results) {
    for (const auto& p : r.source_paths) {
      if (p.uploaded.empty()) continue;
      std::string why, renamed;
      loose_file_destination(course, p.uploaded, why, &renamed);
      if (!renamed.empty()) out.push_back({r.student, r.student_name, renamed, true});
    }
    for (const auto& f : r.ignored_files)
      out.push_back({r.student, r.student_name, archive::printable_name(f) + " ignored: not a course file", false});
  }
  return out;
}

std::string upload_notes_text(const std::vector<UploadNote>& notes) {
  if (notes.empty()) return "";
  std::string out = fmt::format("Uploads that are not course files as named ({}):\n", notes.size());
  for (const auto& n : notes) out += "  " + who(n.student, n.name) + ": " + report::plain_line(n.text) + "\n";
  return out;
}

}  // namespace grader::batch
