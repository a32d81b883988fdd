// The attention bridge: its functions and types as both sides know them
// (docs/bridge-api.md), names and defaults as in attention.hpp. The build
// generates the rest from this list (grader/authoring/lesson_bridge.hpp).
#pragma once

#include <string>

#include "attention/attention.hpp"
#include "common/tensor_codec.hpp"
#include "grader/authoring/lesson_bridge.hpp"

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

}  // namespace course::bridge

// scores (R, C) -> (R, C); query (L, D), key (S, D), value (S, Dv), mask none or
// (L, S) -> output (L, Dv), weights (L, S); causal_mask -> boolean (length, length).
// softmax_rows, which attention and masks call (course.yaml `uses`), listed
// apart so the build serves it to them.
#define COURSE_EXERCISE_attention_softmax(FUNCTION, CLASS, METHOD, CALL) FUNCTION(softmax_rows, "scores")
#define COURSE_BRIDGE_attention(FUNCTION, CLASS, METHOD, CALL)                                     \
  FUNCTION(scaled_dot_product_attention, "query", "key", "value", arg("mask") = course::Mask{}) \
  FUNCTION(causal_mask, "length")
COURSE_BRIDGE(attention, softmax)
