#include "grader/cli/hints.hpp"

#include <algorithm>
#include <iostream>

#include "grader/util/command_name.hpp"

namespace grader::cli {

void show_next_hint(std::ostream& out, const course::Lesson& lesson, const course::Exercise& e, HintState& state) {
  const std::size_t count = e.hints.size();
  const std::string readme = lesson.folder + "/README.md";
  out << "Hints for " << e.id << " (" << e.title << "), lesson " << lesson.id << ":\n";
  if (count == 0) {
    out << "  (no hints: re-read " << readme << ")\n";
    return;
  }
  const std::size_t seen = std::min(state.seen(e.id), count);
  if (seen == count) {
    out << "  No more hints: you have seen all " << count << ". `" << util::command_name() << " hint " << e.id
        << " --all` shows them again; the lesson text is " << readme << ".\n";
    return;
  }
  out << "  " << seen + 1 << ". " << e.hints[seen] << "\n";
  state.set_seen(e.id, seen + 1);
  state.save();
  if (seen + 1 < count)
    out << "Hint " << seen + 1 << " of " << count << "; run `" << util::command_name() << " hint " << e.id
        << "` again for the next, or add --all for every hint.\n";
  else
    out << "That was the last hint (" << count << " of " << count << "). Lesson text: " << readme << "\n";
}

void show_next_hint(std::ostream& out, const course::Lesson& lesson, const course::Exercise& e,
                    const std::filesystem::path& workspace) {
  HintState state(workspace, std::cerr);
  show_next_hint(out, lesson, e, state);
}

}  // namespace grader::cli
