// A batch read from the wrong folder: `grader grade DIR` where every entry of
// DIR is a folder holding no lesson folder of the course (the framework's own
// tree, a folder of something else) would grade each folder as a student's
// empty submission, every one to zero. `grade` refuses it instead; a batch in
// which only some entries are empty is graded as before (each such entry
// says what it lacks in its own report).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "grader/batch/submissions.hpp"
#include "grader/course/model.hpp"

namespace grader::batch {

/// The course's lesson folders, as a submission holds them: the first folder
/// of each exercise's files, in course order.
std::vector<std::string> submission_lesson_folders(const course::Course& course);

/// "" when some entry may hold a submission: an archive or loose files (not
/// opened here), a refused link, or a folder in which grading finds a lesson
/// folder (find_workspace_root). Otherwise why the batch is refused: which
/// folders (`paths`, as given) were read, what a submission of this course
/// holds, and that `allow_option` grades them anyway.
std::string no_submission_in(const course::Course& course, const std::vector<Entry>& entries,
                             const std::vector<std::filesystem::path>& paths, const std::string& allow_option);

}  // namespace grader::batch
