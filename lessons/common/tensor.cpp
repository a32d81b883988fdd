#include "common/tensor.hpp"

#include <limits>

#include "grader/protocol/value.hpp"

namespace course {

std::string shape_string(const std::vector<Index>& shape) { return grader::protocol::shape_string(shape); }

namespace {
Index element_count(const std::vector<Index>& shape) {
  for (Index d : shape)
    if (d < 0) throw std::invalid_argument("Tensor: negative dimension in shape " + shape_string(shape));
  Index n = 1;
  for (Index d : shape) {
    if (d == 0) return 0;
    // A product past Index would wrap (to 0 for (2^32, 2^32)) and leave a
    // shape bigger than its values: every index of it then writes out of them.
    if (n > std::numeric_limits<Index>::max() / d)
      throw std::length_error("Tensor: shape " + shape_string(shape) + " has more elements than can be counted");
    n *= d;
  }
  return n;
}
}  // namespace

Tensor::Tensor(std::vector<Index> shape, float fill)
    : shape_(std::move(shape)), data_(static_cast<std::size_t>(element_count(shape_)), fill) {}

Tensor::Tensor(std::vector<Index> shape, std::vector<float> values) : shape_(std::move(shape)), data_(std::move(values)) {
  if (element_count(shape_) != static_cast<Index>(data_.size()))
    throw std::invalid_argument("Tensor: shape " + shape_string(shape_) + " needs " +
                                std::to_string(element_count(shape_)) + " values, got " + std::to_string(data_.size()));
}

Index Tensor::dim(Index axis) const {
  Index r = rank();
  Index a = axis < 0 ? axis + r : axis;
  if (a < 0 || a >= r)
    throw std::out_of_range("Tensor::dim: axis " + std::to_string(axis) + " out of range for shape " + shape_string(shape_));
  return shape_[static_cast<std::size_t>(a)];
}

Index Tensor::offset(std::initializer_list<Index> index) const {
  if (static_cast<Index>(index.size()) != rank())
    throw std::out_of_range("Tensor::at: " + std::to_string(index.size()) + " indices for a tensor of shape " +
                            shape_string(shape_));
  Index off = 0;
  std::size_t axis = 0;
  for (Index i : index) {
    if (i < 0 || i >= shape_[axis])
      throw std::out_of_range("Tensor::at: index " + std::to_string(i) + " out of range on axis " + std::to_string(axis) +
                              " of shape " + shape_string(shape_));
    off = off * shape_[axis] + i;
    ++axis;
  }
  return off;
}

float& Tensor::at(std::initializer_list<Index> index) { return data_[static_cast<std::size_t>(offset(index))]; }
float Tensor::at(std::initializer_list<Index> index) const { return data_[static_cast<std::size_t>(offset(index))]; }

namespace {
// Offset of the trailing (rows, cols) slice selected by `leading` indices.
Index slice_offset(const std::vector<Index>& shape, std::initializer_list<Index> leading, Index& rows, Index& cols) {
  if (shape.size() < 2 || leading.size() != shape.size() - 2)
    throw std::out_of_range("Tensor::matrix: " + std::to_string(leading.size()) + " leading indices for a tensor of shape " +
                            shape_string(shape) + " (need rank - 2)");
  rows = shape[shape.size() - 2];
  cols = shape[shape.size() - 1];
  Index off = 0;
  std::size_t axis = 0;
  for (Index i : leading) {
    if (i < 0 || i >= shape[axis])
      throw std::out_of_range("Tensor::matrix: index " + std::to_string(i) + " out of range on axis " +
                              std::to_string(axis) + " of shape " + shape_string(shape));
    off = off * shape[axis] + i;
    ++axis;
  }
  return off * rows * cols;
}
}  // namespace

MatrixMapF Tensor::matrix(std::initializer_list<Index> leading) {
  Index rows = 0, cols = 0;
  Index off = slice_offset(shape_, leading, rows, cols);
  return MatrixMapF(data_.data() + off, rows, cols);
}

ConstMatrixMapF Tensor::matrix(std::initializer_list<Index> leading) const {
  Index rows = 0, cols = 0;
  Index off = slice_offset(shape_, leading, rows, cols);
  return ConstMatrixMapF(data_.data() + off, rows, cols);
}

std::string shape_string(std::initializer_list<Dim> shape) {
  std::string s = "(";
  std::size_t i = 0;
  for (const auto& d : shape) s += (i++ ? ", " : "") + (d.letter.empty() ? std::to_string(d.size) : d.letter);
  if (shape.size() == 1) s += ",";
  return s + ")";
}

void check_shape(const std::string& name, const std::vector<Index>& got, std::initializer_list<Dim> want) {
  bool ok = got.size() == want.size();
  std::size_t i = 0;
  for (auto d = want.begin(); ok && d != want.end(); ++d, ++i) ok = d->size < 0 || d->size == got[i];
  if (!ok) throw std::invalid_argument(name + ": expected shape " + shape_string(want) + ", got " + shape_string(got));
}
void check_shape(const std::string& name, const Tensor& t, std::initializer_list<Dim> want) {
  check_shape(name, t.shape(), want);
}
void check_shape(const std::string& name, const MatrixXf& m, std::initializer_list<Dim> want) {
  check_shape(name, std::vector<Index>{m.rows(), m.cols()}, want);
}
void check_shape(const std::string& name, const MatrixXd& m, std::initializer_list<Dim> want) {
  check_shape(name, std::vector<Index>{m.rows(), m.cols()}, want);
}
void check_shape(const std::string& name, const VectorXf& v, std::initializer_list<Dim> want) {
  check_shape(name, std::vector<Index>{v.size()}, want);
}
void check_shape(const std::string& name, const Eigen::VectorXd& v, std::initializer_list<Dim> want) {
  check_shape(name, std::vector<Index>{v.size()}, want);
}

void check_shape(const std::string& name, const std::vector<Index>& got, const std::vector<Index>& want) {
  bool ok = got.size() == want.size();
  for (std::size_t i = 0; ok && i < got.size(); ++i) ok = want[i] < 0 || want[i] == got[i];
  if (!ok) throw std::invalid_argument(name + ": expected shape " + shape_string(want) + ", got " + shape_string(got));
}
void check_shape(const std::string& name, const Tensor& t, const std::vector<Index>& want) {
  check_shape(name, t.shape(), want);
}
void check_shape(const std::string& name, const MatrixXf& m, const std::vector<Index>& want) {
  check_shape(name, std::vector<Index>{m.rows(), m.cols()}, want);
}
void check_shape(const std::string& name, const MatrixXd& m, const std::vector<Index>& want) {
  check_shape(name, std::vector<Index>{m.rows(), m.cols()}, want);
}

}  // namespace course
