// How the attention bridge packs a Mask into pipe values. Shared by the
// worker table, the proxy, the stubs and the reference server, so the
// encodings cannot drift apart.
#pragma once

#include <string>

#include "attention/attention.hpp"
#include "common/bridge.hpp"
#include "grader/protocol/args.hpp"

namespace course::bridge::attention {

/// A mask is its kind (an integer) followed by its values, or by nothing when
/// the kind is none.
inline void append(Values& out, const Mask& mask) {
  out.push_back(to_value(static_cast<Index>(mask.kind)));
  out.push_back(mask.kind == Mask::Kind::none ? Value{} : to_value(mask.values));
}

/// Reads a mask written by append at `index`.
inline Mask mask_arg(const Values& a, std::size_t index) {
  const Index kind = integer(a, index, "mask kind");
  if (kind == 0) return {};
  if (kind != 1 && kind != 2)
    throw grader::protocol::ProtocolError("mask kind must be 0, 1 or 2, got " + std::to_string(kind));
  return {static_cast<Mask::Kind>(kind), matrix_f(a, index + 1, "mask values")};
}

}  // namespace course::bridge::attention
