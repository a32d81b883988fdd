// Runs the student's module on a PyTorch fixture and compares with torch's
// numbers (tolerance explained in mha_fixture.hpp).
#pragma once

#include <gtest/gtest.h>

#include "common/tensor_testing.hpp"
#include "mha_fixture.hpp"
#include "multi-head-attention/bridge/proxy.hpp"

namespace mha_fixture {

/// The student's module with the fixture's parameters.
inline student::MultiHeadAttention student_module(const Fixture& f) {
  student::MultiHeadAttention m(f.integer("embed_dim"), f.integer("num_heads"));
  m.set_parameters(f.parameters());
  return m;
}

inline void expect_matches_torch(const Fixture& f, const course::AttentionOutput& got) {
  SCOPED_TRACE("PyTorch fixture " + f.name + " (tests/fixtures/multi-head-attention/" + f.name + ".txt)");
  EXPECT_TENSOR_NEAR(got.output, f.tensor("output"), kTorchAtol, kTorchRtol);
  if (!f.has("weights")) {
    EXPECT_HOLDS(!(got.weights.has_value()), course_testing::Text() << "need_weights = false: no weights should come back");
    return;
  }
  ASSERT_HOLDS(got.weights.has_value(), course_testing::Text() << "need_weights = true: the weights should come back");
  EXPECT_TENSOR_NEAR(*got.weights, f.tensor("weights"), kTorchAtol, kTorchRtol);
}

/// forward(query, key, value, options) of the fixture, compared with torch.
inline void expect_forward_matches_torch(const std::string& name) {
  const Fixture f = Fixture::load(name);
  expect_matches_torch(f, student_module(f).forward(f.query(), f.key(), f.value(), f.options()));
}

}  // namespace mha_fixture
