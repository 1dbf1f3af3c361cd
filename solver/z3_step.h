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
// The step is translated and simplified once, over a template state, and each depth gets a
// copy by substitution (its own state and fresh variables): Z3 then preprocesses the simplified
// formula, several times smaller than the translation, instead of the translation at every depth.
// State bits known to be the same in every reachable state (FixBits, constant_bits.h) are
// constants in every state this encoder makes, and the template is simplified with them.
#ifndef RULECHECK_SOLVER_Z3_STEP_H_
#define RULECHECK_SOLVER_Z3_STEP_H_

#include <z3++.h>

#include <cstdint>
#include <memory>
#include <string>
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
  const FixedBits& fixed() const { return fixed_; }
  // The bits of an empty FixedBits (every bit free) for this model's state.
  FixedBits NoFixedBits() const;

  // A state of fresh constants, named after `tag`, with the fixed bits as constants.
  SymState FreshState(const std::string& tag);
  InitTerms Init();
  // The step from `s`; its fresh variables are named after `tag`. `depth`: `s` is a state
  // reached in exactly that many moves from an initial state, and the actions the control
  // slice leaves out at that depth are left out of the step (control_slice.h); -1: any state,
  // every rule.
  StepTerms Step(const SymState& s, const std::string& tag, int depth = -1);
  const ControlSlice& slice() const { return slice_; }
  z3::expr Terminal(const SymState& s);
  ValueTerms Value(const ir::Expr& e, const SymState& s);
  // Bitwise equality of two states on the bits that are not fixed (the fixed bits of any
  // reachable state, and of every FreshState, are equal anyway).
  z3::expr Equal(const SymState& a, const SymState& b);
  // The state's bits are the canonical encoding of some values (k-induction starts from
  // arbitrary states and needs this).
  z3::expr WellFormed(const SymState& s);
  // The packed state words a model assigns to `s`.
  std::vector<uint32_t> Concrete(const z3::model& m, const SymState& s);

 private:
  // The root's bits: a state variable, or the pending area for the last root.
  static Bits& Root(SymState& s, size_t root);
  static const Bits& Root(const SymState& s, size_t root);
  size_t NumRoots() const { return model_.program.state.size() + 1; }
  // The step translated from `s`, not simplified.
  StepTerms Translate(const SymState& s, const std::string& tag);
  // The template for the current fixed bits (the translation over a state of whole-variable
  // constants, simplified once; then the fixed bits substituted and simplified again).
  const StepTerms& Template();
  z3::expr WellFormedValue(const ir::Type* t, const Bits& b);
  // Prints the size of one rule's translation (step_stats.h).
  void RuleStats(const std::string& kind, const std::string& name, const Path& path,
                 const z3::expr& fail, double t0);

  z3::context& ctx_;
  const model::Model& model_;
  Translator tr_;
  unsigned selector_width_ = 0;
  FixedBits fixed_;
  // The translation over `raw_in_`, simplified; then the template over `in_` (a FreshState
  // under the fixed bits).
  std::unique_ptr<SymState> raw_in_, in_;
  std::unique_ptr<StepTerms> raw_, template_;
  uint64_t instances_ = 0;
  // The rules each depth can use, and for each rule (actions, then triggers) the slice
  // leaves out somewhere, a Bool constant of the template conjoined with its selection, which
  // Step replaces by true or false (null for the others).
  ControlSlice slice_;
  std::vector<std::unique_ptr<z3::expr>> enable_;
};

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_Z3_STEP_H_
