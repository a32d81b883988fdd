// Exercise layer-norm, hidden tests: against PyTorch's nn.LayerNorm and the reference.
#include "common/tensor_testing.hpp"
#include "encoder-block/bridge/proxy.hpp"
#include "encoder_fixture.hpp"
#include "encoder_mistakes.hpp"
#include "encoder_sweep.hpp"

namespace {

using course::Tensor;

TEST(LayerNormHidden, MatchesTorch) {
  for (const char* name : {"layer_norm_basic", "layer_norm_large_eps"}) {
    SCOPED_TRACE(std::string("PyTorch fixture tests/fixtures/encoder-block/") + name + ".txt");
    const auto f = encoder_fixture::load(name);
    const Tensor got = student::layer_norm(f.tensor("x"), encoder_fixture::norm(f, "", encoder_fixture::eps(f)));
    EXPECT_TENSOR_NEAR(got, f.tensor("output"), encoder_fixture::kTorchAtol, encoder_fixture::kTorchRtol);
  }
}

TEST(LayerNormHidden, MatchesReferenceSweep) {
  encoder_sweep::Random random(41);
  for (const auto& s : encoder_sweep::shapes()) {
    SCOPED_TRACE(testing::Message() << s);
    const Tensor x = random.normal({s.batch, s.length, s.d_model}, 2.0f, 0.5f);
    const auto norm = random.norm(s.d_model);
    EXPECT_RESULT_NEAR_EXPLAINED(student::layer_norm(x, norm), ref::layer_norm(x, norm), course_testing::kFloatTol,
                                 encoder_mistakes::layer_norm(x, norm));
  }
}

TEST(LayerNormHidden, SmallVarianceShowsWhereEpsGoes) {
  // Variances near eps: sqrt(variance + eps) and sqrt(variance) + eps differ by a third.
  // Centred values: features of size sqrt(eps) around a large mean would lose
  // their digits to float rounding before any formula sees them.
  encoder_sweep::Random random(42);
  for (float eps : {1e-5f, 1e-3f}) {
    SCOPED_TRACE(testing::Message() << "eps = " << eps);
    const Tensor x = random.normal({2, 3, 8}, std::sqrt(eps));
    const auto norm = random.norm(8, eps);
    EXPECT_TENSOR_NEAR(student::layer_norm(x, norm), ref::layer_norm(x, norm), encoder_sweep::kAtol,
                       encoder_sweep::kRtol);
  }
}

TEST(LayerNormHidden, RejectsParametersThatDoNotFit) {
  course::LayerNormParameters p{course::VectorXf::Ones(5), course::VectorXf::Zero(4), 1e-5f};
  EXPECT_INVALID_ARGUMENT(student::layer_norm(Tensor({1, 2, 5}), p), "bias");
  p.bias = course::VectorXf::Zero(5);
  EXPECT_INVALID_ARGUMENT(student::layer_norm(Tensor({1, 2, 4}), p), "x");
  EXPECT_INVALID_ARGUMENT(student::layer_norm(Tensor({2, 1, 2, 5}), p), "x");
}

}  // namespace
