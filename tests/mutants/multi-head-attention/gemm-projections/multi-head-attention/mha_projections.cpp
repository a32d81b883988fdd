// Variant gemm-projections of exercise mha-projections: correct, projecting
// the whole batch with one (B*L, E) x (E, E) product, then scattering the
// columns into heads with raw offsets.
#include <cmath>
#include <stdexcept>
#include <string>

#include "common/seeded_init.hpp"
#include "multi-head-attention/multi_head_attention.hpp"

namespace course {

namespace {

void require_divisible(Index e, Index h) {
  if (e <= 0) throw std::invalid_argument("embed_dim must be > 0, got " + std::to_string(e));
  if (h <= 0) throw std::invalid_argument("num_heads must be > 0, got " + std::to_string(h));
  if (e % h != 0)
    throw std::invalid_argument("embed_dim (" + std::to_string(e) + ") must be divisible by num_heads (" +
                                std::to_string(h) + ")");
}

MatrixXf draw(Index rows, Index cols, double bound, SplitMix64& rng) {
  MatrixXf m(rows, cols);
  for (Index r = 0; r < rows; ++r)
    for (Index c = 0; c < cols; ++c) m(r, c) = rng.uniform(static_cast<float>(bound));
  return m;
}

}  // namespace

MultiHeadAttention::MultiHeadAttention(Index embed_dim, Index num_heads, std::uint64_t seed)
    : embed_dim_(embed_dim), num_heads_(num_heads) {
  require_divisible(embed_dim, num_heads);
  SplitMix64 rng(seed);
  const double e = static_cast<double>(embed_dim);
  MatrixXf in_w = draw(3 * embed_dim, embed_dim, std::sqrt(6.0 / (e + 3.0 * e)), rng);
  MatrixXf out_w = draw(embed_dim, embed_dim, 1.0 / std::sqrt(e), rng);
  parameters_ = {std::move(in_w), VectorXf::Zero(3 * embed_dim), std::move(out_w), VectorXf::Zero(embed_dim)};
}

void MultiHeadAttention::set_parameters(MhaParameters parameters) {
  const Index e = embed_dim_;
  check_shape("in_proj_weight", parameters.in_proj_weight, {3 * e, e});
  check_shape("in_proj_bias", std::vector<Index>{parameters.in_proj_bias.rows()}, {3 * e});
  check_shape("out_proj_weight", parameters.out_proj_weight, {e, e});
  check_shape("out_proj_bias", std::vector<Index>{parameters.out_proj_bias.rows()}, {e});
  parameters_ = std::move(parameters);
}

Tensor project_heads(const Tensor& x, const MatrixXf& weight, const VectorXf& bias, Index num_heads) {
  if (x.rank() != 3) throw std::invalid_argument("x: expected shape (B, L, E), got " + shape_string(x.shape()));
  const Index B = x.dim(0), L = x.dim(1), E = x.dim(2);
  require_divisible(E, num_heads);
  check_shape("weight", weight, {E, E});
  check_shape("bias", std::vector<Index>{bias.rows()}, {E});
  const Index H = num_heads, D = E / H;
  const ConstMatrixMapF rows(x.data(), B * L, E);  // every position of every batch, one per row
  const MatrixXf y = (rows * weight.transpose()).rowwise() + bias.transpose();
  Tensor out({B, H, L, D});
  float* o = out.data();
  for (Index b = 0; b < B; ++b)
    for (Index h = 0; h < H; ++h)
      for (Index l = 0; l < L; ++l)
        for (Index d = 0; d < D; ++d) *o++ = y(b * L + l, h * D + d);
  return out;
}

}  // namespace course
