// Comparing two versions' declarations by name (see declaration_diff.h).
#include "properties/declaration_diff.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

namespace rulecheck::properties {
namespace {

// A declaration's name and what must be equal for it to be unchanged.
using Named = std::vector<std::pair<std::string, std::string>>;

std::string ParamsText(const std::vector<ir::Param>& params) {
  std::string text = "(";
  for (size_t i = 0; i < params.size(); ++i) {
    absl::StrAppend(&text, i == 0 ? "" : ", ", params[i].name, ": ",
                    params[i].type != nullptr ? params[i].type->ToString() : "?");
  }
  return text + ")";
}

void Compare(const std::string& kind, const Named& old_names, const Named& new_names,
             std::vector<DeclarationChange>& changes) {
  std::map<std::string, std::string> old_index(old_names.begin(), old_names.end());
  std::map<std::string, std::string> new_index(new_names.begin(), new_names.end());
  for (const auto& [name, shape] : old_names) {
    auto it = new_index.find(name);
    if (it == new_index.end()) {
      changes.push_back({kind, name, "removed", ""});
    } else if (it->second != shape) {
      changes.push_back({kind, name, "changed", absl::StrCat(shape, " -> ", it->second)});
    }
  }
  for (const auto& [name, shape] : new_names) {
    if (!old_index.contains(name)) changes.push_back({kind, name, "added", ""});
  }
}

Named Variables(const ir::Program& program) {
  Named names;
  for (const ir::StateVar& var : program.state) {
    if (var.hidden) continue;
    names.emplace_back(var.name, var.type->ToString());
  }
  return names;
}

Named Constants(const ir::Program& program) {
  Named names;
  for (const ir::Constant& constant : program.constants) {
    const bool is_bool = constant.type != nullptr && constant.type->kind == ir::TypeKind::kBool;
    names.emplace_back(constant.name, is_bool ? (constant.value != 0 ? "true" : "false")
                                              : absl::StrCat(constant.value));
  }
  return names;
}

template <typename Rule>
Named Rules(const std::vector<Rule>& rules) {
  Named names;
  for (const Rule& rule : rules) names.emplace_back(rule.name, ParamsText(rule.params));
  return names;
}

Named Triggers(const ir::Program& program) {
  Named names;
  for (const ir::Trigger& trigger : program.triggers) {
    names.emplace_back(trigger.name, ParamsText(trigger.binders));
  }
  return names;
}

// A deck reads as its attributes and their types: `(pts: 0..3, kind: Kind)`.
Named Decks(const ir::Program& program) {
  Named names;
  for (const ir::EnumDef* def : program.enums) {
    if (!def->is_cards) continue;
    std::string shape = "(";
    for (size_t a = 0; a < def->attrs.size(); ++a) {
      const ir::EnumDef::Attr& attr = def->attrs[a];
      absl::StrAppend(&shape, a == 0 ? "" : ", ", attr.name, ": ",
                      attr.type != nullptr ? attr.type->ToString() : "?");
    }
    names.emplace_back(def->name, shape + ")");
  }
  return names;
}

// An attribute's value as the rules write it: a member's name, true or false, a number.
std::string AttrValueText(const ir::Type* type, int64_t value) {
  if (type != nullptr && type->kind == ir::TypeKind::kBool) return value != 0 ? "true" : "false";
  if (type != nullptr && type->kind == ir::TypeKind::kEnum && value >= 0 &&
      static_cast<size_t>(value) < type->enum_def->members.size()) {
    return type->enum_def->members[static_cast<size_t>(value)];
  }
  return absl::StrCat(value);
}

// A card reads as its attributes' values, defaults included: `(pts: 3, kind: Monster)`.
Named Cards(const ir::Program& program) {
  Named names;
  for (const ir::EnumDef* def : program.enums) {
    if (!def->is_cards) continue;
    for (size_t m = 0; m < def->members.size(); ++m) {
      std::string values = "(";
      for (size_t a = 0; a < def->attrs.size(); ++a) {
        const int64_t v = m < def->attr_values.size() && a < def->attr_values[m].size()
                              ? def->attr_values[m][a]
                              : 0;
        absl::StrAppend(&values, a == 0 ? "" : ", ", def->attrs[a].name, ": ",
                        AttrValueText(def->attrs[a].type, v));
      }
      names.emplace_back(absl::StrCat(def->name, ".", def->members[m]), values + ")");
    }
  }
  return names;
}

}  // namespace

std::vector<DeclarationChange> CompareDeclarations(const ir::Program& old_program,
                                                   const ir::Program& new_program) {
  std::vector<DeclarationChange> changes;
  Compare("variable", Variables(old_program), Variables(new_program), changes);
  Compare("constant", Constants(old_program), Constants(new_program), changes);
  Compare("action", Rules(old_program.actions), Rules(new_program.actions), changes);
  Compare("trigger", Triggers(old_program), Triggers(new_program), changes);
  Compare("event", Rules(old_program.events), Rules(new_program.events), changes);
  Compare("cards", Decks(old_program), Decks(new_program), changes);
  Compare("card", Cards(old_program), Cards(new_program), changes);
  return changes;
}

std::vector<std::pair<int, int>> SharedVariables(const ir::Program& old_program,
                                                 const ir::Program& new_program) {
  std::map<std::string, int> new_index;
  for (size_t i = 0; i < new_program.state.size(); ++i) {
    if (!new_program.state[i].hidden) new_index.emplace(new_program.state[i].name, i);
  }
  std::vector<std::pair<int, int>> shared;
  for (size_t i = 0; i < old_program.state.size(); ++i) {
    const ir::StateVar& var = old_program.state[i];
    if (var.hidden) continue;
    auto it = new_index.find(var.name);
    if (it == new_index.end()) continue;
    shared.emplace_back(static_cast<int>(i), it->second);
  }
  return shared;
}

}  // namespace rulecheck::properties
