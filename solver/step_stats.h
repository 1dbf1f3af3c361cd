// Diagnostics of the symbolic engine's formula size and cost (internal to solver/).
//
// With the environment variable RULECHECK_SOLVER_STATS set (to anything but "0"), the step
// encoder and the drivers print to stderr, prefixed "stats:", how large the step formula is
// per action and trigger (Z3 DAG nodes, each shared subterm counted once, and the widest
// bit-vector), how much CPU time translating, simplifying and each check took, and Z3's
// statistics after each check. The figures do not depend on the machine's load (except the
// CPU seconds, which depend on it far less than wall time), so encodings can be compared on a
// shared machine. Without the variable nothing is measured or printed.
#ifndef RULECHECK_SOLVER_STEP_STATS_H_
#define RULECHECK_SOLVER_STEP_STATS_H_

#include <z3++.h>

#include <cstdint>
#include <string>
#include <vector>

namespace rulecheck::solver::internal {

// Whether RULECHECK_SOLVER_STATS asks for the diagnostics (read once).
bool StatsEnabled();
// Distinct nodes of the DAG of `terms` (shared subterms counted once), and the widest
// bit-vector among them in `max_width` when not null.
uint64_t DagSize(const std::vector<z3::expr>& terms, unsigned* max_width = nullptr);
// CPU seconds used by this process so far.
double CpuSeconds();
// Prints "stats: " + line to stderr (only when StatsEnabled()).
void StatsLine(const std::string& line);
// Z3's statistics of `solver` as one line "key=value ...".
std::string SolverStatistics(const z3::solver& solver);

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_STEP_STATS_H_
