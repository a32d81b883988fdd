// Random inputs and parameters for the encoder-block hidden sweeps, which
// compare the student with the reference (ref::) under the course's float32
// rule. Letters: B batch, L length, E d_model, H heads, F dim_feedforward.
#pragma once

#include <cstdint>
#include <ostream>
#include <random>
#include <vector>

#include "common/tensor_testing.hpp"
#include "encoder-block/encoder_block.hpp"

namespace encoder_sweep {

using course::Index;
using course::Tensor;

inline constexpr double kAtol = course_testing::kFloatTol.atol;
inline constexpr double kRtol = course_testing::kFloatTol.rtol;

struct Shape {
  Index batch, length, d_model, num_heads, feedforward;
};

inline std::ostream& operator<<(std::ostream& out, const Shape& s) {
  return out << "B=" << s.batch << " L=" << s.length << " E=" << s.d_model << " H=" << s.num_heads
             << " F=" << s.feedforward;
}

/// Odd widths, one head, one position, one feature per head, F smaller and larger than E.
inline const std::vector<Shape>& shapes() {
  static const std::vector<Shape> s = {{1, 1, 4, 1, 4}, {2, 5, 8, 2, 16}, {3, 4, 9, 3, 5},
                                       {2, 3, 6, 6, 12}, {1, 7, 10, 5, 7}};
  return s;
}

class Random {
 public:
  explicit Random(std::uint32_t seed) : rng_(seed) {}

  Tensor normal(std::vector<Index> shape, float scale = 1.0f, float shift = 0.0f) {
    std::normal_distribution<float> n(0.0f, 1.0f);
    Tensor t(std::move(shape));
    for (float& v : t.values()) v = shift + scale * n(rng_);
    return t;
  }
  course::MatrixXf matrix(Index rows, Index cols, float scale) {
    const Tensor t = normal({rows, cols}, scale);
    return course::ConstMatrixMapF(t.data(), rows, cols);
  }
  course::VectorXf vector(Index n, float scale, float shift = 0.0f) {
    const Tensor t = normal({n}, scale, shift);
    return Eigen::Map<const course::VectorXf>(t.data(), n);
  }
  course::LayerNormParameters norm(Index e, float eps = 1e-5f) { return {vector(e, 0.3f, 1.0f), vector(e, 0.3f), eps}; }
  course::FeedForwardParameters feed_forward(Index e, Index f) {
    return {matrix(f, e, 0.4f), vector(f, 0.3f), matrix(e, f, 0.4f), vector(e, 0.3f)};
  }
  course::EncoderLayerParameters layer(Index e, Index f) {
    course::MhaParameters a{matrix(3 * e, e, 0.4f), vector(3 * e, 0.3f), matrix(e, e, 0.4f), vector(e, 0.3f)};
    auto ff = feed_forward(e, f);
    auto n1 = norm(e);
    auto n2 = norm(e);
    return {a, ff, n1, n2};
  }
  /// (B, L): padding at random positions, never at position 0.
  Tensor padding(Index batch, Index length) {
    std::bernoulli_distribution pad(0.35);
    Tensor t({batch, length});
    for (Index b = 0; b < batch; ++b)
      for (Index l = 1; l < length; ++l) t.at({b, l}) = pad(rng_) ? 1.0f : 0.0f;
    return t;
  }

 private:
  std::mt19937 rng_;
};

}  // namespace encoder_sweep
