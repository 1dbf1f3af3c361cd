// StateFields (see state_fields.h): a walk over each variable's type, following the layout of
// ir/state_layout.h.
#include "solver/state_fields.h"

#include "absl/strings/str_cat.h"
#include "ir/bits.h"

namespace rulecheck::solver::internal {
namespace {

// How `value` of finite scalar type `t` is written in a field name.
std::string ValueName(const ir::Type* t, int64_t ordinal) {
  if (t->kind == ir::TypeKind::kEnum) return t->enum_def->members[ordinal];
  if (t->kind == ir::TypeKind::kBool) return ordinal ? "true" : "false";
  return absl::StrCat(t->ValueAt(ordinal));
}

void Walk(const ir::Type* t, int var, uint32_t offset, const std::string& name,
          std::vector<StateField>& out) {
  auto add = [&](uint32_t at, uint32_t width, std::string field) {
    if (width > 0 && width <= kMaxFieldWidth) out.push_back({var, at, width, std::move(field)});
  };
  switch (t->kind) {
    case ir::TypeKind::kArray: {
      const int64_t n = t->index->Cardinality();
      for (int64_t i = 0; i < n; ++i) {
        Walk(t->elem, var, offset + static_cast<uint32_t>(i) * t->elem->width,
             absl::StrCat(name, "[", ValueName(t->index, i), "]"), out);
      }
      return;
    }
    case ir::TypeKind::kStruct:
      for (const ir::StructDef::Field& f : t->struct_def->fields) {
        Walk(f.type, var, offset + f.offset, absl::StrCat(name, ".", f.name), out);
      }
      return;
    case ir::TypeKind::kBag:
    case ir::TypeKind::kSet: {
      const uint32_t w = t->kind == ir::TypeKind::kBag ? t->CountWidth() : 1;
      const int64_t n = t->elem->Cardinality();
      for (int64_t i = 0; i < n; ++i) {
        add(offset + static_cast<uint32_t>(i) * w, w,
            absl::StrCat(name, "{", ValueName(t->elem, i), "}"));
      }
      return;
    }
    case ir::TypeKind::kSeq:
      add(offset, t->CountWidth(), absl::StrCat("#", name));
      for (int64_t i = 0; i < t->capacity; ++i) {
        Walk(t->elem, var, offset + t->CountWidth() + static_cast<uint32_t>(i) * t->ElemWidth(),
             absl::StrCat(name, "@", i), out);
      }
      return;
    case ir::TypeKind::kOption:
      if (!t->elem->is_scalar()) {
        add(offset, 1, absl::StrCat(name, "?"));
        Walk(t->elem, var, offset + 1, absl::StrCat(name, "!"), out);
        return;
      }
      add(offset, t->width, name);
      return;
    default:
      add(offset, t->width, name);
  }
}

}  // namespace

std::vector<StateField> StateFields(const model::Model& model) {
  std::vector<StateField> out;
  const std::vector<ir::StateVar>& state = model.program.state;
  for (size_t v = 0; v < state.size(); ++v) {
    Walk(state[v].type, static_cast<int>(v), 0, state[v].name, out);
  }
  const ir::StateLayout& layout = model.layout;
  if (layout.has_triggers()) {
    const uint32_t base = layout.pending_length_offset();
    auto add = [&](uint32_t at, uint32_t width, std::string name) {
      if (width > 0 && width <= kMaxFieldWidth) {
        out.push_back({kPendingArea, at - base, width, std::move(name)});
      }
    };
    add(base, layout.pending_length_width(), "#pending");
    for (int64_t i = 0; i < layout.pending_capacity(); ++i) {
      add(layout.pending_entry_offset(i), layout.pending_trigger_width(),
          absl::StrCat("pending@", i));
    }
  }
  return out;
}

uint64_t ReadField(const model::Model& model, const StateField& field, const uint32_t* state) {
  const uint64_t base = field.var == kPendingArea ? model.layout.pending_length_offset()
                                                  : model.layout.var_offset(field.var);
  return ir::bits::Read(state, base + field.offset, field.width);
}

}  // namespace rulecheck::solver::internal
