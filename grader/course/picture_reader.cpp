#include "grader/course/picture_reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <map>

#include "grader/course/edit_distance.hpp"

namespace grader::course {

namespace {

using yaml::Fields;
using yaml::Problems;
using yaml::Text;

constexpr std::array<std::string_view, 7> picture_keys = {"name",  "title", "lesson", "program",
                                                          "calls", "options", "compare"};
constexpr std::array<std::string_view, 6> option_keys = {"type", "default", "min", "max", "choices", "help"};
constexpr std::array<std::string_view, 4> type_names = {"integer", "number", "text", "choice"};
constexpr std::array<PictureOption::Type, 4> type_values = {PictureOption::Type::integer, PictureOption::Type::number,
                                                            PictureOption::Type::text, PictureOption::Type::choice};
// Options `grader picture` itself takes, and the flags a picture program gets
// from the grader: a picture option may not take their names.
constexpr std::array<std::string_view, 18> reserved_options = {
    "output", "o", "workspace", "w", "reference", "help", "h", "course", "toolchain", "cache-dir", "jobs", "j",
    "no-color", "worker", "call-timeout-ms", "memory-mb", "cpu-seconds", "work-dir"};
// Longest text option value accepted (a sentence of the toy vocabulary is far shorter).
constexpr std::size_t kMaxTextValue = 400;

bool is_option_name(std::string_view s) {
  if (s.empty() || s.front() == '-' || s.back() == '-') return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; });
}

bool is_identifier(std::string_view s) {
  if (s.empty() || (s.front() >= '0' && s.front() <= '9')) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == ':' ||
           c == '.';
  });
}

std::optional<long long> parse_integer(const std::string& text) {
  long long value = 0;
  const char* begin = text.data();
  if (!text.empty() && text.front() == '+') ++begin;
  auto [end, ec] = std::from_chars(begin, text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || begin == text.data() + text.size()) return std::nullopt;
  return value;
}

std::optional<double> parse_number(const std::string& text) {
  if (text.empty() || text.find_first_of(" \t\n") != std::string::npos) return std::nullopt;
  std::size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  if (used != text.size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

std::string bound_text(double v) { return fmt::format("{:g}", v); }

PictureOption read_option(const std::string& name, const Text& name_text, const YAML::Node& node, Problems& problems,
                          const std::string& picture_name) {
  PictureOption option;
  option.name = name;
  option.where = name_text.where;
  const std::string owner = fmt::format("option '{}' of {}", name, picture_name);
  if (!is_option_name(name)) {
    problems.add(name_text.where, fmt::format("{} has a name that is not lowercase letters, digits and hyphens; it "
                                              "is given as --{} on the command line, e.g. 'seq-len'",
                                              owner, name));
  } else if (std::find(reserved_options.begin(), reserved_options.end(), name) != reserved_options.end()) {
    problems.add(name_text.where, fmt::format("{}: --{} is one of grader picture's own options; choose another name",
                                              owner, name));
  }
  if (!node.IsMap()) {
    problems.add(problems.at(node), fmt::format("{} must be a mapping with type, default and help, got {}; e.g. "
                                                "{{type: integer, default: 50, min: 1, max: 4096, help: \"...\"}}",
                                                owner, yaml::describe(node)));
    return option;
  }
  Fields f(node, problems, owner);
  f.check_keys(option_keys);
  bool type_known = false;
  if (f.require("type", "say what it takes: integer, number, text or choice")) {
    if (auto type = f.text("type")) {
      auto found = std::find(type_names.begin(), type_names.end(), type->value);
      if (found == type_names.end()) {
        std::string message = fmt::format("unknown type '{}' in {}; use one of {}", type->value, owner,
                                          fmt::join(type_names, ", "));
        if (auto near = closest_match(type->value, type_names)) message += fmt::format(" (did you mean '{}'?)", *near);
        problems.add(type->where, std::move(message));
      } else {
        option.type = type_values[static_cast<std::size_t>(found - type_names.begin())];
        type_known = true;
      }
    }
  }
  if (auto help = f.text("help")) option.help = help->value;
  else f.require("help", "say in a few words what it changes in the picture (grader picture NAME --help shows it)");

  const bool numeric = option.type == PictureOption::Type::integer || option.type == PictureOption::Type::number;
  for (const char* bound : {"min", "max"}) {
    if (!f.has(bound)) continue;
    if (type_known && !numeric) {
      problems.add(f.key_location(bound), fmt::format("{} is of type {}: '{}' applies only to integer and number "
                                                      "options; remove it",
                                                      owner, to_string(option.type), bound));
      continue;
    }
    auto v = f.number(bound);
    if (!v) continue;
    if (option.type == PictureOption::Type::integer && std::floor(*v) != *v) {
      problems.add(f.value_location(bound), fmt::format("'{}' of {} must be a whole number for an integer option, got {}",
                                                        bound, owner, bound_text(*v)));
      continue;
    }
    (std::string_view(bound) == "min" ? option.min : option.max) = *v;
  }
  if (option.min && option.max && *option.min > *option.max)
    problems.add(f.value_location("min"), fmt::format("{} has min {} above max {}; swap them", owner,
                                                      bound_text(*option.min), bound_text(*option.max)));

  if (f.has("choices")) {
    if (type_known && option.type != PictureOption::Type::choice) {
      problems.add(f.key_location("choices"),
                   fmt::format("{} is of type {}: 'choices' applies only to choice options; remove it, or write "
                               "type: choice",
                               owner, to_string(option.type)));
    } else if (auto choices = f.text_list("choices")) {
      for (const Text& c : *choices) {
        if (std::find(option.choices.begin(), option.choices.end(), c.value) != option.choices.end())
          problems.add(c.where, fmt::format("{} lists the choice '{}' twice; keep one", owner, c.value));
        else option.choices.push_back(c.value);
      }
    }
  }
  if (type_known && option.type == PictureOption::Type::choice && option.choices.empty())
    f.require("choices", "list the values it accepts, e.g. choices: [outputs, weights]");
  if (type_known && option.type == PictureOption::Type::choice && f.has("choices") && option.choices.empty() &&
      f.value("choices")->IsSequence())
    problems.add(f.value_location("choices"), fmt::format("{} lists no choices; list the values it accepts", owner));

  if (f.require("default", "give the value used when the option is not given")) {
    if (auto d = f.text("default")) {
      option.default_value = d->value;
      const bool range_ok = !(option.min && option.max && *option.min > *option.max);
      if (type_known && range_ok && (option.type != PictureOption::Type::choice || !option.choices.empty()))
        if (std::string problem = picture_value_problem(option, d->value); !problem.empty())
          problems.add(d->where, fmt::format("the default of {} {}", owner, problem));
    }
  }
  return option;
}

Picture read_picture(const YAML::Node& node, std::size_t index, Problems& problems, const Course& course,
                     std::map<std::string, Location>& seen) {
  Picture picture;
  picture.where = problems.at(node);
  const std::string position = fmt::format("picture #{}", index + 1);
  if (!node.IsMap()) {
    problems.add(picture.where, fmt::format("{} must be a mapping with name, lesson, program, calls and options, got {}",
                                            position, yaml::describe(node)));
    return picture;
  }
  Fields f(node, problems, position);
  if (auto name = f.text("name")) {
    picture.name = name->value;
    if (!is_option_name(name->value))
      problems.add(name->where, fmt::format("picture name '{}' may contain only lowercase letters, digits and hyphens "
                                            "(it is typed as grader picture NAME)",
                                            name->value));
    auto [it, inserted] = seen.emplace(name->value, name->where);
    if (!inserted)
      problems.add(name->where, fmt::format("duplicate picture name '{}': it is already used at {}; give each picture "
                                            "its own name",
                                            name->value, it->second.text()));
    f.set_owner(fmt::format("picture '{}'", picture.name));
  } else {
    f.require("name", "give it the name students type, e.g. name: encoding");
  }
  const std::string& owner = f.owner();
  f.check_keys(picture_keys);

  f.require("title", "say in a few words what it shows");
  if (auto title = f.text("title")) picture.title = title->value;
  if (auto compare = f.text("compare")) picture.compare = compare->value;

  if (f.require("lesson", "name the lesson whose functions it draws (its worker is built from the workspace)")) {
    if (auto lesson = f.text("lesson")) {
      picture.lesson = lesson->value;
      if (!course.find_lesson(lesson->value)) {
        std::vector<std::string> ids;
        for (const auto& l : course.lessons) ids.push_back(l.id);
        std::string message = fmt::format("{} names unknown lesson '{}'", owner, lesson->value);
        if (auto near = closest_match(lesson->value, ids)) message += fmt::format("; did you mean '{}'?", *near);
        else message += "; use the id of a lesson under 'lessons'";
        problems.add(lesson->where, std::move(message));
      } else if (std::none_of(course.find_lesson(lesson->value)->exercises.begin(),
                              course.find_lesson(lesson->value)->exercises.end(),
                              [](const Exercise& e) { return e.kind == ExerciseKind::code; })) {
        problems.add(lesson->where, fmt::format("{} names lesson '{}', which has no code exercise: it has no worker "
                                                "to draw from",
                                                owner, lesson->value));
      }
    }
  }
  if (f.require("program", "name the course program that draws it (add_course_picture in lessons/pictures/CMakeLists.txt)")) {
    if (auto program = f.text("program")) {
      picture.program = program->value;
      if (!is_option_name(program->value))
        problems.add(program->where, fmt::format("program '{}' of {} is not a course program's name (lowercase "
                                                 "letters, digits and hyphens, as built into the toolchain manifest)",
                                                 program->value, owner));
    }
  }
  if (f.require("calls", "list the student functions it calls, e.g. calls: [positional_encoding]")) {
    if (auto calls = f.text_list("calls")) {
      if (calls->empty())
        problems.add(f.value_location("calls"), fmt::format("{} lists no calls; list the student functions it draws "
                                                            "from",
                                                            owner));
      for (const Text& call : *calls) {
        if (!is_identifier(call.value))
          problems.add(call.where, fmt::format("'{}' in the calls of {} is not a function name", call.value, owner));
        else picture.calls.push_back(call.value);
      }
    }
  }
  if (const YAML::Node* options = f.value("options")) {
    if (!options->IsMap()) {
      f.wrong_type("options", "a mapping from option name to its type, default and help",
                   "write e.g. options: {seq-len: {type: integer, default: 50, min: 1, help: \"positions\"}}");
    } else {
      Fields names(*options, problems, fmt::format("the options of {}", owner));  // reports keys written twice
      for (const auto& entry : *options) {
        Text name{entry.first.IsScalar() ? entry.first.Scalar() : std::string(), problems.at(entry.first)};
        if (!entry.first.IsScalar()) continue;  // reported by Fields
        picture.options.push_back(read_option(name.value, name, entry.second, problems, owner));
      }
    }
  }
  return picture;
}

}  // namespace

void read_pictures(const YAML::Node& list, Problems& problems, Course& course) {
  std::map<std::string, Location> seen;
  std::size_t i = 0;
  for (const YAML::Node& item : list) course.pictures.push_back(read_picture(item, i++, problems, course, seen));
}

std::string picture_value_problem(const PictureOption& option, const std::string& value) {
  switch (option.type) {
    case PictureOption::Type::integer:
    case PictureOption::Type::number: {
      std::optional<double> v;
      if (option.type == PictureOption::Type::integer) {
        if (auto i = parse_integer(value)) v = static_cast<double>(*i);
        else return fmt::format("must be a whole number, got '{}'", value);
      } else {
        v = parse_number(value);
        if (!v) return fmt::format("must be a number, got '{}'", value);
      }
      if ((option.min && *v < *option.min) || (option.max && *v > *option.max)) {
        std::string range = option.min && option.max ? fmt::format("from {} to {}", bound_text(*option.min), bound_text(*option.max))
                            : option.min             ? fmt::format("at least {}", bound_text(*option.min))
                                                     : fmt::format("at most {}", bound_text(*option.max));
        return fmt::format("must be {}, got {}", range, value);
      }
      return {};
    }
    case PictureOption::Type::text:
      if (value.size() > kMaxTextValue) return fmt::format("is longer than {} characters", kMaxTextValue);
      if (std::any_of(value.begin(), value.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }))
        return "holds a control character; write plain text";
      return {};
    case PictureOption::Type::choice:
      if (std::find(option.choices.begin(), option.choices.end(), value) == option.choices.end())
        return fmt::format("must be one of {}, got '{}'", fmt::join(option.choices, ", "), value);
      return {};
  }
  return {};
}

}  // namespace grader::course
