// Reading values back out of packed states for people and for JSON.
//
// `DecodeValue` turns the bits of any value into a small tree (scalars by name, bags as
// member -> count, seqs and sets as lists, arrays and structs as lists or maps); reports
// render it as text or JSON. `FlattenState` lists a state's leaves with their paths
// (`board[1][2]`, `species[P1].fed`), which is what a trace narration diffs between steps.
#ifndef RULECHECK_MODEL_VALUE_FORMAT_H_
#define RULECHECK_MODEL_VALUE_FORMAT_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "model/model.h"
#include "model/successors.h"

namespace rulecheck::model {

struct Value {
  enum class Kind { kBool, kInt, kName, kNone, kList, kMap };
  Kind kind = Kind::kInt;
  bool bool_value = false;
  int64_t int_value = 0;
  std::string name;          // kName: an enumerator
  std::vector<Value> items;  // kList
  // A named member of a kMap. Declared here and defined below: a vector may hold a type that
  // is still incomplete, a std::pair of one may not (clang rejects it).
  struct Entry;
  std::vector<Entry> entries;  // kMap, in layout order
};

struct Value::Entry {
  std::string key;
  Value value;
};

// The value of type `type` stored at bit `offset` of `words`.
Value DecodeValue(const ir::Type* type, const uint32_t* words, uint64_t offset);
// A scalar logical value (as in Move::args) as a Value.
Value ScalarValue(const ir::Type* type, int64_t value);
// Compact text: `3`, `true`, `Dog`, `none`, `[A, B]`, `{Dog: 2, Bird: 1}`, `{x: 1, y: true}`.
std::string FormatValue(const Value& value);
std::string FormatScalar(const ir::Type* type, int64_t value);

// Every declared state variable (not the hidden `moved` markers, ir::StateVar::hidden),
// arrays and structs expanded down to their elements and fields, as (path, formatted value)
// in layout order; the pending list last as `pending` when the model has triggers.
std::vector<std::pair<std::string, std::string>> FlattenState(const Model& model,
                                                              const uint32_t* state);
// The whole state as a map from declared variable name to value (and `pending` when the
// model has triggers: a list of `trigger(args)` strings).
Value DecodeState(const Model& model, const uint32_t* state);

// `dog(P1, Might)` for each entry of `state`'s pending list, first to resolve first.
std::vector<std::string> PendingEntries(const Model& model, const uint32_t* state);
// `place(1, 2)`, `init`, `dog(P1, Might)`; choices are not included.
std::string FormatMoveCall(const Model& model, const ir::Move& move);
// The player who took the move (`X`), or empty when the rule has no `by`.
std::string FormatMovePlayer(const ir::Move& move);
// The choices, e.g. `c = Dog, roll d = 3, may: yes`; empty when none.
std::string FormatMoveChoices(const ir::Move& move);

}  // namespace rulecheck::model

#endif  // RULECHECK_MODEL_VALUE_FORMAT_H_
