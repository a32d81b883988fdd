// The trusted side of the class's callbacks (callbacks.hpp): each method runs
// on a reference module rebuilt from the sizes and parameters the call
// carries, its cost estimated in costs.hpp. The lesson's free functions are
// served from its list (declarations.hpp). Linked only into the suites of an
// instructor build, never into a worker.
#include <cstdint>
#include <utility>

#include "multi-head-attention/bridge/callbacks.hpp"
#include "multi-head-attention/bridge/costs.hpp"

namespace {

using namespace course::bridge::multi_head_attention;
using course::Index;
using course::MhaParameters;
using course::Tensor;
using Module = course::MultiHeadAttention;

Module rebuilt(Index embed_dim, Index num_heads, const MhaParameters& parameters) {
  Module m(embed_dim, num_heads);
  m.set_parameters(parameters);
  return m;
}
MhaParameters construct(Index e, Index h, std::uint64_t seed) { return Module(e, h, seed).parameters(); }
MhaParameters set_parameters(Index e, Index h, const MhaParameters& p) { return rebuilt(e, h, p).parameters(); }
course::AttentionOutput forward(Index e, Index h, const MhaParameters& p, const Tensor& query, const Tensor& key,
                                const Tensor& value, const course::ForwardOptions& options) {
  return rebuilt(e, h, p).forward(query, key, value, options);
}
std::pair<Tensor, Tensor> call_operator(Index e, Index h, const MhaParameters& p, const Tensor& x) {
  return rebuilt(e, h, p)(x);
}

using course::bridge::serve_reference;
const bool registered =
    serve_reference<&construct>("multi-head-attention", callbacks::construct, costs::construct) &&
    serve_reference<&set_parameters>("multi-head-attention", callbacks::set_parameters, costs::set_parameters) &&
    serve_reference<&forward>("multi-head-attention", callbacks::forward, costs::forward) &&
    serve_reference<&call_operator>("multi-head-attention", callbacks::call_operator, costs::call_operator);

}  // namespace
