// Formula-size and cost diagnostics (see step_stats.h).
#include "solver/step_stats.h"

#include <time.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"

namespace rulecheck::solver::internal {

bool StatsEnabled() {
  static const bool enabled = [] {
    const char* v = std::getenv("RULECHECK_SOLVER_STATS");
    return v != nullptr && std::strcmp(v, "0") != 0 && v[0] != '\0';
  }();
  return enabled;
}

int StatsDepth() {
  static const int depth = [] {
    if (!StatsEnabled()) return 0;
    const int asked = std::atoi(std::getenv("RULECHECK_SOLVER_STATS"));
    return asked > 1 ? asked : 1;
  }();
  return depth;
}

uint64_t DagSize(const std::vector<z3::expr>& terms, unsigned* max_width) {
  absl::flat_hash_set<unsigned> seen;
  std::vector<z3::expr> todo(terms);
  unsigned widest = 0;
  while (!todo.empty()) {
    z3::expr e = todo.back();
    todo.pop_back();
    if (!seen.insert(e.id()).second) continue;
    if (e.is_bv()) widest = std::max(widest, e.get_sort().bv_size());
    if (e.is_app()) {
      for (unsigned i = 0; i < e.num_args(); ++i) todo.push_back(e.arg(i));
    } else if (e.is_quantifier()) {
      todo.push_back(e.body());
    }
  }
  if (max_width != nullptr) *max_width = widest;
  return seen.size();
}

double CpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

void StatsLine(const std::string& line) {
  if (!StatsEnabled()) return;
  std::fprintf(stderr, "stats: %s\n", line.c_str());
  std::fflush(stderr);
}

std::string SolverStatistics(const z3::solver& solver) {
  z3::stats st = solver.statistics();
  std::string out;
  for (unsigned i = 0; i < st.size(); ++i) {
    const std::string key = st.key(i);
    if (key != "conflicts" && key != "decisions" && key != "memory" && key != "max memory" &&
        key != "sat conflicts" && key != "sat decisions" && key != "sat propagations 2ary" &&
        key != "sat propagations nary" && key != "sat clauses" && key != "sat units" &&
        key != "sat mk var" && key != "rlimit count") {
      continue;
    }
    absl::StrAppend(
        &out, out.empty() ? "" : " ", key, "=",
        st.is_uint(i) ? absl::StrCat(st.uint_value(i)) : absl::StrCat(st.double_value(i)));
  }
  return out;
}

}  // namespace rulecheck::solver::internal
