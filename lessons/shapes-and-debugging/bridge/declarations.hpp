// The shapes-and-debugging bridge: its functions as both sides know them
// (docs/bridge-api.md), names as in shapes_and_debugging.hpp. The build
// generates the rest from this list (grader/authoring/lesson_bridge.hpp).
#pragma once

#include "common/tensor_codec.hpp"
#include "grader/authoring/lesson_bridge.hpp"
#include "shapes-and-debugging/shapes_and_debugging.hpp"

#define COURSE_BRIDGE_shapes_and_debugging(FUNCTION, CLASS, METHOD, CALL)  \
  FUNCTION(add_positional_encoding, "embeddings", "encoding") \
  FUNCTION(head_dim, "embed_dim", "num_heads")                \
  FUNCTION(split_heads, "x", "num_heads")                     \
  FUNCTION(attention_scores, "q", "k")
COURSE_BRIDGE(shapes_and_debugging)
