#include "order-matters/toy_model.hpp"

#include <cmath>

#include "common/seeded_init.hpp"

namespace course::toy {

namespace {

struct Model {
  MatrixXf table;
  Projections projections;
};

void fill(MatrixXf& m, Index rows, Index cols, SplitMix64& stream, float bound) {
  m.resize(rows, cols);
  for (Index r = 0; r < rows; ++r)
    for (Index c = 0; c < cols; ++c) m(r, c) = stream.uniform(bound);
}

// Built once, on first use, in the draw order toy_model.hpp documents.
const Model& model() {
  static const Model built = [] {
    Model m;
    SplitMix64 stream(kSeed);
    const Index words = static_cast<Index>(vocabulary().size());
    fill(m.table, words, kEmbedDim, stream, std::sqrt(3.0f));
    const float xavier = std::sqrt(6.0f / static_cast<float>(kEmbedDim + kEmbedDim));
    fill(m.projections.query, kEmbedDim, kEmbedDim, stream, xavier);
    fill(m.projections.key, kEmbedDim, kEmbedDim, stream, xavier);
    fill(m.projections.value, kEmbedDim, kEmbedDim, stream, xavier);
    return m;
  }();
  return built;
}

}  // namespace

const std::vector<std::string>& vocabulary() {
  static const std::vector<std::string> words = {"dog", "bites", "man", "the", "cat",
                                                 "chases", "mouse", "a", "sees", "bird"};
  return words;
}

const MatrixXf& embedding_table() { return model().table; }

const Projections& projections() { return model().projections; }

}  // namespace course::toy
