// Worker side of the order-matters bridge: exposes the student's functions by
// name. Linked only into workers, never with reference code.
#include "grader/authoring/worker_support.hpp"
#include "order-matters/bridge/declarations.hpp"

void grader::worker::register_functions(Registry& registry) {
  using namespace course::bridge;
  register_course_errors(registry);
  expose<&course::embed>(registry, order::embed);
  expose<&course::with_positions>(registry, order::with_positions);
  expose<&course::self_attend>(registry, order::self_attend);
  expose<&course::mean_pool>(registry, order::mean_pool);
  expose<&course::compare_orders>(registry, order::compare_orders);
}
