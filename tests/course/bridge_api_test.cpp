// The bridge authoring API (lessons/common: codec.hpp, declare.hpp,
// objects.hpp, proxy_support.hpp, worker_support.hpp): every built-in codec
// round trips, decode errors name the argument and the expected type,
// declarations build the call text and fill defaults, and against a real
// worker (bridge_api_test_worker.cpp) calls, student exceptions, objects that
// live across calls and hostile replies behave as the suites rely on. This
// file links no definition of bridge_api_fixture.hpp's functions.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "bridge_api_fixture.hpp"
#include "grader/authoring/codec.hpp"
#include "grader/authoring/proxy_support.hpp"
#include "grader/authoring/worker_support.hpp"
#include "grader/client/worker_client.hpp"
#include "support/fixture_worker.hpp"
#include "support/timeouts.hpp"

namespace {

namespace cb = course::bridge;
namespace d = bridge_fixture::declared;
namespace gc = grader::client;
using bridge_fixture::Colour;
using bridge_fixture::Point;
using course::Index;
using course::MatrixXd;
using course::MatrixXf;
using course::Tensor;
using course::VectorXf;
using grader::protocol::ProtocolError;
using grader::protocol::Value;
using Values = std::vector<Value>;

template <typename T>
T round_trip(const T& value) {
  return cb::from_values<T>(cb::to_values(value), "value");
}

// The message of the ProtocolError `f` throws ("" when it throws none).
template <typename F>
std::string protocol_error(F f) {
  try {
    f();
  } catch (const ProtocolError& e) {
    return e.what();
  }
  return "";
}

// Stands in for the student's scale on the worker side of run_declared.
double scale_here(double x, int factor) { return x * factor; }

bool same(const Point& a, const Point& b) {
  return a.x == b.x && a.y == b.y && a.label == b.label && a.colour == b.colour;
}

TEST(BridgeCodec, ScalarsRoundTrip) {
  for (Index v : {std::numeric_limits<Index>::min(), Index{-1}, Index{0}, std::numeric_limits<Index>::max()})
    EXPECT_EQ(round_trip(v), v);
  for (int v : {std::numeric_limits<int>::min(), 0, 7, std::numeric_limits<int>::max()}) EXPECT_EQ(round_trip(v), v);
  for (std::uint64_t v : {std::uint64_t{0}, std::uint64_t{42}, std::numeric_limits<std::uint64_t>::max()})
    EXPECT_EQ(round_trip(v), v);
  for (double v : {-0.5, 0.0, 1e300, std::numeric_limits<double>::denorm_min()}) EXPECT_EQ(round_trip(v), v);
  EXPECT_TRUE(std::isnan(round_trip(std::numeric_limits<double>::quiet_NaN())));
  for (float v : {-1.25f, 3.0e38f, std::numeric_limits<float>::denorm_min()}) EXPECT_EQ(round_trip(v), v);
  EXPECT_EQ(round_trip(true), true);
  EXPECT_EQ(round_trip(false), false);
  for (const std::string& s : {std::string(), std::string("dog"), std::string("a\0b", 3)}) EXPECT_EQ(round_trip(s), s);
}

TEST(BridgeCodec, TensorsAndMatricesRoundTripWithTheirShapes) {
  Tensor t({2, 3, 1}, {1, 2, 3, 4, 5, 6});
  Tensor back = round_trip(t);
  EXPECT_EQ(back.shape(), t.shape());
  EXPECT_EQ(back.values(), t.values());
  MatrixXd md(2, 3);
  md << 1, 2, 3, 4, 5, 6.5;
  EXPECT_EQ(round_trip(md), md);
  MatrixXf mf(3, 2);
  mf << 1, 2, 3, 4, 5, -6;
  EXPECT_EQ(round_trip(mf), mf);
  EXPECT_EQ(round_trip(MatrixXf(0, 4)).cols(), 4);
  VectorXf v(3);
  v << 1, -2, 3;
  EXPECT_EQ(round_trip(v), v);
}

TEST(BridgeCodec, ContainersRoundTrip) {
  const std::vector<Index> ints = {3, -1, 4};
  EXPECT_EQ(round_trip(ints), ints);
  EXPECT_EQ(round_trip(std::vector<Index>{}), std::vector<Index>{});
  const std::vector<std::vector<std::string>> nested = {{"dog", "bites"}, {}, {"man"}};
  EXPECT_EQ(round_trip(nested), nested);
  EXPECT_EQ(round_trip(std::optional<double>()), std::nullopt);
  EXPECT_EQ(round_trip(std::optional<double>(2.5)), 2.5);
  const auto pair = std::make_pair(Index{7}, std::string("seven"));
  EXPECT_EQ(round_trip(pair), pair);
  const auto tuple = std::make_tuple(true, 1.5, std::vector<int>{1, 2});
  EXPECT_EQ(round_trip(tuple), tuple);
  // Several values in a row keep their order and boundaries.
  Values values = cb::to_values(ints);
  cb::encode(values, std::optional<Index>());
  cb::encode(values, Index{9});
  cb::Cursor in(values);
  EXPECT_EQ(cb::decode<std::vector<Index>>(in, "a"), ints);
  EXPECT_EQ(cb::decode<std::optional<Index>>(in, "b"), std::nullopt);
  EXPECT_EQ(cb::decode<Index>(in, "c"), 9);
  EXPECT_EQ(in.remaining(), 0u);
}

TEST(BridgeCodec, StructsAndEnumsRoundTrip) {
  const Point p{-3, 0.25, "origin", Colour::blue};
  EXPECT_TRUE(same(round_trip(p), p));
  const Point unlabelled{5, -1.0, std::nullopt, Colour::green};
  EXPECT_TRUE(same(round_trip(unlabelled), unlabelled));
  for (Colour c : {Colour::red, Colour::green, Colour::blue}) EXPECT_EQ(round_trip(c), c);
  // An optional struct can be told from none even when its first field is empty.
  using MaybePoints = std::optional<std::pair<std::optional<Index>, Point>>;
  const MaybePoints some = std::make_pair(std::optional<Index>(), p);
  ASSERT_TRUE(round_trip(some).has_value());
  EXPECT_EQ(round_trip(some)->first, std::nullopt);
  EXPECT_TRUE(same(round_trip(some)->second, p));
  EXPECT_EQ(round_trip(MaybePoints()), std::nullopt);
  const std::vector<Point> points = {p, unlabelled};
  const auto back = round_trip(points);
  ASSERT_EQ(back.size(), 2u);
  EXPECT_TRUE(same(back[1], unlabelled));
}

TEST(BridgeCodec, DescriptionsAreTheCallTexts) {
  EXPECT_EQ(cb::describe(Index{5}), "5");
  EXPECT_EQ(cb::describe(2.5), "2.5");
  EXPECT_EQ(cb::describe(true), "true");
  EXPECT_EQ(cb::describe(std::string("dog")), "\"dog\"");
  EXPECT_EQ(cb::describe(Tensor({2, 5, 32})), "<tensor (2, 5, 32)>");
  EXPECT_EQ(cb::describe(MatrixXf(0, 4)), "<matrix (0, 4)>");
  EXPECT_EQ(cb::describe(std::vector<std::string>{"dog", "bites", "man"}), "{\"dog\", \"bites\", \"man\"}");
  // Up to kMaxValuesShownInCall elements with their values, a longer list by its length.
  EXPECT_EQ(cb::describe(std::vector<double>(16, 0.5)).substr(0, 10), "{0.5, 0.5,");
  EXPECT_EQ(cb::describe(std::vector<double>(17, 0.5)), "<list of 17>");
  EXPECT_EQ(cb::describe(std::vector<std::string>(100, "a")), "<list of 100>");
  EXPECT_EQ(cb::describe(std::optional<Tensor>()), "nothing");
  EXPECT_EQ(cb::describe(Colour::green), "green");
  EXPECT_EQ(cb::describe(Point{1, 0.5, std::nullopt, Colour::red}), "{1, 0.5, nothing, red}");
}

TEST(BridgeCodec, SmallInputsShowTheirValuesInTheCallText) {
  // Up to kMaxValuesShownInCall values: the student can redo the call by hand.
  MatrixXf m(2, 3);
  m << 1, 2, 3, 4, 5, 6;
  EXPECT_EQ(cb::describe(m), "<matrix (2, 3) [[1, 2, 3], [4, 5, 6]]>");
  MatrixXd column(4, 1);
  column << 0.5, -1, 1e-7, 0.841470984807897;
  EXPECT_EQ(cb::describe(column), "<matrix (4, 1) [[0.5], [-1], [1e-07], [0.841471]]>");
  VectorXf v(3);
  v << 1, 0, -2.25f;
  EXPECT_EQ(cb::describe(v), "<vector (3,) [1, 0, -2.25]>");
  EXPECT_EQ(cb::describe(Tensor({1, 1, 4}, {0.5f, -1, 2, 0})), "<tensor (1, 1, 4) [[[0.5, -1, 2, 0]]]>");
  EXPECT_EQ(cb::describe(Tensor({2, 2, 1}, {1, 2, 3, 4})), "<tensor (2, 2, 1) [[[1], [2]], [[3], [4]]]>");
  // 16 values are shown, 17 are not: the text stays one readable line.
  EXPECT_NE(cb::describe(Tensor({4, 4}, 1.0f)).find("[[1, 1, 1, 1], "), std::string::npos);
  EXPECT_EQ(cb::describe(Tensor({17}, 1.0f)), "<tensor (17,)>");
  EXPECT_EQ(cb::describe(MatrixXf(3, 6)), "<matrix (3, 6)>");
}

TEST(BridgeCodec, DecodeErrorsNameTheArgumentAndTheExpectedType) {
  EXPECT_EQ(protocol_error([] { cb::from_values<Index>({Value{std::string("x")}}, "seq_len"); }),
            "seq_len: expected int, got string");
  EXPECT_EQ(protocol_error([] { cb::from_values<double>({}, "base"); }),
            "base: expected double, got nothing (only 0 values came)");
  EXPECT_EQ(protocol_error([] { cb::from_values<Index>({Value{std::int64_t{1}}, Value{true}}, "n"); }),
            "n: 1 values more than expected (2 came, 1 were expected)");
  EXPECT_NE(protocol_error([] { cb::from_values<MatrixXf>(cb::to_values(Tensor({2, 2, 2})), "query"); })
                .find("query: expected a matrix, got a tensor of shape (2, 2, 2)"),
            std::string::npos);
  EXPECT_NE(protocol_error([] { cb::from_values<MatrixXd>(cb::to_values(MatrixXf(1, 1)), "m"); }).find("m: expected tensor<f64>"),
            std::string::npos);
  EXPECT_NE(protocol_error([] { cb::from_values<int>({Value{std::int64_t{1} << 40}}, "factor"); }).find("factor:"),
            std::string::npos);
  EXPECT_EQ(protocol_error([] { cb::from_values<Colour>({Value{std::string("purple")}}, "colour"); }),
            "colour: expected one of \"red\", \"green\", \"blue\", got \"purple\"");
  // Inside a struct and a list the field and the element are named.
  Values point = cb::to_values(std::vector<Point>{Point{}});
  point[2] = Value{std::string("high")};
  EXPECT_EQ(protocol_error([&] { cb::from_values<std::vector<Point>>(point, "points"); }),
            "points[0].y: expected double, got string");
}

TEST(BridgeCodec, ForgedLengthsAreRefusedBeforeAnythingIsReserved) {
  for (std::int64_t n : {std::int64_t{-1}, std::int64_t{3}, std::numeric_limits<std::int64_t>::max()}) {
    const Values values = {Value{n}, Value{std::int64_t{1}}};
    EXPECT_NE(protocol_error([&] { cb::from_values<std::vector<Index>>(values, "lengths"); }).find("lengths: a list of"),
              std::string::npos)
        << n;
  }
  EXPECT_NE(protocol_error([] { cb::from_values<std::optional<Point>>({Value{false}}, "p"); }), "");
}

TEST(BridgeDeclaration, CallsCarryEveryArgumentAndShowOnlyWhatTheCallerWrote) {
  EXPECT_EQ(d::scale.name(), "scale");
  EXPECT_EQ(d::scale.parameter(1), "factor");
  EXPECT_EQ(d::scale.call_text(1.5), "scale(1.5)");
  EXPECT_EQ(d::scale.call_text(1.5, 3), "scale(1.5, 3)");
  EXPECT_EQ(d::scale.call_text(1.5, 2), "scale(1.5)");  // the default, written out
  const Values sent = d::scale.encode_call(1.5);
  ASSERT_EQ(sent.size(), 2u);
  EXPECT_EQ(std::get<std::int64_t>(sent[1]), 2);
  const auto [x, factor] = d::scale.decode_arguments(sent);
  EXPECT_EQ(x, 1.5);
  EXPECT_EQ(factor, 2);
  EXPECT_EQ(d::shift.call_text(std::vector<Point>{}, Index{1}), "shift({}, 1)");
  EXPECT_EQ(d::counter_new.call_text(Index{3}), "Counter(3)");
  EXPECT_EQ(d::counter_new.wire_name(), "Counter.new");
  EXPECT_EQ(d::counter_call.wire_name(), "Counter.operator()");
}

TEST(BridgeDeclaration, ArgumentsOfTheWrongNumberOrTypeAreProtocolErrors) {
  EXPECT_EQ(protocol_error([] { d::scale.decode_arguments({Value{1.5}}); }),
            "factor: expected int, got nothing (only 1 values came)");
  EXPECT_EQ(protocol_error([] { d::scale.decode_arguments({Value{1.5}, Value{std::int64_t{2}}, Value{}}); }),
            "scale arguments: 1 values more than expected (3 came, 2 were expected)");
  EXPECT_EQ(protocol_error([] { d::scale.decode_arguments({Value{std::string("1.5")}, Value{std::int64_t{2}}}); }),
            "x: expected double, got string");
  EXPECT_EQ(protocol_error([] { cb::run_declared<&scale_here>(d::scale, {Value{true}}); }),
            "x: expected double, got bool");
}

// ---- against a real worker ------------------------------------------------

class BridgeWorker : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    gc::WorkerOptions o = course_test::fixture_worker_options(BRIDGE_TEST_WORKER, course_test::fixture_work_dir("bridge-api-test"));
    gc::configure_student(o);
  }
};

// The suites' view of the fixture "lesson", as a lesson's proxy.hpp gives it.
inline constexpr cb::Proxy<d::scale> scale{};
inline constexpr cb::Proxy<d::shift> shift{};
inline constexpr cb::Proxy<d::transpose> transpose{};
inline constexpr cb::Proxy<d::maybe_tensor> maybe_tensor{};
inline constexpr cb::Proxy<d::lies_type> lies_type{};
inline constexpr cb::Proxy<d::lies_extra> lies_extra{};
inline constexpr cb::Proxy<d::lies_list> lies_list{};
inline constexpr cb::Proxy<d::lies_enum> lies_enum{};

class Counter : public cb::ObjectHandle {
 public:
  explicit Counter(Index start, Index step = 1) : ObjectHandle(d::counter_new, start, step) {}
  Index next() { return call(d::counter_next); }
  Index value() const { return call(d::counter_value); }
  std::vector<Index> history() const { return call(d::counter_history); }
  void reset(Index start, Index step) { call(d::counter_reset, start, step); }
  Index operator()(Index times) const { return call(d::counter_call, times); }
};

// The message of the WorkerFailure `f` throws ("" when it throws none).
template <typename F>
std::string worker_failure(F f) {
  try {
    f();
  } catch (const gc::WorkerFailure& e) {
    return e.what();
  }
  return "";
}

TEST_F(BridgeWorker, ProxiesCallWithTheHeadersDefaults) {
  EXPECT_EQ(scale(1.5), 3.0);
  EXPECT_EQ(scale(1.5, 3), 4.5);
  const auto moved = shift({Point{1, 2.0, "a", Colour::green}, Point{}}, 10, 0.5);
  ASSERT_EQ(moved.size(), 2u);
  EXPECT_TRUE(same(moved[0], Point{11, 2.5, "a", Colour::green}));
  EXPECT_TRUE(same(moved[1], Point{10, 0.5, std::nullopt, Colour::red}));
  MatrixXf m(2, 3);
  m << 1, 2, 3, 4, 5, 6;
  const auto [size, t] = transpose(m);
  EXPECT_EQ(size, std::make_tuple(Index{2}, Index{3}));
  EXPECT_EQ(t, MatrixXf(m.transpose()));
  EXPECT_EQ(maybe_tensor(false, 7), std::nullopt);
  ASSERT_TRUE(maybe_tensor(true, 7).has_value());
  EXPECT_EQ(maybe_tensor(true, 7)->values(), (std::vector<float>{7, 1}));
  EXPECT_EQ(gc::student().last_call_text(), "maybe_tensor(true, 7)");
}

TEST_F(BridgeWorker, StudentExceptionsKeepTheirType) {
  EXPECT_THROW(shift({}, -1), std::invalid_argument);
  try {
    shift({}, -1);
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "dx must be >= 0");
  }
  EXPECT_EQ(gc::student().last_call_text(), "shift({}, -1)");
}

TEST_F(BridgeWorker, AHostileReplyIsAWorkerFailureNamingTheCall) {
  EXPECT_EQ(worker_failure([] { lies_type(1.5); }),
            "lies.type(1.5): the worker returned something unexpected: lies.type result: expected double, got string");
  EXPECT_NE(worker_failure([] { lies_extra(1.5, 4); }).find("lies.extra(1.5, 4): the worker returned something unexpected: lies.extra result: 1 values more than expected"),
            std::string::npos);
  EXPECT_NE(worker_failure([] { lies_list({}, 1); }).find("lies.list({}, 1): the worker returned something unexpected: "
                                                          "lies.list result: a list of 1073741824 elements, but only 1"),
            std::string::npos);
  EXPECT_NE(worker_failure([] { lies_enum({}, 1); }).find("lies.enum result[0].colour: expected one of \"red\""),
            std::string::npos);
  // The suite carries on: the next honest call works.
  EXPECT_EQ(scale(2.0), 4.0);
}

TEST_F(BridgeWorker, ObjectsKeepTheirStateInTheWorker) {
  Counter c(5, 2);
  EXPECT_EQ(c.text(), "Counter(5, 2)");
  EXPECT_EQ(c.next(), 7);
  EXPECT_EQ(c.next(), 9);
  EXPECT_EQ(c.value(), 9);
  EXPECT_EQ(c.history(), (std::vector<Index>{5, 7}));
  EXPECT_EQ(c(3), 15);
  EXPECT_EQ(gc::student().last_call_text(), "Counter(5, 2)(3)");
  // A refused change leaves the object as it was.
  EXPECT_THROW(c.reset(100, 0), std::invalid_argument);
  EXPECT_EQ(gc::student().last_call_text(), "Counter(5, 2).reset(100, 0)");
  EXPECT_EQ(c.value(), 9);
  c.reset(100, 10);
  EXPECT_EQ(c.next(), 110);
  // Two objects do not share state; the default step applies.
  Counter other(0);
  EXPECT_EQ(other.text(), "Counter(0)");
  EXPECT_EQ(other.next(), 1);
  EXPECT_EQ(c.value(), 110);
  EXPECT_THROW(Counter(1, -1), std::invalid_argument);
}

TEST_F(BridgeWorker, AnObjectDiesWithItsTest) {
  auto& client = gc::student();
  Counter c(1);
  EXPECT_EQ(c.next(), 2);
  // The end of this test and the start of the next, as TestObjectsListener does them.
  client.release_objects();
  client.begin_test();
  EXPECT_EQ(worker_failure([&] { c.next(); }),
            "Counter(1).next(): this object was made by an earlier test; an object lives only as long as the test "
            "that made it");
  // The worker released it: a forged call on its handle is refused there too.
  const std::string forged = worker_failure([&] { client.call("Counter.value", {Value{c.handle()}}, "forged"); });
  EXPECT_NE(forged.find("forged: the worker could not run the call: the worker has no object"), std::string::npos)
      << forged;
  Counter fresh(3);
  EXPECT_EQ(fresh.value(), 3);
}

TEST_F(BridgeWorker, AnObjectIsLostWithItsWorker) {
  Counter c(1);
  EXPECT_EQ(c.next(), 2);
  // A reply that breaks the worker's protocol stops it; the next call starts a fresh one.
  EXPECT_NE(worker_failure([] { gc::student().call("no.such.function", {}, "broken()"); }), "");
  EXPECT_EQ(scale(1.0), 2.0);
  EXPECT_EQ(worker_failure([&] { c.value(); }),
            "Counter(1).value(): this object was lost when the worker stopped after an earlier call broke it (a "
            "crash, a time-out or a malformed reply)");
}

TEST_F(BridgeWorker, UnknownHandlesAreRefusedByTheWorker) {
  const std::string message = worker_failure(
      [] { gc::student().call("Counter.next", {Value{std::int64_t{987654}}}, "Counter(?).next()"); });
  EXPECT_NE(message.find("Counter(?).next(): the worker could not run the call: the worker has no object 987654 for "
                         "Counter.next"),
            std::string::npos)
      << message;
}

}  // namespace

int main(int argc, char** argv) { return course_test::run_fixture_worker_tests(argc, argv); }
