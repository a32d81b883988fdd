// Reference solution for exercise encoder-layer: torch.nn.TransformerEncoderLayer
// in eval mode, post-norm and pre-norm, with lesson multi-head-attention's module.
#include "encoder-block/encoder_block.hpp"

namespace course {

namespace {

// sa(x): self-attention with the layer's masks, output only. x: (B, L, E).
Tensor self_attention(const Tensor& x, const MhaParameters& parameters, Index num_heads, const EncoderMasks& masks) {
  MultiHeadAttention attention(x.dim(2), num_heads);
  attention.set_parameters(parameters);
  ForwardOptions options;
  options.need_weights = false;
  options.attn_mask = masks.src_mask;
  options.key_padding_mask = masks.src_key_padding_mask;
  return attention.forward(x, x, x, options).output;
}

// a + b, element by element; both (B, L, E). The residual connection.
Tensor add(const Tensor& a, const Tensor& b) {
  Tensor sum = a;
  for (Index i = 0; i < sum.size(); ++i) sum.data()[i] += b.data()[i];
  return sum;
}

}  // namespace

Tensor encoder_layer(const Tensor& src, const EncoderLayerParameters& layer, const EncoderConfig& config,
                     const EncoderMasks& masks) {
  check_shape("src", src, {"B", "L", layer.norm1.weight.size()});
  auto sa = [&](const Tensor& x) { return self_attention(x, layer.self_attn, config.num_heads, masks); };
  auto ff = [&](const Tensor& x) { return feed_forward(x, layer.feed_forward, config.activation); };
  if (config.norm_first) {
    const Tensor x = add(src, sa(layer_norm(src, layer.norm1)));
    return layer_norm(add(x, ff(layer_norm(x, layer.norm2))), layer.norm2);
  }
  const Tensor x = layer_norm(add(src, sa(src)), layer.norm1);
  return layer_norm(add(x, ff(x)), layer.norm2);
}

}  // namespace course
