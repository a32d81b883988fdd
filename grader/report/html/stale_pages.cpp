#include "grader/report/html/stale_pages.hpp"

#include <fstream>
#include <set>

namespace grader::report::html {
namespace fs = std::filesystem;

namespace {

// The mark sits in the <head>, within the first kilobyte of every page.
bool written_by_export(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::string head(1024, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(in.gcount()));
  return head.find(std::string("<meta name=\"generator\" content=\"") + kGenerator + "\">") != std::string::npos;
}

}  // namespace

std::vector<fs::path> remove_stale_pages(const fs::path& folder, const std::vector<Page>& pages) {
  std::set<std::string> current;
  for (const auto& p : pages) current.insert(p.path);
  std::vector<fs::path> removed;
  std::error_code ec;
  const fs::path students = folder / "students";
  if (!fs::is_directory(fs::symlink_status(students, ec))) return removed;
  for (auto it = fs::directory_iterator(students, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
    const fs::path& file = it->path();
    std::error_code type_ec;
    if (!fs::is_regular_file(it->symlink_status(type_ec)) || file.extension() != ".html") continue;
    if (current.count("students/" + file.filename().string()) || !written_by_export(file)) continue;
    std::error_code remove_ec;
    if (fs::remove(file, remove_ec)) removed.push_back(file);
  }
  return removed;
}

}  // namespace grader::report::html
