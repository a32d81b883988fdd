// Starting processes with limits: output capture with caps, exit codes and
// signals, the wall-clock limit killing a whole process group, an environment
// that is exactly what was given, stdin from /dev/null and rlimits applied.
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>
#include <memory>

#include "grader/sandbox/process.hpp"
#include "grader/util/files.hpp"
#include "support/timeouts.hpp"

namespace {

namespace fs = std::filesystem;
namespace gs = grader::sandbox;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// A fresh folder under $TMPDIR, removed with everything in it.
using ScratchDir = grader::util::TempDir;

gs::Spec shell(const std::string& script) {
  gs::Spec spec;
  spec.argv = {"/bin/sh", "-c", script};
  spec.env = gs::clean_environment("/tmp");
  return spec;
}

gs::RunResult run_shell(const std::string& script, milliseconds wall = milliseconds(5000), std::size_t cap = 1 << 16) {
  return gs::run(shell(script), wall, cap);
}

// Gone: kill() cannot find it, or it is a zombie that only its new parent has
// yet to reap. Polls briefly since killing is asynchronous.
bool process_gone(pid_t pid) {
  for (int i = 0; i < 200; ++i) {
    if (::kill(pid, 0) != 0 && errno == ESRCH) return true;
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    auto close = text.rfind(')');
    if (close != std::string::npos && close + 2 < text.size() && (text[close + 2] == 'Z' || text[close + 2] == 'X'))
      return true;
    std::this_thread::sleep_for(milliseconds(10));
  }
  return false;
}

pid_t first_number(const std::string& text) { return static_cast<pid_t>(std::atol(text.c_str())); }

// This test program started again as a child (SANDBOX_TEST_TOUCH_MIB in its
// environment): it touches that many MiB page by page and exits 0, or with
// "all" touches memory until the address-space limit stops it (an uncaught
// std::bad_alloc: SIGABRT). Decided before main, so gtest never runs there.
[[maybe_unused]] const bool kTouchMemoryChild = [] {
  const char* mib = std::getenv("SANDBOX_TEST_TOUCH_MIB");
  if (!mib) return false;
  const bool all = std::string(mib) == "all";
  std::vector<std::unique_ptr<char[]>> blocks;
  for (long i = 0; all || i < std::atol(mib); ++i) {
    blocks.emplace_back(new char[1 << 20]);
    std::memset(blocks.back().get(), 1, 1 << 20);
  }
  std::_Exit(0);
}();

gs::Spec touching_memory(const std::string& mib) {
  gs::Spec spec;
  spec.argv = {fs::read_symlink("/proc/self/exe").string()};
  spec.env = {"SANDBOX_TEST_TOUCH_MIB=" + mib};
  return spec;
}

TEST(SandboxRun, CapturesStdoutAndStderrSeparately) {
  auto r = run_shell("printf 'to out'; printf 'to err' >&2");
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "to out");
  EXPECT_EQ(r.err, "to err");
  EXPECT_FALSE(r.output_truncated);
  EXPECT_FALSE(r.timed_out);
}

TEST(SandboxRun, OutputIsCappedAndMarkedTruncated) {
  // 1 MB on each stream against a 1000-byte cap: the first 1000 bytes are
  // kept, the rest is read and dropped so the child never blocks.
  auto r = run_shell("head -c 1000000 /dev/zero | tr '\\0' a; head -c 1000000 /dev/zero | tr '\\0' b >&2",
                     milliseconds(10000), 1000);
  EXPECT_TRUE(r.ok()) << r.err;
  EXPECT_EQ(r.out, std::string(1000, 'a'));
  EXPECT_EQ(r.err, std::string(1000, 'b'));
  EXPECT_TRUE(r.output_truncated);
}

TEST(SandboxRun, OutputExactlyAtTheCapIsNotTruncated) {
  auto r = run_shell("printf 12345", milliseconds(5000), 5);
  EXPECT_EQ(r.out, "12345");
  EXPECT_FALSE(r.output_truncated);
}

TEST(SandboxRun, ExitCodes) {
  EXPECT_EQ(run_shell("exit 0").exit_code, 0);
  EXPECT_EQ(run_shell("exit 0").status, gs::EndStatus::ok);
  auto r = run_shell("exit 3");
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.signal, 0);
  EXPECT_EQ(r.status, gs::EndStatus::exited);
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(run_shell("exit 255").exit_code, 255);
}

TEST(SandboxRun, SignalsAreReported) {
  auto segv = run_shell("kill -SEGV $$");
  EXPECT_EQ(segv.signal, SIGSEGV);
  EXPECT_EQ(segv.exit_code, -1);
  EXPECT_EQ(segv.status, gs::EndStatus::signalled);
  EXPECT_FALSE(segv.ok());
  EXPECT_EQ(run_shell("kill -ABRT $$").signal, SIGABRT);
  // A SIGKILL that is no limit's (a kill by hand, the system's out-of-memory
  // killer) is said as it is, not taken for a limit.
  auto killed = run_shell("kill -KILL $$");
  EXPECT_EQ(killed.signal, SIGKILL);
  EXPECT_EQ(killed.status, gs::EndStatus::signalled);
}

TEST(SandboxRun, ExecFailureIsExitCode127) {
  gs::Spec spec;
  spec.argv = {"/nonexistent/program"};
  auto r = gs::run(spec, milliseconds(5000), 1000);
  EXPECT_EQ(r.exit_code, 127);
  EXPECT_THROW(gs::spawn(gs::Spec{}), std::invalid_argument);
}

TEST(SandboxRun, WallClockLimitStopsTheChild) {
  auto start = Clock::now();
  auto r = run_shell("sleep 30", milliseconds(300));
  auto took = Clock::now() - start;
  EXPECT_TRUE(r.timed_out);
  EXPECT_EQ(r.status, gs::EndStatus::wall_limit);
  EXPECT_FALSE(r.ok());
  EXPECT_GE(took, milliseconds(250));
  EXPECT_LT(took, course_test::scaled(milliseconds(2000)));
  EXPECT_GE(r.seconds, 0.25);
}

TEST(SandboxRun, TimeoutKillsTheWholeProcessGroup) {
  // The child starts a grandchild and waits for it; the grandchild must not
  // survive the timeout.
  auto r = run_shell("sleep 30 & echo $!; wait", milliseconds(300));
  EXPECT_TRUE(r.timed_out);
  pid_t grandchild = first_number(r.out);
  ASSERT_GT(grandchild, 1) << "no pid printed: " << r.out;
  EXPECT_TRUE(process_gone(grandchild)) << "grandchild " << grandchild << " survived the timeout";
}

TEST(SandboxRun, GrandchildHoldingTheOutputPipeCannotStallTheRun) {
  // The child exits at once, the grandchild keeps stdout open: the run still
  // ends at the wall-clock limit and the grandchild dies.
  auto start = Clock::now();
  auto r = run_shell("sleep 30 & echo $!", milliseconds(300));
  EXPECT_LT(Clock::now() - start, course_test::scaled(milliseconds(2000)));
  pid_t grandchild = first_number(r.out);
  ASSERT_GT(grandchild, 1) << "no pid printed: " << r.out;
  EXPECT_TRUE(process_gone(grandchild)) << "grandchild " << grandchild << " survived";
}

TEST(SandboxRun, DetachedGrandchildDiesWhenTheChildExits) {
  // The grandchild closes its copies of the pipes, so the run ends as soon as
  // the child exits; the group is killed with the child.
  auto start = Clock::now();
  auto r = run_shell("sleep 30 >/dev/null 2>&1 & echo $!", milliseconds(5000));
  EXPECT_LT(Clock::now() - start, course_test::scaled(milliseconds(2000)));
  EXPECT_FALSE(r.timed_out);
  EXPECT_EQ(r.exit_code, 0);
  pid_t grandchild = first_number(r.out);
  ASSERT_GT(grandchild, 1) << "no pid printed: " << r.out;
  EXPECT_TRUE(process_gone(grandchild)) << "grandchild " << grandchild << " outlived the child";
}

TEST(SandboxRun, EnvironmentIsExactlyWhatWasGiven) {
  ::setenv("GTEST_SANDBOX_LEAK_CHECK", "1", 1);
  ::setenv("GRADER_SECRET_FOR_TEST", "leak", 1);
  gs::Spec spec;
  spec.argv = {"/usr/bin/env"};
  spec.env = {"A=1", "B=two words"};
  auto r = gs::run(spec, milliseconds(5000), 1 << 16);
  EXPECT_EQ(r.out, "A=1\nB=two words\n");
  spec.env = {};
  EXPECT_EQ(gs::run(spec, milliseconds(5000), 1 << 16).out, "");
  ::unsetenv("GTEST_SANDBOX_LEAK_CHECK");
  ::unsetenv("GRADER_SECRET_FOR_TEST");
}

TEST(SandboxRun, CleanEnvironmentHasNoGraderOrTestVariables) {
  auto env = gs::clean_environment("/work/home");
  for (const auto& e : env) {
    EXPECT_NE(e.rfind("GTEST_", 0), 0u) << e;
    EXPECT_NE(e.rfind("LD_", 0), 0u) << e;
  }
  EXPECT_NE(std::find(env.begin(), env.end(), "HOME=/work/home"), env.end());
}

TEST(SandboxRun, StdinIsDevNull) {
  auto r = run_shell("readlink /proc/self/fd/0; cat; echo end");
  EXPECT_EQ(r.out, "/dev/null\nend\n");
}

TEST(SandboxRun, OnlyTheStandardAndPassedDescriptorsAreInherited) {
  int p[2];
  ASSERT_EQ(::pipe(p), 0);  // deliberately without O_CLOEXEC
  gs::Spec spec = shell("ls /proc/self/fd | sort -n | tr '\\n' ' '");
  spec.pass_fds = {{5, p[1]}};
  auto r = gs::run(spec, milliseconds(5000), 1000);
  ::close(p[0]);
  ::close(p[1]);
  // 0-2, the passed 5, and the descriptor ls opens to read the folder.
  EXPECT_TRUE(r.out == "0 1 2 3 5 " || r.out == "0 1 2 5 ") << r.out;
}

TEST(SandboxRun, PassedDescriptorsArriveAtTheirNumbers) {
  int p[2];
  ASSERT_EQ(::pipe(p), 0);
  gs::Spec spec = shell("echo through-fd-4 >&4");
  spec.pass_fds = {{4, p[1]}};
  auto r = gs::run(spec, milliseconds(5000), 1000);
  ::close(p[1]);
  char buf[64] = {};
  ssize_t n = ::read(p[0], buf, sizeof buf - 1);
  ::close(p[0]);
  EXPECT_TRUE(r.ok()) << r.err;
  EXPECT_EQ(std::string(buf, n > 0 ? static_cast<std::size_t>(n) : 0), "through-fd-4\n");
}

TEST(SandboxRun, WorkingDirectory) {
  ScratchDir dir;
  gs::Spec spec = shell("pwd");
  spec.working_dir = dir.path().string();
  auto r = gs::run(spec, milliseconds(5000), 1000);
  EXPECT_EQ(r.out, fs::canonical(dir.path()).string() + "\n");
  spec.working_dir = (dir.path() / "absent").string();
  EXPECT_EQ(gs::run(spec, milliseconds(5000), 1000).exit_code, 126);
}

TEST(SandboxLimits, FileSizeLimitStopsABigWrite) {
  ScratchDir dir;
  gs::Spec spec = shell("head -c 2000000 /dev/zero > big; echo status $?");
  spec.working_dir = dir.path().string();
  spec.limits.file_size_bytes = 100000;
  auto r = gs::run(spec, milliseconds(5000), 1 << 16);
  // SIGXFSZ is ignored, so the write fails (EFBIG) instead of killing.
  EXPECT_EQ(r.signal, 0);
  EXPECT_NE(r.out, "status 0\n") << r.err;
  EXPECT_LE(fs::file_size(dir.path() / "big"), 100000u);
}

TEST(SandboxLimits, RlimitsAreApplied) {
  // Allow core dumps here (when the hard limit permits) so that the child's
  // 0 comes from the sandbox, not from this process.
  rlimit core{};
  ASSERT_EQ(::getrlimit(RLIMIT_CORE, &core), 0);
  if (core.rlim_max > 0) {
    core.rlim_cur = std::min<rlim_t>(core.rlim_max, 1 << 20);
    ::setrlimit(RLIMIT_CORE, &core);
  }
  gs::Spec spec = shell("ulimit -n; ulimit -c; ulimit -v; ulimit -t");
  spec.limits.open_files = 32;
  spec.limits.address_space_bytes = std::size_t{256} << 20;
  spec.limits.cpu_seconds = 7;
  auto r = gs::run(spec, milliseconds(5000), 1000);
  // ulimit -v is in KiB; core dumps are off unless asked for.
  EXPECT_EQ(r.out, "32\n0\n262144\n7\n");
}

TEST(SandboxLimits, CpuLimitStopsABusyLoop) {
  gs::Spec spec = shell("while :; do :; done");
  spec.limits.cpu_seconds = 1;
  auto start = Clock::now();
  // CPU seconds, not wall seconds: leave room for a busy machine.
  auto r = gs::run(spec, course_test::scaled(milliseconds(20000)), 1000);
  EXPECT_FALSE(r.timed_out);
  EXPECT_TRUE(r.signal == SIGXCPU || r.signal == SIGKILL) << r.signal;
  EXPECT_EQ(r.status, gs::EndStatus::time_limit) << gs::to_string(r.status);
  EXPECT_GE(r.cpu_seconds, 0.9);
  EXPECT_LT(Clock::now() - start, course_test::scaled(milliseconds(15000)));
}

TEST(SandboxLimits, CpuTimeAndPeakMemoryAreMeasured) {
  auto r = gs::run(touching_memory("64"), course_test::scaled(milliseconds(10000)), 1000);
  EXPECT_EQ(r.status, gs::EndStatus::ok) << gs::to_string(r.status) << " " << r.err;
  EXPECT_GE(r.peak_memory_bytes, std::size_t{64} << 20);
  EXPECT_LT(r.peak_memory_bytes, std::size_t{256} << 20);
  EXPECT_GT(r.cpu_seconds, 0.0);
  EXPECT_LT(r.cpu_seconds, r.seconds + 0.1);
}

TEST(SandboxLimits, MemoryLimitIsNamedNotGuessedFromTheSignal) {
  gs::Spec spec = touching_memory("all");
  spec.limits.address_space_bytes = std::size_t{256} << 20;
  auto r = gs::run(spec, course_test::scaled(milliseconds(10000)), 1 << 16);
  EXPECT_EQ(r.signal, SIGABRT) << r.err;
  EXPECT_EQ(r.status, gs::EndStatus::memory_limit) << gs::to_string(r.status);
  EXPECT_GE(r.peak_memory_bytes, std::size_t{192} << 20);
  // The same abort far from the limit is a plain signal.
  gs::Spec far = shell("kill -ABRT $$");
  far.limits.address_space_bytes = std::size_t{256} << 20;
  EXPECT_EQ(gs::run(far, milliseconds(5000), 1000).status, gs::EndStatus::signalled);
}

TEST(SandboxChild, StoppedForItsOutputSaysSo) {
  gs::Child child = gs::spawn(shell("yes"));
  std::string out;
  bool cut = false;
  while (out.size() < 4096 && gs::drain_into(child.stdout_fd(), out, 1 << 20, cut)) {
  }
  child.stop(gs::EndStatus::output_limit);
  EXPECT_FALSE(child.running());
  EXPECT_EQ(child.end_status(), gs::EndStatus::output_limit);
  // Killed without a reason: the parent's own kill, no limit.
  gs::Child other = gs::spawn(shell("sleep 30"));
  other.kill();
  EXPECT_EQ(other.end_status(), gs::EndStatus::signalled);
}

// Every status from the wait status, the usage and the limits alone.
TEST(SandboxStatus, EachStatusFromWaitStatusUsageAndLimits) {
  using E = gs::EndStatus;
  gs::Limits limits;
  limits.cpu_seconds = 2;
  limits.address_space_bytes = std::size_t{512} << 20;
  const std::size_t little = std::size_t{10} << 20, near_limit = std::size_t{500} << 20;
  auto exited = [](int code) { return code << 8; };  // the wait status of exit(code)
  EXPECT_EQ(gs::end_status(exited(0), 0.5, little, limits, E::ok), E::ok);
  EXPECT_EQ(gs::end_status(exited(1), 0.5, near_limit, limits, E::ok), E::exited);
  EXPECT_EQ(gs::end_status(SIGSEGV, 0.5, little, limits, E::ok), E::signalled);
  EXPECT_EQ(gs::end_status(SIGXCPU, 2.0, little, limits, E::ok), E::time_limit);
  EXPECT_EQ(gs::end_status(SIGKILL, 3.0, little, limits, E::ok), E::time_limit);  // the hard CPU limit
  EXPECT_EQ(gs::end_status(SIGKILL, 0.5, little, limits, E::ok), E::signalled);
  EXPECT_EQ(gs::end_status(SIGABRT, 0.5, near_limit, limits, E::ok), E::memory_limit);
  EXPECT_EQ(gs::end_status(SIGSEGV, 0.5, near_limit, limits, E::ok), E::memory_limit);
  EXPECT_EQ(gs::end_status(SIGKILL, 0.5, little, limits, E::wall_limit), E::wall_limit);
  EXPECT_EQ(gs::end_status(SIGKILL, 3.0, near_limit, limits, E::output_limit), E::output_limit);
  EXPECT_EQ(gs::end_status(SIGKILL, 3.0, near_limit, limits, E::signalled), E::signalled);
  // No limit set: nothing is taken for one.
  EXPECT_EQ(gs::end_status(SIGKILL, 30.0, near_limit, gs::Limits{}, E::ok), E::signalled);
  for (E e : {E::ok, E::exited, E::signalled, E::time_limit, E::wall_limit, E::memory_limit, E::output_limit})
    EXPECT_FALSE(std::string(gs::to_string(e)).empty());
  EXPECT_STREQ(gs::to_string(E::memory_limit), "memory limit");
}

TEST(SandboxChild, DestructorKillsTheProcessGroup) {
  pid_t pid = 0;
  {
    gs::Child child = gs::spawn(shell("sleep 30"));
    pid = child.pid();
    ASSERT_GT(pid, 0);
    EXPECT_TRUE(child.running());
    EXPECT_FALSE(child.try_wait());
    // Its own process group, so the whole group can be killed at once.
    EXPECT_EQ(::getpgid(pid), pid);
  }
  EXPECT_TRUE(process_gone(pid));
}

TEST(SandboxChild, WaitReportsTheStatus) {
  gs::Child child = gs::spawn(shell("exit 5"));
  child.wait();
  EXPECT_FALSE(child.running());
  EXPECT_TRUE(WIFEXITED(child.raw_status()));
  EXPECT_EQ(WEXITSTATUS(child.raw_status()), 5);
  EXPECT_EQ(gs::describe_status(child.raw_status()), "exited with status 5");
}

TEST(SandboxDescribe, StatusTexts) {
  int exited3 = 0, killed = 0;
  {
    gs::Child c = gs::spawn(shell("exit 3"));
    c.wait();
    exited3 = c.raw_status();
  }
  {
    gs::Child c = gs::spawn(shell("kill -SEGV $$"));
    c.wait();
    killed = c.raw_status();
  }
  EXPECT_EQ(gs::describe_status(exited3), "exited with status 3");
  std::string segv = gs::describe_status(killed);
  EXPECT_EQ(segv.rfind("was killed by signal 11 (SIGSEGV", 0), 0u) << segv;
  EXPECT_NE(segv.find("egmentation fault"), std::string::npos) << segv;
  std::string abrt = gs::describe_signal(SIGABRT);
  EXPECT_EQ(abrt.rfind("signal 6 (SIGABRT", 0), 0u) << abrt;
  EXPECT_EQ(gs::describe_signal(SIGKILL).rfind("signal 9 (SIGKILL", 0), 0u);
}

TEST(SandboxDrain, ReadsUpToTheCapAndDiscardsTheRest) {
  int p[2];
  ASSERT_EQ(::pipe(p), 0);
  ASSERT_EQ(::write(p[1], "abcdefgh", 8), 8);
  std::string into = "12";
  bool truncated = false;
  EXPECT_TRUE(gs::drain_into(p[0], into, 5, truncated));
  EXPECT_EQ(into, "12abc");
  EXPECT_TRUE(truncated);
  ::close(p[1]);
  EXPECT_FALSE(gs::drain_into(p[0], into, 5, truncated));  // end of file
  ::close(p[0]);
}

}  // namespace
