// Exercise softmax: hidden tests (shape sweep, invariances, -inf rows, PyTorch).
#include <cmath>
#include <limits>
#include <string>

#include "attention/attention.hpp"
#include "attention/bridge/proxy.hpp"
#include "attention_hidden_support.hpp"
#include "common/tensor_testing.hpp"
#include "torch_fixtures.hpp"

using namespace attention_hidden;

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

struct SoftmaxShape {
  Index rows, cols;
};

std::string shape_name(const testing::TestParamInfo<SoftmaxShape>& info) {
  return "rows" + std::to_string(info.param.rows) + "_cols" + std::to_string(info.param.cols);
}

}  // namespace

class SoftmaxHiddenShapes : public testing::TestWithParam<SoftmaxShape> {};

TEST_P(SoftmaxHiddenShapes, MatchesReference) {
  // Rows sit around +120 and -120, as scores do in attention with large
  // weights: exp(+-120) is out of float range, so the max subtraction matters
  // in every row.
  const auto [rows, cols] = GetParam();
  MatrixXf scores = random_matrix(rows, cols, static_cast<std::uint32_t>(100 * rows + cols), 4.0f);
  for (Index r = 0; r < rows; ++r) scores.row(r).array() += (r % 2 == 0 ? 120.0f : -120.0f);
  const MatrixXf got = student::softmax_rows(scores);
  const MatrixXf over_columns = ref::softmax_rows(MatrixXf(scores.transpose())).transpose();
  MatrixXf no_max = scores.array().exp();  // exp(120) overflows float: inf / inf is NaN
  for (Index r = 0; r < rows; ++r) no_max.row(r) /= no_max.row(r).sum();
  EXPECT_RESULT_NEAR_EXPLAINED(
      got, ref::softmax_rows(scores), course_testing::kFloatTol,
      {course_testing::mistake("each column is normalised instead of each row: sum over a row's entries.", over_columns),
       course_testing::mistake("exp() of large scores overflowed to inf and inf / inf is NaN: subtract each row's max "
                               "before exp().",
                               no_max)});
}

INSTANTIATE_TEST_SUITE_P(Sweep, SoftmaxHiddenShapes,
                         testing::Values(SoftmaxShape{1, 1}, SoftmaxShape{1, 7}, SoftmaxShape{6, 1},
                                         SoftmaxShape{3, 4}, SoftmaxShape{8, 8}, SoftmaxShape{17, 33},
                                         SoftmaxShape{64, 100}),
                         shape_name);

TEST(SoftmaxHidden, RowsSumToOne) {
  MatrixXf weights = student::softmax_rows(random_matrix(16, 24, 7, 3.0f));
  ASSERT_SHAPE(weights, {16, 24});
  // A sum of 24 weights in float carries a few ulps of rounding.
  EXPECT_CHECK(course_testing::near(course_testing::subject() + " row sums", MatrixXf(weights.rowwise().sum()),
                                    MatrixXf(MatrixXf::Ones(16, 1)), course_testing::kFloatTol));
}

TEST(SoftmaxHidden, AddingAConstantToARowChangesNothing) {
  // Multiples of 1/8 stay exact in float after adding 100 or 1000, so the
  // shifted scores differ from the originals by exactly the constant and a
  // correct softmax returns (nearly) the same weights.
  MatrixXf scores(5, 7);
  for (Index i = 0; i < scores.size(); ++i) scores.data()[i] = static_cast<float>((i * 37) % 65 - 32) / 8.0f;
  MatrixXf shifted = scores;
  const float shift[] = {0.0f, 100.0f, -100.0f, 1000.0f, -1000.0f};
  for (Index r = 0; r < 5; ++r) shifted.row(r).array() += shift[r];
  const MatrixXf plain = student::softmax_rows(scores);
  const std::string plain_call = course_testing::last_call();
  const MatrixXf got = student::softmax_rows(shifted);
  EXPECT_CHECK(course_testing::near(course_testing::last_call() + " (scores shifted row by row)", got, plain,
                                    course_testing::kFloatTol))
      << "  expected: the weights of " << plain_call << ", unchanged by the shift";
}

TEST(SoftmaxHidden, ExtremeScoresGiveOneHotRows) {
  MatrixXf scores(3, 3);
  scores << 1000, 0, -1000, -1000, -1000, -900, 500, 500, -500;
  MatrixXf want(3, 3);
  want << 1, 0, 0, 0, 0, 1, 0.5f, 0.5f, 0;
  EXPECT_TENSOR_NEAR(student::softmax_rows(scores), want, kAtol, kRtol);
}

TEST(SoftmaxHidden, AllMinusInfRowIsNaNLikePyTorch) {
  // torch.softmax(tensor([-inf, -inf, -inf]), -1) is [nan, nan, nan]; the other
  // rows must not be disturbed.
  MatrixXf scores(3, 3);
  scores << -kInf, -kInf, -kInf, 0, -kInf, std::log(3.0f), 1, 2, 3;
  expect_near_with_nan_rows(student::softmax_rows(scores), ref::softmax_rows(scores), "weights");
}

TEST(SoftmaxHidden, MatchesTorchSoftmax) {
  for (const auto& c : torch_fixtures::kTorchSoftmax) {
    SCOPED_TRACE(std::string("PyTorch case ") + c.name);
    expect_near_with_nan_rows(student::softmax_rows(c.scores.eigen()), c.weights.eigen(), "weights");
  }
}
