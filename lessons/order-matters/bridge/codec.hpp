// How the order-matters bridge packs word lists and OrderComparison into pipe
// values. Shared by both sides so the two encodings cannot drift apart.
#pragma once

#include <string>
#include <vector>

#include "common/bridge.hpp"
#include "grader/protocol/args.hpp"
#include "order-matters/order_matters.hpp"

namespace course::bridge::order {

/// A word list is its length followed by one string per word, so two lists
/// can travel in one call.
inline void append(Values& out, const std::vector<std::string>& words) {
  out.push_back(to_value(static_cast<Index>(words.size())));
  for (const auto& w : words) out.push_back(to_value(w));
}

/// Reads a list written by append at `index` and moves `index` past it.
inline std::vector<std::string> words(const Values& v, std::size_t& index, const std::string& what) {
  const Index count = integer(v, index++, what + " length");
  if (count < 0) throw grader::protocol::ProtocolError(what + ": negative length " + std::to_string(count));
  std::vector<std::string> out;
  for (Index i = 0; i < count; ++i) out.push_back(grader::protocol::get<std::string>(v, index++, what));
  return out;
}

/// The four measurements (as doubles; float to double and back is exact),
/// then the permutation's length and entries.
inline Values to_values(const OrderComparison& c) {
  Values out{to_value(static_cast<double>(c.pooled_distance_without)), to_value(static_cast<double>(c.pooled_distance_with)),
             to_value(static_cast<double>(c.permutation_error_without)), to_value(static_cast<double>(c.permutation_error_with)),
             to_value(static_cast<Index>(c.permutation.size()))};
  for (Index p : c.permutation) out.push_back(to_value(p));
  return out;
}

inline OrderComparison comparison(const Values& v) {
  OrderComparison c;
  c.pooled_distance_without = static_cast<float>(real(v, 0, "pooled_distance_without"));
  c.pooled_distance_with = static_cast<float>(real(v, 1, "pooled_distance_with"));
  c.permutation_error_without = static_cast<float>(real(v, 2, "permutation_error_without"));
  c.permutation_error_with = static_cast<float>(real(v, 3, "permutation_error_with"));
  const Index count = integer(v, 4, "permutation length");
  if (count < 0) throw grader::protocol::ProtocolError("permutation: negative length " + std::to_string(count));
  for (Index i = 0; i < count; ++i) c.permutation.push_back(integer(v, 5 + static_cast<std::size_t>(i), "permutation"));
  return c;
}

}  // namespace course::bridge::order
