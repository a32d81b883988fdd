// Exercise encoder-stack: embeddings plus positions through N encoder layers.
// Check your work with
//   build/bin/grader check encoder-block
#include "encoder-block/encoder_block.hpp"

namespace course {

Tensor encoder_input(const Tensor& embeddings) {
  // TODO(encoder-stack): embeddings (B, L, E) times sqrt(E), plus your
  // positional_encoding(L, E) cast to float, added to every batch.
  (void)embeddings;
  throw not_implemented("encoder_input", "lesson encoder-block, exercise encoder-stack");
}

Tensor transformer_encoder(const Tensor& embeddings, const EncoderParameters& encoder, const EncoderConfig& config,
                           const EncoderMasks& masks) {
  // TODO(encoder-stack): x = encoder_input(embeddings); every layer in order,
  // each with its own parameters and the same masks; then final_norm if given.
  (void)embeddings;
  (void)encoder;
  (void)config;
  (void)masks;
  throw not_implemented("transformer_encoder", "lesson encoder-block, exercise encoder-stack");
}

}  // namespace course
