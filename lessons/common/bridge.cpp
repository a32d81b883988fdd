#include "common/bridge.hpp"

#include <sstream>

namespace course::bridge {

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
