// Lesson multi-head-attention's functions for the workers of later lessons
// graded against its reference (course.yaml `uses`, mode reference): each one
// asks the trusted side, which runs the reference and answers
// (grader::worker::call_back, docs/architecture.md "Earlier lessons'
// functions"). Course-owned and free of reference code: linked into a worker
// in place of the student's multi-head-attention files. Every function of the
// header is here, so a later lesson may call any of them.
#include "grader/authoring/worker_support.hpp"
#include "multi-head-attention/bridge/callbacks.hpp"

namespace course {

using bridge::call_reference;
namespace calls = bridge::mha_callbacks;

MultiHeadAttention::MultiHeadAttention(Index embed_dim, Index num_heads, std::uint64_t seed)
    : embed_dim_(embed_dim), num_heads_(num_heads) {
  parameters_ = call_reference(calls::construct, embed_dim, num_heads, seed);
}

void MultiHeadAttention::set_parameters(MhaParameters parameters) {
  parameters_ = call_reference(calls::set_parameters, embed_dim_, num_heads_, parameters);
}

AttentionOutput MultiHeadAttention::forward(const Tensor& query, const Tensor& key, const Tensor& value,
                                            const ForwardOptions& options) const {
  return call_reference(calls::forward, embed_dim_, num_heads_, parameters_, query, key, value, options);
}

std::pair<Tensor, Tensor> MultiHeadAttention::operator()(const Tensor& x) const {
  return call_reference(calls::self_attention, embed_dim_, num_heads_, parameters_, x);
}

Tensor project_heads(const Tensor& x, const MatrixXf& weight, const VectorXf& bias, Index num_heads) {
  return call_reference(bridge::mha::project_heads, x, weight, bias, num_heads);
}
HeadsOutput attend_heads(const Tensor& q, const Tensor& k, const Tensor& v, const std::optional<Tensor>& score_bias) {
  return call_reference(bridge::mha::attend_heads, q, k, v, score_bias);
}
Tensor merge_heads(const Tensor& heads) { return call_reference(bridge::mha::merge_heads, heads); }
AttentionMask causal_mask(Index query_len, Index key_len) {
  return call_reference(bridge::mha::causal_mask, query_len, key_len);
}
Tensor merge_masks(const std::optional<AttentionMask>& attn_mask, const std::optional<Tensor>& key_padding_mask,
                   Index batch, Index num_heads, Index query_len, Index key_len) {
  return call_reference(bridge::mha::merge_masks, attn_mask, key_padding_mask, batch, num_heads, query_len, key_len);
}

}  // namespace course
