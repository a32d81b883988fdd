// The function table of the worker that worker_client_test drives: one
// function per way student code can behave or misbehave. Linked with the
// generic worker main exactly like a lesson's worker.
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>

#include "grader/protocol/args.hpp"
#include "grader/protocol/frame.hpp"
#include "grader/worker/registry.hpp"

namespace {

using grader::protocol::Value;
using Values = std::vector<Value>;

#ifdef TEST_WORKER_HANG_AT_START
// A static initializer that never finishes: the worker never reads a request.
const int hang_at_start = [] {
  volatile int spin = 0;
  for (;;) spin = spin + 1;
  return 0;
}();
#endif

// How the worker misbehaves before main(), read from the file "start-mode" in
// its working folder (worker_client_test writes it): one way per way a
// student's static initialiser can keep the worker from becoming ready.
const int start_mode = [] {
  std::FILE* f = std::fopen("start-mode", "r");
  if (!f) return 0;
  char mode[32] = {};
  if (!std::fgets(mode, sizeof mode, f)) mode[0] = 0;
  std::fclose(f);
  std::string m(mode);
  if (m == "loop") {
    volatile int spin = 0;
    for (;;) spin = spin + 1;
  }
  if (m == "segfault") {
    volatile int* volatile nowhere = nullptr;
    *nowhere = 1;
  }
  if (m == "abort") std::abort();
  if (m == "throw") throw std::runtime_error("thrown before main");
  if (m == "exit0") std::exit(0);
  if (m == "_exit3") _exit(3);
  if (m == "flood")
    for (;;) std::fputs("flooding before main\n", stdout);
  if (m == "flood-then-ready")
    for (int i = 0; i < 200000; ++i) std::fputs("a lot of output before main, then ready\n", stdout);
  if (m == "second-start-loops") {
    // Starts once; every later worker (after a crash) hangs before main.
    if (std::FILE* seen = std::fopen("started-once", "r")) {
      std::fclose(seen);
      volatile int spin = 0;
      for (;;) spin = spin + 1;
    }
    if (std::FILE* mark = std::fopen("started-once", "w")) std::fclose(mark);
  }
  if (m == "forge") {
    // A frame that is not the ready message, ahead of it on the reply pipe.
    grader::protocol::write_frame(grader::worker::kReplyFd, "not a ready message");
  }
  return 1;
}();

}  // namespace

void grader::worker::register_functions(Registry& registry) {
  (void)start_mode;
  registry.add("echo", [](const Values& a) -> Values { return a; });
  registry.add("throw_invalid_argument", [](const Values& a) -> Values {
    throw std::invalid_argument(grader::protocol::get<std::string>(a, 0, "message"));
  });
  registry.add("throw_out_of_range", [](const Values&) -> Values { throw std::out_of_range("index 9 is past the end"); });
  registry.add("throw_int", [](const Values&) -> Values { throw 42; });
  registry.add("segfault", [](const Values&) -> Values {
    // Both volatile: the pointer may not be proven null, nor the store dropped as dead.
    volatile int* volatile nowhere = nullptr;
    *nowhere = 1;
    return {};
  });
  registry.add("abort", [](const Values&) -> Values { std::abort(); });
  registry.add("exit_zero", [](const Values&) -> Values { std::exit(0); });
  registry.add("infinite_loop", [](const Values&) -> Values {
    volatile std::uint64_t spin = 0;
    for (;;) spin = spin + 1;
  });
  registry.add("sleep_ms", [](const Values& a) -> Values {
    std::this_thread::sleep_for(std::chrono::milliseconds(grader::protocol::get<std::int64_t>(a, 0, "ms")));
    return {std::string("slept")};
  });
  registry.add("flood_output", [](const Values&) -> Values {
    // 1 MiB on stdout and on stderr, interleaved, far more than a pipe holds.
    std::string line(1023, 'o');
    line += '\n';
    for (int i = 0; i < 1024; ++i) {
      std::fwrite(line.data(), 1, line.size(), stdout);
      std::fwrite(line.data(), 1, line.size(), stderr);
    }
    std::fflush(stdout);
    return {std::string("flooded")};
  });
  registry.add("flood_forever", [](const Values& a) -> Values {
    // Prints until stopped, on "stdout", "stderr" or "both".
    const std::string stream = grader::protocol::get<std::string>(a, 0, "stream");
    const std::string chunk(1 << 16, 'f');
    for (;;) {
      if (stream != "stderr" && ::write(1, chunk.data(), chunk.size()) < 0) break;
      if (stream != "stdout" && ::write(2, chunk.data(), chunk.size()) < 0) break;
    }
    return {std::string("the pipes closed")};
  });
  registry.add("print_mebibytes", [](const Values& a) -> Values {
    const auto mebibytes = grader::protocol::get<std::int64_t>(a, 0, "mebibytes");
    const std::string chunk(1 << 20, 'm');
    for (std::int64_t i = 0; i < mebibytes; ++i)
      if (::write(1, chunk.data(), chunk.size()) < 0) break;
    return {mebibytes};
  });
  registry.add("print", [](const Values& a) -> Values {
    // What a student's debugging line does: print, then return normally.
    std::string text = grader::protocol::get<std::string>(a, 0, "text");
    std::fputs(text.c_str(), stderr);
    std::fflush(stderr);
    return {text};
  });
  registry.add("print_then_crash", [](const Values&) -> Values {
    std::printf("about to index row 99 of 5\n");
    std::fflush(stdout);
    volatile int* volatile nowhere = nullptr;
    *nowhere = 1;
    return {};
  });
  registry.add("allocate_10_gb", [](const Values&) -> Values {
    const std::size_t n = std::size_t{10} << 30;
    char* p = new char[n];
    p[0] = 1;
    p[n - 1] = 1;
    bool touched = p[0] + p[n - 1] == 2;
    delete[] p;
    return {touched};
  });
  registry.add("bogus_frame", [](const Values&) -> Values {
    grader::protocol::write_frame(grader::worker::kReplyFd, "this is not a reply");
    return {std::string("after the bogus frame")};
  });
  registry.add("forged_reply", [](const Values&) -> Values {
    // A well-formed reply for a call that was never made.
    grader::protocol::Reply forged{987654, true, {std::int64_t{1}}, {}};
    grader::protocol::write_frame(grader::worker::kReplyFd, grader::protocol::encode(forged));
    return {std::string("after the forged reply")};
  });
  registry.add("throw_long_message", [](const Values& a) -> Values {
    std::string message(static_cast<std::size_t>(grader::protocol::get<std::int64_t>(a, 0, "bytes")), 'm');
    throw std::runtime_error(message);
  });
  registry.add("claim_huge_frame", [](const Values& a) -> Values {
    // A length prefix with only a few bytes behind it.
    std::uint64_t n = static_cast<std::uint64_t>(grader::protocol::get<std::int64_t>(a, 0, "bytes"));
    if (::write(grader::worker::kReplyFd, &n, sizeof n) != sizeof n || ::write(grader::worker::kReplyFd, "R", 1) != 1) return {};
    std::this_thread::sleep_for(std::chrono::seconds(5));
    return {};
  });
  registry.add("long_error_kind", [](const Values&) -> Values {
    grader::protocol::Reply forged{1, false, {}, {std::string(100000, 'k'), "short"}};
    grader::protocol::write_frame(grader::worker::kReplyFd, grader::protocol::encode(forged));
    std::this_thread::sleep_for(std::chrono::seconds(5));
    return {};
  });
  // Liveness the test can observe from outside any PID namespace: a process
  // holds an exclusive flock on a file of the working folder until it dies.
  registry.add("hold_lock", [](const Values& a) -> Values {
    int fd = open(grader::protocol::get<std::string>(a, 0, "file").c_str(), O_RDONLY);
    return {fd >= 0 && flock(fd, LOCK_EX) == 0};  // the descriptor stays open on purpose
  });
  registry.add("fork_child", [](const Values& a) -> Values {
    // The child outlives the call, holding the worker's pipes open and the lock.
    const std::string file = grader::protocol::get<std::string>(a, 0, "file");
    pid_t child = fork();
    if (child == 0) {
      int fd = open(file.c_str(), O_RDONLY);
      if (fd >= 0) flock(fd, LOCK_EX);
      for (;;) pause();
    }
    return {child > 0};
  });
  // Calls back `function` (an earlier lesson's, in a course) `times` times
  // with `value` and returns the last answer; "caught: ..." when the answer
  // was an error thrown as std::invalid_argument.
  registry.add("call_back", [](const Values& a) -> Values {
    const auto& function = grader::protocol::get<std::string>(a, 0, "function");
    const auto times = grader::protocol::get<std::int64_t>(a, 1, "times");
    Values answer;
    try {
      for (std::int64_t i = 0; i < times; ++i) answer = grader::worker::call_back(function, {a.at(2)});
    } catch (const std::invalid_argument& e) {
      return {std::string("caught: ") + e.what()};
    }
    return answer;
  });
  // A number drawn once per worker process: tells a restarted worker apart.
  registry.add("instance", [](const Values&) -> Values {
    static const std::int64_t token = static_cast<std::int64_t>(std::random_device{}() & 0x7fffffff) * 65536 + getpid();
    return {token};
  });
}
