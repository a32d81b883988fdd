// The worker side of the pipe: a table of callable functions that a lesson's
// bridge fills in, and the loop that serves requests from the trusted side.
#pragma once

#include <csignal>
#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grader/protocol/value.hpp"

namespace grader::worker {

using protocol::Value;
using Handler = std::function<std::vector<Value>(const std::vector<Value>& args)>;
/// Maps a course exception type to an error kind (e.g. "not_implemented");
/// returns nothing for exceptions it does not know.
using ErrorTranslator = std::function<std::optional<protocol::Error>(const std::exception&)>;

class Registry {
 public:
  void add(std::string name, Handler handler);
  void add_translator(ErrorTranslator translator);
  /// Runs on the built-in request kReleaseObjects (the end of each test):
  /// a lesson's object table drops every object it holds.
  void add_release(std::function<void()> release);
  void release_objects() const;
  const Handler* find(std::string_view name) const;
  std::vector<std::string> names() const;
  /// Error kind and message for an exception thrown by the code under test.
  protocol::Error classify(const std::exception& error) const;

 private:
  std::map<std::string, Handler, std::less<>> handlers_;
  std::vector<ErrorTranslator> translators_;
  std::vector<std::function<void()>> releases_;
};

/// Defined by each lesson's worker table, which the build generates from its
/// list (lessons/<id>/bridge/declarations.hpp, COURSE_WORKER_TABLE):
/// registers the lesson's functions. The generic worker main calls it.
void register_functions(Registry& registry);

/// Serves requests read from in_fd until it closes; replies on out_fd.
/// Returns the process exit code (0 on a clean end of input).
int serve(const Registry& registry, int in_fd, int out_fd);

/// The handshake: before serving, the course-owned main writes one reply
/// with sequence 0 whose results are {kReadyGreeting, kProtocolVersion}.
/// Static initialisers of student files run before main, so a worker that
/// hangs, crashes or exits there never sends it, and the trusted side can say
/// the code did not start instead of blaming the first call.
inline constexpr std::string_view kReadyGreeting = "grader-worker-ready";
/// 2: callbacks from the worker during a call (Callback, encode_answer).
inline constexpr std::int64_t kProtocolVersion = 2;
/// The ready frame (encoded reply) main() writes; the client expects exactly it.
std::string ready_frame();

/// The built-in request the trusted side sends when a test ends (no
/// arguments, no results): every object made during the test is destroyed,
/// so none outlives the test that made it (docs/bridge-api.md).
inline constexpr std::string_view kReleaseObjects = "grader.release_objects";

/// File descriptors the trusted side passes to every worker.
inline constexpr int kRequestFd = 3;
inline constexpr int kReplyFd = 4;

/// The signal the trusted side sends a worker whose call ran past its
/// deadline, a short grace before it is killed: the worker writes where it
/// was as a fault note (fault_stack.hpp); sandbox::Child::request_stack() sends it.
inline constexpr int kStackRequestSignal = SIGUSR1;

/// The sequence of the request being served, 0 outside a call. Nothing
/// secret: it only lets a callback say which call it belongs to.
std::uint64_t current_call_sequence();

/// Marks a request as being served (serve() holds one per request).
class CallInProgress {
 public:
  explicit CallInProgress(std::uint64_t sequence);
  ~CallInProgress();
  CallInProgress(const CallInProgress&) = delete;
  CallInProgress& operator=(const CallInProgress&) = delete;
};

/// Asks the trusted side to run `function` (an earlier lesson's function the
/// lesson uses, docs/architecture.md "Earlier lessons' functions") and waits
/// for its answer. Course-owned stubs call it in place of the student's
/// earlier files when grading against the earlier lessons' reference. An
/// error answer is thrown as the standard type of its kind
/// (std::invalid_argument, ...). Outside a call (a static initialiser) it
/// throws std::logic_error. When the pipe breaks or the answer is malformed
/// the worker ends: the trusted side has already failed the call.
std::vector<Value> call_back(std::string_view function, std::vector<Value> args);

}  // namespace grader::worker
