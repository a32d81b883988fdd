// The values that cross the worker pipe. The set is small on purpose: a lesson
// bridge converts its own types (Eigen matrices, course tensors) to these.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace grader::protocol {

/// A dense row-major tensor of T with an explicit shape; data.size() == product(shape).
template <typename T>
struct Tensor {
  std::vector<std::int64_t> shape;
  std::vector<T> data;
  bool operator==(const Tensor&) const = default;
};
using TensorF64 = Tensor<double>;
using TensorF32 = Tensor<float>;

/// An exception thrown by the code under test, carried back by kind and message.
struct Error {
  std::string kind;  ///< "invalid_argument", "not_implemented", "bad_alloc", ...
  std::string message;
  bool operator==(const Error&) const = default;
};

using Value = std::variant<std::monostate, bool, std::int64_t, double, std::string, TensorF64, TensorF32>;

/// One call from the trusted side to the worker.
struct Request {
  std::uint64_t sequence = 0;
  std::string function;
  std::vector<Value> args;
};

/// The worker's answer: results when ok, otherwise the error it threw.
struct Reply {
  std::uint64_t sequence = 0;
  bool ok = true;
  std::vector<Value> results;
  Error error;
  /// Sizes the worker sent when decode_reply() cut the error (0 when not cut).
  std::uint64_t error_kind_bytes_sent = 0;
  std::uint64_t error_message_bytes_sent = 0;
};

/// A call from the worker back to the trusted side, made while the request
/// `sequence` runs: a course-owned stub in the worker asks for an earlier
/// lesson's function (docs/architecture.md, "Earlier lessons' functions").
/// The trusted side answers with a Reply of the same sequence, encoded by
/// encode_answer(), on the request pipe; the worker then continues the call.
struct Callback {
  std::uint64_t sequence = 0;
  std::string function;
  std::vector<Value> args;
};

/// Where the worker's code was when the call `sequence` failed (the worker
/// sends it just before the error reply): the functions on the stack at the
/// throw, innermost first (grader/worker/fault_stack.hpp). Worker text like
/// any other: the trusted side only looks the names up in the course's own.
struct FaultNote {
  std::uint64_t sequence = 0;
  std::vector<std::string> functions;
};

/// How much of an error reply decode_reply() keeps. A message over the limit
/// keeps its first max_message bytes and ends with "... (cut: N bytes more)";
/// a kind over the limit keeps max_kind bytes. Both are only copied up to the
/// limit, whatever the worker sent. The default keeps everything (round trips).
struct ReplyCaps {
  std::size_t max_kind = static_cast<std::size_t>(-1);
  std::size_t max_message = static_cast<std::size_t>(-1);
};

/// Thrown when bytes do not decode to a well-formed message.
class ProtocolError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Upper bound on one encoded message (a 4096 x 4096 double matrix is 128 MiB).
inline constexpr std::size_t kMaxMessageBytes = std::size_t{256} << 20;

std::string encode(const Request& request);
std::string encode(const Reply& reply);
Request decode_request(std::string_view bytes);
Reply decode_reply(std::string_view bytes, const ReplyCaps& caps = {});

/// Callbacks travel on the reply pipe, their answers on the request pipe; each
/// has a kind byte of its own, so neither can pass for a reply or a request.
std::string encode(const Callback& callback);
Callback decode_callback(std::string_view bytes);
/// True when `bytes` start as a callback does (decode_callback() checks the rest).
bool is_callback(std::string_view bytes);
/// The function a callback names, read from its head alone (for a message
/// about a callback too large to decode), its first 256 bytes at most;
/// empty when the head is malformed.
std::string callback_function_of(std::string_view bytes);
std::string encode_answer(const Reply& answer);
Reply decode_answer(std::string_view bytes, const ReplyCaps& caps = {});

/// Fault notes travel on the reply pipe, with a kind byte of their own.
std::string encode(const FaultNote& note);
FaultNote decode_fault_note(std::string_view bytes);
bool is_fault_note(std::string_view bytes);

/// Human-readable type name of a value ("int", "tensor<f64>(5, 8)", ...), for messages.
std::string describe(const Value& value);
/// "(5, 8)" for a shape.
std::string shape_string(const std::vector<std::int64_t>& shape);

}  // namespace grader::protocol
