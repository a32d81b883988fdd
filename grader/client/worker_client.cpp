#include "grader/client/worker_client.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <new>
#include <system_error>
#include <variant>

#include "grader/client/call_end.hpp"
#include "grader/client/reference_table.hpp"
#include "grader/protocol/errors.hpp"
#include "grader/protocol/frame.hpp"
#include "grader/sandbox/reaper.hpp"
#include "grader/util/caps.hpp"
#include "grader/worker/registry.hpp"

namespace grader::client {
namespace {

std::unique_ptr<WorkerClient>& global_student() {
  static std::unique_ptr<WorkerClient> client;
  return client;
}

}  // namespace

WorkerClient::WorkerClient(WorkerOptions options) : options_(std::move(options)) {
  // A dead worker must surface as a failed call, not kill the trusted process.
  signal(SIGPIPE, SIG_IGN);
  // Daemons the student's code starts are handed to us when their parents
  // die, and swept after every worker (stop()).
  sandbox::become_subreaper();
}

WorkerClient::~WorkerClient() { stop(); }

void WorkerClient::stop() {
  if (request_fd_ >= 0) ::close(request_fd_);
  if (reply_fd_ >= 0) ::close(reply_fd_);
  request_fd_ = reply_fd_ = -1;
  child_.kill();
  child_ = sandbox::Child();
  sandbox::sweep_orphans();
}

void WorkerClient::start() {
  int to_worker[2], from_worker[2];
  if (pipe2(to_worker, O_CLOEXEC) != 0 || pipe2(from_worker, O_CLOEXEC) != 0)
    throw WorkerFailure(std::string("could not create pipes for the worker: ") + std::strerror(errno));
  sandbox::Spec spec;
  spec.argv = {options_.executable};
  spec.working_dir = options_.work_dir;
  spec.env = sandbox::clean_environment(options_.work_dir.empty() ? "/nonexistent" : options_.work_dir);
  spec.limits = options_.limits;
  spec.pass_fds = {{worker::kRequestFd, to_worker[0]}, {worker::kReplyFd, from_worker[1]}};
  spec.isolation = sandbox::for_worker(options_.executable, options_.work_dir);
  try {
    child_ = sandbox::spawn(spec);
  } catch (const std::exception& e) {
    for (int fd : {to_worker[0], to_worker[1], from_worker[0], from_worker[1]}) ::close(fd);
    throw WorkerFailure(std::string("could not start the worker: ") + e.what());
  }
  // The grader reads this line from the suite's stderr for its log.
  if (child_.isolation() != reported_isolation_) {
    reported_isolation_ = child_.isolation();
    std::fprintf(stderr, "sandbox: %s\n", reported_isolation_.c_str());
    std::fflush(stderr);
  }
  ::close(to_worker[0]);
  ::close(from_worker[1]);
  ++worker_number_;
  request_fd_ = to_worker[1];
  reply_fd_ = from_worker[0];
  // Requests are written against the call's deadline (write_frame_until).
  fcntl(request_fd_, F_SETFL, fcntl(request_fd_, F_GETFL) | O_NONBLOCK);
  await_ready();
}

namespace {

// The ready frame is a few dozen bytes; anything longer is not it.
constexpr std::size_t kMaxReadyFrameBytes = 4096;

constexpr const char* kStaticInitHint =
    "a global variable's constructor or initialiser, or a static member's, in your files runs before the worker "
    "is ready";

constexpr const char* kForeignFrame =
    "before it was ready, something other than the worker's ready message arrived on the grader's pipe (does a "
    "global variable's initialiser in your files write to file descriptor 4?)";

std::string seconds_text(std::chrono::milliseconds ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", static_cast<double>(ms.count()) / 1000.0);
  return text;
}

std::string timed_out_text(std::chrono::milliseconds call_timeout) {
  return "timed out after " + seconds_text(call_timeout) +
         " s (an infinite loop, or far too much work?); the call was stopped";
}

// How a worker that ended reads in a message, from how the sandbox says it
// ended (sandbox::EndStatus) and its signal: what happened and what to look
// for, in a call ("your code ...") and before it was ready ("the worker ...",
// in the static initialisation of the student's files). One table for both.
struct WorkerEnd {
  std::string in_call;
  std::string before_ready;
};

WorkerEnd worker_end(const sandbox::Child& child, const sandbox::Limits& limits) {
  const int st = child.raw_status();
  const std::string how = sandbox::describe_status(st);
  const std::string init = kStaticInitHint;
  auto stopped = [&](const std::string& limit, const std::string& question) {
    return WorkerEnd{"was stopped: " + how + " (" + limit + ")",
                     "was stopped before it was ready: it " + how + " (" + limit + "; " + init + ": " + question + ")"};
  };
  auto crashed = [&](const std::string& in_call, const std::string& question) {
    return WorkerEnd{in_call, "crashed before it was ready: it " + how + " (" + init + ": " + question + ")"};
  };
  switch (child.end_status()) {
    case sandbox::EndStatus::ok:
    case sandbox::EndStatus::exited:
      return {"ended the worker: " + how + " during the call (exit() in student code?)",
              how + " before it was ready (" + init + ": does one call exit() or _exit()?)"};
    case sandbox::EndStatus::time_limit:
      return stopped("its CPU time limit of " + seconds_text(std::chrono::milliseconds(
                                                    static_cast<std::int64_t>(limits.cpu_seconds * 1000))) + " s",
                     "does one loop forever?");
    case sandbox::EndStatus::memory_limit:
      return stopped("its memory limit of " + std::to_string(limits.address_space_bytes >> 20) + " MiB",
                     "does one allocate too much?");
    case sandbox::EndStatus::signalled:
    case sandbox::EndStatus::wall_limit:
    case sandbox::EndStatus::output_limit: break;
  }
  const int sig = WIFSIGNALED(st) ? WTERMSIG(st) : 0;
  if (sig == SIGABRT)
    return crashed("aborted: " + how + " (a failed assertion?)",
                   "does one throw an exception, which ends the program through std::terminate, or fail an assertion?");
  if (sig == SIGSEGV) return crashed("crashed: " + how + "; look for an index out of range", "look for an index out of range or a null pointer there");
  return crashed(how, "look for an index out of range or a null pointer there");
}

// A callback's function name, as the worker sent it, short enough for a message.
std::string shown_name(const std::string& name) {
  constexpr std::size_t kShown = 64;
  return name.size() > kShown ? name.substr(0, kShown) + "..." : name;
}

}  // namespace

void WorkerClient::drain_output(int fd, void* client) {
  auto& self = *static_cast<WorkerClient*>(client);
  sandbox::drain_into(fd, self.last_output_, self.options_.output_cap, self.output_truncated_, &self.output_drained_);
  if (self.output_drained_ > caps::kMaxWorkerOutputDrainedPerCall && !self.output_flooded_) {
    self.output_flooded_ = true;
    self.child_.stop(sandbox::EndStatus::output_limit);  // its pipes close: the wait in progress ends as "closed"
  }
}

WorkerClient::OutputPolls WorkerClient::output_polls() {
  return {{{child_.stdout_fd(), &WorkerClient::drain_output, this}, {child_.stderr_fd(), &WorkerClient::drain_output, this}}};
}

std::string WorkerClient::flood_text(std::string_view who, std::string_view when) {
  return std::string(who) + " printed more than " + std::to_string(caps::kMaxWorkerOutputDrainedPerCall >> 20) +
         " MiB " + std::string(when) + ": the worker was stopped (printing inside a loop?)";
}

void WorkerClient::reset_output() {
  last_output_.clear();
  output_truncated_ = false;
  output_drained_ = 0;
  output_flooded_ = false;
}

void WorkerClient::await_ready() {
  auto deadline = std::chrono::steady_clock::now() + options_.ready_timeout;
  auto polls = output_polls();
  const protocol::ExtraPoll* extra = polls.fds;
  auto frame = protocol::read_frame_until(reply_fd_, kMaxReadyFrameBytes, deadline, extra, 2);
  switch (frame.status) {
    case protocol::ReadStatus::ok: break;
    case protocol::ReadStatus::timed_out:
      did_not_start("the worker was still in static initialisation after " + seconds_text(options_.ready_timeout) +
                    " s (" + kStaticInitHint + ": does one loop forever or wait?)");
    case protocol::ReadStatus::too_large:
      did_not_start(kForeignFrame);
    case protocol::ReadStatus::closed:
    case protocol::ReadStatus::io_error: {
      collect_end();
      if (output_flooded_) did_not_start(flood_text("it", "before it was ready (" + std::string(kStaticInitHint) + ")"));
      did_not_start("the worker " + worker_end(child_, options_.limits).before_ready);
    }
  }
  bool ready = false;
  try {
    auto hello = protocol::decode_reply(frame.bytes, {caps::kMaxErrorKindBytes, caps::kMaxErrorMessageBytes});
    ready = hello.sequence == 0 && hello.ok && hello.results.size() == 2 &&
            std::holds_alternative<std::string>(hello.results[0]) &&
            std::get<std::string>(hello.results[0]) == worker::kReadyGreeting &&
            std::holds_alternative<std::int64_t>(hello.results[1]);
    if (ready && std::get<std::int64_t>(hello.results[1]) != worker::kProtocolVersion)
      did_not_start("the worker speaks protocol version " + std::to_string(std::get<std::int64_t>(hello.results[1])) +
                    ", the test runner version " + std::to_string(worker::kProtocolVersion) +
                    " (the worker and the tests come from different builds of the grader)");
  } catch (const protocol::ProtocolError&) {
    ready = false;
  }
  if (!ready)
    did_not_start(kForeignFrame);
}

void WorkerClient::collect_end() {
  for (int i = 0; i < 50 && !child_.try_wait(); ++i) usleep(2000);
  if (child_.running()) child_.kill();
  for (int fd : {child_.stdout_fd(), child_.stderr_fd()})
    if (fd >= 0) {
      int flags = fcntl(fd, F_GETFL);
      fcntl(fd, F_SETFL, flags | O_NONBLOCK);
      while (sandbox::drain_into(fd, last_output_, options_.output_cap, output_truncated_)) {
        if (errno == EAGAIN) break;
      }
    }
}

std::string WorkerClient::output_tail(std::string_view when) const {
  if (last_output_.empty()) return {};
  // Whatever the student printed is often the best clue; show its tail.
  constexpr std::size_t kShown = 1500;
  std::string shown = last_output_.size() > kShown ? "..." + last_output_.substr(last_output_.size() - kShown) : last_output_;
  std::string text = "\n--- output of your code" + std::string(when) + " ---\n" + shown;
  if (output_truncated_) text += "\n(output was cut)";
  return text;
}

void WorkerClient::did_not_start(const std::string& what) {
  start_failure_ = "your code did not start: " + what + output_tail("");
  stop();
  throw WorkerDidNotStart(start_failure_);
}

namespace {
// What the next fail() is for (said just before it by the places that know:
// a timed-out wait, a worker that died), and what the latest one was for.
CallEnd next_call_end = CallEnd::other;
CallEnd latest_call_end = CallEnd::other;
void ends_as(CallEnd end) { next_call_end = end; }
}  // namespace

CallEnd latest_broken_call_end() { return latest_call_end; }

void WorkerClient::fail(std::string_view call_text, const std::string& what) {
  if (!call_log_.empty()) call_log_.back().broke_worker = true;
  // A flood ends the call whatever the wait was doing: not a crash or a hang of the student's.
  latest_call_end = output_flooded_ ? CallEnd::other : next_call_end;
  next_call_end = CallEnd::other;
  // A worker stopped for its flood ends whatever wait was going on (a closed
  // pipe, a failed write): the flood is the cause to name.
  std::string message = std::string(call_text) + ": " +
                        (output_flooded_ ? flood_text("your code", "during this call") : what) +
                        output_tail(" during this call");
  stop();
  throw WorkerFailure(message);
}

std::vector<Value> WorkerClient::call(std::string_view function, std::vector<Value> args, std::string_view call_text,
                                      std::string_view expected) {
  if (options_.executable.empty()) throw WorkerFailure("no worker executable was given to the test runner (--worker)");
  // A worker that did not start fails every later call at once, the same way.
  if (!start_failure_.empty()) throw WorkerDidNotStart(start_failure_);
  log_call(call_text, expected);
  reset_output();
  if (request_fd_ < 0) start();
  // Output printed while the worker started belongs to no call.
  reset_output();

  protocol::Request request{++sequence_, std::string(function), std::move(args)};
  auto deadline = std::chrono::steady_clock::now() + options_.call_timeout;
  auto timed_out = [&]() { return timed_out_text(options_.call_timeout); };
  auto polls = output_polls();
  const protocol::ExtraPoll* extra = polls.fds;
  switch (protocol::write_frame_until(request_fd_, protocol::encode(request), deadline, extra, 2)) {
    case protocol::WriteStatus::ok: break;
    case protocol::WriteStatus::timed_out:
      ends_as(CallEnd::timed_out);
      fail(call_text, timed_out());
    case protocol::WriteStatus::closed:
      // The worker was ready, then died before reading the request.
      child_.wait();
      ends_as(CallEnd::crashed);
      fail(call_text, "the worker " + sandbox::describe_status(child_.raw_status()) + " before it could be called");
  }

  // Refused from its length prefix, before anything is allocated; fail()
  // stops the worker, so the rest of the frame is never read. Until the
  // reply, the worker may call back for earlier lessons' functions; the
  // call's deadline covers them all.
  protocol::FrameResult frame;
  for (std::size_t callbacks = 0, notes = 0;;) {
    frame = protocol::read_frame_until(reply_fd_, caps::kMaxReplyBytes, deadline, extra, 2);
    switch (frame.status) {
      case protocol::ReadStatus::ok: break;
      case protocol::ReadStatus::timed_out:
        if (notes == 0) ask_where_it_was(request.sequence, extra);
        ends_as(CallEnd::timed_out);
        fail(call_text, timed_out());
      case protocol::ReadStatus::too_large:
        fail(call_text, "the reply of " + std::to_string(frame.claimed_bytes) + " bytes is over the limit of " +
                            std::to_string(caps::kMaxReplyBytes) + " bytes: cut (the worker was stopped)");
      case protocol::ReadStatus::closed:
      case protocol::ReadStatus::io_error: {
        // Collect the remaining output and the exit status to say what happened.
        collect_end();
        // The CPU limit's SIGXCPU wrote its note as a crash does, but it is a time limit.
        if (!call_log_.empty() && !call_log_.back().fault_stack.empty())
          call_log_.back().fault_how = child_.end_status() == sandbox::EndStatus::time_limit ? "timed_out" : "crashed";
        ends_as(CallEnd::crashed);
        fail(call_text, "your code " + worker_end(child_, options_.limits).in_call);
      }
    }
    if (protocol::is_fault_note(frame.bytes)) {
      // One per call: a throw's before the error reply, or a crash's.
      if (++notes > 1) fail(call_text, "the worker sent a second fault note for one call (malformed reply from the worker)");
      note_fault(call_text, frame.bytes, request.sequence);
      continue;
    }
    if (!protocol::is_callback(frame.bytes)) break;
    answer_callback(call_text, frame.bytes, request.sequence, ++callbacks, deadline);
  }

  protocol::Reply reply;
  try {
    reply = protocol::decode_reply(frame.bytes, {caps::kMaxErrorKindBytes, caps::kMaxErrorMessageBytes});
  } catch (const protocol::ProtocolError& e) {
    fail(call_text, std::string("malformed reply from the worker: ") + e.what());
  }
  frame = {};  // the raw reply is not needed past here; free it before the results are used
  // Kinds are short names the worker chooses from a fixed list: a long one is forged.
  if (reply.error_kind_bytes_sent)
    fail(call_text, "the reply's error kind of " + std::to_string(reply.error_kind_bytes_sent) +
                        " bytes is over the limit of " + std::to_string(caps::kMaxErrorKindBytes) +
                        " bytes: cut (malformed reply from the worker)");
  if (reply.sequence != request.sequence)
    fail(call_text, "the worker answered out of turn (did your code write to the grader's pipe?)");
  if (!reply.ok) {
    if (reply.error.kind == "protocol" || reply.error.kind == "unknown_function")
      fail(call_text, "the worker could not run the call: " + reply.error.message);
    if (!call_log_.empty()) {
      call_log_.back().error_kind = reply.error.kind;
      if (!call_log_.back().fault_stack.empty()) call_log_.back().fault_how = "threw";
    }
    rethrow(reply.error);
  }
  return std::move(reply.results);
}

void WorkerClient::ask_where_it_was(std::uint64_t sequence, const protocol::ExtraPoll* extra) {
  // The worker writes the stack it was running as a fault note on this
  // signal (grader/worker/fault_stack.hpp); a worker that does not within
  // the grace is killed as before, and the message is the same either way.
  if (!child_.request_stack()) return;
  const auto grace = std::chrono::steady_clock::now() + kStackGrace;
  auto frame = protocol::read_frame_until(reply_fd_, caps::kMaxFaultNoteBytes, grace, extra, 2);
  if (frame.status != protocol::ReadStatus::ok || !protocol::is_fault_note(frame.bytes)) return;
  protocol::FaultNote note;
  try {
    note = protocol::decode_fault_note(frame.bytes);
  } catch (const protocol::ProtocolError&) {
    return;  // the call has timed out: that is what the message says
  }
  if (note.sequence != sequence || call_log_.empty()) return;
  keep_fault_stack(note);
  if (!call_log_.back().fault_stack.empty()) call_log_.back().fault_how = "timed_out";
}

void WorkerClient::keep_fault_stack(const protocol::FaultNote& note) {
  auto& kept = call_log_.back().fault_stack;
  kept.clear();
  for (const auto& name : note.functions) {
    if (kept.size() == caps::kMaxFaultFrames) break;
    kept.push_back(name.substr(0, caps::kMaxFaultNameBytes));
  }
}

void WorkerClient::note_fault(std::string_view call_text, const std::string& bytes, std::uint64_t sequence) {
  if (bytes.size() > caps::kMaxFaultNoteBytes)
    fail(call_text, "the worker's fault note of " + std::to_string(bytes.size()) + " bytes is over the limit of " +
                        std::to_string(caps::kMaxFaultNoteBytes) + " bytes (malformed reply from the worker)");
  protocol::FaultNote note;
  try {
    note = protocol::decode_fault_note(bytes);
  } catch (const protocol::ProtocolError& e) {
    fail(call_text, std::string("malformed fault note from the worker: ") + e.what());
  }
  if (note.sequence != sequence)
    fail(call_text, "the worker answered out of turn (did your code write to the grader's pipe?)");
  if (call_log_.empty()) return;
  keep_fault_stack(note);
}

void WorkerClient::answer_callback(std::string_view call_text, const std::string& bytes, std::uint64_t sequence,
                                   std::size_t count, std::chrono::steady_clock::time_point deadline) {
  if (bytes.size() > caps::kMaxCallbackBytes) {
    const std::string function = protocol::callback_function_of(bytes);
    fail(call_text, (function.empty() ? std::string() : "callback '" + shown_name(function) + "': ") +
                        "a callback of " + std::to_string(bytes.size()) + " bytes is over the limit of " +
                        std::to_string(caps::kMaxCallbackBytes) + " bytes (the worker was stopped)");
  }
  if (count > caps::kMaxCallbacksPerCall)
    fail(call_text, "the call asked for earlier lessons' functions more than " +
                        std::to_string(caps::kMaxCallbacksPerCall) + " times (the worker was stopped)");
  protocol::Callback callback;
  try {
    callback = protocol::decode_callback(bytes);
  } catch (const protocol::ProtocolError& e) {
    fail(call_text, std::string("malformed callback from the worker: ") + e.what());
  }
  if (callback.sequence != sequence)
    fail(call_text, "the worker called back for another call than the one running (did your code write to the "
                    "grader's pipe?)");
  const ReferenceHandler* handler = find_reference(options_.callback_lessons, callback.function);
  if (!handler)
    fail(call_text, "the worker called back '" + shown_name(callback.function) +
                        "', which is not a function of an earlier lesson this lesson uses, nor of another exercise this "
                        "test's exercise uses (did your code write to "
                        "the grader's pipe?)");
  protocol::Reply answer;
  answer.sequence = callback.sequence;
  try {
    answer.results = (*handler)(callback.args);
  } catch (const CallbackRefused& e) {
    fail(call_text, "callback '" + callback.function + "': " + e.what());
  } catch (const protocol::ProtocolError& e) {
    fail(call_text, "malformed callback '" + callback.function + "' from the worker: " + e.what());
  } catch (const std::exception& e) {
    answer = {callback.sequence, false, {}, protocol::error_of(e)};
  }
  auto polls = output_polls();
  const protocol::ExtraPoll* extra = polls.fds;
  // A worker that never reads its answer fills the pipe: the write stops at the deadline.
  switch (protocol::write_frame_until(request_fd_, protocol::encode_answer(answer), deadline, extra, 2)) {
    case protocol::WriteStatus::ok: break;
    case protocol::WriteStatus::timed_out:
      ends_as(CallEnd::timed_out);
      fail(call_text, timed_out_text(options_.call_timeout));
    case protocol::WriteStatus::closed:
      child_.wait();
      fail(call_text, "the worker " + sandbox::describe_status(child_.raw_status()) +
                          " while the grader answered its callback '" + callback.function + "'");
  }
}

void WorkerClient::log_call(std::string_view call_text, std::string_view expected) {
  if (!call_log_.empty()) {
    // The previous call is over: keep what it printed, within the log's budget.
    auto& previous = call_log_.back();
    std::size_t room = caps::kMaxCallLogOutputBytes - call_log_output_bytes_;
    previous.output = last_output_.substr(0, room);
    previous.output_cut = output_truncated_ || previous.output.size() < last_output_.size();
    call_log_output_bytes_ += previous.output.size();
  }
  // A full log keeps its first calls and the latest one (which the next
  // failure is most likely about).
  if (call_log_.size() >= caps::kMaxCallLogEntries) {
    call_log_output_bytes_ -= call_log_.back().output.size();
    call_log_.pop_back();
  }
  CallRecord record;
  record.call_text = std::string(call_text);
  record.expected = std::string(expected);
  call_log_.push_back(std::move(record));
}

std::vector<CallRecord> WorkerClient::call_log() const {
  std::vector<CallRecord> log = call_log_;
  if (!log.empty()) {
    // The last call's output is still in last_output_ (until the next call).
    std::size_t room = caps::kMaxCallLogOutputBytes - call_log_output_bytes_;
    log.back().output = last_output_.substr(0, room);
    log.back().output_cut = output_truncated_ || log.back().output.size() < last_output_.size();
  }
  return log;
}

void WorkerClient::begin_test() {
  ++test_number_;
  objects_made_ = false;
}

void WorkerClient::release_objects() {
  if (!objects_made_ || request_fd_ < 0 || !start_failure_.empty()) return;
  objects_made_ = false;
  try {
    call(worker::kReleaseObjects, {}, "the end of the test (releasing its objects)");
  } catch (...) {
    // A destructor that threw, crashed or hung: the objects may still be
    // there, so the next test gets a fresh worker.
    stop();
  }
}

void WorkerClient::clear_call_log() {
  call_log_.clear();
  call_log_output_bytes_ = 0;
}

void rethrow(const protocol::Error& error) {
  protocol::throw_if_standard(error);
  if (error.kind == "not_implemented") throw NotImplemented(error.message);
  if (error.kind == "bad_alloc") throw StudentException(error.kind, "your code ran out of memory (std::bad_alloc)");
  throw StudentException(error.kind, error.message);
}

WorkerClient& student() {
  auto& c = global_student();
  if (!c) c = std::make_unique<WorkerClient>(WorkerOptions{});
  return *c;
}

void configure_student(WorkerOptions options) { global_student() = std::make_unique<WorkerClient>(std::move(options)); }

}  // namespace grader::client
