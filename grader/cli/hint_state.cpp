#include "grader/cli/hint_state.hpp"

#include "grader/util/bounded_json.hpp"
#include "grader/util/safe_open.hpp"

namespace grader::cli {
namespace {

const std::string kFolder = ".grader";
const std::string kFile = "hints.json";
const std::string kFix = "; remove it, and the hints you see are remembered again";

}  // namespace

HintState::HintState(std::filesystem::path workspace, std::ostream& notes)
    : workspace_(std::move(workspace)), notes_(notes) {
  util::Fd root = util::open_trusted_directory(workspace_);
  if (!root) return;  // the command checked it is a folder
  util::ReadRules rules;
  rules.max_bytes = kHintStateLimits.max_bytes;
  const util::ReadResult read = util::read_beneath(root.get(), kFolder + "/" + kFile, rules);
  if (!read.present) return;  // no hint seen yet
  const std::string shown = (workspace_ / kFolder / kFile).string();
  if (read.oversized) {
    note((workspace_ / read.refused).string() + ", over the size limit of the file, so the count of hints you have "
         "seen starts over");
    return;
  }
  if (!read.refused.empty()) {
    // A link or not a regular file: it is refused again when the state is
    // saved, so say that now, once.
    note((workspace_ / read.refused).string() + ", so the hints you have seen are not remembered" + kFix);
    return;
  }
  try {
    nlohmann::json state = util::read_bounded_json(read.content, kHintStateLimits);
    if (state.is_object()) {
      state_ = std::move(state);
      return;
    }
    note(shown + " is not a JSON object, so the count of hints you have seen starts over");
  } catch (const util::StructuredLimitError& e) {
    note(shown + ": " + e.what() + ", so the count of hints you have seen starts over");
  } catch (const std::exception&) {
    note(shown + " is not valid JSON, so the count of hints you have seen starts over");
  }
}

std::size_t HintState::seen(const std::string& exercise) const {
  auto it = state_.find(exercise);
  if (it == state_.end() || !it->is_number_unsigned()) return 0;
  return it->get<std::size_t>();
}

void HintState::save() {
  util::Fd root = util::open_trusted_directory(workspace_);
  if (!root) {
    note("cannot open " + workspace_.string() + " to remember which hints you have seen");
    return;
  }
  util::Opened folder = util::open_or_make_folder_beneath(root.get(), kFolder);
  if (!folder.fd) {
    note((workspace_ / folder.refused).string() + ", so the hints you have seen are not remembered" + kFix);
    return;
  }
  const std::string why = util::write_beneath_atomically(folder.fd.get(), kFile, state_.dump(2) + "\n");
  if (!why.empty()) note((workspace_ / kFolder / why).string() + ", so the hints you have seen are not remembered" + kFix);
}

void HintState::note(const std::string& text) {
  if (noted_) return;
  noted_ = true;
  notes_ << "grader: " << text << "\n";
}

}  // namespace grader::cli
