// Small builders shared by the public encoder-block tests. Shapes use the
// lesson's letters: B batch, L sequence length, E d_model, H num_heads,
// F dim_feedforward.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "common/tensor.hpp"
#include "encoder-block/encoder_block.hpp"

namespace encoder_public {

using course::Index;
using course::MatrixXf;
using course::Tensor;
using course::VectorXf;

/// Uniform values in [-scale, scale), reproducible from `seed`.
inline Tensor random_tensor(std::vector<Index> shape, std::uint32_t seed, float scale = 1.0f) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-scale, scale);
  Tensor t(std::move(shape));
  for (float& v : t.values()) v = u(rng);
  return t;
}

inline MatrixXf random_matrix(Index rows, Index cols, std::mt19937& rng, float scale) {
  std::uniform_real_distribution<float> u(-scale, scale);
  MatrixXf m(rows, cols);
  for (Index i = 0; i < m.size(); ++i) m.data()[i] = u(rng);
  return m;
}

inline VectorXf random_vector(Index n, std::mt19937& rng, float lo, float hi) {
  std::uniform_real_distribution<float> u(lo, hi);
  VectorXf v(n);
  for (Index i = 0; i < n; ++i) v(i) = u(rng);
  return v;
}

/// weight near 1, bias near 0, both random (so a dropped weight or bias shows).
inline course::LayerNormParameters random_norm(Index e, std::mt19937& rng) {
  return {random_vector(e, rng, 0.5f, 1.5f), random_vector(e, rng, -0.5f, 0.5f), 1e-5f};
}

inline course::LayerNormParameters plain_norm(Index e, float eps = 1e-5f) {
  return {VectorXf::Ones(e), VectorXf::Zero(e), eps};
}

inline course::FeedForwardParameters random_feed_forward(Index e, Index f, std::mt19937& rng) {
  return {random_matrix(f, e, rng, 0.5f), random_vector(f, rng, -0.5f, 0.5f), random_matrix(e, f, rng, 0.5f),
          random_vector(e, rng, -0.5f, 0.5f)};
}

/// Every parameter of one layer random, biases included.
inline course::EncoderLayerParameters random_layer(Index e, Index f, std::uint32_t seed) {
  std::mt19937 rng(seed);
  course::MhaParameters attention{random_matrix(3 * e, e, rng, 0.5f), random_vector(3 * e, rng, -0.5f, 0.5f),
                                  random_matrix(e, e, rng, 0.5f), random_vector(e, rng, -0.5f, 0.5f)};
  auto ff = random_feed_forward(e, f, rng);
  auto norm1 = random_norm(e, rng);
  auto norm2 = random_norm(e, rng);
  return {attention, ff, norm1, norm2};
}

/// The mean and the biased variance of the E features of x(b, l).
inline std::pair<double, double> row_moments(const Tensor& x, Index b, Index l) {
  const Index e = x.dim(2);
  double mean = 0, variance = 0;
  for (Index i = 0; i < e; ++i) mean += x.at({b, l, i});
  mean /= double(e);
  for (Index i = 0; i < e; ++i) variance += (x.at({b, l, i}) - mean) * (x.at({b, l, i}) - mean);
  return {mean, variance / double(e)};
}

}  // namespace encoder_public
