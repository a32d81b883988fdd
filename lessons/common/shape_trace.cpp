#include "common/shape_trace.hpp"

#include <algorithm>
#include <iostream>
#include <stdexcept>
#include <utility>

namespace course {

namespace {
std::vector<Index> shape_of(const MatrixXf& m) { return {m.rows(), m.cols()}; }
std::vector<Index> shape_of(const MatrixXd& m) { return {m.rows(), m.cols()}; }
}  // namespace

ShapeTrace::ShapeTrace(std::string title) : title_(std::move(title)) {}

void ShapeTrace::step(const std::string& name, const Tensor& value) { step(name, value.shape()); }
void ShapeTrace::step(const std::string& name, const MatrixXf& value) { step(name, shape_of(value)); }
void ShapeTrace::step(const std::string& name, const MatrixXd& value) { step(name, shape_of(value)); }
void ShapeTrace::step(const std::string& name, std::vector<Index> shape) {
  steps_.push_back({name, std::move(shape), {}, true});
}

void ShapeTrace::expect(const std::string& name, const Tensor& value, const std::vector<Index>& want) {
  expect(name, value.shape(), want);
}
void ShapeTrace::expect(const std::string& name, const MatrixXf& value, const std::vector<Index>& want) {
  expect(name, shape_of(value), want);
}
void ShapeTrace::expect(const std::string& name, const MatrixXd& value, const std::vector<Index>& want) {
  expect(name, shape_of(value), want);
}

void ShapeTrace::expect(const std::string& name, std::vector<Index> shape, const std::vector<Index>& want) {
  steps_.push_back({name, shape, want, true});
  // check_shape owns the course's wording of a shape mismatch; the trace adds
  // how the computation got there.
  try {
    check_shape(name, shape, want);
  } catch (const std::invalid_argument& e) {
    steps_.back().matches = false;
    throw std::invalid_argument(std::string(e.what()) + "\n" + table());
  }
}

std::string ShapeTrace::table() const {
  std::size_t name_width = 4;
  for (const Step& s : steps_) name_width = std::max(name_width, s.name.size());
  std::size_t shape_width = 5;
  for (const Step& s : steps_) shape_width = std::max(shape_width, shape_string(s.shape).size());

  const std::size_t number_width = std::to_string(steps_.size()).size();

  std::string out = "shape trace of " + title_ + "\n";
  if (steps_.empty()) return out + "  (no steps recorded)\n";
  std::size_t number = 0;
  for (const Step& s : steps_) {
    const std::string n = std::to_string(++number);
    std::string line = "  " + std::string(number_width - n.size(), ' ') + n + "  " + s.name;
    line += std::string(name_width - s.name.size() + 2, ' ');
    std::string shape = shape_string(s.shape);
    line += shape;
    if (!s.matches)
      line += std::string(shape_width - shape.size() + 2, ' ') + "<- expected " + shape_string(s.expected);
    out += line + "\n";
  }
  return out;
}

void ShapeTrace::print(std::ostream& out) const { out << table() << std::flush; }
void ShapeTrace::print() const { print(std::cerr); }

}  // namespace course
