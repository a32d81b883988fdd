#include "grader/authoring/worker_support.hpp"

#include "grader/authoring/eigen_assert.hpp"
#include "grader/authoring/not_implemented.hpp"

namespace course::bridge {

void register_course_errors(grader::worker::Registry& registry) {
  registry.add_translator([](const std::exception& e) -> std::optional<grader::protocol::Error> {
    if (dynamic_cast<const course::not_implemented*>(&e)) return grader::protocol::Error{"not_implemented", e.what()};
    // Not the student's throw: an Eigen size check in their code (grader/authoring/eigen_assert.hpp).
    if (dynamic_cast<const course::EigenAssertion*>(&e)) return grader::protocol::Error{"eigen_assert", e.what()};
    return std::nullopt;
  });
}

}  // namespace course::bridge
