// The trusted side of lesson multi-head-attention's callbacks: runs its
// reference for the worker of a later lesson that uses it
// (grader/client/reference_table.hpp). Linked only into the suites of an
// instructor build, never into a worker. A module's methods run on a
// reference module rebuilt from the sizes and parameters the call carries
// (callbacks.hpp), so their cost includes building it: embed_dim alone asks
// for 4E^2 parameters. Each function's cost (its result, what it holds at
// once, its steps) is counted from the arguments and checked before the
// reference runs (docs/security.md, "Callbacks").
#include <cstdint>
#include <utility>

#include "grader/authoring/reference_support.hpp"
#include "multi-head-attention/bridge/callbacks.hpp"

namespace {

using namespace course::bridge;
using course::AttentionOutput;
using course::ForwardOptions;
using course::Index;
using course::MhaParameters;
using course::Tensor;

constexpr const char* kLesson = "multi-head-attention";

course::MultiHeadAttention module(Index embed_dim, Index num_heads, const MhaParameters& parameters) {
  course::MultiHeadAttention m(embed_dim, num_heads);
  m.set_parameters(parameters);
  return m;
}

MhaParameters construct(Index embed_dim, Index num_heads, std::uint64_t seed) {
  return course::MultiHeadAttention(embed_dim, num_heads, seed).parameters();
}
MhaParameters set_parameters(Index embed_dim, Index num_heads, const MhaParameters& parameters) {
  return module(embed_dim, num_heads, parameters).parameters();
}
AttentionOutput forward(Index embed_dim, Index num_heads, const MhaParameters& parameters, const Tensor& query,
                        const Tensor& key, const Tensor& value, const ForwardOptions& options) {
  return module(embed_dim, num_heads, parameters).forward(query, key, value, options);
}
std::pair<Tensor, Tensor> self_attention(Index embed_dim, Index num_heads, const MhaParameters& parameters,
                                         const Tensor& x) {
  return module(embed_dim, num_heads, parameters)(x);
}

// The parameters of a module of width E: 4E^2 + 4E values, each drawn or
// zeroed once when it is built.
double parameter_elements(Index e) { return 4 * elements(e, e) + 4 * elements({e}); }
double parameter_steps(Index e) { return 4 * steps({e, e}) + 4 * steps({e}); }

// The values of parameters a call carries (already decoded; the module keeps a copy).
double carried(const MhaParameters& p) {
  return static_cast<double>(p.in_proj_weight.size() + p.in_proj_bias.size() + p.out_proj_weight.size() +
                             p.out_proj_bias.size());
}

// A rebuilt module's forward pass on query (B, L, E) and key, value (B, S, E)
// (reference: mha_combine.cpp): the module (its seeded parameters and the
// copy of the given ones); three projections of two (rows, E) tensors each;
// the score bias, the weights and their copy (B, H, L, S); the heads' output,
// the merged heads and the output (B, L, E); the averaged weights (B, L, S).
// Steps: the seeding, the four projections (E multiply-adds per value), the
// scores and the weighted sum (B*L*S*E each, as H*D = E), and the passes over
// the weights.
CallbackCost forward_cost(Index e, Index h, const MhaParameters& p, const Tensor& query, const Tensor& key) {
  const Index b = extent(query, 0), l = extent(query, 1), s = extent(key, 1);
  const double weights = elements({b, h, l, s});
  CallbackCost cost;
  cost.result = elements({b, l, e}) + weights;
  cost.held = parameter_elements(e) + carried(p) + 5 * elements({b, l, e}) + 4 * elements({b, s, e}) + 3 * weights +
              elements({b, l, s});
  cost.steps = parameter_steps(e) + carried(p) + 2 * steps({b, l, e, e}) + 2 * steps({b, s, e, e}) +
               2 * steps({b, l, s, e}) + 6 * steps({b, h, l, s});
  return cost;
}

const bool registered =
    serve_reference<&construct>(kLesson, mha_callbacks::construct,
                                [](Index e, Index, std::uint64_t) {
                                  // The module's parameters, and the copy that is the result.
                                  return CallbackCost{parameter_elements(e), 2 * parameter_elements(e), parameter_steps(e)};
                                }) &&
    serve_reference<&set_parameters>(kLesson, mha_callbacks::set_parameters,
                                     [](Index e, Index, const MhaParameters& p) {
                                       // A seeded module, then the given parameters twice (kept, returned).
                                       return CallbackCost{carried(p), parameter_elements(e) + 2 * carried(p),
                                                           parameter_steps(e) + 2 * carried(p)};
                                     }) &&
    serve_reference<&forward>(kLesson, mha_callbacks::forward,
                              [](Index e, Index h, const MhaParameters& p, const Tensor& query, const Tensor& key,
                                 const Tensor&, const ForwardOptions&) { return forward_cost(e, h, p, query, key); }) &&
    serve_reference<&self_attention>(kLesson, mha_callbacks::self_attention,
                                     [](Index e, Index h, const MhaParameters& p, const Tensor& x) {
                                       return forward_cost(e, h, p, x, x);
                                     }) &&
    serve_reference<&course::project_heads>(
        kLesson, mha::project_heads,
        [](const Tensor& x, const course::MatrixXf&, const course::VectorXf&, Index h) {
          // x (B, L, E): the (B*L, E) projection and its (B, H, L, D) copy.
          const Index b = extent(x, 0), l = extent(x, 1), e = extent(x, 2);
          return CallbackCost{elements({b, l, e}), 2 * elements({b, l, e}), 2 * steps({b, l, e, e}) + steps({b, h, l, e})};
        }) &&
    serve_reference<&course::attend_heads>(
        kLesson, mha::attend_heads,
        [](const Tensor& q, const Tensor& k, const Tensor&, const std::optional<Tensor>&) {
          // q (B, H, L, D), k (B, H, S, D): the output (B, H, L, D) and the weights (B, H, L, S).
          const Index b = extent(q, 0), h = extent(q, 1), l = extent(q, 2), d = extent(q, 3), s = extent(k, 2);
          const double values = elements({b, h, l, d}) + elements({b, h, l, s});
          return CallbackCost{values, values, 2 * steps({b, h, l, s, d}) + 5 * steps({b, h, l, s})};
        }) &&
    serve_reference<&course::merge_heads>(kLesson, mha::merge_heads,
                                          [](const Tensor& heads) {
                                            const double values = static_cast<double>(heads.size());
                                            return CallbackCost{values, values, steps(heads)};
                                          }) &&
    serve_reference<&course::causal_mask>(kLesson, mha::causal_mask,
                                          [](Index query_len, Index key_len) {
                                            const double values = elements(query_len, key_len);
                                            return CallbackCost{values, values, steps({query_len, key_len})};
                                          }) &&
    serve_reference<&course::merge_masks>(
        kLesson, mha::merge_masks,
        [](const std::optional<course::AttentionMask>&, const std::optional<Tensor>&, Index batch, Index num_heads,
           Index query_len, Index key_len) {
          // The (B, H, L, S) bias, filled from each mask in turn.
          const double values = elements({batch, num_heads, query_len, key_len});
          return CallbackCost{values, values, 3 * steps({batch, num_heads, query_len, key_len})};
        });

}  // namespace
