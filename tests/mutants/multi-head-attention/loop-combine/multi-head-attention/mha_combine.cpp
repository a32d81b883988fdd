// Variant loop-combine of exercise mha-combine: correct, merging heads with
// index loops, applying out_proj as one (B*L, E) product for the whole batch
// and averaging the weights as a sum times 1/H.
#include <stdexcept>
#include <string>

#include "multi-head-attention/multi_head_attention.hpp"

namespace course {

Tensor merge_heads(const Tensor& heads) {
  if (heads.rank() != 4)
    throw std::invalid_argument("heads: expected shape (B, H, L, D), got " + shape_string(heads.shape()));
  const Index B = heads.dim(0), H = heads.dim(1), L = heads.dim(2), D = heads.dim(3);
  Tensor out({B, L, H * D});
  for (Index b = 0; b < B; ++b)
    for (Index l = 0; l < L; ++l)
      for (Index h = 0; h < H; ++h)
        for (Index d = 0; d < D; ++d) out.at({b, l, h * D + d}) = heads.at({b, h, l, d});
  return out;
}

AttentionOutput MultiHeadAttention::forward(const Tensor& query, const Tensor& key, const Tensor& value,
                                            const ForwardOptions& options) const {
  const Index E = embed_dim_, H = num_heads_;
  if (query.rank() != 3 || query.dim(-1) != E)
    throw std::invalid_argument("query: expected shape (B, L, " + std::to_string(E) + "), got " +
                                shape_string(query.shape()));
  const Index B = query.dim(0), L = query.dim(1);
  if (key.rank() != 3) throw std::invalid_argument("key: expected shape (B, S, E), got " + shape_string(key.shape()));
  const Index S = key.dim(1);
  check_shape("key", key, {B, S, E});
  check_shape("value", value, {B, S, E});

  const auto& w = parameters_.in_proj_weight;
  const auto& bias = parameters_.in_proj_bias;
  // Chunks of the packed projection, in q, k, v order.
  auto chunk = [&](int i) { return std::pair<MatrixXf, VectorXf>{w.middleRows(i * E, E), bias.segment(i * E, E)}; };
  const auto [wq, bq] = chunk(0);
  const auto [wk, bk] = chunk(1);
  const auto [wv, bv] = chunk(2);
  std::optional<Tensor> score_bias;
  if (options.attn_mask.has_value() || options.key_padding_mask.has_value())
    score_bias = merge_masks(options.attn_mask, options.key_padding_mask, B, H, L, S);
  const HeadsOutput attended = attend_heads(project_heads(query, wq, bq, H), project_heads(key, wk, bk, H),
                                            project_heads(value, wv, bv, H), score_bias);

  const Tensor merged = merge_heads(attended.output);
  const ConstMatrixMapF rows(merged.data(), B * L, E);
  const MatrixXf projected = (rows * parameters_.out_proj_weight.transpose()).rowwise() +
                             parameters_.out_proj_bias.transpose();
  AttentionOutput result{Tensor({B, L, E}, std::vector<float>(projected.data(), projected.data() + projected.size())),
                         std::nullopt};
  if (!options.need_weights) return result;
  if (!options.average_attn_weights) {
    result.weights = attended.weights;
    return result;
  }
  Tensor mean({B, L, S});
  const float inv_h = 1.0f / static_cast<float>(H);
  for (Index b = 0; b < B; ++b)
    for (Index l = 0; l < L; ++l)
      for (Index s = 0; s < S; ++s) {
        float total = 0.0f;
        for (Index h = 0; h < H; ++h) total += attended.weights.at({b, h, l, s});
        mean.at({b, l, s}) = total * inv_h;
      }
  result.weights = std::move(mean);
  return result;
}

std::pair<Tensor, Tensor> MultiHeadAttention::operator()(const Tensor& x) const {
  ForwardOptions options;
  options.average_attn_weights = false;
  auto r = forward(x, x, x, options);
  return {r.output, *r.weights};
}

}  // namespace course
