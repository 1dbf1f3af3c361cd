// NativeStateSpace's expander (see native_state_space.h). A successor from the generated code
// becomes an ir::Move here, in one reused object: the generated code passes the rule, its
// arguments, the player, the trail, and each choice as the trail id of its statement, whose
// kind, name, type and location the host reads from the program.
#include "native/native_state_space.h"

#include <algorithm>
#include <vector>

#include "model/successors.h"

namespace rulecheck::native {
namespace {

// Forwards to `sink` all but the first `skip` successors, and every failure.
class SkippingSink final : public ir::SuccessorSink {
 public:
  SkippingSink(ir::SuccessorSink& sink, uint64_t skip) : sink_(sink), skip_(skip) {}
  void OnSuccessor(const uint32_t* state, const ir::Move& move) override {
    if (skip_ > 0) {
      --skip_;
      return;
    }
    sink_.OnSuccessor(state, move);
  }
  void OnFailure(const ir::StepFailure& failure) override { sink_.OnFailure(failure); }

 private:
  ir::SuccessorSink& sink_;
  uint64_t skip_;
};

class NativeExpander final : public ir::Expander {
 public:
  NativeExpander(const model::Model& model, const abi::Module& module, bool record_trail)
      : program_(model.program),
        module_(module),
        record_trail_(record_trail),
        interpreter_(model),
        checked_(module.words) {
    interpreter_.set_record_trail(record_trail);
  }

  void Initial(ir::SuccessorSink& sink) override { interpreter_.Initial(sink); }

  bool IsTerminal(const uint32_t* state, ir::StepFailure* failure) override {
    const int32_t answer = module_.is_terminal(state);
    const bool terminal = answer < 0 ? interpreter_.IsTerminal(state, failure) : answer == 1;
    std::copy(state, state + checked_.size(), checked_.begin());
    checked_valid_ = true;
    checked_terminal_ = terminal;
    return terminal;
  }

  bool Successors(const uint32_t* state, ir::SuccessorSink& sink) override {
    // The explorer asks IsTerminal just before Successors for the same state: reuse that.
    const bool terminal = checked_valid_ && std::equal(checked_.begin(), checked_.end(), state)
                              ? checked_terminal_
                              : IsTerminal(state, nullptr);
    if (terminal) return true;
    sink_ = &sink;
    delivered_ = 0;
    const abi::Host host{this,       &Deliver,        trail_.data(),   trail_.size(),
                         &GrowTrail, choices_.data(), choices_.size(), &GrowChoices,
                         cancel_};
    if (module_.successors(state, &host, record_trail_ ? 1 : 0) == abi::kStopped) {
      // A model error, or the cancel flag: the interpreter reports the one and, reading the
      // same flag, gives the expansion up for the other.
      SkippingSink rest(sink, delivered_);
      return interpreter_.Successors(state, rest);
    }
    return true;
  }

  void set_cancel(const std::atomic<bool>* cancel) override {
    cancel_ = cancel;
    interpreter_.set_cancel(cancel);
  }

 private:
  static void Deliver(void* context, const uint32_t* state, const abi::MoveMade* made) {
    auto* self = static_cast<NativeExpander*>(context);
    const ir::Program& program = self->program_;
    ir::Move& move = self->move_;
    size_t args = 0;
    if (made->trigger != 0) {
      const ir::Trigger& t = program.triggers[made->rule];
      move.kind = ir::Move::Kind::kTrigger;
      args = program.events[t.event].params.size();
      move.player_type = t.by != nullptr ? t.by->type : nullptr;
    } else {
      const ir::Action& a = program.actions[made->rule];
      move.kind = ir::Move::Kind::kAction;
      args = a.params.size();
      move.player_type = a.by != nullptr ? a.by->type : nullptr;
    }
    move.index = made->rule;
    move.args.assign(made->args, made->args + args);
    move.player = made->player;
    move.choices.resize(made->choice_count);
    for (uint64_t i = 0; i < made->choice_count; ++i) {
      const abi::Choice& from = made->choices[i];
      const ir::Stmt& s = *program.trail_points[from.point].stmt;
      ir::Choice& c = move.choices[i];
      const bool may = s.op == ir::StmtOp::kMay;
      c.kind = may                         ? ir::Choice::Kind::kMay
               : s.op == ir::StmtOp::kRoll ? ir::Choice::Kind::kRoll
                                           : ir::Choice::Kind::kChoose;
      c.name = may ? std::string() : s.name;
      c.type = may                                         ? program.types->Bool()
               : s.domain->kind == ir::DomainKind::kSubBag ? s.domain->collection->type
                                                           : s.domain->elem_type;
      c.value = from.value;
      if (from.words != nullptr) {
        c.words.assign(from.words, from.words + from.word_count);
      } else {
        c.words.clear();
      }
      c.position = from.position;
      c.loc = s.loc;
      c.weight = from.weight;
      c.total = from.total;
    }
    move.trail.assign(made->trail, made->trail + made->trail_length);
    ++self->delivered_;
    self->sink_->OnSuccessor(state, move);
  }

  static abi::Choice* GrowChoices(void* context, uint64_t /*length*/, uint64_t min_capacity,
                                  uint64_t* capacity) {
    std::vector<abi::Choice>& choices = static_cast<NativeExpander*>(context)->choices_;
    choices.resize(std::max<uint64_t>(min_capacity, choices.size()));
    *capacity = choices.size();
    return choices.data();
  }

  static uint32_t* GrowTrail(void* context, uint64_t /*length*/, uint64_t min_capacity,
                             uint64_t* capacity) {
    // resize keeps the ids written so far.
    std::vector<uint32_t>& trail = static_cast<NativeExpander*>(context)->trail_;
    trail.resize(std::max<uint64_t>(min_capacity, trail.size()));
    *capacity = trail.size();
    return trail.data();
  }

  const ir::Program& program_;
  const abi::Module& module_;
  const bool record_trail_;
  const std::atomic<bool>* cancel_ = nullptr;
  // The buffer of a move's trail, which the generated code fills (runtime_abi.h).
  std::vector<uint32_t> trail_;
  // The buffer of a move's choices, likewise.
  std::vector<abi::Choice> choices_;
  model::SuccessorGenerator interpreter_;
  ir::Move move_;
  ir::SuccessorSink* sink_ = nullptr;
  uint64_t delivered_ = 0;
  // The last state IsTerminal decided, and its answer.
  std::vector<uint32_t> checked_;
  bool checked_valid_ = false;
  bool checked_terminal_ = false;
};

// The generated code holds no state between calls: one evaluator serves any thread.
class NativePropertyEvaluator final : public ir::PropertyEvaluator {
 public:
  explicit NativePropertyEvaluator(const abi::Module& module) : module_(module) {}
  bool Evaluate(int index, const uint32_t* state, int64_t* value) override {
    return module_.property(index, state, value) == 0;
  }

 private:
  const abi::Module& module_;
};

}  // namespace

std::unique_ptr<ir::PropertyEvaluator> NativeStateSpace::NewPropertyEvaluator() const {
  return std::make_unique<NativePropertyEvaluator>(library_->module());
}

std::unique_ptr<ir::Expander> NativeStateSpace::NewExpander(bool record_trail) const {
  return std::make_unique<NativeExpander>(model_, library_->module(), record_trail);
}

}  // namespace rulecheck::native
