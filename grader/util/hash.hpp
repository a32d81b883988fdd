// Content hashes (SHA-256, hex) for the object cache and the gradebook.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace grader::util {

class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;
  Sha256& update(std::string_view bytes);
  /// Adds a length-prefixed field, so ("ab","c") and ("a","bc") differ.
  Sha256& field(std::string_view bytes);
  std::string hex();

 private:
  void* context_;
};

std::string sha256_hex(std::string_view bytes);

}  // namespace grader::util
