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
#ifndef RULECHECK_SOLVER_Z3_STEP_H_
#define RULECHECK_SOLVER_Z3_STEP_H_

#include <z3++.h>

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "model/model.h"
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

class StepEncoder {
 public:
  StepEncoder(z3::context& ctx, const model::Model& model);
  StepEncoder(const StepEncoder&) = delete;
  StepEncoder& operator=(const StepEncoder&) = delete;

  // OK, or the first construct the translation does not handle (check after each call).
  const absl::Status& status() const { return tr_.status(); }
  z3::context& ctx() { return ctx_; }

  // A state of fresh constants, named after `tag`.
  SymState FreshState(const std::string& tag);
  InitTerms Init();
  StepTerms Step(const SymState& s, const std::string& tag);
  z3::expr Terminal(const SymState& s);
  ValueTerms Value(const ir::Expr& e, const SymState& s);
  // Bitwise equality of two states.
  z3::expr Equal(const SymState& a, const SymState& b);
  // The state's bits are the canonical encoding of some values (k-induction starts from
  // arbitrary states and needs this).
  z3::expr WellFormed(const SymState& s);
  // The packed state words a model assigns to `s`.
  std::vector<uint32_t> Concrete(const z3::model& m, const SymState& s);

 private:
  z3::expr WellFormedValue(const model::Type* t, const Bits& b);

  z3::context& ctx_;
  const model::Model& model_;
  Translator tr_;
  unsigned selector_width_ = 0;
};

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_Z3_STEP_H_
