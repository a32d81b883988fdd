// The lesson's pitfalls (README "Pitfalls") applied to the reference, for the
// hidden suites' `likely cause:` lines: what layer_norm, encoder_layer and
// transformer_encoder return with each known mistake on the test's inputs.
#pragma once

#include <cmath>

#include "common/tensor_testing.hpp"
#include "encoder-block/encoder_block.hpp"

namespace encoder_mistakes {

using course::Index;
using course::Tensor;

/// layer_norm(x (B, L, E)) with the statistics taken over the positions
/// (axis L) of each feature instead of over the features of each position.
inline course_testing::Mistakes layer_norm(const Tensor& x, const course::LayerNormParameters& norm) {
  if (x.rank() != 3 || x.dim(1) < 2 || norm.weight.size() != x.dim(2) || norm.bias.size() != x.dim(2)) return {};
  Tensor over_positions(x.shape());
  for (Index b = 0; b < x.dim(0); ++b) {
    const course::MatrixXf features = x.matrix({b});  // (L, E): column c holds feature c of every position
    const Eigen::RowVectorXf mean = features.colwise().mean();
    const course::MatrixXf centred = features.rowwise() - mean;
    const Eigen::RowVectorXf variance = centred.array().square().colwise().mean();
    const Eigen::RowVectorXf inv_std = (variance.array() + norm.eps).rsqrt();
    course::MatrixXf y = centred.array().rowwise() * (inv_std.array() * norm.weight.transpose().array());
    y.rowwise() += norm.bias.transpose();
    over_positions.matrix({b}) = y;
  }
  return {course_testing::mistake(
      "the mean and variance are taken over the positions (axis L) of each feature: normalise each position (b, l) "
      "over its E features.",
      over_positions)};
}

/// encoder_layer(src, layer, config, masks) with each mistake.
inline course_testing::Mistakes encoder_layer(const Tensor& src, const course::EncoderLayerParameters& layer,
                                              const course::EncoderConfig& config,
                                              const course::EncoderMasks& masks) {
  course_testing::Mistakes m;
  course::EncoderConfig other_order = config;
  other_order.norm_first = !config.norm_first;
  m.push_back(course_testing::mistake(
      config.norm_first
          ? "the layer is post-norm although norm_first is true: pre-norm is x + block(layer_norm(x)) for each block."
          : "the layer is pre-norm although norm_first is false: post-norm is layer_norm(x + block(x)) for each block.",
      ref::encoder_layer(src, layer, other_order, masks)));
  if (masks.src_mask || masks.src_key_padding_mask)
    m.push_back(course_testing::mistake(
        "the masks are not passed to the self-attention: give src_mask as attn_mask and src_key_padding_mask as "
        "key_padding_mask.",
        ref::encoder_layer(src, layer, config, course::EncoderMasks{})));
  return m;
}

/// transformer_encoder(embeddings, encoder, config, masks) with each mistake.
inline course_testing::Mistakes transformer_encoder(const Tensor& embeddings, const course::EncoderParameters& encoder,
                                                    const course::EncoderConfig& config,
                                                    const course::EncoderMasks& masks) {
  course_testing::Mistakes m;
  if (encoder.layers.size() > 1) {
    course::EncoderParameters first_only = encoder;
    for (auto& layer : first_only.layers) layer = encoder.layers.front();
    m.push_back(course_testing::mistake(
        "every layer runs with the first layer's parameters: layer n uses encoder.layers[n].",
        ref::transformer_encoder(embeddings, first_only, config, masks)));
  }
  return m;
}

}  // namespace encoder_mistakes
