// Traces as SARIF code flows (see sarif_flow.h). The changed variables are found as the text
// report finds them (trace_text.h's StateChanges over flattened states), so both formats
// always tell a move the same way.
#include "reports/sarif_flow.h"

#include <algorithm>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "base/counts.h"
#include "model/value_format.h"
#include "reports/format_util.h"
#include "reports/sarif_location.h"
#include "reports/trace_text.h"

namespace rulecheck::reports {
namespace {

// The most steps a thread flow shows: the first and the last half of them, where a trace is
// longer. GitHub code scanning refuses a result of more than 10,000 thread-flow locations
// (the whole upload fails) and shows at most 1,000; the JSON and text reports have every step.
constexpr size_t kMostFlowSteps = 1000;

// What is special about a flow's steps.
struct FlowNotes {
  int cycle_start = -1;         // index of the lasso's cycle start in the flow, or -1
  int cycle_end = -1;           // index of the lasso's last step (back to cycle_start), or -1
  bool from_any_state = false;  // the first state is any state satisfying the invariant
  const results::Finding* finding = nullptr;  // a failed step is placed at its location
  size_t total_steps = 0;                     // the flow's steps in all (for the cut of a long one)
};

// The steps [first, end) a flow of `total` steps leaves out: none when it is short enough.
std::pair<size_t, size_t> LeftOut(size_t total) {
  if (total <= kMostFlowSteps) return {total, total};
  return {kMostFlowSteps / 2, total - (kMostFlowSteps / 2 - 1)};
}

// Appends a thread flow location per step of `trace`, numbered from `first_number` (1-based
// as the text report numbers them); `previous` is the state before the first step (empty: show
// it in full) and is left as the last step's state.
// Of a flow longer than kMostFlowSteps, the steps LeftOut says are one location saying so,
// and the step after them shows its state in full.
void AppendSteps(const model::Model& model, const results::Trace& trace, size_t first_number,
                 const FlowNotes& notes, FlatState& previous, Json& locations) {
  const auto [cut_from, cut_to] =
      LeftOut(std::max(notes.total_steps, first_number - 1 + trace.size()));
  for (size_t i = 0; i < trace.size(); ++i) {
    const results::TraceStep& step = trace[i];
    const size_t number = first_number + i;
    const size_t index = number - 1;  // the step's index in the whole flow
    if (index >= cut_from && index < cut_to) {
      if (index == cut_from) {
        Json location = PlaceOf(model, model.source->path(), ir::Location{});
        location["message"] = Json{
            {"text", absl::StrCat("steps ", cut_from + 1, " to ", cut_to, " (",
                                  base::GroupThousands(cut_to - cut_from),
                                  " moves) are left out here, to keep the flow within what code "
                                  "scanning takes; the JSON and text reports have every step")}};
        Json flow_location = Json::object();
        flow_location["location"] = std::move(location);
        flow_location["properties"] = Json{{"stepsLeftOut", cut_to - cut_from}};
        locations.push_back(std::move(flow_location));
      }
      previous.clear();  // the step after the cut shows its state in full
      continue;
    }
    std::string text = absl::StrCat(number, ". ",
                                    number == 1 && notes.from_any_state
                                        ? "start (any state satisfying the invariant)"
                                        : MoveHeading(model, step.move));
    Json state = Json::object();
    ir::Location place = RuleLocation(model, step.move);
    if (step.failed) {
      absl::StrAppend(&text, ": failed: ", step.error);
      if (notes.finding != nullptr && notes.finding->file == model.source->path() &&
          notes.finding->location.valid()) {
        place = notes.finding->location;
      }
    } else {
      FlatState current = model::FlattenState(model, step.state.data());
      if (previous.empty()) {
        absl::StrAppend(&text, ": the ", number == 1 ? "initial " : "", "state in full");
        for (const auto& [path, value] : current) state[path] = Json{{"text", value}};
      } else {
        const std::vector<Change> changes = StateChanges(previous, current);
        std::string list;
        for (const Change& change : changes) {
          absl::StrAppend(&list, list.empty() ? "" : "; ", change.path, ": ", change.before, " -> ",
                          change.after);
          state[change.path] = Json{{"text", change.after}};
        }
        absl::StrAppend(&text, ": ", changes.empty() ? "no change" : list);
      }
      previous = std::move(current);
    }
    Json properties = Json::object();
    if (static_cast<int>(index) == notes.cycle_start) {
      absl::StrAppend(&text, " (the cycle starts here: the moves after this come back to it)");
      properties["cycleStart"] = true;
    }
    if (static_cast<int>(index) == notes.cycle_end) {
      absl::StrAppend(&text, " (back to the state of step ", notes.cycle_start + 1, ")");
    }
    Json location = PlaceOf(model, model.source->path(), place);
    location["message"] = Json{{"text", text}};
    Json flow_location = Json::object();
    flow_location["location"] = std::move(location);
    if (!state.empty()) flow_location["state"] = std::move(state);
    flow_location["executionOrder"] = number;
    if (!properties.empty()) flow_location["properties"] = std::move(properties);
    locations.push_back(std::move(flow_location));
  }
}

Json ThreadFlow(Json locations, const std::string& message) {
  Json flow = Json::object();
  if (!message.empty()) flow["message"] = Json{{"text", message}};
  flow["locations"] = std::move(locations);
  return flow;
}

Json OneFlow(Json thread_flows, const std::string& message) {
  Json code_flow = Json::object();
  if (!message.empty()) code_flow["message"] = Json{{"text", message}};
  code_flow["threadFlows"] = std::move(thread_flows);
  return Json::array({std::move(code_flow)});
}

}  // namespace

Json FindingCodeFlows(const model::Model& model, const results::Finding& finding) {
  if (finding.trace.empty()) return Json::array();
  const FlowNotes notes{
      .cycle_start = finding.cycle_start,
      .cycle_end = finding.cycle_start >= 0 ? static_cast<int>(finding.trace.size()) - 1 : -1,
      .finding = &finding,
      .total_steps = finding.trace.size()};
  if (finding.outcomes.empty()) {
    FlatState previous;
    Json locations = Json::array();
    AppendSteps(model, finding.trace, 1, notes, previous, locations);
    std::string message;
    if (finding.cycle_start >= 0) {
      message = absl::StrCat("a lasso: the last move comes back to the state of step ",
                             finding.cycle_start + 1, ", where the cycle starts");
    }
    return OneFlow(Json::array({ThreadFlow(std::move(locations), "")}), message);
  }
  // An order dependence: the trace to the state where both triggers wait, then each order.
  Json thread_flows = Json::array();
  for (const results::Finding::Outcome& outcome : finding.outcomes) {
    FlatState previous;
    Json locations = Json::array();
    FlowNotes trace_notes = notes;
    trace_notes.total_steps = finding.trace.size() + outcome.steps.size();
    AppendSteps(model, finding.trace, 1, trace_notes, previous, locations);
    FlowNotes outcome_notes = notes;
    outcome_notes.total_steps = finding.trace.size() + outcome.steps.size();
    const int before = static_cast<int>(finding.trace.size());
    if (outcome.cycle_start >= 0) {
      outcome_notes.cycle_start = before + outcome.cycle_start;
      outcome_notes.cycle_end = before + static_cast<int>(outcome.steps.size()) - 1;
    }
    AppendSteps(model, outcome.steps, finding.trace.size() + 1, outcome_notes, previous, locations);
    std::string message;
    if (outcome.steps.empty()) {
      message = ": the chain never settles";
    } else if (outcome.cycle_start >= 0) {
      message = absl::StrCat(": the chain never settles; the moves after step ", before,
                             " (each state's first) come back to the state of step ",
                             outcome_notes.cycle_start + 1);
    } else {
      message = absl::StrCat(": the moves after step ", before, " lead to where the chain settles");
    }
    thread_flows.push_back(
        ThreadFlow(std::move(locations), absl::StrCat("with ", outcome.order, message)));
  }
  return OneFlow(
      std::move(thread_flows),
      absl::StrCat("the two orders of the pending triggers, from step ", finding.trace.size()));
}

Json TraceCodeFlows(const model::Model& model, const results::Trace& trace, bool from_any_state) {
  if (trace.empty()) return Json::array();
  FlatState previous;
  Json locations = Json::array();
  AppendSteps(model, trace, 1, {.from_any_state = from_any_state, .total_steps = trace.size()},
              previous, locations);
  return OneFlow(Json::array({ThreadFlow(std::move(locations), "")}), "");
}

}  // namespace rulecheck::reports
