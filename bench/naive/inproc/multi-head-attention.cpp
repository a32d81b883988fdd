// In-process stand-in for the multi-head-attention proxy (naive benchmark
// set-up only): student::MultiHeadAttention keeps sizes and parameters like
// the real proxy and runs the student's course::MultiHeadAttention for each call.
#include "multi-head-attention/bridge/proxy.hpp"

namespace student {

namespace {
course::MultiHeadAttention with_parameters(Index embed_dim, Index num_heads, const MhaParameters& p) {
  course::MultiHeadAttention m(embed_dim, num_heads);
  m.set_parameters(p);
  return m;
}
}  // namespace

MultiHeadAttention::MultiHeadAttention(Index embed_dim, Index num_heads, std::uint64_t seed)
    : embed_dim_(embed_dim), num_heads_(num_heads) {
  parameters_ = course::MultiHeadAttention(embed_dim, num_heads, seed).parameters();
}

void MultiHeadAttention::set_parameters(MhaParameters parameters) {
  parameters_ = with_parameters(embed_dim_, num_heads_, parameters).parameters();
}

AttentionOutput MultiHeadAttention::forward(const Tensor& query, const Tensor& key, const Tensor& value,
                                            const ForwardOptions& options) const {
  return with_parameters(embed_dim_, num_heads_, parameters_).forward(query, key, value, options);
}

std::pair<Tensor, Tensor> MultiHeadAttention::operator()(const Tensor& x) const {
  return with_parameters(embed_dim_, num_heads_, parameters_)(x);
}

Tensor project_heads(const Tensor& x, const course::MatrixXf& weight, const course::VectorXf& bias, Index num_heads) {
  return course::project_heads(x, weight, bias, num_heads);
}
HeadsOutput attend_heads(const Tensor& q, const Tensor& k, const Tensor& v, const std::optional<Tensor>& score_bias) {
  return course::attend_heads(q, k, v, score_bias);
}
Tensor merge_heads(const Tensor& heads) { return course::merge_heads(heads); }
AttentionMask causal_mask(Index query_len, Index key_len) { return course::causal_mask(query_len, key_len); }
Tensor merge_masks(const std::optional<AttentionMask>& attn_mask, const std::optional<Tensor>& key_padding_mask,
                   Index batch, Index num_heads, Index query_len, Index key_len) {
  return course::merge_masks(attn_mask, key_padding_mask, batch, num_heads, query_len, key_len);
}

}  // namespace student
