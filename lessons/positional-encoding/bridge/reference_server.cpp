// The trusted side of lesson positional-encoding's callbacks: runs its
// reference functions for the worker of a later lesson that uses them
// (grader/client/reference_table.hpp). Linked only into the suites of an
// instructor build, never into a worker. Result sizes are checked from the
// arguments before the reference runs.
#include "common/reference_support.hpp"
#include "positional-encoding/bridge/declarations.hpp"

namespace {

using namespace course::bridge;
using course::Index;

const bool registered =
    serve_reference<&course::positional_encoding>(
        "positional-encoding", pe::positional_encoding,
        [](Index seq_len, Index d_model, double) { return elements(seq_len, d_model); }) &&
    serve_reference<&course::positional_encoding_loop>(
        "positional-encoding", pe::positional_encoding_loop,
        [](Index seq_len, Index d_model) { return elements(seq_len, d_model); });

}  // namespace
