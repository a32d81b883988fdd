// The multi-head-attention bridge: its class, functions and types as both
// sides know them (docs/bridge-api.md), names, defaults and the methods'
// qualifiers as in multi_head_attention.hpp. The build generates the rest
// from this list (grader/authoring/lesson_bridge.hpp), the class's use stubs
// and reference server for encoder-block included (COURSE_OBJECT_STATE below).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/tensor_codec.hpp"
#include "grader/authoring/lesson_bridge.hpp"
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

}  // namespace course::bridge

// student::MultiHeadAttention is a handle: the student's object lives in the
// worker across calls, so set_parameters then parameters() reads the
// worker's object back, until the end of the test that made it. Shapes:
// forward: query (B, L, E), key and value (B, S, E) -> output (B, L, E),
// weights (B, H, L, S) or (B, L, S); project_heads: x (B, L, E) -> (B, H, L, D);
// attend_heads: q (B, H, L, D), k and v (B, H, S, D) -> (B, H, L, D) and
// weights (B, H, L, S); merge_heads: (B, H, L, D) -> (B, L, H*D);
// merge_masks -> score bias (B, H, L, S).
#define COURSE_BRIDGE_multi_head_attention(FUNCTION, CLASS, METHOD, CALL)                             \
  CLASS(MultiHeadAttention, (Index, Index, std::uint64_t),                                            \
        ("embed_dim", "num_heads", arg("seed") = std::uint64_t{0}),                                   \
        METHOD(embed_dim, (inline))                                                                   \
        METHOD(num_heads, (inline))                                                                   \
        METHOD(head_dim, (inline))                                                                    \
        METHOD(parameters, (inline))                                                                  \
        METHOD(set_parameters, "parameters")                                                          \
        METHOD(forward, (const), "query", "key", "value", arg("options") = course::ForwardOptions{}) \
        CALL((const), "x"))                                                                           \
  FUNCTION(merge_heads, "heads")
// The exercises mha-combine uses (course.yaml), served to it apart: their
// functions, and the methods of the class their files define.
#define COURSE_EXERCISE_multi_head_attention_mha_projections(FUNCTION, CLASS, METHOD, CALL)                     \
  CLASS(MultiHeadAttention, (Index, Index, std::uint64_t),                                                    \
        ("embed_dim", "num_heads", arg("seed") = std::uint64_t{0}), METHOD(set_parameters, "parameters")) \
  FUNCTION(project_heads, "x", "weight", "bias", "num_heads")
#define COURSE_EXERCISE_multi_head_attention_mha_heads(FUNCTION, CLASS, METHOD, CALL) \
  FUNCTION(attend_heads, "q", "k", "v", arg("score_bias") = std::optional<course::Tensor>())
#define COURSE_EXERCISE_multi_head_attention_mha_masks(FUNCTION, CLASS, METHOD, CALL) \
  FUNCTION(causal_mask, "query_len", "key_len")                                       \
  FUNCTION(merge_masks, "attn_mask", "key_padding_mask", "batch", "num_heads", "query_len", "key_len")
COURSE_BRIDGE(multi_head_attention, mha_projections, mha_heads, mha_masks)

// A MultiHeadAttention built where the class's code is stubs (encoder-block's
// worker; mha-combine's, for the constructor and set_parameters) carries its
// sizes and parameters to the reference, which rebuilds it with the class's
// own checks: MultiHeadAttention(embed_dim_, num_heads_), then
// set_parameters(parameters_).
COURSE_OBJECT_STATE(course::MultiHeadAttention, (embed_dim_, num_heads_), (set_parameters, parameters_));
