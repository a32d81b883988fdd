// Per-head weights from the student's MultiHeadAttention: self-attention with
// average_attn_weights = false, every call through the worker.
#include "pictures/head_weights.hpp"

#include <fmt/format.h>

#include "multi-head-attention/bridge/proxy.hpp"
#include "pictures/picture_program.hpp"

namespace course::pictures {

Tensor per_head_attention_weights(const Tensor& x, Index num_heads, std::uint64_t seed) {
  // x: (B, L, E) -> weights (B, H, L, L)
  check_shape("x", x, {-1, -1, -1});
  const Index batch = x.dim(0), seq_len = x.dim(1), embed_dim = x.dim(2);
  const std::string made = head_weights_source(embed_dim, num_heads, seed);
  const auto mha = student_call(made, [&] { return student::MultiHeadAttention(embed_dim, num_heads, seed); });
  const std::string forward =
      fmt::format("{}.forward(x, x, x) with x of shape ({}, {}, {}), average_attn_weights = false", made, batch,
                  seq_len, embed_dim);
  ForwardOptions options;
  options.average_attn_weights = false;
  const AttentionOutput out = student_call(forward, [&] { return mha.forward(x, x, x, options); });
  if (!out.weights)
    throw StudentFailure(forward + ": returned no attention weights (need_weights is true, so they are expected)");
  expect_shape(forward + " weights", out.weights->shape(), {batch, num_heads, seq_len, seq_len});
  return *out.weights;
}

std::string head_weights_source(Index embed_dim, Index num_heads, std::uint64_t seed) {
  return fmt::format("MultiHeadAttention({}, {}, {})", embed_dim, num_heads, seed);
}

}  // namespace course::pictures
