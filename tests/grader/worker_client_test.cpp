// The trusted side of the worker pipe, driven against a real worker process
// (worker_client_test_table.cpp): results and exceptions come back with their
// types, and every way a call can break the worker becomes a WorkerFailure
// that names the call and says what happened, within the call's time limit,
// after which the next call gets a fresh worker.
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cctype>
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "grader/client/reference_table.hpp"
#include "grader/client/worker_client.hpp"
#include "grader/protocol/args.hpp"
#include "grader/util/caps.hpp"
#include "grader/util/files.hpp"
#include "support/timeouts.hpp"

namespace {

namespace fs = std::filesystem;
namespace gc = grader::client;
namespace gp = grader::protocol;
using gp::Value;
using Clock = std::chrono::steady_clock;

// Short for the tests, scaled like every test timeout (COURSE_TEST_TIMEOUT_SCALE)
// so that a busy machine does not stop an honest worker; the course's
// workers are ready in milliseconds.
const auto kCallTimeout = course_test::scaled(std::chrono::milliseconds(500));
const auto kReadyTimeout = course_test::scaled(std::chrono::milliseconds(1500));

// How the client writes a limit in its messages: "0.5".
std::string seconds_text(std::chrono::milliseconds ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", static_cast<double>(ms.count()) / 1000.0);
  return text;
}

// A fresh folder under $TMPDIR, removed with everything in it.
using ScratchDir = grader::util::TempDir;

gc::WorkerOptions options_for(const std::string& executable, const fs::path& work_dir) {
  gc::WorkerOptions o;
  o.executable = executable;
  o.call_timeout = kCallTimeout;
  o.ready_timeout = kReadyTimeout;
  o.limits.address_space_bytes = std::size_t{512} << 20;
  o.limits.cpu_seconds = 20;
  o.limits.file_size_bytes = std::size_t{1} << 20;
  o.limits.open_files = 64;
  o.work_dir = work_dir.string();
  return o;
}

// Whether some process holds an exclusive flock on `file` (see hold_lock and
// fork_child in the worker's table): observable whatever PID namespace the
// worker runs in.
bool lock_is_held(const fs::path& file) {
  int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  bool held = ::flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK;
  ::close(fd);
  return held;
}

// Polls for up to two seconds: killing and taking locks are asynchronous.
bool eventually(const std::function<bool()>& condition) {
  for (int i = 0; i < 200; ++i) {
    if (condition()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

class WorkerClientTest : public ::testing::Test {
 protected:
  WorkerClientTest() : client_(options_for(TEST_WORKER_EXE, scratch_.path())) {}

  std::vector<Value> call(const std::string& function, std::vector<Value> args = {}) {
    return client_.call(function, std::move(args), function + "(1, 2)");
  }
  // Runs a call that must break the worker; returns its message.
  std::string failure_of(const std::string& function, std::vector<Value> args = {}) {
    try {
      call(function, std::move(args));
    } catch (const gc::WorkerFailure& e) {
      return e.what();
    } catch (const std::exception& e) {
      ADD_FAILURE() << function << ": expected WorkerFailure, got another exception: " << e.what();
      return {};
    }
    ADD_FAILURE() << function << ": expected WorkerFailure, the call returned normally";
    return {};
  }
  std::int64_t worker_instance() { return std::get<std::int64_t>(call("instance").at(0)); }
  // Makes the current worker hold a lock on a file of its folder; returns the file.
  fs::path lock_worker(const std::string& name = "worker.lock") {
    fs::path file = scratch_.path() / name;
    std::ofstream(file).put('\n');
    fs::permissions(file, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
    EXPECT_TRUE(std::get<bool>(call("hold_lock", {name}).at(0)));
    EXPECT_TRUE(lock_is_held(file));
    return file;
  }
  // After a failure the client must start a fresh worker that answers.
  void expect_next_call_works() {
    auto r = call("echo", {std::int64_t{7}, std::string("again")});
    ASSERT_EQ(r.size(), 2u);
    EXPECT_EQ(std::get<std::int64_t>(r[0]), 7);
    EXPECT_EQ(std::get<std::string>(r[1]), "again");
  }

  ScratchDir scratch_;
  gc::WorkerClient client_;
};

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST_F(WorkerClientTest, EchoReturnsEveryValueType) {
  gp::TensorF64 m{{2, 3}, {1, 2, 3, 4, 5, 6}};
  gp::TensorF32 t{{1, 2, 2}, {0.5f, -1.5f, 2.5f, 3.5f}};
  std::vector<Value> args = {std::monostate{}, true, std::int64_t{-5}, 0.125, std::string("text"), m, t};
  auto r = call("echo", args);
  ASSERT_EQ(r.size(), args.size());
  EXPECT_EQ(r, args);
  // The same worker serves the next call.
  auto instance = worker_instance();
  call("echo", {std::int64_t{1}});
  EXPECT_EQ(worker_instance(), instance);
}

TEST_F(WorkerClientTest, InvalidArgumentIsRethrownWithItsMessage) {
  try {
    call("throw_invalid_argument", {std::string("d_model must be > 0, got 0")});
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "d_model must be > 0, got 0");
  }
  EXPECT_THROW(call("throw_out_of_range"), std::out_of_range);
  // An exception is a normal answer: the worker is not restarted.
  auto instance = worker_instance();
  EXPECT_THROW(call("throw_invalid_argument", {std::string("x")}), std::invalid_argument);
  EXPECT_EQ(worker_instance(), instance);
}

TEST_F(WorkerClientTest, NonStandardExceptionIsAStudentException) {
  try {
    call("throw_int");
    FAIL() << "no exception";
  } catch (const std::invalid_argument&) {
    FAIL() << "a thrown int must not satisfy a test expecting std::invalid_argument";
  } catch (const gc::StudentException& e) {
    EXPECT_EQ(e.kind(), "unknown");
    EXPECT_TRUE(contains(e.what(), "not a std::exception")) << e.what();
  }
  expect_next_call_works();
}

TEST_F(WorkerClientTest, SegfaultIsACrashNamingTheCall) {
  auto before = worker_instance();
  fs::path lock = lock_worker();
  std::string message = failure_of("segfault");
  EXPECT_EQ(message.rfind("segfault(1, 2): ", 0), 0u) << message;
  EXPECT_TRUE(contains(message, "crashed")) << message;
  EXPECT_TRUE(contains(message, "SIGSEGV")) << message;
  EXPECT_TRUE(eventually([&] { return !lock_is_held(lock); })) << "the crashed worker still runs";
  expect_next_call_works();
  EXPECT_NE(worker_instance(), before) << "the worker was not restarted";
}

TEST_F(WorkerClientTest, AbortIsReported) {
  std::string message = failure_of("abort");
  EXPECT_EQ(message.rfind("abort(1, 2): ", 0), 0u) << message;
  EXPECT_TRUE(contains(message, "aborted")) << message;
  EXPECT_TRUE(contains(message, "SIGABRT")) << message;
  expect_next_call_works();
}

// A crash and a timeout leave the stack they interrupted in the call's
// record (the worker's signal handlers, grader/worker/fault_stack.hpp), as a
// throw does: the grader names the function at fault from it.
TEST_F(WorkerClientTest, CrashesAndTimeoutsSayWhereTheCodeWas) {
  // The table's lambdas have no exported name; the request loop that called them has.
  const std::string table_function = "grader::worker::serve";
  for (const std::string function : {"segfault", "abort", "infinite_loop", "throw_out_of_range"}) {
    try {
      call(function);
      ADD_FAILURE() << function << " returned";
    } catch (const std::exception&) {
    }
    const auto record = client_.call_log().back();
    EXPECT_NE(std::find(record.fault_stack.begin(), record.fault_stack.end(), table_function), record.fault_stack.end())
        << function << ": " << record.fault_stack.size() << " names, the first " << (record.fault_stack.empty() ? "" : record.fault_stack[0]);
    const std::string how = function == "infinite_loop" ? "timed_out" : function == "throw_out_of_range" ? "threw" : "crashed";
    EXPECT_EQ(record.fault_how, how) << function;
  }
  // A call that succeeds after them has no stack.
  expect_next_call_works();
  EXPECT_TRUE(client_.call_log().back().fault_stack.empty());
  EXPECT_EQ(client_.call_log().back().fault_how, "");
}

TEST_F(WorkerClientTest, ExitZeroEndsTheWorkerAndIsNotASuccess) {
  std::string message = failure_of("exit_zero");
  EXPECT_EQ(message.rfind("exit_zero(1, 2): ", 0), 0u) << message;
  EXPECT_TRUE(contains(message, "ended the worker")) << message;
  EXPECT_TRUE(contains(message, "exited with status 0")) << message;
  expect_next_call_works();
}

TEST_F(WorkerClientTest, InfiniteLoopTimesOutWithinTheCallLimit) {
  fs::path lock = lock_worker();
  auto start = Clock::now();
  std::string message = failure_of("infinite_loop");
  auto took = Clock::now() - start;
  EXPECT_EQ(message.rfind("infinite_loop(1, 2): ", 0), 0u) << message;
  EXPECT_TRUE(contains(message, "timed out after " + seconds_text(kCallTimeout) + " s")) << message;
  EXPECT_GE(took, kCallTimeout - std::chrono::milliseconds(50));
  EXPECT_LT(took, kCallTimeout + course_test::scaled(std::chrono::milliseconds(1500)));
  // The looping worker was killed, not left spinning.
  EXPECT_TRUE(eventually([&] { return !lock_is_held(lock); })) << "the looping worker still runs";
  expect_next_call_works();
}

TEST_F(WorkerClientTest, SlowButInTimeSucceedsAndTooSlowTimesOut) {
  EXPECT_EQ(std::get<std::string>(call("sleep_ms", {std::int64_t{100}}).at(0)), "slept");
  auto start = Clock::now();
  std::string message = failure_of("sleep_ms", {std::int64_t{5000}});
  EXPECT_TRUE(contains(message, "timed out")) << message;
  EXPECT_LT(Clock::now() - start, course_test::scaled(std::chrono::seconds(2)));
  expect_next_call_works();
}

TEST_F(WorkerClientTest, FloodOfOutputDoesNotDeadlock) {
  auto start = Clock::now();
  auto r = call("flood_output");
  EXPECT_LT(Clock::now() - start, course_test::scaled(std::chrono::seconds(2)));
  EXPECT_EQ(std::get<std::string>(r.at(0)), "flooded");
  // Kept output is capped; what is kept is what was printed.
  EXPECT_GT(client_.last_output().size(), 0u);
  EXPECT_LE(client_.last_output().size(), client_.options().output_cap);
  EXPECT_EQ(client_.last_output().substr(0, 4), "oooo");
  expect_next_call_works();
}

TEST_F(WorkerClientTest, FailureMessageShowsWhatTheCodePrinted) {
  std::string message = failure_of("print_then_crash");
  EXPECT_TRUE(contains(message, "SIGSEGV")) << message;
  EXPECT_TRUE(contains(message, "about to index row 99 of 5")) << message;
}

TEST_F(WorkerClientTest, OutOfMemoryIsReportedUnderTheAddressSpaceLimit) {
  // 10 GiB against a 512 MiB limit: new throws bad_alloc (or the worker is
  // killed); either way the call must not come back with a result.
  try {
    (void)call("allocate_10_gb");
    FAIL() << "allocating 10 GiB under a 512 MiB limit returned normally";
  } catch (const gc::StudentException& e) {
    EXPECT_EQ(e.kind(), "bad_alloc");
    EXPECT_TRUE(contains(e.what(), "out of memory")) << e.what();
  } catch (const gc::WorkerFailure& e) {
    EXPECT_TRUE(contains(e.what(), "killed") || contains(e.what(), "stopped")) << e.what();
  }
  expect_next_call_works();
}

// The sandbox says which limit ended the worker (sandbox::EndStatus): the
// message names the CPU time limit, not "CPU time or memory".
TEST(WorkerClientLimits, TheCpuTimeLimitIsNamed) {
  ScratchDir scratch;
  gc::WorkerOptions options = options_for(TEST_WORKER_EXE, scratch.path());
  options.limits.cpu_seconds = 1;
  options.call_timeout = course_test::scaled(std::chrono::seconds(20));
  gc::WorkerClient client(options);
  try {
    client.call("infinite_loop", {}, "infinite_loop()");
    FAIL() << "an endless loop returned";
  } catch (const gc::WorkerFailure& e) {
    EXPECT_TRUE(contains(e.what(), "infinite_loop(): your code was stopped: was killed by signal")) << e.what();
    EXPECT_TRUE(contains(e.what(), "(its CPU time limit of 1.0 s)")) << e.what();
    EXPECT_FALSE(contains(e.what(), "memory")) << e.what();
  }
}

TEST_F(WorkerClientTest, BogusFrameOnTheReplyPipeIsMalformed) {
  std::string message = failure_of("bogus_frame");
  EXPECT_EQ(message.rfind("bogus_frame(1, 2): ", 0), 0u) << message;
  EXPECT_TRUE(contains(message, "malformed reply")) << message;
  expect_next_call_works();
}

TEST_F(WorkerClientTest, ForgedReplyIsOutOfTurn) {
  std::string message = failure_of("forged_reply");
  EXPECT_EQ(message.rfind("forged_reply(1, 2): ", 0), 0u) << message;
  EXPECT_TRUE(contains(message, "out of turn")) << message;
  expect_next_call_works();
}

TEST_F(WorkerClientTest, LongErrorMessageIsCutWhereItIsRead) {
  try {
    call("throw_long_message", {std::int64_t{10} << 20});
    ADD_FAILURE() << "the call returned normally";
  } catch (const std::runtime_error& e) {
    std::string message = e.what();
    EXPECT_EQ(message.size(), grader::caps::kMaxErrorMessageBytes + std::string("... (cut: 10481664 bytes more)").size());
    EXPECT_TRUE(contains(message, "... (cut: " + std::to_string((std::size_t{10} << 20) - grader::caps::kMaxErrorMessageBytes) +
                                      " bytes more)"))
        << message.substr(message.size() - 100);
  }
  // A short message is kept whole.
  try {
    call("throw_long_message", {std::int64_t{100}});
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), std::string(100, 'm'));
  }
  expect_next_call_works();
}

TEST_F(WorkerClientTest, ClaimedHugeReplyIsRefusedFromItsLengthAtOnce) {
  auto start = std::chrono::steady_clock::now();
  std::string message = failure_of("claim_huge_frame", {std::int64_t{1} << 30});
  EXPECT_TRUE(contains(message, "the reply of 1073741824 bytes is over the limit of " +
                                    std::to_string(grader::caps::kMaxReplyBytes) + " bytes: cut"))
      << message;
  // Refused from the prefix: not after waiting for the rest until the deadline.
  EXPECT_LT(std::chrono::steady_clock::now() - start, course_test::scaled(std::chrono::milliseconds(1500)));
  expect_next_call_works();
}

TEST_F(WorkerClientTest, LongErrorKindIsAMalformedReply) {
  std::string message = failure_of("long_error_kind");
  EXPECT_TRUE(contains(message, "error kind of 100000 bytes is over the limit of 64 bytes: cut")) << message;
  EXPECT_LT(message.size(), 1000u);
  expect_next_call_works();
}

// ---- callbacks: the worker asks for an earlier lesson's reference ----

// The "reference" of a test lesson: doubles an integer, refuses negatives as
// the course's references refuse bad arguments, and refuses huge requests
// the way the course's servers do.
const bool test_references_registered =
    gc::add_reference("earlier", "double_it",
                      [](const std::vector<Value>& a) -> std::vector<Value> {
                        const auto x = grader::protocol::get<std::int64_t>(a, 0, "x");
                        gc::check_callback_cost({static_cast<double>(x), 0, 0}, "double_it");
                        if (x < 0) throw std::invalid_argument("x must be >= 0, got " + std::to_string(x));
                        return {2 * x};
                      }) &&
    gc::add_reference("later", "own_exercise", [](const std::vector<Value>&) -> std::vector<Value> {
      ADD_FAILURE() << "a reference of a lesson not served was run";
      return {};
    });

class WorkerClientCallbackTest : public WorkerClientTest {
 protected:
  WorkerClientCallbackTest() {
    auto o = options_for(TEST_WORKER_EXE, scratch_.path());
    o.callback_lessons = {"earlier"};
    serving_ = std::make_unique<gc::WorkerClient>(o);
  }
  std::vector<Value> call_back(const std::string& function, std::int64_t times, Value value) {
    return serving_->call("call_back", {function, times, std::move(value)}, "call_back(...)");
  }
  std::string callback_failure(const std::string& function, std::int64_t times, Value value) {
    try {
      call_back(function, times, std::move(value));
    } catch (const gc::WorkerFailure& e) {
      return e.what();
    }
    ADD_FAILURE() << "expected WorkerFailure";
    return {};
  }
  std::unique_ptr<gc::WorkerClient> serving_;
};

TEST_F(WorkerClientCallbackTest, AnsweredWithTheReferenceThenTheCallContinues) {
  ASSERT_TRUE(test_references_registered);
  auto r = call_back("double_it", 3, std::int64_t{21});
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(std::get<std::int64_t>(r[0]), 42);
  // The same worker serves the next call: callbacks did not disturb the pipe.
  EXPECT_EQ(std::get<std::int64_t>(call_back("double_it", 1, std::int64_t{5}).at(0)), 10);
}

TEST_F(WorkerClientCallbackTest, TheReferencesExceptionReachesTheWorkerWithItsType) {
  auto r = call_back("double_it", 1, std::int64_t{-3});
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(std::get<std::string>(r[0]), "caught: x must be >= 0, got -3");
}

TEST_F(WorkerClientCallbackTest, OnlyTheServedLessonsFunctionsAreFound) {
  // Registered, but of a lesson this client does not serve.
  std::string other = callback_failure("own_exercise", 1, std::int64_t{1});
  EXPECT_TRUE(contains(other, "called back 'own_exercise', which is not a function of an earlier lesson")) << other;
  std::string unknown = callback_failure("no_such_reference", 1, std::int64_t{1});
  EXPECT_TRUE(contains(unknown, "called back 'no_such_reference'")) << unknown;
  // A client serving nothing answers no callback at all.
  std::string none = failure_of("call_back", {std::string("double_it"), std::int64_t{1}, std::int64_t{1}});
  EXPECT_TRUE(contains(none, "called back 'double_it', which is not a function of an earlier lesson")) << none;
  EXPECT_EQ(std::get<std::int64_t>(call_back("double_it", 1, std::int64_t{4}).at(0)), 8);
}

TEST_F(WorkerClientCallbackTest, AFloodAndAHugeRequestFailTheCall) {
  std::string flood = callback_failure("double_it", 5000, std::int64_t{1});
  EXPECT_TRUE(contains(flood, "more than 1024 times")) << flood;
  std::string huge = callback_failure("double_it", 1, std::int64_t{1} << 40);
  EXPECT_TRUE(contains(huge, "callback 'double_it': over the limit of 4194304 values in a result: double_it would produce 1099511627776 values")) << huge;
  // A long name is cut in the message.
  std::string long_name = callback_failure(std::string(5000, 'n'), 1, std::int64_t{1});
  EXPECT_TRUE(contains(long_name, std::string(64, 'n') + "...")) << long_name.substr(0, 300);
  EXPECT_LT(long_name.size(), 1000u);
  EXPECT_EQ(std::get<std::int64_t>(call_back("double_it", 1, std::int64_t{6}).at(0)), 12);
}

TEST_F(WorkerClientTest, UnknownFunctionAndBadArgumentsAreWorkerFailures) {
  std::string unknown = failure_of("no_such_function");
  EXPECT_TRUE(contains(unknown, "no function named 'no_such_function'")) << unknown;
  // A bridge that cannot read its arguments is a course bug, not a student
  // exception: it must not look like std::invalid_argument.
  std::string mistyped = failure_of("throw_invalid_argument", {std::int64_t{3}});
  EXPECT_TRUE(contains(mistyped, "message: value 0 should be string, got int")) << mistyped;
  expect_next_call_works();
}

TEST_F(WorkerClientTest, ForkedChildDiesWithTheWorker) {
  fs::path lock = scratch_.path() / "child.lock";
  std::ofstream(lock).put('\n');
  ASSERT_TRUE(std::get<bool>(call("fork_child", {std::string("child.lock")}).at(0)));
  ASSERT_TRUE(eventually([&] { return lock_is_held(lock); })) << "the forked child never took its lock";
  // A lingering child holding the pipes does not disturb the next call.
  expect_next_call_works();
  // Breaking the worker ends its descendants too.
  failure_of("segfault");
  EXPECT_TRUE(eventually([&] { return !lock_is_held(lock); })) << "the worker's child outlived the worker";
  expect_next_call_works();
}

TEST_F(WorkerClientTest, ForkedChildDiesWhenTheClientIsDestroyed) {
  fs::path lock = scratch_.path() / "child.lock";
  std::ofstream(lock).put('\n');
  {
    gc::WorkerClient other(options_for(TEST_WORKER_EXE, scratch_.path()));
    ASSERT_TRUE(std::get<bool>(other.call("fork_child", {std::string("child.lock")}, "fork_child()").at(0)));
    ASSERT_TRUE(eventually([&] { return lock_is_held(lock); })) << "the forked child never took its lock";
  }
  EXPECT_TRUE(eventually([&] { return !lock_is_held(lock); })) << "the worker's child outlived the client";
}

TEST(WorkerClientStart, WorkerThatNeverReadsItsRequestDidNotStart) {
  // A static initializer that loops forever, and a request far larger than a
  // pipe holds: the handshake fails before the request is written.
  ScratchDir scratch;
  gc::WorkerClient client(options_for(TEST_WORKER_HANG_EXE, scratch.path()));
  gp::TensorF64 big{{1024, 512}, std::vector<double>(1024 * 512, 1.0)};
  auto start = Clock::now();
  try {
    client.call("echo", {big}, "echo(big)");
    FAIL() << "a worker that never starts answered";
  } catch (const gc::WorkerDidNotStart& e) {
    EXPECT_EQ(std::string(e.what()).rfind("your code did not start: ", 0), 0u) << e.what();
    EXPECT_FALSE(contains(e.what(), "echo(big)")) << "no call started, none may be blamed: " << e.what();
  }
  EXPECT_LT(Clock::now() - start, kReadyTimeout + course_test::scaled(std::chrono::milliseconds(1500)));
}

// Each way a static initializer can keep the worker from becoming ready
// (see start_mode in worker_client_test_table.cpp).
struct StartFailure {
  const char* mode;
  std::vector<std::string> expected;  ///< parts of the message
};

class WorkerClientStartFailure : public ::testing::TestWithParam<StartFailure> {};

TEST_P(WorkerClientStartFailure, FailsOnceFastAndRemembers) {
  const StartFailure& f = GetParam();
  ScratchDir scratch;
  std::ofstream(scratch.path() / "start-mode") << f.mode;
  gc::WorkerClient client(options_for(TEST_WORKER_EXE, scratch.path()));
  auto start = Clock::now();
  std::string first;
  try {
    client.call("echo", {std::int64_t{1}}, "echo(1)");
    FAIL() << f.mode << ": the worker answered";
  } catch (const gc::WorkerDidNotStart& e) {
    first = e.what();
  }
  EXPECT_LT(Clock::now() - start, kReadyTimeout + course_test::scaled(std::chrono::milliseconds(1500))) << f.mode;
  EXPECT_EQ(first.rfind("your code did not start: ", 0), 0u) << first;
  EXPECT_FALSE(contains(first, "echo(1)")) << "no call started, none may be blamed: " << first;
  EXPECT_TRUE(contains(first, "initialiser")) << "the message should point at static initialisers: " << first;
  for (const std::string& part : f.expected) EXPECT_TRUE(contains(first, part)) << f.mode << ": no \"" << part << "\" in " << first;
  EXPECT_EQ(client.start_failure(), first);
  // Every later call fails at once, the same way, without a new worker.
  auto again = Clock::now();
  for (int i = 0; i < 20; ++i) {
    try {
      client.call("echo", {std::int64_t{2}}, "echo(2)");
      FAIL() << f.mode << ": a later call answered";
    } catch (const gc::WorkerDidNotStart& e) {
      EXPECT_EQ(std::string(e.what()), first);
    }
  }
  EXPECT_LT(Clock::now() - again, course_test::scaled(std::chrono::milliseconds(500))) << "later calls waited for something";
}

// Output without end, on either stream or both, in one call: the client stops
// reading after caps::kMaxWorkerOutputDrainedPerCall and stops the worker, so
// the call fails for its flood (not at its deadline, which would cost the
// whole call limit at pipe speed) and the next call gets a fresh worker.
TEST_F(WorkerClientTest, EndlessOutputStopsTheWorkerAndSaysSo) {
  for (const char* stream : {"stdout", "stderr", "both"}) {
    std::string message = failure_of("flood_forever", {std::string(stream)});
    EXPECT_TRUE(contains(message, "): your code printed more than 32 MiB during this call")) << stream << ": " << message;
    EXPECT_FALSE(contains(message, "timed out")) << stream << ": " << message;
    EXPECT_TRUE(contains(message, "(output was cut)")) << stream << ": " << message;
    expect_next_call_works();
  }
}

// Output under the limit is drained and the call answers: a chatty but
// finite student keeps the result (FloodOfOutputDoesNotDeadlock is 2 MiB).
TEST_F(WorkerClientTest, OutputJustUnderTheFloodLimitStillAnswers) {
  const std::int64_t mebibytes = static_cast<std::int64_t>(grader::caps::kMaxWorkerOutputDrainedPerCall >> 20) - 2;
  auto r = call("print_mebibytes", {mebibytes});
  EXPECT_EQ(std::get<std::int64_t>(r.at(0)), mebibytes);
  EXPECT_LE(client_.last_output().size(), client_.options().output_cap);
}

INSTANTIATE_TEST_SUITE_P(
    Modes, WorkerClientStartFailure,
    ::testing::Values(
        StartFailure{"loop", {"still in static initialisation after " + seconds_text(kReadyTimeout) + " s", "loop forever"}},
        StartFailure{"segfault", {"crashed before it was ready", "SIGSEGV"}},
        StartFailure{"abort", {"crashed before it was ready", "SIGABRT"}},
        StartFailure{"throw", {"SIGABRT", "std::terminate", "terminate called after throwing"}},
        StartFailure{"exit0", {"exited with status 0 before it was ready", "exit()"}},
        StartFailure{"_exit3", {"exited with status 3 before it was ready"}},
        StartFailure{"flood", {"printed more than 32 MiB before it was ready", "flooding before main", "(output was cut)"}},
        StartFailure{"forge", {"something other than the worker's ready message"}}),
    [](const ::testing::TestParamInfo<StartFailure>& param_info) {
      std::string name;
      for (const char* c = param_info.param.mode; *c; ++c)
        if (std::isalnum(static_cast<unsigned char>(*c))) name += *c;
      return name;
    });

TEST(WorkerClientStart, RestartThatDoesNotStartIsRememberedToo) {
  // The first worker serves; after it crashes, the next one hangs before main.
  ScratchDir scratch;
  std::ofstream(scratch.path() / "start-mode") << "second-start-loops";
  gc::WorkerClient client(options_for(TEST_WORKER_EXE, scratch.path()));
  EXPECT_EQ(std::get<std::int64_t>(client.call("echo", {std::int64_t{4}}, "echo(4)").at(0)), 4);
  EXPECT_THROW(client.call("segfault", {}, "segfault()"), gc::WorkerFailure);
  EXPECT_TRUE(client.start_failure().empty()) << "a crash in a call is not a failure to start";
  try {
    client.call("echo", {std::int64_t{5}}, "echo(5)");
    FAIL() << "the restarted worker answered";
  } catch (const gc::WorkerDidNotStart& e) {
    EXPECT_TRUE(contains(e.what(), "still in static initialisation")) << e.what();
  }
  EXPECT_THROW(client.call("echo", {std::int64_t{6}}, "echo(6)"), gc::WorkerDidNotStart);
}

TEST(WorkerClientStart, OutputBeforeReadyIsDrainedAndTheWorkerServes) {
  // Megabytes printed before main, more than any pipe holds: the handshake
  // drains them, the worker becomes ready, and the first call is clean.
  ScratchDir scratch;
  std::ofstream(scratch.path() / "start-mode") << "flood-then-ready";
  gc::WorkerClient client(options_for(TEST_WORKER_EXE, scratch.path()));
  auto r = client.call("echo", {std::string("ready")}, "echo(ready)");
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(std::get<std::string>(r[0]), "ready");
  EXPECT_TRUE(client.start_failure().empty());
  EXPECT_TRUE(client.last_output().empty()) << "output before main belongs to no call";
}

TEST(WorkerClientStart, MissingExecutableIsAWorkerFailure) {
  ScratchDir scratch;
  gc::WorkerClient none(options_for("", scratch.path()));
  try {
    none.call("echo", {}, "echo()");
    FAIL() << "no worker, yet the call returned";
  } catch (const gc::WorkerFailure& e) {
    EXPECT_TRUE(contains(e.what(), "no worker executable")) << e.what();
  }
  gc::WorkerClient absent(options_for((scratch.path() / "no-such-worker").string(), scratch.path()));
  try {
    absent.call("echo", {}, "echo()");
    FAIL() << "a worker that does not exist answered";
  } catch (const gc::WorkerFailure& e) {
    // The executable cannot run (exit status 127): it never became ready.
    EXPECT_TRUE(contains(e.what(), "did not start")) << e.what();
  }
}

}  // namespace

// The call log a failing test's message is built from (results_listener.cpp).
TEST_F(WorkerClientTest, CallLogKeepsEachCallsTextOutputAndEnding) {
  client_.clear_call_log();
  call("print", {std::string("shape of q: (2, 4)\n")});
  call("echo", {std::int64_t{1}});
  try {
    call("throw_invalid_argument", {std::string("key: expected shape (3, 4), got (3, 5)")});
  } catch (const std::invalid_argument&) {
  }
  failure_of("print_then_crash");
  auto log = client_.call_log();
  ASSERT_EQ(log.size(), 4u);
  EXPECT_EQ(log[0].call_text, "print(1, 2)");
  EXPECT_EQ(log[0].output, "shape of q: (2, 4)\n");
  EXPECT_TRUE(log[1].output.empty());
  EXPECT_TRUE(log[1].error_kind.empty());
  EXPECT_EQ(log[2].error_kind, "invalid_argument");
  EXPECT_FALSE(log[2].broke_worker);
  EXPECT_TRUE(log[3].broke_worker);
  EXPECT_TRUE(contains(log[3].output, "about to index row 99 of 5"));
  EXPECT_EQ(client_.last_call_text(), "print_then_crash(1, 2)");
  client_.clear_call_log();
  EXPECT_TRUE(client_.call_log().empty());
  EXPECT_EQ(client_.last_call_text(), "");
}

TEST_F(WorkerClientTest, CallLogIsCappedAndKeepsTheLatestCall) {
  client_.clear_call_log();
  const std::size_t calls = grader::caps::kMaxCallLogEntries + 10;
  for (std::size_t i = 0; i < calls; ++i)
    client_.call("print", {std::string(200, 'x') + "\n"}, "print(" + std::to_string(i) + ")");
  auto log = client_.call_log();
  ASSERT_EQ(log.size(), grader::caps::kMaxCallLogEntries);
  EXPECT_EQ(log.front().call_text, "print(0)");
  EXPECT_EQ(log.back().call_text, "print(" + std::to_string(calls - 1) + ")");
  std::size_t output = 0;
  for (const auto& r : log) output += r.output.size();
  EXPECT_LE(output, grader::caps::kMaxCallLogOutputBytes + 201);
  EXPECT_GT(output, 0u);
}
