// The worker's side of a callback: a frame to the trusted side while a call
// is in progress, then a blocking wait for its answer on the request pipe.
#include <unistd.h>

#include <stdexcept>

#include "grader/protocol/errors.hpp"
#include "grader/protocol/frame.hpp"
#include "grader/worker/registry.hpp"

namespace grader::worker {
namespace {

std::uint64_t g_call_sequence = 0;

// Exit code when the answer cannot be read: the trusted side has stopped the
// call already (deadline, malformed callback) or closed the pipe.
constexpr int kBrokenCallback = 71;

}  // namespace

std::uint64_t current_call_sequence() { return g_call_sequence; }
CallInProgress::CallInProgress(std::uint64_t sequence) { g_call_sequence = sequence; }
CallInProgress::~CallInProgress() { g_call_sequence = 0; }

std::vector<Value> call_back(std::string_view function, std::vector<Value> args) {
  if (g_call_sequence == 0)
    throw std::logic_error("'" + std::string(function) +
                           "' from an earlier lesson can only be called during a test's call, not while the program "
                           "starts (is it called from a global variable's initialiser?)");
  protocol::Callback callback{g_call_sequence, std::string(function), std::move(args)};
  if (!protocol::write_frame(kReplyFd, protocol::encode(callback))) ::_exit(kBrokenCallback);
  auto frame = protocol::read_frame(kRequestFd, protocol::kMaxMessageBytes);
  if (frame.status != protocol::ReadStatus::ok) ::_exit(kBrokenCallback);
  protocol::Reply answer;
  try {
    answer = protocol::decode_answer(frame.bytes);
  } catch (const protocol::ProtocolError&) {
    ::_exit(kBrokenCallback);
  }
  if (answer.sequence != callback.sequence) ::_exit(kBrokenCallback);
  if (answer.ok) return std::move(answer.results);
  // The reference's own exception, with the type a caller may catch.
  protocol::throw_if_standard(answer.error);
  // Any other kind (the reference ran out of memory, threw a type of its
  // own) is not the student's: never their bad_alloc, a runtime_error.
  throw std::runtime_error(answer.error.message);
}

}  // namespace grader::worker
