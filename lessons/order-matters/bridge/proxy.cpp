#include "order-matters/bridge/proxy.hpp"

#include "common/proxy_support.hpp"
#include "order-matters/bridge/codec.hpp"

namespace student {

using namespace course::bridge;

namespace {

// {"dog", "bites", "man"}
std::string describe_words(const std::vector<std::string>& words) {
  std::string s = "{";
  for (std::size_t i = 0; i < words.size(); ++i) s += (i ? ", \"" : "\"") + words[i] + "\"";
  return s + "}";
}

}  // namespace

course::MatrixXf embed(const std::vector<std::string>& words) {
  Values args;
  order::append(args, words);
  return call_student("embed", std::move(args), call_text("embed", {describe_words(words)}),
                      [](const Values& r) { return matrix_f(r, 0, "embed result"); });
}

course::MatrixXf with_positions(const course::MatrixXf& embeddings) {
  return call_student("with_positions", {to_value(embeddings)}, call_text("with_positions", {describe_arg(embeddings)}),
                      [](const Values& r) { return matrix_f(r, 0, "with_positions result"); });
}

course::AttentionResult self_attend(const course::MatrixXf& x) {
  return call_student("self_attend", {to_value(x)}, call_text("self_attend", {describe_arg(x)}), [](const Values& r) {
    return course::AttentionResult{matrix_f(r, 0, "self_attend output"), matrix_f(r, 1, "self_attend weights")};
  });
}

course::VectorXf mean_pool(const course::MatrixXf& x) {
  return call_student("mean_pool", {to_value(x)}, call_text("mean_pool", {describe_arg(x)}),
                      [](const Values& r) { return vector_f(r, 0, "mean_pool result"); });
}

course::OrderComparison compare_orders(const std::vector<std::string>& sentence_a,
                                       const std::vector<std::string>& sentence_b) {
  Values args;
  order::append(args, sentence_a);
  order::append(args, sentence_b);
  return call_student("compare_orders", std::move(args),
                      call_text("compare_orders", {describe_words(sentence_a), describe_words(sentence_b)}),
                      [](const Values& r) { return order::comparison(r); });
}

}  // namespace student
