// The explicit answers as results::Answers (see query_answers.h): the verdict of each query
// from what the search saw, the sentences of results/verdict_text.h for decided ones, and
// for undecided ones how far the search got.
#include "properties/query_answers.h"

#include <algorithm>
#include <numeric>
#include <string>

#include "absl/strings/str_cat.h"
#include "base/counts.h"
#include "properties/stop_description.h"
#include "results/verdict_text.h"

namespace rulecheck::properties {
namespace {

using ir::QueryKind;
using results::Verdict;

results::AnswerKind KindOf(QueryKind kind) {
  if (kind == QueryKind::kReachable) return results::AnswerKind::kReachable;
  return kind == QueryKind::kMaximize ? results::AnswerKind::kMaximize
                                      : results::AnswerKind::kMinimize;
}

// Why an answer is unknown: how the search ended and how far it got.
std::string Incomplete(const QueryRun& run, const QueryAnswer& answer) {
  const std::string reach = run.levels_done < 0
                                ? "not even the initial states were all visited"
                                : absl::StrCat("every state within ", run.levels_done, " of the ",
                                               answer.within, " moves was visited");
  return absl::StrCat("incomplete search (", StopDescription(run.stats), "): ", reach);
}

results::Answer ToAnswer(const QueryRun& run, const QueryAnswer& answer) {
  results::Answer r;
  r.name = answer.name;
  r.kind = KindOf(answer.kind);
  r.trace = answer.trace;
  r.depth = answer.depth;
  if (answer.kind == QueryKind::kReachable) {
    if (answer.found) {
      r.verdict = Verdict::kSat;
      r.message = results::ReachableSentence(answer.name, answer.depth);
    } else if (answer.exact) {
      r.verdict = Verdict::kUnsat;
      r.depth = answer.within;
      r.message = results::NotReachableSentence(answer.name, answer.within);
    }
  } else {
    if (answer.found) r.value = answer.value;
    if (answer.exact && answer.found) {
      r.verdict = Verdict::kOptimal;
      r.message =
          results::OptimumSentence(r.kind, answer.name, answer.within, answer.value, answer.depth);
    } else if (answer.exact) {
      r.verdict = Verdict::kUnsat;
      r.depth = answer.within;
      r.message = results::NoValueSentence(answer.name, answer.within);
    }
  }
  if (r.message.empty()) {
    r.verdict = Verdict::kUnknown;
    r.depth = std::min(run.levels_done, answer.within);
    r.message = Incomplete(run, answer);
    if (answer.found && answer.kind != QueryKind::kReachable) {
      absl::StrAppend(&r.message, "; best found: ", answer.value, " (in ",
                      base::CountOf(static_cast<uint64_t>(answer.depth), "move", "moves"), ")");
    }
  }
  if (answer.errors > 0) {
    absl::StrAppend(&r.message, "; ", base::CountOf(answer.errors, "state", "states"),
                    " where the expression hit a model error ", answer.errors == 1 ? "does" : "do",
                    " not count (first: ", answer.first_error, ")");
  }
  return r;
}

}  // namespace

std::vector<results::Answer> ToAnswers(const QueryRun& run) {
  std::vector<results::Answer> answers;
  for (const QueryAnswer& answer : run.answers) answers.push_back(ToAnswer(run, answer));
  // In the order the answers were settled, each gets the search time since the one before.
  std::vector<size_t> order(answers.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&run](size_t a, size_t b) {
    return run.answers[a].seconds < run.answers[b].seconds;
  });
  double before = 0;
  for (size_t i : order) {
    answers[i].seconds = run.answers[i].seconds - before;
    before = run.answers[i].seconds;
  }
  return answers;
}

}  // namespace rulecheck::properties
