// The trusted side of lesson positional-encoding's callbacks: runs its
// reference functions for the worker of a later lesson that uses them
// (grader/client/reference_table.hpp). Linked only into the suites of an
// instructor build, never into a worker. Result sizes are checked from the
// arguments before the reference runs.
#include <algorithm>

#include "common/bridge.hpp"
#include "grader/client/reference_table.hpp"
#include "positional-encoding/positional_encoding.hpp"

namespace {

using namespace course::bridge;
using grader::client::add_reference;
using grader::client::check_callback_result_size;

void check_size(course::Index seq_len, course::Index d_model, const char* name) {
  check_callback_result_size(static_cast<double>(std::max<course::Index>(seq_len, 0)) *
                                 static_cast<double>(std::max<course::Index>(d_model, 0)),
                             std::string(name) + "(" + std::to_string(seq_len) + ", " + std::to_string(d_model) + ")");
}

const bool registered =
    add_reference("positional-encoding", "positional_encoding",
                  [](const Values& a) -> Values {
                    const course::Index seq_len = integer(a, 0, "seq_len"), d_model = integer(a, 1, "d_model");
                    check_size(seq_len, d_model, "positional_encoding");
                    return {to_value(course::positional_encoding(seq_len, d_model, real(a, 2, "base")))};
                  }) &&
    add_reference("positional-encoding", "positional_encoding_loop", [](const Values& a) -> Values {
      const course::Index seq_len = integer(a, 0, "seq_len"), d_model = integer(a, 1, "d_model");
      check_size(seq_len, d_model, "positional_encoding_loop");
      return {to_value(course::positional_encoding_loop(seq_len, d_model))};
    });

}  // namespace
