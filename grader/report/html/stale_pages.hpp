// Re-exporting the class report into the same folder: the pages of students
// no longer in the gradebook must go, or the folder would hand back feedback
// for a student who was removed or renamed. Only files an export wrote are
// ever removed: an .html file directly in students/ whose head carries the
// site's generator mark (site.hpp). Anything else (an instructor's notes, a
// page edited by hand without the mark, a folder) stays.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "grader/report/html/site.hpp"

namespace grader::report::html {

/// Removes from `folder`/students every page an earlier export wrote that
/// `pages` (this export's) does not hold; returns what it removed. Links
/// are never followed: a link named like a page is left alone.
std::vector<std::filesystem::path> remove_stale_pages(const std::filesystem::path& folder, const std::vector<Page>& pages);

}  // namespace grader::report::html
