// Reproducible random inputs for the hidden shapes-and-debugging suites.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "common/tensor.hpp"

namespace dbg_random {

using course::Index;

/// Uniform values in [-1, 1) from `seed`: no zeros, no repeated rows in
/// practice, so every wrong row, axis or scale shows.
template <typename Matrix>
Matrix uniform(Index rows, Index cols, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Matrix m(rows, cols);
  for (Index i = 0; i < m.size(); ++i) m.data()[i] = static_cast<typename Matrix::Scalar>(u(rng));
  return m;
}

inline course::Tensor uniform_tensor(std::vector<Index> shape, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  course::Tensor t(std::move(shape));
  for (Index i = 0; i < t.size(); ++i) t.data()[i] = u(rng);
  return t;
}

}  // namespace dbg_random
