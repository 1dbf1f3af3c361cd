// Pieces the text and HTML reports of `simulate` share (internal to reports/): a share of the
// games as a percentage, the note on estimates where games failed, and a violation met in some
// games as the reports narrate it, its message saying in how many games it was met and which game
// its trace replays. Thread-safe (pure functions).
#ifndef RULECHECK_REPORTS_SIMULATE_FACTS_H_
#define RULECHECK_REPORTS_SIMULATE_FACTS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "properties/simulation.h"
#include "results/finding.h"

namespace rulecheck::reports {

// "12.5%": `part` of `whole` (0% of nothing).
std::string Percent(uint64_t part, uint64_t whole);

// Under the chance queries' estimates when some left out games that ended in a failed move:
// empty when none did (a game that failed after a probability's condition held counts); else
// how the estimates then differ from `rulecheck odds`' figures.
std::string FailedGamesNote(const std::vector<properties::ChanceEstimate>& estimates);

// `found.finding` with " (in 3 of 1,000 games; the trace is game 17)" after its message.
results::Finding NarratedFinding(const properties::SimulatedFinding& found, uint64_t games);

}  // namespace rulecheck::reports

#endif  // RULECHECK_REPORTS_SIMULATE_FACTS_H_
