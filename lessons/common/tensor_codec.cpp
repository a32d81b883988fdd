#include "common/tensor_codec.hpp"

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

std::string describe_arg(const MatrixXd& m) { return describe_shaped("matrix", {m.rows(), m.cols()}, m.data(), m.size()); }
std::string describe_arg(const MatrixXf& m) { return describe_shaped("matrix", {m.rows(), m.cols()}, m.data(), m.size()); }
std::string describe_arg(const VectorXf& v) { return describe_shaped("vector", {v.size()}, v.data(), v.size()); }
std::string describe_arg(const Tensor& t) { return describe_shaped("tensor", t.shape(), t.data(), t.size()); }

}  // namespace course::bridge
