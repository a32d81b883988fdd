// The shapes-and-debugging functions as both sides of the bridge know them
// (docs/bridge-api.md): names as in shapes_and_debugging.hpp.
#pragma once

#include "common/tensor_codec.hpp"
#include "grader/authoring/declare.hpp"
#include "shapes-and-debugging/shapes_and_debugging.hpp"

namespace course::bridge::shapes {

inline const auto add_positional_encoding =
    declare<decltype(course::add_positional_encoding)>("add_positional_encoding", "embeddings", "encoding");
inline const auto head_dim = declare<decltype(course::head_dim)>("head_dim", "embed_dim", "num_heads");
inline const auto split_heads = declare<decltype(course::split_heads)>("split_heads", "x", "num_heads");
inline const auto attention_scores = declare<decltype(course::attention_scores)>("attention_scores", "q", "k");

}  // namespace course::bridge::shapes
