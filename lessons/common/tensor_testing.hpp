// What every suite of this course includes: the authoring API's checks
// (grader/authoring/testing.hpp), how this course's tensors and matrices are
// compared value by value, and the course's two tolerances.
#pragma once

#include "common/tensor.hpp"
#include "grader/authoring/testing.hpp"

namespace course_testing {

template <>
struct result_view<course::MatrixXd> {
  static grader::testing::TensorView<double> of(const course::MatrixXd& m) { return {{m.rows(), m.cols()}, m.data()}; }
};
template <>
struct result_view<course::MatrixXf> {
  static grader::testing::TensorView<float> of(const course::MatrixXf& m) { return {{m.rows(), m.cols()}, m.data()}; }
};
template <>
struct result_view<course::Tensor> {
  static grader::testing::TensorView<float> of(const course::Tensor& t) { return {t.shape(), t.data()}; }
};
template <>
struct result_view<course::VectorXf> {
  static grader::testing::TensorView<float> of(const course::VectorXf& v) { return {{v.size()}, v.data()}; }
};

/// float32 results (attention, multi-head attention, order-matters, the
/// learned table's float draws). float32 has a relative epsilon of 1.2e-7
/// (one step near 19 is 1.9e-6). An attention forward pass sums over embed_dim
/// products in each projection and over the keys, and the softmax turns an
/// absolute error in a score into a relative error of the weight; correct
/// implementations (loops or Eigen's blocked products, exp(x - logsumexp(x)),
/// dividing by the sum or multiplying by its reciprocal, double accumulators)
/// differ by up to a few hundred ulps. rtol = 3e-5 is 256 ulps; atol = 1e-5
/// covers values near zero left by cancelling sums of unit-sized terms. Every
/// wrong formula the suites look for (scale, axis, head order, mask, bias) is
/// off by 1e-2 or more.
inline constexpr Tolerance kFloatTol{1e-5, 3e-5};

/// double results (positional encoding, the learned-versus-fixed statistics,
/// the debugging lesson's double tensors). double has a relative epsilon of
/// 2.2e-16: the encoding matches NumPy to 1e-12, and sums of square roots taken
/// in another order agree to about 1e-13 relative. A float anywhere in a double
/// computation errs by about 1e-7 and fails. (The encoding's large angles add a
/// few ulps of the angle itself: see pe_checks::values_tolerance.)
inline constexpr Tolerance kDoubleTol{1e-12, 1e-12};

}  // namespace course_testing
