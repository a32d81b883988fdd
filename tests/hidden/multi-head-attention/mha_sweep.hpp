// Random inputs for the hidden multi-head-attention suite, which compares the
// student with the reference (ref::) on sweeps of shapes.
//
// Tolerance student vs reference: the same float32 formulas, but possibly
// another summation order (explicit loops against Eigen's blocked products,
// q scaled before or after the product, a mean computed as sum * (1/H) or
// sum / H). With inputs of size ~1 and E <= 64 such reorderings move results
// by a few 1e-7; the course's float32 rule (lessons/common/tensor_testing.hpp: 1e-5 absolute
// plus 3e-5 relative) keeps a wide margin while every wrong formula (wrong
// scale, axis, head order, bias) is off by 1e-2 or more.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <ostream>
#include <random>
#include <vector>

#include "common/tensor.hpp"
#include "common/tensor_testing.hpp"
#include "multi-head-attention/multi_head_attention.hpp"

namespace mha_sweep {

using course::Index;
using course::Tensor;

inline constexpr double kAtol = course_testing::kFloatTol.atol;
inline constexpr double kRtol = course_testing::kFloatTol.rtol;

/// One configuration: B, L, S, E, H (D = E / H).
struct Shape {
  Index batch, query_len, key_len, embed_dim, num_heads;
  Index head_dim() const { return embed_dim / num_heads; }
};

inline std::ostream& operator<<(std::ostream& out, const Shape& s) {
  return out << "B=" << s.batch << " L=" << s.query_len << " S=" << s.key_len << " E=" << s.embed_dim
             << " H=" << s.num_heads;
}

/// Self- and cross-attention, one head up to D = 1, odd widths, L != S both ways.
inline const std::vector<Shape>& shapes() {
  static const std::vector<Shape> all = {
      {2, 5, 5, 8, 2}, {1, 3, 7, 12, 3}, {3, 4, 2, 15, 5}, {2, 6, 6, 16, 4},
      {1, 1, 4, 6, 6}, {2, 4, 9, 20, 1}, {2, 7, 3, 64, 8}, {4, 2, 5, 21, 7},
  };
  return all;
}

class Random {
 public:
  explicit Random(std::uint32_t seed) : rng_(seed) {}

  /// Standard normal values.
  Tensor normal(std::vector<Index> shape, float scale = 1.0f) {
    Tensor t(std::move(shape));
    std::normal_distribution<float> n(0.0f, scale);
    for (float& v : t.values()) v = n(rng_);
    return t;
  }

  course::MatrixXf matrix(Index rows, Index cols, float scale) {
    Tensor t = normal({rows, cols}, scale);
    return course::ConstMatrixMapF(t.data(), rows, cols);
  }

  course::VectorXf vector(Index n, float scale) {
    Tensor t = normal({n}, scale);
    return Eigen::Map<const course::VectorXf>(t.data(), n);
  }

  /// Weights at torch's init scale, biases nonzero so a dropped bias shows.
  course::MhaParameters parameters(Index e) {
    const float w = 1.0f / std::sqrt(static_cast<float>(e));
    return {matrix(3 * e, e, w), vector(3 * e, 0.5f), matrix(e, e, w), vector(e, 0.5f)};
  }

  /// 0/1 values, 1 (blocked) with probability p; column 0 never blocked, so
  /// every query keeps at least one key (a fully blocked row is NaN in torch).
  Tensor blocked(std::vector<Index> shape, double p) {
    Tensor t(std::move(shape));
    std::bernoulli_distribution coin(p);
    const Index cols = t.dim(-1);
    for (Index i = 0; i < t.size(); ++i) t.data()[i] = (i % cols != 0 && coin(rng_)) ? 1.0f : 0.0f;
    return t;
  }

  /// Normal values with some -inf (never in column 0).
  Tensor additive(std::vector<Index> shape) {
    Tensor t = normal(shape);
    const Tensor off = blocked(std::move(shape), 0.25);
    for (Index i = 0; i < t.size(); ++i)
      if (off.data()[i] != 0.0f) t.data()[i] = -std::numeric_limits<float>::infinity();
    return t;
  }

 private:
  std::mt19937 rng_;
};

/// The masks the sweeps try for a configuration s: each attn_mask kind in 2-D
/// (L, S) and 3-D (B*H, L, S), a key_padding_mask (B, S), and both at once.
struct MaskCase {
  const char* what;
  std::optional<course::AttentionMask> attn_mask;
  std::optional<Tensor> key_padding_mask;
};

inline std::vector<MaskCase> mask_cases(Random& random, const Shape& s) {
  using course::AttentionMask;
  using course::MaskKind;
  const Index b = s.batch, h = s.num_heads, l = s.query_len, k = s.key_len;
  return {
      {"boolean (L, S)", AttentionMask{MaskKind::boolean, random.blocked({l, k}, 0.4)}, std::nullopt},
      {"additive (L, S)", AttentionMask{MaskKind::additive, random.additive({l, k})}, std::nullopt},
      {"boolean (B*H, L, S)", AttentionMask{MaskKind::boolean, random.blocked({b * h, l, k}, 0.4)}, std::nullopt},
      {"additive (B*H, L, S)", AttentionMask{MaskKind::additive, random.additive({b * h, l, k})}, std::nullopt},
      {"key_padding_mask", std::nullopt, random.blocked({b, k}, 0.4)},
      {"boolean (L, S) + key_padding_mask", AttentionMask{MaskKind::boolean, random.blocked({l, k}, 0.3)},
       random.blocked({b, k}, 0.3)},
  };
}

}  // namespace mha_sweep
