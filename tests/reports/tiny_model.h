// A tiny model for the report tests, and traces through it made by the successor generator:
// real moves and real packed states, so that the reports are tested on what the engines hand
// them, while each test chooses the findings and answers to render by hand.
#ifndef RULECHECK_TESTS_REPORTS_TINY_MODEL_H_
#define RULECHECK_TESTS_REPORTS_TINY_MODEL_H_

#include <memory>
#include <string>
#include <vector>

#include "model/model.h"
#include "results/trace.h"

namespace rulecheck::reports::testing {

// `game "Tiny"`: state { n: 0..3, lit: bool }, initially n = 0 and lit = false; actions
// inc() (n += 1, while n < 3) and flip() (lit = not lit); invariant small: n < 2; all on the
// file "tiny.rules".
std::unique_ptr<model::Model> LoadTiny();

// The trace that starts in the initial state and then makes the moves of the actions named
// in `actions`, in order. Fails the test (and returns what it has) when a move is not there.
results::Trace Play(const model::Model& model, const std::vector<std::string>& actions);

// `step` made failed: the move of action `action` tried in `step`'s state, with `error`.
results::TraceStep FailedStep(const model::Model& model, const results::TraceStep& step,
                              const std::string& action, const std::string& error);

}  // namespace rulecheck::reports::testing

#endif  // RULECHECK_TESTS_REPORTS_TINY_MODEL_H_
