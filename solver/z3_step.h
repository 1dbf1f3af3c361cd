// The transition relation of a model as Z3 terms (internal to solver/).
//
// A StepEncoder turns the program into the pieces bounded model checking and induction put
// together: the initial states, one step from a symbolic state (every action encoded
// separately with fresh parameter variables and a fresh selector choosing among them; the
// first pending trigger when the pending list is not empty), terminal conditions, the value of
// a property or query in a state, and the reading of a concrete packed state out of a Z3
// model. A step's terms say when it is a real move (`valid`: the state is not terminal and the
// selected rule instance runs to the end) and when it is a failure (`fail`: it ends in an
// assert, a model error or a pending overflow), matching model::SuccessorGenerator.
//
// Each rule is translated and simplified once, over a template state; a step template merges
// the rules a depth can use (its control slice, control_slice.h), and each depth gets a copy of
// its template by substitution (its own state and fresh variables): Z3 then preprocesses the
// simplified formula, several times smaller than the translation, instead of the translation
// at every depth, and the first depths of a game in phases only the rules of their phases.
// State bits known to be the same in every reachable state (FixBits, constant_bits.h) are
// constants in every state this encoder makes, and the template is simplified with them.
#ifndef RULECHECK_SOLVER_Z3_STEP_H_
#define RULECHECK_SOLVER_Z3_STEP_H_

#include <z3++.h>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "model/model.h"
#include "solver/control_slice.h"
#include "solver/z3_translate.h"

namespace rulecheck::solver::internal {

struct InitTerms {
  z3::expr ok;    // the init run completes
  z3::expr fail;  // the init run fails
  SymState state;
};

struct StepTerms {
  z3::expr terminal;
  z3::expr valid;
  z3::expr fail;
  SymState next;
  z3::expr selector;                        // which action, when the pending list is empty
  std::vector<std::vector<Scalar>> params;  // by action
  z3::expr_vector vars;                     // every fresh variable of the step (for quantifying)
};

struct ValueTerms {
  Scalar value;
  z3::expr ok;  // evaluation hits no model error
};

// Bits fixed in every state: by root (each state variable in order, then the pending area),
// one entry per bit, bit 0 first: -1 free, else the bit's value.
struct FixedBits {
  std::vector<std::vector<int8_t>> roots;
  // How many bits are fixed, of how many.
  size_t count() const;
  size_t total() const;
};

class StepEncoder {
 public:
  StepEncoder(z3::context& ctx, const model::Model& model);
  StepEncoder(const StepEncoder&) = delete;
  StepEncoder& operator=(const StepEncoder&) = delete;

  // OK, or the first construct the translation does not handle (check after each call).
  const absl::Status& status() const { return tr_.status(); }
  z3::context& ctx() { return ctx_; }
  const model::Model& model() const { return model_; }

  // From now on the bits in `fixed` are constants in every FreshState, and the step is
  // simplified with them. REQUIRES: they hold in every reachable state (the caller proved it),
  // or, while searching for such bits, the caller treats them as an assumption.
  void FixBits(FixedBits fixed);
  // FixBits, and the rules not translated yet are translated with these bits as constants,
  // so that the translation folds what they decide as it goes: where most bits are fixed, a
  // far smaller and quicker translation than the general one specialised afterwards.
  // REQUIRES: they hold in every reachable state (the caller proved it). A later FixBits that
  // leaves some of them free throws the translations away.
  // `no_failing_move`: no move from a reachable state fails (the caller saw every reachable
  // state's moves). The rules not translated yet are then translated without their model
  // errors: a failing move is not excluded from the step, but no reachable state has one, so
  // every play is the same, and a step from an unreachable state only gains moves (which an
  // induction proof tolerates). On Random Mutations' extinction rule the failure conditions
  // (each kill's overflow checks, through every kill before it) were 76,000 of its 77,500
  // simplified terms.
  void FixBitsForGood(FixedBits fixed, bool no_failing_move = false);
  const FixedBits& fixed() const { return fixed_; }
  // The bits of an empty FixedBits (every bit free) for this model's state.
  FixedBits NoFixedBits() const;

  // A state of fresh constants, named after `tag`, with the fixed bits as constants.
  // `depth` >= 0: the state is reached in exactly that many moves from an initial state, and
  // the bits SetDepthBits gave for that depth are constants too.
  SymState FreshState(const std::string& tag, int depth = -1);
  // Bits fixed in every state reached in exactly d moves, by d (each a superset of the fixed
  // bits). REQUIRES: they hold (the caller listed every such state).
  void SetDepthBits(std::vector<FixedBits> by_depth) { by_depth_ = std::move(by_depth); }
  // By d, by rule (actions, then triggers): whether some state reached in exactly d moves has
  // a move of the rule, failing or not. A step from depth d then leaves the other rules out:
  // no state it starts from has a move of them. REQUIRES: they are all such moves (the caller
  // expanded every such state).
  void SetDepthRules(std::vector<std::vector<bool>> by_depth) {
    rules_by_depth_ = std::move(by_depth);
  }
  // The levels of SetDepthBits and SetDepthRules repeat: level d past their end is level
  // loop_start + (d - loop_start) % period (the states reached in exactly d moves are then
  // those of that level). period 0: nothing is known past their end.
  void SetDepthCycle(int loop_start, int period) {
    depth_loop_start_ = loop_start;
    depth_period_ = period;
  }
  InitTerms Init();
  // The step from `s`; its fresh variables are named after `tag`. `depth`: `s` is a state
  // reached in exactly that many moves from an initial state, and the actions the control
  // slice leaves out at that depth are left out of the step (control_slice.h); -1: any state,
  // every rule.
  StepTerms Step(const SymState& s, const std::string& tag, int depth = -1);
  // Translates every rule of the whole step, asking `stop` (and set_stop's stop) before each
  // and while translating it, and makes its template unless stopped. Returns false when stopped
  // (the rules translated so far are kept for the templates to come). The fixed-bit pass calls it
  // under its own budget.
  bool PrepareWholeStep(const std::function<bool()>& stop);
  // Asked before each rule is translated and every so often while one is (Translator::
  // set_stop); once it says so, the translation throws TranslationStopped, a z3::exception, as
  // a Z3 call the watchdog interrupts does (translating is not a Z3 call the watchdog can stop).
  void set_stop(std::function<bool()> stop);
  const ControlSlice& slice() const { return slice_; }
  z3::expr Terminal(const SymState& s);
  // Evaluating `terminal when` in `s` hits a model error the explicit engine reports: one in a
  // condition that no condition before it makes true (the first true one ends the evaluation).
  z3::expr TerminalError(const SymState& s);
  ValueTerms Value(const ir::Expr& e, const SymState& s);
  // Bitwise equality of two states on the bits that are not fixed (the fixed bits of any
  // reachable state, and of every FreshState, are equal anyway).
  z3::expr Equal(const SymState& a, const SymState& b);
  // The state's bits are the canonical encoding of some values (k-induction starts from
  // arbitrary states and needs this).
  z3::expr WellFormed(const SymState& s);
  // The packed state words a model assigns to `s`.
  std::vector<uint32_t> Concrete(const z3::model& m, const SymState& s);
  // `s` is the state of the packed words `words` (Concrete's inverse).
  z3::expr Is(const SymState& s, const std::vector<uint32_t>& words);

 private:
  // One rule's translation over the template state, simplified on its own (Rule()).
  struct RuleTerms {
    z3::expr chosen;  // actions: the parameters are in their domains; triggers: it is first
    z3::expr live;    // the rule runs to the end
    z3::expr fail;
    SymState next;
    std::vector<z3::expr> vars;  // its fresh variables (parameters, choices)
  };
  // A step template for one set of rules: the rules' translations merged and simplified, then
  // with the fixed bits substituted and simplified again.
  struct Templates {
    std::unique_ptr<StepTerms> raw, fixed;
  };
  using RuleSet = std::vector<bool>;  // by rule: actions, then triggers

  // The root's bits: a state variable, or the pending area for the last root.
  static Bits& Root(SymState& s, size_t root);
  static const Bits& Root(const SymState& s, size_t root);
  size_t NumRoots() const { return model_.program.state.size() + 1; }
  // Adds to `from` and `to` each free piece of `a` (a state made under `fixed`) and the same
  // bits of `b`, for a substitution that copies a term over `a` to `b`.
  void AddFreePieces(const SymState& a, const FixedBits& fixed, const SymState& b,
                     z3::expr_vector& from, z3::expr_vector& to) const;
  // The template state: the bits of `rules_fixed_` as constants, the others free.
  const SymState& RawIn();
  // Rule `r`, translated and simplified on first use (z3_step_rules.cc translates).
  const RuleTerms& Rule(int r);
  RuleTerms TranslateAction(size_t a);
  RuleTerms TranslateTrigger(size_t t);
  // The step of the rules in `rules`, merged from their translations, not simplified.
  StepTerms Assemble(const RuleSet& rules);
  // The templates of `rules`, with `raw` made.
  Templates& RawTemplate(const RuleSet& rules);
  // The template of `rules` for the current fixed bits.
  const StepTerms& Template(const RuleSet& rules);
  // The rules of a step at `depth` (every rule for -1).
  RuleSet TemplateRules(int depth) const;
  z3::expr WellFormedValue(const ir::Type* t, const Bits& b);
  // Prints the size of one rule's translation (step_stats.h).
  void RuleStats(const std::string& kind, const std::string& name, const Path& path,
                 const z3::expr& fail, double t0);

  z3::context& ctx_;
  const model::Model& model_;
  Translator tr_;
  unsigned selector_width_ = 0;
  FixedBits fixed_;
  // The bits the rules are translated with as constants (FixBitsForGood; none by default):
  // `fixed_` always has them.
  FixedBits rules_fixed_;
  bool rules_without_failures_ = false;            // FixBitsForGood's `no_failing_move`
  std::vector<FixedBits> by_depth_;                // SetDepthBits
  std::vector<std::vector<bool>> rules_by_depth_;  // SetDepthRules
  int depth_loop_start_ = 0, depth_period_ = 0;    // SetDepthCycle
  // The entry of SetDepthBits/SetDepthRules (`size` entries) for `depth`, or -1.
  int LevelOf(int depth, size_t size) const;
  // The template state, and `in_`, a FreshState under the fixed bits the templates are
  // copied to.
  std::unique_ptr<SymState> raw_in_, in_;
  std::unique_ptr<z3::expr> selector_;  // over the template state
  std::vector<std::unique_ptr<RuleTerms>> rules_;
  std::map<RuleSet, Templates> templates_;
  uint64_t instances_ = 0;
  ControlSlice slice_;  // the rules each depth can use
  std::function<bool()> stop_;
};

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_Z3_STEP_H_
