#include "grader/util/kgrams.hpp"

#include <functional>

namespace grader::util {

std::vector<std::uint64_t> kgram_hashes(const std::vector<std::string>& tokens, std::size_t k) {
  std::vector<std::uint64_t> out;
  if (k == 0 || tokens.size() < k) return out;
  std::vector<std::uint64_t> each;
  each.reserve(tokens.size());
  for (const auto& t : tokens) each.push_back(std::hash<std::string>{}(t));
  out.reserve(tokens.size() - k + 1);
  for (std::size_t i = 0; i + k <= tokens.size(); ++i) {
    std::uint64_t h = 1469598103934665603ULL;
    for (std::size_t j = i; j < i + k; ++j) h = (h ^ each[j]) * 1099511628211ULL;
    out.push_back(h);
  }
  return out;
}

std::vector<Fingerprint> winnow(const std::vector<std::uint64_t>& hashes, std::size_t w) {
  std::vector<Fingerprint> out;
  if (hashes.empty()) return out;
  if (w == 0) w = 1;
  const std::size_t windows = hashes.size() >= w ? hashes.size() - w + 1 : 1;
  const std::size_t span = hashes.size() >= w ? w : hashes.size();
  std::size_t last = static_cast<std::size_t>(-1);
  for (std::size_t start = 0; start < windows; ++start) {
    std::size_t best = start;
    for (std::size_t i = start; i < start + span; ++i)
      if (hashes[i] <= hashes[best]) best = i;
    if (best != last) {
      out.push_back({hashes[best], best});
      last = best;
    }
  }
  return out;
}

}  // namespace grader::util
