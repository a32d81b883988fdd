// What every suite of the course includes: EXPECT_TENSOR_NEAR for course
// types, and `ref::` as the name of the reference solutions linked in.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "common/tensor.hpp"
#include "grader/client/worker_client.hpp"
#include "grader/testing/tensor_compare.hpp"

namespace grader::testing {
inline TensorView<double> view(const course::MatrixXd& m) { return {{m.rows(), m.cols()}, m.data()}; }
inline TensorView<float> view(const course::MatrixXf& m) { return {{m.rows(), m.cols()}, m.data()}; }
inline TensorView<float> view(const course::Tensor& t) { return {t.shape(), t.data()}; }
}  // namespace grader::testing

/// The course's one tolerance rule. A computed value `got` matches `want` when
///   |got - want| <= atol + rtol * |want|
/// with the (atol, rtol) of the type the result is computed in. Every suite,
/// public and hidden, compares computed results with these two values (through
/// EXPECT_RESULT_NEAR or EXPECT_TENSOR_NEAR(got, want, kFloatTol.atol,
/// kFloatTol.rtol)), so a correct implementation that adds in another order,
/// takes a softmax in log space or accumulates in double never loses a point.
namespace course_testing {

struct Tolerance {
  double atol;
  double rtol;
  /// The largest difference allowed from `want`.
  double allowed(double want) const { return atol + rtol * (want < 0 ? -want : want); }
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

/// EXPECT_RESULT_NEAR(got, want, course_testing::kFloatTol): tensors and
/// matrices under the course's tolerance rule (the message names the shapes,
/// the first bad index and the tolerance).
#define EXPECT_RESULT_NEAR(got, want, tol) EXPECT_TENSOR_NEAR(got, want, (tol).atol, (tol).rtol)
#define ASSERT_RESULT_NEAR(got, want, tol) ASSERT_TENSOR_NEAR(got, want, (tol).atol, (tol).rtol)

/// EXPECT_VALUE_NEAR(got, want, course_testing::kFloatTol): one number under
/// the same rule; add `<< "call(...)"` to name the call.
#define EXPECT_VALUE_NEAR(got, want, tol) EXPECT_NEAR(got, want, (tol).allowed(want))

/// The reference solutions, in namespace course. Only HIDDEN suites link them:
/// public suites ship to students without solutions/, so they must check
/// known facts and values instead of calling ref::.
namespace ref = ::course;

/// Expects `statement` to throw std::invalid_argument whose message contains
/// `fragment` (the name of the bad argument), and says what happened instead.
#define EXPECT_INVALID_ARGUMENT(statement, fragment)                                                        \
  do {                                                                                                      \
    try {                                                                                                   \
      statement;                                                                                            \
      ADD_FAILURE() << #statement << ": expected std::invalid_argument naming '" << (fragment)             \
                    << "', but nothing was thrown";                                                        \
    } catch (const std::invalid_argument& e__) {                                                           \
      EXPECT_NE(std::string(e__.what()).find(fragment), std::string::npos)                                 \
          << #statement << ": the message should name '" << (fragment) << "'; it was: " << e__.what();     \
    } catch (const ::grader::client::WorkerFailure&) {                                                     \
      throw;                                                                                                \
    } catch (const std::exception& e__) {                                                                  \
      ADD_FAILURE() << #statement << ": expected std::invalid_argument, got another exception: " << e__.what(); \
    }                                                                                                       \
  } while (0)
