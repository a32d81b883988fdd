#include "grader/protocol/errors.hpp"

#include <algorithm>
#include <new>
#include <stdexcept>
#include <typeinfo>

namespace grader::protocol {
namespace {

struct StandardError {
  std::string_view kind;
  bool (*is)(const std::exception&);
  void (*raise)(const std::string& message);  // throws E(message)
};

template <typename E>
constexpr StandardError standard(std::string_view kind) {
  return {kind, [](const std::exception& e) { return dynamic_cast<const E*>(&e) != nullptr; },
          [](const std::string& message) { throw E(message); }};
}

// Most derived first: a std::invalid_argument is also a std::logic_error, and
// tests check for the most precise type.
constexpr StandardError kStandard[] = {
    standard<std::invalid_argument>("invalid_argument"), standard<std::out_of_range>("out_of_range"),
    standard<std::domain_error>("domain_error"),         standard<std::length_error>("length_error"),
    standard<std::logic_error>("logic_error"),           standard<std::overflow_error>("overflow_error"),
    standard<std::underflow_error>("underflow_error"),   standard<std::range_error>("range_error"),
    standard<std::runtime_error>("runtime_error"),
};

}  // namespace

const std::vector<std::string_view>& standard_error_kinds() {
  static const std::vector<std::string_view> kinds = [] {
    std::vector<std::string_view> out;
    for (const auto& s : kStandard) out.push_back(s.kind);
    return out;
  }();
  return kinds;
}

bool is_standard_error_kind(std::string_view kind) {
  return std::any_of(std::begin(kStandard), std::end(kStandard), [&](const auto& s) { return s.kind == kind; });
}

Error error_of(const std::exception& e) {
  for (const auto& s : kStandard)
    if (s.is(e)) return {std::string(s.kind), e.what()};
  if (dynamic_cast<const std::bad_alloc*>(&e)) return {"bad_alloc", "out of memory (std::bad_alloc)"};
  return {"exception", std::string(typeid(e).name()) + ": " + e.what()};
}

void throw_if_standard(const Error& error) {
  for (const auto& s : kStandard)
    if (s.kind == error.kind) s.raise(error.message);
}

}  // namespace grader::protocol
