// Exercise mha-projections: the module's sizes, its seeded initialisation,
// the parameter setter and the projection of a sequence into heads.
// Read lessons/multi-head-attention/README.md first; check your work with
//   build/bin/grader check multi-head-attention
#include <cmath>
#include <stdexcept>
#include <string>

#include "common/seeded_init.hpp"
#include "multi-head-attention/multi_head_attention.hpp"

namespace course {

MultiHeadAttention::MultiHeadAttention(Index embed_dim, Index num_heads, std::uint64_t seed)
    : embed_dim_(embed_dim), num_heads_(num_heads) {
  // TODO(mha-projections): reject sizes that do not work (E % H != 0 above all),
  // then fill parameters_ from SplitMix64(seed): in_proj_weight row by row,
  // then out_proj_weight row by row, each with its own bound; biases zero.
  (void)seed;
  throw not_implemented("MultiHeadAttention(embed_dim, num_heads, seed)",
                        "lesson multi-head-attention, exercise mha-projections");
}

void MultiHeadAttention::set_parameters(MhaParameters parameters) {
  // TODO(mha-projections): check all four shapes with check_shape, then store them.
  (void)parameters;
  throw not_implemented("MultiHeadAttention::set_parameters", "lesson multi-head-attention, exercise mha-projections");
}

Tensor project_heads(const Tensor& x, const MatrixXf& weight, const VectorXf& bias, Index num_heads) {
  // TODO(mha-projections): x (B, L, E) -> x * weight^T + bias (B, L, E)
  // -> heads (B, H, L, D), head h taking the columns [h*D, (h+1)*D).
  (void)x;
  (void)weight;
  (void)bias;
  (void)num_heads;
  throw not_implemented("project_heads", "lesson multi-head-attention, exercise mha-projections");
}

}  // namespace course
