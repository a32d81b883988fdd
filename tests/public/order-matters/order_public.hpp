// Small functions shared by the public order-matters tests. Letters: L number of
// words, E = course::toy::kEmbedDim.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "common/tensor_testing.hpp"
#include "order-matters/toy_model.hpp"

namespace order_public {

using course::Index;
using course::MatrixXf;

/// "dog bites man" -> {"dog", "bites", "man"}
inline std::vector<std::string> words(const std::string& sentence) {
  std::istringstream in(sentence);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

/// Row of the toy embedding table that embeds `word` (the word must exist).
inline MatrixXf table_row(const std::string& word) {
  const auto& vocabulary = course::toy::vocabulary();
  for (std::size_t r = 0; r < vocabulary.size(); ++r)
    if (vocabulary[r] == word) return course::toy::embedding_table().row(static_cast<Index>(r));
  ADD_FAILURE() << "test bug: '" << word << "' is not in the toy vocabulary";
  return MatrixXf::Zero(1, course::toy::kEmbedDim);
}

/// The embeddings of a sentence built here from the course's table, not with
/// the student's embed, so the tests of later exercises do not depend on it.
/// \return (L, E)
inline MatrixXf toy_sentence(const std::string& sentence) {
  const std::vector<std::string> w = words(sentence);
  MatrixXf x(static_cast<Index>(w.size()), course::toy::kEmbedDim);
  for (std::size_t l = 0; l < w.size(); ++l) x.row(static_cast<Index>(l)) = table_row(w[l]);
  return x;
}

/// Rows of m in the order `order`: result row j is m's row order[j].
inline MatrixXf rows_in_order(const MatrixXf& m, const std::vector<Index>& order) {
  MatrixXf out(static_cast<Index>(order.size()), m.cols());
  for (std::size_t j = 0; j < order.size(); ++j) out.row(static_cast<Index>(j)) = m.row(order[j]);
  return out;
}

/// "CALL: expected shape (R, C), got (r, c)".
inline ::testing::AssertionResult has_shape(const std::string& call, const MatrixXf& m, Index rows, Index cols) {
  if (m.rows() == rows && m.cols() == cols) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << call << ": expected shape " << course::shape_string({rows, cols}) << ", got "
                                       << course::shape_string({m.rows(), m.cols()});
}

}  // namespace order_public
