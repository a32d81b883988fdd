// Worker side of the order-matters bridge: exposes the student's functions by
// name. Linked only into workers, never with reference code.
#include "common/worker_support.hpp"
#include "order-matters/bridge/codec.hpp"
#include "order-matters/order_matters.hpp"

void grader::worker::register_functions(Registry& registry) {
  using namespace course::bridge;
  register_course_errors(registry);
  registry.add("embed", [](const Values& a) -> Values {
    std::size_t at = 0;
    return {to_value(course::embed(order::words(a, at, "words")))};
  });
  registry.add("with_positions", [](const Values& a) -> Values {
    return {to_value(course::with_positions(matrix_f(a, 0, "embeddings")))};
  });
  registry.add("self_attend", [](const Values& a) -> Values {
    const auto result = course::self_attend(matrix_f(a, 0, "x"));
    return {to_value(result.output), to_value(result.weights)};
  });
  registry.add("mean_pool", [](const Values& a) -> Values { return {to_value(course::mean_pool(matrix_f(a, 0, "x")))}; });
  registry.add("compare_orders", [](const Values& a) -> Values {
    std::size_t at = 0;
    const auto sentence_a = order::words(a, at, "sentence_a");
    const auto sentence_b = order::words(a, at, "sentence_b");
    return order::to_values(course::compare_orders(sentence_a, sentence_b));
  });
}
