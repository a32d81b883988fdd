// The learned-vs-fixed functions, types and class as both sides of the bridge
// know them (docs/bridge-api.md): names and defaults as in
// learned_vs_fixed.hpp. The student's LearnedPositionalEmbedding lives in the
// worker across calls; the suites hold a handle to it.
#pragma once

#include <cstdint>

#include "common/tensor_codec.hpp"
#include "grader/authoring/declare.hpp"
#include "grader/authoring/objects.hpp"
#include "learned-vs-fixed/learned_vs_fixed.hpp"

COURSE_STRUCT_FIELDS(course::PositionStats, min_distance, neighbour_ratio);
COURSE_STRUCT_FIELDS(course::LengthReport, length, learned_serves, learned, sinusoidal);

namespace course::bridge::lvf {

using C = course::LearnedPositionalEmbedding;

inline const auto embedding = declare_class<C>("LearnedPositionalEmbedding");
inline const auto construct =
    embedding.constructor<Index, Index, std::uint64_t>("max_len", "d_model", arg("seed") = std::uint64_t{0});
inline const auto max_len = embedding.method<decltype(&C::max_len)>("max_len");
inline const auto d_model = embedding.method<decltype(&C::d_model)>("d_model");
inline const auto table = embedding.method<decltype(&C::table)>("table");
inline const auto set_table = embedding.method<decltype(&C::set_table)>("set_table", "table");
inline const auto forward = embedding.method<decltype(&C::forward)>("forward", "seq_len");

inline const auto position_stats = declare<decltype(course::position_stats)>("position_stats", "positions");
inline const auto length_experiment = declare<decltype(course::length_experiment)>(
    "length_experiment", "lengths", "d_model", "table_len", arg("seed") = std::uint64_t{0});

}  // namespace course::bridge::lvf
