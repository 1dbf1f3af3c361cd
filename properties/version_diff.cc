// Running each version and comparing query answers (see version_diff.h).
#include "properties/version_diff.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "properties/query_answers.h"
#include "properties/query_check.h"

namespace rulecheck::properties {

namespace {

// The explicit engine's answers to `model`'s queries (none without queries).
std::vector<results::Answer> Answers(const model::Model& model, const CheckOptions& options) {
  if (model.program.queries.empty()) return {};
  QueryOptions query_options;
  query_options.explore = options.explore;
  query_options.space = options.space;
  // Every query is asked (no --query), so AnswerQueries cannot fail.
  absl::StatusOr<QueryRun> answered = AnswerQueries(model, query_options);
  return answered.ok() ? ToAnswers(*answered) : std::vector<results::Answer>();
}

}  // namespace

VersionsRun RunVersions(const model::Model& old_model, const model::Model& new_model,
                        const CheckOptions& options, int max_traces,
                        const ir::StateSpace* old_space, const ir::StateSpace* new_space) {
  VersionsRun run;
  // The new version is checked, and the behaviour compared, while the old version's
  // exploration is alive: each version is searched once for its findings and its behaviour.
  CheckOptions old_options = options;
  old_options.space = old_space;
  CheckOptions new_options = options;
  new_options.space = new_space;
  old_options.on_explored = [&](const explorer::Exploration& old_exploration) {
    new_options.on_explored = [&](const explorer::Exploration& new_exploration) {
      if (options.on_analysis) options.on_analysis("comparing the behaviour of the two versions");
      run.behaviour = CompareBehaviour(old_model, old_exploration, new_model, new_exploration,
                                       max_traces, options.explore.cancel);
    };
    run.new_run.check = Check(new_model, new_options);
  };
  run.old_run.check = Check(old_model, old_options);
  run.old_run.answers = Answers(old_model, old_options);
  run.new_run.answers = Answers(new_model, new_options);
  return run;
}

std::string AnswerOutcome(const results::Answer& answer) {
  const bool reachable = answer.kind == results::AnswerKind::kReachable;
  switch (answer.verdict) {
    case results::Verdict::kSat:
      return reachable ? absl::StrCat("holds at depth ", answer.depth) : "violated";
    case results::Verdict::kUnsat:
      return reachable ? "never holds" : "no value";
    case results::Verdict::kOptimal:
      return answer.value.has_value() ? absl::StrCat(*answer.value, " (optimal)") : "optimal";
    case results::Verdict::kUnknown:
      return answer.value.has_value() ? absl::StrCat("unknown (best so far ", *answer.value, ")")
                                      : "unknown";
  }
  return "unknown";
}

std::vector<AnswerChange> CompareAnswers(const std::vector<results::Answer>& old_answers,
                                         const std::vector<results::Answer>& new_answers) {
  std::map<std::string, const results::Answer*> new_index;
  for (const results::Answer& answer : new_answers) new_index.emplace(answer.name, &answer);
  std::map<std::string, const results::Answer*> old_index;
  for (const results::Answer& answer : old_answers) old_index.emplace(answer.name, &answer);
  std::vector<AnswerChange> changes;
  for (const results::Answer& old_answer : old_answers) {
    auto it = new_index.find(old_answer.name);
    const std::string before = AnswerOutcome(old_answer);
    if (it == new_index.end()) {
      changes.push_back(
          {old_answer.name, results::AnswerKindName(old_answer.kind), before, std::string()});
      continue;
    }
    const std::string after = AnswerOutcome(*it->second);
    if (before != after || old_answer.kind != it->second->kind) {
      changes.push_back(
          {old_answer.name, results::AnswerKindName(it->second->kind), before, after});
    }
  }
  for (const results::Answer& new_answer : new_answers) {
    if (old_index.contains(new_answer.name)) continue;
    changes.push_back({new_answer.name, results::AnswerKindName(new_answer.kind), std::string(),
                       AnswerOutcome(new_answer)});
  }
  return changes;
}

}  // namespace rulecheck::properties
