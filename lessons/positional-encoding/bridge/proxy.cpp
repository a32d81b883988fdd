#include "positional-encoding/bridge/proxy.hpp"

#include "common/proxy_support.hpp"

namespace student {

using namespace course::bridge;

course::MatrixXd positional_encoding(course::Index seq_len, course::Index d_model, double base) {
  std::vector<std::string> shown = {describe_arg(seq_len), describe_arg(d_model)};
  if (base != 10000.0) shown.push_back(describe_arg(base));
  return call_student("positional_encoding", {to_value(seq_len), to_value(d_model), to_value(base)},
                      call_text("positional_encoding", shown),
                      [](const Values& r) { return matrix_d(r, 0, "positional_encoding result"); });
}

course::MatrixXd positional_encoding_loop(course::Index seq_len, course::Index d_model) {
  return call_student("positional_encoding_loop", {to_value(seq_len), to_value(d_model)},
                      call_text("positional_encoding_loop", {describe_arg(seq_len), describe_arg(d_model)}),
                      [](const Values& r) { return matrix_d(r, 0, "positional_encoding_loop result"); });
}

}  // namespace student
