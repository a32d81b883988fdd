// The encoder-block reference solution against PyTorch's own numbers
// (tests/fixtures/encoder-block, written by tests/fixture_scripts/make_encoder_fixtures.py):
// torch.nn.LayerNorm, the feed-forward network, TransformerEncoderLayer in
// both norm orders with both activations and every kind of mask, and
// TransformerEncoder. The hidden suite grades students against the same
// fixtures; this test proves the reference itself is within 1e-5 (absolute,
// no relative part) of PyTorch, so the two cannot drift from PyTorch together.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>

#include "common/tensor_testing.hpp"
#include "encoder-block/encoder_block.hpp"
#include "encoder_fixture.hpp"

namespace {

using encoder_fixture::Fixture;

constexpr double kParityAtol = 1e-5;

std::string case_name(const testing::TestParamInfo<std::string>& info) { return info.param; }

// Also records the largest difference, which the tolerance comment in
// encoder_fixture.hpp quotes.
void expect_parity(const course::Tensor& got, const Fixture& f) {
  const course::Tensor& want = f.tensor("output");
  ASSERT_EQ(got.shape(), want.shape());
  double largest = 0;
  for (course::Index i = 0; i < got.size(); ++i)
    largest = std::max(largest, double(std::abs(got.data()[i] - want.data()[i])));
  std::ostringstream text;
  text << largest;
  testing::Test::RecordProperty("largest_difference", text.str());
  EXPECT_TENSOR_NEAR(got, want, kParityAtol, 0);
}

TEST(EncoderReferenceParity, LayerNormMatchesTorch) {
  for (const char* name : {"layer_norm_basic", "layer_norm_large_eps"}) {
    SCOPED_TRACE(name);
    const Fixture f = encoder_fixture::load(name);
    expect_parity(course::layer_norm(f.tensor("x"), encoder_fixture::norm(f, "", encoder_fixture::eps(f))), f);
  }
}

TEST(EncoderReferenceParity, FeedForwardMatchesTorch) {
  for (const char* name : {"feed_forward_relu", "feed_forward_gelu"}) {
    SCOPED_TRACE(name);
    const Fixture f = encoder_fixture::load(name);
    expect_parity(course::feed_forward(f.tensor("x"), encoder_fixture::feed_forward(f), encoder_fixture::activation(f)), f);
  }
}

class EncoderLayerParity : public testing::TestWithParam<std::string> {};

TEST_P(EncoderLayerParity, LayerMatchesTorch) {
  const Fixture f = encoder_fixture::load(GetParam());
  expect_parity(course::encoder_layer(f.tensor("src"), encoder_fixture::layer(f), encoder_fixture::config(f),
                                      encoder_fixture::masks(f)),
                f);
}

INSTANTIATE_TEST_SUITE_P(Fixtures, EncoderLayerParity, testing::ValuesIn(encoder_fixture::layer_cases()), case_name);

class EncoderStackParity : public testing::TestWithParam<std::string> {};

TEST_P(EncoderStackParity, StackMatchesTorch) {
  const Fixture f = encoder_fixture::load(GetParam());
  EXPECT_TENSOR_NEAR(course::encoder_input(f.tensor("embeddings")), f.tensor("encoder_input"), kParityAtol, 0);
  expect_parity(course::transformer_encoder(f.tensor("embeddings"), encoder_fixture::encoder(f),
                                            encoder_fixture::config(f), encoder_fixture::masks(f)),
                f);
}

INSTANTIATE_TEST_SUITE_P(Fixtures, EncoderStackParity, testing::ValuesIn(encoder_fixture::stack_cases()), case_name);

}  // namespace
