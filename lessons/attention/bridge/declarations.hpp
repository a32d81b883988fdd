// The attention functions and types as both sides of the bridge know them
// (docs/bridge-api.md): names and defaults as in attention.hpp.
#pragma once

#include <string>

#include "attention/attention.hpp"
#include "common/tensor_codec.hpp"
#include "grader/authoring/declare.hpp"

COURSE_ENUM_NAMES(course::Mask::Kind, {course::Mask::Kind::none, "none"}, {course::Mask::Kind::boolean, "boolean"},
                  {course::Mask::Kind::additive, "additive"});
COURSE_STRUCT_FIELDS(course::Mask, kind, values);
COURSE_STRUCT_FIELDS(course::AttentionResult, output, weights);

namespace course::bridge {

/// "<boolean mask (5, 7)>", "<no mask>".
template <>
struct description<course::Mask> {
  static std::string of(const course::Mask& mask) {
    if (mask.kind == course::Mask::Kind::none) return "<no mask>";
    std::string text(1, '<');
    text += codec<course::Mask::Kind>::name(mask.kind);
    return text + " mask " + course::shape_string({mask.values.rows(), mask.values.cols()}) + ">";
  }
};

namespace attention {

inline const auto softmax_rows = declare<decltype(course::softmax_rows)>("softmax_rows", "scores");
inline const auto scaled_dot_product_attention = declare<decltype(course::scaled_dot_product_attention)>(
    "scaled_dot_product_attention", "query", "key", "value", arg("mask") = course::Mask{});
inline const auto causal_mask = declare<decltype(course::causal_mask)>("causal_mask", "length");

}  // namespace attention
}  // namespace course::bridge
