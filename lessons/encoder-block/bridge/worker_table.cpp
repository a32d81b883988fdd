// Worker side of the encoder-block bridge: exposes the student's functions by
// name. Linked only into workers, never with reference code.
#include "grader/authoring/worker_support.hpp"
#include "encoder-block/bridge/declarations.hpp"

void grader::worker::register_functions(Registry& registry) {
  using namespace course::bridge;
  register_course_errors(registry);
  expose<&course::layer_norm>(registry, encoder::layer_norm);
  expose<&course::activate>(registry, encoder::activate);
  expose<&course::feed_forward>(registry, encoder::feed_forward);
  expose<&course::encoder_layer>(registry, encoder::encoder_layer);
  expose<&course::encoder_input>(registry, encoder::encoder_input);
  expose<&course::transformer_encoder>(registry, encoder::transformer_encoder);
}
