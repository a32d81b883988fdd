#include "grader/validate/mutant_workspace.hpp"

#include <fstream>
#include <iterator>

#include "grader/validate/patch.hpp"

namespace grader::validate {
namespace fs = std::filesystem;

namespace {

// "tests/mutants/vectors/dot-off-by-one/", as an author finds it.
std::string folder_name(const fs::path& mutant_folder) {
  return "tests/mutants/" + mutant_folder.parent_path().filename().string() + "/" + mutant_folder.filename().string() + "/";
}

}  // namespace

std::map<std::string, std::string> mutant_files(const fs::path& solutions, const fs::path& mutant_folder) {
  const std::string name = folder_name(mutant_folder) + kMutantPatchFile;
  for (const auto& entry : fs::directory_iterator(mutant_folder)) {
    const std::string file = entry.path().filename().string();
    if (file == "mutant.yaml" || file == kMutantPatchFile) continue;
    throw PatchError(folder_name(mutant_folder) + " holds '" + file +
                     "' besides mutant.yaml and change.patch; a mutant is a patch against solutions/ "
                     "(convert copied files with scripts/mutants_to_patches.sh)");
  }
  const fs::path patch = mutant_folder / kMutantPatchFile;
  const auto status = fs::symlink_status(patch);
  if (status.type() == fs::file_type::not_found)
    throw PatchError(name + ": missing; write the mutant as a patch against solutions/ (diff -u)");
  if (status.type() != fs::file_type::regular) throw PatchError(name + ": not a regular file");
  std::ifstream in(patch, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in.good() && !in.eof()) throw PatchError(name + ": cannot be read");
  return apply_patch_text(text, solutions, name);
}

void build_mutant_workspace(const fs::path& solutions, const fs::path& mutant_folder, const fs::path& into) {
  // Applied first: a patch that does not apply costs no copy.
  const auto files = mutant_files(solutions, mutant_folder);
  fs::copy(solutions, into, fs::copy_options::recursive);
  for (const auto& [path, bytes] : files) {
    const fs::path target = into / path;
    fs::create_directories(target.parent_path());
    std::ofstream out(target, std::ios::binary | std::ios::trunc);
    out << bytes;
    if (!out) throw std::runtime_error("cannot write " + target.string());
  }
}

}  // namespace grader::validate
