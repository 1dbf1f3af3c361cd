// SolveByElimination (see odds_elimination.h): row by row, each row's earlier unknowns are
// replaced by what the rows already eliminated say of them (x_j = sum over l > j of u_jl x_l +
// c_j), in increasing order, since a replacement can bring in other earlier unknowns; then
// the row's own coefficient is divided out, which leaves it in that same form. Back
// substitution from the last row gives the values. (I - A) is an M-matrix here, so no row
// needs to be swapped for another: every pivot 1 - a_kk stays positive until the last.
#include "properties/odds_elimination.h"

#include <map>

namespace rulecheck::properties {
namespace {

uint64_t Limbs(const mpq_class& q) {
  return mpz_size(q.get_num_mpz_t()) + mpz_size(q.get_den_mpz_t());
}

// x_k = sum of u[l] x_l (l > k) + c.
struct Eliminated {
  std::vector<std::pair<uint32_t, mpq_class>> u;
  mpq_class c;
};

}  // namespace

bool Spend(EliminationBudget& budget, const mpq_class& x, const mpq_class& y) {
  // GMP's schoolbook product and the gcds that keep the product, and the sum it goes into,
  // canonical are all about quadratic in the limbs of the result.
  const uint64_t limbs = Limbs(x) + Limbs(y) + 1;
  const uint64_t cost = limbs * limbs;
  if (cost > budget.work) return false;
  budget.work -= cost;
  return true;
}

std::optional<std::vector<mpq_class>> SolveByElimination(const LinearEquations& equations,
                                                         EliminationBudget& budget,
                                                         const std::atomic<bool>* cancel,
                                                         EliminationStop& why) {
  why = EliminationStop::kNone;
  const size_t n = equations.a.size();
  std::vector<Eliminated> rows(n);
  uint64_t limbs = 0, entries = 0;
  std::map<uint32_t, mpq_class> row;
  for (size_t k = 0; k < n; ++k) {
    if (cancel != nullptr && k % 64 == 0 && cancel->load(std::memory_order_relaxed)) {
      why = EliminationStop::kCancelled;
      return std::nullopt;
    }
    row.clear();
    for (const auto& [j, a] : equations.a[k]) row[j] += a;
    mpq_class c = equations.b[k];
    // The earlier unknowns, lowest first; each replacement brings in only later ones.
    while (!row.empty() && row.begin()->first < k) {
      const auto [j, a] = *row.begin();
      row.erase(row.begin());
      bool room = Spend(budget, a, rows[j].c);
      for (const auto& [l, u] : rows[j].u) {
        room = room && Spend(budget, a, u);
        row[l] += a * u;
      }
      c += a * rows[j].c;
      if (!room) {
        why = EliminationStop::kTooLarge;
        return std::nullopt;
      }
    }
    mpq_class pivot = 1;
    if (auto self = row.find(static_cast<uint32_t>(k)); self != row.end()) {
      pivot -= self->second;
      row.erase(self);
    }
    if (sgn(pivot) <= 0) {
      why = EliminationStop::kSingular;
      return std::nullopt;
    }
    Eliminated& e = rows[k];
    bool room = Spend(budget, c, pivot);
    e.c = c / pivot;
    limbs += Limbs(e.c);
    for (auto& [l, u] : row) {
      if (sgn(u) == 0) continue;
      room = room && Spend(budget, u, pivot);
      e.u.emplace_back(l, u / pivot);
      limbs += Limbs(e.u.back().second);
    }
    entries += e.u.size();
    if (!room || limbs > budget.max_limbs || entries > budget.max_entries) {
      why = EliminationStop::kTooLarge;
      return std::nullopt;
    }
  }
  std::vector<mpq_class> x(n);
  for (size_t k = n; k-- > 0;) {
    x[k] = rows[k].c;
    for (const auto& [l, u] : rows[k].u) {
      if (!Spend(budget, u, x[l])) {
        why = EliminationStop::kTooLarge;
        return std::nullopt;
      }
      x[k] += u * x[l];
    }
  }
  return x;
}

}  // namespace rulecheck::properties
