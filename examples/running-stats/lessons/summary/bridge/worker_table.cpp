// Worker side: the student's summarize by name (linked only into workers).
#include "grader/authoring/worker_support.hpp"
#include "summary/bridge/declarations.hpp"

void grader::worker::register_functions(Registry& registry) {
  using namespace course::bridge;
  register_course_errors(registry);
  expose<&course::summarize>(registry, sum::summarize);
}
