// Variant of exercise order-embed: a hash map and explicit loops.
#include <stdexcept>
#include <unordered_map>

#include "order-matters/order_matters.hpp"
#include "positional-encoding/positional_encoding.hpp"

namespace course {

MatrixXf embed(const std::vector<std::string>& words) {
  std::unordered_map<std::string, Index> row_of;
  std::string known;
  for (std::size_t r = 0; r < toy::vocabulary().size(); ++r) {
    row_of[toy::vocabulary()[r]] = static_cast<Index>(r);
    known += (r ? ", " : "") + toy::vocabulary()[r];
  }
  MatrixXf out(static_cast<Index>(words.size()), toy::kEmbedDim);
  for (std::size_t l = 0; l < words.size(); ++l) {
    auto it = row_of.find(words[l]);
    if (it == row_of.end()) throw std::invalid_argument("unknown word '" + words[l] + "' (known: " + known + ")");
    for (Index c = 0; c < toy::kEmbedDim; ++c) out(static_cast<Index>(l), c) = toy::embedding_table()(it->second, c);
  }
  return out;
}

MatrixXf with_positions(const MatrixXf& embeddings) {
  const MatrixXd pe = positional_encoding(embeddings.rows(), embeddings.cols());
  MatrixXf out = embeddings;
  for (Index r = 0; r < out.rows(); ++r)
    for (Index c = 0; c < out.cols(); ++c) out(r, c) = static_cast<float>(static_cast<double>(out(r, c)) + pe(r, c));
  return out;
}

}  // namespace course
