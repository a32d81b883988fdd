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
