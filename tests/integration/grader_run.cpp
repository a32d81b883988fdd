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

#include "support/timeouts.hpp"

extern char** environ;

namespace grader_test {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

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

pid_t spawn_process(const std::vector<std::string>& argv, const std::vector<std::string>& env,
                    const fs::path& out, const fs::path& err, bool own_group, const fs::path& cwd) {
  std::vector<std::string> argv_text = argv, env_text = env;  // posix_spawn wants char*, not const char*
  std::vector<char*> argv_c, envp_c;
  for (auto& a : argv_text) argv_c.push_back(a.data());
  argv_c.push_back(nullptr);
  for (auto& e : env_text) envp_c.push_back(e.data());
  envp_c.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (!cwd.empty()) posix_spawn_file_actions_addchdir_np(&actions, cwd.c_str());
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  if (own_group) {
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attr, 0);
  }
  pid_t pid = -1;
  int rc = posix_spawn(&pid, argv_c[0], &actions, &attr, argv_c.data(), envp_c.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) throw std::runtime_error("cannot start " + argv.at(0) + ": " + std::strerror(rc));
  return pid;
}

GraderRun run_grader(const std::vector<std::string>& args, std::chrono::seconds limit,
                     const std::vector<std::string>& extra_env, const fs::path& cwd) {
  ScratchDir io;
  const fs::path out_path = io.path() / "out", err_path = io.path() / "err";
  std::vector<std::string> argv = {GRADER_EXE};
  argv.insert(argv.end(), args.begin(), args.end());
  // getenv() finds the first of two equal names: these come first.
  std::vector<std::string> env = extra_env;
  env.push_back("NO_COLOR=1");
  for (char** e = environ; *e; ++e) env.emplace_back(*e);

  GraderRun run;
  pid_t pid = -1;
  const auto deadline = course_test::scaled(limit);
  auto start = Clock::now();
  try {
    // Its own process group, so a timeout kills the grader and everything it started.
    pid = spawn_process(argv, env, out_path, err_path, true, cwd);
  } catch (const std::exception& e) {
    run.err = e.what();
    return run;
  }
  int status = 0;
  for (;;) {
    pid_t r = ::waitpid(pid, &status, WNOHANG);
    if (r == pid) break;
    if (Clock::now() - start > deadline) {
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

LinkedCourse::LinkedCourse(const std::filesystem::path& course, const std::string& yaml) {
  namespace fs = std::filesystem;
  for (const auto& entry : fs::directory_iterator(course)) {
    const std::string name = entry.path().filename().string();
    if (name == "course.yaml" || name.rfind("build", 0) == 0 || name == ".git") continue;
    fs::create_directory_symlink(entry.path(), scratch_.path() / name);
  }
  write_text(scratch_.path() / "course.yaml", yaml);
}

namespace {

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  if (at == std::string::npos) throw std::runtime_error("course.yaml no longer says " + from);
  return text.replace(at, from.size(), to);
}

}  // namespace

LinkedCourse::LinkedCourse(const std::filesystem::path& course, const std::string& from, const std::string& to)
    : LinkedCourse(course, replaced(read_text(course / "course.yaml"), from, to)) {}

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
