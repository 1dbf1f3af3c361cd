// BoundByListing (see bound_by_listing.h).
#include "solver/bound_by_listing.h"

#include "absl/strings/str_cat.h"

namespace rulecheck::solver::internal {

std::optional<results::BoundProof> BoundByListing(const ir::Program& program,
                                                  const StateFacts& facts, const ir::Query& query,
                                                  int64_t bound, int searched) {
  if (!facts.every_state_seen) return std::nullopt;
  const std::optional<int64_t> best = facts.BestOf(program, query);
  const bool maximize = query.kind == ir::QueryKind::kMaximize;
  results::BoundProof proof;
  const std::string listed =
      absl::StrCat("all ", facts.reachable_states, " reachable states listed");
  // No state with a value (every one a model error) is no better than the bound either.
  if (!best || (maximize ? *best <= bound : *best >= bound)) {
    proof.proved = true;
    proof.message = absl::StrCat("optimal for every depth (", listed, ")");
  } else {
    proof.message = absl::StrCat("proved only to depth ", searched, ": a state more than ",
                                 searched, " moves deep has the value ", *best, " (", listed, ")");
  }
  return proof;
}

}  // namespace rulecheck::solver::internal
