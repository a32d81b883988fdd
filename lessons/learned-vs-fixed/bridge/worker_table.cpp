// Worker side of the learned-vs-fixed bridge: exposes the student's class and
// functions by name. Linked only into workers, never with reference code.
// Calls on the class are stateless: each builds the student's
// LearnedPositionalEmbedding(max_len, d_model, seed), installs the table sent
// with the call (through the student's set_table) when there is one, and runs
// the method.
#include "common/worker_support.hpp"
#include "learned-vs-fixed/bridge/codec.hpp"
#include "learned-vs-fixed/learned_vs_fixed.hpp"

namespace {

using namespace course::bridge;

// Values: max_len, d_model, seed, table or nothing.
course::LearnedPositionalEmbedding object_from(const Values& a) {
  course::LearnedPositionalEmbedding m(integer(a, 0, "max_len"), integer(a, 1, "d_model"),
                                       static_cast<std::uint64_t>(integer(a, 2, "seed")));
  if (!grader::protocol::is_none(a, 3)) m.set_table(matrix_d(a, 3, "table"));
  return m;
}

}  // namespace

void grader::worker::register_functions(Registry& registry) {
  register_course_errors(registry);
  registry.add("lpe_table", [](const Values& a) -> Values { return {to_value(object_from(a).table())}; });
  registry.add("lpe_forward", [](const Values& a) -> Values {
    return {to_value(object_from(a).forward(integer(a, 4, "seq_len")))};
  });
  registry.add("position_stats", [](const Values& a) -> Values {
    Values out;
    lvf::append(out, course::position_stats(matrix_d(a, 0, "positions")));
    return out;
  });
  registry.add("length_experiment", [](const Values& a) -> Values {
    const course::Index count = integer(a, 3, "lengths count");
    std::vector<course::Index> lengths;
    for (course::Index i = 0; i < count; ++i) lengths.push_back(integer(a, 4 + static_cast<std::size_t>(i), "lengths"));
    const auto reports = course::length_experiment(lengths, integer(a, 0, "d_model"), integer(a, 1, "table_len"),
                                                   static_cast<std::uint64_t>(integer(a, 2, "seed")));
    Values out{to_value(static_cast<course::Index>(reports.size()))};
    for (const auto& r : reports) lvf::append(out, r);
    return out;
  });
}
