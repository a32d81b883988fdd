// What the reference of each served encoder-block function costs on the
// trusted side, for the exercises of the lesson that use it (course.yaml, an
// exercise's `uses`; docs/security.md "Callbacks"): its result, the values it
// holds at once and its steps, counted from the arguments before the
// reference runs. One estimator per served function, named like it
// (grader/authoring/reference_support.hpp).
#pragma once

#include "encoder-block/bridge/declarations.hpp"
#include "grader/authoring/reference_support.hpp"

namespace course::bridge::encoder_block::costs {

// x (B, L, E): the mean and variance per row, the centred copy and the result.
inline CallbackCost layer_norm(const Tensor& x, const course::LayerNormParameters&) {
  const double values = static_cast<double>(x.size());
  return {values, 3 * values, 4 * steps(x)};
}

inline CallbackCost activate(const Tensor& x, course::Activation) {
  const double values = static_cast<double>(x.size());
  return {values, 2 * values, 2 * steps(x)};
}

// x (B, L, E), linear1 (F, E): the hidden (B, L, F) and its activation, the
// output (B, L, E); two products of B*L*E*F multiply-adds.
inline CallbackCost feed_forward(const Tensor& x, const course::FeedForwardParameters& ff, course::Activation) {
  const Index b = extent(x, 0), l = extent(x, 1), e = extent(x, 2), f = ff.linear1_weight.rows();
  return {elements({b, l, e}), 2 * elements({b, l, e}) + 2 * elements({b, l, f}),
          2 * steps({b, l, f, e}) + 2 * steps({b, l, f}) + steps({b, l, e})};
}

// src (B, L, E) with H heads and a feed-forward of width F: a module of
// lesson multi-head-attention built (4E^2 + 4E seeded parameters, then the
// layer's), its forward pass (three projections and the output's, scores,
// mask and weights (B, H, L, L)), the feed-forward block and two norms, each
// with its residual copy.
inline CallbackCost encoder_layer(const Tensor& src, const course::EncoderLayerParameters& layer,
                                  const course::EncoderConfig& config, const course::EncoderMasks&) {
  const Index b = extent(src, 0), l = extent(src, 1), e = extent(src, 2), h = config.num_heads,
              f = layer.feed_forward.linear1_weight.rows();
  const double parameters = 2 * (4 * elements(e, e) + 4 * elements({e}));
  const double weights = elements({b, h, l, l});
  CallbackCost cost;
  cost.result = elements({b, l, e});
  cost.held = parameters + 4 * weights + 16 * elements({b, l, e}) + 2 * elements({b, l, f});
  cost.steps = 2 * (4 * steps({e, e}) + 4 * steps({e})) + 4 * steps({b, l, e, e}) + 2 * steps({b, l, l, e}) +
               8 * steps({b, h, l, l}) + 2 * steps({b, l, f, e}) + 2 * steps({b, l, f}) + 16 * steps({b, l, e});
  return cost;
}

}  // namespace course::bridge::encoder_block::costs
