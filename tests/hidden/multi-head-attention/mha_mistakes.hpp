// The lesson's pitfalls (README "Pitfalls") applied to the reference, for the
// hidden suites' `likely cause:` lines: what project_heads and attend_heads
// return with each known mistake on the test's inputs.
#pragma once

#include <cmath>

#include "common/testing.hpp"
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
  return m;
}

}  // namespace mha_mistakes
