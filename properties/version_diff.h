// The runs `rulecheck diff` makes of the two versions of a rules file, and how their query
// answers compare.
//
// RunVersions checks each version as `rulecheck check` does (every built-in check, the same
// search options), compares their behaviour (behaviour_diff.h) on the explorations of those
// two checks, so that each version is searched once, and answers each version's queries
// with the explicit engine (query_answers.h), so that the two versions are compared on the
// same footing. CompareAnswers pairs the answers of the
// two versions by query name and lists those whose outcome moved: a best value (57 -> 60), a
// reachable query that now holds at another depth, or no longer holds, or one whose verdict
// changed; a query in one version only is listed as added or removed. Times never count.
//
//   VersionsRun run = RunVersions(*old_model, *new_model, options, 3);
//   for (const AnswerChange& c : CompareAnswers(old_run.answers, new_run.answers)) ...
#ifndef RULECHECK_PROPERTIES_VERSION_DIFF_H_
#define RULECHECK_PROPERTIES_VERSION_DIFF_H_

#include <string>
#include <vector>

#include "model/model.h"
#include "properties/behaviour_diff.h"
#include "properties/property.h"
#include "results/answer.h"

namespace rulecheck::properties {

struct VersionRun {
  CheckResult check;
  // The explicit engine's answers to the version's queries (empty without queries).
  std::vector<results::Answer> answers;
};

struct VersionsRun {
  VersionRun old_run;
  VersionRun new_run;
  BehaviourDiff behaviour;
};

// Checks both versions with `options` (the new one while the old one's exploration is still
// at hand: both stores are held at once), compares their behaviour showing at most
// `max_traces` differences in each direction, then answers each version's queries with
// options.explore's threads, memory, state limit and cancel flag (options.explore.progress is
// passed on too; options.on_analysis also hears of the comparison). options.on_explored is
// not used; options.space is replaced by each version's own successor function, `old_space`
// and `new_space` (null: the interpreter's), for its check and its queries alike.
// Deterministic apart from times. Thread-compatible. REQUIRES: max_traces >= 0.
VersionsRun RunVersions(const model::Model& old_model, const model::Model& new_model,
                        const CheckOptions& options, int max_traces,
                        const ir::StateSpace* old_space = nullptr,
                        const ir::StateSpace* new_space = nullptr);

// An answer as one short comparable phrase: "57 (optimal)", "holds at depth 3", "no value",
// "unknown (best so far 12)". Pure.
std::string AnswerOutcome(const results::Answer& answer);

struct AnswerChange {
  std::string name;
  std::string kind;         // results::AnswerKindName of the (new, else old) answer
  std::string old_outcome;  // AnswerOutcome; empty: the query is new
  std::string new_outcome;  // empty: the query was removed
};

// The queries whose outcome differs, in the old version's order, then the new version's new
// queries. Pure, thread-safe.
std::vector<AnswerChange> CompareAnswers(const std::vector<results::Answer>& old_answers,
                                         const std::vector<results::Answer>& new_answers);

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_VERSION_DIFF_H_
