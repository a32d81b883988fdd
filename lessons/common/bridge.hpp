// Conversions between the course's types and the values that cross the worker
// pipe, shared by every lesson bridge (worker table and test-side proxy).
#pragma once

#include <string>
#include <vector>

#include "common/tensor.hpp"
#include "grader/protocol/args.hpp"
#include "grader/protocol/value.hpp"

namespace course::bridge {

using grader::protocol::Value;
using Values = std::vector<Value>;

Value to_value(const MatrixXd& m);
Value to_value(const MatrixXf& m);
Value to_value(const VectorXf& v);  // a rank-1 tensor<f32>
Value to_value(const Tensor& t);
Value to_value(Index i);
Value to_value(double d);
Value to_value(bool b);
Value to_value(const std::string& s);

/// Throw grader::protocol::ProtocolError when the value has another type or rank.
MatrixXd matrix_d(const Values& values, std::size_t index, const std::string& what);
MatrixXf matrix_f(const Values& values, std::size_t index, const std::string& what);
Tensor tensor(const Values& values, std::size_t index, const std::string& what);
VectorXf vector_f(const Values& values, std::size_t index, const std::string& what);
Index integer(const Values& values, std::size_t index, const std::string& what);
double real(const Values& values, std::size_t index, const std::string& what);
bool boolean(const Values& values, std::size_t index, const std::string& what);

/// "fn(5, 8)" text for messages.
std::string describe_arg(const MatrixXd& m);
std::string describe_arg(const MatrixXf& m);
std::string describe_arg(const VectorXf& v);
std::string describe_arg(const Tensor& t);
std::string describe_arg(Index i);
std::string describe_arg(double d);
std::string describe_arg(bool b);

}  // namespace course::bridge
