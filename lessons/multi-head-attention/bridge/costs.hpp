// What the reference of each served multi-head-attention function and
// method costs on the trusted side, for later lessons' callbacks
// (docs/security.md "Callbacks"): its result, the values it holds at once and
// its steps, counted from the arguments before the reference runs. One
// estimator per served function, named like it, and per method of the class
// in namespace costs::MultiHeadAttention
// (grader/authoring/reference_support.hpp). A module's methods run on a
// reference module rebuilt from the state the call carries first (its
// sizes and parameters: COURSE_OBJECT_STATE in declarations.hpp), through
// MultiHeadAttention(embed_dim, num_heads) and set_parameters, so their
// cost includes building it: embed_dim alone asks for 4E^2 parameters.
#pragma once

#include <cstdint>
#include <optional>

#include "grader/authoring/reference_support.hpp"
#include "multi-head-attention/bridge/declarations.hpp"

namespace course::bridge::multi_head_attention::costs {

// The parameters of a module of width E: 4E^2 + 4E values, each drawn or
// zeroed once when it is built.
inline double parameter_elements(Index e) { return 4 * elements(e, e) + 4 * elements({e}); }
inline double parameter_steps(Index e) { return 4 * steps({e, e}) + 4 * steps({e}); }

// The values of parameters a call carries (already decoded; the module keeps a copy).
inline double carried(const MhaParameters& p) {
  return static_cast<double>(p.in_proj_weight.size() + p.in_proj_bias.size() + p.out_proj_weight.size() +
                             p.out_proj_bias.size());
}

namespace MultiHeadAttention {

// The module's parameters, and the copy of its state that is the result.
inline CallbackCost construct(Index e, Index, std::uint64_t) {
  return {parameter_elements(e) + 2, 2 * parameter_elements(e) + 2, parameter_steps(e)};
}

// The module rebuilt (seeded, then its current parameters), then the given
// parameters: decoded, kept, and returned in the new state.
inline CallbackCost set_parameters(Index e, Index, const MhaParameters& current, const MhaParameters& p) {
  return {carried(p) + 2, parameter_elements(e) + 2 * carried(current) + 3 * carried(p),
          parameter_steps(e) + 2 * carried(current) + 3 * carried(p)};
}

// A rebuilt module's forward pass on query (B, L, E) and key, value (B, S, E)
// (reference: mha_combine.cpp): the module (its seeded parameters and the
// copy of the given ones); three projections of two (rows, E) tensors each;
// the score bias, the weights and their copy (B, H, L, S); the heads' output,
// the merged heads and the output (B, L, E); the averaged weights (B, L, S).
// Steps: the seeding, the four projections (E multiply-adds per value), the
// scores and the weighted sum (B*L*S*E each, as H*D = E), and the passes over
// the weights.
inline CallbackCost forward(Index e, Index h, const MhaParameters& p, const Tensor& query, const Tensor& key,
                            const Tensor& = {}, const ForwardOptions& = {}) {
  const Index b = extent(query, 0), l = extent(query, 1), s = extent(key, 1);
  const double weights = elements({b, h, l, s});
  CallbackCost cost;
  cost.result = elements({b, l, e}) + weights;
  cost.held = parameter_elements(e) + carried(p) + 5 * elements({b, l, e}) + 4 * elements({b, s, e}) + 3 * weights +
              elements({b, l, s});
  cost.steps = parameter_steps(e) + carried(p) + 2 * steps({b, l, e, e}) + 2 * steps({b, s, e, e}) +
               2 * steps({b, l, s, e}) + 6 * steps({b, h, l, s});
  return cost;
}

inline CallbackCost call_operator(Index e, Index h, const MhaParameters& p, const Tensor& x) {
  return forward(e, h, p, x, x);
}

}  // namespace MultiHeadAttention

// x (B, L, E): the (B*L, E) projection and its (B, H, L, D) copy.
inline CallbackCost project_heads(const Tensor& x, const MatrixXf&, const VectorXf&, Index h) {
  const Index b = extent(x, 0), l = extent(x, 1), e = extent(x, 2);
  return {elements({b, l, e}), 2 * elements({b, l, e}), 2 * steps({b, l, e, e}) + steps({b, h, l, e})};
}

// q (B, H, L, D), k (B, H, S, D): the output (B, H, L, D) and the weights (B, H, L, S).
inline CallbackCost attend_heads(const Tensor& q, const Tensor& k, const Tensor&, const std::optional<Tensor>&) {
  const Index b = extent(q, 0), h = extent(q, 1), l = extent(q, 2), d = extent(q, 3), s = extent(k, 2);
  const double values = elements({b, h, l, d}) + elements({b, h, l, s});
  return {values, values, 2 * steps({b, h, l, s, d}) + 5 * steps({b, h, l, s})};
}

inline CallbackCost merge_heads(const Tensor& heads) {
  const double values = static_cast<double>(heads.size());
  return {values, values, steps(heads)};
}

inline CallbackCost causal_mask(Index query_len, Index key_len) {
  const double values = elements(query_len, key_len);
  return {values, values, steps({query_len, key_len})};
}

// The (B, H, L, S) bias, filled from each mask in turn.
inline CallbackCost merge_masks(const std::optional<AttentionMask>&, const std::optional<Tensor>&, Index batch,
                                Index num_heads, Index query_len, Index key_len) {
  const double values = elements({batch, num_heads, query_len, key_len});
  return {values, values, 3 * steps({batch, num_heads, query_len, key_len})};
}

}  // namespace course::bridge::multi_head_attention::costs
