// The step's rules (see z3_step.h): each action and trigger translated on its own over the
// template state, and a step merged from a set of them. Each action is translated with its own
// fresh parameters, and the successor is an ite over the selector; variables an action does
// not write are the very terms of the parent state, so the frame condition of each variable is
// one ite chain whose untouched branches Z3 folds away. Translating rules one by one lets a
// step made of some of them (the first depths, control_slice.h) cost only what they cost, and
// the whole step reuse them.
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "solver/control_slice.h"
#include "solver/step_stats.h"
#include "solver/z3_step.h"

namespace rulecheck::solver::internal {

using ir::Type;

StepEncoder::RuleTerms StepEncoder::TranslateAction(size_t a) {
  const ir::Action& action = model_.program.actions[a];
  const SymState& s = RawIn();
  const std::string tag = "T";
  const double rule_t0 = StatsEnabled() ? CpuSeconds() : 0;
  tr_.TakeFailure();
  tr_.TakeChoices();
  std::vector<z3::expr> vars;
  Env env;
  z3::expr in_domain = ctx_.bool_val(true);
  for (const ir::Param& p : action.params) {
    const uint32_t w = p.type->width;
    Scalar v = IntConst(ctx_, 0);
    if (w == 0) {
      v = ConstOf(ctx_, p.type, p.type->ValueAt(0));
    } else {
      z3::expr x = tr_.Fresh(absl::StrCat(action.name, ".", p.name, "@", tag), w);
      vars.push_back(x);
      v = Decode(ctx_, p.type, Bits{x, w});
      in_domain = in_domain && Contains(p.type, v);
      v = NarrowTo(p.type, v);
    }
    env.scalars.insert_or_assign(p.slot, v);
  }
  z3::expr t = ctx_.bool_val(true);
  z3::expr guard = action.guard ? tr_.EvalBool(*action.guard, s, env, t) : t;
  if (action.by != nullptr) tr_.EvalScalar(*action.by, s, env, guard);
  z3::expr guard_fail = tr_.TakeFailure();
  Path path{s, env, guard && !guard_fail};
  tr_.ExecBlock(action.body, path);
  z3::expr body_fail = tr_.TakeFailure();
  if (StatsEnabled()) RuleStats("action", action.name, path, guard_fail || body_fail, rule_t0);
  for (const ChoiceVar& c : tr_.TakeChoices()) vars.push_back(c.var);
  return {in_domain, path.live, guard_fail || body_fail, path.st, std::move(vars)};
}

StepEncoder::RuleTerms StepEncoder::TranslateTrigger(size_t t) {
  const ir::Program& program = model_.program;
  const ir::StateLayout& layout = model_.layout;
  const ir::Trigger& trigger = program.triggers[t];
  const ir::Event& event = program.events[trigger.event];
  const SymState& s = RawIn();
  const double rule_t0 = StatsEnabled() ? CpuSeconds() : 0;
  tr_.TakeFailure();
  tr_.TakeChoices();
  const uint32_t tw = layout.pending_trigger_width();
  const Bits first =
      ExtractBits(s.pending, tr_.PendingEntryOffset(0), layout.pending_entry_width());
  const Bits number = ExtractBits(first, 0, tw);
  z3::expr selected = *number.e == ctx_.bv_val(static_cast<uint64_t>(t) + 1, tw);
  Env env;
  uint32_t at = tw;
  for (size_t i = 0; i < event.params.size(); ++i) {
    const Type* pt = event.params[i].type;
    Scalar v = NarrowTo(pt, Decode(ctx_, pt, ExtractBits(first, at, pt->width)));
    at += pt->width;
    if (i < trigger.binders.size()) env.scalars.insert_or_assign(trigger.binders[i].slot, v);
  }
  SymState popped = s;
  popped.pending = tr_.PopPending(s.pending);
  if (trigger.by != nullptr) tr_.EvalScalar(*trigger.by, popped, env, ctx_.bool_val(true));
  z3::expr by_fail = tr_.TakeFailure();
  Path path{popped, env, !by_fail};
  tr_.ExecBlock(trigger.body, path);
  z3::expr body_fail = tr_.TakeFailure();
  if (StatsEnabled()) RuleStats("trigger", trigger.name, path, by_fail || body_fail, rule_t0);
  std::vector<z3::expr> vars;
  for (const ChoiceVar& c : tr_.TakeChoices()) vars.push_back(c.var);
  return {selected, path.live, by_fail || body_fail, path.st, std::move(vars)};
}

StepTerms StepEncoder::Assemble(const RuleSet& rules) {
  const ir::Program& program = model_.program;
  const ir::StateLayout& layout = model_.layout;
  const SymState& s = RawIn();
  z3::expr_vector vars(ctx_);
  z3::expr terminal = Terminal(s);
  tr_.TakeChoices();
  if (selector_ == nullptr) {
    selector_ = std::make_unique<z3::expr>(
        selector_width_ == 0 ? ctx_.bv_val(0, 1) : ctx_.bv_const("action@T", selector_width_));
  }
  const z3::expr selector = *selector_;
  if (selector_width_ > 0) vars.push_back(selector);
  const unsigned sw = selector.get_sort().bv_size();

  // Actions.
  z3::expr action_valid = ctx_.bool_val(false), action_fail = ctx_.bool_val(false);
  SymState action_next = s;
  for (size_t a = program.actions.size(); a-- > 0;) {
    if (!rules[a]) continue;
    const RuleTerms& rule = Rule(static_cast<int>(a));
    for (const z3::expr& v : rule.vars) vars.push_back(v);
    z3::expr selected = sw == 1 && program.actions.size() == 1
                            ? ctx_.bool_val(true)
                            : selector == ctx_.bv_val(static_cast<uint64_t>(a), sw);
    selected = selected && rule.chosen;
    action_valid = action_valid || (selected && rule.live);
    action_fail = action_fail || (selected && rule.fail);
    for (size_t v = 0; v < s.vars.size(); ++v) {
      action_next.vars[v] = IteBits(selected, rule.next.vars[v], action_next.vars[v]);
    }
    action_next.pending = IteBits(selected, rule.next.pending, action_next.pending);
  }

  if (!layout.has_triggers()) {
    return {
        terminal, !terminal && action_valid, !terminal && action_fail, action_next, selector, {},
        vars};
  }

  // The first pending trigger.
  const Scalar len = tr_.PendingLength(s.pending);
  const z3::expr pending_empty = IsValue(len, 0);
  z3::expr trigger_valid = ctx_.bool_val(false), trigger_fail = ctx_.bool_val(false);
  SymState trigger_next = s;
  for (size_t t = program.triggers.size(); t-- > 0;) {
    const int r = TriggerRule(program, t);
    if (!rules[r]) continue;
    const RuleTerms& rule = Rule(r);
    for (const z3::expr& v : rule.vars) vars.push_back(v);
    const z3::expr& selected = rule.chosen;
    trigger_valid = trigger_valid || (selected && rule.live);
    trigger_fail = trigger_fail || (selected && rule.fail);
    for (size_t v = 0; v < s.vars.size(); ++v) {
      trigger_next.vars[v] = IteBits(selected, rule.next.vars[v], trigger_next.vars[v]);
    }
    trigger_next.pending = IteBits(selected, rule.next.pending, trigger_next.pending);
  }
  SymState next = s;
  for (size_t v = 0; v < s.vars.size(); ++v) {
    next.vars[v] = IteBits(pending_empty, action_next.vars[v], trigger_next.vars[v]);
  }
  next.pending = IteBits(pending_empty, action_next.pending, trigger_next.pending);
  z3::expr valid = !terminal && z3::ite(pending_empty, action_valid, trigger_valid);
  z3::expr fail = !terminal && z3::ite(pending_empty, action_fail, trigger_fail);
  return {terminal, valid, fail, next, selector, {}, vars};
}

}  // namespace rulecheck::solver::internal
