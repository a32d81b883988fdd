// Heatmap pictures as PNG files, drawn with Cairo: one matrix per picture, or
// a grid of matrices that share one colour scale. Generic: the caller says what
// the rows and columns mean through the title and axis labels.
//
// Conventions (the ones matplotlib's imshow uses, so pictures match the
// lesson text): row 0 is at the top, column 0 at the left, cell (r, c) is
// centred on tick r of the y axis and tick c of the x axis, colours follow
// viridis from the smallest value (dark purple) to the largest (yellow).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace course::plot {

/// A colour with channels in [0, 1].
struct Rgb {
  double r = 0;
  double g = 0;
  double b = 0;
};

/// Matplotlib's viridis colour map at t in [0, 1] (clamped; NaN gives t = 0).
/// Interpolates 33 evenly spaced anchors taken from the published 256-entry
/// table; the largest difference from that table is under 2/255 per channel.
Rgb viridis(double t);

/// The colour non-finite values (NaN, +inf, -inf) are drawn with: a neutral
/// grey that viridis never produces. A picture holding such values says so in
/// a small legend ("grey: NaN / inf") under the colour bar.
Rgb non_finite_colour();

/// The colour of the stripes over a column that is exactly 0 in every row
/// (HeatmapSpec::mark_zero_columns): a red that viridis never produces.
Rgb zero_column_mark_colour();

/// One heatmap: a row-major matrix and how to label it.
struct HeatmapSpec {
  int rows = 0;                ///< number of matrix rows (drawn top to bottom)
  int cols = 0;                ///< number of matrix columns (drawn left to right)
  std::vector<double> values;  ///< rows * cols values, row-major: (r, c) is values[r * cols + c]
  std::string title;
  std::string x_label;  ///< what the columns are
  std::string y_label;  ///< what the rows are
  bool colorbar = true;
  std::string colorbar_label;
  /// Picture size in pixels; in a grid, the size of this panel's cell.
  int width = 800;
  int height = 600;
  /// Colour scale limits; unset means the smallest / largest finite value.
  /// A matrix whose finite values are all equal gets a scale of +-0.5 around
  /// that value so it shows as the middle colour rather than as a division by zero.
  std::optional<double> vmin;
  std::optional<double> vmax;
  /// Draws diagonal stripes (zero_column_mark_colour()) over every column
  /// whose values are all exactly 0, and says so in the legend ("striped:
  /// exactly 0 in every row"). On a scale centred on 0 such a column has the
  /// middle colour, as a column of small true values does: the stripes tell
  /// a column that was never written from one that is merely close to 0.
  bool mark_zero_columns = false;
};

/// A rectangle in pixels: left, top, width, height.
struct PixelRect {
  double x = 0;
  double y = 0;
  double width = 0;
  double height = 0;
};

/// Where things land in a picture, in pixels from the top-left corner. The
/// writers draw exactly here; tests and callers that post-process use it to
/// find the data area.
struct HeatmapLayout {
  int width = 0;                 ///< whole picture
  int height = 0;
  std::vector<PixelRect> plots;  ///< matrix area of each panel (one for a single heatmap)
  std::optional<PixelRect> colorbar;  ///< the bar itself (no labels); unset when not drawn
};

/// Layout of write_heatmap_png(spec, ...). Throws like the writer for a bad spec.
HeatmapLayout layout_heatmap(const HeatmapSpec& spec);

/// Layout of write_heatmap_grid_png(panels, columns, title, ...).
HeatmapLayout layout_heatmap_grid(const std::vector<HeatmapSpec>& panels, int columns, const std::string& title);

/// Draws one heatmap and writes it to `path` as a PNG of spec.width x spec.height.
///
/// The file is written to `path + ".tmp"` and renamed into place, so a failure
/// never leaves a half-written picture at `path` (nor the temporary file).
/// \throws std::invalid_argument for an empty matrix, values.size() != rows * cols,
///         a picture too small to hold the labels (under 240 x 180), vmin > vmax,
///         or a matrix with no finite value at all
/// \throws std::runtime_error when the file cannot be written or renamed
void write_heatmap_png(const HeatmapSpec& spec, const std::string& path);

/// Draws several heatmaps side by side, `columns` per row, under one `title`,
/// and writes them to `path` as one PNG (atomically, as above).
///
/// Each panel keeps its own title and axis labels; its width and height give
/// the size of its cell (cells are as large as the largest panel asks for).
/// All panels share ONE colour scale, from the smallest vmin (or finite value)
/// to the largest vmax (or finite value) over every panel, so equal colours
/// mean equal values across panels; it is shown once, as a colour bar at the
/// right of the grid, labelled with the first panel's colorbar_label. The bar
/// is drawn when any panel asks for one. Panels' own colorbar flags do not
/// add per-panel bars.
/// \throws std::invalid_argument for no panels, columns < 1, or any bad panel
///         (the message names the panel's index and title)
/// \throws std::runtime_error when the file cannot be written or renamed
void write_heatmap_grid_png(const std::vector<HeatmapSpec>& panels, int columns, const std::string& title,
                            const std::string& path);

}  // namespace course::plot
