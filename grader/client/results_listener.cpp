#include "grader/client/results_listener.hpp"

#include <nlohmann/json.hpp>

#include <cctype>

#include "grader/client/call_end.hpp"
#include "grader/protocol/errors.hpp"
#include "grader/testing/tensor_compare.hpp"
#include "grader/util/caps.hpp"

namespace grader::client {

namespace {
std::vector<std::pair<std::string, std::string>>& argument_expectations() {
  static std::vector<std::pair<std::string, std::string>> recorded;
  return recorded;
}
/// A likely cause the running test declared for a call's error (declare_stop_cause).
struct StopCause {
  std::string error_kind;
  std::string message;  ///< empty: any message
  std::string cause;
};

std::vector<StopCause>& stop_causes() {
  static std::vector<StopCause> declared;
  return declared;
}

/// "\n  likely cause: ..." for the first cause declared for this error, or "".
std::string declared_cause_line(const std::string& error_kind, const std::string& message) {
  for (const auto& c : stop_causes())
    if (c.error_kind == error_kind && (c.message.empty() || c.message == message))
      return "\n" + testing::likely_cause_line(c.cause);
  return "";
}
}  // namespace

void declare_stop_cause(std::string error_kind, std::string message, std::string cause) {
  stop_causes().push_back({std::move(error_kind), std::move(message), std::move(cause)});
}

void record_argument_expectation(const std::string& argument, const std::string& message) {
  auto& recorded = argument_expectations();
  if (recorded.size() < caps::kMaxArgumentExpectations)
    recorded.emplace_back(argument.substr(0, caps::kMaxArgumentExpectationBytes),
                          message.substr(0, caps::kMaxArgumentExpectationBytes));
}

ResultsListener::ResultsListener(const std::string& path) : file_(std::fopen(path.c_str(), "w")) {}

ResultsListener::~ResultsListener() {
  if (file_) std::fclose(file_);
}

void ResultsListener::OnTestStart(const ::testing::TestInfo&) {
  student().clear_call_log();
  argument_expectations().clear();
  stop_causes().clear();
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
  std::string message = result->Failed() ? joined_failures(*result, cap, student().call_log()) : "";
  message_bytes_ += message.size();
  nlohmann::json line = {{"name", std::string(info.test_suite_name()) + "." + info.name()},
                         {"file", info.file() ? info.file() : ""},
                         {"status", to_string(test_status(*result, student().call_log()))},
                         {"message", message},
                         {"ms", result->elapsed_time()}};
  // Where the failing call's code was (the grader names the function at
  // fault when it is not the test's own: runner/lesson/blame.hpp).
  // Only the last call's: an exception, a crash or a timeout ends the test,
  // so it is the call that failed.
  if (result->Failed()) {
    const auto calls = student().call_log();
    if (!calls.empty() && !calls.back().fault_stack.empty() && !calls.back().fault_how.empty()) {
      line["fault_stack"] = calls.back().fault_stack;
      line["fault_how"] = calls.back().fault_how;
    }
  }
  if (!argument_expectations().empty()) {
    line["argument_expectations"] = nlohmann::json::array();
    for (const auto& [argument, said] : argument_expectations())
      line["argument_expectations"].push_back({argument, said});
  }
  // Invalid UTF-8 from student output must not break the line: replace it.
  std::string text = line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::fprintf(file_, "%s\n", text.c_str());
  std::fflush(file_);
}

ResultLineStatus test_status(bool failed, bool skipped, const std::vector<CallRecord>& calls) {
  if (failed) {
    // The worker reports a starter stub's course::not_implemented as its own
    // kind (grader/authoring/worker_support.hpp).
    for (const auto& call : calls)
      if (call.error_kind == "not_implemented") return ResultLineStatus::not_implemented;
    return ResultLineStatus::failed;
  }
  return skipped ? ResultLineStatus::skipped : ResultLineStatus::passed;
}

ResultLineStatus test_status(bool failed, bool skipped, const std::vector<CallRecord>& calls, CallEnd broken_call_end) {
  const ResultLineStatus status = test_status(failed, skipped, calls);
  // The call that ended the test broke the worker (the latest call: a broken
  // worker ends the test): how the client saw it end.
  if (status != ResultLineStatus::failed || calls.empty() || !calls.back().broke_worker) return status;
  switch (broken_call_end) {
    case CallEnd::crashed: return ResultLineStatus::crashed;
    case CallEnd::timed_out: return ResultLineStatus::timed_out;
    case CallEnd::other: break;
  }
  return status;
}

ResultLineStatus test_status(const ::testing::TestResult& result, const std::vector<CallRecord>& calls) {
  return test_status(result.Failed(), result.Skipped(), calls, latest_broken_call_end());
}

namespace {

bool starts_with(const std::string& s, const std::string& prefix) { return s.compare(0, prefix.size(), prefix) == 0; }

/// GoogleTest's words for an exception that left a test: the exception's
/// what(), or nothing when the text is not one of them.
bool exception_description(const std::string& message, std::string& description) {
  static const std::string kWith = "C++ exception with description \"";
  static const std::string kUnknown = "Unknown C++ exception thrown in ";
  if (starts_with(message, kUnknown)) {
    description = "an exception that is not a std::exception";
    return true;
  }
  if (!starts_with(message, kWith)) return false;
  const auto end = message.rfind("\" thrown in ");
  if (end == std::string::npos || end < kWith.size()) return false;
  description = message.substr(kWith.size(), end - kWith.size());
  return true;
}

/// The C++ name of an exception kind the worker reports (grader/worker).
std::string exception_type(const std::string& kind) {
  if (protocol::is_standard_error_kind(kind)) return "std::" + kind;
  return kind == "exception" || kind == "unknown" ? "an exception" : "an exception (" + kind + ")";
}

}  // namespace

std::string with_readable_traces(const std::string& message) {
  static const std::string kTrace = "\nGoogle Test trace:\n";
  const auto at = message.find(kTrace);
  if (at == std::string::npos) return message;
  std::string out = message.substr(0, at);
  std::size_t pos = at + kTrace.size();
  while (pos < message.size()) {
    auto end = message.find('\n', pos);
    if (end == std::string::npos) end = message.size();
    std::string line = message.substr(pos, end - pos);
    // "path/to/test.cpp:42: what" -> "what": the test's file means nothing to a student.
    const auto colon = line.find(": ");
    if (colon != std::string::npos && colon > 0 && std::isdigit(static_cast<unsigned char>(line[colon - 1])))
      line = line.substr(colon + 2);
    if (!line.empty()) out += "\n  (in: " + line + ")";
    pos = end + 1;
  }
  return out;
}

std::string in_student_terms(const std::string& raw, const std::vector<CallRecord>& calls) {
  std::string message = with_readable_traces(raw);
  // ADD_FAILURE() and FAIL() put GoogleTest's "Failed" line above the text.
  if (starts_with(message, "Failed\n")) message.erase(0, 7);
  std::string what;
  if (!exception_description(message, what)) return message;
  if (calls.empty()) return starts_with(what, "your code did not start") ? what : "the test stopped: " + what;
  const CallRecord& last = calls.back();
  // What the call was due to give, before what it did instead.
  const std::string instead = last.expected.empty() ? "" : "expected " + last.expected + ", but ";
  // A broken worker's message (WorkerFailure) already starts with the call:
  // "softmax_rows(...): your code aborted ..." becomes "softmax_rows(...):
  // expected a matrix, but your code aborted ...".
  if (last.broke_worker || starts_with(what, last.call_text)) {
    const std::string head = last.call_text + ": ";
    if (instead.empty() || !starts_with(what, head) || starts_with(what, head + "expected ")) return what;
    return head + instead + what.substr(head.size());
  }
  if (last.error_kind == "not_implemented" || last.error_kind == "bad_alloc") return last.call_text + ": " + what;
  // An Eigen size check in the student's code (grader/authoring/eigen_assert.hpp): its own sentence.
  const std::string cause = declared_cause_line(last.error_kind, what);
  if (last.error_kind == "eigen_assert") return last.call_text + ": " + instead + what + cause;
  if (!last.error_kind.empty())
    return last.call_text + ": " + instead + (instead.empty() ? "threw " : "your code threw ") +
           exception_type(last.error_kind) + ": " + what + cause;
  // The call returned, and the test's own code could not go on with the
  // result (an index past the end of a result of the wrong shape, ...).
  return last.call_text + ": the result could not be checked: " + what +
         (last.expected.empty() ? "" : " (expected " + last.expected + " of the shape the lesson's header gives)");
}

std::string printed_output(const std::vector<CallRecord>& calls, const std::string& message) {
  std::string text;
  std::size_t shown = 0;
  bool cut = false;
  for (const auto& call : calls) {
    if (call.output.empty() || call.broke_worker || message.find(call.output) != std::string::npos) continue;
    if (shown >= caps::kMaxShownOutputPerTest) {
      cut = true;
      break;
    }
    std::string piece = call.output.substr(0, caps::kMaxShownOutputPerTest - shown);
    shown += piece.size();
    text += "\n--- your code printed during " + call.call_text + " ---\n" + piece;
    if (!piece.empty() && piece.back() == '\n') text.pop_back();
    if (call.output_cut || piece.size() < call.output.size()) text += "\n(output was cut)";
  }
  if (cut) text += "\n(output of later calls not shown)";
  return text;
}

std::string joined_failures(const ::testing::TestResult& result, std::size_t cap, const std::vector<CallRecord>& calls) {
  std::string message;
  std::size_t total = 0;  // bytes the full text would have
  auto add = [&](const std::string& piece) {
    total += piece.size();
    if (message.size() < cap) message.append(piece, 0, cap - message.size());
  };
  for (int i = 0; i < result.total_part_count(); ++i) {
    const auto& part = result.GetTestPartResult(i);
    if (!part.failed()) continue;
    add((total ? "\n" : "") + in_student_terms(part.message(), calls));
  }
  if (total) add(printed_output(calls, message));
  if (total > message.size()) message += "... (cut: " + std::to_string(total - message.size()) + " bytes more)";
  return message;
}

}  // namespace grader::client
