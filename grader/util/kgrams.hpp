// Fingerprints of token sequences: the hash of every k tokens in a row
// (k-grams), and winnowing (Schleimer, Wilkerson, Aiken: "Winnowing: local
// algorithms for document fingerprinting", SIGMOD 2003), which keeps the
// smallest hash of every w consecutive k-grams. Used by the release scan for
// reference code (grader/release/code_scan.hpp); the similarity hints match
// tokens by greedy string tiling instead (grader/similarity/tiling.hpp),
// which counts every matched token rather than sampled fingerprints.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace grader::util {

/// The hash of tokens[i .. i+k-1] for every i (FNV-1a over the tokens'
/// hashes): tokens.size() - k + 1 values, none when there are fewer than k.
std::vector<std::uint64_t> kgram_hashes(const std::vector<std::string>& tokens, std::size_t k);

struct Fingerprint {
  std::uint64_t hash = 0;
  std::size_t position = 0;  ///< index of the k-gram (its first token)
};

/// Winnowing with window w: of every w consecutive k-gram hashes the
/// minimum (the rightmost on a tie) is kept, each position once. Any run of
/// tokens shared by two documents that spans at least w + k - 1 tokens shares
/// at least one fingerprint; shorter noise shares few. Fewer than w hashes:
/// their minimum alone.
std::vector<Fingerprint> winnow(const std::vector<std::uint64_t>& hashes, std::size_t w);

}  // namespace grader::util
