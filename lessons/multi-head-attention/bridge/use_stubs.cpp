// Lesson multi-head-attention's functions for the workers of later lessons
// graded against its reference (course.yaml `uses`, mode reference): each one
// asks the trusted side, which runs the reference and answers
// (grader::worker::call_back, docs/architecture.md "Earlier lessons'
// functions"). Course-owned and free of reference code: linked into a worker
// in place of the student's multi-head-attention files. The callbacks carry
// the same values as the lesson's own worker table (codec.hpp).
#include "grader/worker/registry.hpp"
#include "multi-head-attention/bridge/codec.hpp"
#include "multi-head-attention/multi_head_attention.hpp"

namespace course {

using namespace bridge;

namespace {

Values module_values(Index embed_dim, Index num_heads, const MhaParameters& parameters) {
  Values args{to_value(embed_dim), to_value(num_heads)};
  mha::append(args, parameters);
  return args;
}

}  // namespace

MultiHeadAttention::MultiHeadAttention(Index embed_dim, Index num_heads, std::uint64_t seed)
    : embed_dim_(embed_dim), num_heads_(num_heads) {
  parameters_ = mha::parameters(
      grader::worker::call_back("mha_init", {to_value(embed_dim), to_value(num_heads), to_value(static_cast<Index>(seed))}),
      0);
}

void MultiHeadAttention::set_parameters(MhaParameters parameters) {
  parameters_ = mha::parameters(
      grader::worker::call_back("mha_set_parameters", module_values(embed_dim_, num_heads_, parameters)), 0);
}

AttentionOutput MultiHeadAttention::forward(const Tensor& query, const Tensor& key, const Tensor& value,
                                            const ForwardOptions& options) const {
  Values args = module_values(embed_dim_, num_heads_, parameters_);
  args.push_back(to_value(query));
  args.push_back(to_value(key));
  args.push_back(to_value(value));
  mha::append(args, options);
  const Values r = grader::worker::call_back("mha_forward", std::move(args));
  return {tensor(r, 0, "forward answer"), mha::optional_tensor(r, 1, "forward weights answer")};
}

std::pair<Tensor, Tensor> MultiHeadAttention::operator()(const Tensor& x) const {
  Values args = module_values(embed_dim_, num_heads_, parameters_);
  args.push_back(to_value(x));
  const Values r = grader::worker::call_back("mha_self_attention", std::move(args));
  return {tensor(r, 0, "self-attention answer"), tensor(r, 1, "self-attention weights answer")};
}

Tensor project_heads(const Tensor& x, const MatrixXf& weight, const VectorXf& bias, Index num_heads) {
  return tensor(grader::worker::call_back("project_heads", {to_value(x), to_value(weight), to_value(bias), to_value(num_heads)}),
                0, "project_heads answer");
}

HeadsOutput attend_heads(const Tensor& q, const Tensor& k, const Tensor& v, const std::optional<Tensor>& score_bias) {
  Values args{to_value(q), to_value(k), to_value(v)};
  mha::append(args, score_bias);
  const Values r = grader::worker::call_back("attend_heads", std::move(args));
  return {tensor(r, 0, "attend_heads answer"), tensor(r, 1, "attend_heads weights answer")};
}

Tensor merge_heads(const Tensor& heads) {
  return tensor(grader::worker::call_back("merge_heads", {to_value(heads)}), 0, "merge_heads answer");
}

AttentionMask causal_mask(Index query_len, Index key_len) {
  auto mask = mha::attention_mask(grader::worker::call_back("causal_mask", {to_value(query_len), to_value(key_len)}), 0);
  if (!mask) throw grader::protocol::ProtocolError("causal_mask answer: no mask came back");
  return *mask;
}

Tensor merge_masks(const std::optional<AttentionMask>& attn_mask, const std::optional<Tensor>& key_padding_mask,
                   Index batch, Index num_heads, Index query_len, Index key_len) {
  Values args;
  mha::append(args, attn_mask);
  mha::append(args, key_padding_mask);
  for (Index n : {batch, num_heads, query_len, key_len}) args.push_back(to_value(n));
  return tensor(grader::worker::call_back("merge_masks", std::move(args)), 0, "merge_masks answer");
}

}  // namespace course
