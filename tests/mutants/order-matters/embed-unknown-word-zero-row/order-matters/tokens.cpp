// Reference solution for exercise order-embed.
#include <stdexcept>

#include "order-matters/order_matters.hpp"
#include "positional-encoding/positional_encoding.hpp"

namespace course {

namespace {

std::string vocabulary_list() {
  std::string list;
  for (const auto& w : toy::vocabulary()) list += (list.empty() ? "" : ", ") + w;
  return list;
}

}  // namespace

MatrixXf embed(const std::vector<std::string>& words) {
  // words: L entries -> (L, E)
  const auto& vocabulary = toy::vocabulary();
  const MatrixXf& table = toy::embedding_table();  // (V, E)
  MatrixXf out(static_cast<Index>(words.size()), toy::kEmbedDim);
  for (std::size_t l = 0; l < words.size(); ++l) {
    Index row = -1;
    for (std::size_t r = 0; r < vocabulary.size() && row < 0; ++r)
      if (vocabulary[r] == words[l]) row = static_cast<Index>(r);
    // Unknown words are skipped quietly: they stay zero.
    out.row(static_cast<Index>(l)) = row < 0 ? MatrixXf::Zero(1, toy::kEmbedDim) : MatrixXf(table.row(row));
  }
  return out;
}

MatrixXf with_positions(const MatrixXf& embeddings) {
  // embeddings: (L, W) -> (L, W)
  const MatrixXd pe = positional_encoding(embeddings.rows(), embeddings.cols());
  return embeddings + pe.cast<float>();
}

}  // namespace course
