// The one tensor comparison of the course's suites: absolute plus relative
// tolerance, and a message that names the call, the shapes, the first bad
// index with expected and got, the largest difference and the tolerance.
//
//   EXPECT_TENSOR_NEAR(got, want, atol, rtol)   // element i passes when
//       |got[i] - want[i]| <= atol + rtol * |want[i]|   (NaN never passes)
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

namespace grader::testing {

/// A read-only view of any dense row-major tensor: shape plus data.
template <typename T>
struct TensorView {
  std::vector<std::int64_t> shape;
  const T* data = nullptr;
  std::int64_t size() const {
    std::int64_t n = 1;
    for (auto d : shape) n *= d;
    return n;
  }
};

std::string shape_text(const std::vector<std::int64_t>& shape);
std::string index_text(const std::vector<std::int64_t>& shape, std::int64_t flat);

template <typename T>
::testing::AssertionResult tensors_near(const char* got_expr, const char* want_expr, const char*, const char*,
                                        const TensorView<T>& got, const TensorView<T>& want, double atol, double rtol) {
  if (got.shape != want.shape) {
    return ::testing::AssertionFailure() << got_expr << ": expected shape " << shape_text(want.shape) << ", got "
                                         << shape_text(got.shape) << " (compared with " << want_expr << ")";
  }
  std::int64_t n = want.size(), bad = 0, first_bad = -1, worst = -1;
  double max_diff = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    double g = static_cast<double>(got.data[i]), w = static_cast<double>(want.data[i]);
    double diff = std::fabs(g - w);
    bool ok = std::isfinite(g) == std::isfinite(w) && (diff <= atol + rtol * std::fabs(w) || g == w);
    if (std::isnan(g) != std::isnan(w)) ok = false;
    if (!ok) {
      ++bad;
      if (first_bad < 0) first_bad = i;
      if (!(diff <= max_diff)) {
        max_diff = diff;
        worst = i;
      }
    }
  }
  if (bad == 0) return ::testing::AssertionSuccess();
  std::ostringstream m;
  m.precision(10);
  m << got_expr << ": " << bad << " of " << n << " values differ from " << want_expr << " (shape "
    << shape_text(want.shape) << ")\n"
    << "  first bad index " << index_text(want.shape, first_bad) << ": expected " << want.data[first_bad] << ", got "
    << got.data[first_bad] << "\n"
    << "  largest difference " << max_diff << " at " << index_text(want.shape, worst) << "\n"
    << "  tolerance: |got - expected| <= " << atol << " + " << rtol << " * |expected|";
  return ::testing::AssertionFailure() << m.str();
}

}  // namespace grader::testing

#define EXPECT_TENSOR_NEAR(got, want, atol, rtol) \
  EXPECT_PRED_FORMAT4(::grader::testing::tensors_near, ::grader::testing::view(got), ::grader::testing::view(want), atol, rtol)
#define ASSERT_TENSOR_NEAR(got, want, atol, rtol) \
  ASSERT_PRED_FORMAT4(::grader::testing::tensors_near, ::grader::testing::view(got), ::grader::testing::view(want), atol, rtol)
