#include "grader/batch/batch.hpp"

#include <fcntl.h>

#include <cerrno>
#include <cstring>
#include <map>
#include <set>
#include <memory>
#include <mutex>

#include "grader/archive/extract.hpp"
#include "grader/gradebook/gradebook.hpp"
#include "grader/util/files.hpp"
#include "grader/util/hash.hpp"
#include "grader/util/parallel_for.hpp"
#include "grader/util/safe_open.hpp"

namespace grader::batch {
namespace fs = std::filesystem;

namespace {

// A result for a submission that could not be opened at all: every lesson
// scores zero and says why, so the gradebook still has a row for the student.
runner::SubmissionResult unreadable(const runner::Grader& grader, const Entry& entry, const std::string& why,
                                    const BatchOptions& options) {
  runner::SubmissionResult r;
  r.student = entry.student;
  r.source = source_of(entry);
  r.source_paths = source_paths_of(entry);
  r.course_version = options.course_version;
  r.grader_version = options.grader_version;
  r.content_hash = util::sha256_hex("unreadable:" + why);
  for (const auto& lesson : grader.course().lessons) {
    runner::LessonResult l;
    l.lesson = lesson.id;
    l.status = runner::LessonStatus::empty_submission;  // nothing of it could be read
    l.detail = why;
    r.lessons.push_back(std::move(l));
  }
  return r;
}

}  // namespace

namespace {

// An entry made ready to grade: unpacked if an archive, and its workspace
// (the folder holding the lesson folders) open, reached without following
// a link anywhere below what the instructor named.
struct Prepared {
  std::unique_ptr<util::TempDir> unpacked;
  util::Fd workspace;
  fs::path workspace_path;      ///< names exactly the open folder
  std::vector<std::string> refused;  ///< archive entries skipped
  std::string error;            ///< why the entry cannot be graded at all
};

// Opens an entry (or a part of one) itself: followed when named on the
// command line, never when it was listed inside a folder of entries.
util::Fd open_entry(const fs::path& path, bool listed, int flags, std::string& why) {
  if (!listed) {
    util::Fd fd(::open(path.c_str(), flags | O_CLOEXEC));
    if (!fd) why = "cannot open " + path.string() + ": " + std::strerror(errno);
    return fd;
  }
  fs::path parent = path.parent_path();
  util::Fd dir = util::open_trusted_directory(parent.empty() ? fs::path(".") : parent);
  if (!dir) {
    why = "cannot open the folder " + parent.string() + ": " + std::strerror(errno);
    return {};
  }
  auto opened = util::open_beneath(dir.get(), path.filename().string(), flags);
  if (!opened.fd) why = opened.refused.empty() ? path.filename().string() + " is missing" : opened.refused;
  return std::move(opened.fd);
}

// A submission the LMS split into parts (several archives, loose files),
// put together in `into`. Returns why it cannot be graded ("" when it can).
// A file two parts hold with different contents is refused, naming both
// parts: which one counts must never depend on an order.
std::string combine(const course::Course& course, const Entry& entry, const fs::path& scratch, const fs::path& into,
                    std::vector<std::string>& refused) {
  struct Placed {
    std::string content;
    std::string from;
  };
  std::map<std::string, Placed> placed;
  for (std::size_t i = 0; i < entry.parts.size(); ++i) {
    const Part& part = entry.parts[i];
    const std::string name = archive::printable_name(part.path.filename().string());
    std::string why;
    std::vector<std::pair<std::string, std::string>> files;  // (rel, content)
    if (part.uploaded.empty()) {
      util::Fd file = open_entry(part.path, entry.listed, O_RDONLY | O_NONBLOCK, why);
      if (!file) return "archive refused: " + why;
      fs::path unpacked = scratch / ("part-" + std::to_string(i));
      fs::create_directories(unpacked);
      try {
        for (const auto& r : archive::extract(file.get(), part.path.filename().string(), unpacked).refused)
          refused.push_back(name + ": " + r);
      } catch (const std::exception& e) {
        return std::string("archive refused: ") + e.what();
      }
      fs::path root = find_workspace_root(course, unpacked);
      util::Fd dir = util::open_trusted_directory(root);
      for (const auto& listed : util::list_beneath(dir.get(), true)) {
        if (listed.kind != util::Listed::Kind::file) continue;
        util::ReadRules rules;
        rules.max_bytes = archive::ExtractLimits{}.max_entry_bytes;
        auto read = util::read_beneath(dir.get(), listed.rel, rules);
        if (read.present && read.refused.empty()) files.emplace_back(listed.rel, std::move(read.content));
      }
    } else {
      std::string ambiguous;
      auto destination = loose_file_destination(course, part.uploaded, ambiguous);
      if (!destination) {
        refused.push_back(name + ": " + ambiguous);
        continue;
      }
      fs::path parent = part.path.parent_path();
      util::Fd dir = util::open_trusted_directory(parent.empty() ? fs::path(".") : parent);
      util::ReadRules rules;
      rules.max_bytes = archive::ExtractLimits{}.max_entry_bytes;
      auto read = dir ? util::read_beneath(dir.get(), part.path.filename().string(), rules) : util::ReadResult{};
      if (!read.refused.empty() || !read.present) {
        refused.push_back(name + ": " + (read.refused.empty() ? std::string("it disappeared while it was read") : read.refused));
        continue;
      }
      // A name the course does not know stays at the top, listed as ignored.
      files.emplace_back(*destination, std::move(read.content));
    }
    for (auto& [rel, content] : files) {
      auto it = placed.find(rel);
      if (it == placed.end()) {
        placed.emplace(rel, Placed{std::move(content), name});
      } else if (it->second.content != content) {
        return "submission refused: " + archive::printable_name(rel) + " is in both " + it->second.from + " and " + name +
               " with different contents; which one to grade is unknown (remove one, or resubmit one archive)";
      }
    }
  }
  for (const auto& [rel, p] : placed) {
    fs::path target = into / rel;
    fs::create_directories(target.parent_path());
    util::write_file_atomically(target, p.content);
  }
  return {};
}

Prepared prepare(const runner::Grader& grader, const Entry& entry) {
  Prepared p;
  if (!entry.refused.empty()) {
    p.error = "submission refused: " + entry.refused;
    return p;
  }
  util::Fd folder;
  if (!entry.parts.empty()) {
    p.unpacked = std::make_unique<util::TempDir>("grader-parts");
    fs::path combined = p.unpacked->path() / "submission";
    fs::create_directories(combined);
    try {
      p.error = combine(grader.course(), entry, p.unpacked->path(), combined, p.refused);
    } catch (const std::exception& e) {
      p.error = std::string("submission refused: ") + e.what();
    }
    if (!p.error.empty()) return p;
    folder = util::open_trusted_directory(combined);
  } else if (archive::is_archive(entry.path)) {
    util::Fd file = open_entry(entry.path, entry.listed, O_RDONLY | O_NONBLOCK, p.error);
    if (!file) {
      p.error = "archive refused: " + p.error;
      return p;
    }
    p.unpacked = std::make_unique<util::TempDir>("grader-unpack");
    try {
      p.refused = archive::extract(file.get(), entry.path.filename().string(), p.unpacked->path()).refused;
    } catch (const std::exception& e) {
      p.error = std::string("archive refused: ") + e.what();
      return p;
    }
    folder = util::open_trusted_directory(p.unpacked->path());
  } else {
    folder = open_entry(entry.path, entry.listed, O_RDONLY | O_DIRECTORY, p.error);
    if (!folder) {
      p.error = "submission refused: " + p.error;
      return p;
    }
  }
  // Look for the lesson folders inside the very folder just opened, then
  // reopen what was found from it with no link on the way.
  fs::path base = util::path_of(folder, !entry.parts.empty() ? p.unpacked->path() / "submission"
                                        : p.unpacked        ? p.unpacked->path()
                                                            : entry.path);
  std::string rel = util::relative_text(find_workspace_root(grader.course(), base), base);
  auto opened = util::open_beneath(folder.get(), rel == "." ? "" : rel, O_RDONLY | O_DIRECTORY);
  if (!opened.fd) {
    p.error = "submission refused: " + (opened.refused.empty() ? rel + " disappeared while it was read" : opened.refused);
    return p;
  }
  p.workspace = std::move(opened.fd);
  p.workspace_path = util::path_of(p.workspace, base / rel);
  return p;
}

// Graded from what open_submission read: nothing is unpacked or read again.
runner::SubmissionResult grade_opened(const runner::Grader& grader, const Entry& entry, const OpenedSubmission& opened,
                                      const BatchOptions& options) {
  if (!opened.error.empty()) return unreadable(grader, entry, opened.error, options);
  runner::GradeOptions grade_options;
  grade_options.include_hidden = options.include_hidden;
  grade_options.lessons = options.lessons;
  grade_options.jobs = 1;  // parallelism is across submissions
  grade_options.deadline = options.deadline;
  grade_options.note_not_attempted = true;
  auto result = grader.grade(opened.files, grade_options);
  result.student = entry.student;
  result.source = source_of(entry);
  result.source_paths = source_paths_of(entry);
  result.course_version = options.course_version;
  result.grader_version = options.grader_version;
  for (const auto& r : opened.refused) result.rejected_files.push_back(r);
  return result;
}

}  // namespace

OpenedSubmission open_submission(const runner::Grader& grader, const Entry& entry) {
  OpenedSubmission opened;
  Prepared prepared = prepare(grader, entry);
  opened.refused = std::move(prepared.refused);
  opened.error = std::move(prepared.error);
  if (opened.error.empty()) opened.files = grader.collect(prepared.workspace_path);
  return opened;  // the unpacked copy, if any, is removed here: everything needed was read
}

std::map<std::string, std::string> submitted_files(const runner::Grader& grader, const Entry& entry, std::string& error) {
  OpenedSubmission opened = open_submission(grader, entry);
  error = opened.error;
  if (!error.empty()) return {};
  return {std::make_move_iterator(opened.files.files.begin()), std::make_move_iterator(opened.files.files.end())};
}

runner::SubmissionResult grade_entry(const runner::Grader& grader, const Entry& entry, const BatchOptions& options) {
  return grade_opened(grader, entry, open_submission(grader, entry), options);
}

BatchOutcome grade_all(const runner::Grader& grader, const std::vector<Entry>& entries, gradebook::Gradebook& book,
                       const BatchOptions& options) {
  BatchOutcome outcome;
  outcome.results.resize(entries.size());
  // An unchanged submission keeps its grade, but its late penalty follows
  // today's deadlines and extensions (the caller holds the gradebook's lock).
  auto restamp = [&options, &book](const Entry& entry, runner::SubmissionResult& result) {
    if (!options.stamp) return;
    const runner::Lateness before = result.lateness;
    const std::string submitted_before = result.submitted_at;
    const runner::LateInputs inputs_before = result.late_inputs;
    options.stamp(entry, result);
    if (before.reason != result.lateness.reason || before.penalty_percent != result.lateness.penalty_percent ||
        submitted_before != result.submitted_at || inputs_before != result.late_inputs)
      book.set_lateness(entry.student, result.lateness, result.submitted_at, result.late_inputs);
  };
  std::mutex book_mutex;
  util::parallel_for(entries.size(), options.jobs, [&](std::size_t i) {
    const Entry& entry = entries[i];
    bool skipped = false;
    runner::SubmissionResult result;
    // Opened once: the same files and hash decide "unchanged", are graded and recorded.
    const OpenedSubmission opened = open_submission(grader, entry);
    if (!options.force && opened.error.empty()) {
      // Unchanged since last graded (folders and archives alike, by the
      // content of the student files): the stored result stands.
      std::lock_guard<std::mutex> lock(book_mutex);
      if (book.is_up_to_date(entry.student, opened.files.content_hash, options.course_version)) {
        if (auto stored = book.latest(entry.student)) {
          result = stored->result;
          skipped = true;
          restamp(entry, result);
        }
      }
    }
    if (!skipped) {
      result = grade_opened(grader, entry, opened, options);
      if (options.stamp) options.stamp(entry, result);
      std::lock_guard<std::mutex> lock(book_mutex);
      if (!options.force && book.is_up_to_date(entry.student, result.content_hash, options.course_version)) {
        skipped = true;  // an entry whose content was already graded
        if (options.stamp) book.set_lateness(entry.student, result.lateness, result.submitted_at, result.late_inputs);
      } else {
        // What the gradebook holds (manual grades carried over included) is
        // what the progress line and the summary show.
        result = book.load(book.record(result)).result;
      }
    }
    {
      std::lock_guard<std::mutex> lock(book_mutex);
      if (skipped) ++outcome.skipped;
      else ++outcome.graded;
      if (options.on_done) options.on_done(result, skipped);
    }
    outcome.results[i] = std::move(result);
  });
  return outcome;
}

}  // namespace grader::batch
