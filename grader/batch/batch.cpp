#include "grader/batch/batch.hpp"

#include <future>
#include <mutex>

#include "grader/archive/extract.hpp"
#include "grader/gradebook/gradebook.hpp"
#include "grader/util/files.hpp"
#include "grader/util/hash.hpp"

namespace grader::batch {
namespace fs = std::filesystem;

namespace {

// A result for a submission that could not be opened at all: every lesson
// scores zero and says why, so the gradebook still has a row for the student.
runner::SubmissionResult unreadable(const runner::Grader& grader, const Entry& entry, const std::string& why,
                                    const BatchOptions& options) {
  runner::SubmissionResult r;
  r.student = entry.student;
  r.source = entry.path.string();
  r.course_version = options.course_version;
  r.grader_version = options.grader_version;
  r.content_hash = util::sha256_hex("unreadable:" + why);
  for (const auto& lesson : grader.course().lessons) {
    runner::LessonResult l;
    l.lesson = lesson.id;
    l.status = runner::LessonStatus::missing_files;
    l.detail = why;
    r.lessons.push_back(std::move(l));
  }
  return r;
}

}  // namespace

std::string entry_content_hash(const runner::Grader& grader, const fs::path& workspace) {
  auto files = grader.collect(workspace);
  util::Sha256 h;
  for (const auto& [rel, content] : files.files) h.field(rel).field(content);
  return h.hex();
}

runner::SubmissionResult grade_entry(const runner::Grader& grader, const Entry& entry, const BatchOptions& options) {
  runner::GradeOptions grade_options;
  grade_options.include_hidden = options.include_hidden;
  grade_options.lessons = options.lessons;
  grade_options.jobs = 1;  // parallelism is across submissions
  grade_options.deadline = options.deadline;
  std::optional<util::TempDir> unpacked;
  fs::path folder = entry.path;
  std::vector<std::string> refused;
  if (archive::is_archive(entry.path)) {
    unpacked.emplace("grader-unpack");
    try {
      auto report = archive::extract(entry.path, unpacked->path());
      refused = report.refused;
    } catch (const std::exception& e) {
      return unreadable(grader, entry, std::string("archive refused: ") + e.what(), options);
    }
    folder = unpacked->path();
  }
  fs::path root = find_workspace_root(grader.course(), folder);
  auto result = grader.grade(root, grade_options);
  result.student = entry.student;
  result.source = entry.path.string();
  result.course_version = options.course_version;
  result.grader_version = options.grader_version;
  for (const auto& r : refused) result.rejected_files.push_back(r);
  return result;
}

BatchOutcome grade_all(const runner::Grader& grader, const std::vector<Entry>& entries, gradebook::Gradebook& book,
                       const BatchOptions& options) {
  BatchOutcome outcome;
  outcome.results.resize(entries.size());
  std::mutex book_mutex;
  std::size_t next = 0;
  std::mutex next_mutex;
  auto work = [&]() {
    for (;;) {
      std::size_t i;
      {
        std::lock_guard<std::mutex> lock(next_mutex);
        if (next >= entries.size()) return;
        i = next++;
      }
      const Entry& entry = entries[i];
      bool skipped = false;
      runner::SubmissionResult result;
      if (!options.force && (fs::is_directory(entry.path) || archive::is_archive(entry.path))) {
        // An archive is unpacked once more for its hash (cheap next to
        // grading), so a resumed batch skips archives already graded too.
        std::string hash;
        if (fs::is_directory(entry.path)) {
          hash = entry_content_hash(grader, find_workspace_root(grader.course(), entry.path));
        } else {
          util::TempDir probe("grader-unpack");
          try {
            archive::extract(entry.path, probe.path());
            hash = entry_content_hash(grader, find_workspace_root(grader.course(), probe.path()));
          } catch (const std::exception&) {
            // Unreadable: graded below, which says why.
          }
        }
        std::lock_guard<std::mutex> lock(book_mutex);
        if (book.is_up_to_date(entry.student, hash, options.course_version)) {
          if (auto stored = book.latest(entry.student)) {
            result = stored->result;
            skipped = true;
          }
        }
      }
      if (!skipped) {
        result = grade_entry(grader, entry, options);
        std::lock_guard<std::mutex> lock(book_mutex);
        if (!options.force && book.is_up_to_date(entry.student, result.content_hash, options.course_version)) {
          skipped = true;  // an archive whose content was already graded
        } else {
          book.record(result);
        }
      }
      {
        std::lock_guard<std::mutex> lock(book_mutex);
        if (skipped) ++outcome.skipped;
        else ++outcome.graded;
        if (options.on_done) options.on_done(result, skipped);
      }
      outcome.results[i] = std::move(result);
    }
  };
  std::vector<std::future<void>> pool;
  int threads = std::max(1, std::min<int>(options.jobs, static_cast<int>(entries.size())));
  for (int t = 1; t < threads; ++t) pool.push_back(std::async(std::launch::async, work));
  work();
  for (auto& f : pool) f.get();
  return outcome;
}

}  // namespace grader::batch
