#include "grader/client/reference_table.hpp"

#include <map>
#include <set>
#include <utility>

#include "grader/util/caps.hpp"

namespace grader::client {
namespace {

struct Entry {
  std::string lesson;
  ReferenceHandler handler;
};

// Filled by static initialisers: a function-local map is ready whatever order they run in.
std::map<std::string, Entry, std::less<>>& table() {
  static std::map<std::string, Entry, std::less<>> entries;
  return entries;
}

}  // namespace

bool add_reference(std::string lesson, std::string function, ReferenceHandler handler) {
  table()[std::move(function)] = Entry{std::move(lesson), std::move(handler)};
  return true;
}

const ReferenceHandler* find_reference(const std::vector<std::string>& lessons, std::string_view function) {
  auto it = table().find(function);
  if (it == table().end()) return nullptr;
  for (const auto& l : lessons)
    if (l == it->second.lesson) return &it->second.handler;
  return nullptr;
}

std::vector<std::string> reference_lessons() {
  std::set<std::string> lessons;
  for (const auto& [_, entry] : table()) lessons.insert(entry.lesson);
  return {lessons.begin(), lessons.end()};
}

void check_callback_result_size(double elements, const std::string& what) {
  // A double: products of hostile sizes must not overflow before the check.
  // Negative sizes count as 0 (the reference refuses them itself).
  if (elements > static_cast<double>(caps::kMaxCallbackResultElements))
    throw CallbackRefused(what + " would produce more than " + std::to_string(caps::kMaxCallbackResultElements) +
                          " values: a callback may not ask the grader for that much (the worker was stopped)");
}

}  // namespace grader::client
