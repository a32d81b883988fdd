// Reference solution for exercise encoder-stack: the embeddings with their
// positions, then torch.nn.TransformerEncoder's N layers and final norm.
#include <cmath>

#include "encoder-block/encoder_block.hpp"

namespace course {

Tensor encoder_input(const Tensor& embeddings) {
  check_shape("embeddings", embeddings, {"B", "L", "E"});
  const Index batch = embeddings.dim(0), length = embeddings.dim(1), e = embeddings.dim(2);
  const MatrixXd positions = positional_encoding(length, e);
  const double scale = std::sqrt(static_cast<double>(e));
  Tensor x({batch, length, e});
  for (Index b = 0; b < batch; ++b)
    for (Index l = 0; l < length; ++l)
      for (Index i = 0; i < e; ++i)
        x.at({b, l, i}) = static_cast<float>(embeddings.at({b, l, i}) * scale + positions(l, i));
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
