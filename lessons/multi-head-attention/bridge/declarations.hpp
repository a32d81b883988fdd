// The multi-head-attention functions, types and class as both sides of the
// bridge know them (docs/bridge-api.md): names and defaults as in
// multi_head_attention.hpp. The student's MultiHeadAttention lives in the
// worker across calls; the suites hold a handle to it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/tensor_codec.hpp"
#include "grader/authoring/declare.hpp"
#include "grader/authoring/objects.hpp"
#include "multi-head-attention/multi_head_attention.hpp"

COURSE_STRUCT_FIELDS(course::MhaParameters, in_proj_weight, in_proj_bias, out_proj_weight, out_proj_bias);
COURSE_ENUM_NAMES(course::MaskKind, {course::MaskKind::boolean, "boolean"}, {course::MaskKind::additive, "additive"});
COURSE_STRUCT_FIELDS(course::AttentionMask, kind, values);
COURSE_STRUCT_FIELDS(course::ForwardOptions, key_padding_mask, need_weights, attn_mask, average_attn_weights);
COURSE_STRUCT_FIELDS(course::AttentionOutput, output, weights);
COURSE_STRUCT_FIELDS(course::HeadsOutput, output, weights);

namespace course::bridge {

/// "<boolean (5, 7)>"
template <>
struct description<course::AttentionMask> {
  static std::string of(const course::AttentionMask& mask) {
    std::string text(1, '<');
    text += codec<course::MaskKind>::name(mask.kind);
    return text + " " + course::shape_string(mask.values.shape()) + ">";
  }
};

/// "{need_weights=false, attn_mask=<boolean (5, 7)>}": only what differs from torch's defaults.
template <>
struct description<course::ForwardOptions> {
  static std::string of(const course::ForwardOptions& o) {
    std::vector<std::string> parts;
    if (o.key_padding_mask) parts.push_back("key_padding_mask=" + bridge::describe(*o.key_padding_mask));
    if (!o.need_weights) parts.push_back("need_weights=false");
    if (o.attn_mask) parts.push_back("attn_mask=" + bridge::describe(*o.attn_mask));
    if (!o.average_attn_weights) parts.push_back("average_attn_weights=false");
    std::string s(1, '{');
    for (std::size_t i = 0; i < parts.size(); ++i) s += (i ? ", " : "") + parts[i];
    return s + "}";
  }
};

namespace mha {

using C = course::MultiHeadAttention;

inline const auto module = declare_class<C>("MultiHeadAttention");
inline const auto construct =
    module.constructor<Index, Index, std::uint64_t>("embed_dim", "num_heads", arg("seed") = std::uint64_t{0});
inline const auto embed_dim = module.method<decltype(&C::embed_dim)>("embed_dim");
inline const auto num_heads = module.method<decltype(&C::num_heads)>("num_heads");
inline const auto head_dim = module.method<decltype(&C::head_dim)>("head_dim");
inline const auto parameters = module.method<decltype(&C::parameters)>("parameters");
inline const auto set_parameters = module.method<decltype(&C::set_parameters)>("set_parameters", "parameters");
inline const auto forward = module.method<decltype(&C::forward)>("forward", "query", "key", "value",
                                                                 arg("options") = course::ForwardOptions{});
inline const auto self_attention = module.method<decltype(&C::operator())>("", "x");

inline const auto project_heads =
    declare<decltype(course::project_heads)>("project_heads", "x", "weight", "bias", "num_heads");
inline const auto attend_heads = declare<decltype(course::attend_heads)>(
    "attend_heads", "q", "k", "v", arg("score_bias") = std::optional<course::Tensor>());
inline const auto merge_heads = declare<decltype(course::merge_heads)>("merge_heads", "heads");
inline const auto causal_mask = declare<decltype(course::causal_mask)>("causal_mask", "query_len", "key_len");
inline const auto merge_masks = declare<decltype(course::merge_masks)>(
    "merge_masks", "attn_mask", "key_padding_mask", "batch", "num_heads", "query_len", "key_len");

}  // namespace mha
}  // namespace course::bridge
