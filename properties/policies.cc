// PolicySet (see policies.h): choosing the policies of a run, and applying them in a state.
#include "properties/policies.h"

#include <algorithm>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "model/value_format.h"
#include "properties/move_seat.h"

namespace rulecheck::properties {
namespace {

// Seats are numbers when their type is a range: a seat `2` of `0..3` and of `0..N-1` is one.
bool SameSeatType(const ir::Type* a, const ir::Type* b) {
  return a == b || (a->kind == ir::TypeKind::kRange && b->kind == ir::TypeKind::kRange);
}

bool Governs(const ir::Policy& policy, const ir::Type* type, int64_t seat) {
  if (type == nullptr || policy.seat_type == nullptr || !SameSeatType(type, policy.seat_type)) {
    return false;
  }
  return policy.seat.has_value() ? *policy.seat == seat : policy.seat_type->Contains(seat);
}

// Whether some seat is governed by both.
bool Overlap(const ir::Policy& a, const ir::Policy& b) {
  if (a.seat.has_value()) return Governs(b, a.seat_type, *a.seat);
  if (b.seat.has_value()) return Governs(a, b.seat_type, *b.seat);
  if (!SameSeatType(a.seat_type, b.seat_type)) return false;
  return a.seat_type != b.seat_type ? std::max(a.seat_type->lo, b.seat_type->lo) <=
                                          std::min(a.seat_type->hi, b.seat_type->hi)
                                    : true;
}

// The seats a policy governs, as messages and reports name them: `First`, or `every Player`.
std::string GovernedText(const ir::Policy& p) {
  return p.seat.has_value() ? model::FormatScalar(p.seat_type, *p.seat)
                            : absl::StrCat("every ", p.seat_type->ToString());
}

}  // namespace

absl::StatusOr<PolicySet> PolicySet::Choose(const ir::Program& program,
                                            const std::vector<std::string>& names) {
  PolicySet set;
  for (const std::string& name : names) {
    const auto it = std::find_if(program.policies.begin(), program.policies.end(),
                                 [&name](const ir::Policy& p) { return p.name == name; });
    if (it == program.policies.end()) {
      std::string known;
      for (const ir::Policy& p : program.policies) {
        absl::StrAppend(&known, known.empty() ? "" : ", ", "`", p.name, "`");
      }
      return absl::NotFoundError(absl::StrCat(
          "--policy ", name, ": the model has no policy named `", name, "`",
          known.empty() ? " (it declares none)" : absl::StrCat(" (it has ", known, ")")));
    }
    for (const ir::Policy* other : set.chosen_) {
      if (other == &*it) {
        return absl::InvalidArgumentError(absl::StrCat("--policy ", name, " is given twice"));
      }
      if (Overlap(*other, *it)) {
        const ir::Policy& one = other->seat.has_value() ? *other : *it;
        return absl::InvalidArgumentError(absl::StrCat("--policy ", other->name, " and --policy ",
                                                       name, " both govern ", GovernedText(one),
                                                       ": give one policy per seat"));
      }
    }
    set.chosen_.push_back(&*it);
  }
  size_t flags = 0;
  for (const ir::Policy* p : set.chosen_) {
    set.first_.push_back(flags);
    flags += p->preferences.size();
  }
  set.applied_ = std::make_unique<std::atomic<bool>[]>(flags);
  return set;
}

std::vector<results::FollowedPolicy> PolicySet::Followed(bool with_use) const {
  std::vector<results::FollowedPolicy> followed;
  for (size_t i = 0; i < chosen_.size(); ++i) {
    const ir::Policy* p = chosen_[i];
    results::FollowedPolicy& f = followed.emplace_back();
    f.name = p->name;
    f.loc = p->loc;
    f.seats = GovernedText(*p);
    f.use_known = with_use;
    if (!with_use) continue;
    for (size_t k = 0; k < p->preferences.size(); ++k) {
      if (!applied_[first_[i] + k].load(std::memory_order_relaxed)) {
        f.never_applied.push_back(p->preferences[k].loc);
      }
    }
  }
  return followed;
}

size_t PolicySet::GoverningIndex(const ir::Type* type, int64_t seat) const {
  size_t i = 0;
  while (i < chosen_.size() && !Governs(*chosen_[i], type, seat)) ++i;
  return i;
}

const ir::Policy* PolicySet::Governing(const ir::Type* type, int64_t seat) const {
  const size_t i = GoverningIndex(type, seat);
  return i < chosen_.size() ? chosen_[i] : nullptr;
}

std::optional<PolicyError> PolicySet::Restrict(model::SuccessorGenerator& generator,
                                               const uint32_t* state,
                                               const std::vector<PolicyCandidate>& candidates,
                                               std::vector<bool>& keep) const {
  std::optional<PolicyError> error;
  std::vector<bool> done(candidates.size(), false);
  for (size_t first = 0; first < candidates.size(); ++first) {
    if (done[first]) continue;
    const ir::Move& mover = *candidates[first].move;
    // The candidates of this seat.
    std::vector<size_t> seat;
    for (size_t i = first; i < candidates.size(); ++i) {
      if (SeatOf(*candidates[i].move) == SeatOf(mover)) {
        seat.push_back(i);
        done[i] = true;
      }
    }
    const size_t chosen = GoverningIndex(mover.player_type, mover.player);
    if (chosen == chosen_.size()) continue;
    const ir::Policy* policy = chosen_[chosen];
    for (size_t k = 0; k < policy->preferences.size(); ++k) {
      const ir::Preference& preference = policy->preferences[k];
      const bool matched = std::any_of(seat.begin(), seat.end(), [&](size_t i) {
        return candidates[i].successor && ir::Matches(preference.pattern, *candidates[i].move);
      });
      if (!matched) continue;
      const model::PropertyValue holds =
          generator.Evaluate(*policy, preference, mover.player, state);
      if (!holds.ok && !error.has_value()) error = PolicyError{policy, &preference, holds.failure};
      if (!holds.ok || holds.value == 0) continue;
      for (size_t i : seat) {
        if (!ir::Matches(preference.pattern, *candidates[i].move)) keep[i] = false;
      }
      std::atomic<bool>& applied = applied_[first_[chosen] + k];
      // Read first: once set, the flag's cache line is only ever read.
      if (!applied.load(std::memory_order_relaxed)) applied.store(true, std::memory_order_relaxed);
      break;
    }
  }
  return error;
}

}  // namespace rulecheck::properties
