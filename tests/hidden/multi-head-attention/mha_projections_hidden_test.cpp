// Exercise mha-projections, hidden tests: initialisation for many sizes and
// seeds, size checks, and the projection into heads against the reference and PyTorch.
#include "common/tensor_testing.hpp"
#include "mha_fixture.hpp"
#include "mha_mistakes.hpp"
#include "mha_sweep.hpp"
#include "multi-head-attention/bridge/proxy.hpp"
#include "multi-head-attention/multi_head_attention.hpp"

namespace {

using course::Index;
using mha_fixture::Fixture;

// The init bound may be computed in float or double: at most one float ulp
// (6e-8) apart, inside the course's float32 rule (lessons/common/tensor_testing.hpp). A value
// drawn out of order is off by ~100%.
constexpr course_testing::Tolerance kInitTol = course_testing::kFloatTol;

void expect_same_parameters(const course::MhaParameters& got, const course::MhaParameters& want) {
  EXPECT_TENSOR_NEAR(got.in_proj_weight, want.in_proj_weight, kInitTol.atol, kInitTol.rtol);
  EXPECT_TENSOR_NEAR(got.out_proj_weight, want.out_proj_weight, kInitTol.atol, kInitTol.rtol);
  EXPECT_TENSOR_NEAR(course::MatrixXf(got.in_proj_bias.transpose()), course::MatrixXf(want.in_proj_bias.transpose()), 0, 0);
  EXPECT_TENSOR_NEAR(course::MatrixXf(got.out_proj_bias.transpose()), course::MatrixXf(want.out_proj_bias.transpose()), 0, 0);
}

TEST(MhaProjectionsHidden, InitMatchesReference) {
  struct Case {
    Index e, h;
    std::uint64_t seed;
  };
  for (const Case& c : {Case{32, 4, 0}, Case{15, 3, 7}, Case{8, 8, 123456789}, Case{6, 1, (1ULL << 40) + 3}}) {
    SCOPED_TRACE("MultiHeadAttention(" + std::to_string(c.e) + ", " + std::to_string(c.h) + ", " +
                 std::to_string(c.seed) + ")");
    expect_same_parameters(student::MultiHeadAttention(c.e, c.h, c.seed).parameters(),
                           ref::MultiHeadAttention(c.e, c.h, c.seed).parameters());
  }
}

TEST(MhaProjectionsHidden, InitMatchesIndependentGenerator) {
  for (const std::string& name : mha_fixture::init_cases()) {
    SCOPED_TRACE("fixture " + name);
    const Fixture f = Fixture::load(name);
    expect_same_parameters(student::MultiHeadAttention(f.integer("embed_dim"), f.integer("num_heads"),
                                                       static_cast<std::uint64_t>(f.integer("seed")))
                               .parameters(),
                           f.parameters());
  }
}

TEST(MhaProjectionsHidden, SizesNotDivisibleAreRejected) {
  for (auto [e, h] : {std::pair<Index, Index>{10, 3}, {12, 5}, {7, 2}, {9, 6}}) {
    const std::string want = "embed_dim (" + std::to_string(e) + ") must be divisible by num_heads (" + std::to_string(h) + ")";
    // Accepted sizes that do not divide: E / H rounded down, and the last
    // E - H * (E / H) features belong to no head.
    const std::string accepted = "the sizes are not checked: E / H rounds down in integer division (" +
                                 std::to_string(e) + " / " + std::to_string(h) + " = " + std::to_string(e / h) +
                                 "), so features are silently dropped; throw when E % H != 0.";
    EXPECT_INVALID_ARGUMENT_EXPLAINED(student::MultiHeadAttention(e, h), want, accepted);
    EXPECT_INVALID_ARGUMENT_EXPLAINED(student::project_heads(course::Tensor({1, 2, e}), course::MatrixXf::Zero(e, e),
                                                             course::VectorXf::Zero(e), h),
                                      want, accepted);
  }
}

// State that lives across calls: after good set_parameters calls, a refused
// one (any field but the first bad) leaves the module exactly as the last good
// call made it, read back from the student's own object. (Not through forward:
// that is mha-combine's, and a bug there must not cost this exercise.)
TEST(MhaProjectionsHidden, RefusedSetParametersLeavesTheLastGoodOnes) {
  struct Case {
    Index e, h;
  };
  for (const Case& c : {Case{8, 2}, Case{12, 3}, Case{4, 4}}) {
    const Index e = c.e;
    student::MultiHeadAttention mha(e, c.h, 11);
    const auto first = ref::MultiHeadAttention(e, c.h, 21).parameters();
    auto last_good = ref::MultiHeadAttention(e, c.h, 22).parameters();
    last_good.in_proj_bias = course::VectorXf::LinSpaced(3 * e, -1.0f, 1.0f);
    last_good.out_proj_bias = course::VectorXf::LinSpaced(e, 0.5f, -0.5f);
    mha.set_parameters(first);
    mha.set_parameters(last_good);
    const auto fresh = ref::MultiHeadAttention(e, c.h, 23).parameters();
    struct Bad {
      const char* field;
      void (*spoil)(course::MhaParameters&, Index);
    };
    const Bad bads[] = {
        {"in_proj_bias", [](course::MhaParameters& p, Index n) { p.in_proj_bias = course::VectorXf::Ones(n); }},
        {"out_proj_weight", [](course::MhaParameters& p, Index n) { p.out_proj_weight = course::MatrixXf::Ones(n, n + 1); }},
        {"out_proj_bias", [](course::MhaParameters& p, Index n) { p.out_proj_bias = course::VectorXf::Ones(2 * n); }},
    };
    for (const Bad& bad : bads) {
      SCOPED_TRACE("MultiHeadAttention(" + std::to_string(e) + ", " + std::to_string(c.h) +
                   ", 11) after a set_parameters with a bad " + bad.field);
      auto p = fresh;
      bad.spoil(p, e);
      EXPECT_INVALID_ARGUMENT(mha.set_parameters(p), bad.field);
      const auto got = mha.parameters();
      EXPECT_TENSOR_NEAR(got.in_proj_weight, last_good.in_proj_weight, 0, 0)
          << "a refused set_parameters replaced in_proj_weight: check every field before storing any";
      EXPECT_HOLDS(got.in_proj_bias == last_good.in_proj_bias,
                   "a refused set_parameters replaced in_proj_bias: check every field before storing any");
      EXPECT_TENSOR_NEAR(got.out_proj_weight, last_good.out_proj_weight, 0, 0)
          << "a refused set_parameters replaced out_proj_weight: check every field before storing any";
      EXPECT_HOLDS(got.out_proj_bias == last_good.out_proj_bias, "a refused set_parameters replaced out_proj_bias");
    }
  }
}

TEST(MhaProjectionsHidden, NonPositiveSizesAreRejected) {
  for (Index h : {0, -1, -2, -4}) {
    EXPECT_INVALID_ARGUMENT(student::MultiHeadAttention(4, h), "num_heads");
    EXPECT_INVALID_ARGUMENT(student::MultiHeadAttention(12, h), "num_heads");
    EXPECT_INVALID_ARGUMENT(student::project_heads(course::Tensor({2, 3, 12}), course::MatrixXf::Zero(12, 12),
                                                   course::VectorXf::Zero(12), h),
                            "num_heads");
  }
  for (Index e : {0, -1, -6, -12}) {
    EXPECT_INVALID_ARGUMENT(student::MultiHeadAttention(e, 3), "embed_dim");
    EXPECT_INVALID_ARGUMENT(student::MultiHeadAttention(e, 1), "embed_dim");
  }
  EXPECT_INVALID_ARGUMENT(student::MultiHeadAttention(-12, -3), "embed_dim");
  // Divisible by a negative count: only a "> 0" check refuses these.
  for (const auto& [e, h] : {std::pair<Index, Index>{8, -2}, {12, -3}, {6, -6}})
    EXPECT_INVALID_ARGUMENT(student::MultiHeadAttention(e, h), "num_heads");
}

TEST(MhaProjectionsHidden, ProjectHeadsMatchesReference) {
  mha_sweep::Random random(11);
  for (const auto& s : mha_sweep::shapes()) {
    SCOPED_TRACE(testing::Message() << s);
    const auto x = random.normal({s.batch, s.query_len, s.embed_dim});
    const auto w = random.matrix(s.embed_dim, s.embed_dim, 0.3f);
    const auto b = random.vector(s.embed_dim, 0.5f);
    const course::Tensor got = student::project_heads(x, w, b, s.num_heads);
    EXPECT_RESULT_NEAR_EXPLAINED(got, ref::project_heads(x, w, b, s.num_heads), course_testing::kFloatTol,
                                 mha_mistakes::projection(x, w, b, s.num_heads));
  }
}

TEST(MhaProjectionsHidden, ProjectHeadsMatchesTorch) {
  const Fixture f = Fixture::load("cross_attention");
  const Index e = f.integer("embed_dim"), h = f.integer("num_heads");
  const auto p = f.parameters();
  EXPECT_TENSOR_NEAR(student::project_heads(f.query(), p.in_proj_weight.topRows(e), p.in_proj_bias.head(e), h),
                     f.tensor("q_heads"), mha_fixture::kTorchAtol, mha_fixture::kTorchRtol);
  EXPECT_TENSOR_NEAR(student::project_heads(f.key(), p.in_proj_weight.middleRows(e, e), p.in_proj_bias.segment(e, e), h),
                     f.tensor("k_heads"), mha_fixture::kTorchAtol, mha_fixture::kTorchRtol);
}

}  // namespace
