// Solve and Prove (see solver.h): pick the queries and invariants asked for and hand each to
// its driver (bmc.h, optimize.h, induction.h).
#include "solver/solver.h"

#include <z3++.h>

#include <algorithm>
#include <atomic>
#include <optional>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "base/status_macros.h"
#include "results/verdict_text.h"
#include "solver/bmc.h"
#include "solver/bmc_context.h"
#include "solver/bound_by_listing.h"
#include "solver/bound_proof.h"
#include "solver/fixed_bits.h"
#include "solver/induction.h"
#include "solver/optimize.h"
#include "solver/z3_context.h"

namespace rulecheck::solver {

namespace {

bool Cancelled(const std::atomic<bool>* cancel) {
  return cancel != nullptr && cancel->load(std::memory_order_relaxed);
}

// A query or invariant that a stop (Ctrl-C) came before: listed, unknown, so that the report
// names every question asked, answered or not.
results::Answer NotStarted(const std::string& name, results::AnswerKind kind) {
  results::Answer answer;
  answer.name = name;
  answer.kind = kind;
  answer.verdict = results::Verdict::kUnknown;
  answer.depth = -1;  // not even depth 0 was asked
  answer.message = results::NotStartedSentence();
  return answer;
}

// Z3's allocations past `bytes` fail, and the query in progress ends unknown (watchdog.h).
void SetMemoryBudget(uint64_t bytes) {
  if (bytes == 0) return;
  const uint64_t mib = std::max<uint64_t>(bytes >> 20, 64);
  z3::set_param("memory_max_size", static_cast<int>(std::min<uint64_t>(mib, 1u << 30)));
  // The contexts kept until exit count against the same budget: a quarter at most.
  internal::ContextHolder::LimitKeptBytes(bytes / 4);
}

// The context of one run's drivers, from SolveOptions or ProveOptions (which share these
// fields), with `facts` for the run's fixed bits; sets Z3's memory budget for the run.
template <typename Options>
internal::BmcContext StartRun(const Options& options, std::optional<internal::StateFacts>* facts) {
  internal::BmcContext bc;
  bc.timeout_seconds = options.timeout_seconds;
  bc.cancel = options.cancel;
  bc.progress = options.progress;
  bc.facts = facts;
  SetMemoryBudget(options.memory_bytes);
  return bc;
}

// The proof of a maximize/minimize answer's value at every depth (bound_proof.h), when the
// bounded search found the best value within its bound.
absl::StatusOr<results::BoundProof> ProveOptimal(const model::Model& model,
                                                 const internal::BmcContext& bc,
                                                 const ir::Query& query,
                                                 const results::Answer& answer, int within,
                                                 const SolveOptions& options) {
  if (answer.verdict != results::Verdict::kOptimal || !answer.value) {
    results::BoundProof proof;
    proof.message = answer.verdict == results::Verdict::kUnknown
                        ? "not attempted: the bounded search did not finish"
                        : "not attempted: no value within the bound";
    return proof;
  }
  // Every reachable state listed settles it at once (bound_by_listing.h); induction otherwise.
  if (options.prove_by_listing && bc.facts != nullptr && bc.facts->has_value()) {
    if (std::optional<results::BoundProof> listed =
            internal::BoundByListing(model.program, **bc.facts, query, *answer.value, within)) {
      return *listed;
    }
  }
  internal::BoundProofLimits limits;
  limits.max_k = options.prove_max_k;
  return internal::ProveBound(model, bc, query, *answer.value, within, limits);
}

}  // namespace

void KeepZ3ContextsUntilExit() { internal::ContextHolder::KeepAll(); }

absl::StatusOr<std::vector<results::Answer>> Solve(const model::Model& model,
                                                   const SolveOptions& options) {
  std::optional<internal::StateFacts> facts;
  const internal::BmcContext bc = StartRun(options, &facts);
  std::vector<results::Answer> answers;
  bool found = options.query.empty();
  if (options.queries) {
    for (const ir::Query& query : model.program.queries) {
      if (!options.query.empty() && query.name != options.query) continue;
      found = true;
      if (Cancelled(options.cancel)) {
        answers.push_back(NotStarted(
            query.name, query.kind == ir::QueryKind::kReachable  ? results::AnswerKind::kReachable
                        : query.kind == ir::QueryKind::kMaximize ? results::AnswerKind::kMaximize
                                                                 : results::AnswerKind::kMinimize));
        continue;
      }
      const int within = static_cast<int>(options.within.value_or(query.within));
      results::Answer r;
      if (query.kind == ir::QueryKind::kReachable) {
        ASSIGN_OR_RETURN(r, internal::Reachable(model, bc, query, within));
      } else {
        ASSIGN_OR_RETURN(r, internal::Optimize(model, bc, query, within, options.method));
        if (options.prove_optimal) {
          ASSIGN_OR_RETURN(r.proof, ProveOptimal(model, bc, query, r, within, options));
        }
      }
      answers.push_back(std::move(r));
    }
  }
  if (!found)
    return absl::NotFoundError(results::NoQueryNamedSentence(model.program, options.query));
  if (options.check_depth >= 0) {
    ASSIGN_OR_RETURN(std::vector<results::Answer> checks,
                     internal::CheckBounded(model, bc, options.check_depth, options.deadlocks));
    for (results::Answer& r : checks) answers.push_back(std::move(r));
  }
  return answers;
}

absl::StatusOr<std::vector<results::Answer>> Prove(const model::Model& model,
                                                   const ProveOptions& options) {
  std::optional<internal::StateFacts> facts;
  internal::BmcContext bc = StartRun(options, &facts);
  bc.prove_by_listing = options.by_listing;
  std::vector<const ir::Property*> asked;
  for (const ir::Property& inv : model.program.invariants) {
    if (options.invariant.empty() || inv.name == options.invariant) asked.push_back(&inv);
  }
  if (asked.empty() && !options.invariant.empty()) {
    return absl::NotFoundError(absl::StrCat("no invariant named '", options.invariant, "'"));
  }
  // Each invariant proved becomes a lemma of the inductions after it. One that is not
  // inductive is tried again while new lemmas come (at most once per invariant proved).
  std::vector<std::optional<internal::InductionResult>> results(asked.size());
  std::vector<size_t> lemmas_when_tried(asked.size(), 0);
  std::vector<const ir::Property*> lemmas;
  for (bool again = true; again;) {
    again = false;
    for (size_t i = 0; i < asked.size(); ++i) {
      if (results[i] && !(results[i]->not_inductive && lemmas.size() > lemmas_when_tried[i])) {
        continue;
      }
      if (Cancelled(options.cancel)) {
        if (!results[i]) results[i] = NotStarted(asked[i]->name, results::AnswerKind::kProof);
        continue;
      }
      lemmas_when_tried[i] = lemmas.size();
      ASSIGN_OR_RETURN(results[i],
                       internal::Induction(model, bc, *asked[i], options.max_k, lemmas));
      if (results[i]->answer.verdict == results::Verdict::kUnsat) {
        lemmas.push_back(asked[i]);
        again = true;
      }
    }
  }
  std::vector<results::Answer> answers;
  for (std::optional<internal::InductionResult>& r : results)
    answers.push_back(std::move(r->answer));
  return answers;
}

}  // namespace rulecheck::solver
