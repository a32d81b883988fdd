// The order-matters bridge: its functions and types as both sides know them
// (docs/bridge-api.md), names as in order_matters.hpp. AttentionResult's codec
// comes with the attention lesson's declarations. The build generates the
// rest from this list (grader/authoring/lesson_bridge.hpp).
#pragma once

#include "attention/bridge/declarations.hpp"
#include "common/tensor_codec.hpp"
#include "grader/authoring/lesson_bridge.hpp"
#include "order-matters/order_matters.hpp"

COURSE_STRUCT_FIELDS(course::OrderComparison, permutation, pooled_distance_without, pooled_distance_with,
                     permutation_error_without, permutation_error_with);

// Each exercise whose functions order-compare uses (course.yaml, an
// exercise's `uses`) lists them apart, named again in COURSE_BRIDGE, so the
// build serves them to order-compare's tests (lesson_bridge.hpp).
// embed: words (L) -> (L, E); with_positions: (L, W) -> (L, W); self_attend:
// x (L, E) -> output (L, E), weights (L, L); mean_pool: (L, W) -> (W);
// compare_orders: two sentences of L words -> OrderComparison (permutation (L)).
#define COURSE_EXERCISE_order_matters_order_embed(FUNCTION, CLASS, METHOD, CALL) \
  FUNCTION(embed, "words")                                                     \
  FUNCTION(with_positions, "embeddings")
#define COURSE_EXERCISE_order_matters_order_attend(FUNCTION, CLASS, METHOD, CALL) \
  FUNCTION(self_attend, "x")                                                    \
  FUNCTION(mean_pool, "x")
#define COURSE_BRIDGE_order_matters(FUNCTION, CLASS, METHOD, CALL) \
  FUNCTION(compare_orders, "sentence_a", "sentence_b")
COURSE_BRIDGE(order_matters, order_embed, order_attend)
