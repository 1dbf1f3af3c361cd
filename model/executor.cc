// Statement execution. A path is run by Continue(), a loop over the continuation stack; a
// statement that forks (a choose or roll with two or more candidates, a may) saves a snapshot
// of everything a path owns (working state, frame, continuation stack, loop values, choices
// so far), then for each branch restores it, records the choice, and runs the rest of the
// path by calling Continue() again. The recursion is as deep as the number of forks on one
// path. A model error thrown while a statement runs is caught by the Continue() that ran it,
// so it ends only that path: the branches of enclosing forks still run. The collection
// statements are in executor_collections.cc.
#include "model/executor.h"

#include <algorithm>
#include <cassert>
#include <utility>

#include "absl/strings/str_cat.h"
#include "model/value_format.h"

namespace rulecheck::model {
Executor::Executor(const Model& model, Evaluator& eval)
    : program_(model.program), layout_(model.layout), eval_(eval), state_(model.layout.words(), 0) {
  triggers_on_.resize(program_.events.size());
  for (size_t t = 0; t < program_.triggers.size(); ++t) {
    triggers_on_[program_.triggers[t].event].push_back(static_cast<int>(t));
    guard_frames_.emplace_back(program_.triggers[t].frame);
  }
  cont_.reserve(32);
  emit_args_.reserve(8);
  move_.choices.reserve(8);
  move_.args.reserve(8);
}

void Executor::Begin(const uint32_t* from) {
  std::copy(from, from + state_.size(), state_.begin());
  eval_.set_state(state_.data());
}

void Executor::BeginZero() {
  std::fill(state_.begin(), state_.end(), 0u);
  eval_.set_state(state_.data());
}

void Executor::Run(const ir::Block& body, Frame frame, const ir::FrameLayout& layout,
                   ir::SuccessorSink& sink) {
  sink_ = &sink;
  frame_ = frame;
  frame_scalars_ = layout.scalars;
  frame_words_ = (layout.bits + 31) / 32;
  eval_.set_state(state_.data());
  eval_.set_frame(frame_);
  cont_.clear();
  loop_values_.clear();
  depth_ = 0;
  limit_hit_ = false;
  PushBlock(body);
  Continue();
}

void Executor::Fail(ir::SuccessorSink& sink, ir::StepFailure::Kind kind, ir::Location loc,
                    std::string message, bool limit) {
  ir::StepFailure failure;
  failure.kind = kind;
  failure.loc = loc;
  failure.message = std::move(message);
  failure.move = move_;
  failure.limit = limit;
  sink.OnFailure(failure);
}

void Executor::Fail(ir::StepFailure::Kind kind, ir::Location loc, std::string message, bool limit) {
  Fail(*sink_, kind, loc, std::move(message), limit);
}

void Executor::PushBlock(const ir::Block& b) {
  if (b.stmts.empty()) return;
  Cont c;
  c.kind = Cont::kBlock;
  c.block = &b;
  cont_.push_back(c);
}

void Executor::Continue() {
  while (!cont_.empty()) {
    Cont& c = cont_.back();
    bool go = true;
    try {
      if (c.kind != Cont::kBlock) {
        NextIteration();
        continue;
      }
      if (c.next == c.block->stmts.size()) {
        cont_.pop_back();
        continue;
      }
      const ir::Stmt& s = *c.block->stmts[c.next++];
      eval_.Step(s.loc);
      eval_.Reset();
      go = Exec(s);
    } catch (const ModelError& e) {
      // The evaluator may have been inside a fun or a trigger guard.
      eval_.set_frame(frame_);
      eval_.Reset();
      Fail(ir::StepFailure::Kind::kModelError, e.loc, e.message, e.limit);
      eval_.NotePathEnded();
      limit_hit_ = limit_hit_ || e.limit;
      return;
    }
    if (!go) return;
  }
  eval_.NotePathEnded();
  sink_->OnSuccessor(state_.data(), move_);
}

void Executor::NextIteration() {
  Cont& c = cont_.back();
  const ir::Stmt& s = *c.stmt;
  while (c.cur <= c.last) {
    eval_.Step(s.loc);
    int64_t v = c.kind == Cont::kRangeLoop ? c.cur : loop_values_[c.cur];
    if (c.cur == c.last) {
      c.cur = 1;  // done; written this way because `last` may be INT64_MAX
      c.last = 0;
    } else {
      ++c.cur;
    }
    frame_.scalars[s.slot] = v;
    eval_.Reset();
    if (s.filter != nullptr && !eval_.Bool(*s.filter)) continue;
    PushBlock(s.blocks[0]);  // invalidates c
    return;
  }
  if (c.kind == Cont::kListLoop) loop_values_.resize(c.list_begin);
  cont_.pop_back();
}

bool Executor::Exec(const ir::Stmt& s) {
  using ir::StmtOp;
  if (record_trail_) {
    move_.trail.push_back(s.id);
    // The card a statement acts on through a variable (a plain read: no step; an index out of
    // range fails here as the statement itself would).
    if (s.card_trail >= 0) {
      move_.trail.push_back(static_cast<uint32_t>(s.card_trail + eval_.Scalar(*s.value)));
    }
  }
  switch (s.op) {
    case StmtOp::kAssign:
    case StmtOp::kAddAssign:
    case StmtOp::kSubAssign:
      ExecAssign(s);
      return true;
    case StmtOp::kLet:
      ExecLet(s);
      return true;
    case StmtOp::kIf:
      for (size_t i = 0; i < s.conds.size(); ++i) {
        if (eval_.Bool(*s.conds[i])) {
          if (record_trail_) move_.trail.push_back(s.branch_id + static_cast<uint32_t>(i));
          PushBlock(s.blocks[i]);
          return true;
        }
      }
      if (record_trail_) move_.trail.push_back(s.branch_id + static_cast<uint32_t>(s.conds.size()));
      if (s.else_block != nullptr) PushBlock(*s.else_block);
      return true;
    case StmtOp::kFor:
      return ExecFor(s);
    case StmtOp::kChoose:
    case StmtOp::kRoll:
      return ExecChoose(s);
    case StmtOp::kMay:
      return ExecMay(s);
    case StmtOp::kRequire:
      return eval_.Bool(*s.value);
    case StmtOp::kAssert:
      if (eval_.Bool(*s.value)) return true;
      Fail(ir::StepFailure::Kind::kAssert, s.loc, s.message);
      return false;
    case StmtOp::kEmit:
      return ExecEmit(s);
    case StmtOp::kMove:
      ExecMove(s);
      return true;
    default:
      ExecCollection(s);
      return true;
  }
}

bool Executor::ExecFor(const ir::Stmt& s) {
  const ir::Domain& d = *s.domain;
  Cont c;
  c.stmt = &s;
  switch (d.kind) {
    case ir::DomainKind::kType: {
      if (d.elem_type->kind == ir::TypeKind::kOption) {  // `T?`: a list, to end with none
        ListLoop(d, c);
        break;
      }
      c.kind = Cont::kRangeLoop;
      int64_t n = d.elem_type->Cardinality();
      c.cur = n == 0 ? 1 : d.elem_type->ValueAt(0);
      c.last = n == 0 ? 0 : d.elem_type->ValueAt(n - 1);
      break;
    }
    case ir::DomainKind::kRange:
      c.kind = Cont::kRangeLoop;
      c.cur = eval_.Scalar(*d.lo);
      c.last = eval_.Scalar(*d.hi);
      break;
    default:
      // A collection is read once, when the loop starts.
      ListLoop(d, c);
      break;
  }
  cont_.push_back(c);
  return true;
}

void Executor::ListLoop(const ir::Domain& d, Cont& c) {
  c.kind = Cont::kListLoop;
  c.list_begin = loop_values_.size();
  eval_.ForEachValue(d, c.stmt->loc, [this](int64_t v) {
    loop_values_.push_back(v);
    return true;
  });
  c.cur = static_cast<int64_t>(c.list_begin);
  c.last = static_cast<int64_t>(loop_values_.size()) - 1;
}

Executor::Snapshot& Executor::SnapshotAt(size_t depth) {
  while (snapshots_.size() <= depth) snapshots_.emplace_back();
  return snapshots_[depth];
}

void Executor::Save(Snapshot& snap) {
  snap.state.assign(state_.begin(), state_.end());
  snap.scalars.assign(frame_.scalars, frame_.scalars + frame_scalars_);
  snap.words.assign(frame_.words, frame_.words + frame_words_);
  snap.cont.assign(cont_.begin(), cont_.end());
  snap.loop_values.assign(loop_values_.begin(), loop_values_.end());
  snap.choices = move_.choices.size();
  snap.trail = move_.trail.size();
}

void Executor::Restore(const Snapshot& snap) {
  std::copy(snap.state.begin(), snap.state.end(), state_.begin());
  std::copy(snap.scalars.begin(), snap.scalars.end(), frame_.scalars);
  std::copy(snap.words.begin(), snap.words.end(), frame_.words);
  cont_.assign(snap.cont.begin(), snap.cont.end());
  loop_values_.assign(snap.loop_values.begin(), snap.loop_values.end());
  move_.choices.resize(snap.choices);
  move_.trail.resize(snap.trail);
  eval_.set_state(state_.data());
  eval_.set_frame(frame_);
  eval_.Reset();
}

bool Executor::ExecChoose(const ir::Stmt& s) {
  if (s.domain->kind == ir::DomainKind::kSubBag) return ExecChooseSubBag(s);
  Snapshot& snap = SnapshotAt(depth_);
  std::vector<int64_t>& candidates = snap.candidates;
  std::vector<uint64_t>& weights = snap.weights;
  candidates.clear();
  weights.clear();
  const bool roll = s.op == ir::StmtOp::kRoll;
  uint64_t total = 0;
  eval_.ForEachCountedValue(*s.domain, s.loc, [&](int64_t v, uint64_t copies) {
    // A range bounded only by an `int` expression could otherwise exhaust memory.
    if (candidates.size() == kMaxCandidates) {
      // One of the engine's limits, not an event of the game (ir::StepFailure::limit).
      ThrowLimitError(s.loc,
                      absl::StrCat("`", s.name, "` has more than ", kMaxCandidates, " candidates"));
    }
    candidates.push_back(v);
    if (roll) {
      // A bag member weighs its copies: drawing from a shuffled pile (language.md#chance).
      weights.push_back(copies);
      total += copies;
    }
    return true;
  });
  int64_t* slot = &frame_.scalars[s.slot];
  if (s.filter != nullptr) {
    assert(!roll);  // the parser gives a roll no `where`: its weights stay aligned
    size_t kept = 0;
    for (int64_t v : candidates) {
      *slot = v;
      eval_.Reset();
      if (eval_.Bool(*s.filter)) candidates[kept++] = v;
    }
    candidates.resize(kept);
  }
  if (candidates.empty()) return false;
  ir::Choice choice;
  choice.kind = roll ? ir::Choice::Kind::kRoll : ir::Choice::Kind::kChoose;
  choice.name = s.name;
  choice.type = s.domain->elem_type;
  choice.loc = s.loc;
  if (roll) choice.total = total;
  if (candidates.size() == 1) {
    // No fork: the path goes on in this loop.
    *slot = candidates[0];
    choice.value = candidates[0];
    if (roll) choice.weight = weights[0];
    move_.choices.push_back(std::move(choice));
    PushBlock(s.blocks[0]);
    return true;
  }
  Save(snap);
  ++depth_;
  for (size_t i = 0; i < snap.candidates.size() && !limit_hit_; ++i) {
    if (i > 0) Restore(snap);
    frame_.scalars[s.slot] = snap.candidates[i];
    choice.value = snap.candidates[i];
    choice.position = static_cast<uint32_t>(i);
    if (roll) choice.weight = snap.weights[i];
    move_.choices.push_back(choice);
    PushBlock(s.blocks[0]);
    Continue();
  }
  --depth_;
  return false;
}

bool Executor::ExecMay(const ir::Stmt& s) {
  Snapshot& snap = SnapshotAt(depth_);
  Save(snap);
  ++depth_;
  ir::Choice choice;
  choice.kind = ir::Choice::Kind::kMay;
  choice.type = program_.types->Bool();
  choice.loc = s.loc;
  choice.value = 0;  // without the block first
  move_.choices.push_back(choice);
  if (s.blocks.size() > 1) PushBlock(s.blocks[1]);  // `else`
  Continue();
  if (limit_hit_) {
    --depth_;
    return false;
  }
  Restore(snap);
  choice.value = 1;
  move_.choices.push_back(choice);
  PushBlock(s.blocks[0]);
  Continue();
  --depth_;
  return false;
}

bool Executor::ExecEmit(const ir::Stmt& s) {
  const ir::Event& event = program_.events[s.event];
  emit_args_.clear();
  for (size_t i = 0; i < s.args.size(); ++i) {
    int64_t v = eval_.Scalar(*s.args[i]);
    const ir::Type* t = event.params[i].type;
    if (!InType(t, v)) {
      ThrowModelError(s.args[i]->loc,
                      absl::StrCat("emit ", event.name, ": argument `", event.params[i].name,
                                   "` = ", v, " is outside ", t->ToString()));
    }
    emit_args_.push_back(v);
  }
  for (int t : triggers_on_[s.event]) {
    const ir::Trigger& trigger = program_.triggers[t];
    if (trigger.guard != nullptr) {
      Frame guard_frame = guard_frames_[t].frame();
      for (size_t i = 0; i < trigger.binders.size() && i < emit_args_.size(); ++i) {
        guard_frame.scalars[trigger.binders[i].slot] = emit_args_[i];
      }
      eval_.set_frame(guard_frame);
      eval_.Reset();
      bool holds = eval_.Bool(*trigger.guard);  // on a throw, Continue() resets the frame
      eval_.set_frame(frame_);
      if (!holds) continue;
    }
    uint32_t* st = state_.data();
    int64_t length = static_cast<int64_t>(
        ir::bits::Read(st, layout_.pending_length_offset(), layout_.pending_length_width()));
    if (length >= layout_.pending_capacity()) {
      std::string args;
      for (size_t i = 0; i < emit_args_.size(); ++i) {
        absl::StrAppend(&args, i == 0 ? "" : ", ",
                        FormatScalar(event.params[i].type, emit_args_[i]));
      }
      Fail(ir::StepFailure::Kind::kPendingOverflow, s.loc,
           absl::StrCat("pending-trigger list overflow: emit ", event.name, "(", args,
                        ") would queue trigger `", trigger.name, "` as pending entry ", length + 1,
                        ", more than the capacity of ", layout_.pending_capacity()));
      return false;
    }
    uint64_t at = layout_.pending_entry_offset(length);
    ir::bits::Write(st, at, layout_.pending_trigger_width(), static_cast<uint64_t>(t) + 1);
    at += layout_.pending_trigger_width();
    for (size_t i = 0; i < emit_args_.size(); ++i) {
      const ir::Type* pt = event.params[i].type;
      ir::bits::Write(st, at, pt->width, EncodeScalar(pt, emit_args_[i]));
      at += pt->width;
    }
    ir::bits::Write(st, layout_.pending_length_offset(), layout_.pending_length_width(),
                    static_cast<uint64_t>(length) + 1);
  }
  return true;
}

void Executor::RemovePending(int64_t i) {
  uint32_t* st = state_.data();
  int64_t length = static_cast<int64_t>(
      ir::bits::Read(st, layout_.pending_length_offset(), layout_.pending_length_width()));
  assert(i < length);
  const uint32_t width = layout_.pending_entry_width();
  for (int64_t j = i; j + 1 < length; ++j) {
    ir::bits::Copy(st, layout_.pending_entry_offset(j), st, layout_.pending_entry_offset(j + 1),
                   width);
  }
  ir::bits::Clear(st, layout_.pending_entry_offset(length - 1), width);
  ir::bits::Write(st, layout_.pending_length_offset(), layout_.pending_length_width(),
                  static_cast<uint64_t>(length) - 1);
}

void Executor::InitVariables() {
  for (size_t v = 0; v < program_.state.size(); ++v) {
    const ir::StateVar& var = program_.state[v];
    if (var.initial == nullptr) continue;
    eval_.Reset();
    Place p{var.type, nullptr, state_.data(), layout_.var_offset(static_cast<int>(v))};
    if (IsScalarType(var.type)) {
      int64_t value = eval_.Scalar(*var.initial);
      if (!InType(var.type, value)) {
        ThrowModelError(var.initial->loc, absl::StrCat(var.name, " := ", value, " is outside ",
                                                       var.type->ToString()));
      }
      ir::bits::Write(p.words, p.bit, p.type->width, EncodeScalar(p.type, value));
    } else {
      Slice value = eval_.Composite(*var.initial);
      ir::bits::Copy(p.words, p.bit, value.words, value.bit, var.type->width);
    }
  }
}

void Executor::ExecAssign(const ir::Stmt& s) {
  Place p = eval_.ResolvePlace(*s.place, state_.data());
  if (!IsScalarType(p.type)) {
    Slice v = eval_.Composite(*s.value);
    const uint64_t width = p.type->width;
    if (v.words == p.words && v.bit != p.bit && v.bit < p.bit + width && p.bit < v.bit + width) {
      // Overlapping ranges: go through a temporary.
      uint32_t* t = eval_.temps().Alloc(width);
      ir::bits::Copy(t, 0, v.words, v.bit, width);
      v = {t, 0};
    }
    ir::bits::Copy(p.words, p.bit, v.words, v.bit, width);
    return;
  }
  int64_t v = eval_.Scalar(*s.value);
  int64_t result = v;
  if (s.op != ir::StmtOp::kAssign) {
    int64_t cur =
        p.scalar != nullptr ? *p.scalar : Evaluator::ReadScalar(p.stored_as(), p.words, p.bit);
    const bool add = s.op == ir::StmtOp::kAddAssign;
    const bool overflow =
        add ? __builtin_add_overflow(cur, v, &result) : __builtin_sub_overflow(cur, v, &result);
    if (overflow || !InType(p.type, result)) {
      std::string name = eval_.PlaceName(*s.place);
      ThrowModelError(s.loc, absl::StrCat(name.empty() ? "value" : name, add ? " += " : " -= ", v,
                                          overflow ? " overflows int64" : " gives ",
                                          overflow ? "" : absl::StrCat(result, ", outside "),
                                          overflow ? "" : p.type->ToString()));
    }
  } else if (!InType(p.type, v)) {
    std::string name = eval_.PlaceName(*s.place);
    ThrowModelError(s.loc, absl::StrCat(name.empty() ? "value" : name, " := ", v, " is outside ",
                                        p.type->ToString()));
  }
  if (p.scalar != nullptr) {
    *p.scalar = result;
  } else {
    ir::bits::Write(p.words, p.bit, p.stored_as()->width, EncodeScalar(p.stored_as(), result));
  }
}

void Executor::ExecLet(const ir::Stmt& s) {
  const ir::Type* t = s.value->type;
  if (IsScalarType(t)) {
    const int64_t v = eval_.Scalar(*s.value);
    if (s.bound != nullptr && !InType(s.bound, v)) {
      ThrowModelError(s.value->loc, absl::StrCat(OutsideMessage(s.bound, v), s.message));
    }
    frame_.scalars[s.slot] = v;
    return;
  }
  Slice v = eval_.Composite(*s.value);
  ir::bits::Copy(frame_.words, static_cast<uint64_t>(s.slot), v.words, v.bit, t->width);
}

}  // namespace rulecheck::model
