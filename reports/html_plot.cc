// Plots as inline SVG (see html_plot.h). Coordinates are in the SVG's own units (its viewBox);
// the element is as wide as its box and keeps its proportions.
#include "reports/html_plot.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "base/counts.h"
#include "reports/html_escape.h"

namespace rulecheck::reports {
namespace {

// The histogram's frame: the plot area starts `kLeft` from the left (room for the axis's
// figure) and ends `kBottom` above the bottom (room for the labels).
constexpr double kWidth = 640, kHeight = 220, kLeft = 64, kRight = 8, kTop = 10, kBottom = 26;

std::string Number(double x) { return absl::StrFormat("%.1f", x); }

double Clamp01(double x) { return std::clamp(x, 0.0, 1.0); }

}  // namespace

void WriteHistogramSvg(const std::vector<HistogramBar>& bars, std::string_view label,
                       std::ostream& out) {
  if (bars.empty()) return;
  uint64_t most = 0;
  for (const HistogramBar& bar : bars) most = std::max(most, bar.count);
  const double plot_width = kWidth - kLeft - kRight, plot_height = kHeight - kTop - kBottom;
  const double slot = plot_width / static_cast<double>(bars.size());
  const double gap = std::min(4.0, slot / 5);
  const double base = kHeight - kBottom;
  out << "<svg class=\"plot histogram\" viewBox=\"0 0 " << kWidth << " " << kHeight
      << "\" role=\"img\" aria-label=\"" << EscapeHtml(label) << "\">\n"
      << "<line class=\"axis\" x1=\"" << kLeft << "\" y1=\"" << base << "\" x2=\""
      << kWidth - kRight << "\" y2=\"" << base << "\"/>"
      << "<line class=\"axis\" x1=\"" << kLeft << "\" y1=\"" << kTop << "\" x2=\"" << kLeft
      << "\" y2=\"" << base << "\"/>\n"
      << "<text class=\"tick\" x=\"" << kLeft - 6 << "\" y=\"" << kTop + 10
      << "\" text-anchor=\"end\">" << base::GroupThousands(most) << "</text>"
      << "<text class=\"tick\" x=\"" << kLeft - 6 << "\" y=\"" << base
      << "\" text-anchor=\"end\">0</text>\n";
  for (size_t i = 0; i < bars.size(); ++i) {
    const HistogramBar& bar = bars[i];
    const double height =
        most == 0 ? 0 : plot_height * static_cast<double>(bar.count) / static_cast<double>(most);
    const double x = kLeft + slot * static_cast<double>(i) + gap / 2;
    const std::string tooltip = bar.tooltip.empty()
                                    ? absl::StrCat(bar.label, ": ", base::GroupThousands(bar.count))
                                    : bar.tooltip;
    out << "<rect class=\"bar\" x=\"" << Number(x) << "\" y=\"" << Number(base - height)
        << "\" width=\"" << Number(slot - gap) << "\" height=\"" << Number(height) << "\"><title>"
        << EscapeHtml(tooltip) << "</title></rect>\n";
  }
  // The labels of the first, middle and last bars: more would collide on a narrow screen.
  std::vector<size_t> labelled = {0, bars.size() / 2, bars.size() - 1};
  labelled.erase(std::unique(labelled.begin(), labelled.end()), labelled.end());
  for (size_t i : labelled) {
    out << "<text class=\"tick\" x=\"" << Number(kLeft + slot * (static_cast<double>(i) + 0.5))
        << "\" y=\"" << kHeight - 8 << "\" text-anchor=\"middle\">" << EscapeHtml(bars[i].label)
        << "</text>";
  }
  out << "\n</svg>\n";
}

void WriteIntervalSvg(double value, double low, double high, std::string_view label,
                      std::ostream& out) {
  // A strip 200 wide: the scale from 4 to 196, ticks at 0, 50 and 100%.
  constexpr double kFrom = 4, kTo = 196;
  const auto x = [&](double p) { return Number(kFrom + (kTo - kFrom) * Clamp01(p)); };
  out << "<svg class=\"plot interval\" viewBox=\"0 0 200 20\" role=\"img\" aria-label=\""
      << EscapeHtml(label) << "\"><title>" << EscapeHtml(label) << "</title>"
      << "<line class=\"axis\" x1=\"" << kFrom << "\" y1=\"10\" x2=\"" << kTo << "\" y2=\"10\"/>";
  for (double tick : {0.0, 0.5, 1.0}) {
    out << "<line class=\"axis\" x1=\"" << x(tick) << "\" y1=\"6\" x2=\"" << x(tick)
        << "\" y2=\"14\"/>";
  }
  // An exact value has no width: its band is drawn a hair wide, under the mark.
  const double left = Clamp01(std::min(low, high)), right = Clamp01(std::max(low, high));
  out << "<rect class=\"band\" x=\"" << x(left) << "\" y=\"5\" width=\""
      << Number(std::max(0.8, (kTo - kFrom) * (right - left))) << "\" height=\"10\"/>"
      << "<circle class=\"mark\" cx=\"" << x(value) << "\" cy=\"10\" r=\"3.2\"/></svg>";
}

}  // namespace rulecheck::reports
