#include "grader/authoring/eigen_assert.hpp"

#include "grader/authoring/eigen_checks.hpp"

namespace course {

std::string eigen_assertion_sentence(const std::string& condition) {
  const EigenCheck check = eigen_check_of(condition);
  if (check != EigenCheck::unknown) return eigen_stop_message(check);
  // Unknown to the course: Eigen's own condition, cut to a readable length.
  std::string sentence = "Eigen stopped your code";
  sentence.append(": its size check `").append(condition, 0, 200);
  if (condition.size() > 200) sentence.append("...");
  sentence.append("` failed (a shape or an index that does not fit)");
  return sentence;
}

void eigen_assertion_failed(const char* condition) {
  const std::string text = condition ? condition : "";
  throw EigenAssertion(eigen_assertion_sentence(text), text);
}

}  // namespace course
