// The worker wire format: every value type survives a round trip bit for bit,
// every malformed message is refused with ProtocolError (never a crash, a
// hang or a giant allocation), and frames cross a pipe with deadlines.
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <thread>
#include <vector>

#include "grader/protocol/args.hpp"
#include "grader/protocol/errors.hpp"
#include "grader/protocol/frame.hpp"
#include "grader/protocol/value.hpp"
#include "support/timeouts.hpp"

namespace {

namespace gp = grader::protocol;
using gp::Value;
using Clock = std::chrono::steady_clock;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

gp::TensorF64 tensor_f64(std::vector<std::int64_t> shape) {
  gp::TensorF64 t;
  std::int64_t n = 1;
  for (auto d : shape) n *= d;
  t.shape = std::move(shape);
  for (std::int64_t i = 0; i < n; ++i) t.data.push_back(0.25 * static_cast<double>(i) - 3.0);
  return t;
}

gp::TensorF32 tensor_f32(std::vector<std::int64_t> shape) {
  gp::TensorF32 t;
  std::int64_t n = 1;
  for (auto d : shape) n *= d;
  t.shape = std::move(shape);
  for (std::int64_t i = 0; i < n; ++i) t.data.push_back(0.5f * static_cast<float>(i) + 1.0f);
  return t;
}

std::string every_byte_string(std::size_t length) {
  std::string s(length, '\0');
  for (std::size_t i = 0; i < length; ++i) s[i] = static_cast<char>(i * 7 % 256);
  return s;
}

// One of each value type, with the awkward cases: empty tensors, rank 0..4,
// non-finite and signed-zero floats, a string holding NUL and every byte.
std::vector<Value> sample_values() {
  std::vector<Value> v;
  v.emplace_back(std::monostate{});
  v.emplace_back(true);
  v.emplace_back(false);
  v.emplace_back(std::int64_t{0});
  v.emplace_back(std::numeric_limits<std::int64_t>::min());
  v.emplace_back(std::numeric_limits<std::int64_t>::max());
  v.emplace_back(-0.0);
  v.emplace_back(kInf);
  v.emplace_back(-kInf);
  v.emplace_back(kNaN);
  v.emplace_back(std::numeric_limits<double>::denorm_min());
  v.emplace_back(std::string());
  v.emplace_back(std::string("positional_encoding(5, 8)"));
  v.emplace_back(every_byte_string(3 << 20));
  for (std::size_t rank = 0; rank <= 4; ++rank) {
    std::vector<std::int64_t> shape;
    for (std::size_t i = 0; i < rank; ++i) shape.push_back(static_cast<std::int64_t>(i + 2));
    v.emplace_back(tensor_f64(shape));
    v.emplace_back(tensor_f32(shape));
  }
  v.emplace_back(tensor_f64({0}));
  v.emplace_back(tensor_f64({0, 8}));
  v.emplace_back(tensor_f32({3, 0}));
  v.emplace_back(tensor_f32({2, 0, 4}));
  gp::TensorF64 odd = tensor_f64({2, 3});
  odd.data = {kNaN, kInf, -kInf, -0.0, 1e-310, std::numeric_limits<double>::max()};
  v.emplace_back(odd);
  gp::TensorF32 odd32 = tensor_f32({4});
  odd32.data = {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(), -0.0f,
                std::numeric_limits<float>::denorm_min()};
  v.emplace_back(odd32);
  return v;
}

// Value's operator== says NaN != NaN; compare the encodings instead, which
// also checks that the bits of every element came back unchanged.
std::string bits(const Value& v) { return gp::encode(gp::Reply{0, true, {v}, {}}); }

// A small valid request used by the malformed-input tests.
gp::Request small_request() {
  return gp::Request{42, "positional_encoding", {std::int64_t{5}, std::int64_t{8}, 10000.0, true, std::string("x"),
                                                   tensor_f64({2, 2}), tensor_f32({3}), std::monostate{}}};
}

// Hand-built messages for the malformed cases.
class Bytes {
 public:
  template <typename T>
  Bytes& pod(T v) {
    s_.append(reinterpret_cast<const char*>(&v), sizeof v);
    return *this;
  }
  Bytes& text(const std::string& t) {
    pod<std::uint64_t>(t.size());
    s_ += t;
    return *this;
  }
  // A request header ("Q", sequence 1, function "f") followed by `count` values.
  static Bytes request(std::uint32_t count) {
    Bytes b;
    b.pod<std::uint8_t>(0x51).pod<std::uint64_t>(1).text("f").pod<std::uint32_t>(count);
    return b;
  }
  const std::string& str() const { return s_; }

 private:
  std::string s_;
};

constexpr std::uint8_t kTagBool = 1;
constexpr std::uint8_t kTagF64Tensor = 5;
constexpr std::uint8_t kTagF32Tensor = 6;

TEST(ProtocolRoundTrip, EveryValueTypeInARequest) {
  gp::Request q{7, "echo", sample_values()};
  std::string wire = gp::encode(q);
  gp::Request back = gp::decode_request(wire);
  EXPECT_EQ(back.sequence, 7u);
  EXPECT_EQ(back.function, "echo");
  ASSERT_EQ(back.args.size(), q.args.size());
  for (std::size_t i = 0; i < q.args.size(); ++i) {
    SCOPED_TRACE("value " + std::to_string(i) + ": " + gp::describe(q.args[i]));
    EXPECT_EQ(back.args[i].index(), q.args[i].index());
    EXPECT_EQ(bits(back.args[i]), bits(q.args[i]));
  }
  EXPECT_EQ(gp::encode(back), wire);
}

TEST(ProtocolRoundTrip, ShapesAndValuesSurvive) {
  // Structural checks on top of the bit comparison, for values without NaN.
  gp::TensorF64 t = tensor_f64({2, 3, 4, 5});
  gp::TensorF32 empty = tensor_f32({0, 7});
  gp::TensorF64 scalar = tensor_f64({});
  gp::Request back = gp::decode_request(gp::encode(gp::Request{1, "f", {t, empty, scalar}}));
  ASSERT_EQ(back.args.size(), 3u);
  EXPECT_EQ(std::get<gp::TensorF64>(back.args[0]), t);
  EXPECT_EQ(std::get<gp::TensorF64>(back.args[0]).shape, (std::vector<std::int64_t>{2, 3, 4, 5}));
  EXPECT_EQ(std::get<gp::TensorF32>(back.args[1]).shape, (std::vector<std::int64_t>{0, 7}));
  EXPECT_TRUE(std::get<gp::TensorF32>(back.args[1]).data.empty());
  // Rank 0 is a scalar: one element, no dimensions.
  EXPECT_TRUE(std::get<gp::TensorF64>(back.args[2]).shape.empty());
  EXPECT_EQ(std::get<gp::TensorF64>(back.args[2]).data, (std::vector<double>{-3.0}));
}

TEST(ProtocolRoundTrip, NonFiniteAndSignedZeroKeepTheirBits) {
  gp::Reply r = gp::decode_reply(gp::encode(gp::Reply{3, true, {kNaN, -0.0, -kInf}, {}}));
  ASSERT_EQ(r.results.size(), 3u);
  EXPECT_TRUE(std::isnan(std::get<double>(r.results[0])));
  EXPECT_TRUE(std::signbit(std::get<double>(r.results[1])));
  EXPECT_EQ(std::get<double>(r.results[2]), -kInf);
}

TEST(ProtocolRoundTrip, ReplyWithResults) {
  gp::Reply p{99, true, sample_values(), {}};
  std::string wire = gp::encode(p);
  gp::Reply back = gp::decode_reply(wire);
  EXPECT_EQ(back.sequence, 99u);
  EXPECT_TRUE(back.ok);
  ASSERT_EQ(back.results.size(), p.results.size());
  EXPECT_EQ(gp::encode(back), wire);
}

TEST(ProtocolRoundTrip, ReplyWithError) {
  gp::Error e{"invalid_argument", "d_model must be > 0, got 0\n" + every_byte_string(100000)};
  gp::Reply back = gp::decode_reply(gp::encode(gp::Reply{5, false, {}, e}));
  EXPECT_FALSE(back.ok);
  EXPECT_EQ(back.sequence, 5u);
  EXPECT_EQ(back.error, e);
  EXPECT_TRUE(back.results.empty());
}

TEST(ProtocolCaps, ErrorKindAndMessageAreCutToTheCaps) {
  gp::Error e{std::string(200, 'k'), std::string(10000, 'm')};
  gp::Reply back = gp::decode_reply(gp::encode(gp::Reply{5, false, {}, e}), {64, 4096});
  EXPECT_EQ(back.error.kind, std::string(64, 'k'));
  EXPECT_EQ(back.error_kind_bytes_sent, 200u);
  EXPECT_EQ(back.error.message, std::string(4096, 'm') + "... (cut: 5904 bytes more)");
  EXPECT_EQ(back.error_message_bytes_sent, 10000u);
  // Within the caps nothing changes and nothing is marked.
  gp::Error small{"invalid_argument", "d_model must be > 0"};
  gp::Reply kept = gp::decode_reply(gp::encode(gp::Reply{6, false, {}, small}), {64, 4096});
  EXPECT_EQ(kept.error, small);
  EXPECT_EQ(kept.error_kind_bytes_sent, 0u);
  EXPECT_EQ(kept.error_message_bytes_sent, 0u);
}

TEST(ProtocolRoundTrip, EmptyArgumentListAndEmptyFunctionName) {
  gp::Request back = gp::decode_request(gp::encode(gp::Request{0, "", {}}));
  EXPECT_EQ(back.function, "");
  EXPECT_TRUE(back.args.empty());
}

TEST(ProtocolMalformed, TruncatedAtEveryByteOffsetOfARequest) {
  std::string wire = gp::encode(small_request());
  ASSERT_NO_THROW(gp::decode_request(wire));
  for (std::size_t n = 0; n < wire.size(); ++n)
    EXPECT_THROW(gp::decode_request(std::string_view(wire).substr(0, n)), gp::ProtocolError) << "prefix of " << n << " bytes";
}

TEST(ProtocolMalformed, TruncatedAtEveryByteOffsetOfAReply) {
  for (const gp::Reply& reply : {gp::Reply{1, true, small_request().args, {}},
                                 gp::Reply{2, false, {}, {"invalid_argument", "seq_len must be >= 0"}}}) {
    std::string wire = gp::encode(reply);
    ASSERT_NO_THROW(gp::decode_reply(wire));
    for (std::size_t n = 0; n < wire.size(); ++n)
      EXPECT_THROW(gp::decode_reply(std::string_view(wire).substr(0, n)), gp::ProtocolError) << "prefix of " << n << " bytes";
  }
}

TEST(ProtocolMalformed, WrongKindByte) {
  std::string request = gp::encode(small_request());
  std::string reply = gp::encode(gp::Reply{1, true, {}, {}});
  // A reply is not a request and vice versa.
  EXPECT_THROW(gp::decode_request(reply), gp::ProtocolError);
  EXPECT_THROW(gp::decode_reply(request), gp::ProtocolError);
  for (int kind : {0x00, 0x50, 0x53, 0xff}) {
    std::string bad = request;
    bad[0] = static_cast<char>(kind);
    EXPECT_THROW(gp::decode_request(bad), gp::ProtocolError) << "kind byte " << kind;
  }
}

TEST(ProtocolCallback, RoundTripAndAnswer) {
  gp::Callback c{12, "positional_encoding", {std::int64_t{5}, std::int64_t{8}, 10000.0}};
  std::string wire = gp::encode(c);
  EXPECT_TRUE(gp::is_callback(wire));
  gp::Callback back = gp::decode_callback(wire);
  EXPECT_EQ(back.sequence, 12u);
  EXPECT_EQ(back.function, "positional_encoding");
  EXPECT_EQ(back.args, c.args);
  EXPECT_EQ(gp::encode(back), wire);
  gp::Reply answer{12, false, {}, {"invalid_argument", "seq_len must be >= 0, got -1"}};
  gp::Reply answer_back = gp::decode_answer(gp::encode_answer(answer));
  EXPECT_EQ(answer_back.sequence, 12u);
  EXPECT_FALSE(answer_back.ok);
  EXPECT_EQ(answer_back.error, answer.error);
}

TEST(ProtocolCallback, NoKindPassesForAnother) {
  // A callback is not a reply or a request, an answer is not a request or a
  // reply: a worker cannot slip one in for the other.
  std::string callback = gp::encode(gp::Callback{1, "positional_encoding", {}});
  std::string answer = gp::encode_answer(gp::Reply{1, true, {}, {}});
  std::string reply = gp::encode(gp::Reply{1, true, {}, {}});
  std::string request = gp::encode(small_request());
  EXPECT_THROW(gp::decode_reply(callback), gp::ProtocolError);
  EXPECT_THROW(gp::decode_request(callback), gp::ProtocolError);
  EXPECT_THROW(gp::decode_reply(answer), gp::ProtocolError);
  EXPECT_THROW(gp::decode_request(answer), gp::ProtocolError);
  EXPECT_THROW(gp::decode_answer(reply), gp::ProtocolError);
  EXPECT_THROW(gp::decode_callback(request), gp::ProtocolError);
  EXPECT_THROW(gp::decode_callback(reply), gp::ProtocolError);
  EXPECT_FALSE(gp::is_callback(reply));
  EXPECT_FALSE(gp::is_callback(request));
  EXPECT_FALSE(gp::is_callback(""));
}

TEST(ProtocolCallback, TruncatedAtEveryByteOffset) {
  std::string wire = gp::encode(gp::Callback{3, "scaled_dot_product_attention", small_request().args});
  ASSERT_NO_THROW(gp::decode_callback(wire));
  for (std::size_t n = 0; n < wire.size(); ++n)
    EXPECT_THROW(gp::decode_callback(std::string_view(wire).substr(0, n)), gp::ProtocolError) << "prefix of " << n << " bytes";
  EXPECT_THROW(gp::decode_callback(wire + "x"), gp::ProtocolError);
}

TEST(ProtocolMalformed, UnknownValueTag) {
  for (int tag : {7, 8, 0x7f, 0xff}) {
    Bytes b = Bytes::request(1);
    b.pod<std::uint8_t>(static_cast<std::uint8_t>(tag)).pod<std::int64_t>(0);
    EXPECT_THROW(gp::decode_request(b.str()), gp::ProtocolError) << "tag " << tag;
  }
}

TEST(ProtocolMalformed, BooleanByteOtherThanZeroOrOne) {
  Bytes good = Bytes::request(1);
  good.pod<std::uint8_t>(kTagBool).pod<std::uint8_t>(1);
  EXPECT_EQ(std::get<bool>(gp::decode_request(good.str()).args.at(0)), true);
  for (int byte : {2, 0x80, 0xff}) {
    Bytes b = Bytes::request(1);
    b.pod<std::uint8_t>(kTagBool).pod<std::uint8_t>(static_cast<std::uint8_t>(byte));
    EXPECT_THROW(gp::decode_request(b.str()), gp::ProtocolError) << "bool byte " << byte;
  }
}

TEST(ProtocolMalformed, ReplyStatusByteOtherThanZeroOrOne) {
  std::string wire = gp::encode(gp::Reply{1, true, {}, {}});
  wire[1 + 8] = 2;  // after kind and sequence
  EXPECT_THROW(gp::decode_reply(wire), gp::ProtocolError);
}

TEST(ProtocolMalformed, NegativeDimension) {
  Bytes b = Bytes::request(1);
  b.pod<std::uint8_t>(kTagF64Tensor).pod<std::uint32_t>(2).pod<std::int64_t>(3).pod<std::int64_t>(-1);
  EXPECT_THROW(gp::decode_request(b.str()), gp::ProtocolError);
}

TEST(ProtocolMalformed, RankAboveTheLimit) {
  Bytes b = Bytes::request(1);
  b.pod<std::uint8_t>(kTagF32Tensor).pod<std::uint32_t>(9);
  for (int i = 0; i < 9; ++i) b.pod<std::int64_t>(1);
  b.pod<float>(1.0f);
  EXPECT_THROW(gp::decode_request(b.str()), gp::ProtocolError);
  Bytes huge = Bytes::request(1);
  huge.pod<std::uint8_t>(kTagF32Tensor).pod<std::uint32_t>(0xffffffffu);
  EXPECT_THROW(gp::decode_request(huge.str()), gp::ProtocolError);
}

TEST(ProtocolMalformed, DimensionProductsThatWouldOverflow) {
  const std::int64_t big = std::int64_t{1} << 40;
  const std::int64_t max = std::numeric_limits<std::int64_t>::max();
  // Each shape's element count overflows 64 bits or exceeds any message; the
  // decoder must refuse it before allocating (a std::bad_alloc or length_error
  // here would be a failure too, since EXPECT_THROW wants ProtocolError).
  const std::vector<std::vector<std::int64_t>> shapes = {
      {big, big}, {max, 2}, {2, max}, {big, big, 0}, {0, big, big}, {1, max}, {max}, {0, max},
      {65536, 65536, 65536, 65536}, {1 << 20, 1 << 20}, {1 << 26, 2}};
  for (std::uint8_t tag : {kTagF64Tensor, kTagF32Tensor})
    for (const auto& shape : shapes) {
      Bytes b = Bytes::request(1);
      b.pod<std::uint8_t>(tag).pod<std::uint32_t>(static_cast<std::uint32_t>(shape.size()));
      for (auto d : shape) b.pod<std::int64_t>(d);
      EXPECT_THROW(gp::decode_request(b.str()), gp::ProtocolError)
          << "tag " << int(tag) << ", shape " << gp::shape_string(shape);
    }
}

TEST(ProtocolMalformed, ElementCountLargerThanTheBytesPresent) {
  Bytes b = Bytes::request(1);
  b.pod<std::uint8_t>(kTagF64Tensor).pod<std::uint32_t>(2).pod<std::int64_t>(100).pod<std::int64_t>(100);
  b.pod<double>(1.0);  // 1 of 10000 elements
  EXPECT_THROW(gp::decode_request(b.str()), gp::ProtocolError);
}

TEST(ProtocolMalformed, StringLengthBeyondTheMessage) {
  Bytes b;
  b.pod<std::uint8_t>(0x51).pod<std::uint64_t>(1).pod<std::uint64_t>(std::uint64_t{1} << 62).pod<std::uint32_t>(0);
  EXPECT_THROW(gp::decode_request(b.str()), gp::ProtocolError);
  Bytes c;
  c.pod<std::uint8_t>(0x51).pod<std::uint64_t>(1).pod<std::uint64_t>(~std::uint64_t{0});
  EXPECT_THROW(gp::decode_request(c.str()), gp::ProtocolError);
}

TEST(ProtocolMalformed, TrailingGarbage) {
  for (const std::string& wire : {gp::encode(small_request()), gp::encode(gp::Request{1, "f", {}})}) {
    EXPECT_THROW(gp::decode_request(wire + '\0'), gp::ProtocolError);
    EXPECT_THROW(gp::decode_request(wire + "garbage"), gp::ProtocolError);
  }
  std::string reply = gp::encode(gp::Reply{1, false, {}, {"k", "m"}});
  EXPECT_THROW(gp::decode_reply(reply + 'x'), gp::ProtocolError);
}

TEST(ProtocolMalformed, TooManyValues) {
  // 1024 values are allowed; one more is refused before anything is read.
  Bytes ok = Bytes::request(1024);
  for (int i = 0; i < 1024; ++i) ok.pod<std::uint8_t>(0);
  EXPECT_EQ(gp::decode_request(ok.str()).args.size(), 1024u);
  Bytes b = Bytes::request(1025);
  for (int i = 0; i < 1025; ++i) b.pod<std::uint8_t>(0);
  EXPECT_THROW(gp::decode_request(b.str()), gp::ProtocolError);
  EXPECT_THROW(gp::decode_request(Bytes::request(0xffffffffu).str()), gp::ProtocolError);
}

TEST(ProtocolMalformed, EmptyInput) {
  EXPECT_THROW(gp::decode_request(""), gp::ProtocolError);
  EXPECT_THROW(gp::decode_reply(""), gp::ProtocolError);
}

TEST(ProtocolDescribe, NamesTypesAndShapes) {
  EXPECT_EQ(gp::describe(Value{}), "nothing");
  EXPECT_EQ(gp::describe(Value{true}), "bool");
  EXPECT_EQ(gp::describe(Value{std::int64_t{3}}), "int");
  EXPECT_EQ(gp::describe(Value{2.5}), "double");
  EXPECT_EQ(gp::describe(Value{std::string("s")}), "string");
  EXPECT_EQ(gp::describe(Value{tensor_f64({5, 8})}), "tensor<f64>(5, 8)");
  EXPECT_EQ(gp::describe(Value{tensor_f32({3})}), "tensor<f32>(3,)");
  EXPECT_EQ(gp::shape_string({}), "()");
  EXPECT_EQ(gp::shape_string({2, 0, 4}), "(2, 0, 4)");
}

TEST(ProtocolArgs, GetNamesTheMissingOrMistypedValue) {
  std::vector<Value> args = {std::int64_t{5}, tensor_f64({5, 8})};
  EXPECT_EQ(gp::get<std::int64_t>(args, 0, "seq_len"), 5);
  EXPECT_EQ(gp::get<gp::TensorF64>(args, 1, "x").shape, (std::vector<std::int64_t>{5, 8}));
  try {
    gp::get<double>(args, 1, "base");
    FAIL() << "a tensor was accepted as a double";
  } catch (const gp::ProtocolError& e) {
    EXPECT_STREQ(e.what(), "base: value 1 should be double, got tensor<f64>(5, 8)");
  }
  try {
    gp::get<std::int64_t>(args, 2, "d_model");
    FAIL() << "a missing value was accepted";
  } catch (const gp::ProtocolError& e) {
    EXPECT_STREQ(e.what(), "d_model: value 2 is missing (got 2 values)");
  }
  EXPECT_TRUE(gp::is_none(args, 2));
  EXPECT_FALSE(gp::is_none(args, 0));
  EXPECT_TRUE(gp::is_none({Value{}}, 0));
}

// ---- frames over a pipe ----

class Pipe {
 public:
  Pipe() { EXPECT_EQ(::pipe2(fds_, O_CLOEXEC), 0); }
  ~Pipe() {
    close_read();
    close_write();
  }
  int read_fd() const { return fds_[0]; }
  int write_fd() const { return fds_[1]; }
  void close_read() {
    if (fds_[0] >= 0) ::close(fds_[0]);
    fds_[0] = -1;
  }
  void close_write() {
    if (fds_[1] >= 0) ::close(fds_[1]);
    fds_[1] = -1;
  }

 private:
  int fds_[2] = {-1, -1};
};

TEST(ProtocolFrame, WriteThenReadOneFrame) {
  Pipe p;
  std::string message = gp::encode(small_request());
  ASSERT_TRUE(gp::write_frame(p.write_fd(), message));
  auto frame = gp::read_frame(p.read_fd(), gp::kMaxMessageBytes);
  ASSERT_EQ(frame.status, gp::ReadStatus::ok);
  EXPECT_EQ(frame.bytes, message);
  EXPECT_EQ(gp::decode_request(frame.bytes).function, "positional_encoding");
}

TEST(ProtocolFrame, EmptyAndConsecutiveFrames) {
  Pipe p;
  ASSERT_TRUE(gp::write_frame(p.write_fd(), ""));
  ASSERT_TRUE(gp::write_frame(p.write_fd(), "second"));
  auto a = gp::read_frame(p.read_fd(), 100);
  auto b = gp::read_frame_until(p.read_fd(), 100, Clock::now() + std::chrono::seconds(5), nullptr, 0);
  EXPECT_EQ(a.status, gp::ReadStatus::ok);
  EXPECT_EQ(a.bytes, "");
  EXPECT_EQ(b.status, gp::ReadStatus::ok);
  EXPECT_EQ(b.bytes, "second");
}

TEST(ProtocolFrame, LargeFrameWithAConcurrentWriter) {
  // Bigger than a pipe's buffer: the writer blocks until the reader drains.
  Pipe p;
  std::string big = every_byte_string(5 << 20);
  bool written = false;
  std::thread writer([&] { written = gp::write_frame(p.write_fd(), big); });
  auto frame = gp::read_frame_until(p.read_fd(), gp::kMaxMessageBytes, Clock::now() + std::chrono::seconds(20), nullptr, 0);
  writer.join();
  EXPECT_TRUE(written);
  ASSERT_EQ(frame.status, gp::ReadStatus::ok);
  EXPECT_TRUE(frame.bytes == big);
}

TEST(ProtocolFrame, ReadTimesOutWhenNothingArrives) {
  Pipe p;
  auto start = Clock::now();
  auto frame = gp::read_frame_until(p.read_fd(), 100, start + std::chrono::milliseconds(200), nullptr, 0);
  auto waited = Clock::now() - start;
  EXPECT_EQ(frame.status, gp::ReadStatus::timed_out);
  EXPECT_GE(waited, std::chrono::milliseconds(150));
  EXPECT_LT(waited, course_test::scaled(std::chrono::seconds(2)));
}

TEST(ProtocolFrame, ReadTimesOutOnAHalfWrittenFrame) {
  // The length arrives, the body never does: still bounded by the deadline.
  Pipe p;
  std::uint64_t n = 1000;
  ASSERT_EQ(::write(p.write_fd(), &n, sizeof n), static_cast<ssize_t>(sizeof n));
  ASSERT_EQ(::write(p.write_fd(), "abc", 3), 3);
  auto start = Clock::now();
  auto frame = gp::read_frame_until(p.read_fd(), 2000, start + std::chrono::milliseconds(200), nullptr, 0);
  EXPECT_EQ(frame.status, gp::ReadStatus::timed_out);
  EXPECT_LT(Clock::now() - start, course_test::scaled(std::chrono::seconds(2)));
}

TEST(ProtocolFrame, ClosedPipeIsReportedAsClosed) {
  Pipe p;
  p.close_write();
  EXPECT_EQ(gp::read_frame(p.read_fd(), 100).status, gp::ReadStatus::closed);
  Pipe q;
  q.close_write();
  EXPECT_EQ(gp::read_frame_until(q.read_fd(), 100, Clock::now() + std::chrono::seconds(5), nullptr, 0).status,
            gp::ReadStatus::closed);
}

TEST(ProtocolFrame, WriterClosingMidFrameIsClosed) {
  Pipe p;
  std::uint64_t n = 1000;
  ASSERT_EQ(::write(p.write_fd(), &n, sizeof n), static_cast<ssize_t>(sizeof n));
  ASSERT_EQ(::write(p.write_fd(), "abc", 3), 3);
  p.close_write();
  EXPECT_EQ(gp::read_frame(p.read_fd(), 2000).status, gp::ReadStatus::closed);
}

TEST(ProtocolFrame, LengthAboveTheMaximumIsTooLarge) {
  Pipe p;
  ASSERT_TRUE(gp::write_frame(p.write_fd(), std::string(101, 'x')));
  EXPECT_EQ(gp::read_frame(p.read_fd(), 100).status, gp::ReadStatus::too_large);
  Pipe q;
  std::uint64_t absurd = ~std::uint64_t{0};
  ASSERT_EQ(::write(q.write_fd(), &absurd, sizeof absurd), static_cast<ssize_t>(sizeof absurd));
  EXPECT_EQ(gp::read_frame_until(q.read_fd(), gp::kMaxMessageBytes, Clock::now() + std::chrono::seconds(5), nullptr, 0).status,
            gp::ReadStatus::too_large);
}

TEST(ProtocolFrame, TooLargeSaysWhatWasClaimed) {
  Pipe p;
  std::uint64_t claimed = std::uint64_t{1} << 30;
  ASSERT_EQ(::write(p.write_fd(), &claimed, sizeof claimed), static_cast<ssize_t>(sizeof claimed));
  auto frame = gp::read_frame_until(p.read_fd(), 1000, Clock::now() + std::chrono::seconds(5), nullptr, 0);
  EXPECT_EQ(frame.status, gp::ReadStatus::too_large);
  EXPECT_EQ(frame.claimed_bytes, claimed);
  EXPECT_TRUE(frame.bytes.empty());
}

TEST(ProtocolFrame, AClaimedLengthWithLittleBehindItAllocatesLittle) {
  // 200 MiB claimed, 3 bytes sent: memory grows with what arrives, so this
  // process's peak stays far below the claim (a buffer sized for the claim
  // would be zero-filled, all of it resident).
  rusage before{};
  getrusage(RUSAGE_SELF, &before);
  Pipe p;
  std::uint64_t claimed = std::uint64_t{200} << 20;
  ASSERT_EQ(::write(p.write_fd(), &claimed, sizeof claimed), static_cast<ssize_t>(sizeof claimed));
  ASSERT_EQ(::write(p.write_fd(), "abc", 3), 3);
  std::thread closer([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    p.close_write();
  });
  auto frame = gp::read_frame_until(p.read_fd(), gp::kMaxMessageBytes, Clock::now() + std::chrono::seconds(5), nullptr, 0);
  closer.join();
  rusage after{};
  getrusage(RUSAGE_SELF, &after);
  EXPECT_EQ(frame.status, gp::ReadStatus::closed);
  EXPECT_EQ(frame.claimed_bytes, claimed);
  EXPECT_LT(after.ru_maxrss - before.ru_maxrss, 50L * 1024) << "peak grew by " << (after.ru_maxrss - before.ru_maxrss) << " KiB";
}

TEST(ProtocolFrame, WritingToAPipeWithNoReaderFails) {
  // Without SIGPIPE ignored the process would die here; the client ignores it too.
  signal(SIGPIPE, SIG_IGN);
  Pipe p;
  p.close_read();
  EXPECT_FALSE(gp::write_frame(p.write_fd(), "nobody listens"));
}

TEST(ProtocolFrame, ExtraDescriptorsAreDrainedWhileWaiting) {
  // The worker's stdout must be drained while the reply is awaited, or a
  // chatty worker blocks on a full pipe and never replies.
  Pipe reply, output;
  struct Sink {
    std::string text;
  } sink;
  gp::ExtraPoll extra{output.read_fd(),
                      [](int fd, void* context) {
                        char buf[4096];
                        ssize_t n = ::read(fd, buf, sizeof buf);
                        if (n > 0) static_cast<Sink*>(context)->text.append(buf, static_cast<std::size_t>(n));
                      },
                      &sink};
  std::string chatter(200000, 'o');  // three times a pipe's buffer
  std::thread worker([&] {
    std::size_t off = 0;
    while (off < chatter.size()) {
      ssize_t w = ::write(output.write_fd(), chatter.data() + off, chatter.size() - off);
      if (w <= 0) return;
      off += static_cast<std::size_t>(w);
    }
    gp::write_frame(reply.write_fd(), "done");
  });
  auto frame = gp::read_frame_until(reply.read_fd(), 100, Clock::now() + std::chrono::seconds(10), &extra, 1);
  worker.join();
  ASSERT_EQ(frame.status, gp::ReadStatus::ok);
  EXPECT_EQ(frame.bytes, "done");
  // All but at most one pipe buffer's worth must have gone through the drain
  // callback, or the writer could never have finished.
  EXPECT_GE(sink.text.size(), chatter.size() - 65536);
}

// --- Exceptions and error kinds (grader/protocol/errors.hpp) ---

// What throw_if_standard() throws for an error, as the error of that exception.
gp::Error thrown_again(const gp::Error& error) {
  try {
    gp::throw_if_standard(error);
  } catch (const std::exception& e) {
    return gp::error_of(e);
  }
  return {"(nothing thrown)", ""};
}

TEST(ErrorKinds, EveryStandardKindRoundTripsWithItsMessage) {
  ASSERT_EQ(gp::standard_error_kinds().size(), 9u);
  for (std::string_view kind : gp::standard_error_kinds()) {
    const gp::Error error{std::string(kind), "d_model must be > 0, got 0"};
    EXPECT_TRUE(gp::is_standard_error_kind(kind)) << kind;
    EXPECT_EQ(thrown_again(error), error) << kind;
  }
}

TEST(ErrorKinds, TheMostDerivedTypeNamesTheKind) {
  EXPECT_EQ(gp::error_of(std::invalid_argument("a")), (gp::Error{"invalid_argument", "a"}));
  EXPECT_EQ(gp::error_of(std::out_of_range("b")), (gp::Error{"out_of_range", "b"}));
  EXPECT_EQ(gp::error_of(std::logic_error("c")), (gp::Error{"logic_error", "c"}));
  EXPECT_EQ(gp::error_of(std::overflow_error("d")), (gp::Error{"overflow_error", "d"}));
  EXPECT_EQ(gp::error_of(std::runtime_error("e")), (gp::Error{"runtime_error", "e"}));
  // A course's own type derived from a standard one is that standard kind.
  struct ShapeMismatch : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
  };
  EXPECT_EQ(gp::error_of(ShapeMismatch("f")), (gp::Error{"invalid_argument", "f"}));
}

TEST(ErrorKinds, OtherExceptionsAreNamedNotThrownAgain) {
  EXPECT_EQ(gp::error_of(std::bad_alloc()), (gp::Error{"bad_alloc", "out of memory (std::bad_alloc)"}));
  struct Custom : std::exception {
    const char* what() const noexcept override { return "custom"; }
  };
  const gp::Error custom = gp::error_of(Custom());
  EXPECT_EQ(custom.kind, "exception");
  EXPECT_NE(custom.message.find("Custom"), std::string::npos) << custom.message;
  EXPECT_NE(custom.message.find(": custom"), std::string::npos) << custom.message;
  // Kinds outside the standard table are the caller's to turn into exceptions.
  for (const char* kind : {"bad_alloc", "exception", "not_implemented", "eigen_assert", "unknown", "protocol", ""}) {
    EXPECT_FALSE(gp::is_standard_error_kind(kind)) << kind;
    EXPECT_NO_THROW(gp::throw_if_standard({kind, "m"})) << kind;
  }
}

}  // namespace
