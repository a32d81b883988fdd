// Variant loop-projections of exercise mha-projections: correct, written with
// explicit index loops and flat indices instead of Eigen expressions.
#include <cmath>
#include <stdexcept>
#include <string>

#include "common/seeded_init.hpp"
#include "multi-head-attention/multi_head_attention.hpp"

namespace course {

MultiHeadAttention::MultiHeadAttention(Index embed_dim, Index num_heads, std::uint64_t seed)
    : embed_dim_(embed_dim), num_heads_(num_heads) {
  if (embed_dim < 1) throw std::invalid_argument("embed_dim must be > 0, got " + std::to_string(embed_dim));
  if (num_heads < 1) throw std::invalid_argument("num_heads must be > 0, got " + std::to_string(num_heads));
  if (embed_dim % num_heads)
    throw std::invalid_argument("embed_dim (" + std::to_string(embed_dim) + ") must be divisible by num_heads (" +
                                std::to_string(num_heads) + ")");
  const Index e = embed_dim;
  SplitMix64 rng(seed);
  const float in_bound = std::sqrt(6.0f / static_cast<float>(e + 3 * e));  // computed in float this time
  const float out_bound = 1.0f / std::sqrt(static_cast<float>(e));
  parameters_.in_proj_weight = MatrixXf(3 * e, e);
  for (Index i = 0; i < 3 * e * e; ++i) parameters_.in_proj_weight.data()[i] = rng.uniform(in_bound);  // row-major storage
  parameters_.out_proj_weight = MatrixXf(e, e);
  for (Index i = 0; i < e * e; ++i) parameters_.out_proj_weight.data()[i] = rng.uniform(out_bound);
  parameters_.in_proj_bias = VectorXf::Zero(3 * e);
  parameters_.out_proj_bias = VectorXf::Zero(e);
}

void MultiHeadAttention::set_parameters(MhaParameters parameters) {
  const Index e = embed_dim_;
  check_shape("in_proj_weight", parameters.in_proj_weight, {3 * e, e});
  check_shape("in_proj_bias", {parameters.in_proj_bias.size()}, {3 * e});
  check_shape("out_proj_weight", parameters.out_proj_weight, {e, e});
  check_shape("out_proj_bias", {parameters.out_proj_bias.size()}, {e});
  parameters_ = parameters;
}

Tensor project_heads(const Tensor& x, const MatrixXf& weight, const VectorXf& bias, Index num_heads) {
  if (x.rank() != 3) throw std::invalid_argument("x: expected shape (B, L, E), got " + shape_string(x.shape()));
  const Index nb = x.dim(0), nl = x.dim(1), ne = x.dim(2);
  if (ne < 1) throw std::invalid_argument("embed_dim must be > 0, got " + std::to_string(ne));
  if (num_heads < 1) throw std::invalid_argument("num_heads must be > 0, got " + std::to_string(num_heads));
  if (ne % num_heads)
    throw std::invalid_argument("embed_dim (" + std::to_string(ne) + ") must be divisible by num_heads (" +
                                std::to_string(num_heads) + ")");
  check_shape("weight", weight, {ne, ne});
  check_shape("bias", {bias.size()}, {ne});
  const Index nd = ne / num_heads;
  Tensor out({nb, num_heads, nl, nd});
  for (Index b = 0; b < nb; ++b)
    for (Index l = 0; l < nl; ++l)
      for (Index f = 0; f < ne; ++f) {
        float acc = bias(f);
        for (Index j = 0; j < ne; ++j) acc += x.at({b, l, j}) * weight(f, j);
        out.at({b, f / nd, l, f % nd}) = acc;
      }
  return out;
}

}  // namespace course
