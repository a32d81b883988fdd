#include "common/worker_support.hpp"

namespace course::bridge {

void register_course_errors(grader::worker::Registry& registry) {
  registry.add_translator([](const std::exception& e) -> std::optional<grader::protocol::Error> {
    if (dynamic_cast<const course::not_implemented*>(&e)) return grader::protocol::Error{"not_implemented", e.what()};
    return std::nullopt;
  });
}

}  // namespace course::bridge
