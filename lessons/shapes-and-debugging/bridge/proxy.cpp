#include "shapes-and-debugging/bridge/proxy.hpp"

#include "common/proxy_support.hpp"

namespace student {

using namespace course::bridge;

course::MatrixXd add_positional_encoding(const course::MatrixXd& embeddings, const course::MatrixXd& encoding) {
  return call_student("add_positional_encoding", {to_value(embeddings), to_value(encoding)},
                      call_text("add_positional_encoding", {describe_arg(embeddings), describe_arg(encoding)}),
                      [](const Values& r) { return matrix_d(r, 0, "add_positional_encoding result"); });
}

course::Index head_dim(course::Index embed_dim, course::Index num_heads) {
  return call_student("head_dim", {to_value(embed_dim), to_value(num_heads)},
                      call_text("head_dim", {describe_arg(embed_dim), describe_arg(num_heads)}),
                      [](const Values& r) { return integer(r, 0, "head_dim result"); });
}

course::Tensor split_heads(const course::Tensor& x, course::Index num_heads) {
  return call_student("split_heads", {to_value(x), to_value(num_heads)},
                      call_text("split_heads", {describe_arg(x), describe_arg(num_heads)}),
                      [](const Values& r) { return tensor(r, 0, "split_heads result"); });
}

course::MatrixXf attention_scores(const course::MatrixXf& q, const course::MatrixXf& k) {
  return call_student("attention_scores", {to_value(q), to_value(k)},
                      call_text("attention_scores", {describe_arg(q), describe_arg(k)}),
                      [](const Values& r) { return matrix_f(r, 0, "attention_scores result"); });
}

}  // namespace student
