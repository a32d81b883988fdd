// Shared by the hidden order-matters suites: sentences, random inputs and the
// tolerances, each explained once.
#pragma once

#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "common/tensor_testing.hpp"
#include "order-matters/toy_model.hpp"

namespace order_hidden {

using course::Index;
using course::MatrixXf;

/// Every comparison uses the course's float32 rule (lessons/common/tensor_testing.hpp).
/// with_positions: one float rounding of a double encoding added to values
/// below 4 (at most 2.4e-7 off). Wrong formulas are off by > 1e-3.
constexpr course_testing::Tolerance kPositionTol = course_testing::kFloatTol;

/// Attention outputs and weights against the reference: float sums of 8
/// products, taken in any order, agree to about 1e-6. The bugs the tests look
/// for move values by > 0.01.
constexpr double kAttentionAtol = course_testing::kFloatTol.atol;
constexpr double kAttentionRtol = course_testing::kFloatTol.rtol;

/// "Zero up to rounding": runs that differ only in summation order.
constexpr float kRoundingOnly = static_cast<float>(course_testing::kFloatTol.atol);

/// "dog bites man" -> {"dog", "bites", "man"}
inline std::vector<std::string> words(const std::string& sentence) {
  std::istringstream in(sentence);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

/// Pairs (sentence, reordering) covering swaps, rotations, repeated words,
/// one word and the whole vocabulary.
struct SentencePair {
  std::string a;
  std::string b;
};
inline std::vector<SentencePair> sentence_pairs() {
  return {{"dog bites man", "man bites dog"},
          {"the cat chases a mouse", "a mouse chases the cat"},
          {"the dog chases the cat", "the cat chases the dog"},
          {"man sees a bird", "bird sees a man"},
          {"dog bites man", "bites man dog"},
          {"the the dog", "dog the the"},
          {"bird", "bird"},
          {"dog bites man the cat chases mouse a sees bird", "bird sees a mouse chases cat the man bites dog"}};
}

/// Uniform values in [-2, 2), reproducible from `seed`.
inline MatrixXf random_matrix(Index rows, Index cols, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-2.0f, 2.0f);
  MatrixXf m(rows, cols);
  for (Index i = 0; i < m.size(); ++i) m.data()[i] = u(rng);
  return m;
}

}  // namespace order_hidden
