// The type checker's shared state. The checker is one class, TypeChecker, whose methods are
// split by concern: type_checker.cc (the driver, the global namespace and the declarations),
// type_checker_const.cc (constants, `--const` overrides, constant folding),
// type_checker_types.cc (type expressions, enums, cards, structs, aliases),
// type_checker_expr.cc (expressions, domains, implicit conversions), type_checker_builtins.cc
// (set literals, built-in functions and statements), type_checker_literals.cc (struct and
// array literals, `the`, `Enum(i)`), type_checker_stmt.cc (statements, places and proc
// inlining), type_checker_var_params.cc (procs' `var` parameters), type_checker_calls.cc
// (calls of funs and the recursion check), type_checker_moved.cc (`moved`) and
// type_checker_switches.cc (branches switched off by constants).
// Internal to front/; the public entry point is Check() in type_checker.h.
#ifndef RULECHECK_FRONT_TYPE_CHECKER_INTERNAL_H_
#define RULECHECK_FRONT_TYPE_CHECKER_INTERNAL_H_

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "front/ast.h"
#include "front/const_override.h"
#include "front/diagnostics.h"
#include "ir/ir.h"
#include "ir/types.h"

namespace rulecheck::front {

// The widest type the checker accepts, in bits.
inline constexpr uint64_t kMaxTypeBits = 1 << 20;
// The most values a type that indexes an array or fills a bag or set may have.
inline constexpr int64_t kMaxCardinality = 1 << 20;
// How many IR statements proc inlining may produce in a whole program.
inline constexpr int64_t kMaxInlinedStatements = 200'000;
// How deeply constants, types and proc calls may nest in one another, and expressions in
// themselves: deeper input gets an error instead of exhausting the stack.
inline constexpr int kMaxNesting = 200;
inline constexpr int kMaxExprDepth = 500;
// How deeply evaluating a fun may nest, counting the height of its body and of the bodies of
// the funs it calls (the evaluator, the compiled code and the Z3 translation follow calls by
// recursion); and how deeply resolving a constant or a type may nest, counting the
// expressions and types of the definitions it refers to.
inline constexpr int kMaxEvalDepth = 1000;
// How deeply blocks may nest once procs are inlined into one another.
inline constexpr int kMaxBlockDepth = 300;

// Placeholder types the checker uses while typing; none of them is interned in a TypeTable
// and none survives into an error-free program. The error type is given to an expression
// whose error was already reported: every check accepts it silently, so one mistake gives one
// message. `none` and `{}` have their placeholder until the context gives them a real type.
const ir::Type* ErrorType();
const ir::Type* NoneType();
const ir::Type* EmptySetType();
inline bool IsError(const ir::Type* t) { return t == nullptr || t == ErrorType(); }
// `none` or `{}` before its context gave it a type: a placeholder's element type is unknown.
inline bool IsPlaceholder(const ir::Type* t) { return t == NoneType() || t == EmptySetType(); }
// The type as a message shows it: `0..3`, `bag<Card, 3>`, `none`, `{}`.
std::string TypeName(const ir::Type* t);
// The fields of a struct type or the attributes of a card type (for suggestions).
std::vector<std::string> FieldNames(const ir::Type* t);
// `name` in backquotes, as messages quote names.
std::string Quote(std::string_view name);

// What a global name denotes. One namespace holds every declaration; enumerators are kept
// apart because two enums may share a member name.
enum class SymbolKind {
  kBuiltinType,
  kConstant,
  kType,
  kStateVar,
  kFun,
  kProc,
  kAction,
  kEvent,
  kTrigger,
  kInvariant,
  kReachable,
  kQuery,
  kPolicy,
};

struct Symbol {
  SymbolKind kind = SymbolKind::kConstant;
  int index = 0;       // into the checker's table for the kind
  ir::Location loc{};  // the declaration's name; invalid for built-ins
};

// "constant", "state variable", ...: how messages name a kind of symbol.
std::string Describe(SymbolKind kind);
// The same with "a" or "an" before it.
std::string WithArticle(SymbolKind kind);
// "; did you mean `X`?" for the candidate closest to `name` when one is close, else "".
std::string DidYouMean(const std::string& name, const std::vector<std::string>& candidates);
// `a OP b` for a comparison `op` (kEq, kNe, kLt, kLe, kGt, kGe), as 1 or 0.
int64_t Compare(ir::ExprOp op, int64_t a, int64_t b);

struct EnumeratorRef {
  const ir::EnumDef* def = nullptr;
  int ordinal = 0;
};

struct ConstInfo {
  const ast::Decl* decl = nullptr;
  enum class State { kNew, kBusy, kDone, kFailed };
  State state = State::kNew;
  bool is_bool = false;
  int64_t value = 0;
  // `const DECK = {A, A, B}`: a collection written once, whose uses are its literal (a set
  // or a bag, as the use needs); it has no number, and `--const` cannot set it.
  bool is_literal = false;
};

// An enum, cards, struct or alias declaration; its type is built on first use.
struct TypeDeclInfo {
  const ast::Decl* decl = nullptr;
  const ir::Type* type = nullptr;
  bool busy = false;
  bool resolved = false;
  bool failed = false;
  ir::EnumDef* enum_def = nullptr;
};

// A `moved(...)` pattern (type_checker_moved.cc), and the hidden state variable that marks a
// move matching it.
struct MoveMarker {
  ir::MovePattern pattern;
  int var = -1;
};

struct ProcInfo {
  const ast::Decl* decl = nullptr;
  std::vector<const ir::Type*> params{};
};

// The result of evaluating a constant expression on the AST.
struct ConstValue {
  enum class Status { kOk, kNotConstant, kError };
  Status status = Status::kOk;
  bool is_bool = false;
  int64_t value = 0;
  ir::Location where;  // kNotConstant: the part that is not constant
};

// kPlace: a proc's `var` parameter, which names a place of the caller (Local::place).
enum class LocalKind { kParam, kLet, kLoop, kBinder, kPlace };

struct Local {
  std::string name;
  ir::Location loc;
  const ir::Type* type = nullptr;
  int64_t slot = 0;
  LocalKind kind = LocalKind::kLet;
  const ir::Expr* place = nullptr;  // kPlace: the place it names, its indices fixed
  // A parameter or `let` whose value the checker knows (a proc called with a constant):
  // the value, the constants it was computed from, and whether it is known without them.
  std::optional<int64_t> known;
  std::vector<int> known_from;
  bool known_literal = false;
};

class TypeChecker {
 public:
  TypeChecker(const ast::File& file, const std::vector<ConstOverride>& overrides,
              ir::Program& program, Diagnostics& diagnostics,
              std::vector<std::string>& override_errors);
  TypeChecker(const TypeChecker&) = delete;
  TypeChecker& operator=(const TypeChecker&) = delete;

  void Run();

  // ------------------------------------------------------------ type_checker.cc
  void Error(ir::Location loc, std::string message);
  // Reports (once) input nested deeper than the checker follows; true when it is.
  bool TooDeep(int depth, int limit, ir::Location loc, std::string_view what);
  void CollectNames();
  void Declare(const std::string& name, ir::Location loc, Symbol symbol);
  const Symbol* FindGlobal(const std::string& name) const;
  // Names for suggestions: the globals of some kinds; every name a value may have here.
  std::vector<std::string> GlobalNames(std::initializer_list<SymbolKind> kinds) const;
  std::vector<std::string> ValueNames() const;
  // DidYouMean for an error's message, the candidates made only when asked: past
  // kMaxSuggestions (more errors than are ever shown) there is none, as each costs a pass over
  // every name (40,000 undefined names among 40,000 took 12 s).
  static constexpr int kMaxSuggestions = 4 * Diagnostics::kMaxRenderedErrors;
  std::string Suggest(const std::string& name,
                      const std::function<std::vector<std::string>()>& candidates);
  int suggestions_ = 0;
  void CheckStateTypes();
  void CheckSignatures();
  // An action with more than kMaxCardinality instances is an error at its name.
  void CheckInstanceCount(const ir::Action& action);
  // Whose parameters CheckParams checks: a fun's or proc's take any type (only a proc's may
  // be `var`); an action's a finite scalar (its instances are enumerated); an event's any
  // scalar without `int`.
  enum class ParamsOf { kFun, kProc, kAction, kEvent };
  std::vector<ir::Param> CheckParams(const std::vector<ast::Param>& params, ParamsOf of);
  void CheckFunBodies();
  void CheckInit();
  void CheckRules();
  void CheckProperties();
  ir::ExprPtr CheckBy(const ast::Expr* by);

  // ------------------------------------------------------------ type_checker_const.cc
  void EvaluateConstants();
  void ApplyOverrides();
  // Checks each collection constant's literal once, where no use may have (ConstInfo).
  void CheckCollectionConstants();
  ConstValue EnsureConstant(int index, ir::Location use);
  // Bounds the depth (kMaxEvalDepth, counting the definitions of the constants `e` uses) and
  // evaluates `e` by EvalConstKind.
  ConstValue EvalConst(const ast::Expr& e);
  ConstValue EvalConstKind(const ast::Expr& e);
  // A constant integer for `what` ("a range bound", "a capacity"): reports a non-constant or
  // non-integer expression at `e` and returns nullopt.
  std::optional<int64_t> ConstantInt(const ast::Expr& e, std::string_view what);
  // The value of an IR expression built only from constants, or nullopt. `leaf`, when given,
  // is asked for the value of each local and fun call instead of giving up on it.
  using FoldLeaf = std::function<std::optional<int64_t>(const ir::Expr&)>;
  static std::optional<int64_t> Fold(const ir::Expr& e, const FoldLeaf* leaf = nullptr);

  // ------------------------------------------------------------ type_checker_types.cc
  void DeclareEnum(const ast::Decl& decl, int type_index);
  const ir::Type* TypeOfDecl(int type_index, ir::Location use);
  const ir::Type* ResolveType(const ast::TypeExpr& t);  // bounded, like EvalConst
  const ir::Type* ResolveTypeKind(const ast::TypeExpr& t);
  // ResolveType for what is stored (state, fields, attributes, action and event parameters):
  // `int` is not allowed; `finite_only` also rules out every non-finite-scalar type.
  const ir::Type* ResolveStoredType(const ast::TypeExpr& t, std::string_view what,
                                    bool finite_only);
  const ir::Type* CheckWidth(const ir::Type* t, ir::Location loc);
  // Whether `elem` can be an option's payload; reports at `loc` why not (a range that holds
  // the int64 minimum, or more values than an option's encoding takes).
  bool OptionPayloadFits(const ir::Type* elem, ir::Location loc);
  bool ContainsInt(const ir::Type* t) const;
  void CheckCardValues(int type_index);

  // ------------------------------------------------------------ type_checker_expr.cc
  ir::ExprPtr CheckExpr(const ast::Expr& e);
  ir::ExprPtr CheckExprKind(const ast::Expr& e);
  ir::ExprPtr CheckName(const ast::Expr& e);
  ir::ExprPtr CheckUnary(const ast::Expr& e);
  ir::ExprPtr CheckBinary(const ast::Expr& e);
  ir::ExprPtr CheckIf(const ast::Expr& e);
  ir::ExprPtr CheckIndex(const ast::Expr& e);
  ir::ExprPtr CheckField(const ast::Expr& e);
  // `base.field` for the field `e.name` (reported at `e.name_loc` when the struct has none),
  // for both reading (CheckField) and assigning (CheckPlace). REQUIRES: `base` has a struct
  // type.
  ir::ExprPtr StructField(ir::ExprPtr base, const ast::Expr& e);
  // `base!` for the unwrap `e` (reported at its operand when `base` is not an option), for
  // both reading and assigning. REQUIRES: `base` does not have the error type.
  ir::ExprPtr Unwrap(ir::ExprPtr base, const ast::Expr& e);
  ir::ExprPtr CheckQuantifier(const ast::Expr& e);

  // ------------------------------------------------------------ type_checker_literals.cc
  // `S { a: 1, b: P1 }`: every field of struct S given once, each of its field's type.
  ir::ExprPtr CheckStructLiteral(const ast::Expr& e);
  // `[x in I: e]`: an array indexed by I (a finite type or a constant range) of e's type,
  // which Coerce narrows to the element type its context wants.
  ir::ExprPtr CheckArrayOf(const ast::Expr& e);
  ir::ExprPtr CheckListLiteral(const ast::Expr& e);
  bool HasOwnType(const ir::Expr& element, ir::Location loc);
  ir::ExprPtr MakeArrayOf(const ir::Type* index, int64_t slot, ir::ExprPtr body, ir::Location loc);
  // `if c then a else b`, typed as both branches (Unify); an error expression where they
  // have no common type.
  ir::ExprPtr MakeIf(ir::ExprPtr c, ir::ExprPtr a, ir::ExprPtr b, ir::Location loc);
  // `the x in D [where c]`: of D's element type.
  ir::ExprPtr CheckThe(const ast::Expr& e);
  // `Player(i)`: the member of the enum `enum_type` (named `e.name`) at position `i`.
  ir::ExprPtr CheckEnumOf(const ast::Expr& e, const ir::Type* enum_type);
  ir::ExprPtr CheckBool(const ast::Expr& e);
  ir::ExprPtr CheckInteger(const ast::Expr& e);
  // Converts `e` to `want` (wrapping a payload into an option, typing `none` and `{}`), or
  // reports `type mismatch: expected W, found F` at `e` and returns an error-typed node.
  ir::ExprPtr Coerce(ir::ExprPtr e, const ir::Type* want);
  // A set literal of scalars (or a constant written as one) as the bag of its copies, where it
  // is drawn from (`roll f in {One, Six, Six}`, `sub(D, 2)`); any other `e` as it is.
  ir::ExprPtr AsBagOfCopies(ir::ExprPtr e);
  bool Assignable(const ir::Type* from, const ir::Type* want) const;
  // Brings two operands to one type (for ==, != and if-then-else); reports at `b`.
  const ir::Type* Unify(ir::ExprPtr& a, ir::ExprPtr& b);
  // `in`: the domain of a quantifier or loop. `keyword` names the construct in messages.
  std::unique_ptr<ir::Domain> CheckDomain(const ast::Domain& d, std::string_view keyword);
  // `T?`: every value of the finite type `T`, then `none`.
  std::unique_ptr<ir::Domain> CheckOptionDomain(const ast::Domain& d, std::string_view keyword);
  // `sub(b, n)` (type_checker_sub_bags.cc): the sub-bags of `b` with `n` copies in all, a
  // domain of `choose` only.
  std::unique_ptr<ir::Domain> CheckSubBagDomain(const ast::Expr& call, std::string_view keyword);
  static bool IsSubBagCall(const ast::Expr& e);
  // `move h from A to B`, `add(A, h)`, `remove(A, h)` where `h` is a bag: true when each
  // place is a bag of h's element type (else reports at the place at fault).
  bool MoveBag(const ast::Stmt& s, const ir::Expr& value, const ir::Type* from, const ir::Type* to);
  bool BagOfCopiesFits(const ast::Expr& zone, const ir::Expr& value, const ir::Type* place);
  // The type that `e` names when it is a type name (and not a value), else null.
  const ir::Type* TypeNamedBy(const ast::Expr& e);
  // The enum type declared as `name`, if any.
  const ir::Type* EnumTypeNamed(const std::string& name);

  // ------------------------------------------------------------ type_checker_builtins.cc
  // `{a, b}`: a set of the elements' type (integer constants: of their range), or `{}`.
  ir::ExprPtr CheckSetLiteral(const ast::Expr& e);
  // A built-in function call, or null when `e.name` is not a built-in function.
  ir::ExprPtr CheckBuiltinCall(const ast::Expr& e, bool* handled);
  // A built-in statement; false when `s.name` is not one.
  bool LowerBuiltinStmt(const ast::Stmt& s, std::vector<ir::StmtPtr>& out);
  bool ArgCount(const std::string& what, ir::Location loc, size_t want, size_t found);
  void LowerMove(const ast::Stmt& s, std::vector<ir::StmtPtr>& out);
  // A place whose type is a collection of one of the allowed kinds; `builtin` names the
  // operation in messages.
  ir::ExprPtr CheckZone(const ast::Expr& e, std::string_view builtin, bool bag, bool seq, bool set);

  // ------------------------------------------------------------ type_checker_stmt.cc
  void LowerBlock(const ast::Block& block, ir::Block& out);
  void LowerStmts(const ast::Block& block, std::vector<ir::StmtPtr>& out);
  void LowerStmt(const ast::Stmt& s, std::vector<ir::StmtPtr>& out);
  void LowerAssign(const ast::Stmt& s, std::vector<ir::StmtPtr>& out);
  void LowerLoop(const ast::Stmt& s, std::vector<ir::StmtPtr>& out);
  void LowerEmit(const ast::Stmt& s, std::vector<ir::StmtPtr>& out);
  void LowerCall(const ast::Stmt& s, std::vector<ir::StmtPtr>& out);
  void InlineProc(int proc, const ast::Stmt& call, std::vector<ir::ExprPtr> args,
                  std::vector<ir::StmtPtr>& out);
  // An assignable state place (a state variable, its array elements, struct fields and
  // unwrapped options), or an error-typed node after reporting why `e` is not one.
  ir::ExprPtr CheckPlace(const ast::Expr& e);
  void CheckProcBodies();

  // ------------------------------------------------------------ type_checker_var_params.cc
  // The argument of the `var` parameter `param` (of type `want`): a place of exactly that
  // type, or an error-typed node after reporting why not.
  ir::ExprPtr CheckVarArg(const ast::Expr& arg, const ir::Type* want, const ast::Param& param);
  // Binds the `var` parameter `param` to `place` for an inlined body: each index of the place
  // that is not a constant is evaluated once, into a local set by a `let` appended to `out`,
  // so the parameter names the place the call named even if the body changes the index.
  void BindVarParam(const ast::Param& param, const ir::Type* type, ir::ExprPtr place,
                    ir::Location call, std::vector<ir::StmtPtr>& out);
  // The place a `var` parameter names, as a new expression written at `loc`.
  static ir::ExprPtr ClonePlace(const ir::Expr& place, ir::Location loc);

  // ------------------------------------------------------------ type_checker_moved.cc
  // Whether the call `e` is the `moved(...)` form (no local or declaration is named `moved`).
  bool IsMovedCall(const ast::Expr& e) const;
  // `moved(R)` or `moved(R(args))`: reads the hidden marker of the pattern, adding it if new.
  // Errors outside invariant, reachable and query conditions (moved_allowed_).
  ir::ExprPtr CheckMoved(const ast::Expr& e);
  // The pattern `rule` writes (`attack` or `attack(P1, _)`: an action or trigger with
  // constants of its parameters' types or `_`), or nullopt after reporting why it is not one;
  // `form` names the construct in messages ("`moved`").
  std::optional<ir::MovePattern> CheckMovePattern(const ast::Expr& rule, std::string_view form);
  // Starts every action and trigger body by setting each marker to whether its move matches
  // the marker's pattern. Runs after every property is checked.
  void AddMoveMarkers();

  // ------------------------------------------------------------ type_checker_policies.cc
  // Every `policy` declaration into Program::policies (docs/language.md#policies).
  void CheckPolicies();
  // The seat a policy's `by` names: a constant of a type some action or trigger's `by` has.
  std::optional<int64_t> CheckPolicySeat(const ast::Expr& by, const ir::Type*& type);
  // Whether `type` is a type of seats: that of some `by`, or a range when seats are numbers.
  bool IsSeatType(const ir::Type* type) const;
  // The seat types as a message lists them ("Player", "0..3").
  std::string SeatTypeNames() const;

  // ------------------------------------------------------------ type_checker_switches.cc
  // Sets `stmt.off_by` (the branches of the `if` `s` that constants switch off) and
  // `stmt.proc`. REQUIRES: `stmt` is `s` lowered, its conditions checked.
  void NoteSwitchedOffBranches(const ast::Stmt& s, ir::Stmt& stmt);
  // The constants that make the guard `when` (lowered: `guard`) of an action or trigger
  // false, when they do and it is not false for every setting; empty otherwise.
  std::vector<int> ConstantsSwitchingOff(const ast::Expr& when, const ir::Expr& guard) const;
  // The constants (indices into constants_) that `e` reads, in order of first use, and the
  // places it reads them (each with the constant read there): named, through a local whose
  // value was computed from them, or in the body of a fun it calls. `in_fun`: `e` is in a
  // fun's body, where no local of the scope is visible.
  void ConstantsRead(const ast::Expr& e, std::vector<int>& constants,
                     std::map<ir::Location, int>& uses, std::set<int>* funs_read = nullptr) const;
  // Of `constants` (read by condition `cond` at `uses`), those whose values decide what `cond`
  // folds to, in the same order: in `ON and OTHER == 7` with ON false, ON and not OTHER. A
  // side of an `and` or `or` that does not decide it, and an `if`'s branch not taken, name
  // none; where both sides decide, both are named.
  std::vector<int> DecidingConstants(const ir::Expr& cond, const std::vector<int>& constants,
                                     const std::map<ir::Location, int>& uses) const;
  // What the checker knows of a value (`value`, written as `written`) that a parameter or
  // `let` is bound to, for Local::known: set it on the local once it is bound.
  struct Known {
    std::optional<int64_t> value;
    std::vector<int> from;
    bool literal = false;
  };
  Known KnownValue(const ast::Expr& written, const ir::Expr& value) const;
  static void SetKnown(Local& local, Known known);
  // The value of condition `e` where it folds, with the literals at `unknown` taken as
  // unknown, and the known locals (only those known without constants when `literal_only`).
  std::optional<int64_t> FoldKnown(const ir::Expr& e, const std::map<ir::Location, int>& unknown,
                                   bool literal_only) const;

  // ------------------------------------------------------------ type_checker_calls.cc
  // A call of a fun (or of a built-in function) in an expression.
  ir::ExprPtr CheckCall(const ast::Expr& e);
  void CheckRecursion();

  // ------------------------------------------------------------ locals and frames
  // Binds a new local in the innermost scope, reporting a name that would shadow a global
  // or an enclosing local, and allocates its frame slot.
  const Local& BindLocal(const std::string& name, ir::Location loc, const ir::Type* type,
                         LocalKind kind);
  const Local* FindLocal(const std::string& name) const;
  int64_t AllocSlot(const ir::Type* type);
  size_t OpenScope() const { return locals_.size(); }
  void CloseScope(size_t mark) { locals_.resize(mark); }
  // Starts a code unit (a fun, rule, property, ...) whose locals go to `frame`.
  void BeginUnit(ir::FrameLayout* frame);

  static ir::ExprPtr MakeExpr(ir::ExprOp op, const ir::Type* type, ir::Location loc);
  static ir::ExprPtr ErrorExpr(ir::Location loc) {
    return MakeExpr(ir::ExprOp::kConst, ErrorType(), loc);
  }

  // ------------------------------------------------------------ state
  const ast::File& file_;
  const std::vector<ConstOverride>& overrides_;
  ir::Program& program_;
  ir::TypeTable& types_;
  Diagnostics& diagnostics_;
  std::vector<std::string>& override_errors_;

  std::map<std::string, Symbol> globals_;
  std::map<std::string, std::vector<EnumeratorRef>> enumerators_;
  std::vector<ConstInfo> constants_;
  std::vector<TypeDeclInfo> type_decls_;
  std::vector<const ast::StateVar*> state_decls_;
  std::vector<const ast::Decl*> fun_decls_;
  std::vector<ProcInfo> procs_;
  std::vector<const ast::Decl*> action_decls_;
  std::vector<const ast::Decl*> event_decls_;
  std::vector<const ast::Decl*> trigger_decls_;
  std::vector<bool> fun_recursive_;
  std::vector<bool> proc_recursive_;
  std::vector<const ast::Decl*> init_decls_;
  std::vector<const ast::Decl*> property_decls_;  // terminal, invariant, reachable, query
  std::vector<const ast::Decl*> policy_decls_;
  const ast::Decl* pending_decl_ = nullptr;

  ir::FrameLayout* frame_ = nullptr;
  ir::FrameLayout scratch_frame_;  // for expressions outside any unit (card values)
  std::vector<Local> locals_;
  size_t locals_base_ = 0;      // locals below this belong to a caller of an inlined proc
  int mute_ = 0;                // > 0: errors are dropped (re-lowering an already checked proc)
  int lists_open_ = 0;          // list literals being checked, one inside another
  bool checking_proc_ = false;  // checking a proc body on its own: calls are not inlined
  std::vector<int> inlining_;   // procs being inlined, innermost last
  ir::Location inline_root_;    // the outermost call being inlined
  int64_t inlined_statements_ = 0;
  int nesting_ = 0;        // constants and types being resolved, one inside another
  int expr_depth_ = 0;     // CheckExpr calls, one inside another
  int resolve_depth_ = 0;  // EvalConst and ResolveType calls, one inside another
  int block_depth_ = 0;    // IR blocks being lowered, one inside another
  bool depth_reported_ = false;
  bool inline_budget_reported_ = false;
  bool moved_allowed_ = false;  // checking an invariant, reachable or query condition
  std::vector<MoveMarker> move_markers_;
  std::vector<ir::ExprPtr> var_places_;  // what `var` parameters name (Local::place)
};

}  // namespace rulecheck::front

#endif  // RULECHECK_FRONT_TYPE_CHECKER_INTERNAL_H_
