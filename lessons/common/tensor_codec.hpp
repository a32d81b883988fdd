// How this course's tensors and matrices cross the worker pipe and read in a
// call's text: their codecs (the authoring API's extension point,
// grader/authoring/codec.hpp), and the cost helpers of the reference servers
// for a tensor argument. Every lesson's bridge declarations include it.
#pragma once

#include <algorithm>
#include <stdexcept>
#include <string>

#include "common/tensor.hpp"
#include "grader/authoring/codec.hpp"

namespace course::bridge {

Value to_value(const MatrixXd& m);
Value to_value(const MatrixXf& m);
Value to_value(const VectorXf& v);  // a rank-1 tensor<f32>
Value to_value(const Tensor& t);

/// "<matrix (2, 3) [[...]]>", "<tensor (2, 5, 32)>": small inputs with their values.
std::string describe_arg(const MatrixXd& m);
std::string describe_arg(const MatrixXf& m);
std::string describe_arg(const VectorXf& v);
std::string describe_arg(const Tensor& t);

template <>
struct codec<Tensor> {
  static constexpr const char* type_name = "tensor<f32>";
  static constexpr const char* noun = "a tensor";
  static constexpr bool single_value = true;
  static void encode(Values& out, const Tensor& t) { out.push_back(to_value(t)); }
  static Tensor decode(Cursor& in, const std::string& what) {
    const auto& t = in.take<grader::protocol::TensorF32>(what, type_name);
    try {
      return Tensor(t.shape, t.data);
    } catch (const std::exception& e) {
      throw ProtocolError(what + ": " + e.what());
    }
  }
  static std::string describe(const Tensor& t) { return describe_arg(t); }
};

namespace detail {
template <typename Wire, typename Matrix>
Matrix matrix_from(Cursor& in, const std::string& what, const char* type_name) {
  const auto& t = in.take<Wire>(what, type_name);
  if (t.shape.size() != 2)
    throw ProtocolError(what + ": expected a matrix, got a tensor of shape " + grader::protocol::shape_string(t.shape));
  if (t.data.size() != static_cast<std::size_t>(t.shape[0] * t.shape[1]))
    throw ProtocolError(what + ": the matrix's values do not fill its shape " + grader::protocol::shape_string(t.shape));
  Matrix m(t.shape[0], t.shape[1]);
  std::copy(t.data.begin(), t.data.end(), m.data());
  return m;
}
}  // namespace detail

template <>
struct codec<MatrixXd> {
  static constexpr const char* type_name = "tensor<f64>";
  static constexpr const char* noun = "a matrix";
  static constexpr bool single_value = true;
  static void encode(Values& out, const MatrixXd& m) { out.push_back(to_value(m)); }
  static MatrixXd decode(Cursor& in, const std::string& what) {
    return detail::matrix_from<grader::protocol::TensorF64, MatrixXd>(in, what, type_name);
  }
  static std::string describe(const MatrixXd& m) { return describe_arg(m); }
};

template <>
struct codec<MatrixXf> {
  static constexpr const char* type_name = "tensor<f32>";
  static constexpr const char* noun = "a matrix";
  static constexpr bool single_value = true;
  static void encode(Values& out, const MatrixXf& m) { out.push_back(to_value(m)); }
  static MatrixXf decode(Cursor& in, const std::string& what) {
    return detail::matrix_from<grader::protocol::TensorF32, MatrixXf>(in, what, type_name);
  }
  static std::string describe(const MatrixXf& m) { return describe_arg(m); }
};

template <>
struct codec<VectorXf> {
  static constexpr const char* type_name = "tensor<f32>";
  static constexpr const char* noun = "a vector";
  static constexpr bool single_value = true;
  static void encode(Values& out, const VectorXf& v) { out.push_back(to_value(v)); }
  static VectorXf decode(Cursor& in, const std::string& what) {
    const auto& t = in.take<grader::protocol::TensorF32>(what, type_name);
    if (t.shape.size() != 1 || t.data.size() != static_cast<std::size_t>(t.shape[0]))
      throw ProtocolError(what + ": expected a vector, got a tensor of shape " + grader::protocol::shape_string(t.shape));
    VectorXf v(t.shape[0]);
    std::copy(t.data.begin(), t.data.end(), v.data());
    return v;
  }
  static std::string describe(const VectorXf& v) { return describe_arg(v); }
};

// ---- the reference servers' cost estimates (grader/authoring/reference_support.hpp)

/// The size of `axis` of a tensor, or 1 when it has no such axis: a
/// reference checks a tensor's rank before it allocates for it, so an
/// estimate may count a missing axis as 1.
inline Index extent(const Tensor& t, Index axis) { return axis < t.rank() ? t.dim(axis) : 1; }
/// steps() over every axis of a tensor (also its empty ones).
inline double steps(const Tensor& t) {
  double n = 1;
  for (Index s : t.shape()) n *= std::max<double>(1.0, static_cast<double>(s));
  return n;
}

}  // namespace course::bridge
