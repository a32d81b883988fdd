// How the encoder-block bridge packs the lesson's structs into pipe values.
// Shared by both sides so the two encodings cannot drift apart. The worker is
// stateless: every call carries all the parameters it needs.
#pragma once

#include <optional>
#include <string>

#include "common/bridge.hpp"
#include "encoder-block/encoder_block.hpp"
#include "grader/protocol/args.hpp"
#include "multi-head-attention/bridge/codec.hpp"

namespace course::bridge::encoder {

/// weight, bias, eps.
inline constexpr std::size_t kNormValues = 3;
/// linear1_weight, linear1_bias, linear2_weight, linear2_bias.
inline constexpr std::size_t kFeedForwardValues = 4;
/// self_attn, feed_forward, norm1, norm2.
inline constexpr std::size_t kLayerValues = mha::kParameterValues + kFeedForwardValues + 2 * kNormValues;
/// num_heads, activation, norm_first.
inline constexpr std::size_t kConfigValues = 3;
/// src_mask (two values), src_key_padding_mask.
inline constexpr std::size_t kMaskValues = 3;

inline void append(Values& out, const LayerNormParameters& n) {
  out.push_back(to_value(n.weight));
  out.push_back(to_value(n.bias));
  out.push_back(to_value(static_cast<double>(n.eps)));
}

inline LayerNormParameters norm(const Values& v, std::size_t first, const std::string& what) {
  return {vector_f(v, first, what + ".weight"), vector_f(v, first + 1, what + ".bias"),
          static_cast<float>(real(v, first + 2, what + ".eps"))};
}

inline void append(Values& out, const FeedForwardParameters& f) {
  out.push_back(to_value(f.linear1_weight));
  out.push_back(to_value(f.linear1_bias));
  out.push_back(to_value(f.linear2_weight));
  out.push_back(to_value(f.linear2_bias));
}

inline FeedForwardParameters feed_forward(const Values& v, std::size_t first) {
  return {matrix_f(v, first, "linear1_weight"), vector_f(v, first + 1, "linear1_bias"),
          matrix_f(v, first + 2, "linear2_weight"), vector_f(v, first + 3, "linear2_bias")};
}

inline void append(Values& out, const EncoderLayerParameters& p) {
  mha::append(out, p.self_attn);
  append(out, p.feed_forward);
  append(out, p.norm1);
  append(out, p.norm2);
}

inline EncoderLayerParameters layer(const Values& v, std::size_t first) {
  std::size_t at = first;
  EncoderLayerParameters p;
  p.self_attn = mha::parameters(v, at);
  at += mha::kParameterValues;
  p.feed_forward = feed_forward(v, at);
  at += kFeedForwardValues;
  p.norm1 = norm(v, at, "norm1");
  p.norm2 = norm(v, at + kNormValues, "norm2");
  return p;
}

inline const char* activation_name(Activation a) { return a == Activation::relu ? "relu" : "gelu"; }

inline Activation activation_from(const std::string& name) {
  if (name == "relu") return Activation::relu;
  if (name == "gelu") return Activation::gelu;
  throw grader::protocol::ProtocolError("activation: expected \"relu\" or \"gelu\", got \"" + name + "\"");
}

inline void append(Values& out, const EncoderConfig& c) {
  out.push_back(to_value(c.num_heads));
  out.push_back(to_value(std::string(activation_name(c.activation))));
  out.push_back(to_value(c.norm_first));
}

inline EncoderConfig config(const Values& v, std::size_t first) {
  return {integer(v, first, "num_heads"),
          activation_from(grader::protocol::get<std::string>(v, first + 1, "activation")),
          boolean(v, first + 2, "norm_first")};
}

inline void append(Values& out, const EncoderMasks& m) {
  mha::append(out, m.src_mask);
  mha::append(out, m.src_key_padding_mask);
}

inline EncoderMasks masks(const Values& v, std::size_t first) {
  return {mha::attention_mask(v, first), mha::optional_tensor(v, first + 2, "src_key_padding_mask")};
}

/// N, the final norm (three values, or three empty ones), then N layers.
inline void append(Values& out, const EncoderParameters& p) {
  out.push_back(to_value(static_cast<Index>(p.layers.size())));
  if (p.final_norm) {
    append(out, *p.final_norm);
  } else {
    for (std::size_t i = 0; i < kNormValues; ++i) out.emplace_back();
  }
  for (const auto& l : p.layers) append(out, l);
}

/// The inverse of append(EncoderParameters); `next` is set to the index after it.
inline EncoderParameters encoder(const Values& v, std::size_t first, std::size_t& next) {
  const Index n = integer(v, first, "number of layers");
  if (n < 0 || static_cast<std::size_t>(n) > (v.size() - first) / kLayerValues)
    throw grader::protocol::ProtocolError("number of layers: " + std::to_string(n) + " does not fit the message");
  EncoderParameters p;
  if (!grader::protocol::is_none(v, first + 1)) p.final_norm = norm(v, first + 1, "final_norm");
  std::size_t at = first + 1 + kNormValues;
  for (Index i = 0; i < n; ++i, at += kLayerValues) p.layers.push_back(layer(v, at));
  next = at;
  return p;
}

}  // namespace course::bridge::encoder
