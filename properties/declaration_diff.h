// What `rulecheck diff` lists as changed between the declarations of two versions of a rules
// file: state variables, constants, actions, triggers, events, card decks and cards, matched
// by name. A name in one version only is added or removed; a state variable whose type reads
// differently (`0..3` -> `0..5`), a constant whose value differs, or an action, trigger or
// event whose parameters read differently is changed. Nothing else (bodies, guards) is
// compared here: what those do shows in the findings and the behaviour comparison.
//
//   for (const DeclarationChange& c : CompareDeclarations(old_program, new_program)) ...
#ifndef RULECHECK_PROPERTIES_DECLARATION_DIFF_H_
#define RULECHECK_PROPERTIES_DECLARATION_DIFF_H_

#include <string>
#include <utility>
#include <vector>

#include "ir/ir.h"

namespace rulecheck::properties {

struct DeclarationChange {
  // "variable", "constant", "action", "trigger", "event", "cards" (a deck) or "card" (a
  // member of a deck, named `Deck.Member`).
  std::string kind;
  std::string name;
  std::string change;  // "added", "removed" or "changed"
  // For "changed": "OLD -> NEW" (the type, value or parameters); empty otherwise.
  std::string detail;
};

// The changes from `old_program` to `new_program`, grouped by kind in the order listed above,
// within a kind removed and changed names in the old version's order, then added ones in the
// new version's. Pure, thread-safe.
std::vector<DeclarationChange> CompareDeclarations(const ir::Program& old_program,
                                                   const ir::Program& new_program);

// The state variables both versions declare (not the hidden `moved` markers) with the same
// name, whatever their types, as (index in old_program.state, index in new_program.state), in
// the old version's order. These are what the behaviour comparison projects states onto: it
// compares values by their text, so a range widened from 0..3 to 0..5 is compared on the
// values both can hold, and a value only one version's type has is a difference. Pure,
// thread-safe.
std::vector<std::pair<int, int>> SharedVariables(const ir::Program& old_program,
                                                 const ir::Program& new_program);

}  // namespace rulecheck::properties

#endif  // RULECHECK_PROPERTIES_DECLARATION_DIFF_H_
