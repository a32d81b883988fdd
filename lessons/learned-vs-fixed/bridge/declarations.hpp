// The learned-vs-fixed bridge: its class, functions and types as both sides
// know them (docs/bridge-api.md), names and defaults as in
// learned_vs_fixed.hpp. The build generates the rest from this list
// (grader/authoring/lesson_bridge.hpp): student::LearnedPositionalEmbedding is
// a handle, the student's object lives in the worker across calls, so
// set_table then table() or forward() see the worker's object, until the end
// of the test that made it.
#pragma once

#include <cstdint>

#include "common/tensor_codec.hpp"
#include "grader/authoring/lesson_bridge.hpp"
#include "learned-vs-fixed/learned_vs_fixed.hpp"

COURSE_STRUCT_FIELDS(course::PositionStats, min_distance, neighbour_ratio);
COURSE_STRUCT_FIELDS(course::LengthReport, length, learned_serves, learned, sinusoidal);

// forward: -> (seq_len, d_model); position_stats: positions (L, W) -> stats;
// length_experiment: one report per length.
#define COURSE_BRIDGE_learned_vs_fixed(FUNCTION, CLASS, METHOD, CALL)                                        \
  CLASS(LearnedPositionalEmbedding, (Index, Index, std::uint64_t),                                           \
        ("max_len", "d_model", arg("seed") = std::uint64_t{0}),                                               \
        METHOD(max_len)                                                                                      \
        METHOD(d_model)                                                                                      \
        METHOD(table)                                                                                        \
        METHOD(set_table, "table")                                                                           \
        METHOD(forward, "seq_len"))                                                                          \
  FUNCTION(position_stats, "positions")                                                                      \
  FUNCTION(length_experiment, "lengths", "d_model", "table_len", arg("seed") = std::uint64_t{0})
COURSE_BRIDGE(learned_vs_fixed)
