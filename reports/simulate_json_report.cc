// The JSON report of `simulate` (see simulate_report.h and docs/simulate.md). Findings and
// their traces are converted by json_finding.h, as in the check report.
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "reports/json_finding.h"
#include "reports/json_values.h"
#include "reports/reported_finding.h"
#include "reports/simulate_lengths.h"
#include "reports/simulate_report.h"

namespace rulecheck::reports {
namespace {

using properties::SimulationResult;
using properties::Tally;

Json LengthsToJson(const std::map<uint64_t, uint64_t>& lengths) {
  const LengthSummary s = SummarizeLengths(lengths);
  Json json;
  json["min"] = s.min;
  json["mean"] = s.mean;
  json["median"] = s.median;
  json["max"] = s.max;
  json["histogram"] = Json::array();
  for (const LengthBin& bin : s.bins) {
    json["histogram"].push_back({{"from", bin.from}, {"to", bin.to}, {"games", bin.games}});
  }
  return json;
}

Json RatesToJson(const model::Model& model, const std::vector<Tally>& tallies, uint64_t games) {
  Json list = Json::array();
  for (const Tally& t : tallies) {
    const auto [source, location] = model.Resolve(t.location);
    const properties::Interval ci = properties::WilsonInterval(t.games, games);
    Json json;
    json["name"] = t.name;
    json["location"] = LocationToJson(source != nullptr ? source->path() : "", location);
    json["games"] = t.games;
    json["rate"] = games == 0 ? 0.0 : static_cast<double>(t.games) / static_cast<double>(games);
    json["ci95"] = {ci.low, ci.high};
    list.push_back(std::move(json));
  }
  return list;
}

Json ChanceToJson(const model::Model& model,
                  const std::vector<properties::ChanceEstimate>& estimates) {
  Json list = Json::array();
  for (const properties::ChanceEstimate& e : estimates) {
    const auto [source, location] = model.Resolve(e.location);
    const std::optional<properties::Interval> ci = properties::ChanceInterval(e);
    Json json;
    json["name"] = e.name;
    json["kind"] = e.expect ? "expect" : "probability";
    json["location"] = LocationToJson(source != nullptr ? source->path() : "", location);
    json["games"] = e.games;
    const std::optional<double> value = properties::ChanceValue(e);
    json["estimate"] = value.has_value() ? Json(*value) : Json(nullptr);
    json["ci95"] = ci.has_value() ? Json{ci->low, ci->high} : Json(nullptr);
    if (!e.expect) {
      json["held"] = e.held;
      json["undecided"] = e.undecided;
    }
    json["left_out"] = e.left_out;
    list.push_back(std::move(json));
  }
  return list;
}

Json ActedToJson(const std::vector<Tally>& tallies) {
  Json list = Json::array();
  for (const Tally& t : tallies) {
    list.push_back({{"name", t.name}, {"moves", t.moves}, {"games", t.games}});
  }
  return list;
}

}  // namespace

void WriteSimulationJson(const model::Model& model, const SimulationResult& result,
                         std::ostream& out) {
  Json json = ModelToJson(model);
  json["command"] = "simulate";
  json["complete"] = !result.stopped;
  json["stop_reason"] = result.stopped ? Json("interrupted") : Json(nullptr);
  json["seed"] = result.seed;
  json["threads"] = result.threads;
  json["policies"] = PoliciesToJson(model, result.policies);
  json["games_asked"] = result.games_asked;
  json["games_played"] = result.games_played;
  json["max_moves"] = result.max_moves;
  json["seconds"] = result.seconds;
  json["ended"] = {{"terminal", result.terminal},
                   {"cut", result.cut},
                   {"deadlock", result.deadlock},
                   {"failed", result.failed},
                   {"no_initial_state", result.no_start}};
  json["moves"] = LengthsToJson(result.moves);
  if (result.turn_variable.empty()) {
    json["turns"] = nullptr;
  } else {
    json["turns"] = LengthsToJson(result.turns);
    json["turns"]["variable"] = result.turn_variable;
  }
  json["reachables"] = RatesToJson(model, result.reachables, result.games_played);
  json["terminals"] = RatesToJson(model, result.terminals, result.games_played);
  json["chance"] = ChanceToJson(model, result.chance);
  json["actions"] = ActedToJson(result.actions);
  json["triggers"] = ActedToJson(result.triggers);
  json["cards"] = ActedToJson(result.cards);
  json["findings"] = Json::array();
  const std::vector<ReportedFinding> reported = SimulationFindings(model, result);
  for (size_t i = 0; i < reported.size(); ++i) {
    Json finding = FindingToJson(model, reported[i], false);
    finding["games"] = result.findings[i].games;
    finding["first_game"] = result.findings[i].first_game;
    json["findings"].push_back(std::move(finding));
  }
  WriteJson(json, out);
}

}  // namespace rulecheck::reports
