// The course's types as pipe values and as call text: the building blocks of
// the codecs (codec.hpp, docs/bridge-api.md), shared by both sides.
#pragma once

#include <string>
#include <vector>

#include "common/tensor.hpp"
#include "grader/protocol/value.hpp"

namespace course::bridge {

using grader::protocol::Value;
using Values = std::vector<Value>;

Value to_value(const MatrixXd& m);
Value to_value(const MatrixXf& m);
Value to_value(const VectorXf& v);  // a rank-1 tensor<f32>
Value to_value(const Tensor& t);

/// Inputs of at most this many values are shown with their values in a
/// call's text ("<tensor (1, 1, 4) [[[0.5, -1, 2, 0]]]>"); larger ones by
/// their shape ("<tensor (2, 5, 32)>").
inline constexpr Index kMaxValuesShownInCall = 16;

/// "fn(5, 8)" text for messages.
std::string describe_arg(const MatrixXd& m);
std::string describe_arg(const MatrixXf& m);
std::string describe_arg(const VectorXf& v);
std::string describe_arg(const Tensor& t);
std::string describe_arg(Index i);
std::string describe_arg(double d);
std::string describe_arg(bool b);

}  // namespace course::bridge
