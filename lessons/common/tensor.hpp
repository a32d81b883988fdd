// Types shared by every lesson's API. Shapes follow PyTorch with batch_first=True.
//
// Dimension letters used across the course:
//   B batch, L query length, S key/value length, E embed_dim, H num_heads, D head_dim = E / H.
#pragma once

#include <Eigen/Dense>

#include <cstdint>
#include <initializer_list>
#include <numeric>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "grader/authoring/not_implemented.hpp"

namespace course {

using Index = std::int64_t;

/// Row-major double matrix: positional encodings are (seq_len, d_model) in double.
using MatrixXd = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
/// Row-major float matrix: attention works in float, like PyTorch.
using MatrixXf = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using VectorXf = Eigen::VectorXf;
using MatrixMapF = Eigen::Map<MatrixXf>;
using ConstMatrixMapF = Eigen::Map<const MatrixXf>;

/// "(5, 8)" for a shape; used in every shape message of the course.
std::string shape_string(const std::vector<Index>& shape);

/// A dense, contiguous, row-major float tensor of any rank, like a contiguous
/// torch.Tensor. Element (i, j, k) of a (I, J, K) tensor is data()[(i*J + j)*K + k].
class Tensor {
 public:
  Tensor() = default;
  /// Zero-filled (or `fill`-filled) tensor of the given shape. Throws
  /// std::invalid_argument for a negative dimension.
  explicit Tensor(std::vector<Index> shape, float fill = 0.0f);
  Tensor(std::vector<Index> shape, std::vector<float> values);

  const std::vector<Index>& shape() const { return shape_; }
  Index rank() const { return static_cast<Index>(shape_.size()); }
  /// Size of one axis; negative axes count from the end, as in PyTorch.
  Index dim(Index axis) const;
  Index size() const { return static_cast<Index>(data_.size()); }
  float* data() { return data_.data(); }
  const float* data() const { return data_.data(); }
  std::vector<float>& values() { return data_; }
  const std::vector<float>& values() const { return data_; }

  /// Element access with bounds checks in debug-style builds (always on here:
  /// a wrong index is the most common bug in this course).
  float& at(std::initializer_list<Index> index);
  float at(std::initializer_list<Index> index) const;

  /// The trailing 2-D slice selected by the leading indices, as an Eigen map
  /// that reads and writes this tensor: for x (B, L, E), x.matrix({b}) is (L, E);
  /// for w (B, H, L, S), w.matrix({b, h}) is (L, S).
  MatrixMapF matrix(std::initializer_list<Index> leading);
  ConstMatrixMapF matrix(std::initializer_list<Index> leading) const;

  bool operator==(const Tensor&) const = default;

 private:
  Index offset(std::initializer_list<Index> index) const;
  std::vector<Index> shape_;
  std::vector<float> data_;
};

/// One dimension of an expected shape: a size, or a letter ("B") that matches
/// any size and names it in the message the way the headers write shapes.
struct Dim {
  template <typename I, std::enable_if_t<std::is_integral_v<I>, int> = 0>
  Dim(I n) : size(static_cast<Index>(n)) {}  // NOLINT: implicit, so {2, 3} reads as a shape
  Dim(const char* name) : size(-1), letter(name) {}  // NOLINT
  Index size;
  std::string letter;  ///< empty: a fixed size (or -1: any size, printed as -1)
};

/// "(B, L, 32)": sizes as numbers, any-size dimensions by their letters; one
/// dimension prints as "(E,)".
std::string shape_string(std::initializer_list<Dim> shape);

/// Throws std::invalid_argument("<name>: expected shape (2, 3), got (3, 2)")
/// when `got` differs from `want`. A letter in `want` matches any size and is
/// printed as written: check_shape("query", q, {"B", "L", 32}) throws
/// "query: expected shape (B, L, 32), got (2, 5, 16)"; a vector's shape is
/// "(E,)". A -1 in `want` matches any size too.
/// This is the course's one shape check: solutions, tests and students use it.
void check_shape(const std::string& name, const std::vector<Index>& got, std::initializer_list<Dim> want);
void check_shape(const std::string& name, const Tensor& t, std::initializer_list<Dim> want);
void check_shape(const std::string& name, const MatrixXf& m, std::initializer_list<Dim> want);
void check_shape(const std::string& name, const MatrixXd& m, std::initializer_list<Dim> want);
void check_shape(const std::string& name, const VectorXf& v, std::initializer_list<Dim> want);
void check_shape(const std::string& name, const Eigen::VectorXd& v, std::initializer_list<Dim> want);
/// The same with sizes only (-1: any size), for a shape held in a vector.
void check_shape(const std::string& name, const std::vector<Index>& got, const std::vector<Index>& want);
void check_shape(const std::string& name, const Tensor& t, const std::vector<Index>& want);
void check_shape(const std::string& name, const MatrixXf& m, const std::vector<Index>& want);
void check_shape(const std::string& name, const MatrixXd& m, const std::vector<Index>& want);

}  // namespace course
