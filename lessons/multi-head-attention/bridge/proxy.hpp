// Test side of the multi-head-attention bridge: the student's functions and
// class, called in their worker process. Same signatures as
// multi_head_attention.hpp, in namespace student.
//
// student::MultiHeadAttention keeps its sizes and parameters here, on the
// trusted side; every call sends them to the worker, which is stateless.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "common/tensor.hpp"
#include "multi-head-attention/multi_head_attention.hpp"

namespace student {

using course::AttentionMask;
using course::AttentionOutput;
using course::ForwardOptions;
using course::HeadsOutput;
using course::Index;
using course::MhaParameters;
using course::Tensor;

class MultiHeadAttention {
 public:
  /// Runs the student's constructor (with its checks and seeded initialisation)
  /// and keeps the parameters it produced.
  MultiHeadAttention(Index embed_dim, Index num_heads, std::uint64_t seed = 0);

  Index embed_dim() const { return embed_dim_; }
  Index num_heads() const { return num_heads_; }
  Index head_dim() const { return num_heads_ > 0 ? embed_dim_ / num_heads_ : 0; }
  const MhaParameters& parameters() const { return parameters_; }
  /// Runs the student's set_parameters (with its shape checks) and keeps what
  /// the student's parameters() returns afterwards.
  void set_parameters(MhaParameters parameters);

  AttentionOutput forward(const Tensor& query, const Tensor& key, const Tensor& value,
                          const ForwardOptions& options = {}) const;
  std::pair<Tensor, Tensor> operator()(const Tensor& x) const;

 private:
  std::string name() const;
  Index embed_dim_;
  Index num_heads_;
  MhaParameters parameters_;
};

Tensor project_heads(const Tensor& x, const course::MatrixXf& weight, const course::VectorXf& bias, Index num_heads);
HeadsOutput attend_heads(const Tensor& q, const Tensor& k, const Tensor& v,
                         const std::optional<Tensor>& score_bias = std::nullopt);
Tensor merge_heads(const Tensor& heads);
AttentionMask causal_mask(Index query_len, Index key_len);
Tensor merge_masks(const std::optional<AttentionMask>& attn_mask, const std::optional<Tensor>& key_padding_mask,
                   Index batch, Index num_heads, Index query_len, Index key_len);

}  // namespace student
