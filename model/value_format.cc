// Decoding packed values into Value trees and formatting them as the rules language writes
// them. Arrays indexed by a range that starts at 0 become lists; arrays indexed by anything
// else become maps keyed by the formatted index, so that `[Player] 0..5` reads `{P1: 3, P2: 0}`.
// Bags list only the members present, with their counts.
#include "model/value_format.h"

#include "absl/strings/str_cat.h"
#include "ir/bits.h"
#include "model/evaluator.h"

namespace rulecheck::model {
namespace {

bool IndexIsList(const ir::Type* index) {
  return index->kind == ir::TypeKind::kRange && index->lo == 0;
}

void AppendValue(std::string& out, const Value& v) {
  switch (v.kind) {
    case Value::Kind::kBool:
      out += v.bool_value ? "true" : "false";
      return;
    case Value::Kind::kInt:
      absl::StrAppend(&out, v.int_value);
      return;
    case Value::Kind::kName:
      out += v.name;
      return;
    case Value::Kind::kNone:
      out += "none";
      return;
    case Value::Kind::kList:
      out += "[";
      for (size_t i = 0; i < v.items.size(); ++i) {
        if (i > 0) out += ", ";
        AppendValue(out, v.items[i]);
      }
      out += "]";
      return;
    case Value::Kind::kMap:
      out += "{";
      for (size_t i = 0; i < v.entries.size(); ++i) {
        if (i > 0) out += ", ";
        absl::StrAppend(&out, v.entries[i].key, ": ");
        AppendValue(out, v.entries[i].value);
      }
      out += "}";
      return;
  }
}

void Flatten(const std::string& path, const ir::Type* type, const uint32_t* words, uint64_t bit,
             std::vector<std::pair<std::string, std::string>>& out) {
  if (type->kind == ir::TypeKind::kArray) {
    const int64_t n = type->index->Cardinality();
    for (int64_t i = 0; i < n; ++i) {
      Flatten(absl::StrCat(path, "[", FormatScalar(type->index, type->index->ValueAt(i)), "]"),
              type->elem, words, bit + static_cast<uint64_t>(i) * type->elem->width, out);
    }
    return;
  }
  if (type->kind == ir::TypeKind::kStruct) {
    for (const ir::StructDef::Field& f : type->struct_def->fields) {
      Flatten(absl::StrCat(path, ".", f.name), f.type, words, bit + f.offset, out);
    }
    return;
  }
  out.emplace_back(path, FormatValue(DecodeValue(type, words, bit)));
}

}  // namespace

std::vector<std::string> PendingEntries(const Model& model, const uint32_t* state) {
  std::vector<std::string> entries;
  const ir::StateLayout& layout = model.layout;
  if (!layout.has_triggers()) return entries;
  const int64_t length = static_cast<int64_t>(
      ir::bits::Read(state, layout.pending_length_offset(), layout.pending_length_width()));
  for (int64_t i = 0; i < length && i < layout.pending_capacity(); ++i) {
    uint64_t at = layout.pending_entry_offset(i);
    const int64_t t =
        static_cast<int64_t>(ir::bits::Read(state, at, layout.pending_trigger_width())) - 1;
    if (t < 0 || t >= static_cast<int64_t>(model.program.triggers.size())) {
      entries.push_back("?");
      continue;
    }
    const ir::Trigger& trigger = model.program.triggers[t];
    at += layout.pending_trigger_width();
    std::string text = trigger.name + "(";
    const ir::Event& event = model.program.events[trigger.event];
    for (size_t a = 0; a < event.params.size(); ++a) {
      const ir::Type* pt = event.params[a].type;
      absl::StrAppend(&text, a == 0 ? "" : ", ",
                      FormatScalar(pt, Evaluator::ReadScalar(pt, state, at)));
      at += pt->width;
    }
    entries.push_back(text + ")");
  }
  return entries;
}

Value ScalarValue(const ir::Type* type, int64_t value) {
  Value v;
  switch (type->kind) {
    case ir::TypeKind::kBool:
      v.kind = Value::Kind::kBool;
      v.bool_value = value != 0;
      return v;
    case ir::TypeKind::kEnum:
      if (value >= 0 && value < type->Cardinality()) {
        v.kind = Value::Kind::kName;
        v.name = type->enum_def->members[value];
        return v;
      }
      break;
    case ir::TypeKind::kOption:
      if (value == ir::kNoneValue) {
        v.kind = Value::Kind::kNone;
        return v;
      }
      return ScalarValue(type->elem, value);
    default:
      break;
  }
  v.kind = Value::Kind::kInt;
  v.int_value = value;
  return v;
}

Value DecodeValue(const ir::Type* type, const uint32_t* words, uint64_t offset) {
  Value v;
  switch (type->kind) {
    case ir::TypeKind::kBool:
    case ir::TypeKind::kInt:
    case ir::TypeKind::kRange:
    case ir::TypeKind::kEnum:
      return ScalarValue(type, Evaluator::ReadScalar(type, words, offset));
    case ir::TypeKind::kOption:
      if (type->is_scalar()) return ScalarValue(type, Evaluator::ReadScalar(type, words, offset));
      if (ir::bits::Read(words, offset, 1) == 0) {
        v.kind = Value::Kind::kNone;
        return v;
      }
      return DecodeValue(type->elem, words, offset + 1);
    case ir::TypeKind::kArray: {
      const int64_t n = type->index->Cardinality();
      const bool list = IndexIsList(type->index);
      v.kind = list ? Value::Kind::kList : Value::Kind::kMap;
      for (int64_t i = 0; i < n; ++i) {
        Value elem =
            DecodeValue(type->elem, words, offset + static_cast<uint64_t>(i) * type->elem->width);
        if (list) {
          v.items.push_back(std::move(elem));
        } else {
          v.entries.push_back(
              Value::Entry{FormatScalar(type->index, type->index->ValueAt(i)), std::move(elem)});
        }
      }
      return v;
    }
    case ir::TypeKind::kStruct:
      v.kind = Value::Kind::kMap;
      for (const ir::StructDef::Field& f : type->struct_def->fields) {
        v.entries.push_back(Value::Entry{f.name, DecodeValue(f.type, words, offset + f.offset)});
      }
      return v;
    case ir::TypeKind::kBag: {
      v.kind = Value::Kind::kMap;
      const uint32_t cw = type->CountWidth();
      const int64_t n = type->elem->Cardinality();
      for (int64_t o = 0; o < n; ++o) {
        uint64_t count = ir::bits::Read(words, offset + static_cast<uint64_t>(o) * cw, cw);
        if (count == 0) continue;
        Value c;
        c.kind = Value::Kind::kInt;
        c.int_value = static_cast<int64_t>(count);
        v.entries.push_back(
            Value::Entry{FormatScalar(type->elem, type->elem->ValueAt(o)), std::move(c)});
      }
      return v;
    }
    case ir::TypeKind::kSet: {
      v.kind = Value::Kind::kList;
      const int64_t n = type->elem->Cardinality();
      for (int64_t o = 0; o < n; ++o) {
        if (ir::bits::Read(words, offset + static_cast<uint64_t>(o), 1) == 0) continue;
        v.items.push_back(ScalarValue(type->elem, type->elem->ValueAt(o)));
      }
      return v;
    }
    case ir::TypeKind::kSeq: {
      v.kind = Value::Kind::kList;
      const int64_t length =
          static_cast<int64_t>(ir::bits::Read(words, offset, type->CountWidth()));
      for (int64_t i = 0; i < length && i < type->capacity; ++i) {
        v.items.push_back(DecodeValue(
            type->elem, words,
            offset + type->CountWidth() + static_cast<uint64_t>(i) * type->ElemWidth()));
      }
      return v;
    }
  }
  return v;
}

std::string FormatValue(const Value& value) {
  std::string out;
  AppendValue(out, value);
  return out;
}

std::string FormatScalar(const ir::Type* type, int64_t value) {
  if (type == nullptr) return absl::StrCat(value);
  switch (type->kind) {
    case ir::TypeKind::kBool:
      return value != 0 ? "true" : "false";
    case ir::TypeKind::kEnum:
      if (value >= 0 && value < type->Cardinality()) return type->enum_def->members[value];
      return absl::StrCat(value);
    case ir::TypeKind::kOption:
      if (value == ir::kNoneValue) return "none";
      return FormatScalar(type->elem, value);
    default:
      return absl::StrCat(value);
  }
}

std::vector<std::pair<std::string, std::string>> FlattenState(const Model& model,
                                                              const uint32_t* state) {
  std::vector<std::pair<std::string, std::string>> out;
  for (size_t v = 0; v < model.program.state.size(); ++v) {
    const ir::StateVar& var = model.program.state[v];
    if (var.hidden) continue;  // a `moved` marker: the trace shows the move itself
    Flatten(var.name, var.type, state, model.layout.var_offset(static_cast<int>(v)), out);
  }
  if (model.layout.has_triggers()) {
    std::string pending = "[";
    std::vector<std::string> entries = PendingEntries(model, state);
    for (size_t i = 0; i < entries.size(); ++i) {
      absl::StrAppend(&pending, i == 0 ? "" : ", ", entries[i]);
    }
    out.emplace_back("pending", pending + "]");
  }
  return out;
}

Value DecodeState(const Model& model, const uint32_t* state) {
  Value v;
  v.kind = Value::Kind::kMap;
  for (size_t i = 0; i < model.program.state.size(); ++i) {
    const ir::StateVar& var = model.program.state[i];
    if (var.hidden) continue;
    v.entries.push_back(Value::Entry{
        var.name, DecodeValue(var.type, state, model.layout.var_offset(static_cast<int>(i)))});
  }
  if (model.layout.has_triggers()) {
    Value pending;
    pending.kind = Value::Kind::kList;
    for (std::string& entry : PendingEntries(model, state)) {
      Value e;
      e.kind = Value::Kind::kName;
      e.name = std::move(entry);
      pending.items.push_back(std::move(e));
    }
    v.entries.push_back(Value::Entry{"pending", std::move(pending)});
  }
  return v;
}

std::string FormatMoveCall(const Model& model, const ir::Move& move) {
  const ir::Program& program = model.program;
  const std::string* name = nullptr;
  const std::vector<ir::Param>* params = nullptr;
  if (move.kind == ir::Move::Kind::kAction && move.index >= 0 &&
      move.index < static_cast<int>(program.actions.size())) {
    name = &program.actions[move.index].name;
    params = &program.actions[move.index].params;
  } else if (move.kind == ir::Move::Kind::kTrigger && move.index >= 0 &&
             move.index < static_cast<int>(program.triggers.size())) {
    const ir::Trigger& trigger = program.triggers[move.index];
    name = &trigger.name;
    params = &program.events[trigger.event].params;
  } else {
    return "init";
  }
  std::string text = *name + "(";
  for (size_t i = 0; i < move.args.size(); ++i) {
    const ir::Type* t = i < params->size() ? (*params)[i].type : nullptr;
    absl::StrAppend(&text, i == 0 ? "" : ", ",
                    t != nullptr ? FormatScalar(t, move.args[i]) : absl::StrCat(move.args[i]));
  }
  return text + ")";
}

std::string FormatMovePlayer(const ir::Move& move) {
  if (move.player_type == nullptr) return "";
  return FormatScalar(move.player_type, move.player);
}

std::string FormatMoveChoices(const ir::Move& move) {
  std::string text;
  for (size_t i = 0; i < move.choices.size(); ++i) {
    const ir::Choice& c = move.choices[i];
    if (i > 0) text += ", ";
    switch (c.kind) {
      case ir::Choice::Kind::kChoose:
        absl::StrAppend(&text, c.name, " = ",
                        c.words.empty() ? FormatScalar(c.type, c.value)
                                        : FormatValue(DecodeValue(c.type, c.words.data(), 0)));
        break;
      case ir::Choice::Kind::kRoll:
        absl::StrAppend(&text, "roll ", c.name, " = ",
                        c.words.empty() ? FormatScalar(c.type, c.value)
                                        : FormatValue(DecodeValue(c.type, c.words.data(), 0)));
        break;
      case ir::Choice::Kind::kMay:
        absl::StrAppend(&text, "may: ", c.value != 0 ? "yes" : "no");
        break;
    }
  }
  return text;
}

}  // namespace rulecheck::model
