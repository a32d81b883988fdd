// Per-head weights computed here, used when the build has no multi-head
// attention lesson: softmax(Q_h K_h^T / sqrt(D)) for each head h, with the
// query and key rows of a packed in_proj_weight (3E, E) in q, k, v order.
#include <cmath>
#include <stdexcept>
#include <string>

#include "common/seeded_init.hpp"
#include "pictures/head_weights.hpp"

namespace course::pictures {

namespace {

// Row-wise softmax, stable: subtracting the row maximum keeps exp() finite.
MatrixXf softmax_rows(const MatrixXf& scores) {
  MatrixXf weights(scores.rows(), scores.cols());
  for (Index r = 0; r < scores.rows(); ++r) {
    const float top = scores.row(r).maxCoeff();
    weights.row(r) = (scores.row(r).array() - top).exp().matrix();
    weights.row(r) /= weights.row(r).sum();
  }
  return weights;
}

}  // namespace

Tensor per_head_attention_weights(const Tensor& x, Index num_heads, std::uint64_t seed) {
  // x: (B, L, E); weights: (B, H, L, L); head_dim D = E / H.
  check_shape("x", x, {-1, -1, -1});
  const Index batch = x.dim(0);
  const Index seq_len = x.dim(1);
  const Index embed_dim = x.dim(2);
  if (num_heads < 1 || embed_dim % num_heads != 0) {
    throw std::invalid_argument("embed_dim " + std::to_string(embed_dim) + " must be divisible by num_heads " +
                                std::to_string(num_heads));
  }
  const Index head_dim = embed_dim / num_heads;

  // The multi-head attention lesson's initialisation, so that this picture
  // matches the one its reference draws: in_proj_weight (3E, E) row by row
  // from SplitMix64(seed), xavier-uniform bound sqrt(6 / (E + 3E)); the
  // biases start at zero, so they are left out.
  const float bound = std::sqrt(6.0f / static_cast<float>(embed_dim + 3 * embed_dim));
  SplitMix64 uniform(seed);
  MatrixXf in_proj(3 * embed_dim, embed_dim);
  for (Index r = 0; r < in_proj.rows(); ++r) {
    for (Index c = 0; c < in_proj.cols(); ++c) in_proj(r, c) = uniform.uniform(bound);
  }
  const auto w_q = in_proj.topRows(embed_dim);                // (E, E)
  const auto w_k = in_proj.middleRows(embed_dim, embed_dim);  // (E, E)
  // Each head's dot products run over D numbers, so D (not E) sets their spread.
  const float scale = 1.0f / std::sqrt(static_cast<float>(head_dim));

  Tensor weights({batch, num_heads, seq_len, seq_len});
  for (Index b = 0; b < batch; ++b) {
    const MatrixXf xb = x.matrix({b});        // (L, E)
    const MatrixXf q = xb * w_q.transpose();  // (L, E)
    const MatrixXf k = xb * w_k.transpose();  // (L, E)
    for (Index h = 0; h < num_heads; ++h) {
      const MatrixXf q_h = q.middleCols(h * head_dim, head_dim);  // (L, D)
      const MatrixXf k_h = k.middleCols(h * head_dim, head_dim);  // (L, D)
      weights.matrix({b, h}) = softmax_rows((q_h * k_h.transpose()) * scale);
    }
  }
  return weights;
}

std::string head_weights_source() {
  return "softmax(Q K^T / sqrt(head_dim)) per head, computed in course-pictures with the initial projections of "
         "MultiHeadAttention(embed_dim, heads, seed)";
}

}  // namespace course::pictures
