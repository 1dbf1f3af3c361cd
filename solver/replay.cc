// ReplayTrace (see replay.h). Replay is the safety net of the symbolic engine: a witness is only
// ever shown after the explicit successor generator has reproduced it state by state, so a
// mistranslation shows up as an InternalError instead of a wrong answer.
#include "solver/replay.h"

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "model/successors.h"
#include "results/verdict_text.h"
#include "solver/successor_collector.h"

namespace rulecheck::solver::internal {
namespace {

// The index of the first of `c`'s successors that is `state`; c.states.size() when none is.
size_t FirstLeadingTo(const SuccessorCollector& c, const std::vector<uint32_t>& state) {
  return std::find(c.states.begin(), c.states.end(), state) - c.states.begin();
}

// `message` with its place as `check` names it, file:line:column (or the flag of a
// command-line property).
std::string AtPlace(const model::Model& model, const std::string& message, ir::Location at) {
  const auto [source, loc] = model.Resolve(at);
  return source != nullptr && loc.valid()
             ? absl::StrCat(message, " (", source->path(), ":", loc.line, ":", loc.column, ")")
             : message;
}

results::TraceStep FailedStep(const model::Model& model, const ir::StepFailure& f,
                              const std::vector<uint32_t>& state) {
  results::TraceStep step;
  step.move = f.move;
  step.state = state;
  step.failed = true;
  step.error = AtPlace(model, f.message, f.loc);
  return step;
}

}  // namespace

std::string InvariantViolationSentence(const model::Model& model, const ir::Property& invariant,
                                       const results::Trace& trace, int depth) {
  std::string sentence = results::InvariantViolatedSentence(invariant.name, depth);
  if (trace.empty() || trace.back().failed || trace.back().state.empty()) return sentence;
  model::SuccessorGenerator gen(model);
  const model::PropertyValue v = gen.Evaluate(invariant, trace.back().state.data());
  if (v.ok) return sentence;
  return absl::StrCat(sentence, "; evaluating it hit a model error: ",
                      AtPlace(model, v.failure.message, v.failure.loc));
}

absl::StatusOr<results::Trace> ReplayTrace(const model::Model& model,
                                           const std::vector<std::vector<uint32_t>>& states,
                                           bool from_initial, bool fail_at_end,
                                           ir::StepFailure* failure) {
  model::SuccessorGenerator gen(model);
  results::Trace trace;
  const size_t words = model.layout.words();
  auto not_real = [](const std::string& what) {
    return absl::InternalError(
        absl::StrCat("the symbolic engine's witness is not a real play: ", what,
                     " (a bug in the Z3 translation; please report it with the rules file)"));
  };
  if (from_initial) {
    SuccessorCollector init(words, /*keep_moves=*/true);
    gen.Initial(init);
    if (states.empty()) {
      if (fail_at_end && !init.failures.empty()) {
        trace.push_back(FailedStep(model, init.failures.front(), {}));
        if (failure != nullptr) *failure = init.failures.front();
        return trace;
      }
      return not_real("no failing initial run");
    }
    const size_t s = FirstLeadingTo(init, states[0]);
    if (s == init.states.size()) return not_real("its first state is not an initial state");
    trace.push_back({init.moves[s], init.states[s], false, ""});
  } else if (!states.empty()) {
    results::TraceStep start;
    start.state = states[0];
    trace.push_back(start);
  }
  for (size_t i = 0; i + 1 < states.size(); ++i) {
    SuccessorCollector next(words, /*keep_moves=*/true);
    gen.Successors(states[i].data(), next);
    const size_t s = FirstLeadingTo(next, states[i + 1]);
    if (s == next.states.size()) {
      for (const ir::StepFailure& f : next.failures) {
        if (!f.limit) continue;
        // Z3's translation has no such limit (docs/symbolic.md): the play may well be real.
        return absl::InternalError(absl::StrCat(
            "the play Z3 found cannot be replayed: at its move ", i + 1,
            " it goes past one of the explicit engine's limits (", AtPlace(model, f.message, f.loc),
            "), which Z3's translation does not have; answer this with --engine explicit, "
            "which reports the limit as `check` does"));
      }
      return not_real(absl::StrCat("no move leads from its state ", i, " to state ", i + 1));
    }
    trace.push_back({next.moves[s], next.states[s], false, ""});
  }
  if (fail_at_end) {
    SuccessorCollector last(words);
    gen.Successors(states.back().data(), last);
    if (last.failures.empty()) return not_real("no move fails in its last state");
    trace.push_back(FailedStep(model, last.failures.front(), states.back()));
    if (failure != nullptr) *failure = last.failures.front();
  }
  return trace;
}

results::Finding ViolationFinding(const model::Model& model, results::Finding finding,
                                  results::Trace trace, const ir::StepFailure* failure) {
  // The answer's failed step names the line (its report has no location of its own); the
  // finding has a location, and `check` words the step without it.
  if (failure != nullptr && !trace.empty() && trace.back().failed) {
    trace.back().error = failure->message;
  }
  finding.trace = std::move(trace);
  results::Locate(finding, model.Resolve(finding.location));
  return finding;
}

}  // namespace rulecheck::solver::internal
