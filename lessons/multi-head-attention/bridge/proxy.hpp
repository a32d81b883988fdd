// Test side of the multi-head-attention bridge: the student's functions and
// class, called in their worker process, with the signatures of
// multi_head_attention.hpp in namespace student.
//
// student::MultiHeadAttention is a handle: the student's object lives in the
// worker, so state carries from call to call (set_parameters, then
// parameters() reads the worker's object back). It lives as long as the test
// that made it; copies share it.
#pragma once

#include <cstdint>
#include <utility>

#include "grader/authoring/proxy_support.hpp"
#include "multi-head-attention/bridge/declarations.hpp"

namespace student {

using course::AttentionMask;
using course::AttentionOutput;
using course::ForwardOptions;
using course::HeadsOutput;
using course::Index;
using course::MhaParameters;
using course::Tensor;

class MultiHeadAttention : public course::bridge::ObjectHandle {
 public:
  MultiHeadAttention(Index embed_dim, Index num_heads, std::uint64_t seed = 0)
      : ObjectHandle(course::bridge::mha::construct, embed_dim, num_heads, seed) {}
  Index embed_dim() const { return call(course::bridge::mha::embed_dim); }
  Index num_heads() const { return call(course::bridge::mha::num_heads); }
  Index head_dim() const { return call(course::bridge::mha::head_dim); }
  MhaParameters parameters() const { return call(course::bridge::mha::parameters); }
  void set_parameters(MhaParameters parameters) { call(course::bridge::mha::set_parameters, parameters); }
  AttentionOutput forward(const Tensor& query, const Tensor& key, const Tensor& value,
                          const ForwardOptions& options = {}) const {
    return call(course::bridge::mha::forward, query, key, value, options);
  }
  std::pair<Tensor, Tensor> operator()(const Tensor& x) const { return call(course::bridge::mha::self_attention, x); }
};

inline constexpr course::bridge::Proxy<course::bridge::mha::project_heads> project_heads{};
inline constexpr course::bridge::Proxy<course::bridge::mha::attend_heads> attend_heads{};
inline constexpr course::bridge::Proxy<course::bridge::mha::merge_heads> merge_heads{};
inline constexpr course::bridge::Proxy<course::bridge::mha::causal_mask> causal_mask{};
inline constexpr course::bridge::Proxy<course::bridge::mha::merge_masks> merge_masks{};

}  // namespace student
