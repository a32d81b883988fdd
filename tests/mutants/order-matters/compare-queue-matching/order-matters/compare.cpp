// Variant of exercise order-compare: queues of positions per word.
#include <algorithm>
#include <deque>
#include <map>
#include <stdexcept>
#include <string>

#include "order-matters/order_matters.hpp"

namespace course {

OrderComparison compare_orders(const std::vector<std::string>& sentence_a, const std::vector<std::string>& sentence_b) {
  if (sentence_a.empty()) throw std::invalid_argument("sentence_a must hold at least one word");
  if (sentence_a.size() != sentence_b.size())
    throw std::invalid_argument("sentence_b and sentence_a differ in length");
  std::map<std::string, std::deque<Index>> where;
  for (std::size_t i = 0; i < sentence_a.size(); ++i) where[sentence_a[i]].push_back(static_cast<Index>(i));
  OrderComparison c;
  for (const auto& w : sentence_b) {
    auto& q = where[w];
    if (q.empty()) throw std::invalid_argument("sentence_b must be a reordering of sentence_a; no partner for '" + w + "'");
    c.permutation.push_back(q.front());
    q.pop_front();
  }
  for (bool positions : {false, true}) {
    MatrixXf a = embed(sentence_a), b = embed(sentence_b);
    if (positions) {
      a = with_positions(a);
      b = with_positions(b);
    }
    const MatrixXf out_a = self_attend(a).output, out_b = self_attend(b).output;
    const float pooled = (mean_pool(out_a) - mean_pool(out_b)).norm();
    float err = 0;
    for (Index j = 0; j < out_b.rows(); ++j)
      for (Index e = 0; e < out_b.cols(); ++e) err = std::max(err, std::abs(out_b(j, e) - out_a(c.permutation[static_cast<std::size_t>(j)], e)));
    (positions ? c.pooled_distance_with : c.pooled_distance_without) = pooled;
    (positions ? c.permutation_error_with : c.permutation_error_without) = err;
  }
  return c;
}

}  // namespace course
