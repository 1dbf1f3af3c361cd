// Pieces of the simulate reports (see simulate_facts.h).
#include "reports/simulate_facts.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "base/counts.h"

namespace rulecheck::reports {

std::string Percent(uint64_t part, uint64_t whole) {
  return absl::StrFormat("%.1f%%", whole == 0 ? 0.0 : 100.0 * part / whole);
}

std::string FailedGamesNote(const std::vector<properties::ChanceEstimate>& estimates) {
  uint64_t failed = 0;
  bool every = true;  // the same number left out of each estimate
  for (const properties::ChanceEstimate& e : estimates) {
    if (e.failed != failed && failed != 0) every = false;
    failed = std::max(failed, e.failed);
  }
  if (failed == 0) return "";
  // A failed game is left out whole; odds leaves out only the failed outcomes of a roll and
  // the roll's other outcomes keep their proportions, which is a different condition.
  return absl::StrCat(
      every ? "" : "up to ", base::CountOf(failed, "game", "games"),
      failed == 1 ? " that ended in a failed move is" : " that ended in a failed move are",
      every ? " left out of the estimates" : " left out of an estimate",
      ": they are over the games that did not fail first, while `rulecheck odds` "
      "leaves out only the failed "
      "outcomes of each roll (the others keep their proportions), so the two "
      "differ until the failure is fixed");
}

results::Finding NarratedFinding(const properties::SimulatedFinding& found, uint64_t games) {
  results::Finding finding = found.finding;
  finding.message += absl::StrCat(" (in ", base::GroupThousands(found.games), " of ",
                                  base::CountOf(games, "game", "games"));
  if (!finding.trace.empty()) {
    absl::StrAppend(&finding.message, "; the trace is game ", found.first_game);
  }
  finding.message += ")";
  return finding;
}

}  // namespace rulecheck::reports
