// Worker side of the learned-vs-fixed bridge: exposes the student's class and
// functions by name. Linked only into workers, never with reference code.
// The student's LearnedPositionalEmbedding objects live here across calls,
// each until the end of the test that made it.
#include "grader/authoring/worker_support.hpp"
#include "learned-vs-fixed/bridge/declarations.hpp"

void grader::worker::register_functions(Registry& registry) {
  using namespace course::bridge;
  using course::LearnedPositionalEmbedding;
  register_course_errors(registry);
  expose_constructor(registry, lvf::construct);
  expose_method<&LearnedPositionalEmbedding::max_len>(registry, lvf::max_len);
  expose_method<&LearnedPositionalEmbedding::d_model>(registry, lvf::d_model);
  expose_method<&LearnedPositionalEmbedding::table>(registry, lvf::table);
  expose_method<&LearnedPositionalEmbedding::set_table>(registry, lvf::set_table);
  expose_method<&LearnedPositionalEmbedding::forward>(registry, lvf::forward);
  expose<&course::position_stats>(registry, lvf::position_stats);
  expose<&course::length_experiment>(registry, lvf::length_experiment);
}
