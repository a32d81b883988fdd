// Mutant num-heads-only-zero-rejected of exercise mha-projections: num_heads is
// compared with 0 only, so MultiHeadAttention(8, -2) is accepted (8 is
// divisible by -2).
#include <cmath>
#include <stdexcept>
#include <string>

#include "common/seeded_init.hpp"
#include "multi-head-attention/multi_head_attention.hpp"

namespace course {

namespace {

void check_sizes(Index embed_dim, Index num_heads) {
  if (embed_dim <= 0) throw std::invalid_argument("embed_dim must be > 0, got " + std::to_string(embed_dim));
  if (num_heads == 0) throw std::invalid_argument("num_heads must be > 0, got " + std::to_string(num_heads));
  // Integer division would silently drop features: E = 10, H = 3 gives D = 3 and 9 used columns.
  if (embed_dim % num_heads != 0)
    throw std::invalid_argument("embed_dim (" + std::to_string(embed_dim) + ") must be divisible by num_heads (" +
                                std::to_string(num_heads) + ")");
}

void check_vector(const std::string& name, const VectorXf& v, Index size) {
  check_shape(name, v, {size});
}

// Row by row, like the course's convention, so every implementation draws the same values.
void fill_uniform(MatrixXf& m, SplitMix64& generator, float bound) {
  for (Index r = 0; r < m.rows(); ++r)
    for (Index c = 0; c < m.cols(); ++c) m(r, c) = generator.uniform(bound);
}

}  // namespace

MultiHeadAttention::MultiHeadAttention(Index embed_dim, Index num_heads, std::uint64_t seed)
    : embed_dim_(embed_dim), num_heads_(num_heads) {
  check_sizes(embed_dim, num_heads);
  const Index e = embed_dim;
  SplitMix64 generator(seed);
  parameters_.in_proj_weight.resize(3 * e, e);
  // xavier_uniform_ on (3E, E): fan_in = E, fan_out = 3E.
  fill_uniform(parameters_.in_proj_weight, generator, static_cast<float>(std::sqrt(6.0 / static_cast<double>(4 * e))));
  parameters_.out_proj_weight.resize(e, e);
  // nn.Linear's default (kaiming_uniform_ with a = sqrt(5)) reduces to 1 / sqrt(fan_in).
  fill_uniform(parameters_.out_proj_weight, generator, static_cast<float>(1.0 / std::sqrt(static_cast<double>(e))));
  parameters_.in_proj_bias = VectorXf::Zero(3 * e);
  parameters_.out_proj_bias = VectorXf::Zero(e);
}

void MultiHeadAttention::set_parameters(MhaParameters parameters) {
  const Index e = embed_dim_;
  // Check everything before changing anything.
  check_shape("in_proj_weight", parameters.in_proj_weight, {3 * e, e});
  check_vector("in_proj_bias", parameters.in_proj_bias, 3 * e);
  check_shape("out_proj_weight", parameters.out_proj_weight, {e, e});
  check_vector("out_proj_bias", parameters.out_proj_bias, e);
  parameters_ = std::move(parameters);
}

Tensor project_heads(const Tensor& x, const MatrixXf& weight, const VectorXf& bias, Index num_heads) {
  check_shape("x", x, {"B", "L", "E"});
  const Index batch = x.dim(0), length = x.dim(1), e = x.dim(2);
  check_sizes(e, num_heads);
  check_shape("weight", weight, {e, e});
  check_vector("bias", bias, e);
  const Index d = e / num_heads;

  // One product for all B*L rows: x is contiguous, so it already is a
  // (B*L, E) matrix, and one large product runs faster than B small ones.
  const ConstMatrixMapF rows(x.data(), batch * length, e);
  MatrixXf projected(batch * length, e);
  projected.noalias() = rows * weight.transpose();
  projected.rowwise() += bias.transpose();
  // Head h owns a contiguous block of columns; copying it out is the transpose (L, H, D) -> (H, L, D).
  Tensor heads({batch, num_heads, length, d});
  for (Index b = 0; b < batch; ++b)
    for (Index h = 0; h < num_heads; ++h) heads.matrix({b, h}) = projected.block(b * length, h * d, length, d);
  return heads;
}

}  // namespace course
