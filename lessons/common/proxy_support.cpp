#include "common/proxy_support.hpp"

namespace course::bridge {

std::string call_text(const std::string& name, const std::vector<std::string>& described_args) {
  std::string s = name + "(";
  for (std::size_t i = 0; i < described_args.size(); ++i) s += (i ? ", " : "") + described_args[i];
  return s + ")";
}

}  // namespace course::bridge
