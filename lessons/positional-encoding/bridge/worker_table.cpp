// Worker side of the positional-encoding bridge: exposes the student's
// functions by name. Linked only into workers, never with reference code.
#include "grader/authoring/worker_support.hpp"
#include "positional-encoding/bridge/declarations.hpp"

void grader::worker::register_functions(Registry& registry) {
  using namespace course::bridge;
  register_course_errors(registry);
  expose<&course::positional_encoding>(registry, pe::positional_encoding);
  expose<&course::positional_encoding_loop>(registry, pe::positional_encoding_loop);
}
