#include "grader/client/reference_table.hpp"

#include <cstdio>
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

namespace {

// "vectors" of "vectors/dot-product"; a lesson id is its own lesson.
std::string_view lesson_of(std::string_view group) { return group.substr(0, group.find('/')); }

}  // namespace

const ReferenceHandler* find_reference(const std::vector<std::string>& lessons, std::string_view function) {
  auto it = table().find(function);
  if (it == table().end()) return nullptr;
  for (const auto& l : lessons)
    if (l == it->second.lesson || l == lesson_of(it->second.lesson)) return &it->second.handler;
  return nullptr;
}

std::vector<std::string> reference_lessons() {
  std::set<std::string> lessons;
  for (const auto& [_, entry] : table()) {
    lessons.insert(entry.lesson);
    lessons.insert(std::string(lesson_of(entry.lesson)));
  }
  return {lessons.begin(), lessons.end()};
}

std::vector<std::pair<std::string, std::string>> reference_functions() {
  std::vector<std::pair<std::string, std::string>> functions;
  for (const auto& [name, entry] : table()) functions.emplace_back(entry.lesson, name);
  return functions;
}

namespace {

// A count as a whole number while one fits, else in powers of ten.
std::string count_text(double n) {
  if (!(n == n)) return "an unknown number (NaN)";
  if (n < 1e15) return std::to_string(static_cast<unsigned long long>(n));
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", n);
  return text;
}

// "over the limit of CAP LIMIT: WHAT would VERB COUNT COUNTED; ...".
void check_part(double count, std::size_t cap, const char* limit, const std::string& what, const char* verb,
                const char* counted) {
  // Written so that NaN fails it too.
  if (count <= static_cast<double>(cap)) return;
  throw CallbackRefused("over the limit of " + std::to_string(cap) + " " + limit + ": " + what + " would " + verb + " " +
                        count_text(count) + " " + counted +
                        "; a callback may not ask the grader for that much (the worker was stopped)");
}

}  // namespace

void check_callback_cost(const CallbackCost& cost, const std::string& what) {
  check_part(cost.result, caps::kMaxCallbackResultElements, "values in a result", what, "produce", "values");
  check_part(cost.held, caps::kMaxCallbackHeldValues, "values held at once", what, "hold",
             "(its parameters, intermediate tensors and result)");
  check_part(cost.steps, caps::kMaxCallbackSteps, "steps of work", what, "take", "(multiply-adds and loop iterations)");
}

}  // namespace grader::client
