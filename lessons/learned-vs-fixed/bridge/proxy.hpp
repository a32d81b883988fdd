// Test side of the learned-vs-fixed bridge: the student's class and
// functions, called in their worker process, with the signatures of
// learned-vs-fixed/learned_vs_fixed.hpp in namespace student.
//
// student::LearnedPositionalEmbedding is a handle: the student's object lives
// in the worker, so set_table then table() or forward() see the worker's
// object. It lives as long as the test that made it; copies share it.
#pragma once

#include <cstdint>

#include "grader/authoring/proxy_support.hpp"
#include "learned-vs-fixed/bridge/declarations.hpp"

namespace student {

using course::Index;
using course::LengthReport;
using course::MatrixXd;
using course::PositionStats;

class LearnedPositionalEmbedding : public course::bridge::ObjectHandle {
 public:
  LearnedPositionalEmbedding(Index max_len, Index d_model, std::uint64_t seed = 0)
      : ObjectHandle(course::bridge::lvf::construct, max_len, d_model, seed) {}
  Index max_len() const { return call(course::bridge::lvf::max_len); }
  Index d_model() const { return call(course::bridge::lvf::d_model); }
  MatrixXd table() const { return call(course::bridge::lvf::table); }
  void set_table(MatrixXd table) { call(course::bridge::lvf::set_table, table); }
  // -> (seq_len, d_model)
  MatrixXd forward(Index seq_len) const { return call(course::bridge::lvf::forward, seq_len); }
};

// positions (L, W) -> stats
inline constexpr course::bridge::Proxy<course::bridge::lvf::position_stats> position_stats{};
// one report per length
inline constexpr course::bridge::Proxy<course::bridge::lvf::length_experiment> length_experiment{};

}  // namespace student
