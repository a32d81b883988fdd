// Exercise order-embed: turn words into vectors, then give them positions.
// Read lessons/order-matters/README.md first; check your work with
//   build/bin/grader check order-matters
#include "order-matters/order_matters.hpp"
#include "positional-encoding/positional_encoding.hpp"

namespace course {

MatrixXf embed(const std::vector<std::string>& words) {
  // TODO(order-embed): words (L) -> (L, E). Find each word in
  // toy::vocabulary(); its index is its row in toy::embedding_table().
  // An unknown word is an std::invalid_argument that names it.
  (void)words;
  throw not_implemented("embed", "lesson order-matters, exercise order-embed");
}

MatrixXf with_positions(const MatrixXf& embeddings) {
  // TODO(order-embed): embeddings (L, W) -> (L, W): add your
  // positional_encoding(L, W), converted to float.
  (void)embeddings;
  throw not_implemented("with_positions", "lesson order-matters, exercise order-embed");
}

}  // namespace course
