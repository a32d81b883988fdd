#include "grader/report/colors.hpp"

#include <fmt/color.h>

namespace grader::report {
namespace {

fmt::text_style style_of(Ink ink) {
  switch (ink) {
    case Ink::good: return fmt::fg(fmt::terminal_color::green);
    case Ink::bad: return fmt::fg(fmt::terminal_color::red);
    case Ink::pending: return fmt::fg(fmt::terminal_color::yellow);
    case Ink::quiet: return fmt::emphasis::faint;
    case Ink::heading: return fmt::emphasis::bold;
    case Ink::alarm: return fmt::emphasis::bold | fmt::fg(fmt::terminal_color::red);
  }
  return {};
}

}  // namespace

std::string Colors::paint(Ink ink, std::string_view text) const {
  if (!on_ || text.empty()) return std::string(text);
  return fmt::format(style_of(ink), "{}", text);
}

}  // namespace grader::report
