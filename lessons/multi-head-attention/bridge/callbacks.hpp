// How a later lesson's worker asks for multi-head-attention's reference class
// (course.yaml `uses`; use_stubs.cpp and reference_server.cpp). The free
// functions are served from the lesson's list (declarations.hpp). A
// MultiHeadAttention built by a later lesson's code lives in that worker, so
// its methods cannot be answered by an object on the trusted side: each
// method travels, under its own wire name, as the module's sizes and
// parameters plus its arguments, and the trusted side runs it on a reference
// module rebuilt from them.
#pragma once

#include <cstdint>
#include <utility>

#include "multi-head-attention/bridge/declarations.hpp"

namespace course::bridge::multi_head_attention::callbacks {

/// The declaration `Sig` of a method that travels with the module's state, under the method's wire name.
template <typename Sig, typename M, typename... N>
auto travelling(const M& method, N&&... names) {
  return declare<Sig>(method.wire_name(), "embed_dim", "num_heads", std::forward<N>(names)...).on_the_wire_as(method.wire_name());
}
using M = declared::MultiHeadAttention;

/// MultiHeadAttention(embed_dim, num_heads, seed): the parameters it starts with.
inline const auto construct = travelling<MhaParameters(Index, Index, std::uint64_t)>(M::construct, "seed");
/// set_parameters(parameters) on a module of these sizes: the parameters it keeps.
inline const auto set_parameters =
    travelling<MhaParameters(Index, Index, const MhaParameters&)>(M::set_parameters, "parameters");
/// forward(query, key, value, options) on a module of these sizes and parameters.
inline const auto forward = travelling<AttentionOutput(Index, Index, const MhaParameters&, const Tensor&, const Tensor&,
                                                       const Tensor&, const ForwardOptions&)>(
    M::forward, "parameters", "query", "key", "value", "options");
/// operator()(x) on a module of these sizes and parameters.
inline const auto call_operator = travelling<std::pair<Tensor, Tensor>(Index, Index, const MhaParameters&, const Tensor&)>(
    M::call_operator, "parameters", "x");

}  // namespace course::bridge::multi_head_attention::callbacks
