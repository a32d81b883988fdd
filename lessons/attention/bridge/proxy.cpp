#include "attention/bridge/proxy.hpp"

#include "attention/bridge/codec.hpp"
#include "common/proxy_support.hpp"

namespace student {

using namespace course::bridge;

namespace {

// A mask crosses the pipe as its kind (an integer) and its values, or
// nothing in place of the values when there is no mask.
std::string describe_mask(const course::Mask& mask) {
  const std::string shape = course::shape_string({mask.values.rows(), mask.values.cols()});
  switch (mask.kind) {
    case course::Mask::Kind::boolean: return "<boolean mask " + shape + ">";
    case course::Mask::Kind::additive: return "<additive mask " + shape + ">";
    case course::Mask::Kind::none: break;
  }
  return "<no mask>";
}

course::Mask mask_from(const Values& r, std::size_t index, const std::string& what) {
  const course::Index kind = integer(r, index, what + " kind");
  if (kind < 0 || kind > 2)
    throw grader::protocol::ProtocolError(what + ": mask kind must be 0, 1 or 2, got " + std::to_string(kind));
  return {static_cast<course::Mask::Kind>(kind), matrix_f(r, index + 1, what + " values")};
}

}  // namespace

course::MatrixXf softmax_rows(const course::MatrixXf& scores) {
  return call_student("softmax_rows", {to_value(scores)}, call_text("softmax_rows", {describe_arg(scores)}),
                      [](const Values& r) { return matrix_f(r, 0, "softmax_rows result"); });
}

course::AttentionResult scaled_dot_product_attention(const course::MatrixXf& query, const course::MatrixXf& key,
                                                     const course::MatrixXf& value, const course::Mask& mask) {
  std::vector<std::string> shown = {describe_arg(query), describe_arg(key), describe_arg(value)};
  if (mask.kind != course::Mask::Kind::none) shown.push_back(describe_mask(mask));
  Values args = {to_value(query), to_value(key), to_value(value)};
  attention::append(args, mask);
  return call_student("scaled_dot_product_attention", std::move(args), call_text("scaled_dot_product_attention", shown),
                      [](const Values& r) {
                        return course::AttentionResult{matrix_f(r, 0, "scaled_dot_product_attention output"),
                                                       matrix_f(r, 1, "scaled_dot_product_attention weights")};
                      });
}

course::Mask causal_mask(course::Index length) {
  return call_student("causal_mask", {to_value(length)}, call_text("causal_mask", {describe_arg(length)}),
                      [](const Values& r) { return mask_from(r, 0, "causal_mask result"); });
}

}  // namespace student
