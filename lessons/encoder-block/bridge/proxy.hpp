// Test side of the encoder-block bridge: the student's functions, called in
// their worker process. Same signatures as encoder_block.hpp, in namespace student.
#pragma once

#include "encoder-block/encoder_block.hpp"

namespace student {

using course::Activation;
using course::EncoderConfig;
using course::EncoderLayerParameters;
using course::EncoderMasks;
using course::EncoderParameters;
using course::FeedForwardParameters;
using course::LayerNormParameters;
using course::Tensor;

Tensor layer_norm(const Tensor& x, const LayerNormParameters& norm);
Tensor activate(const Tensor& x, Activation activation);
Tensor feed_forward(const Tensor& x, const FeedForwardParameters& ff, Activation activation);
Tensor encoder_layer(const Tensor& src, const EncoderLayerParameters& layer, const EncoderConfig& config,
                     const EncoderMasks& masks = {});
Tensor encoder_input(const Tensor& embeddings);
Tensor transformer_encoder(const Tensor& embeddings, const EncoderParameters& encoder, const EncoderConfig& config,
                           const EncoderMasks& masks = {});

}  // namespace student
