#include "grader/skeleton/templates.hpp"

#include <stdexcept>

namespace grader::skeleton {

std::string fill(std::string_view name, const std::map<std::string, std::string>& values) {
  const auto found = templates().find(name);
  if (found == templates().end()) throw std::logic_error("no skeleton template named " + std::string(name));
  const std::string_view text = found->second;
  std::string out;
  std::size_t at = 0;
  for (std::size_t open = text.find("{{"); open != std::string_view::npos; open = text.find("{{", at)) {
    const std::size_t close = text.find("}}", open);
    if (close == std::string_view::npos) break;
    const std::string key(text.substr(open + 2, close - open - 2));
    const auto value = values.find(key);
    if (value == values.end())
      throw std::logic_error("skeleton template " + std::string(name) + " has the placeholder {{" + key + "}}, with no value");
    out.append(text.substr(at, open - at));
    out += value->second;
    at = close + 2;
  }
  out.append(text.substr(at));
  return out;
}

}  // namespace grader::skeleton
