#include "common/bridge.hpp"

#include <sstream>

namespace course::bridge {

using grader::protocol::ProtocolError;
using grader::protocol::TensorF32;
using grader::protocol::TensorF64;

Value to_value(const MatrixXd& m) {
  return TensorF64{{m.rows(), m.cols()}, std::vector<double>(m.data(), m.data() + m.size())};
}
Value to_value(const MatrixXf& m) {
  return TensorF32{{m.rows(), m.cols()}, std::vector<float>(m.data(), m.data() + m.size())};
}
Value to_value(const VectorXf& v) { return TensorF32{{v.size()}, std::vector<float>(v.data(), v.data() + v.size())}; }
Value to_value(const Tensor& t) { return TensorF32{t.shape(), t.values()}; }
Value to_value(Index i) { return std::int64_t{i}; }
Value to_value(double d) { return d; }
Value to_value(bool b) { return b; }
Value to_value(const std::string& s) { return s; }

MatrixXd matrix_d(const Values& values, std::size_t index, const std::string& what) {
  const auto& t = grader::protocol::get<TensorF64>(values, index, what);
  if (t.shape.size() != 2)
    throw ProtocolError(what + ": expected a matrix, got a tensor of shape " + grader::protocol::shape_string(t.shape));
  MatrixXd m(t.shape[0], t.shape[1]);
  std::copy(t.data.begin(), t.data.end(), m.data());
  return m;
}

MatrixXf matrix_f(const Values& values, std::size_t index, const std::string& what) {
  const auto& t = grader::protocol::get<TensorF32>(values, index, what);
  if (t.shape.size() != 2)
    throw ProtocolError(what + ": expected a matrix, got a tensor of shape " + grader::protocol::shape_string(t.shape));
  MatrixXf m(t.shape[0], t.shape[1]);
  std::copy(t.data.begin(), t.data.end(), m.data());
  return m;
}

Tensor tensor(const Values& values, std::size_t index, const std::string& what) {
  const auto& t = grader::protocol::get<TensorF32>(values, index, what);
  return Tensor(t.shape, t.data);
}

VectorXf vector_f(const Values& values, std::size_t index, const std::string& what) {
  const auto& t = grader::protocol::get<TensorF32>(values, index, what);
  if (t.shape.size() != 1)
    throw ProtocolError(what + ": expected a vector, got a tensor of shape " + grader::protocol::shape_string(t.shape));
  VectorXf v(t.shape[0]);
  std::copy(t.data.begin(), t.data.end(), v.data());
  return v;
}

Index integer(const Values& values, std::size_t index, const std::string& what) {
  return grader::protocol::get<std::int64_t>(values, index, what);
}
double real(const Values& values, std::size_t index, const std::string& what) {
  return grader::protocol::get<double>(values, index, what);
}
bool boolean(const Values& values, std::size_t index, const std::string& what) {
  return grader::protocol::get<bool>(values, index, what);
}

std::string describe_arg(const MatrixXd& m) { return "<matrix " + shape_string({m.rows(), m.cols()}) + ">"; }
std::string describe_arg(const MatrixXf& m) { return "<matrix " + shape_string({m.rows(), m.cols()}) + ">"; }
std::string describe_arg(const VectorXf& v) { return "<vector " + shape_string({v.size()}) + ">"; }
std::string describe_arg(const Tensor& t) { return "<tensor " + shape_string(t.shape()) + ">"; }
std::string describe_arg(Index i) { return std::to_string(i); }
std::string describe_arg(double d) {
  std::ostringstream s;
  s << d;
  return s.str();
}
std::string describe_arg(bool b) { return b ? "true" : "false"; }

}  // namespace course::bridge
