#include "grader/protocol/value.hpp"

#include <cstring>
#include <limits>

namespace grader::protocol {
namespace {

// Wire format (little-endian, as on every machine this grader targets):
//   message := u8 kind, u64 sequence, body
//   request body := string function, u32 count, value*
//   reply body   := u8 ok, (u32 count, value*) | (string kind, string message)
//   callback body := string function, u32 count, value*   (as a request)
//   answer body   := as a reply
//   fault note body := u32 count, value* (strings: the functions on the stack, innermost first)
//   value := u8 tag, payload ; tensor payload := u32 rank, i64 dims[rank], elements
enum class Tag : std::uint8_t { none = 0, boolean = 1, int64 = 2, float64 = 3, string = 4, tensor_f64 = 5, tensor_f32 = 6 };
constexpr std::uint8_t kRequestKind = 0x51;  // 'Q'
constexpr std::uint8_t kReplyKind = 0x52;    // 'R'
constexpr std::uint8_t kCallbackKind = 0x43;  // 'C': worker -> trusted side, during a call
constexpr std::uint8_t kAnswerKind = 0x41;    // 'A': trusted side -> worker, a callback's result
constexpr std::uint8_t kFaultNoteKind = 0x57; // 'W': worker -> trusted side, where a failing call was
constexpr std::uint32_t kMaxRank = 8;
constexpr std::uint32_t kMaxValues = 1024;

class Writer {
 public:
  template <typename T>
  void pod(const T& v) {
    const char* p = reinterpret_cast<const char*>(&v);
    out_.append(p, sizeof(T));
  }
  void str(std::string_view s) {
    pod(static_cast<std::uint64_t>(s.size()));
    out_.append(s);
  }
  template <typename T>
  void tensor(const Tensor<T>& t) {
    pod(static_cast<std::uint32_t>(t.shape.size()));
    for (auto d : t.shape) pod(d);
    out_.append(reinterpret_cast<const char*>(t.data.data()), t.data.size() * sizeof(T));
  }
  void value(const Value& v) {
    std::visit(
        [this](const auto& x) {
          using X = std::decay_t<decltype(x)>;
          if constexpr (std::is_same_v<X, std::monostate>) {
            pod(Tag::none);
          } else if constexpr (std::is_same_v<X, bool>) {
            pod(Tag::boolean);
            pod(static_cast<std::uint8_t>(x));
          } else if constexpr (std::is_same_v<X, std::int64_t>) {
            pod(Tag::int64);
            pod(x);
          } else if constexpr (std::is_same_v<X, double>) {
            pod(Tag::float64);
            pod(x);
          } else if constexpr (std::is_same_v<X, std::string>) {
            pod(Tag::string);
            str(x);
          } else if constexpr (std::is_same_v<X, TensorF64>) {
            pod(Tag::tensor_f64);
            tensor(x);
          } else {
            pod(Tag::tensor_f32);
            tensor(x);
          }
        },
        v);
  }
  void values(const std::vector<Value>& vs) {
    pod(static_cast<std::uint32_t>(vs.size()));
    for (const auto& v : vs) value(v);
  }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}
  template <typename T>
  T pod() {
    need(sizeof(T));
    T v;
    std::memcpy(&v, in_.data() + pos_, sizeof(T));
    pos_ += sizeof(T);
    return v;
  }
  std::string str() { return std::string(view()); }
  std::string_view view() {
    auto n = pod<std::uint64_t>();
    need(n);
    std::string_view s = in_.substr(pos_, n);
    pos_ += n;
    return s;
  }
  template <typename T>
  Tensor<T> tensor() {
    Tensor<T> t;
    auto rank = pod<std::uint32_t>();
    if (rank > kMaxRank) throw ProtocolError("tensor rank " + std::to_string(rank) + " is above the limit of 8");
    std::uint64_t count = 1;
    for (std::uint32_t i = 0; i < rank; ++i) {
      auto d = pod<std::int64_t>();
      if (d < 0) throw ProtocolError("tensor dimension " + std::to_string(d) + " is negative");
      // Checked on its own too: after a zero dimension the product stays 0 and
      // would let any later dimension through.
      if (static_cast<std::uint64_t>(d) > kMaxMessageBytes)
        throw ProtocolError("tensor dimension " + std::to_string(d) + " is larger than a message may be");
      if (d > 0 && count > kMaxMessageBytes / static_cast<std::uint64_t>(d))
        throw ProtocolError("tensor is larger than a message may be");
      count *= static_cast<std::uint64_t>(d);
      t.shape.push_back(d);
    }
    if (count > kMaxMessageBytes / sizeof(T)) throw ProtocolError("tensor is larger than a message may be");
    need(count * sizeof(T));
    t.data.resize(count);
    std::memcpy(t.data.data(), in_.data() + pos_, count * sizeof(T));
    pos_ += count * sizeof(T);
    return t;
  }
  Value value() {
    switch (static_cast<Tag>(pod<std::uint8_t>())) {
      case Tag::none: return std::monostate{};
      case Tag::boolean: {
        auto b = pod<std::uint8_t>();
        if (b > 1) throw ProtocolError("boolean byte is neither 0 nor 1");
        return b == 1;
      }
      case Tag::int64: return pod<std::int64_t>();
      case Tag::float64: return pod<double>();
      case Tag::string: return str();
      case Tag::tensor_f64: return tensor<double>();
      case Tag::tensor_f32: return tensor<float>();
    }
    throw ProtocolError("unknown value tag");
  }
  std::vector<Value> values() {
    auto n = pod<std::uint32_t>();
    if (n > kMaxValues) throw ProtocolError("too many values in one message: " + std::to_string(n));
    std::vector<Value> vs;
    vs.reserve(n);
    for (std::uint32_t i = 0; i < n; ++i) vs.push_back(value());
    return vs;
  }
  void finish() const {
    if (pos_ != in_.size()) throw ProtocolError(std::to_string(in_.size() - pos_) + " unexpected bytes after the message");
  }

 private:
  void need(std::uint64_t n) const {
    if (n > in_.size() - pos_) throw ProtocolError("message ends early (truncated or malformed)");
  }
  std::string_view in_;
  std::size_t pos_ = 0;
};

}  // namespace

std::string encode(const Request& request) {
  Writer w;
  w.pod(kRequestKind);
  w.pod(request.sequence);
  w.str(request.function);
  w.values(request.args);
  return w.take();
}

namespace {

std::string encode_reply_as(std::uint8_t kind, const Reply& reply) {
  Writer w;
  w.pod(kind);
  w.pod(reply.sequence);
  w.pod(static_cast<std::uint8_t>(reply.ok));
  if (reply.ok) {
    w.values(reply.results);
  } else {
    w.str(reply.error.kind);
    w.str(reply.error.message);
  }
  return w.take();
}

}  // namespace

std::string encode(const Reply& reply) { return encode_reply_as(kReplyKind, reply); }
std::string encode_answer(const Reply& answer) { return encode_reply_as(kAnswerKind, answer); }

std::string encode(const Callback& callback) {
  Writer w;
  w.pod(kCallbackKind);
  w.pod(callback.sequence);
  w.str(callback.function);
  w.values(callback.args);
  return w.take();
}

bool is_callback(std::string_view bytes) {
  return !bytes.empty() && static_cast<std::uint8_t>(bytes[0]) == kCallbackKind;
}

std::string callback_function_of(std::string_view bytes) {
  try {
    Reader r(bytes);
    if (r.pod<std::uint8_t>() != kCallbackKind) return {};
    (void)r.pod<std::uint64_t>();
    return std::string(r.view().substr(0, 256));
  } catch (const ProtocolError&) {
    return {};
  }
}

Callback decode_callback(std::string_view bytes) {
  Reader r(bytes);
  if (r.pod<std::uint8_t>() != kCallbackKind) throw ProtocolError("not a callback");
  Callback c;
  c.sequence = r.pod<std::uint64_t>();
  c.function = r.str();
  c.args = r.values();
  r.finish();
  return c;
}

std::string encode(const FaultNote& note) {
  Writer w;
  w.pod(kFaultNoteKind);
  w.pod(note.sequence);
  std::vector<Value> names(note.functions.begin(), note.functions.end());
  w.values(names);
  return w.take();
}

bool is_fault_note(std::string_view bytes) {
  return !bytes.empty() && static_cast<std::uint8_t>(bytes[0]) == kFaultNoteKind;
}

FaultNote decode_fault_note(std::string_view bytes) {
  Reader r(bytes);
  if (r.pod<std::uint8_t>() != kFaultNoteKind) throw ProtocolError("not a fault note");
  FaultNote note;
  note.sequence = r.pod<std::uint64_t>();
  for (auto& v : r.values()) {
    auto* name = std::get_if<std::string>(&v);
    if (!name) throw ProtocolError("a fault note holds a value that is not a function name");
    note.functions.push_back(std::move(*name));
  }
  r.finish();
  return note;
}

Request decode_request(std::string_view bytes) {
  Reader r(bytes);
  if (r.pod<std::uint8_t>() != kRequestKind) throw ProtocolError("not a request");
  Request q;
  q.sequence = r.pod<std::uint64_t>();
  q.function = r.str();
  q.args = r.values();
  r.finish();
  return q;
}

namespace {

Reply decode_reply_as(std::uint8_t expected_kind, const char* what, std::string_view bytes, const ReplyCaps& caps) {
  Reader r(bytes);
  if (r.pod<std::uint8_t>() != expected_kind) throw ProtocolError(std::string("not ") + what);
  Reply p;
  p.sequence = r.pod<std::uint64_t>();
  auto ok = r.pod<std::uint8_t>();
  if (ok > 1) throw ProtocolError("reply status byte is neither 0 nor 1");
  p.ok = ok == 1;
  if (p.ok) {
    p.results = r.values();
  } else {
    std::string_view kind = r.view();
    if (kind.size() > caps.max_kind) {
      p.error_kind_bytes_sent = kind.size();
      kind = kind.substr(0, caps.max_kind);
    }
    p.error.kind = std::string(kind);
    std::string_view message = r.view();
    if (message.size() > caps.max_message) {
      p.error_message_bytes_sent = message.size();
      p.error.message = std::string(message.substr(0, caps.max_message)) + "... (cut: " +
                        std::to_string(message.size() - caps.max_message) + " bytes more)";
    } else {
      p.error.message = std::string(message);
    }
  }
  r.finish();
  return p;
}

}  // namespace

Reply decode_reply(std::string_view bytes, const ReplyCaps& caps) { return decode_reply_as(kReplyKind, "a reply", bytes, caps); }
Reply decode_answer(std::string_view bytes, const ReplyCaps& caps) {
  return decode_reply_as(kAnswerKind, "a callback's answer", bytes, caps);
}

std::string shape_string(const std::vector<std::int64_t>& shape) {
  std::string s = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(shape[i]);
  }
  if (shape.size() == 1) s += ",";
  return s + ")";
}

std::string describe(const Value& value) {
  return std::visit(
      [](const auto& x) -> std::string {
        using X = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<X, std::monostate>) return "nothing";
        else if constexpr (std::is_same_v<X, bool>) return "bool";
        else if constexpr (std::is_same_v<X, std::int64_t>) return "int";
        else if constexpr (std::is_same_v<X, double>) return "double";
        else if constexpr (std::is_same_v<X, std::string>) return "string";
        else if constexpr (std::is_same_v<X, TensorF64>) return "tensor<f64>" + shape_string(x.shape);
        else return "tensor<f32>" + shape_string(x.shape);
      },
      value);
}

}  // namespace grader::protocol
