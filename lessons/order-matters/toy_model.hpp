// The toy model of lesson order-matters, owned by the course: a ten-word
// vocabulary with fixed embeddings and fixed query, key and value projections.
// Students read it and never edit it; the worker, the suites and the
// order-experiment program all link the same numbers (they live in
// course_common), so "the embedding of dog" means the same thing everywhere.
//
// Letters: V vocabulary size (10), E embedding width (kEmbedDim = 8).
// Everything is float, like the attention lesson.
//
// How the numbers are made (so anyone can regenerate them): one
// course::SplitMix64(kSeed) stream (lessons/common/seeded_init.hpp), drawn in
// this order, each matrix row by row:
//   1. embedding_table()   (V, E): uniform(sqrt(3.0f))    (variance 1, like nn.Embedding's N(0, 1))
//   2. projections().query (E, E): uniform(sqrt(6.0f / (E + E)))   (torch's xavier_uniform_)
//   3. projections().key   (E, E): same bound
//   4. projections().value (E, E): same bound
// Nothing here was trained: the words carry no meaning, which is the point.
// The experiment asks what attention can tell apart with no training at all.
#pragma once

#include <string>
#include <vector>

#include "common/tensor.hpp"

namespace course::toy {

/// Width E of every embedding and projection of the toy model.
inline constexpr Index kEmbedDim = 8;

/// Seed of the stream the toy model is drawn from.
inline constexpr std::uint64_t kSeed = 14;

/// The words the toy model knows, in table order: word r of this list is row
/// r of embedding_table(). All lowercase, no punctuation:
///   dog bites man the cat chases mouse a sees bird
const std::vector<std::string>& vocabulary();

/// One learned-looking (but random) embedding per word.
/// \return (V, E): row r embeds vocabulary()[r]
const MatrixXf& embedding_table();

/// The fixed projections of the toy self-attention, in nn.Linear's layout
/// (out_features, in_features): a row vector x projects to x * W^T, so for
/// x (L, E) the queries are x * query^T, (L, E).
struct Projections {
  MatrixXf query;  ///< (E, E)
  MatrixXf key;    ///< (E, E)
  MatrixXf value;  ///< (E, E)
};
const Projections& projections();

}  // namespace course::toy
