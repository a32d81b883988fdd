// Student ids as file names of the class report's pages. An id is text from
// an LMS export or a folder name: it may hold "/", "..", quotes, markup or
// control characters, and two ids may differ only in letter case (which a
// case-insensitive file system would merge). Every name is therefore built
// only from [a-z0-9_-], and ends in a digest of the exact id.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace grader::report::html {

/// "alice-3f2a9c1b.html": the id lowercased, every other character as "_",
/// at most 40 of them, then "-" and the first 8 hex digits of the id's
/// SHA-256 (longer when two ids' digests would begin alike).
/// Distinct ids always get distinct names.
std::map<std::string, std::string> student_page_names(const std::vector<std::string>& ids);

}  // namespace grader::report::html
