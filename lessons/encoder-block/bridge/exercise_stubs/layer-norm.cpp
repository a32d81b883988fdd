// Exercise layer-norm's functions for the workers that grade the exercises
// using it (course.yaml: an exercise's `uses`, mode reference): each one asks
// the trusted side, which runs the reference and answers
// (grader::worker::call_back, docs/architecture.md "Exercises of the same
// lesson"). Course-owned and free of reference code: linked into a worker in
// place of the student's encoder-block/layer_norm.cpp, and only for the tests
// of the exercises that use it.
#include "grader/authoring/worker_support.hpp"
#include "encoder-block/bridge/declarations.hpp"

namespace course {

Tensor layer_norm(const Tensor& x, const LayerNormParameters& norm) {
  return bridge::call_reference(bridge::encoder::layer_norm, x, norm);
}

}  // namespace course
