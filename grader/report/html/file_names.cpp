#include "grader/report/html/file_names.hpp"

#include <set>

#include "grader/util/hash.hpp"

namespace grader::report::html {

std::map<std::string, std::string> student_page_names(const std::vector<std::string>& ids) {
  std::map<std::string, std::string> out;
  std::set<std::string> taken;
  for (const auto& id : ids) {
    if (out.count(id)) continue;
    std::string stem;
    for (unsigned char c : id) {
      if (stem.size() >= 40) break;
      if (c >= 'A' && c <= 'Z') stem += static_cast<char>(c - 'A' + 'a');
      else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_') stem += static_cast<char>(c);
      else stem += '_';
    }
    if (stem.empty()) stem = "student";
    const std::string digest = util::sha256_hex(id);
    std::string name;
    for (std::size_t digits = 8; digits <= digest.size(); digits += 4) {
      name = stem + "-" + digest.substr(0, digits) + ".html";
      if (!taken.count(name)) break;
    }
    taken.insert(name);
    out.emplace(id, name);
  }
  return out;
}

}  // namespace grader::report::html
