// The text and JSON reports of `rulecheck odds` (see odds_report.h).
#include "reports/odds_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "base/counts.h"
#include "reports/format_util.h"
#include "reports/json_values.h"
#include "reports/trace_text.h"

namespace rulecheck::reports {

using results::OddsPlay;
using results::OddsValue;

std::string OddsPlayText(const OddsPlay& play) {
  switch (play.kind) {
    case OddsPlay::Kind::kRandom:
      return "random play";
    case OddsPlay::Kind::kBest:
      return absl::StrCat(play.seat, " maximises, the rest minimise");
    case OddsPlay::Kind::kMax:
      return "the most any choices give";
    case OddsPlay::Kind::kMin:
      return "the least any choices give";
  }
  return "";
}

namespace {

const char* PlayJsonName(OddsPlay::Kind kind) {
  switch (kind) {
    case OddsPlay::Kind::kRandom:
      return "random";
    case OddsPlay::Kind::kBest:
      return "best";
    case OddsPlay::Kind::kMax:
      return "max";
    case OddsPlay::Kind::kMin:
      return "min";
  }
  return "";
}

const char* ValueJsonName(OddsValue::Kind kind) {
  switch (kind) {
    case OddsValue::Kind::kExact:
      return "exact";
    case OddsValue::Kind::kBounds:
      return "bounds";
    case OddsValue::Kind::kUndefined:
      return "undefined";
    case OddsValue::Kind::kUnknown:
      return "unknown";
  }
  return "";
}

void WriteText(const model::Model& model, const results::OddsResult& result, std::ostream& out) {
  const results::OddsGraph& g = result.graph;
  out << model.source->path() << ": "
      << base::CountOf(result.answers.size(), "chance query", "chance queries") << " over "
      << base::CountOf(g.states, "state", "states") << " and "
      << base::CountOf(g.transitions, "transition", "transitions") << ", "
      << Seconds(result.seconds) << "\n";
  if (!result.policies.empty()) {
    out << "following the policies " << PoliciesText(model, result.policies) << "\n";
    for (const std::string& line :
         NeverAppliedLines(model, result.policies, "in a state the policies let the game reach")) {
      out << "  " << line << "\n";
    }
  }
  if (!result.complete && result.stopped_solving) {
    out << "stopped (" << result.stop_reason
        << ") while computing the answers from every state: no answer is known\n";
  } else if (!result.complete) {
    out << "the search was stopped (" << result.stop_reason
        << "): no answer is known without every state\n";
  }
  for (const results::OddsAnswer& answer : result.answers) {
    const auto [file, loc] = model.Resolve(answer.loc);
    out << "\n"
        << (answer.expect ? "expect " : "probability ") << answer.name << " (" << file->path()
        << ":" << loc.line << ")\n";
    size_t width = 0;
    for (const OddsPlay& play : answer.plays) width = std::max(width, OddsPlayText(play).size());
    for (const OddsPlay& play : answer.plays) {
      const std::string label = OddsPlayText(play);
      out << kStepIndent << label << std::string(width - label.size(), ' ') << "  "
          << OddsValueText(play.value) << "\n";
    }
  }
  if (!result.complete) return;
  out << "\n";
  for (const std::string& note : OddsNotes(result)) out << note << "\n";
}

Json ValueToJson(const OddsValue& v) {
  Json json = Json::object();
  json["kind"] = ValueJsonName(v.kind);
  switch (v.kind) {
    case OddsValue::Kind::kExact:
      json["exact"] = v.exact;
      json["value"] = v.lower;
      break;
    case OddsValue::Kind::kBounds:
      json["value"] = (v.lower + v.upper) / 2;
      json["lower"] = v.lower;
      json["upper"] = v.upper;
      json["converged"] = v.converged;
      break;
    case OddsValue::Kind::kUndefined:
      json["reason"] = v.reason;
      break;
    case OddsValue::Kind::kUnknown:
      break;
  }
  return json;
}

void WriteJsonReport(const model::Model& model, const results::OddsResult& result,
                     std::ostream& out) {
  Json json = ModelToJson(model);
  json["complete"] = result.complete;
  json["stop_reason"] = result.complete ? "none" : result.stop_reason;
  json["stopped_while_solving"] = !result.complete && result.stopped_solving;
  json["states"] = result.graph.states;
  json["transitions"] = result.graph.transitions;
  json["seconds"] = result.seconds;
  json["precision"] = result.precision;
  json["policies"] = PoliciesToJson(model, result.policies);
  const results::OddsGraph& g = result.graph;
  Json graph = Json::object();
  // The graph of a stopped search, or one whose answers were all undefined before its cycles
  // were looked at, is not known: null, not a guess.
  graph["acyclic"] = result.complete && g.analysed ? Json(g.acyclic) : Json(nullptr);
  graph["cyclic_states"] = g.cyclic_states;
  graph["self_loop_states"] = g.self_loop_states;
  graph["dead_states"] = g.dead_states;
  graph["failed_ends"] = g.failed_ends;
  graph["seat_draw_states"] = g.seat_draw_states;
  graph["conditioned_rolls"] = g.conditioned_rolls;
  graph["failed_moves"] = g.failed_moves;
  if (g.failed_moves > 0 && !g.first_failure_message.empty()) {
    graph["first_failed_move"] = {{"place", g.first_failure_place},
                                  {"message", g.first_failure_message}};
  }
  graph["seats"] = g.seats;
  graph["rules_choose"] = g.rules_choose;
  json["graph"] = graph;
  Json answers = Json::array();
  for (const results::OddsAnswer& answer : result.answers) {
    Json a = Json::object();
    a["name"] = answer.name;
    a["kind"] = answer.expect ? "expect" : "probability";
    const auto [file, loc] = model.Resolve(answer.loc);
    a["location"] = LocationToJson(file->path(), loc);
    Json plays = Json::array();
    for (const OddsPlay& play : answer.plays) {
      Json p = Json::object();
      p["play"] = PlayJsonName(play.kind);
      p["seat"] = play.kind == OddsPlay::Kind::kBest ? Json(play.seat) : Json(nullptr);
      p["value"] = ValueToJson(play.value);
      plays.push_back(std::move(p));
    }
    a["plays"] = std::move(plays);
    answers.push_back(std::move(a));
  }
  json["answers"] = std::move(answers);
  WriteJson(json, out);
}

}  // namespace

bool OddsWrites(Format format) {
  return format == Format::kText || format == Format::kJson || format == Format::kHtml;
}

std::vector<std::string> OddsNotes(const results::OddsResult& result) {
  std::vector<std::string> notes;
  if (!result.complete) return notes;
  const results::OddsGraph& g = result.graph;
  if (!g.analysed) {
    // Every answer was undefined before the cycles were looked at: nothing to say of them.
  } else if (g.acyclic && g.self_loop_states == 0) {
    const bool all_exact = std::all_of(
        result.answers.begin(), result.answers.end(), [](const results::OddsAnswer& answer) {
          return std::none_of(answer.plays.begin(), answer.plays.end(), [](const OddsPlay& play) {
            return play.value.kind == results::OddsValue::Kind::kBounds;
          });
        });
    notes.push_back(all_exact ? "the state graph has no cycle: every answer is exact"
                              : "the state graph has no cycle: answers are exact, but where "
                                "their fractions grew too long to be worth the time, which are "
                                "bounds from the same sums in doubles");
  } else if (g.acyclic) {
    notes.push_back(
        absl::StrCat("the state graph has no cycle but ",
                     base::CountOf(g.self_loop_states, "state with a move back to itself",
                                   "states with a move back to themselves"),
                     ": answers are exact where a choice does not mix with such a move"));
  } else {
    notes.push_back(absl::StrCat(
        base::CountOf(g.cyclic_states, "state lies", "states lie"),
        " on cycles: answers are exact where nothing on them is chosen but at random and the "
        "numbers stay of a readable size; else they are bounds (precision ",
        absl::StrFormat("%g", result.precision),
        "), from a solve of the cycles' equations checked against them (under the choices "
        "policy iteration finds, where the choices cannot keep the play on a cycle for ever), "
        "or from value iteration"));
  }
  if (g.seat_draw_states > 0) {
    notes.push_back(absl::StrCat(base::CountOf(g.seat_draw_states, "state", "states"),
                                 " where several seats could move: the seat to move is drawn "
                                 "uniformly"));
  }
  if (g.rules_choose) {
    notes.push_back(
        "some choices belong to no seat (moves without `by`): they count as a seat of their "
        "own, the rules, which minimises in best play");
  }
  if (g.conditioned_rolls > 0) {
    notes.push_back(absl::StrCat(base::CountOf(g.conditioned_rolls, "roll", "rolls"),
                                 " had outcomes that gave no successor (a failed `require` or a "
                                 "failed move): the other outcomes keep their proportions"));
  }
  if (g.dead_states > 0) {
    notes.push_back(
        absl::StrCat(base::CountOf(g.dead_states, "state has", "states have"),
                     " no move although the game is not over (deadlocks): the odds count ",
                     g.dead_states == 1 ? "it as an end" : "them as ends",
                     "; run `rulecheck check` on the file"));
  }
  if (g.failed_ends > 0) {
    notes.push_back(absl::StrCat(
        base::CountOf(g.failed_ends, "state has", "states have"),
        " only moves that failed although the game is not over: with the failures left out, "
        "the odds count ",
        g.failed_ends == 1 ? "it as an end" : "them as ends",
        "; run `rulecheck check` on the file"));
  }
  if (g.failed_moves > 0) {
    // The first names its place, so that a range the rules outgrow is not missed.
    const std::string first =
        g.first_failure_message.empty()
            ? ""
            : absl::StrCat(g.failed_moves == 1 ? ", at " : ", the first at ",
                           g.first_failure_place.empty() ? "" : g.first_failure_place + " ", "(",
                           g.first_failure_message, ")");
    // With a move past an engine limit nothing was left out: every answer is undefined.
    notes.push_back(absl::StrCat(
        base::CountOf(g.failed_moves, "failed move", "failed moves"),
        g.limit_failed ? " (asserts, model errors, the engine's limits)"
                       : absl::StrCat(" (asserts, model errors) ",
                                      g.failed_moves == 1 ? "is" : "are", " left out", first),
        ": run `rulecheck check` on the file for a trace"));
  }
  return notes;
}

// The longest fraction the text and HTML reports print in full.
constexpr size_t kLongestFractionShown = 60;

std::string OddsValueText(const OddsValue& v) {
  switch (v.kind) {
    case OddsValue::Kind::kExact: {
      const size_t slash = v.exact.find('/');
      if (slash == std::string::npos) return v.exact;
      // A fraction too long to read (a long cycle solved exactly can give thousands of
      // digits) is left to the JSON report; the text gives its size.
      const std::string decimal = v.decimal.empty() ? absl::StrFormat("%.10g", v.lower) : v.decimal;
      if (v.exact.size() > kLongestFractionShown) {
        const size_t sign = v.exact[0] == '-' ? 1 : 0;
        return absl::StrCat(
            decimal, " (exact; its fraction, ", base::CountOf(slash - sign, "digit", "digits"),
            " over ", base::GroupThousands(v.exact.size() - slash - 1), ", is in the JSON report)");
      }
      return absl::StrCat(v.exact, " (", decimal, ")");
    }
    case OddsValue::Kind::kBounds: {
      const double half = (v.upper - v.lower) / 2;
      std::string text = absl::StrFormat("%.10g ± %.2g", v.lower + half, half);
      if (!v.converged) {
        // Bounds that stalled close together need more digits to tell apart.
        std::string lower = absl::StrFormat("%.10g", v.lower);
        std::string upper = absl::StrFormat("%.10g", v.upper);
        if (lower == upper) {
          lower = absl::StrFormat("%.17g", v.lower);
          upper = absl::StrFormat("%.17g", v.upper);
        }
        absl::StrAppend(&text, " (between ", lower, " and ", upper, ": did not converge)");
      }
      return text;
    }
    case OddsValue::Kind::kUndefined:
      return absl::StrCat("undefined: ", v.reason);
    case OddsValue::Kind::kUnknown:
      return "unknown";
  }
  return "";
}

void WriteOddsReport(Format format, const model::Model& model, const results::OddsResult& result,
                     std::ostream& out) {
  if (format == Format::kJson) {
    WriteJsonReport(model, result, out);
  } else if (format == Format::kHtml) {
    WriteOddsHtml(model, result, out);
  } else {
    WriteText(model, result, out);
  }
}

}  // namespace rulecheck::reports
