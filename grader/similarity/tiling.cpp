#include "grader/similarity/tiling.hpp"

#include <algorithm>
#include <queue>
#include <tuple>
#include <unordered_map>

namespace grader::similarity {

namespace {
constexpr std::size_t kMaxRepeats = 256;
}  // namespace

std::vector<std::uint64_t> window_hashes(const std::vector<std::uint32_t>& tokens, std::size_t n) {
  std::vector<std::uint64_t> out;
  if (n == 0 || tokens.size() < n) return out;
  out.reserve(tokens.size() - n + 1);
  for (std::size_t i = 0; i + n <= tokens.size(); ++i) {
    std::uint64_t h = 1469598103934665603ULL;  // FNV-1a over the token numbers
    for (std::size_t j = i; j < i + n; ++j) h = (h ^ (tokens[j] + 1ULL)) * 1099511628211ULL;
    out.push_back(h);
  }
  return out;
}

std::vector<Tile> greedy_string_tiling(const std::vector<std::uint32_t>& a, const std::vector<bool>& blocked_a,
                                       const std::vector<std::uint32_t>& b, const std::vector<bool>& blocked_b,
                                       std::size_t min_match) {
  std::vector<Tile> tiles;
  if (min_match == 0) min_match = 1;
  if (a.size() < min_match || b.size() < min_match) return tiles;
  std::vector<bool> used_a = blocked_a, used_b = blocked_b;
  used_a.resize(a.size(), false);
  used_b.resize(b.size(), false);

  // Every maximal run of equal, unblocked tokens at least min_match long,
  // found through the hashes of b's windows.
  const auto ha = window_hashes(a, min_match);
  const auto hb = window_hashes(b, min_match);
  std::unordered_map<std::uint64_t, std::vector<std::size_t>> in_b;
  for (std::size_t j = 0; j < hb.size(); ++j) in_b[hb[j]].push_back(j);
  using Candidate = std::tuple<std::size_t, std::size_t, std::size_t>;  // length, a, b
  auto later = [](const Candidate& x, const Candidate& y) {  // longest first, then earliest
    if (std::get<0>(x) != std::get<0>(y)) return std::get<0>(x) < std::get<0>(y);
    return std::tie(std::get<1>(x), std::get<2>(x)) > std::tie(std::get<1>(y), std::get<2>(y));
  };
  std::priority_queue<Candidate, std::vector<Candidate>, decltype(later)> queue(later);
  auto free_pair = [&](std::size_t i, std::size_t j) { return !used_a[i] && !used_b[j] && a[i] == b[j]; };
  for (std::size_t i = 0; i < ha.size(); ++i) {
    auto it = in_b.find(ha[i]);
    // A window repeated hundreds of times is filler, not code: skipping it
    // bounds the work of a hostile file of one statement pasted over and over.
    if (it == in_b.end() || it->second.size() > kMaxRepeats) continue;
    for (std::size_t j : it->second) {
      if (i > 0 && j > 0 && free_pair(i - 1, j - 1)) continue;  // not maximal: found from its start
      std::size_t n = 0;
      while (i + n < a.size() && j + n < b.size() && free_pair(i + n, j + n)) ++n;
      if (n >= min_match) queue.emplace(n, i, j);
    }
  }
  // Longest first; a run partly covered by a longer tile taken meanwhile
  // goes back in as the uncovered pieces that are still long enough.
  while (!queue.empty()) {
    auto [n, i, j] = queue.top();
    queue.pop();
    bool whole = true;
    for (std::size_t t = 0; t < n && whole; ++t) whole = !used_a[i + t] && !used_b[j + t];
    if (whole) {
      for (std::size_t t = 0; t < n; ++t) used_a[i + t] = used_b[j + t] = true;
      tiles.push_back({i, j, n});
      continue;
    }
    std::size_t start = 0;
    for (std::size_t t = 0; t <= n; ++t) {
      if (t < n && !used_a[i + t] && !used_b[j + t]) continue;
      if (t - start >= min_match) queue.emplace(t - start, i + start, j + start);
      start = t + 1;
    }
  }
  return tiles;
}

}  // namespace grader::similarity
