// fuzz::finding for libFuzzer builds: libFuzzer saves the input on abort.
#include <cstdlib>
#include <iostream>

#include "fuzz_target.hpp"

namespace fuzz {
[[noreturn]] void finding(const std::string& what) {
  std::cerr << "fuzz: finding: " << what << "\n";
  std::abort();
}
}  // namespace fuzz
