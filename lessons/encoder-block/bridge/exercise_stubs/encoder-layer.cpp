// Exercise encoder-layer's functions for the workers that grade the exercises
// using it (course.yaml: an exercise's `uses`, mode reference): each one asks
// the trusted side, which runs the reference and answers
// (grader::worker::call_back, docs/architecture.md "Exercises of the same
// lesson"). Course-owned and free of reference code: linked into a worker in
// place of the student's encoder-block/encoder_layer.cpp, and only for the
// tests of the exercises that use it.
#include "grader/authoring/worker_support.hpp"
#include "encoder-block/bridge/declarations.hpp"

namespace course {

Tensor encoder_layer(const Tensor& src, const EncoderLayerParameters& layer, const EncoderConfig& config,
                     const EncoderMasks& masks) {
  return bridge::call_reference(bridge::encoder::encoder_layer, src, layer, config, masks);
}

}  // namespace course
