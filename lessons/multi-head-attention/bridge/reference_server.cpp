// The trusted side of lesson multi-head-attention's callbacks: runs its
// reference for the worker of a later lesson that uses it
// (grader/client/reference_table.hpp). Linked only into the suites of an
// instructor build, never into a worker. Result sizes are checked from the
// arguments before the reference runs; a module's methods run on a reference
// module rebuilt from the sizes and parameters the call carries (callbacks.hpp).
#include <cstdint>
#include <utility>

#include "common/reference_support.hpp"
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

// A module's parameters: 4E^2 + 4E values.
double parameter_elements(Index embed_dim) { return 4 * elements(embed_dim, embed_dim) + 4 * elements(embed_dim, 1); }

// Weights (B, H, L, S) for query (B, L, E) and key (B, S, E), as far as the shapes say.
double weight_elements(const Tensor& query, const Tensor& key, Index num_heads) {
  if (query.rank() != 3 || key.rank() != 3) return 0;
  return elements(query.dim(0), num_heads) * elements(query.dim(1), key.dim(1));
}

const bool registered =
    serve_reference<&construct>(kLesson, mha_callbacks::construct,
                                [](Index embed_dim, Index, std::uint64_t) { return parameter_elements(embed_dim); }) &&
    serve_reference<&set_parameters>(
        kLesson, mha_callbacks::set_parameters,
        [](Index embed_dim, Index, const MhaParameters&) { return parameter_elements(embed_dim); }) &&
    serve_reference<&forward>(kLesson, mha_callbacks::forward,
                              [](Index, Index num_heads, const MhaParameters&, const Tensor& query, const Tensor& key,
                                 const Tensor&, const ForwardOptions&) {
                                return double(query.size()) + weight_elements(query, key, num_heads);
                              }) &&
    serve_reference<&self_attention>(
        kLesson, mha_callbacks::self_attention,
        [](Index, Index num_heads, const MhaParameters&, const Tensor& x) {
          return double(x.size()) + weight_elements(x, x, num_heads);
        }) &&
    serve_reference<&course::project_heads>(
        kLesson, mha::project_heads,
        [](const Tensor& x, const course::MatrixXf&, const course::VectorXf&, Index) { return double(x.size()); }) &&
    serve_reference<&course::attend_heads>(
        kLesson, mha::attend_heads,
        [](const Tensor& q, const Tensor& k, const Tensor&, const std::optional<Tensor>&) {
          if (q.rank() != 4 || k.rank() != 4) return double(q.size());
          return double(q.size()) + elements(q.dim(0), q.dim(1)) * elements(q.dim(2), k.dim(2));
        }) &&
    serve_reference<&course::merge_heads>(kLesson, mha::merge_heads,
                                          [](const Tensor& heads) { return double(heads.size()); }) &&
    serve_reference<&course::causal_mask>(kLesson, mha::causal_mask,
                                          [](Index query_len, Index key_len) { return elements(query_len, key_len); }) &&
    serve_reference<&course::merge_masks>(
        kLesson, mha::merge_masks,
        [](const std::optional<course::AttentionMask>&, const std::optional<Tensor>&, Index batch, Index num_heads,
           Index query_len, Index key_len) { return elements(batch, num_heads) * elements(query_len, key_len); });

}  // namespace
