#include "encoder-block/bridge/proxy.hpp"

#include <string>
#include <vector>

#include "common/proxy_support.hpp"
#include "encoder-block/bridge/codec.hpp"

namespace student {

using namespace course::bridge;

namespace {

std::string describe_norm(const LayerNormParameters& n) {
  return "{weight " + describe_arg(n.weight) + ", eps " + describe_arg(static_cast<double>(n.eps)) + "}";
}

std::string describe_config(const EncoderConfig& c) {
  return std::string("{num_heads=") + std::to_string(c.num_heads) + ", " + encoder::activation_name(c.activation) +
         (c.norm_first ? ", norm_first" : ", post-norm") + "}";
}

// The masks, or "" when there are none: "src_mask=<boolean (5, 5)>, src_key_padding_mask=<tensor (2, 5)>".
std::string describe_masks(const EncoderMasks& m) {
  std::vector<std::string> parts;
  if (m.src_mask)
    parts.push_back(std::string("src_mask=<") + mha::kind_name(m.src_mask->kind) + " " +
                    course::shape_string(m.src_mask->values.shape()) + ">");
  if (m.src_key_padding_mask) parts.push_back("src_key_padding_mask=" + describe_arg(*m.src_key_padding_mask));
  std::string s;
  for (std::size_t i = 0; i < parts.size(); ++i) s += (i ? ", " : "") + parts[i];
  return s;
}

std::vector<std::string> with_masks(std::vector<std::string> shown, const EncoderMasks& m) {
  if (std::string masks = describe_masks(m); !masks.empty()) shown.push_back(masks);
  return shown;
}

std::string describe_ff(const FeedForwardParameters& f) {
  return "{linear1_weight " + describe_arg(f.linear1_weight) + ", linear2_weight " + describe_arg(f.linear2_weight) + "}";
}

Tensor result(const Values& r) { return tensor(r, 0, "result"); }

}  // namespace

Tensor layer_norm(const Tensor& x, const LayerNormParameters& norm) {
  Values args{to_value(x)};
  encoder::append(args, norm);
  return call_student("layer_norm", std::move(args), call_text("layer_norm", {describe_arg(x), describe_norm(norm)}),
                      result);
}

Tensor activate(const Tensor& x, Activation activation) {
  return call_student("activate", {to_value(x), to_value(std::string(encoder::activation_name(activation)))},
                      call_text("activate", {describe_arg(x), encoder::activation_name(activation)}), result);
}

Tensor feed_forward(const Tensor& x, const FeedForwardParameters& ff, Activation activation) {
  Values args{to_value(x)};
  encoder::append(args, ff);
  args.push_back(to_value(std::string(encoder::activation_name(activation))));
  return call_student("feed_forward", std::move(args),
                      call_text("feed_forward", {describe_arg(x), describe_ff(ff), encoder::activation_name(activation)}),
                      result);
}

Tensor encoder_layer(const Tensor& src, const EncoderLayerParameters& layer, const EncoderConfig& config,
                     const EncoderMasks& masks) {
  Values args{to_value(src)};
  encoder::append(args, layer);
  encoder::append(args, config);
  encoder::append(args, masks);
  return call_student("encoder_layer", std::move(args),
                      call_text("encoder_layer", with_masks({describe_arg(src), "<layer>", describe_config(config)}, masks)),
                      result);
}

Tensor encoder_input(const Tensor& embeddings) {
  return call_student("encoder_input", {to_value(embeddings)}, call_text("encoder_input", {describe_arg(embeddings)}),
                      result);
}

Tensor transformer_encoder(const Tensor& embeddings, const EncoderParameters& encoder, const EncoderConfig& config,
                           const EncoderMasks& masks) {
  Values args{to_value(embeddings)};
  encoder::append(args, config);
  encoder::append(args, masks);
  encoder::append(args, encoder);
  const std::string layers = "<" + std::to_string(encoder.layers.size()) + " layers" +
                             (encoder.final_norm ? ", final norm>" : ">");
  return call_student("transformer_encoder", std::move(args),
                      call_text("transformer_encoder",
                                with_masks({describe_arg(embeddings), layers, describe_config(config)}, masks)),
                      result);
}

}  // namespace student
