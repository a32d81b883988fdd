// The methods of lesson multi-head-attention's class for the workers of later
// lessons graded against its reference (course.yaml `uses`, mode reference):
// each asks the trusted side, which runs the reference (callbacks.hpp).
// Course-owned and free of reference code. The lesson's free functions are
// generated from its list (declarations.hpp); the class's methods depend on
// its members, so they are written here.
#include "grader/authoring/worker_support.hpp"
#include "multi-head-attention/bridge/callbacks.hpp"

namespace course {

namespace calls = bridge::multi_head_attention::callbacks;
using bridge::call_reference;

MultiHeadAttention::MultiHeadAttention(Index embed_dim, Index num_heads, std::uint64_t seed)
    : embed_dim_(embed_dim), num_heads_(num_heads), parameters_(call_reference(calls::construct, embed_dim, num_heads, seed)) {}
void MultiHeadAttention::set_parameters(MhaParameters parameters) {
  parameters_ = call_reference(calls::set_parameters, embed_dim_, num_heads_, parameters);
}
AttentionOutput MultiHeadAttention::forward(const Tensor& query, const Tensor& key, const Tensor& value,
                                            const ForwardOptions& options) const {
  return call_reference(calls::forward, embed_dim_, num_heads_, parameters_, query, key, value, options);
}
std::pair<Tensor, Tensor> MultiHeadAttention::operator()(const Tensor& x) const {
  return call_reference(calls::call_operator, embed_dim_, num_heads_, parameters_, x);
}

}  // namespace course
