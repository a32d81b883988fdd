// Exercise encoder-layer: one torch.nn.TransformerEncoderLayer, post-norm and pre-norm.
// Check your work with
//   build/bin/grader check encoder-block
#include "encoder-block/encoder_block.hpp"

namespace course {

Tensor encoder_layer(const Tensor& src, const EncoderLayerParameters& layer, const EncoderConfig& config,
                     const EncoderMasks& masks) {
  // TODO(encoder-layer): self-attention is your MultiHeadAttention(E, H) with
  // layer.self_attn, forward(x, x, x) with the masks and need_weights = false.
  // Post-norm: x = layer_norm(x + sa(x), norm1), then x = layer_norm(x + ff(x), norm2).
  // Pre-norm:  x = x + sa(layer_norm(x, norm1)), then x = x + ff(layer_norm(x, norm2)).
  (void)src;
  (void)layer;
  (void)config;
  (void)masks;
  throw not_implemented("encoder_layer", "lesson encoder-block, exercise encoder-layer");
}

}  // namespace course
