// The text report of `simulate` (see simulate_report.h and docs/simulate.md). Violations are
// narrated by trace_text.h, as in the check report.
#include <algorithm>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "base/counts.h"
#include "reports/format_util.h"
#include "reports/reported_finding.h"
#include "reports/simulate_facts.h"
#include "reports/simulate_lengths.h"
#include "reports/simulate_report.h"
#include "reports/trace_text.h"

namespace rulecheck::reports {
namespace {

using properties::SimulationResult;
using properties::Tally;

void WriteSummary(const model::Model& model, const SimulationResult& result, std::ostream& out) {
  out << model.source->path() << ": " << base::CountOf(result.games_played, "game", "games")
      << " (seed " << result.seed << ", " << base::CountOf(result.threads, "thread", "threads")
      << "), " << Seconds(result.seconds) << ", "
      << base::GroupThousands(
             static_cast<uint64_t>(result.seconds > 0 ? result.games_played / result.seconds : 0.0))
      << " games/s, "
      << (result.stopped ? absl::StrCat("STOPPED: interrupted after ",
                                        base::GroupThousands(result.games_played), " of ",
                                        base::GroupThousands(result.games_asked), " games")
                         : std::string("complete"))
      << "\n";
  if (!result.policies.empty()) {
    out << "following the policies " << PoliciesText(model, result.policies) << "\n";
    for (const std::string& line :
         NeverAppliedLines(model, result.policies, "in the games played")) {
      out << "  " << line << "\n";
    }
  }
  out << "\nhow the games ended: " << base::GroupThousands(result.terminal) << " terminal, "
      << base::GroupThousands(result.cut) << " cut at "
      << base::CountOf(result.max_moves, "move", "moves") << ", "
      << base::GroupThousands(result.deadlock) << " deadlocked, "
      << base::GroupThousands(result.failed) << " by a failed move";
  if (result.no_start > 0) out << ", " << base::GroupThousands(result.no_start) << " never started";
  out << "\n";
}

void WriteLengths(const std::string& what, const std::map<uint64_t, uint64_t>& lengths,
                  std::ostream& out) {
  const LengthSummary s = SummarizeLengths(lengths);
  if (s.games == 0) return;
  out << "\ngame length in " << what << ": min " << s.min << ", mean "
      << absl::StrFormat("%.1f", s.mean) << ", median " << s.median << ", max " << s.max << "\n";
  uint64_t most = 0;
  for (const LengthBin& bin : s.bins) most = std::max(most, bin.games);
  for (const LengthBin& bin : s.bins) {
    const std::string range =
        bin.from == bin.to ? absl::StrCat(bin.from) : absl::StrCat(bin.from, "-", bin.to);
    const size_t bar = most == 0 ? 0 : static_cast<size_t>((40 * bin.games + most - 1) / most);
    out << kStepIndent
        << absl::StrFormat("%11s  %-40s  %s (%s)", range, std::string(bar, '#'),
                           base::GroupThousands(bin.games), Percent(bin.games, s.games))
        << "\n";
  }
}

size_t NameWidth(const std::vector<Tally>& tallies) {
  size_t width = 0;
  for (const Tally& t : tallies) width = std::max(width, t.name.size());
  return width;
}

// Each property with the games in which it held and the 95% interval of that rate.
void WriteRates(const std::string& heading, const std::vector<Tally>& tallies, uint64_t games,
                std::ostream& out) {
  if (tallies.empty()) return;
  out << "\n" << heading << "\n";
  const size_t width = NameWidth(tallies);
  for (const Tally& t : tallies) {
    const properties::Interval ci = properties::WilsonInterval(t.games, games);
    out << kStepIndent
        << absl::StrFormat("%-*s  %12s  %6s  [%.1f%%, %.1f%%]", static_cast<int>(width), t.name,
                           base::GroupThousands(t.games), Percent(t.games, games), 100 * ci.low,
                           100 * ci.high)
        << "\n";
  }
}

// Each chance query of the file with its estimate and 95% interval, and the games it is over.
void WriteChance(const std::vector<properties::ChanceEstimate>& estimates, std::ostream& out) {
  if (estimates.empty()) return;
  out << "\nchance queries: estimates from the games (95% confidence interval; `rulecheck odds` "
         "gives exact answers where every state fits)\n";
  size_t width = 0;
  for (const properties::ChanceEstimate& e : estimates) width = std::max(width, e.name.size());
  for (const properties::ChanceEstimate& e : estimates) {
    const std::optional<properties::Interval> ci = properties::ChanceInterval(e);
    std::string interval = ci.has_value()
                               ? absl::StrFormat("[%.4g, %.4g]", ci->low, ci->high)
                               : std::string(e.games == 0 ? "[no estimate: no game counts]"
                                                          : "[no interval: fewer than 2 games]");
    std::string over = absl::StrCat("over ", base::CountOf(e.games, "game", "games"));
    if (e.undecided > 0) {
      absl::StrAppend(&over, ", ", base::CountOf(e.undecided, "cut", "cut"),
                      " before it held (a miss at the low end, a hit at the high end)");
    }
    if (e.left_out > 0) {
      absl::StrAppend(&over, "; ", base::GroupThousands(e.left_out),
                      e.expect ? " cut, failed or not evaluable, left out"
                               : " failed or not evaluable, left out");
    }
    const std::optional<double> value = properties::ChanceValue(e);
    out << kStepIndent
        << absl::StrFormat("%-*s  %-11s  %-10s  %s  %s", static_cast<int>(width), e.name,
                           e.expect ? "expect" : "probability",
                           value.has_value() ? absl::StrFormat("%.6g", *value) : "none", interval,
                           over)
        << "\n";
  }
  if (const std::string note = FailedGamesNote(estimates); !note.empty()) {
    out << kStepIndent << note << "\n";
  }
}

// Each rule or card with its moves and games, then those that never acted.
void WriteActed(const std::string& what, const std::vector<Tally>& tallies, uint64_t games,
                std::ostream& out) {
  if (tallies.empty()) return;
  out << "\n" << what << ": moves, and games in which each acted\n";
  const size_t width = NameWidth(tallies);
  std::vector<std::string> never;
  for (const Tally& t : tallies) {
    if (t.moves == 0) never.push_back(t.name);
    out << kStepIndent
        << absl::StrFormat("%-*s  %12s  %12s  %6s", static_cast<int>(width), t.name,
                           base::GroupThousands(t.moves), base::GroupThousands(t.games),
                           Percent(t.games, games))
        << "\n";
  }
  if (never.empty()) return;
  out << kStepIndent << "never acted: ";
  for (size_t i = 0; i < never.size(); ++i) out << (i > 0 ? ", " : "") << never[i];
  out << "\n";
}

}  // namespace

void WriteSimulationText(const model::Model& model, const SimulationResult& result,
                         std::ostream& out) {
  WriteSummary(model, result, out);
  WriteLengths("moves", result.moves, out);
  if (!result.turn_variable.empty()) {
    WriteLengths("turns (changes of `" + result.turn_variable + "`)", result.turns, out);
  }
  const uint64_t games = result.games_played;
  WriteRates("reachable: games in which each held in some state (95% confidence interval)",
             result.reachables, games, out);
  WriteRates("terminal: games that ended in a state where each holds (95% confidence interval)",
             result.terminals, games, out);
  WriteChance(result.chance, out);
  WriteActed("actions", result.actions, games, out);
  WriteActed("triggers", result.triggers, games, out);
  WriteActed("cards", result.cards, games, out);
  const std::vector<ReportedFinding> reported = SimulationFindings(model, result);
  for (size_t i = 0; i < reported.size(); ++i) {
    out << "\n";
    WriteFindingText(model, NarratedFinding(result.findings[i], games), false, out);
  }
  out << "\n";
  if (result.findings.empty()) {
    out << "no violation met";
    if (result.stopped) out << " so far; the run was stopped";
    out << "\n";
  } else {
    out << base::CountOf(result.findings.size(), "finding", "findings") << "\n";
  }
}

void WriteSimulationReport(Format format, const model::Model& model, const SimulationResult& result,
                           std::ostream& out) {
  if (format == Format::kJson) {
    WriteSimulationJson(model, result, out);
  } else if (format == Format::kHtml) {
    WriteSimulationHtml(model, result, out);
  } else {
    WriteSimulationText(model, result, out);
  }
}

}  // namespace rulecheck::reports
