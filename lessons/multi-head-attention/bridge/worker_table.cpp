// Worker side of the multi-head-attention bridge: exposes the student's
// functions by name. Linked only into workers, never with reference code.
// Calls on a module are stateless: each builds the student's
// course::MultiHeadAttention(E, H), installs the parameters sent with the
// call (through the student's set_parameters) and runs the method.
#include "common/worker_support.hpp"
#include "multi-head-attention/bridge/codec.hpp"
#include "multi-head-attention/multi_head_attention.hpp"

namespace {

using namespace course::bridge;

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

}  // namespace

void grader::worker::register_functions(Registry& registry) {
  register_course_errors(registry);

  registry.add("mha_init", [](const Values& a) -> Values {
    const auto seed = static_cast<std::uint64_t>(integer(a, 2, "seed"));
    return parameter_values(course::MultiHeadAttention(integer(a, 0, "embed_dim"), integer(a, 1, "num_heads"), seed));
  });
  registry.add("mha_set_parameters", [](const Values& a) -> Values { return parameter_values(module_from(a)); });
  registry.add("mha_forward", [](const Values& a) -> Values {
    const auto m = module_from(a);
    const auto result = m.forward(tensor(a, kAfterModule, "query"), tensor(a, kAfterModule + 1, "key"),
                                  tensor(a, kAfterModule + 2, "value"), mha::options(a, kAfterModule + 3));
    Values out{to_value(result.output)};
    mha::append(out, result.weights);
    return out;
  });
  registry.add("mha_self_attention", [](const Values& a) -> Values {
    const auto m = module_from(a);
    const auto [output, weights] = m(tensor(a, kAfterModule, "x"));
    return {to_value(output), to_value(weights)};
  });

  registry.add("project_heads", [](const Values& a) -> Values {
    return {to_value(course::project_heads(tensor(a, 0, "x"), matrix_f(a, 1, "weight"), vector_f(a, 2, "bias"),
                                           integer(a, 3, "num_heads")))};
  });
  registry.add("attend_heads", [](const Values& a) -> Values {
    const auto r = course::attend_heads(tensor(a, 0, "q"), tensor(a, 1, "k"), tensor(a, 2, "v"),
                                        mha::optional_tensor(a, 3, "score_bias"));
    return {to_value(r.output), to_value(r.weights)};
  });
  registry.add("merge_heads", [](const Values& a) -> Values {
    return {to_value(course::merge_heads(tensor(a, 0, "heads")))};
  });
  registry.add("causal_mask", [](const Values& a) -> Values {
    Values out;
    mha::append(out, std::optional<course::AttentionMask>(
                         course::causal_mask(integer(a, 0, "query_len"), integer(a, 1, "key_len"))));
    return out;
  });
  registry.add("merge_masks", [](const Values& a) -> Values {
    return {to_value(course::merge_masks(mha::attention_mask(a, 0), mha::optional_tensor(a, 2, "key_padding_mask"),
                                         integer(a, 3, "batch"), integer(a, 4, "num_heads"),
                                         integer(a, 5, "query_len"), integer(a, 6, "key_len")))};
  });
}
