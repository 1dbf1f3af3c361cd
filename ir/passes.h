// The passes over a checked program, in the order they must run, before the runtime
// (model/) can evaluate it. Each pass writes its results into the program in place, so the
// IR's nodes stay where the type checker put them and pointers into them stay valid, and
// returns a handle that only it can make. The next pass takes that handle, so no pass can run
// before the one whose results it reads:
//
//   ir::Program program;                                    // filled by front::Check
//   ir::NumberedProgram numbered = ir::NumberTrailPoints(program);
//   ir::LaidOutProgram laid_out = ir::LayOut(std::move(numbered));
//
// A handle refers to the program; the program must outlive it. Handles can be moved, not
// copied.
#ifndef RULECHECK_IR_PASSES_H_
#define RULECHECK_IR_PASSES_H_

#include "ir/ir.h"
#include "ir/state_layout.h"

namespace rulecheck::ir {

class NumberedProgram;
class LaidOutProgram;

// Pass 1: numbers the statements and if-branches of `init`, the actions and the triggers (in
// that order, depth first) into program.trail_points, setting Stmt::id and Stmt::branch_id.
// REQUIRES: `program` passed the type checker without errors.
NumberedProgram NumberTrailPoints(Program& program);

// Pass 2: lays out the packed state (state_layout.h) and writes every kStateVar node's
// offset.
LaidOutProgram LayOut(NumberedProgram numbered);

// A program whose trail points are numbered.
class NumberedProgram {
 public:
  NumberedProgram(NumberedProgram&&) = default;
  NumberedProgram& operator=(NumberedProgram&&) = default;
  Program& program() const { return *program_; }

 private:
  friend NumberedProgram NumberTrailPoints(Program& program);
  explicit NumberedProgram(Program& program) : program_(&program) {}
  Program* program_;
};

// A program whose trail points are numbered and whose state is laid out: what the runtime
// needs.
class LaidOutProgram {
 public:
  LaidOutProgram(LaidOutProgram&&) = default;
  LaidOutProgram& operator=(LaidOutProgram&&) = default;
  Program& program() const { return *program_; }
  const StateLayout& layout() const { return layout_; }

 private:
  friend LaidOutProgram LayOut(NumberedProgram numbered);
  LaidOutProgram(Program& program, StateLayout layout)
      : program_(&program), layout_(std::move(layout)) {}
  Program* program_;
  StateLayout layout_;
};

}  // namespace rulecheck::ir

#endif  // RULECHECK_IR_PASSES_H_
