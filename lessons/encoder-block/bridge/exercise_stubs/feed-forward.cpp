// Exercise feed-forward's functions for the workers that grade the exercises
// using it (course.yaml: an exercise's `uses`, mode reference): each one asks
// the trusted side, which runs the reference and answers
// (grader::worker::call_back, docs/architecture.md "Exercises of the same
// lesson"). Course-owned and free of reference code: linked into a worker in
// place of the student's encoder-block/feed_forward.cpp, and only for the tests
// of the exercises that use it.
#include "grader/authoring/worker_support.hpp"
#include "encoder-block/bridge/declarations.hpp"

namespace course {

Tensor activate(const Tensor& x, Activation activation) {
  return bridge::call_reference(bridge::encoder::activate, x, activation);
}
Tensor feed_forward(const Tensor& x, const FeedForwardParameters& ff, Activation activation) {
  return bridge::call_reference(bridge::encoder::feed_forward, x, ff, activation);
}

}  // namespace course
