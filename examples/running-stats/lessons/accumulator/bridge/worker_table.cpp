// Worker side: the student's RunningStats by name (linked only into workers).
#include "accumulator/bridge/declarations.hpp"
#include "grader/authoring/worker_support.hpp"

void grader::worker::register_functions(Registry& registry) {
  using namespace course::bridge;
  using course::RunningStats;
  register_course_errors(registry);
  expose_constructor(registry, acc::construct);
  expose_method<&RunningStats::add>(registry, acc::add);
  expose_method<&RunningStats::count>(registry, acc::count);
  expose_method<&RunningStats::mean>(registry, acc::mean);
  expose_method<&RunningStats::variance>(registry, acc::variance);
}
