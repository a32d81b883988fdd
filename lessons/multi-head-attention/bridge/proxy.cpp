#include "multi-head-attention/bridge/proxy.hpp"

#include <string>
#include <vector>

#include "common/proxy_support.hpp"
#include "multi-head-attention/bridge/codec.hpp"

namespace student {

using namespace course::bridge;

namespace {

std::string describe_mask(const std::optional<AttentionMask>& mask) {
  return std::string("<") + mha::kind_name(mask->kind) + " " + course::shape_string(mask->values.shape()) + ">";
}

// "{need_weights=false, attn_mask=<boolean (5, 7)>}": only what differs from torch's defaults.
std::string describe_options(const ForwardOptions& o) {
  std::vector<std::string> parts;
  if (o.key_padding_mask) parts.push_back("key_padding_mask=" + describe_arg(*o.key_padding_mask));
  if (!o.need_weights) parts.push_back("need_weights=false");
  if (o.attn_mask) parts.push_back("attn_mask=" + describe_mask(o.attn_mask));
  if (!o.average_attn_weights) parts.push_back("average_attn_weights=false");
  std::string s = "{";
  for (std::size_t i = 0; i < parts.size(); ++i) s += (i ? ", " : "") + parts[i];
  return s + "}";
}

MhaParameters parameters_result(const Values& r) { return mha::parameters(r, 0); }

}  // namespace

MultiHeadAttention::MultiHeadAttention(Index embed_dim, Index num_heads, std::uint64_t seed)
    : embed_dim_(embed_dim), num_heads_(num_heads) {
  std::vector<std::string> shown = {describe_arg(embed_dim), describe_arg(num_heads)};
  if (seed != 0) shown.push_back(std::to_string(seed));
  parameters_ = call_student("mha_init", {to_value(embed_dim), to_value(num_heads), to_value(static_cast<Index>(seed))},
                             call_text("MultiHeadAttention", shown), parameters_result);
}

std::string MultiHeadAttention::name() const {
  return call_text("MultiHeadAttention", {describe_arg(embed_dim_), describe_arg(num_heads_)});
}

void MultiHeadAttention::set_parameters(MhaParameters parameters) {
  Values args{to_value(embed_dim_), to_value(num_heads_)};
  mha::append(args, parameters);
  const std::string text =
      name() + ".set_parameters({" + describe_arg(parameters.in_proj_weight) + ", " +
      describe_arg(parameters.in_proj_bias) + ", " + describe_arg(parameters.out_proj_weight) + ", " +
      describe_arg(parameters.out_proj_bias) + "})";
  parameters_ = call_student("mha_set_parameters", std::move(args), text, parameters_result);
}

AttentionOutput MultiHeadAttention::forward(const Tensor& query, const Tensor& key, const Tensor& value,
                                            const ForwardOptions& options) const {
  Values args{to_value(embed_dim_), to_value(num_heads_)};
  mha::append(args, parameters_);
  args.push_back(to_value(query));
  args.push_back(to_value(key));
  args.push_back(to_value(value));
  mha::append(args, options);
  std::vector<std::string> shown = {describe_arg(query), describe_arg(key), describe_arg(value)};
  if (std::string o = describe_options(options); o != "{}") shown.push_back(o);
  return call_student("mha_forward", std::move(args), name() + "." + call_text("forward", shown),
                      [](const Values& r) {
                        return AttentionOutput{tensor(r, 0, "forward output"),
                                               mha::optional_tensor(r, 1, "forward weights")};
                      });
}

std::pair<Tensor, Tensor> MultiHeadAttention::operator()(const Tensor& x) const {
  Values args{to_value(embed_dim_), to_value(num_heads_)};
  mha::append(args, parameters_);
  args.push_back(to_value(x));
  return call_student("mha_self_attention", std::move(args), name() + call_text("", {describe_arg(x)}),
                      [](const Values& r) {
                        return std::pair<Tensor, Tensor>{tensor(r, 0, "output"), tensor(r, 1, "weights")};
                      });
}

Tensor project_heads(const Tensor& x, const course::MatrixXf& weight, const course::VectorXf& bias, Index num_heads) {
  return call_student(
      "project_heads", {to_value(x), to_value(weight), to_value(bias), to_value(num_heads)},
      call_text("project_heads", {describe_arg(x), describe_arg(weight), describe_arg(bias), describe_arg(num_heads)}),
      [](const Values& r) { return tensor(r, 0, "project_heads result"); });
}

HeadsOutput attend_heads(const Tensor& q, const Tensor& k, const Tensor& v, const std::optional<Tensor>& score_bias) {
  Values args{to_value(q), to_value(k), to_value(v)};
  mha::append(args, score_bias);
  std::vector<std::string> shown = {describe_arg(q), describe_arg(k), describe_arg(v)};
  if (score_bias) shown.push_back(describe_arg(*score_bias));
  return call_student("attend_heads", std::move(args), call_text("attend_heads", shown), [](const Values& r) {
    return HeadsOutput{tensor(r, 0, "attend_heads output"), tensor(r, 1, "attend_heads weights")};
  });
}

Tensor merge_heads(const Tensor& heads) {
  return call_student("merge_heads", {to_value(heads)}, call_text("merge_heads", {describe_arg(heads)}),
                      [](const Values& r) { return tensor(r, 0, "merge_heads result"); });
}

AttentionMask causal_mask(Index query_len, Index key_len) {
  return call_student("causal_mask", {to_value(query_len), to_value(key_len)},
                      call_text("causal_mask", {describe_arg(query_len), describe_arg(key_len)}),
                      [](const Values& r) {
                        auto mask = mha::attention_mask(r, 0);
                        if (!mask) throw grader::protocol::ProtocolError("causal_mask result: no mask came back");
                        return *mask;
                      });
}

Tensor merge_masks(const std::optional<AttentionMask>& attn_mask, const std::optional<Tensor>& key_padding_mask,
                   Index batch, Index num_heads, Index query_len, Index key_len) {
  Values args;
  mha::append(args, attn_mask);
  mha::append(args, key_padding_mask);
  for (Index n : {batch, num_heads, query_len, key_len}) args.push_back(to_value(n));
  std::vector<std::string> shown = {attn_mask ? describe_mask(attn_mask) : "nothing",
                                    key_padding_mask ? describe_arg(*key_padding_mask) : "nothing",
                                    describe_arg(batch), describe_arg(num_heads), describe_arg(query_len),
                                    describe_arg(key_len)};
  return call_student("merge_masks", std::move(args), call_text("merge_masks", shown),
                      [](const Values& r) { return tensor(r, 0, "merge_masks result"); });
}

}  // namespace student
