// Exercise order-compare: does order matter to self-attention?
// Read lessons/order-matters/README.md first; check your work with
//   build/bin/grader check order-matters
#include "order-matters/order_matters.hpp"

namespace course {

OrderComparison compare_orders(const std::vector<std::string>& sentence_a, const std::vector<std::string>& sentence_b) {
  // TODO(order-compare):
  //   1. validate: sentence_a not empty, same length, sentence_b a reordering of sentence_a
  //   2. permutation[j] = where word j of sentence_b sits in sentence_a (repeats in order)
  //   3. outputs of self_attend without and with positions, for both sentences
  //   4. pooled distances and permutation errors, as OrderComparison defines them
  (void)sentence_a;
  (void)sentence_b;
  throw not_implemented("compare_orders", "lesson order-matters, exercise order-compare");
}

}  // namespace course
