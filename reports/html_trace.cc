// Traces as steppable HTML (see html_trace.h). The markup carries everything a reader needs
// with scripts off; the script only hides and shows steps and rebuilds whole states from the
// `th` (path) and `.new` (value) cells of the tables written here, so those class names are
// the contract between the two.
#include "reports/html_trace.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "model/value_format.h"
#include "reports/format_util.h"
#include "reports/html_escape.h"
#include "reports/html_page.h"

namespace rulecheck::reports {
namespace {

// The line of the rules file where the rule a move ran is written (its header; `init`'s
// block); 0 when it is elsewhere or unknown.
int RuleLine(const model::Model& model, const ir::Move& move) {
  ir::Location where;
  const auto index = static_cast<size_t>(move.index);
  if (move.kind == ir::Move::Kind::kAction && index < model.program.actions.size()) {
    where = model.program.actions[index].loc;
  } else if (move.kind == ir::Move::Kind::kTrigger && index < model.program.triggers.size()) {
    where = model.program.triggers[index].loc;
  } else if (move.kind == ir::Move::Kind::kInit) {
    where = model.program.init.loc;
  }
  if (!where.valid()) return 0;
  const auto [source, local] = model.Resolve(where);
  return source == model.source.get() ? local.line : 0;
}

constexpr size_t kChoiceLabels = 4;

void WriteMove(const model::Model& model, const results::TraceStep& step, size_t number,
               bool any_state, std::string_view listing, std::ostream& out) {
  out << "<div class=\"move\"><span class=\"n\">" << number << "</span>";
  if (any_state) {
    out << "<span class=\"call\">start</span><span class=\"note\">any state satisfying the "
           "invariant</span></div>\n";
    return;
  }
  if (step.move.kind != ir::Move::Kind::kInit) {
    const std::string player = model::FormatMovePlayer(step.move);
    if (!player.empty()) out << "<span class=\"by\">" << EscapeHtml(player) << "</span>";
  }
  // The call links to the rule's line in the listing.
  const int line = RuleLine(model, step.move);
  if (line > 0) out << "<a class=\"rule\" href=\"#" << LineId(line, listing) << "\">";
  out << "<code class=\"call\">" << EscapeHtml(model::FormatMoveCall(model, step.move))
      << "</code>";
  if (line > 0) out << "</a>";
  // A few choices each on a label of its own; many (an `init` that rolls a deck) as one
  // line of text, as the text report writes them.
  const std::vector<std::string> choices = MoveChoices(step.move);
  if (choices.size() <= kChoiceLabels) {
    for (const std::string& choice : choices) {
      out << "<span class=\"choice\">" << EscapeHtml(choice) << "</span>";
    }
  } else {
    out << "<span class=\"choices\">[" << EscapeHtml(absl::StrJoin(choices, ", ")) << "]</span>";
  }
  out << "</div>\n";
}

void WriteFullState(const FlatState& state, std::ostream& out) {
  if (state.empty()) {
    out << "<p class=\"nochange\">no state variables</p>\n";
    return;
  }
  out << "<table class=\"state full\"><tbody>\n";
  for (const auto& [path, value] : state) {
    out << "<tr><th scope=\"row\">" << EscapeHtml(path) << "</th><td class=\"new\">"
        << EscapeHtml(value) << "</td></tr>\n";
  }
  out << "</tbody></table>\n";
}

// The leaves that differ between `before` and `after`, as trace_text.cc's WriteChanges finds
// them: flattened states of one model list the same paths in the same order.
void WriteChanges(const FlatState& before, const FlatState& after, std::ostream& out) {
  bool any = false;
  for (size_t i = 0; i < after.size(); ++i) {
    if (i < before.size() && before[i] == after[i]) continue;
    if (!any) out << "<table class=\"state changes\"><tbody>\n";
    any = true;
    const std::string old_value = i < before.size() ? before[i].second : "?";
    out << "<tr><th scope=\"row\">" << EscapeHtml(after[i].first)
        << "</th><td class=\"change\"><span class=\"old\">" << EscapeHtml(old_value)
        << "</span> <span class=\"arrow\" aria-label=\"becomes\">&rarr;</span> <span "
           "class=\"new\">"
        << EscapeHtml(after[i].second) << "</span></td></tr>\n";
  }
  if (any) {
    out << "</tbody></table>\n";
  } else {
    out << "<p class=\"nochange\">no change</p>\n";
  }
}

// The table of the variables on which the outcomes' settled states differ, one column per
// order; nothing when fewer than two outcomes settle.
void WriteSettledComparison(const model::Model& model, const results::Finding& finding,
                            std::ostream& out) {
  std::vector<const results::Finding::Outcome*> settled;
  std::vector<FlatState> states;
  for (const results::Finding::Outcome& outcome : finding.outcomes) {
    if (outcome.steps.empty() || outcome.cycle_start >= 0 || outcome.steps.back().state.empty()) {
      continue;  // no settled state to compare
    }
    settled.push_back(&outcome);
    states.push_back(model::FlattenState(model, outcome.steps.back().state.data()));
  }
  if (settled.size() < 2) return;
  out << "<table class=\"settled\"><caption>where each order settles</caption>\n<thead><tr>"
         "<th scope=\"col\">variable</th>";
  for (const results::Finding::Outcome* outcome : settled) {
    out << "<th scope=\"col\">" << EscapeHtml(outcome->order) << "</th>";
  }
  out << "</tr></thead>\n<tbody>\n";
  for (size_t i = 0; i < states[0].size(); ++i) {
    bool differs = false;
    for (const FlatState& state : states) {
      differs = differs || i >= state.size() || state[i] != states[0][i];
    }
    if (!differs) continue;
    out << "<tr><th scope=\"row\">" << EscapeHtml(states[0][i].first) << "</th>";
    for (const FlatState& state : states) {
      out << "<td>" << EscapeHtml(i < state.size() ? state[i].second : "?") << "</td>";
    }
    out << "</tr>\n";
  }
  out << "</tbody></table>\n";
}

}  // namespace

void WriteTraceHtml(const model::Model& model, const results::Trace& trace, const Narration& how,
                    const std::string& id, const std::string& continues, std::ostream& out,
                    std::string_view listing) {
  if (trace.empty()) return;
  const size_t last_number = how.first_number + trace.size() - 1;
  out << "<div class=\"trace\" id=\"" << id << "\" tabindex=\"0\"";
  if (!continues.empty()) out << " data-continues=\"" << continues << "\"";
  out << " aria-label=\"trace of " << trace.size() << (trace.size() == 1 ? " step" : " steps")
      << "\">\n"
      << "<div class=\"stepper\" hidden>"
      << "<button type=\"button\" class=\"prev\" aria-label=\"previous step\">&#8249; prev"
      << "</button><input type=\"range\" class=\"slider\" min=\"" << how.first_number << "\" max=\""
      << last_number << "\" value=\"" << how.first_number
      << "\" aria-label=\"step\"><button type=\"button\" class=\"next\" aria-label=\"next "
         "step\">next &#8250;</button><span class=\"position\" aria-live=\"polite\"></span>"
      << "<span class=\"keys\" aria-hidden=\"true\">&larr; &rarr; Home End</span>"
      << "<button type=\"button\" class=\"all\" aria-pressed=\"false\">all steps</button>"
      << "</div>\n<ol class=\"steps\">\n";
  FlatState previous = how.before != nullptr ? *how.before : FlatState{};
  for (size_t i = 0; i < trace.size(); ++i) {
    const results::TraceStep& step = trace[i];
    const size_t number = how.first_number + i;
    const int index = static_cast<int>(i);
    std::string classes = "step";
    if (how.cycle_start >= 0 && index == how.cycle_start) classes += " cycle-start";
    if (how.cycle_start >= 0 && index > how.cycle_start) classes += " in-cycle";
    if (step.failed) classes += " failed";
    out << "<li class=\"" << classes << "\" id=\"" << id << "-s" << number << "\" data-n=\""
        << number << "\">\n";
    WriteMove(model, step, number, i == 0 && how.from_any_state, listing, out);
    if (step.failed) {
      out << "<p class=\"error\"><strong>failed:</strong> " << EscapeHtml(step.error) << "</p>\n";
    } else {
      FlatState current = model::FlattenState(model, step.state.data());
      // As in the text: with nothing to compare against, the state in full.
      if (previous.empty()) {
        WriteFullState(current, out);
      } else {
        WriteChanges(previous, current, out);
      }
      previous = std::move(current);
    }
    if (how.cycle_start >= 0 && index == how.cycle_start) {
      out << "<p class=\"cycle-note\">the cycle starts here: the moves below come back to "
             "this state</p>\n";
    }
    if (how.cycle_start >= 0 && index > how.cycle_start && i + 1 == trace.size()) {
      out << "<p class=\"cycle-note\">back to the state of step "
          << how.first_number + how.cycle_start << ": the cycle closes</p>\n";
    }
    out << "</li>\n";
  }
  out << "</ol>\n</div>\n";
}

void WriteFindingTraceHtml(const model::Model& model, const results::Finding& finding,
                           const std::string& id, std::ostream& out, std::string_view listing) {
  const std::string trace_id = id + "-trace";
  WriteTraceHtml(model, finding.trace, {.cycle_start = finding.cycle_start}, trace_id, "", out,
                 listing);
  if (finding.outcomes.empty() || finding.trace.empty()) return;
  const FlatState witness = model::FlattenState(model, finding.trace.back().state.data());
  out << "<div class=\"outcomes\">\n";
  WriteSettledComparison(model, finding, out);
  for (size_t i = 0; i < finding.outcomes.size(); ++i) {
    const results::Finding::Outcome& outcome = finding.outcomes[i];
    out << "<section class=\"outcome\"><h5>then, with " << EscapeHtml(outcome.order) << "</h5>\n";
    if (outcome.steps.empty()) out << "<p class=\"nochange\">the chain never settles</p>\n";
    if (outcome.cycle_start >= 0) {
      out << "<p class=\"nochange\">the chain never settles: each state's first move, into a "
             "loop</p>\n";
    }
    WriteTraceHtml(model, outcome.steps,
                   {.first_number = finding.trace.size() + 1,
                    .before = &witness,
                    .cycle_start = outcome.cycle_start},
                   absl::StrCat(id, "-order", i + 1), trace_id, out, listing);
    out << "</section>\n";
  }
  out << "</div>\n";
}

}  // namespace rulecheck::reports
