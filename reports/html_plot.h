// Plots on the HTML pages of `odds` and `simulate` (internal to reports/), drawn as inline SVG
// so that the page stays one self-contained file: a histogram (the games by length, one bar
// per bin) and a proportion with its interval on a 0-100% scale (a win rate and its 95%
// confidence interval, or a probability and its bounds). Each plot is an image to a screen
// reader (role="img" with a label that says what it shows), and each bar and interval has a
// tooltip with its figures; the same figures are in a table or text beside it, so nothing is
// only in the picture. Colours come from the page's style (html_style.cc). Thread-compatible.
//
//   WriteHistogramSvg({{"1-2", 40}, {"3-4", 60}}, "games by length in moves", out);
//   WriteIntervalSvg(0.52, 0.49, 0.55, "p1_wins: 52% (95% interval 49% to 55%)", out);
#ifndef RULECHECK_REPORTS_HTML_PLOT_H_
#define RULECHECK_REPORTS_HTML_PLOT_H_

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace rulecheck::reports {

// A bar of a histogram: its label under the axis ("3-4") and its height (games).
struct HistogramBar {
  std::string label;
  uint64_t count = 0;
  std::string tooltip;  // plain text; empty: "LABEL: COUNT"
};

// Writes `bars` as an `svg.plot.histogram`, the tallest bar full height, with the greatest
// count on the vertical axis and the first, middle and last labels under the bars. `label`
// (plain text) says what it shows. Writes nothing for no bars.
void WriteHistogramSvg(const std::vector<HistogramBar>& bars, std::string_view label,
                       std::ostream& out);

// Writes an `svg.plot.interval`: a 0-100% scale with a band from `low` to `high` and a mark
// at `value` (each clamped to [0, 1]). `label` (plain text) says what it shows.
void WriteIntervalSvg(double value, double low, double high, std::string_view label,
                      std::ostream& out);

}  // namespace rulecheck::reports

#endif  // RULECHECK_REPORTS_HTML_PLOT_H_
