// The contract between a fuzz target and its two drivers: clang's libFuzzer
// (-DCOURSE_FUZZ_LIBFUZZER=ON) or the plain replay-and-mutate driver
// (fuzz_driver.cpp) that every build runs in ctest.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

/// Runs one input. Returns 0; a bug aborts (or crashes) the process.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace fuzz {

/// Well-formed inputs to start from (written out by `--write-seeds DIR` for libFuzzer).
std::vector<std::string> seeds();

/// Stops the process with a message: a fuzz finding.
[[noreturn]] void finding(const std::string& what);

}  // namespace fuzz
