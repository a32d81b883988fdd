// The lesson's pitfalls (README "Pitfalls") applied to the reference, for the
// hidden suites' `likely cause:` lines: what project_heads and attend_heads
// return with each known mistake on the test's inputs.
#pragma once

#include <cmath>

#include "common/tensor_testing.hpp"
#include "multi-head-attention/multi_head_attention.hpp"

namespace mha_mistakes {

using course::Index;
using course::Tensor;

/// project_heads(x (B, L, E), weight (E, E), bias (E,), H) -> (B, H, L, D) with each mistake.
inline course_testing::Mistakes projection(const Tensor& x, const course::MatrixXf& weight, const course::VectorXf& bias,
                                           Index heads) {
  course_testing::Mistakes m;
  if (x.rank() != 3 || heads <= 0 || x.dim(2) % heads != 0 || x.size() == 0) return m;
  const Tensor right = ref::project_heads(x, weight, bias, heads);  // (B, H, L, D)
  const Index batch = x.dim(0), len = x.dim(1), embed = x.dim(2), d = embed / heads;
  // y(b, l, e) = right(b, e / D, l, e % D): the projection before the split.
  auto y = [&](Index b, Index l, Index e) { return right.at({b, e / d, l, e % d}); };
  Tensor interleaved({batch, heads, len, d}), no_transpose({batch, heads, len, d});
  for (Index b = 0; b < batch; ++b)
    for (Index h = 0; h < heads; ++h)
      for (Index l = 0; l < len; ++l)
        for (Index k = 0; k < d; ++k) {
          interleaved.at({b, h, l, k}) = y(b, l, k * heads + h);
          // (B, L, E) memory read as (B, H, L, D): flat index within a batch.
          const Index flat = (h * len + l) * d + k;
          no_transpose.at({b, h, l, k}) = y(b, flat / embed, flat % embed);
        }
  m.push_back(course_testing::mistake(
      "head h holds every H-th feature (interleaved): head h owns the contiguous columns [h*D, (h+1)*D).",
      interleaved));
  m.push_back(course_testing::mistake(
      "(B, L, E) was reinterpreted as (B, H, L, D) without moving an axis: go through (B, L, H, D) and swap L and H.",
      no_transpose));
  m.push_back(course_testing::mistake("the bias is missing: the projection is x W^T + b.",
                                      ref::project_heads(x, weight, course::VectorXf::Zero(bias.size()), heads)));
  m.push_back(course_testing::mistake("the weight is used untransposed: the projection is x W^T + b, not x W + b.",
                                      ref::project_heads(x, course::MatrixXf(weight.transpose()), bias, heads)));
  return m;
}

struct HeadsMistakes {
  course_testing::Mistakes weights, output;
};

/// attend_heads(q (B, H, L, D), k (B, H, S, D), v (B, H, S, D)) with each mistake.
inline HeadsMistakes heads(const Tensor& q, const Tensor& k, const Tensor& v) {
  HeadsMistakes m;
  if (q.rank() != 4 || q.size() == 0) return m;
  const float d = static_cast<float>(q.dim(3)), h = static_cast<float>(q.dim(1));
  auto add = [&](const std::string& cause, float scale_q) {
    Tensor scaled = q;
    for (float& x : scaled.values()) x *= scale_q;
    const auto r = ref::attend_heads(scaled, k, v);
    m.weights.push_back(course_testing::mistake(cause, r.weights));
    m.output.push_back(course_testing::mistake(cause, r.output));
  };
  if (h > 1)
    add("the scores are divided by sqrt(E) = sqrt(H * D) instead of sqrt(D), the width of one head.", 1.0f / std::sqrt(h));
  add("the scores are not scaled: divide by sqrt(D), D the head width.", std::sqrt(d));
  add("the scores are divided by D instead of sqrt(D).", 1.0f / std::sqrt(d));
  // The softmax taken the wrong way: over the queries (each column sums to
  // 1), or over the keys without subtracting the row's maximum, whose exp()
  // overflows float32 above 88.7 and leaves inf / inf = NaN.
  const Index batch = q.dim(0), heads_n = q.dim(1), len = q.dim(2), keys = k.dim(2);
  if (keys == 0 || len == 0) return m;
  Tensor over_queries_w({batch, heads_n, len, keys}), over_queries_o({batch, heads_n, len, v.dim(3)});
  Tensor overflow_w = over_queries_w, overflow_o = over_queries_o;
  for (Index b = 0; b < batch; ++b)
    for (Index hh = 0; hh < heads_n; ++hh) {
      const course::MatrixXf scores = q.matrix({b, hh}) * k.matrix({b, hh}).transpose() / std::sqrt(d);  // (L, S)
      course::MatrixXf by_column = (scores.rowwise() - scores.colwise().maxCoeff()).array().exp().matrix();
      by_column = by_column.array().rowwise() / by_column.colwise().sum().array();
      course::MatrixXf raw = scores.array().exp().matrix();
      raw = raw.array().colwise() / raw.rowwise().sum().array();
      over_queries_w.matrix({b, hh}) = by_column;
      over_queries_o.matrix({b, hh}) = by_column * v.matrix({b, hh});
      overflow_w.matrix({b, hh}) = raw;
      overflow_o.matrix({b, hh}) = raw * v.matrix({b, hh});
    }
  const std::string queries = "the softmax runs over the queries (each column sums to 1): normalise each row, over the keys.";
  m.weights.push_back(course_testing::mistake(queries, over_queries_w));
  m.output.push_back(course_testing::mistake(queries, over_queries_o));
  const std::string overflow =
      "exp() of large scores overflowed to inf and inf / inf is NaN: subtract each row's maximum before exp().";
  m.weights.push_back(course_testing::mistake(overflow, overflow_w));
  m.output.push_back(course_testing::mistake(overflow, overflow_o));
  return m;
}

/// MultiHeadAttention::forward of `p` (embed_dim E, H heads) with each mistake.
inline HeadsMistakes forward(Index embed_dim, Index num_heads, const course::MhaParameters& p, const Tensor& query,
                             const Tensor& key, const Tensor& value, const course::ForwardOptions& options) {
  HeadsMistakes m;
  const Index e = embed_dim;
  auto with_chunks = [&](Index query_at, Index key_at, Index value_at) {
    course::MhaParameters swapped = p;
    for (auto [to, from] : {std::pair<Index, Index>{0, query_at}, {1, key_at}, {2, value_at}}) {
      swapped.in_proj_weight.middleRows(to * e, e) = p.in_proj_weight.middleRows(from * e, e);
      swapped.in_proj_bias.segment(to * e, e) = p.in_proj_bias.segment(from * e, e);
    }
    ref::MultiHeadAttention module(e, num_heads);
    module.set_parameters(swapped);
    return module.forward(query, key, value, options);
  };
  auto add = [&](const std::string& cause, const course::AttentionOutput& r) {
    m.output.push_back(course_testing::mistake(cause, r.output));
    if (r.weights) m.weights.push_back(course_testing::mistake(cause, *r.weights));
  };
  add("the key and value chunks of in_proj are swapped: rows [0, E) project the query, [E, 2E) the key, [2E, 3E) the "
      "value.",
      with_chunks(0, 2, 1));
  add("the query and key chunks of in_proj are swapped: rows [0, E) project the query, [E, 2E) the key, [2E, 3E) the "
      "value.",
      with_chunks(1, 0, 2));
  ref::MultiHeadAttention module(e, num_heads);
  module.set_parameters(p);
  course::ForwardOptions averaged = options;
  averaged.average_attn_weights = true;
  const auto mean = module.forward(query, key, value, averaged);
  if (!mean.weights) return m;
  if (options.average_attn_weights) {
    Tensor summed = *mean.weights;
    for (float& w : summed.values()) w *= static_cast<float>(num_heads);
    if (num_heads > 1)
      m.weights.push_back(course_testing::mistake(
          "the weights are summed over the heads, not averaged: divide the sum by H.", summed));
  } else {
    m.weights.push_back(course_testing::shape_mistake(
        "the weights are averaged over the heads although average_attn_weights is false: return one (L, S) block per "
        "head, shape (B, H, L, S).",
        mean.weights->shape()));
  }
  return m;
}

}  // namespace mha_mistakes
