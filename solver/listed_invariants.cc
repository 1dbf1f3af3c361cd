// ListedInvariants (see listed_invariants.h).
#include "solver/listed_invariants.h"

#include <algorithm>

namespace rulecheck::solver::internal {

void ListedInvariants::Add(model::SuccessorGenerator& gen, const uint32_t* state, int depth) {
  for (size_t i = 0; i < program_.invariants.size(); ++i) {
    if (undecided_[i] || (fails_at_[i] && *fails_at_[i] <= depth)) continue;
    const model::PropertyValue v = gen.Evaluate(program_.invariants[i], state);
    if (!v.ok) {
      undecided_[i] = true;
    } else if (v.value == 0) {
      fails_at_[i] = fails_at_[i] ? std::min(*fails_at_[i], depth) : depth;
    }
  }
}

}  // namespace rulecheck::solver::internal
