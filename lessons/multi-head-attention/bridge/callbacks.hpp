// How a later lesson's worker asks for multi-head-attention's reference
// (course.yaml `uses`; use_stubs.cpp and reference_server.cpp). The free
// functions travel with the lesson's own declarations (declarations.hpp).
// A MultiHeadAttention built by a later lesson's code lives in that worker,
// so its methods cannot be answered by an object on the trusted side: each
// method travels as the module's sizes and parameters plus its arguments,
// and the trusted side runs it on a reference module rebuilt from them.
#pragma once

#include <cstdint>
#include <utility>

#include "multi-head-attention/bridge/declarations.hpp"

namespace course::bridge::mha_callbacks {

/// MultiHeadAttention(embed_dim, num_heads, seed): the parameters it starts with.
inline const auto construct = declare<MhaParameters(Index, Index, std::uint64_t)>(
    "MultiHeadAttention", "embed_dim", "num_heads", "seed");
/// set_parameters(parameters) on a module of these sizes: the parameters it keeps.
inline const auto set_parameters = declare<MhaParameters(Index, Index, const MhaParameters&)>(
    "MultiHeadAttention::set_parameters", "embed_dim", "num_heads", "parameters");
/// forward(query, key, value, options) on a module of these sizes and parameters.
inline const auto forward =
    declare<AttentionOutput(Index, Index, const MhaParameters&, const Tensor&, const Tensor&, const Tensor&,
                            const ForwardOptions&)>("MultiHeadAttention::forward", "embed_dim", "num_heads",
                                                    "parameters", "query", "key", "value", "options");
/// operator()(x) on a module of these sizes and parameters.
inline const auto self_attention = declare<std::pair<Tensor, Tensor>(Index, Index, const MhaParameters&, const Tensor&)>(
    "MultiHeadAttention::operator()", "embed_dim", "num_heads", "parameters", "x");

}  // namespace course::bridge::mha_callbacks
