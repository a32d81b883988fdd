// A zip archive of the given files (relative path -> content), as an LMS
// download holds a student's submission. Shared by the tests that grade
// archives beside folders.
#pragma once

#include <archive.h>
#include <archive_entry.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>

namespace course_test {

inline void write_zip(const std::filesystem::path& zip, const std::map<std::string, std::string>& files) {
  struct archive* a = archive_write_new();
  archive_write_set_format_zip(a);
  ASSERT_EQ(archive_write_open_filename(a, zip.c_str()), ARCHIVE_OK) << zip;
  for (const auto& [rel, content] : files) {
    struct archive_entry* e = archive_entry_new();
    archive_entry_set_pathname(e, rel.c_str());
    archive_entry_set_filetype(e, AE_IFREG);
    archive_entry_set_perm(e, 0644);
    archive_entry_set_size(e, static_cast<la_int64_t>(content.size()));
    archive_write_header(a, e);
    archive_write_data(a, content.data(), content.size());
    archive_entry_free(e);
  }
  archive_write_close(a);
  archive_write_free(a);
}

}  // namespace course_test
