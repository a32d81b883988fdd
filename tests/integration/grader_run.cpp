#include "integration/grader_run.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace grader_test {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

ScratchDir::ScratchDir() {
  std::string pattern = (fs::temp_directory_path() / "grader_test_XXXXXX").string();
  if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
  path_ = pattern;
}

ScratchDir::~ScratchDir() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_text(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

GraderRun run_grader(const std::vector<std::string>& args, std::chrono::seconds limit,
                     const std::vector<std::string>& extra_env) {
  ScratchDir io;
  const std::string out_path = (io.path() / "out").string();
  const std::string err_path = (io.path() / "err").string();
  std::vector<std::string> argv_text = {GRADER_EXE};
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_text) argv.push_back(a.data());
  argv.push_back(nullptr);
  // getenv() finds the first of two equal names: these come first.
  std::vector<std::string> env_text = extra_env;
  env_text.push_back("NO_COLOR=1");
  for (char** e = environ; *e; ++e) env_text.emplace_back(*e);
  std::vector<char*> envp;
  for (auto& e : env_text) envp.push_back(e.data());
  envp.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  // Its own process group, so a timeout kills the grader and everything it started.
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attr, 0);
  pid_t pid = -1;
  auto start = Clock::now();
  int rc = posix_spawn(&pid, argv_text[0].c_str(), &actions, &attr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  GraderRun run;
  if (rc != 0) {
    run.err = "posix_spawn failed: " + std::string(std::strerror(rc));
    return run;
  }
  int status = 0;
  for (;;) {
    pid_t r = ::waitpid(pid, &status, WNOHANG);
    if (r == pid) break;
    if (Clock::now() - start > limit) {
      ::kill(-pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      run.timed_out = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  run.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (!run.timed_out && WIFEXITED(status)) run.exit_code = WEXITSTATUS(status);
  run.out = read_text(out_path);
  run.err = read_text(err_path);
  return run;
}

std::string describe(const GraderRun& r) {
  return "exit code " + std::to_string(r.exit_code) + (r.timed_out ? " (timed out)" : "") + " after " +
         std::to_string(r.seconds) + " s\n--- stdout ---\n" + r.out.substr(0, 4000) + "\n--- stderr ---\n" +
         r.err.substr(0, 4000);
}

}  // namespace grader_test

namespace grader_test {

std::filesystem::path overlay_submission(const std::filesystem::path& course, const std::filesystem::path& into,
                                         const std::string& broken) {
  namespace fs = std::filesystem;
  fs::copy(course / "solutions", into, fs::copy_options::recursive);
  fs::path overlay = course / "tests" / "submissions" / broken;
  if (!fs::is_directory(overlay)) throw std::runtime_error("no broken submission " + overlay.string());
  for (auto it = fs::recursive_directory_iterator(overlay); it != fs::recursive_directory_iterator(); ++it) {
    if (!it->is_regular_file() || it->path().filename() == ".remove") continue;
    fs::path target = into / it->path().lexically_relative(overlay);
    fs::create_directories(target.parent_path());
    fs::copy_file(it->path(), target, fs::copy_options::overwrite_existing);
  }
  std::ifstream remove(overlay / ".remove");
  for (std::string line; std::getline(remove, line);)
    if (!line.empty() && line[0] != '#') fs::remove(into / line);
  return into;
}

}  // namespace grader_test
