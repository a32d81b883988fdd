// The positional-encoding bridge: its functions as both sides know them
// (docs/bridge-api.md), names and defaults as in positional_encoding.hpp.
// The build generates the rest from this list (grader/authoring/lesson_bridge.hpp).
#pragma once

#include "common/tensor_codec.hpp"
#include "grader/authoring/lesson_bridge.hpp"
#include "positional-encoding/positional_encoding.hpp"

#define COURSE_BRIDGE_positional_encoding(FUNCTION, CLASS, METHOD, CALL)        \
  FUNCTION(positional_encoding, "seq_len", "d_model", arg("base") = 10000.0) \
  FUNCTION(positional_encoding_loop, "seq_len", "d_model")
COURSE_BRIDGE(positional_encoding)
