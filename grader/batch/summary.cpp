#include "grader/batch/summary.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "grader/archive/extract.hpp"
#include "grader/batch/submissions.hpp"
#include "grader/report/lesson_summary.hpp"
#include "grader/report/sanitize.hpp"

namespace grader::batch {

std::string overall_status(const runner::SubmissionResult& result) {
  for (const auto& l : result.lessons)
    if (l.status != runner::LessonStatus::graded) return runner::to_string(l.status);
  return "graded";
}

namespace {
// Where an exercise stands in course.yaml; exercises the course does not
// name (an older result) come after, in the order first seen.
std::size_t course_position(const course::Course& course, const std::string& exercise) {
  std::size_t i = 0;
  for (const auto& lesson : course.lessons)
    for (const auto& e : lesson.exercises) {
      if (e.id == exercise) return i;
      ++i;
    }
  return i;
}

std::string not_graded_lines(const std::vector<std::string>& not_graded) {
  std::string out;
  if (not_graded.empty()) return out;
  out += fmt::format("Not graded ({} entr{}; the gradebook has no row for them):\n", not_graded.size(),
                     not_graded.size() == 1 ? "y" : "ies");
  for (const auto& why : not_graded) out += "  skipped " + report::plain_line(why) + "\n";
  return out;
}
}  // namespace

std::string class_summary(const course::Course& course, const std::vector<runner::SubmissionResult>& results,
                          const std::vector<std::string>& not_graded) {
  if (results.empty()) return "No submissions.\n" + not_graded_lines(not_graded);
  std::map<std::string, int> by_status;
  std::vector<double> percent;
  struct Rate {
    int passed = 0, total = 0;
  };
  std::vector<std::pair<std::string, Rate>> rates;  // in course order
  for (const auto& r : results) {
    ++by_status[overall_status(r)];
    percent.push_back(r.max_score > 0 ? 100.0 * r.score / r.max_score : 0.0);
    for (const auto& tally : report::tally_exercises(r)) {
      auto it = std::find_if(rates.begin(), rates.end(), [&](const auto& p) { return p.first == tally.exercise; });
      if (it == rates.end()) {
        rates.push_back({tally.exercise, {}});
        it = rates.end() - 1;
      }
      ++it->second.total;
      // Solved: every test passed, or awaits an instructor (not a failure).
      if (tally.tests.total > 0 && tally.tests.passed + tally.tests.pending_review == tally.tests.total)
        ++it->second.passed;
    }
  }
  std::stable_sort(rates.begin(), rates.end(), [&course](const auto& a, const auto& b) {
    return course_position(course, a.first) < course_position(course, b.first);
  });
  std::sort(percent.begin(), percent.end());
  double mean = 0;
  for (double p : percent) mean += p;
  mean /= static_cast<double>(percent.size());
  std::size_t n = percent.size();
  double median = n % 2 ? percent[n / 2] : (percent[n / 2 - 1] + percent[n / 2]) / 2;

  std::string out = "Status:";
  for (const auto& [status, count] : by_status) out += fmt::format(" {} {},", count, status);
  out.back() = '\n';
  out += fmt::format("Scores: mean {:.1f}%, median {:.1f}%, lowest {:.1f}%, highest {:.1f}%\n", mean, median, percent.front(),
                     percent.back());
  out += "Exercises fully solved (share of submissions):\n";
  auto weakest = std::min_element(rates.begin(), rates.end(), [](const auto& a, const auto& b) {
    return a.second.passed * b.second.total < b.second.passed * a.second.total;
  });
  for (const auto& [exercise, rate] : rates)
    out += fmt::format("  {:<20} {:>5.1f}%  ({}/{}){}\n", exercise, 100.0 * rate.passed / std::max(1, rate.total), rate.passed,
                       rate.total, (rates.size() > 1 && exercise == weakest->first && rate.passed < rate.total) ? "  <- hardest" : "");
  return out + not_graded_lines(not_graded);
}

std::vector<UploadNote> upload_notes(const course::Course& course, const std::vector<runner::SubmissionResult>& results) {
  std::vector<UploadNote> out;
  for (const auto& r : results) {
    for (const auto& p : r.source_paths) {
      if (p.uploaded.empty()) continue;
      std::string why, renamed;
      loose_file_destination(course, p.uploaded, why, &renamed);
      if (!renamed.empty()) out.push_back({r.student, renamed});
    }
    for (const auto& f : r.ignored_files) out.push_back({r.student, archive::printable_name(f) + " ignored: not a course file"});
  }
  return out;
}

std::string upload_notes_text(const std::vector<UploadNote>& notes) {
  if (notes.empty()) return "";
  std::string out = fmt::format("Uploads that are not course files as named ({}):\n", notes.size());
  for (const auto& n : notes) out += "  " + report::plain_line(n.student) + ": " + report::plain_line(n.text) + "\n";
  return out;
}

}  // namespace grader::batch
