#include "grader/cli/hints.hpp"

#include <algorithm>
#include <iostream>

#include "grader/util/files.hpp"

namespace grader::cli {

// How many hints of each exercise the student has seen, per workspace, in
// <workspace>/.grader/hints.json: {"pe-formula": 2}. The file lives with the
// student's files, so it survives a rebuild and another workspace starts over;
// grading ignores the .grader/ folder and releases never ship it.
std::filesystem::path hint_state_path(const std::filesystem::path& workspace) {
  return workspace / ".grader" / "hints.json";
}

nlohmann::json read_hint_state(const std::filesystem::path& workspace) {
  std::error_code ec;
  const auto path = hint_state_path(workspace);
  if (!std::filesystem::is_regular_file(path, ec)) return nlohmann::json::object();
  try {
    auto state = nlohmann::json::parse(util::read_file(path));
    if (state.is_object()) return state;
  } catch (const std::exception&) {
  }
  return nlohmann::json::object();  // unreadable: start over rather than fail
}

namespace {
std::size_t hints_seen(const nlohmann::json& state, const std::string& exercise) {
  auto it = state.find(exercise);
  if (it == state.end() || !it->is_number_unsigned()) return 0;
  return it->get<std::size_t>();
}
}  // namespace

void write_hint_state(const std::filesystem::path& workspace, const nlohmann::json& state) {
  try {
    std::filesystem::create_directories(hint_state_path(workspace).parent_path());
    util::write_file_atomically(hint_state_path(workspace), state.dump(2) + "\n");
  } catch (const std::exception& e) {
    std::cerr << "grader: could not remember which hints you have seen (" << e.what() << ")\n";
  }
}

void show_next_hint(std::ostream& out, const course::Lesson& lesson, const course::Exercise& e,
                    const std::filesystem::path& workspace) {
  const std::size_t count = e.hints.size();
  const std::string readme = lesson.folder + "/README.md";
  out << "Hints for " << e.id << " (" << e.title << "), lesson " << lesson.id << ":\n";
  if (count == 0) {
    out << "  (no hints: re-read " << readme << ")\n";
    return;
  }
  auto state = read_hint_state(workspace);
  const std::size_t seen = std::min(hints_seen(state, e.id), count);
  if (seen == count) {
    out << "  No more hints: you have seen all " << count << ". `grader hint " << e.id
        << " --all` shows them again; the lesson text is " << readme << ".\n";
    return;
  }
  out << "  " << seen + 1 << ". " << e.hints[seen] << "\n";
  state[e.id] = seen + 1;
  write_hint_state(workspace, state);
  if (seen + 1 < count)
    out << "Hint " << seen + 1 << " of " << count << "; run `grader hint " << e.id
        << "` again for the next, or add --all for every hint.\n";
  else
    out << "That was the last hint (" << count << " of " << count << "). Lesson text: " << readme << "\n";
}

}  // namespace grader::cli
