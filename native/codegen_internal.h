// The C++ generator's state and its parts (internal to native/): expressions
// (codegen_expr.cc), statements (codegen_stmt.cc) and the code units and module
// (codegen.cc). See codegen.h for what the generated code does.
//
// Conventions of the generated code: `S` is the state the code reads (the parent state in a
// guard, the working copy in a body), an `Sl` is a composite value or place as words and a
// bit offset, scalars are int64 logical values (ir/types.h), the scalar locals of a frame are
// the variables `l<slot>` and its composite locals bits of the array `F`, and `steps` is the
// move's step budget. A construct the generator does not handle sets the status (the first
// one wins) and yields placeholder text, which is never compiled.
#ifndef RULECHECK_NATIVE_CODEGEN_INTERNAL_H_
#define RULECHECK_NATIVE_CODEGEN_INTERNAL_H_

#include <cstdint>
#include <set>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "ir/ir.h"
#include "model/model.h"

namespace rulecheck::native {

class Generator {
 public:
  explicit Generator(const model::Model& model) : model_(model), program_(model.program) {}

  // The whole source (codegen.cc), or the first construct not compiled yet.
  absl::Status Generate(std::string& out);

  // Expressions (codegen_expr.cc). REQUIRES: e.type->is_scalar() for Scalar, not for
  // Composite. The text is a C++ expression of type int64_t, or Sl.
  std::string Scalar(const ir::Expr& e);
  std::string Composite(const ir::Expr& e);

  // Statements of a body that does not fork (codegen_stmt.cc), appended to `out_` at
  // `indent`.
  void Block(const ir::Block& block, int indent);
  // The statements of `block` from `from` on, then `then`: a C++ statement that runs the
  // rest of the path (codegen_forks.cc). Any body may fork.
  void BlockThen(const ir::Block& block, size_t from, int indent, const std::string& then);
  // Whether a statement or a block may fork a path (a choose, roll or may in it).
  static bool Forks(const ir::Stmt& s);
  static bool Forks(const ir::Block& block);

  // Type helpers (codegen_expr.cc). `v` must be a variable or a literal.
  static int64_t Base(const ir::Type* t);  // the value of ordinal 0 of a finite scalar
  static std::string Int(int64_t v);       // a C++ int64_t literal
  // A scalar of type `t` read from a place (Sl text).
  static std::string Read(const ir::Type* t, const std::string& sl);
  // The packed bits of value `v` of scalar type `t`.
  static std::string Encode(const ir::Type* t, const std::string& v);
  // `v` checked to be in `t` (Stop() when not).
  static std::string Checked(const ir::Type* t, const std::string& v);
  // Whether `v` is in `t`, as a C++ bool expression.
  static std::string Contains(const ir::Type* t, const std::string& v);

  // The declarations of a frame's locals (codegen.cc): the scalars `l<i>` are elements of
  // one array `L` in a body that `forks`, else variables of their own.
  static std::string FrameDecls(const ir::FrameLayout& frame, bool forks = false);
  // A region of `width` bits of the code unit's temporaries `T`, as Sl text, and in `clear`
  // the code that empties it (codegen_literals.cc). StartUnit begins a unit's count;
  // TempDecl, after the unit's code is generated, declares its temporaries.
  std::string Temp(uint32_t width, std::string& clear);
  void StartUnit() { temp_bits_ = 0; }
  std::string TempDecl();

  // Records that `what` at `loc` is not compiled yet (the first such wins).
  void Unsupported(const std::string& what, ir::Location loc);
  bool ok() const { return status_.ok(); }
  // The status so far, which is then reset to OK: a unit that may stay uncompiled (a state
  // property) is generated, and its text dropped if this is not OK.
  absl::Status TakeStatus() { return std::exchange(status_, absl::OkStatus()); }
  int NewId() { return next_id_++; }

  const model::Model& model_;
  const ir::Program& program_;
  // The frame of the action or trigger whose body is being generated.
  const ir::FrameLayout* frame_ = nullptr;
  std::string out_;
  // Declarations the expressions need before the code units (attribute tables).
  std::string decls_;

 private:
  std::string Quantifier(const ir::Expr& e);
  std::string Collection(const ir::Expr& e);
  std::string Call(const ir::Expr& e);
  // A call of a fun, its result written to the Sl `out` when it is a composite (empty: a
  // scalar result).
  std::string CallArgs(const ir::Expr& e, const std::string& out);
  // A composite built by the expression (codegen_literals.cc): a literal, a composite
  // option, a call of a fun with a composite result.
  std::string Literal(const ir::Expr& e);
  // Code that stores `value` into the place `place` (Sl text) of type `t`, checked.
  std::string ScalarInto(const ir::Type* t, const std::string& place, const ir::Expr& value);
  std::string Arith(const ir::Expr& e);
  // The Sl of a node that denotes bits of a value (a state variable, a composite local, an
  // element, a field, a seq element, an unwrapped composite option), scalar or not.
  std::string Slice(const ir::Expr& e);
  // The name of the table of attribute `attr` of `def`, declared in decls_ when first used.
  std::string AttrTable(const ir::EnumDef* def, int64_t attr);

  // Code units (codegen.cc): the funs (their declarations into `decls`), the terminal
  // conditions and state properties, and the actions (the calls of every instance into
  // `enumerate`).
  std::string FunUnits(std::string& decls);
  std::string StateUnits();
  std::string ActionUnits(std::string& enumerate);
  // The head of an action's or trigger's function, with `params`
  // after the common ones, and its body, which ends each path by handing the successor `W`
  // to the host (`args` and `player` declared before it). REQUIRES: frame_ is the unit's.
  static std::string UnitHead(const std::string& name, const std::string& params);
  std::string UnitBody(const ir::Block& body, int trigger, int rule);
  // Triggers (codegen_triggers.cc): the functions of the trigger guards, the trigger units,
  // and the code that runs the first pending trigger of a state `S` instead of the actions.
  std::string TriggerGuards();
  std::string TriggerUnits();
  std::string PendingDispatch();

  // Statements.
  void Stmt(const ir::Stmt& s, int indent);
  void Assign(const ir::Stmt& s, int indent);
  void For(const ir::Stmt& s, int indent);
  void CollectionStmt(const ir::Stmt& s, int indent);
  void Move(const ir::Stmt& s, int indent);
  // `add`, `remove` or `move` of every copy of a bag value (codegen_stmt.cc).
  void BagCopies(const ir::Stmt& s, int indent);
  // An `emit`: its arguments checked, and each trigger on the event whose guard holds
  // queued in the pending list (codegen_triggers.cc).
  void Emit(const ir::Stmt& s, int indent);
  void Line(int indent, const std::string& text);

  // Forks (codegen_forks.cc): a statement that may fork, each of its paths ending with
  // `then`.
  void ForkingStmt(const ir::Stmt& s, int indent, const std::string& then);
  void Choose(const ir::Stmt& s, int indent, const std::string& then);
  void May(const ir::Stmt& s, int indent, const std::string& then);
  // `choose h in sub(b, n)`: one branch per sub-bag of b with n copies.
  void ChooseSubBag(const ir::Stmt& s, int indent, const std::string& then);
  // The end of a choose of `n` listed candidates (none: the path ends): its block as the
  // lambda `branch<id>`, run once per candidate `i` after `pick` (which binds the candidate
  // and records the choice), the path saved and put back around the branches.
  void Branches(const ir::Stmt& s, int indent, const std::string& then, int id,
                const std::string& n, const std::string& pick);
  void ForkingFor(const ir::Stmt& s, int indent, const std::string& then);
  // The lambda `name` that runs `block` (none: nothing) and then `then`.
  void PathLambda(const std::string& name, const ir::Block* block, int indent,
                  const std::string& then);
  // The text that saves what a path owns before a fork's first branch, and puts it back.
  std::string SavePath(int id) const;
  std::string RestorePath(int id) const;
  // The most values a domain lists (codegen_stmt.cc): a range's is kMaxRangeCandidates.
  static int64_t MostValues(const ir::Domain& d);
  // Whether a `for` over `d` lists its values before the first iteration (a collection, an
  // option type), as Executor::ListLoop, rather than counting through them.
  static bool Listed(const ir::Domain& d);
  // The code that lists the values of `d` into `vals<id>[count<id>]`, a step each.
  std::string ListValues(const ir::Domain& d, ir::Location loc, int id);
  // The most candidates of a `choose` or `roll` over a range the generated code takes; one
  // with more is left to the interpreter (which takes up to 2^20).
  static constexpr int64_t kMaxRangeCandidates = 256;
  // The text that appends trail point `id` when trails are recorded.
  static std::string Trail(uint32_t id);
  // The card `s` acts on through a variable, appended to the trail (ir::Stmt::card_trail), or
  // nothing.
  std::string CardTrail(const ir::Stmt& s);

  absl::Status status_;
  std::set<std::pair<const ir::EnumDef*, int64_t>> attr_tables_;
  uint32_t temp_bits_ = 0;
  int next_id_ = 0;
};

// A loop over the values of a domain whose bound variable is a scalar, as C++ text around
// `body`, with the interpreter's steps: one per value of a type or range, per member
// ordinal of a set or bag, per element of a seq (model::Evaluator::ForEachValue). Inside
// `body` the value is `v<id>`; `body` may `goto` out. The collection is read once.
// REQUIRES: the domain is not kSubBag.
std::string DomainLoop(Generator& gen, const ir::Domain& domain, ir::Location loc, int id,
                       const std::string& body);

}  // namespace rulecheck::native

#endif  // RULECHECK_NATIVE_CODEGEN_INTERNAL_H_
