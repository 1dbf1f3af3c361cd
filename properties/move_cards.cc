// The numbering of a program's cards (see move_cards.h).
#include "properties/move_cards.h"

namespace rulecheck::properties {

CardIndex::CardIndex(const ir::Program& program) : program_(program) {
  for (const ir::EnumDef* def : program.enums) {
    if (!def->is_cards) continue;
    bases_.emplace_back(def, defs_.size());
    for (size_t m = 0; m < def->members.size(); ++m) defs_.emplace_back(def, m);
  }
}

size_t CardIndex::Base(const ir::EnumDef* def) const {
  for (const auto& [d, base] : bases_) {
    if (d == def) return base;
  }
  return size();
}

}  // namespace rulecheck::properties
