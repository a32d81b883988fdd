#include "grader/report/html/svg.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "grader/report/sanitize.hpp"

namespace grader::report::html {
namespace {

// Diagonal hatching: visible in greyscale and to colour-blind readers.
const char* const kHatch =
    "<defs><pattern id=\"{}\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
    "patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#dfe7f2\"/>"
    "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#1f4e8c\" stroke-width=\"3\"/></pattern></defs>";

}  // namespace

std::string svg_bar_chart(const std::string& title, const std::string& description, const std::vector<Bar>& bars,
                          const std::string& x_axis, const std::string& y_axis) {
  const int bar_width = 46, gap = 8, left = 44, top = 24, plot_height = 160, bottom = 52;
  const int width = left + static_cast<int>(bars.size()) * (bar_width + gap) + gap;
  const int height = top + plot_height + bottom;
  double highest = 0;
  for (const auto& b : bars) highest = std::max(highest, b.value);
  if (highest <= 0) highest = 1;
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" role=\"img\" aria-label=\"{0}\" width=\"{2}\" "
      "height=\"{3}\" viewBox=\"0 0 {2} {3}\"><title>{1}</title><desc>{0}</desc>",
      html_text(description), html_text(title), width, height);
  out += fmt::format(fmt::runtime(kHatch), "hatch-bars");
  // Axes and the y-axis label.
  out += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#333\"/>", left, top, top + plot_height);
  out += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"#333\"/>", left, top + plot_height, width);
  out += fmt::format("<text x=\"12\" y=\"{0}\" transform=\"rotate(-90 12 {0})\" text-anchor=\"middle\" "
                     "font-size=\"12\">{1}</text>",
                     top + plot_height / 2, html_text(y_axis));
  out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\" font-size=\"11\">{}</text>", left - 4, top + 4,
                     html_text(fmt::format("{:g}", highest)));
  out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\" font-size=\"11\">0</text>", left - 4, top + plot_height);
  for (std::size_t i = 0; i < bars.size(); ++i) {
    const auto& b = bars[i];
    const int x = left + gap + static_cast<int>(i) * (bar_width + gap);
    const int h = static_cast<int>(std::lround(plot_height * std::max(0.0, b.value) / highest));
    const int y = top + plot_height - h;
    out += fmt::format("<g><title>{}: {}</title>", html_text(b.label), html_text(b.text));
    if (h > 0)
      out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"url(#hatch-bars)\" "
                         "stroke=\"#1f4e8c\"/>",
                         x, y, bar_width, h);
    out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"12\" font-weight=\"bold\">{}</text>",
                       x + bar_width / 2, y - 4, html_text(b.text));
    out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"10\">{}</text></g>",
                       x + bar_width / 2, top + plot_height + 14, html_text(b.label));
  }
  out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"12\">{}</text>", (left + width) / 2,
                     height - 12, html_text(x_axis));
  out += "</svg>";
  return out;
}

std::string svg_shared_patterns() {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"0\" aria-hidden=\"true\" "
         "style=\"position:absolute\">" +
         fmt::format(fmt::runtime(kHatch), "hatch-meter") + "</svg>";
}

std::string svg_meter(double fraction, const std::string& label) {
  const int width = 120, height = 14;
  fraction = std::clamp(std::isfinite(fraction) ? fraction : 0.0, 0.0, 1.0);
  const int filled = static_cast<int>(std::lround(width * fraction));
  return fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"meter\" role=\"img\" aria-label=\"{0}\" width=\"{1}\" "
      "height=\"{2}\" viewBox=\"0 0 {1} {2}\"><title>{0}</title>"
      "<rect x=\"0.5\" y=\"0.5\" width=\"{4}\" height=\"{5}\" fill=\"#fff\" stroke=\"#333\"/>"
      "<rect x=\"0.5\" y=\"0.5\" width=\"{6}\" height=\"{5}\" fill=\"url(#hatch-meter)\"/></svg>",
      html_text(label), width, height, "", width - 1, height - 1,
      std::max(0, filled - 1));
}

}  // namespace grader::report::html
