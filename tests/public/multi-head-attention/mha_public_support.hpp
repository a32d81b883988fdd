// Small builders shared by the public multi-head-attention tests. Shapes use
// the lesson's letters: B batch, L query length, S key length, E embed_dim,
// H num_heads, D head_dim.
#pragma once

#include <cstdint>
#include <functional>
#include <random>
#include <vector>

#include "common/tensor.hpp"
#include "multi-head-attention/multi_head_attention.hpp"

namespace mha_public {

using course::Index;
using course::Tensor;

/// A tensor of the given shape whose element at flat position i is fn(i).
inline Tensor filled(std::vector<Index> shape, const std::function<float(Index)>& fn) {
  Tensor t(std::move(shape));
  for (Index i = 0; i < t.size(); ++i) t.data()[i] = fn(i);
  return t;
}

/// Uniform values in [-1, 1), reproducible from `seed`.
inline Tensor random_tensor(std::vector<Index> shape, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  return filled(std::move(shape), [&](Index) { return u(rng); });
}

/// Parameters with every entry random, biases included (so a dropped bias shows).
inline course::MhaParameters random_parameters(Index e, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-0.5f, 0.5f);
  course::MhaParameters p{course::MatrixXf(3 * e, e), course::VectorXf(3 * e), course::MatrixXf(e, e),
                          course::VectorXf(e)};
  auto fill = [&](float* data, Index n) {
    for (Index i = 0; i < n; ++i) data[i] = u(rng);
  };
  fill(p.in_proj_weight.data(), p.in_proj_weight.size());
  fill(p.in_proj_bias.data(), p.in_proj_bias.size());
  fill(p.out_proj_weight.data(), p.out_proj_weight.size());
  fill(p.out_proj_bias.data(), p.out_proj_bias.size());
  return p;
}

}  // namespace mha_public
