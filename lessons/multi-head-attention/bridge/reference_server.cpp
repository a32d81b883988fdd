// The trusted side of lesson multi-head-attention's callbacks: runs its
// reference functions for the worker of a later lesson that uses them
// (grader/client/reference_table.hpp). Linked only into the suites of an
// instructor build, never into a worker. Each answer's size is checked from
// the arguments before the reference runs; the arguments are decoded as the
// lesson's own worker table decodes them (codec.hpp).
#include <algorithm>
#include <string>

#include "common/bridge.hpp"
#include "grader/client/reference_table.hpp"
#include "multi-head-attention/bridge/codec.hpp"
#include "multi-head-attention/multi_head_attention.hpp"

namespace {

using namespace course::bridge;
using course::Index;
using grader::client::add_reference;
using grader::client::check_callback_result_size;

constexpr const char* kLesson = "multi-head-attention";

double positive(Index n) { return static_cast<double>(std::max<Index>(n, 0)); }

// The parameters of a module of width E: 4E^2 + 4E values.
void check_module_size(Index embed_dim, const std::string& what) {
  const double e = positive(embed_dim);
  check_callback_result_size(4 * e * e + 4 * e, what);
}

// Values: E, H, then the four parameters.
course::MultiHeadAttention module_from(const Values& a) {
  course::MultiHeadAttention m(integer(a, 0, "embed_dim"), integer(a, 1, "num_heads"));
  m.set_parameters(mha::parameters(a, 2));
  return m;
}

constexpr std::size_t kAfterModule = 2 + mha::kParameterValues;

Values parameter_values(const course::MultiHeadAttention& m) {
  Values out;
  mha::append(out, m.parameters());
  return out;
}

// Weights (B, H, L, S) for query (B, L, E) and key (B, S, E), as far as the shapes say.
double weights_size(const course::Tensor& query, const course::Tensor& key, Index num_heads) {
  if (query.rank() != 3 || key.rank() != 3) return 0;
  return positive(query.dim(0)) * positive(num_heads) * positive(query.dim(1)) * positive(key.dim(1));
}

const bool registered =
    add_reference(kLesson, "mha_init",
                  [](const Values& a) -> Values {
                    check_module_size(integer(a, 0, "embed_dim"), "MultiHeadAttention");
                    const auto seed = static_cast<std::uint64_t>(integer(a, 2, "seed"));
                    return parameter_values(
                        course::MultiHeadAttention(integer(a, 0, "embed_dim"), integer(a, 1, "num_heads"), seed));
                  }) &&
    add_reference(kLesson, "mha_set_parameters",
                  [](const Values& a) -> Values {
                    check_module_size(integer(a, 0, "embed_dim"), "MultiHeadAttention::set_parameters");
                    return parameter_values(module_from(a));
                  }) &&
    add_reference(kLesson, "mha_forward",
                  [](const Values& a) -> Values {
                    const auto query = tensor(a, kAfterModule, "query"), key = tensor(a, kAfterModule + 1, "key");
                    check_callback_result_size(query.size() + weights_size(query, key, integer(a, 1, "num_heads")),
                                               "MultiHeadAttention::forward");
                    const auto m = module_from(a);
                    const auto r = m.forward(query, key, tensor(a, kAfterModule + 2, "value"),
                                             mha::options(a, kAfterModule + 3));
                    Values out{to_value(r.output)};
                    mha::append(out, r.weights);
                    return out;
                  }) &&
    add_reference(kLesson, "mha_self_attention",
                  [](const Values& a) -> Values {
                    const auto x = tensor(a, kAfterModule, "x");
                    check_callback_result_size(x.size() + weights_size(x, x, integer(a, 1, "num_heads")),
                                               "MultiHeadAttention::operator()");
                    const auto [output, weights] = module_from(a)(x);
                    return {to_value(output), to_value(weights)};
                  }) &&
    add_reference(kLesson, "project_heads",
                  [](const Values& a) -> Values {
                    return {to_value(course::project_heads(tensor(a, 0, "x"), matrix_f(a, 1, "weight"),
                                                           vector_f(a, 2, "bias"), integer(a, 3, "num_heads")))};
                  }) &&
    add_reference(kLesson, "attend_heads",
                  [](const Values& a) -> Values {
                    const auto q = tensor(a, 0, "q"), k = tensor(a, 1, "k");
                    if (q.rank() == 4 && k.rank() == 4)
                      check_callback_result_size(q.size() + positive(q.dim(0)) * positive(q.dim(1)) *
                                                                positive(q.dim(2)) * positive(k.dim(2)),
                                                 "attend_heads");
                    const auto r = course::attend_heads(q, k, tensor(a, 2, "v"), mha::optional_tensor(a, 3, "score_bias"));
                    return {to_value(r.output), to_value(r.weights)};
                  }) &&
    add_reference(kLesson, "merge_heads",
                  [](const Values& a) -> Values { return {to_value(course::merge_heads(tensor(a, 0, "heads")))}; }) &&
    add_reference(kLesson, "causal_mask",
                  [](const Values& a) -> Values {
                    const Index query_len = integer(a, 0, "query_len"), key_len = integer(a, 1, "key_len");
                    check_callback_result_size(positive(query_len) * positive(key_len), "causal_mask");
                    Values out;
                    mha::append(out, std::optional<course::AttentionMask>(course::causal_mask(query_len, key_len)));
                    return out;
                  }) &&
    add_reference(kLesson, "merge_masks", [](const Values& a) -> Values {
      const Index batch = integer(a, 3, "batch"), heads = integer(a, 4, "num_heads"),
                  query_len = integer(a, 5, "query_len"), key_len = integer(a, 6, "key_len");
      check_callback_result_size(positive(batch) * positive(heads) * positive(query_len) * positive(key_len),
                                 "merge_masks");
      return {to_value(course::merge_masks(mha::attention_mask(a, 0), mha::optional_tensor(a, 2, "key_padding_mask"),
                                           batch, heads, query_len, key_len))};
    });

}  // namespace
