// Candidate invariants for a bound proof (internal to solver/): small clauses over the state's
// fields (state_fields.h) that every state of a sample of reachable states satisfies.
//
// The candidates are what a sample can suggest cheaply: for each field, its range in the
// sample (`f <= max`, `f >= min`, or `f == c` when it never changes) and, for a field of at
// most 16 bits with few values, each value inside that range it never takes (`f != c`); and
// for each value `c` of a field `a` with few values and each other field `b`, what `b` does
// whenever `a == c`: a tighter range (`a != c || b <= m`, `a != c || b >= m`) and values it
// never takes then (`a != c || b != d`). The last kind says, for instance, that a card on top
// of one stack is on no other stack. Last, three values of three fields with few values that
// never occur together although each two of them do (`a != c || b != d || e != f`): that a
// Miracle played this contest (`triples == 1`) is in no hand, whichever player played it. The
// sample only proposes: bound_proof.cc keeps the candidates that are inductive. The list is
// capped (units first, then the two-literal clauses in field order, then the three-literal
// ones, the most surprising absence first: the one whose values would meet most often if they
// were independent), so the same sample gives the same candidates.
#ifndef RULECHECK_SOLVER_INVARIANT_CANDIDATES_H_
#define RULECHECK_SOLVER_INVARIANT_CANDIDATES_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/model.h"
#include "solver/state_fields.h"

namespace rulecheck::solver::internal {

struct FieldLiteral {
  enum class Op { kEq, kNe, kLe, kGe };
  int field = 0;  // index into the fields
  Op op = Op::kEq;
  uint64_t value = 0;
};

// A clause: the disjunction of one to three literals.
struct Candidate {
  std::vector<FieldLiteral> literals;
};

struct CandidateSet {
  std::vector<Candidate> clauses;
  size_t proposed = 0;  // before the cap
  bool capped() const { return proposed > clauses.size(); }
};

// The candidates every state of `sample` (packed states of `model`) satisfies, at most `cap`
// of them. Deterministic. Thread-safe.
CandidateSet ProposeCandidates(const model::Model& model, const std::vector<StateField>& fields,
                               const std::vector<std::vector<uint32_t>>& sample, size_t cap);

// Whether `lit` holds of a field whose value is `v`.
bool LiteralHolds(const FieldLiteral& lit, uint64_t v);
// Whether `c` holds in a packed state of `model`.
bool CandidateHolds(const model::Model& model, const Candidate& c,
                    const std::vector<StateField>& fields, const uint32_t* state);

// The sampled states as bit sets, one per field value, to find clauses that block a state.
// Not thread-safe.
class SampleIndex {
 public:
  // `model`, `fields` and the sample must outlive the index.
  SampleIndex(const model::Model& model, const std::vector<StateField>& fields,
              const std::vector<std::vector<uint32_t>>& sample);

  // A clause `f1 != v1 or ... or fn != vn` that `state` breaks and every sampled state
  // satisfies: a few of `state`'s field values that no sampled state has together, found by
  // dropping values from all of them, the most common first, while no sampled state has the
  // rest (so rare values stay and the clause is short). Empty when some sampled state has
  // every field value of `state`.
  std::optional<Candidate> BlockingClause(const uint32_t* state) const;

 private:
  const model::Model& model_;
  const std::vector<StateField>& fields_;
  size_t words_;
  // [field]: value -> the sampled states with it.
  std::vector<std::vector<std::pair<uint64_t, std::vector<uint64_t>>>> sets_;
};

// As people read it: `hand[P1]{Dragon} <= 1 or #field[P1][Might] != 2` (raw field values).
std::string CandidateText(const Candidate& c, const std::vector<StateField>& fields);

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_INVARIANT_CANDIDATES_H_
