// The HTML page of `simulate` (see simulate_report.h and docs/simulate.md): the summary (games,
// seed, threads, time, how the games ended), the game lengths in moves and turns as histograms,
// each `reachable` property's and `terminal when`'s rate with its 95% confidence interval as a
// plot (the win rate of each seat, where the model says who won that way), the moves and games
// of each action, trigger and card with those that never acted, every violation met with its
// trace as the check page shows it (html_finding.h), and the rules file with the lines of the
// rates and the violations linked to them and back. Every figure drawn is also written as
// text beside its plot.
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "base/counts.h"
#include "reports/format_util.h"
#include "reports/html_escape.h"
#include "reports/html_finding.h"
#include "reports/html_page.h"
#include "reports/html_plot.h"
#include "reports/html_source.h"
#include "reports/reported_finding.h"
#include "reports/simulate_facts.h"
#include "reports/simulate_lengths.h"
#include "reports/simulate_report.h"

namespace rulecheck::reports {
namespace {

using properties::SimulationResult;
using properties::Tally;

std::string FindingId(size_t index) { return absl::StrCat("finding-", index + 1); }

PageVerdict Verdict(const SimulationResult& result) {
  if (!result.findings.empty()) {
    return {PageVerdict::Tone::kFail,
            base::CountOf(result.findings.size(), "violation met", "violations met"), 1,
            "at least one violation was met"};
  }
  if (result.stopped) {
    return {PageVerdict::Tone::kOpen,
            absl::StrCat("no violation met so far; interrupted after ",
                         base::GroupThousands(result.games_played), " of ",
                         base::GroupThousands(result.games_asked), " games"),
            3, "the run was interrupted before every game was played"};
  }
  return {PageVerdict::Tone::kPass,
          absl::StrCat("no violation met in ", base::CountOf(result.games_played, "game", "games")),
          0, "every game was played and none met a violation"};
}

std::vector<SummaryFact> Facts(const model::Model& model, const SimulationResult& result) {
  const double rate = result.seconds > 0 ? result.games_played / result.seconds : 0.0;
  std::vector<SummaryFact> facts = {
      {"games", base::GroupThousands(result.games_played)},
      {"seed", absl::StrCat(result.seed)},
      {"threads", absl::StrCat(result.threads)},
      {"time", Seconds(result.seconds)},
      {"games/s", base::GroupThousands(static_cast<uint64_t>(rate))},
      {"terminal", base::GroupThousands(result.terminal)},
      {absl::StrCat("cut at ", result.max_moves, " moves"), base::GroupThousands(result.cut)},
      {"deadlocked", base::GroupThousands(result.deadlock)},
      {"failed", base::GroupThousands(result.failed)},
      {"violations", base::GroupThousands(result.findings.size())},
  };
  if (result.no_start > 0)
    facts.push_back({"never started", base::GroupThousands(result.no_start)});
  if (result.stopped) facts.push_back({"asked", base::GroupThousands(result.games_asked)});
  if (!result.policies.empty()) {
    facts.push_back({"policies followed", PoliciesText(model, result.policies)});
    for (const std::string& line :
         NeverAppliedLines(model, result.policies, "in the games played")) {
      facts.push_back({"preference never applied", line});
    }
  }
  return facts;
}

// One histogram with its figures: `what` is "moves" or "turns (...)", `id` its element id.
void WriteLengths(const std::string& what, const std::string& id,
                  const std::map<uint64_t, uint64_t>& lengths, std::ostream& out) {
  const LengthSummary s = SummarizeLengths(lengths);
  out << "<figure class=\"lengths\" id=\"" << id << "\"><figcaption>game length in "
      << EscapeHtml(what) << ": min " << s.min << ", mean " << absl::StrFormat("%.1f", s.mean)
      << ", median " << s.median << ", max " << s.max << "</figcaption>\n";
  std::vector<HistogramBar> bars;
  for (const LengthBin& bin : s.bins) {
    const std::string range =
        bin.from == bin.to ? absl::StrCat(bin.from) : absl::StrCat(bin.from, "-", bin.to);
    bars.push_back({range, bin.games,
                    absl::StrCat(range, " ", what, ": ", base::CountOf(bin.games, "game", "games"),
                                 " (", Percent(bin.games, s.games), ")")});
  }
  WriteHistogramSvg(bars, absl::StrCat("histogram of the games by length in ", what), out);
  out << "<details class=\"bins\"><summary>the figures</summary><table class=\"tallies\">"
      << "<thead><tr><th>" << EscapeHtml(what) << "</th><th>games</th><th>share</th></tr></thead>"
      << "<tbody>\n";
  for (size_t i = 0; i < bars.size(); ++i) {
    out << "<tr><td>" << bars[i].label << "</td><td class=\"num\">"
        << base::GroupThousands(bars[i].count) << "</td><td class=\"num\">"
        << Percent(bars[i].count, s.games) << "</td></tr>\n";
  }
  out << "</tbody></table></details>\n</figure>\n";
}

// A table of rates with their 95% intervals, each drawn on a 0-100% scale.
void WriteRates(const model::Model& model, const std::string& id, const std::string& title,
                const std::vector<Tally>& tallies, uint64_t games, std::ostream& out) {
  if (tallies.empty()) return;
  out << "<h3>" << EscapeHtml(title) << "</h3>\n<table class=\"tallies rates\" id=\"" << id
      << "\"><thead><tr><th>name</th><th>games</th><th>rate</th><th>95% interval</th>"
      << "<th>0 to 100%</th></tr></thead><tbody>\n";
  for (size_t i = 0; i < tallies.size(); ++i) {
    const Tally& t = tallies[i];
    const properties::Interval ci = properties::WilsonInterval(t.games, games);
    const double rate = games == 0 ? 0.0 : static_cast<double>(t.games) / games;
    const std::string interval = absl::StrFormat("%.1f%% to %.1f%%", 100 * ci.low, 100 * ci.high);
    out << "<tr id=\"" << id << "-" << i + 1 << "\"><th><span class=\"name\">" << EscapeHtml(t.name)
        << "</span> ";
    const auto [source, local] = model.Resolve(t.location);
    if (source != nullptr) WriteLocationLink(model, source->path(), local, out);
    out << "</th><td class=\"num\">" << base::GroupThousands(t.games) << "</td><td class=\"num\">"
        << Percent(t.games, games) << "</td><td class=\"num\">" << interval
        << "</td><td class=\"plot-cell\">";
    WriteIntervalSvg(
        rate, ci.low, ci.high,
        absl::StrCat(t.name, ": ", Percent(t.games, games), " (95% interval ", interval, ")"), out);
    out << "</td></tr>\n";
  }
  out << "</tbody></table>\n";
}

// A table of the chance queries' estimates; a probability's interval is drawn on a 0-100%
// scale.
void WriteChance(const model::Model& model,
                 const std::vector<properties::ChanceEstimate>& estimates, std::ostream& out) {
  if (estimates.empty()) return;
  out << "<h3>chance queries: estimates from the games (<code>rulecheck odds</code> gives exact "
         "answers where every state fits)</h3>\n<table class=\"tallies rates\" id=\"chance\">"
      << "<thead><tr><th>name</th><th>games</th><th>estimate</th><th>95% interval</th>"
      << "<th>0 to 100%</th></tr></thead><tbody>\n";
  for (size_t i = 0; i < estimates.size(); ++i) {
    const properties::ChanceEstimate& e = estimates[i];
    const std::optional<properties::Interval> ci = properties::ChanceInterval(e);
    const std::optional<double> value = properties::ChanceValue(e);
    const std::string interval =
        !ci.has_value() ? std::string("none (fewer than 2 games)")
        : e.expect      ? absl::StrFormat("%.4g to %.4g", ci->low, ci->high)
                        : absl::StrFormat("%.2f%% to %.2f%%", 100 * ci->low, 100 * ci->high);
    out << "<tr id=\"chance-" << i + 1 << "\"><th><span class=\"name\">"
        << (e.expect ? "expect " : "probability ") << EscapeHtml(e.name) << "</span> ";
    const auto [source, local] = model.Resolve(e.location);
    if (source != nullptr) WriteLocationLink(model, source->path(), local, out);
    out << "</th><td class=\"num\">" << base::GroupThousands(e.games);
    if (e.undecided > 0) out << " (" << base::GroupThousands(e.undecided) << " cut before it held)";
    if (e.left_out > 0) out << " (" << base::GroupThousands(e.left_out) << " left out)";
    out << "</td><td class=\"num\">"
        << (!value.has_value() ? std::string("none")
            : e.expect         ? absl::StrFormat("%.6g", *value)
                               : absl::StrFormat("%.2f%%", 100 * *value))
        << "</td><td class=\"num\">" << interval << "</td><td class=\"plot-cell\">";
    if (!e.expect && ci.has_value() && value.has_value()) {
      WriteIntervalSvg(*value, ci->low, ci->high,
                       absl::StrCat(e.name, ": ", absl::StrFormat("%.2f%%", 100 * *value),
                                    " (95% interval ", interval, ")"),
                       out);
    }
    out << "</td></tr>\n";
  }
  out << "</tbody></table>\n";
  if (const std::string note = FailedGamesNote(estimates); !note.empty()) {
    out << "<p class=\"note\">" << EscapeHtml(note) << "</p>\n";
  }
}

// A table of the moves and games of each rule or card, then those that never acted.
void WriteActed(const std::string& id, const std::string& what, const std::vector<Tally>& tallies,
                uint64_t games, std::ostream& out) {
  if (tallies.empty()) return;
  out << "<h3>" << EscapeHtml(what) << "</h3>\n<table class=\"tallies acted\" id=\"" << id
      << "\"><thead><tr><th>name</th><th>moves</th><th>games</th><th>share of games</th></tr>"
      << "</thead><tbody>\n";
  std::vector<std::string> never;
  for (const Tally& t : tallies) {
    if (t.moves == 0) never.push_back(t.name);
    out << "<tr" << (t.moves == 0 ? " class=\"never\"" : "") << "><th class=\"name\">"
        << EscapeHtml(t.name) << "</th><td class=\"num\">" << base::GroupThousands(t.moves)
        << "</td><td class=\"num\">" << base::GroupThousands(t.games) << "</td><td class=\"num\">"
        << Percent(t.games, games) << "</td></tr>\n";
  }
  out << "</tbody></table>\n";
  if (never.empty()) return;
  out << "<p class=\"never-acted\" id=\"" << id << "-never\">never acted: ";
  for (size_t i = 0; i < never.size(); ++i) {
    out << (i > 0 ? ", " : "") << "<code>" << EscapeHtml(never[i]) << "</code>";
  }
  out << "</p>\n";
}

ListingMarks Marks(const model::Model& model, const SimulationResult& result) {
  ListingMarks marks;
  marks.complete = !result.stopped;
  const auto mark = [&](const std::vector<Tally>& tallies, const std::string& id,
                        const std::string& what) {
    for (size_t i = 0; i < tallies.size(); ++i) {
      const auto [source, local] = model.Resolve(tallies[i].location);
      if (source != model.source.get() || !local.valid()) continue;
      marks.refs[local.line].push_back(
          {absl::StrCat(id, "-", i + 1), absl::StrCat(what, tallies[i].name), "info"});
    }
  };
  mark(result.reachables, "reachables", "reachable ");
  mark(result.terminals, "terminals", "");
  for (size_t i = 0; i < result.chance.size(); ++i) {
    const properties::ChanceEstimate& e = result.chance[i];
    const auto [source, local] = model.Resolve(e.location);
    if (source != model.source.get() || !local.valid()) continue;
    marks.refs[local.line].push_back({absl::StrCat("chance-", i + 1),
                                      absl::StrCat(e.expect ? "expect " : "probability ", e.name),
                                      "info"});
  }
  for (size_t i = 0; i < result.findings.size(); ++i) {
    const results::Finding& finding = result.findings[i].finding;
    if (finding.file != model.source->path() || !finding.location.valid()) continue;
    marks.refs[finding.location.line].push_back(
        {FindingId(i), KindTitle(finding.kind) + ": " + finding.name,
         std::string(results::SeverityName(finding.severity))});
  }
  return marks;
}

}  // namespace

void WriteSimulationHtml(const model::Model& model, const SimulationResult& result,
                         std::ostream& out) {
  const PageVerdict verdict = Verdict(result);
  const uint64_t games = result.games_played;
  WritePageStart(model, "simulate", verdict.headline, out);
  std::vector<Jump> jumps = {{"Game length", "lengths"}};
  const bool rates =
      !result.reachables.empty() || !result.terminals.empty() || !result.chance.empty();
  if (rates) jumps.push_back({"Outcomes", "outcomes"});
  jumps.push_back({"Acted", "acted"});
  jumps.push_back({absl::StrCat("Violations (", result.findings.size(), ")"), "findings"});
  jumps.push_back({"Rules file", "source"});
  WriteSummary(model, "simulate", Facts(model, result), verdict, jumps, out);
  out << "<main class=\"layout\">\n<div class=\"results\">\n"
      << "<section class=\"group tone-info\" id=\"lengths\"><h2>Game length</h2>\n";
  if (games == 0) {
    out << "<p class=\"empty\">No game was played.</p>\n";
  } else {
    WriteLengths("moves", "lengths-moves", result.moves, out);
    if (!result.turn_variable.empty()) {
      WriteLengths(absl::StrCat("turns (changes of ", result.turn_variable, ")"), "lengths-turns",
                   result.turns, out);
    }
  }
  out << "</section>\n";
  if (rates) {
    out << "<section class=\"group tone-info\" id=\"outcomes\"><h2>Outcomes</h2>\n";
    WriteRates(model, "reachables",
               "reachable: games in which each held in some state (a win, where it says who "
               "won)",
               result.reachables, games, out);
    WriteRates(model, "terminals", "terminal: games that ended in a state where each holds",
               result.terminals, games, out);
    WriteChance(model, result.chance, out);
    out << "</section>\n";
  }
  out << "<section class=\"group tone-info\" id=\"acted\"><h2>Acted</h2>\n";
  WriteActed("actions", "actions: moves, and games in which each acted", result.actions, games,
             out);
  WriteActed("triggers", "triggers: moves, and games in which each acted", result.triggers, games,
             out);
  WriteActed("cards", "cards: moves, and games in which each acted", result.cards, games, out);
  if (result.actions.empty() && result.triggers.empty() && result.cards.empty()) {
    out << "<p class=\"empty\">The model has no action, trigger or card.</p>\n";
  }
  out << "</section>\n";
  out << "<section class=\"group tone-" << (result.findings.empty() ? "pass" : "error")
      << "\" id=\"findings\"><h2>Violations <span class=\"tally\">" << result.findings.size()
      << "</span></h2>\n";
  if (result.findings.empty()) {
    out << "<p class=\"empty\">No violation met" << (result.stopped ? " so far" : "") << ".</p>\n";
  }
  const std::vector<ReportedFinding> reported = SimulationFindings(model, result);
  for (size_t i = 0; i < reported.size(); ++i) {
    const results::Finding narrated = NarratedFinding(result.findings[i], games);
    ReportedFinding entry = reported[i];
    entry.finding = &narrated;
    WriteFindingHtml(model, entry, FindingId(i), out);
  }
  out << "</section>\n</div>\n";
  WriteSourceListing(*model.source, Marks(model, result), out);
  out << "</main>\n";
  WritePageEnd(out);
}

}  // namespace rulecheck::reports
