// How the multi-head-attention bridge packs the lesson's structs into pipe
// values. Shared by both sides so the two encodings cannot drift apart.
//
// The worker keeps no state between calls: a call on a module carries its
// sizes and parameters, the worker builds a fresh course::MultiHeadAttention,
// installs the parameters and runs the call.
#pragma once

#include <optional>
#include <string>

#include "common/bridge.hpp"
#include "grader/protocol/args.hpp"
#include "multi-head-attention/multi_head_attention.hpp"

namespace course::bridge::mha {

/// The four parameters, in MhaParameters order.
inline constexpr std::size_t kParameterValues = 4;

inline void append(Values& out, const MhaParameters& p) {
  out.push_back(to_value(p.in_proj_weight));
  out.push_back(to_value(p.in_proj_bias));
  out.push_back(to_value(p.out_proj_weight));
  out.push_back(to_value(p.out_proj_bias));
}

inline MhaParameters parameters(const Values& v, std::size_t first) {
  return {matrix_f(v, first, "in_proj_weight"), vector_f(v, first + 1, "in_proj_bias"),
          matrix_f(v, first + 2, "out_proj_weight"), vector_f(v, first + 3, "out_proj_bias")};
}

inline const char* kind_name(MaskKind kind) { return kind == MaskKind::boolean ? "boolean" : "additive"; }

inline MaskKind kind_from(const std::string& name) {
  if (name == "boolean") return MaskKind::boolean;
  if (name == "additive") return MaskKind::additive;
  throw grader::protocol::ProtocolError("mask kind: expected \"boolean\" or \"additive\", got \"" + name + "\"");
}

/// Two values: the mask's tensor and its kind, or two empty values for no mask.
inline void append(Values& out, const std::optional<AttentionMask>& mask) {
  if (mask) {
    out.push_back(to_value(mask->values));
    out.push_back(to_value(std::string(kind_name(mask->kind))));
  } else {
    out.emplace_back();
    out.emplace_back();
  }
}

inline std::optional<AttentionMask> attention_mask(const Values& v, std::size_t first) {
  if (grader::protocol::is_none(v, first)) return std::nullopt;
  return AttentionMask{kind_from(grader::protocol::get<std::string>(v, first + 1, "attn_mask kind")),
                       tensor(v, first, "attn_mask")};
}

inline void append(Values& out, const std::optional<Tensor>& t) {
  if (t) out.push_back(to_value(*t));
  else out.emplace_back();
}

inline std::optional<Tensor> optional_tensor(const Values& v, std::size_t index, const std::string& what) {
  if (grader::protocol::is_none(v, index)) return std::nullopt;
  return tensor(v, index, what);
}

/// Five values: need_weights, average_attn_weights, attn_mask (two), key_padding_mask.
inline void append(Values& out, const ForwardOptions& o) {
  out.push_back(to_value(o.need_weights));
  out.push_back(to_value(o.average_attn_weights));
  append(out, o.attn_mask);
  append(out, o.key_padding_mask);
}

inline ForwardOptions options(const Values& v, std::size_t first) {
  ForwardOptions o;
  o.need_weights = boolean(v, first, "need_weights");
  o.average_attn_weights = boolean(v, first + 1, "average_attn_weights");
  o.attn_mask = attention_mask(v, first + 2);
  o.key_padding_mask = optional_tensor(v, first + 4, "key_padding_mask");
  return o;
}

}  // namespace course::bridge::mha
