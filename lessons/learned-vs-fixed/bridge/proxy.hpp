// Test side of the learned-vs-fixed bridge: the student's class and functions,
// called in their worker process. Same signatures as
// learned-vs-fixed/learned_vs_fixed.hpp, in namespace student.
//
// student::LearnedPositionalEmbedding keeps its table here, on the trusted
// side; every call sends what the worker needs to rebuild the student's object
// (sizes, seed, and the table when set_table replaced it).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "learned-vs-fixed/learned_vs_fixed.hpp"

namespace student {

using course::Index;
using course::LengthReport;
using course::MatrixXd;
using course::PositionStats;

class LearnedPositionalEmbedding {
 public:
  /// Runs the student's constructor and keeps the table it produced.
  LearnedPositionalEmbedding(Index max_len, Index d_model, std::uint64_t seed = 0);

  Index max_len() const { return table_.rows(); }
  Index d_model() const { return table_.cols(); }
  const MatrixXd& table() const { return table_; }
  /// Runs the student's set_table (with its shape check) on a freshly built
  /// object and keeps what its table() returns afterwards.
  void set_table(MatrixXd table);
  // -> (seq_len, d_model)
  MatrixXd forward(Index seq_len) const;

 private:
  std::string name() const;
  Index max_len_;
  Index d_model_;
  std::uint64_t seed_;
  MatrixXd table_;
  bool replaced_ = false;  // set_table was called: send the table along with each call
};

// positions (L, W) -> stats
PositionStats position_stats(const MatrixXd& positions);
// one report per length
std::vector<LengthReport> length_experiment(const std::vector<Index>& lengths, Index d_model, Index table_len,
                                            std::uint64_t seed = 0);

}  // namespace student
