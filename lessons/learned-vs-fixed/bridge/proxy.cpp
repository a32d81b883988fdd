#include "learned-vs-fixed/bridge/proxy.hpp"

#include <utility>

#include "common/proxy_support.hpp"
#include "learned-vs-fixed/bridge/codec.hpp"

namespace student {

using namespace course::bridge;

namespace {

// Sizes and seed, then the table or nothing: what the worker rebuilds the object from.
Values object_values(Index max_len, Index d_model, std::uint64_t seed, const MatrixXd* table) {
  Values v{to_value(max_len), to_value(d_model), to_value(static_cast<Index>(seed))};
  if (table) v.push_back(to_value(*table));
  else v.emplace_back();
  return v;
}

}  // namespace

LearnedPositionalEmbedding::LearnedPositionalEmbedding(Index max_len, Index d_model, std::uint64_t seed)
    : max_len_(max_len), d_model_(d_model), seed_(seed) {
  table_ = call_student("lpe_table", object_values(max_len, d_model, seed, nullptr), name(),
                        [](const Values& r) { return matrix_d(r, 0, "LearnedPositionalEmbedding table"); });
}

std::string LearnedPositionalEmbedding::name() const {
  std::vector<std::string> shown = {describe_arg(max_len_), describe_arg(d_model_)};
  if (seed_ != 0) shown.push_back(std::to_string(seed_));
  return call_text("LearnedPositionalEmbedding", shown);
}

void LearnedPositionalEmbedding::set_table(MatrixXd table) {
  Values args = object_values(max_len_, d_model_, seed_, &table);
  table_ = call_student("lpe_table", std::move(args), name() + ".set_table(" + describe_arg(table) + ")",
                        [](const Values& r) { return matrix_d(r, 0, "table after set_table"); });
  replaced_ = true;
}

MatrixXd LearnedPositionalEmbedding::forward(Index seq_len) const {
  Values args = object_values(max_len_, d_model_, seed_, replaced_ ? &table_ : nullptr);
  args.push_back(to_value(seq_len));
  return call_student("lpe_forward", std::move(args), name() + "." + call_text("forward", {describe_arg(seq_len)}),
                      [](const Values& r) { return matrix_d(r, 0, "forward result"); });
}

PositionStats position_stats(const MatrixXd& positions) {
  return call_student("position_stats", {to_value(positions)}, call_text("position_stats", {describe_arg(positions)}),
                      [](const Values& r) { return lvf::stats(r, 0, "position_stats result"); });
}

std::vector<LengthReport> length_experiment(const std::vector<Index>& lengths, Index d_model, Index table_len,
                                            std::uint64_t seed) {
  Values args{to_value(d_model), to_value(table_len), to_value(static_cast<Index>(seed)),
              to_value(static_cast<Index>(lengths.size()))};
  std::string shown = "{";
  for (std::size_t i = 0; i < lengths.size(); ++i) {
    args.push_back(to_value(lengths[i]));
    shown += (i ? ", " : "") + std::to_string(lengths[i]);
  }
  shown += "}";
  std::vector<std::string> described = {shown, describe_arg(d_model), describe_arg(table_len)};
  if (seed != 0) described.push_back(std::to_string(seed));
  return call_student("length_experiment", std::move(args), call_text("length_experiment", described),
                      [](const Values& r) {
                        const Index count = integer(r, 0, "report count");
                        std::vector<LengthReport> out;
                        for (Index i = 0; i < count; ++i)
                          out.push_back(lvf::report(r, 1 + static_cast<std::size_t>(i) * lvf::kReportValues));
                        return out;
                      });
}

}  // namespace student
