#include "grader/authoring/proxy_support.hpp"

namespace course::bridge {

std::string call_text(const std::string& name, const std::vector<std::string>& described_args) {
  return detail::call_text(name, described_args);
}

std::string ObjectHandle::method_text(const std::string& method, const std::vector<std::string>& shown) const {
  // operator() is declared with an empty name: "Counter(1)(5)".
  return text_ + (method.empty() ? "" : ".") + detail::call_text(method, shown);
}

void ObjectHandle::check_alive(const std::string& text) const {
  const auto& client = grader::client::student();
  if (client.test_number() != test_)
    throw grader::client::WorkerFailure(text + ": this object was made by an earlier test; an object lives only "
                                               "as long as the test that made it");
  if (!client.worker_running() || client.worker_number() != worker_)
    throw grader::client::WorkerFailure(text + ": this object was lost when the worker stopped after an earlier "
                                               "call broke it (a crash, a time-out or a malformed reply)");
}

}  // namespace course::bridge
