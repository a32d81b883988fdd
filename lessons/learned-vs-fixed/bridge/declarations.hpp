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

// forward: -> (seq_len, d_model); length_experiment: one report per length.
#define COURSE_BRIDGE_learned_vs_fixed(FUNCTION, CLASS, METHOD, CALL)                                        \
  CLASS(LearnedPositionalEmbedding, (Index, Index, std::uint64_t),                                           \
        ("max_len", "d_model", arg("seed") = std::uint64_t{0}),                                               \
        METHOD(max_len)                                                                                      \
        METHOD(d_model)                                                                                      \
        METHOD(table)                                                                                        \
        METHOD(set_table, "table")                                                                           \
        METHOD(forward, "seq_len"))                                                                          \
  FUNCTION(length_experiment, "lengths", "d_model", "table_len", arg("seed") = std::uint64_t{0})
// lvf-stats' function, which lvf-lengths uses (course.yaml), served to it
// apart (lesson_bridge.hpp): positions (L, W) -> stats.
#define COURSE_EXERCISE_learned_vs_fixed_lvf_stats(FUNCTION, CLASS, METHOD, CALL) FUNCTION(position_stats, "positions")
COURSE_BRIDGE(learned_vs_fixed, lvf_stats)

// lvf-table's class, which lvf-lengths uses (course.yaml), as its callbacks
// carry it: by hand (bridge/exercise_stubs/lvf-table.cpp, the worker's
// stubs; bridge/reference_server.cpp, the trusted side's answers), since a
// list's COURSE_OBJECT_STATE rebuilds an object from members its
// constructor takes, and this class keeps its sizes only as its table's
// shape. The state is the table (max_len, d_model); the trusted side
// rebuilds a reference object from it through the class's own checks,
// LearnedPositionalEmbedding(rows, cols) then set_table(table).
namespace course::bridge::learned_vs_fixed::lvf_table {

/// (max_len, d_model, seed) -> the new object's table (max_len, d_model).
inline const auto construct = Function<MatrixXd(Index, Index, std::uint64_t), 3>(
                                  "LearnedPositionalEmbedding", "max_len", "d_model", "seed")
                                  .on_the_wire_as("LearnedPositionalEmbedding.new");
/// (table, new table) -> the object's table after set_table.
inline const auto set_table = Function<MatrixXd(const MatrixXd&, MatrixXd), 2>(
                                  "LearnedPositionalEmbedding.set_table", "table_", "table")
                                  .on_the_wire_as("LearnedPositionalEmbedding.set_table");
/// (table, seq_len) -> forward(seq_len), (seq_len, d_model).
inline const auto forward = Function<MatrixXd(const MatrixXd&, Index), 2>("LearnedPositionalEmbedding.forward",
                                                                           "table_", "seq_len");

}  // namespace course::bridge::learned_vs_fixed::lvf_table
