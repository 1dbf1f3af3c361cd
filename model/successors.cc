// SuccessorGenerator: which rule instances run from a state, in which order. The statements
// themselves run in the Executor; this file enumerates action instances (an odometer over the
// parameters' ordinals, the last parameter fastest), resolves the first pending trigger, and
// evaluates terminal conditions and properties. Guards are evaluated on the parent state in
// place; the state is copied into the executor only for an instance whose guard holds.
#include "model/successors.h"

#include <algorithm>
#include <utility>

#include "model/evaluator.h"
#include "model/executor.h"

namespace rulecheck::model {

class SuccessorGenerator::Impl {
 public:
  explicit Impl(const Model& model)
      : program_(model.program), layout_(model.layout), eval_(model.program), exec_(model, eval_) {
    for (const ir::Action& a : program_.actions) action_frames_.emplace_back(a.frame);
    for (const ir::Trigger& t : program_.triggers) trigger_frames_.emplace_back(t.frame);
    init_frame_.Reserve(program_.init_frame);
    for (const ir::Property& p : program_.terminals) property_frame_.Reserve(p.frame);
    checked_.resize(layout_.words());
    ordinals_.reserve(8);
    cardinalities_.reserve(8);
  }

  void set_record_trail(bool record) { exec_.set_record_trail(record); }

  void Initial(ir::SuccessorSink& sink) {
    ir::Move& m = exec_.move();
    m.kind = ir::Move::Kind::kInit;
    m.index = -1;
    m.args.clear();
    m.player_type = nullptr;
    m.player = 0;
    m.choices.clear();
    m.trail.clear();
    exec_.BeginZero();
    eval_.StartMove();
    Frame frame = init_frame_.frame();
    eval_.set_frame(frame);
    try {
      exec_.InitVariables();
    } catch (const ModelError& e) {
      exec_.Fail(sink, ir::StepFailure::Kind::kModelError, e.loc, e.message, e.limit);
      return;
    }
    exec_.Run(program_.init, frame, program_.init_frame, sink);
  }

  void set_cancel(const std::atomic<bool>* cancel) { cancel_ = cancel; }

  bool Successors(const uint32_t* state, ir::SuccessorSink& sink) {
    if (cancel_ == nullptr) {
      Expand(state, sink);
      return true;
    }
    // Only here: an evaluation outside an expansion (IsTerminal, a property) is never given up.
    eval_.set_cancel(cancel_);
    bool whole = true;
    try {
      Expand(state, sink);
    } catch (const MoveCancelled&) {
      whole = false;
    }
    eval_.set_cancel(nullptr);
    return whole;
  }

  void Expand(const uint32_t* state, ir::SuccessorSink& sink) {
    // The explorer asks IsTerminal just before Successors for the same state: reuse that.
    const bool terminal = checked_valid_ && std::equal(checked_.begin(), checked_.end(), state)
                              ? checked_terminal_
                              : IsTerminal(state, nullptr);
    if (terminal) return;
    if (layout_.has_triggers() && ir::bits::Read(state, layout_.pending_length_offset(),
                                                 layout_.pending_length_width()) != 0) {
      ResolveTrigger(state, sink);
      return;
    }
    for (size_t a = 0; a < program_.actions.size(); ++a)
      RunAction(static_cast<int>(a), state, sink);
  }

  bool IsTerminal(const uint32_t* state, ir::StepFailure* failure) {
    bool terminal = false;
    for (const ir::Property& p : program_.terminals) {
      PropertyValue v = Evaluate(*p.expr, p.frame, state, failure != nullptr);
      if (!v.ok) {
        // Counts as not terminal; the first error is reported.
        if (failure != nullptr && failure->message.empty()) *failure = std::move(v.failure);
        continue;
      }
      if (v.value != 0) {
        terminal = true;
        break;
      }
    }
    std::copy(state, state + checked_.size(), checked_.begin());
    checked_valid_ = true;
    checked_terminal_ = terminal;
    return terminal;
  }

  // `binder`: a local slot set to `value` first (a policy's seat), or -1.
  PropertyValue Evaluate(const ir::Expr& expr, const ir::FrameLayout& frame, const uint32_t* state,
                         bool want_failure = true, int64_t binder = -1, int64_t value = 0) {
    PropertyValue result;
    property_frame_.Reserve(frame);
    eval_.set_state(state);
    Frame locals = property_frame_.frame();
    if (binder >= 0) locals.scalars[binder] = value;
    eval_.set_frame(locals);
    eval_.Reset();
    eval_.StartMove();
    try {
      result.value = eval_.Scalar(expr);
    } catch (const ModelError& e) {
      result.ok = false;
      if (want_failure) {
        result.failure.kind = ir::StepFailure::Kind::kModelError;
        result.failure.loc = e.loc;
        result.failure.message = e.message;
        result.failure.limit = e.limit;
      }
    }
    return result;
  }

 private:
  void RunAction(int a, const uint32_t* state, ir::SuccessorSink& sink) {
    const ir::Action& action = program_.actions[a];
    const size_t n = action.params.size();
    ordinals_.assign(n, 0);
    cardinalities_.resize(n);
    for (size_t i = 0; i < n; ++i) {
      cardinalities_[i] = action.params[i].type->Cardinality();
      if (cardinalities_[i] == 0) return;
    }
    Frame frame = action_frames_[a].frame();
    ir::Move& m = exec_.move();
    m.kind = ir::Move::Kind::kAction;
    m.index = a;
    m.player_type = action.by != nullptr ? action.by->type : nullptr;
    m.args.resize(n);
    while (true) {
      for (size_t i = 0; i < n; ++i) {
        const ir::Param& p = action.params[i];
        int64_t v = p.type->ValueAt(ordinals_[i]);
        frame.scalars[p.slot] = v;
        m.args[i] = v;
      }
      m.choices.clear();
      m.trail.clear();
      m.player = 0;
      m.player_type = action.by != nullptr ? action.by->type : nullptr;
      eval_.set_state(state);
      eval_.set_frame(frame);
      eval_.Reset();
      eval_.StartMove();
      bool enabled = false;
      try {
        enabled = action.guard == nullptr || eval_.Bool(*action.guard);
        if (enabled && action.by != nullptr) {
          eval_.Reset();
          m.player = eval_.Scalar(*action.by);
        }
      } catch (const ModelError& e) {
        enabled = false;
        // The seat is not known (its `by`, or the guard before it, failed): the failed move
        // names none, rather than the first member of the seat's type.
        m.player_type = nullptr;
        exec_.Fail(sink, ir::StepFailure::Kind::kModelError, e.loc, e.message, e.limit);
      }
      if (enabled) {
        exec_.Begin(state);
        exec_.Run(action.body, frame, action.frame, sink);
      }
      // The odometer: the last parameter moves fastest.
      size_t i = n;
      while (i > 0 && ++ordinals_[i - 1] == cardinalities_[i - 1]) {
        ordinals_[i - 1] = 0;
        --i;
      }
      if (i == 0) break;
    }
  }

  void ResolveTrigger(const uint32_t* state, ir::SuccessorSink& sink) {
    uint64_t at = layout_.pending_entry_offset(0);
    const int t = static_cast<int>(ir::bits::Read(state, at, layout_.pending_trigger_width())) - 1;
    const ir::Trigger& trigger = program_.triggers[t];
    const ir::Event& event = program_.events[trigger.event];
    at += layout_.pending_trigger_width();
    Frame frame = trigger_frames_[t].frame();
    ir::Move& m = exec_.move();
    m.kind = ir::Move::Kind::kTrigger;
    m.index = t;
    m.args.resize(event.params.size());
    for (size_t i = 0; i < event.params.size(); ++i) {
      const ir::Type* pt = event.params[i].type;
      int64_t v = Evaluator::ReadScalar(pt, state, at);
      at += pt->width;
      m.args[i] = v;
      if (i < trigger.binders.size()) frame.scalars[trigger.binders[i].slot] = v;
    }
    m.player_type = trigger.by != nullptr ? trigger.by->type : nullptr;
    m.player = 0;
    m.choices.clear();
    m.trail.clear();
    exec_.Begin(state);
    exec_.RemovePending(0);
    eval_.set_frame(frame);
    eval_.Reset();
    eval_.StartMove();
    if (trigger.by != nullptr) {
      try {
        m.player = eval_.Scalar(*trigger.by);
      } catch (const ModelError& e) {
        m.player_type = nullptr;  // no seat is known: the failed move names none
        exec_.Fail(sink, ir::StepFailure::Kind::kModelError, e.loc, e.message, e.limit);
        return;
      }
    }
    exec_.Run(trigger.body, frame, trigger.frame, sink);
  }

  const ir::Program& program_;
  const ir::StateLayout& layout_;
  Evaluator eval_;
  Executor exec_;
  std::vector<FrameBuffer> action_frames_;
  std::vector<FrameBuffer> trigger_frames_;
  FrameBuffer init_frame_;
  FrameBuffer property_frame_;
  std::vector<int64_t> ordinals_;
  std::vector<int64_t> cardinalities_;
  const std::atomic<bool>* cancel_ = nullptr;
  // The last state IsTerminal decided, and its answer.
  std::vector<uint32_t> checked_;
  bool checked_valid_ = false;
  bool checked_terminal_ = false;
};

int64_t CancelPollSteps(const ir::Program& program) { return Evaluator::PollSteps(program); }

SuccessorGenerator::SuccessorGenerator(const Model& model) : impl_(std::make_unique<Impl>(model)) {}

SuccessorGenerator::~SuccessorGenerator() = default;

void SuccessorGenerator::Initial(ir::SuccessorSink& sink) { impl_->Initial(sink); }

bool SuccessorGenerator::Successors(const uint32_t* state, ir::SuccessorSink& sink) {
  return impl_->Successors(state, sink);
}

void SuccessorGenerator::set_cancel(const std::atomic<bool>* cancel) { impl_->set_cancel(cancel); }

bool SuccessorGenerator::IsTerminal(const uint32_t* state, ir::StepFailure* failure) {
  return impl_->IsTerminal(state, failure);
}

PropertyValue SuccessorGenerator::Evaluate(const ir::Property& property, const uint32_t* state) {
  return impl_->Evaluate(*property.expr, property.frame, state);
}

PropertyValue SuccessorGenerator::Evaluate(const ir::Query& query, const uint32_t* state) {
  return impl_->Evaluate(*query.expr, query.frame, state);
}

PropertyValue SuccessorGenerator::Evaluate(const ir::ChanceQuery& query, const uint32_t* state) {
  return impl_->Evaluate(*query.expr, query.frame, state);
}

PropertyValue SuccessorGenerator::Evaluate(const ir::Policy& policy,
                                           const ir::Preference& preference, int64_t seat,
                                           const uint32_t* state) {
  if (preference.condition == nullptr) {
    PropertyValue always;
    always.value = 1;
    return always;
  }
  return impl_->Evaluate(*preference.condition, policy.frame, state, true,
                         policy.seat.has_value() ? -1 : policy.binder.slot, seat);
}

void SuccessorGenerator::set_record_trail(bool record) { impl_->set_record_trail(record); }

}  // namespace rulecheck::model
