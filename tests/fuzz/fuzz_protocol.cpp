// The worker protocol from the trusted side's point of view: any bytes a
// worker can send must decode to a message or fail with ProtocolError, and
// anything that decodes must encode and decode again to the same message.
// Callbacks and their answers (protocol version 2) likewise.
#include <cmath>
#include <string_view>

#include "fuzz_target.hpp"
#include "grader/protocol/value.hpp"

namespace {

using namespace grader::protocol;

// NaN payloads compare unequal; compare the encodings instead.
template <typename Message>
void round_trip(const Message& m, Message (*decode)(std::string_view)) {
  std::string once = encode(m);
  std::string twice = encode(decode(once));
  if (once != twice) fuzz::finding("a decoded message does not encode back to the same bytes");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  try {
    round_trip(decode_request(bytes), decode_request);
  } catch (const ProtocolError&) {
  } catch (const std::exception& e) {
    fuzz::finding(std::string("decode_request threw something other than ProtocolError: ") + e.what());
  }
  try {
    round_trip<Reply>(decode_reply(bytes), [](std::string_view b) { return decode_reply(b); });
  } catch (const ProtocolError&) {
  } catch (const std::exception& e) {
    fuzz::finding(std::string("decode_reply threw something other than ProtocolError: ") + e.what());
  }
  try {
    round_trip<Callback>(decode_callback(bytes), [](std::string_view b) { return decode_callback(b); });
  } catch (const ProtocolError&) {
  } catch (const std::exception& e) {
    fuzz::finding(std::string("decode_callback threw something other than ProtocolError: ") + e.what());
  }
  try {
    const Reply answer = decode_answer(bytes);
    if (encode_answer(decode_answer(encode_answer(answer))) != encode_answer(answer))
      fuzz::finding("a decoded answer does not encode back to the same bytes");
  } catch (const ProtocolError&) {
  } catch (const std::exception& e) {
    fuzz::finding(std::string("decode_answer threw something other than ProtocolError: ") + e.what());
  }
  return 0;
}

namespace fuzz {
std::vector<std::string> seeds() {
  TensorF64 m{{2, 3}, {1, 2, 3, 4, 5, 6}};
  TensorF32 t{{1, 2, 2}, {0.5f, -1.0f, NAN, INFINITY}};
  std::vector<std::string> out;
  out.push_back(encode(Request{1, "positional_encoding", {std::int64_t{5}, std::int64_t{8}, 10000.0}}));
  out.push_back(encode(Request{7, "scaled_dot_product_attention", {t, t, t, true, std::string("causal")}}));
  out.push_back(encode(Request{9, "", {}}));
  out.push_back(encode(Reply{1, true, {m}, {}}));
  out.push_back(encode(Reply{2, true, {t, std::monostate{}, false, -3.25}, {}}));
  out.push_back(encode(Reply{3, false, {}, {"invalid_argument", "seq_len must be >= 0, got -1"}}));
  out.push_back(encode(Callback{4, "positional_encoding", {std::int64_t{5}, std::int64_t{8}, 10000.0}}));
  out.push_back(encode_answer(Reply{4, true, {m}, {}}));
  out.push_back(encode_answer(Reply{5, false, {}, {"invalid_argument", "d_model must be > 0"}}));
  return out;
}
}  // namespace fuzz
