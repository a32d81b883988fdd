// Worker side of the positional-encoding bridge: exposes the student's
// functions by name. Linked only into workers, never with reference code.
#include "common/worker_support.hpp"
#include "positional-encoding/positional_encoding.hpp"

void grader::worker::register_functions(Registry& registry) {
  using namespace course::bridge;
  register_course_errors(registry);
  registry.add("positional_encoding", [](const Values& a) -> Values {
    return {to_value(course::positional_encoding(integer(a, 0, "seq_len"), integer(a, 1, "d_model"), real(a, 2, "base")))};
  });
  registry.add("positional_encoding_loop", [](const Values& a) -> Values {
    return {to_value(course::positional_encoding_loop(integer(a, 0, "seq_len"), integer(a, 1, "d_model")))};
  });
}
