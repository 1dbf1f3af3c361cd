// Diagnostics of the symbolic engine's formula size and cost (internal to solver/).
//
// With the environment variable RULECHECK_SOLVER_STATS set (to anything but "0"), the step
// encoder and the drivers print to stderr, prefixed "stats:", how large the step formula is
// per action and trigger (Z3 DAG nodes, each shared subterm counted once, and the widest
// bit-vector), how much CPU time translating, simplifying and each check took, and Z3's
// statistics after each check. The figures do not depend on the machine's load (except the
// CPU seconds, which depend on it far less than wall time), so encodings can be compared on a
// shared machine. Without the variable nothing is measured or printed. A number N > 1 as its
// value also measures statements nested up to N deep (in `if`s, loops, chooses and the
// bodies of procs), each indented under the one that holds it, so that the growth of a large
// statement can be traced to the statement inside it that makes it; each pass of a loop
// prints its body's lines again.
#ifndef RULECHECK_SOLVER_STEP_STATS_H_
#define RULECHECK_SOLVER_STEP_STATS_H_

#include <z3++.h>

#include <cstdint>
#include <string>
#include <vector>

namespace rulecheck::solver::internal {

// Whether RULECHECK_SOLVER_STATS asks for the diagnostics (read once).
bool StatsEnabled();
// How deep statements are measured: 0 without the diagnostics, else RULECHECK_SOLVER_STATS's
// number when it is more than 1, else 1 (a rule's own statements only).
int StatsDepth();
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
