// Exercise feed-forward, hidden tests: against PyTorch's linear1, activation, linear2 and the reference.
#include "common/tensor_testing.hpp"
#include "encoder-block/bridge/proxy.hpp"
#include "encoder_fixture.hpp"
#include "encoder_sweep.hpp"

namespace {

using course::Activation;
using course::Tensor;

TEST(FeedForwardHidden, ActivationsMatchReference) {
  encoder_sweep::Random random(51);
  const Tensor x = random.normal({3, 4, 25}, 2.5f);
  for (Activation a : {Activation::relu, Activation::gelu}) {
    SCOPED_TRACE(a == Activation::relu ? "relu" : "gelu");
    EXPECT_TENSOR_NEAR(student::activate(x, a), ref::activate(x, a), encoder_sweep::kAtol, encoder_sweep::kRtol);
  }
}

TEST(FeedForwardHidden, MatchesTorch) {
  for (const char* name : {"feed_forward_relu", "feed_forward_gelu"}) {
    SCOPED_TRACE(std::string("PyTorch fixture tests/fixtures/encoder-block/") + name + ".txt");
    const auto f = encoder_fixture::load(name);
    const Tensor got = student::feed_forward(f.tensor("x"), encoder_fixture::feed_forward(f), encoder_fixture::activation(f));
    EXPECT_TENSOR_NEAR(got, f.tensor("output"), encoder_fixture::kTorchAtol, encoder_fixture::kTorchRtol);
  }
}

TEST(FeedForwardHidden, MatchesReferenceSweep) {
  encoder_sweep::Random random(52);
  for (const auto& s : encoder_sweep::shapes())
    for (Activation a : {Activation::relu, Activation::gelu}) {
      SCOPED_TRACE(testing::Message() << s << (a == Activation::relu ? " relu" : " gelu"));
      const Tensor x = random.normal({s.batch, s.length, s.d_model});
      const auto ff = random.feed_forward(s.d_model, s.feedforward);
      EXPECT_TENSOR_NEAR(student::feed_forward(x, ff, a), ref::feed_forward(x, ff, a), encoder_sweep::kAtol,
                         encoder_sweep::kRtol);
    }
}

TEST(FeedForwardHidden, RejectsParametersThatDoNotFit) {
  encoder_sweep::Random random(53);
  const Tensor x({2, 3, 4});
  auto ff = random.feed_forward(4, 6);
  ff.linear2_weight = random.matrix(4, 5, 1.0f);
  EXPECT_INVALID_ARGUMENT(student::feed_forward(x, ff, Activation::relu), "linear2_weight");
  ff = random.feed_forward(4, 6);
  ff.linear2_bias = random.vector(6, 1.0f);
  EXPECT_INVALID_ARGUMENT(student::feed_forward(x, ff, Activation::gelu), "linear2_bias");
  ff = random.feed_forward(4, 6);
  ff.linear1_bias = random.vector(4, 1.0f);
  EXPECT_INVALID_ARGUMENT(student::feed_forward(x, ff, Activation::gelu), "linear1_bias");
}

}  // namespace
