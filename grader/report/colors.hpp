// The grader's own terminal colours and controls, in one place (fmt's colour
// support, fmt/color.h). Everything else that reaches a terminal is text
// (sanitize.hpp), so these are the only escape sequences the grader writes.
// Whether colour is on is decided once (cli/context.cpp: --no-color, NO_COLOR,
// standard output not a terminal); off, painting returns the text unchanged.
#pragma once

#include <string>
#include <string_view>

namespace grader::report {

/// What a piece of terminal text says, and so how it is drawn.
enum class Ink {
  good,     ///< green: passed, done
  bad,      ///< red: failed, broken, refused
  pending,  ///< yellow: in progress, awaiting review
  quiet,    ///< faint: hints and asides
  heading,  ///< bold: names and headings
  alarm,    ///< bold red: the one failure to look at first
};

class Colors {
 public:
  explicit Colors(bool on) : on_(on) {}
  bool on() const { return on_; }
  /// `text` in `ink`, its style reset after it; `text` itself when colour is off.
  std::string paint(Ink ink, std::string_view text) const;

 private:
  bool on_;
};

/// Carriage return and erase to the end of the line: a progress bar redrawn in place.
inline constexpr std::string_view kEraseLine = "\r\x1b[K";
/// Cursor home, clear the screen and its scrollback (watch mode's redraw).
inline constexpr std::string_view kClearScreen = "\x1b[H\x1b[2J\x1b[3J";

}  // namespace grader::report
