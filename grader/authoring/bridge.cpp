#include "grader/authoring/bridge.hpp"

#include <cstdio>
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

namespace {

/// One value as a call shows it: six significant digits, like a printed float.
std::string value_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

/// "[[1, 2], [3, 4]]": the values of a row-major block of `shape`, nested by axis.
template <typename T>
std::string nested_values(const T* data, const std::vector<Index>& shape, std::size_t axis) {
  if (axis == shape.size()) return value_text(static_cast<double>(*data));
  Index stride = 1;
  for (std::size_t a = axis + 1; a < shape.size(); ++a) stride *= shape[a];
  std::string s = "[";
  for (Index i = 0; i < shape[axis]; ++i) s += (i ? ", " : "") + nested_values(data + i * stride, shape, axis + 1);
  return s + "]";
}

/// "<kind (2, 2) [[1, 2], [3, 4]]>": a small input with its values, so a
/// student can redo the call by hand; a larger one by its shape alone.
template <typename T>
std::string with_values(const char* kind, const std::vector<Index>& shape, const T* data, Index size) {
  std::string s = std::string("<") + kind + " " + shape_string(shape);
  if (size > 0 && size <= kMaxValuesShownInCall) s += " " + nested_values(data, shape, 0);
  return s + ">";
}

}  // namespace

std::string describe_arg(const MatrixXd& m) { return with_values("matrix", {m.rows(), m.cols()}, m.data(), m.size()); }
std::string describe_arg(const MatrixXf& m) { return with_values("matrix", {m.rows(), m.cols()}, m.data(), m.size()); }
std::string describe_arg(const VectorXf& v) { return with_values("vector", {v.size()}, v.data(), v.size()); }
std::string describe_arg(const Tensor& t) { return with_values("tensor", t.shape(), t.data(), t.size()); }
std::string describe_arg(Index i) { return std::to_string(i); }
std::string describe_arg(double d) {
  std::ostringstream s;
  s << d;
  return s.str();
}
std::string describe_arg(bool b) { return b ? "true" : "false"; }

}  // namespace course::bridge
