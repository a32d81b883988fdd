// The trusted side of the pipe: starts a student's worker under limits, sends
// calls, and turns every way a call can go wrong into an exception whose
// message names the call. Lesson proxies are thin wrappers around call().
#pragma once

#include <chrono>
#include <exception>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "grader/protocol/frame.hpp"
#include "grader/protocol/value.hpp"
#include "grader/sandbox/process.hpp"
#include "grader/util/caps.hpp"

namespace grader::client {

using protocol::Value;

/// Wall time a freshly started worker has to send its ready frame (the
/// handshake, docs/architecture.md). Counted from the worker's exec, so the
/// sandbox's own set-up is not in it; the course's workers are ready in a few
/// milliseconds, the rest is room for a loaded, shared machine. A lesson whose
/// worker never starts costs this once per suite, far below the lesson limit.
inline constexpr std::chrono::milliseconds kReadyTimeout{5000};

struct WorkerOptions {
  std::string executable;
  std::chrono::milliseconds call_timeout{2000};
  std::chrono::milliseconds ready_timeout = kReadyTimeout;  ///< for the handshake, before the first call
  sandbox::Limits limits;           ///< applied to every worker process
  std::size_t output_cap = caps::kMaxWorkerOutputPerCall;  ///< bytes of the worker's stdout/stderr kept per call
  std::string work_dir;             ///< empty private folder the worker runs in
  /// Earlier lessons whose reference functions the worker may call back
  /// (reference_table.hpp); empty: every callback fails the call.
  std::vector<std::string> callback_lessons;
};

/// The worker crashed, hung, exited, or replied with something malformed.
/// Deliberately not derived from std::runtime_error & co, so that a test
/// expecting the student to throw std::invalid_argument cannot be satisfied by
/// a crash.
class WorkerFailure : public std::exception {
 public:
  explicit WorkerFailure(std::string message) : message_(std::move(message)) {}
  const char* what() const noexcept override { return message_.c_str(); }

 private:
  std::string message_;
};

/// The worker never became ready: it hung, crashed or exited before main()
/// (a static initialiser of the student's files). The client remembers it:
/// every later call fails at once with the same message, no worker is
/// started again, and no call is blamed (the message does not name one).
class WorkerDidNotStart : public WorkerFailure {
 public:
  using WorkerFailure::WorkerFailure;
};

/// The student's function is still a stub.
class NotImplemented : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

/// The student's code threw something that is not a standard exception type
/// the tests know; carries the kind for messages.
class StudentException : public std::runtime_error {
 public:
  StudentException(std::string kind, const std::string& message)
      : std::runtime_error(message), kind_(std::move(kind)) {}
  const std::string& kind() const { return kind_; }

 private:
  std::string kind_;
};

/// One call into the worker, as a failure message tells it: the call in the
/// student's terms, what their code printed during it, and how it ended.
struct CallRecord {
  std::string call_text;    ///< "positional_encoding(5, 8)"
  std::string output;       ///< stdout and stderr of the worker during the call
  bool output_cut = false;  ///< the output was longer (caps)
  std::string error_kind;   ///< the student's exception ("invalid_argument", ...); empty: none
  bool broke_worker = false;  ///< the call ended in a WorkerFailure (crash, timeout, ...)
  /// What the test was due from the call ("a matrix", "std::invalid_argument
  /// naming 'seq_len'"), for a failure that ended it otherwise; empty: unknown.
  std::string expected;
  /// Where the worker's code was when the call failed (protocol::FaultNote):
  /// function names, innermost first, as the worker sent them (capped).
  std::vector<std::string> fault_stack;
  /// How the call ended there, when fault_stack is set: "threw", "crashed" or "timed_out".
  std::string fault_how;
};

class WorkerClient {
 public:
  explicit WorkerClient(WorkerOptions options);
  ~WorkerClient();
  WorkerClient(const WorkerClient&) = delete;
  WorkerClient& operator=(const WorkerClient&) = delete;

  /// Calls `function` in the worker. `call_text` ("positional_encoding(5, 8)")
  /// starts every failure message. Standard exceptions thrown by the student
  /// are rethrown here with the same type (std::invalid_argument, ...); a stub
  /// becomes NotImplemented; anything that breaks the worker becomes
  /// WorkerFailure, and the next call starts a fresh worker.
  /// `expected` is what the call should give ("a matrix"; empty when it
  /// returns nothing), which a failure message names when the call throws
  /// or breaks the worker instead.
  std::vector<Value> call(std::string_view function, std::vector<Value> args, std::string_view call_text,
                          std::string_view expected = {});
  /// The latest call was due to throw `expected` ("std::invalid_argument
  /// naming 'seq_len'") rather than return: what a failure message names.
  void expect_from_last_call(std::string expected) {
    if (!call_log_.empty()) call_log_.back().expected = std::move(expected);
  }

  /// Non-empty once a worker did not start (WorkerDidNotStart's message).
  const std::string& start_failure() const { return start_failure_; }

  /// Output the worker printed during the last call (capped).
  const std::string& last_output() const { return last_output_; }
  const WorkerOptions& options() const { return options_; }

  /// The calls since clear_call_log() (the results listener clears it when a
  /// test starts), oldest first: at most caps::kMaxCallLogEntries of them
  /// (the first ones and the latest), with caps::kMaxCallLogOutputBytes of
  /// output in all.
  std::vector<CallRecord> call_log() const;
  void clear_call_log();
  /// Objects that live across calls (docs/bridge-api.md): each belongs to
  /// the test that made it. begin_test() starts a test (TestObjectsListener);
  /// release_objects() at its end asks the worker to destroy the objects made
  /// during it, and stops the worker when that fails, so none survives.
  void begin_test();
  void note_object_made() { objects_made_ = true; }
  void release_objects();
  /// Counts tests begun, and workers started: an object made under other
  /// numbers belongs to an earlier test, or was lost with its worker.
  std::uint64_t test_number() const { return test_number_; }
  std::uint64_t worker_number() const { return worker_number_; }
  bool worker_running() const { return request_fd_ >= 0; }

  /// The text of the latest call in the log ("" when there is none).
  std::string last_call_text() const { return call_log_.empty() ? std::string() : call_log_.back().call_text; }

 private:
  /// Starts the record of a call; the previous call's output goes into its record.
  void log_call(std::string_view call_text, std::string_view expected);
  void start();
  void await_ready();
  void stop();
  /// Waits briefly for a worker whose pipe closed and drains its last output
  /// (killing it if it is still running); child_ then says how it ended.
  void collect_end();
  /// The tail of what the worker printed, under "--- output of your code<when> ---" ('' when nothing).
  std::string output_tail(std::string_view when) const;
  [[noreturn]] void fail(std::string_view call_text, const std::string& what);
  /// Keeps a fault note (where the worker's code was when the call failed)
  /// in the call's record; fails the call when it is malformed or too large.
  void note_fault(std::string_view call_text, const std::string& bytes, std::uint64_t sequence);
  void keep_fault_stack(const protocol::FaultNote& note);
  /// At a call's deadline: signals the worker to write where it was, and
  /// keeps that note when it comes within kStackGrace.
  void ask_where_it_was(std::uint64_t sequence, const protocol::ExtraPoll* extra);
  static constexpr std::chrono::milliseconds kStackGrace{500};
  /// Runs the reference function a callback asks for and writes its answer;
  /// fails the call (stopping the worker) when the callback is not allowed.
  void answer_callback(std::string_view call_text, const std::string& bytes, std::uint64_t sequence,
                       std::size_t count, std::chrono::steady_clock::time_point deadline);
  [[noreturn]] void did_not_start(const std::string& what);
  /// Forgets the output of the previous call (or of the start).
  void reset_output();
  /// protocol::ExtraPoll callback (`client` is this): reads what the worker
  /// printed into last_output_ (keeping options_.output_cap bytes) and stops
  /// the worker once a call's output passes caps::kMaxWorkerOutputDrainedPerCall.
  static void drain_output(int fd, void* client);
  /// The worker's stdout and stderr, polled while the client waits on it.
  struct OutputPolls {
    protocol::ExtraPoll fds[2];
  };
  OutputPolls output_polls();
  /// "<who> printed more than ... MiB <when>": why a flooded worker was stopped.
  static std::string flood_text(std::string_view who, std::string_view when);
  WorkerOptions options_;
  sandbox::Child child_;
  int request_fd_ = -1;  // we write requests here
  int reply_fd_ = -1;    // we read replies here
  std::uint64_t sequence_ = 0;
  std::string last_output_;
  bool output_truncated_ = false;
  std::size_t output_drained_ = 0;  ///< bytes read from stdout+stderr since the call began
  bool output_flooded_ = false;     ///< over caps::kMaxWorkerOutputDrainedPerCall: the worker was stopped
  std::string reported_isolation_;  ///< last isolation written to stderr
  std::string start_failure_;       ///< set once a worker did not start
  std::vector<CallRecord> call_log_;
  std::size_t call_log_output_bytes_ = 0;
  std::uint64_t test_number_ = 0;
  std::uint64_t worker_number_ = 0;
  bool objects_made_ = false;  ///< since the test began  ///< output kept in call_log_ (all but the last call)
};

/// The worker of the submission under test, configured by the suite main from
/// its command line. Throws WorkerFailure when no worker was given.
WorkerClient& student();
void configure_student(WorkerOptions options);

/// Rethrows a reply error as the matching standard exception type.
[[noreturn]] void rethrow(const protocol::Error& error);

}  // namespace grader::client
