// Small helpers for writing the lesson's test inputs by hand.
#pragma once

#include <initializer_list>
#include <stdexcept>

#include "attention/attention.hpp"

namespace attention_tests {

/// Row by row: matrix({{1, 2, 3}, {4, 5, 6}}) is (2, 3).
inline course::MatrixXf matrix(std::initializer_list<std::initializer_list<float>> rows) {
  const auto cols = rows.size() ? static_cast<course::Index>(rows.begin()->size()) : 0;
  course::MatrixXf m(static_cast<course::Index>(rows.size()), cols);
  course::Index r = 0;
  for (const auto& row : rows) {
    if (static_cast<course::Index>(row.size()) != cols)
      throw std::logic_error("matrix(): ragged rows in a test input");
    course::Index c = 0;
    for (float x : row) m(r, c++) = x;
    ++r;
  }
  return m;
}

/// The same for bool masks (true = blocked).
inline course::MatrixXb blocked(std::initializer_list<std::initializer_list<bool>> rows) {
  const auto cols = rows.size() ? static_cast<course::Index>(rows.begin()->size()) : 0;
  course::MatrixXb m(static_cast<course::Index>(rows.size()), cols);
  course::Index r = 0;
  for (const auto& row : rows) {
    if (static_cast<course::Index>(row.size()) != cols)
      throw std::logic_error("blocked(): ragged rows in a test input");
    course::Index c = 0;
    for (bool x : row) m(r, c++) = x;
    ++r;
  }
  return m;
}

}  // namespace attention_tests
