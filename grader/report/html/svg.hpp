// Charts for the class report as inline SVG, drawn here (no script, no
// external file). Readable without colour: bars are hatched, every bar
// carries its number as text, and each chart has a <title> and <desc>
// (and role="img" with an aria-label) for screen readers. Every label goes
// through html_text.
#pragma once

#include <string>
#include <vector>

namespace grader::report::html {

struct Bar {
  std::string label;  ///< under the bar ("50-60%")
  double value = 0;   ///< bar height
  std::string text;   ///< written above the bar ("3")
};

/// A vertical bar chart (the score histogram). `description` is the alt
/// text: say in words what the chart shows.
std::string svg_bar_chart(const std::string& title, const std::string& description, const std::vector<Bar>& bars,
                          const std::string& x_axis, const std::string& y_axis);

/// The hatch pattern svg_meter refers to: once per page, before any meter.
std::string svg_shared_patterns();

/// A small horizontal bar for a table cell, `fraction` of it hatched, with
/// `label` ("7 of 9 passed") as its text and title.
std::string svg_meter(double fraction, const std::string& label);

}  // namespace grader::report::html
