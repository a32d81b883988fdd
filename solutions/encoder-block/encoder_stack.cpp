// Reference solution for exercise encoder-stack: the embeddings with their
// positions, then torch.nn.TransformerEncoder's N layers and final norm.
#include <cmath>

#include "encoder-block/encoder_block.hpp"

namespace course {

Tensor encoder_input(const Tensor& embeddings) {
  check_shape("embeddings", embeddings, {"B", "L", "E"});
  const Index batch = embeddings.dim(0), length = embeddings.dim(1), e = embeddings.dim(2);
  const MatrixXf positions = positional_encoding(length, e).cast<float>();
  const float scale = std::sqrt(static_cast<float>(e));
  Tensor x({batch, length, e});
  for (Index b = 0; b < batch; ++b) x.matrix({b}) = embeddings.matrix({b}) * scale + positions;
  return x;
}

Tensor transformer_encoder(const Tensor& embeddings, const EncoderParameters& encoder, const EncoderConfig& config,
                           const EncoderMasks& masks) {
  Tensor x = encoder_input(embeddings);
  for (const EncoderLayerParameters& layer : encoder.layers) x = encoder_layer(x, layer, config, masks);
  if (encoder.final_norm) x = layer_norm(x, *encoder.final_norm);
  return x;
}

}  // namespace course
