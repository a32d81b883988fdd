#include "grader/client/results_listener.hpp"

#include <nlohmann/json.hpp>

#include "grader/client/worker_client.hpp"
#include "grader/util/caps.hpp"

namespace grader::client {

ResultsListener::ResultsListener(const std::string& path) : file_(std::fopen(path.c_str(), "w")) {}

ResultsListener::~ResultsListener() {
  if (file_) std::fclose(file_);
}

void ResultsListener::OnTestEnd(const ::testing::TestInfo& info) {
  if (!file_) return;
  const auto* result = info.result();
  // The lesson-level outcome first, so the grader can say it once.
  if (!did_not_start_written_ && !student().start_failure().empty()) {
    did_not_start_written_ = true;
    nlohmann::json failed = {{"did_not_start", student().start_failure().substr(0, caps::kMaxTestMessageBytes)}};
    std::fprintf(file_, "%s\n", failed.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
  }
  // Worker text reaches these messages: each test and the whole run are capped
  // so the grader's memory for a lesson's results is bounded; every test still
  // gets its line.
  std::size_t cap = message_bytes_ < caps::kMaxLessonMessageBytes ? caps::kMaxTestMessageBytes
                                                                  : caps::kMaxTestMessageAfterLessonCap;
  std::string message = joined_failures(*result, cap);
  message_bytes_ += message.size();
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

std::string joined_failures(const ::testing::TestResult& result, std::size_t cap) {
  std::string message;
  std::size_t total = 0;  // bytes the full text would have
  for (int i = 0; i < result.total_part_count(); ++i) {
    const auto& part = result.GetTestPartResult(i);
    if (!part.failed()) continue;
    std::string piece = total ? "\n" : "";
    piece += part.message();
    total += piece.size();
    if (message.size() < cap) message.append(piece, 0, cap - message.size());
  }
  if (total > message.size()) message += "... (cut: " + std::to_string(total - message.size()) + " bytes more)";
  return message;
}

}  // namespace grader::client
