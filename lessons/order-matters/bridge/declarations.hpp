// The order-matters functions and types as both sides of the bridge know them
// (docs/bridge-api.md): names as in order_matters.hpp. AttentionResult's codec
// comes with the attention lesson's declarations.
#pragma once

#include "attention/bridge/declarations.hpp"
#include "common/tensor_codec.hpp"
#include "grader/authoring/declare.hpp"
#include "order-matters/order_matters.hpp"

COURSE_STRUCT_FIELDS(course::OrderComparison, permutation, pooled_distance_without, pooled_distance_with,
                     permutation_error_without, permutation_error_with);

namespace course::bridge::order {

inline const auto embed = declare<decltype(course::embed)>("embed", "words");
inline const auto with_positions = declare<decltype(course::with_positions)>("with_positions", "embeddings");
inline const auto self_attend = declare<decltype(course::self_attend)>("self_attend", "x");
inline const auto mean_pool = declare<decltype(course::mean_pool)>("mean_pool", "x");
inline const auto compare_orders =
    declare<decltype(course::compare_orders)>("compare_orders", "sentence_a", "sentence_b");

}  // namespace course::bridge::order
