#include "grader/client/results_listener.hpp"

#include <nlohmann/json.hpp>

namespace grader::client {

ResultsListener::ResultsListener(const std::string& path) : file_(std::fopen(path.c_str(), "w")) {}

ResultsListener::~ResultsListener() {
  if (file_) std::fclose(file_);
}

void ResultsListener::OnTestEnd(const ::testing::TestInfo& info) {
  if (!file_) return;
  const auto* result = info.result();
  std::string message;
  for (int i = 0; i < result->total_part_count(); ++i) {
    const auto& part = result->GetTestPartResult(i);
    if (!part.failed()) continue;
    if (!message.empty()) message += "\n";
    message += part.message();
  }
  nlohmann::json line = {{"name", std::string(info.test_suite_name()) + "." + info.name()},
                         {"file", info.file() ? info.file() : ""},
                         {"passed", !result->Failed() && !result->Skipped()},
                         {"skipped", result->Skipped()},
                         {"message", message},
                         {"ms", result->elapsed_time()}};
  // Invalid UTF-8 from student output must not break the line: replace it.
  std::string text = line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::fprintf(file_, "%s\n", text.c_str());
  std::fflush(file_);
}

}  // namespace grader::client
