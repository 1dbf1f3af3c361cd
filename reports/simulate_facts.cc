// Pieces of the simulate reports (see simulate_facts.h).
#include "reports/simulate_facts.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "base/counts.h"

namespace rulecheck::reports {

std::string Percent(uint64_t part, uint64_t whole) {
  return absl::StrFormat("%.1f%%", whole == 0 ? 0.0 : 100.0 * part / whole);
}

std::string FailedGamesNote(uint64_t failed) {
  if (failed == 0) return "";
  // A failed game is left out whole; odds leaves out only the failed outcomes of a roll and
  // the roll's other outcomes keep their proportions, which is a different condition.
  return absl::StrCat(
      base::CountOf(failed, "game", "games"),
      failed == 1 ? " ended in a failed move and is" : " ended in a failed move and are",
      " left out: the estimates are over the games that did not fail, while `rulecheck odds` "
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
