// The positional-encoding functions as both sides of the bridge know them
// (docs/bridge-api.md): names and defaults as in positional_encoding.hpp.
#pragma once

#include "common/tensor_codec.hpp"
#include "grader/authoring/declare.hpp"
#include "positional-encoding/positional_encoding.hpp"

namespace course::bridge::pe {

inline const auto positional_encoding = declare<decltype(course::positional_encoding)>(
    "positional_encoding", "seq_len", "d_model", arg("base") = 10000.0);
inline const auto positional_encoding_loop =
    declare<decltype(course::positional_encoding_loop)>("positional_encoding_loop", "seq_len", "d_model");

}  // namespace course::bridge::pe
