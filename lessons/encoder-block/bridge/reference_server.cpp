// The trusted side of lesson encoder-block's callbacks: runs the reference of
// the exercises other exercises of the lesson use (course.yaml, an
// exercise's `uses`: encoder-layer calls layer_norm and feed_forward,
// encoder-stack calls layer_norm and encoder_layer). Each function is
// registered under "encoder-block/<exercise>", so a suite run answers it only
// for the tests of an exercise that uses that exercise
// (grader/client/reference_table.hpp). Linked only into the suites of an
// instructor build, never into a worker. Each function's cost (its result,
// what it holds at once, its steps) is counted from the arguments and checked
// before the reference runs (docs/security.md, "Callbacks").
#include "grader/authoring/reference_support.hpp"
#include "encoder-block/bridge/declarations.hpp"

namespace {

using namespace course::bridge;
using course::Index;
using course::Tensor;

// x (B, L, E): the mean and variance per row, the centred copy and the result.
CallbackCost layer_norm_cost(const Tensor& x, const course::LayerNormParameters&) {
  const double values = static_cast<double>(x.size());
  return {values, 3 * values, 4 * steps(x)};
}

CallbackCost activate_cost(const Tensor& x, course::Activation) {
  const double values = static_cast<double>(x.size());
  return {values, 2 * values, 2 * steps(x)};
}

// x (B, L, E), linear1 (F, E): the hidden (B, L, F) and its activation, the
// output (B, L, E); two products of B*L*E*F multiply-adds.
CallbackCost feed_forward_cost(const Tensor& x, const course::FeedForwardParameters& ff, course::Activation) {
  const Index b = extent(x, 0), l = extent(x, 1), e = extent(x, 2), f = ff.linear1_weight.rows();
  return {elements({b, l, e}), 2 * elements({b, l, e}) + 2 * elements({b, l, f}),
          2 * steps({b, l, f, e}) + 2 * steps({b, l, f}) + steps({b, l, e})};
}

// src (B, L, E) with H heads and a feed-forward of width F: a module of
// lesson multi-head-attention built (4E^2 + 4E seeded parameters, then the
// layer's), its forward pass (three projections and the output's, scores,
// mask and weights (B, H, L, L)), the feed-forward block and two norms, each
// with its residual copy.
CallbackCost encoder_layer_cost(const Tensor& src, const course::EncoderLayerParameters& layer,
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

const bool registered =
    serve_reference<&course::layer_norm>("encoder-block/layer-norm", encoder::layer_norm, layer_norm_cost) &&
    serve_reference<&course::activate>("encoder-block/feed-forward", encoder::activate, activate_cost) &&
    serve_reference<&course::feed_forward>("encoder-block/feed-forward", encoder::feed_forward, feed_forward_cost) &&
    serve_reference<&course::encoder_layer>("encoder-block/encoder-layer", encoder::encoder_layer,
                                            encoder_layer_cost);

}  // namespace
