// A mutant's workspace: solutions/ with the mutant's patch applied. Every
// reader of tests/mutants/<lesson>/<name>/ (grader validate, the course's own
// tests) goes through here, so a mutant is only ever its mutant.yaml and its
// change.patch against the current references.
#pragma once

#include <filesystem>
#include <map>
#include <string>

namespace grader::validate {

/// The unified diff against solutions/ in each mutant folder.
inline constexpr const char* kMutantPatchFile = "change.patch";

/// The files the mutant in `mutant_folder` changes or adds: path relative to
/// `solutions` -> the mutant's bytes. Throws PatchError (grader/validate/patch.hpp)
/// naming the patch when it is missing or does not apply, or when the folder
/// holds anything besides mutant.yaml and change.patch (full copies of
/// solution files from before patches: convert them with scripts/mutants_to_patches.sh).
std::map<std::string, std::string> mutant_files(const std::filesystem::path& solutions,
                                                const std::filesystem::path& mutant_folder);

/// Copies `solutions` to `into` (which must not exist) and writes the mutant's files over it.
void build_mutant_workspace(const std::filesystem::path& solutions, const std::filesystem::path& mutant_folder,
                            const std::filesystem::path& into);

}  // namespace grader::validate
