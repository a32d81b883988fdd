// Greedy string tiling (Wise, "Running Karp-Rabin Matching and Greedy String
// Tiling", 1993; the matching JPlag uses): the longest common run of tokens
// not yet covered becomes a tile, then the next longest, down to a minimum
// match length. Runs shorter than that minimum are ignored, so a handful of
// tokens every solution writes (`return I ( I , I )`) never counts, and the
// order of the tiles is free: moved functions and reordered blocks still
// match, each as its own tile.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace grader::similarity {

struct Tile {
  std::size_t a = 0, b = 0;  ///< first token in each sequence
  std::size_t length = 0;
};

/// The tiles of two token sequences (tokens as small integers), longest
/// first. A token whose `blocked` flag is set is never part of a tile (the
/// starter's code, passages common to many submissions). Tiles never
/// overlap in either sequence; each is at least `min_match` long.
std::vector<Tile> greedy_string_tiling(const std::vector<std::uint32_t>& a, const std::vector<bool>& blocked_a,
                                       const std::vector<std::uint32_t>& b, const std::vector<bool>& blocked_b,
                                       std::size_t min_match);

/// The hash of tokens[i .. i+n-1] for every i (none when shorter than n).
std::vector<std::uint64_t> window_hashes(const std::vector<std::uint32_t>& tokens, std::size_t n);

}  // namespace grader::similarity
