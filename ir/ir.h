// The typed intermediate representation of a checked rules program.
//
// The type checker (front/type_checker.h) turns the AST into this form: every name is
// resolved (a state variable to its index, a local to its frame slot, an enumerator to its
// ordinal, a constant to its value), every expression has its type, implicit conversions are
// explicit (a scalar stored into an option is wrapped in kSome), and procs are inlined at their
// call sites. The successor generator interprets it over packed states and the symbolic engine
// translates it to Z3; neither needs to look at names or the AST again.
//
// Locals (parameters, `let`, loop and quantifier variables) live in a frame: scalar locals in
// an int64 array (`Frame::scalars`), composite locals as bit slices of a word array
// (`Frame::words`). Each code unit (fun, action, trigger, property, init) records how big its
// frame is.
#ifndef RULECHECK_IR_IR_H_
#define RULECHECK_IR_IR_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ir/move.h"
#include "ir/source.h"
#include "ir/types.h"

namespace rulecheck::ir {

struct Expr;
struct Stmt;
using ExprPtr = std::unique_ptr<Expr>;
using StmtPtr = std::unique_ptr<Stmt>;

enum class ExprOp {
  kConst,     // value: a logical scalar of `type`
  kStateVar,  // index: the state variable; offset: its bit offset (set by the layout)
  kLocal,     // index: scalar slot (scalar type) or bit offset in the frame words
  kIndex,     // args[0][args[1]]: an array element
  kField,     // args[0].field: index = field number
  kAttr,      // args[0].attr of a card: index = attribute number
  kNeg,
  kNot,
  kAdd,
  kSub,
  kMul,
  kDiv,
  kMod,
  kEq,
  kNe,  // any type: composites compare bit for bit
  kLt,
  kLe,
  kGt,
  kGe,
  kAnd,
  kOr,
  kImplies,
  kIf,          // if args[0] then args[1] else args[2]
  kCall,        // index: the fun; args: its arguments
  kQuantifier,  // quantifier over domain, bound to local `index`, filter, body args[0]
  kIn,          // args[0] in args[1] (a set, bag or seq)
  kCount,       // args[0][args[1]]: copies of a member in a bag
  kSize,        // size(args[0]): a bag's total count or a set's member count
  kLen,         // len(args[0]) of a seq
  kTop,         // top(args[0]) of a seq (its last element)
  kBottom,      // bottom(args[0]) of a seq
  kSeqAt,       // args[0][args[1]] of a seq, 0 = bottom
  kEmpty,       // empty(args[0]): a bag, seq or set with nothing in it, or an absent option
  kUnwrap,      // args[0]! of an option
  kMin,
  kMax,
  kAbs,
  kNext,
  kPrev,
  kOrd,         // enums: cyclic successor and predecessor, ordinal
  kSetLiteral,  // {args...}: type is set<E>
  kNone,        // the absent value of an option type
  kSome,        // args[0] as a present option value
  // A struct value: args are its fields in declaration order.
  kStructLiteral,
  // The member of enum `type` at ordinal args[0] (`Player(i)`; a model error outside it).
  kEnumOf,
  // `[x in I: e]`: the array of type `type` whose element at each value of its index type
  // is args[0] evaluated with that value bound to local `index`.
  kArrayOf,
  // {args...} as a bag (type bag<E, K>): each argument adds one copy.
  kBagLiteral,
};

// kThe: the one value of the domain that passes the filter (a model error unless exactly one
// does); its type is the domain's element type and it has no body. kMax and kMin: the
// greatest and least value of the integer body over the values that pass (a model error when
// none does).
enum class Quantifier { kAll, kAny, kSum, kCount, kThe, kMax, kMin };

enum class DomainKind {
  // every value of `elem_type` in order; of an option type `T?`: T's values, then none
  kType,
  kRange,  // lo..hi, evaluated when the loop starts; empty when lo > hi
  kSet,    // the members of a set, in enumerator order
  kBag,    // the distinct members present in a bag, in enumerator order
  kSeq,    // the elements of a seq from bottom to top (repeats included)
  // `sub(b, n)`, only in `choose`: each distinct sub-multiset of bag `collection` with `lo`
  // copies in all, as a bag of the collection's type (the bound local is a composite).
  kSubBag,
};

struct Domain {
  DomainKind kind = DomainKind::kType;
  const Type* elem_type = nullptr;  // the bound variable's type
  ExprPtr lo, hi;                   // kRange; kSubBag: lo is the size
  ExprPtr collection;               // kSet, kBag, kSeq, kSubBag
};

struct Expr {
  ExprOp op = ExprOp::kConst;
  const Type* type = nullptr;
  Location loc;
  int64_t value = 0;    // kConst
  int64_t index = 0;    // kStateVar, kLocal, kField, kAttr, kCall, kQuantifier
  uint32_t offset = 0;  // kStateVar
  Quantifier quantifier = Quantifier::kAll;
  std::unique_ptr<Domain> domain;  // kQuantifier
  ExprPtr filter;                  // kQuantifier `where`, may be null
  std::vector<ExprPtr> args;
  // kArrayOf that reads nothing but constants (a list literal, a table of tables): its value,
  // worked out once when the model is loaded (model/constant_tables.h), which the interpreter
  // reads instead of building the array at each use. Empty otherwise.
  std::vector<uint32_t> table;
};

struct Block {
  Location loc;
  std::vector<StmtPtr> stmts;
};

enum class StmtOp {
  kAssign,      // place := value (any type)
  kAddAssign,   // place += value (integers)
  kSubAssign,   // place -= value
  kLet,         // local `slot` := value
  kIf,          // conds[i] -> blocks[i]; else_block when none holds
  kFor,         // for local `slot` in domain [where filter] blocks[0]
  kChoose,      // one successor per candidate; none -> not a move
  kRoll,        // like choose, but chance rather than a player's choice
  kMay,         // blocks[0] or nothing (blocks[1], the `else`, if written)
  kRequire,     // value must hold, else this path is not a move
  kAssert,      // value must hold, else an assert finding with `message`
  kEmit,        // event `event` with args
  kAdd,         // add(place, value): a bag member +1, a set member in
  kRemove,      // remove(place, value): bag -1, set out, seq: topmost occurrence out
  kClear,       // clear(place)
  kPush,        // push(place, value): on top of a seq
  kPushBottom,  // push_bottom(place, value)
  kPop,         // pop(place): drop the top of a seq
  kPopBottom,   // pop_bottom(place)
  kInsertAt,    // insert_at(place, index, value)
  kRemoveAt,    // remove_at(place, index)
  kMove,        // move value from `place` to `target`
};

struct Stmt {
  StmtOp op = StmtOp::kAssign;
  Location loc;
  ExprPtr place;   // the l-value acted on (a kStateVar/kIndex/kField/kLocal chain)
  ExprPtr target;  // kMove destination
  ExprPtr value;
  ExprPtr index;     // kInsertAt, kRemoveAt
  int64_t slot = 0;  // kLet, kFor, kChoose, kRoll: the local bound
  std::unique_ptr<Domain> domain;
  ExprPtr filter;
  std::vector<ExprPtr> conds;
  std::vector<Block> blocks;
  std::unique_ptr<Block> else_block;
  int event = -1;  // kEmit
  std::vector<ExprPtr> args;
  std::string message;  // kAssert; kLet with a `bound`: what the value is for (see below)
  // kLet of a scalar: when set, the value must lie in this type, else a model error at the
  // value, `OutsideMessage` followed by `message` (a proc's parameter: " of parameter `k` of
  // `deal`"; the index of a `var` parameter's place). Null: the value is not checked.
  const Type* bound = nullptr;
  std::string name;  // kLet/kFor/kChoose/kRoll: the local's name, for narration
  // Trail ids (see TrailPoint), set by NumberTrailPoints (passes.h): this statement's, and for kIf
  // the first of its branches' (branch i is branch_id + i; conds.size() is the else, or the
  // fall-through when there is no else block).
  uint32_t id = 0;
  uint32_t branch_id = 0;
  // A statement that puts a card somewhere or takes it out (move, add, remove, push,
  // insert_at, :=) given by a local or state variable (`for d in hand { move d ... }`), not by
  // name: where trails are recorded it also records card_trail + the card's member number,
  // an id past every TrailPoint's (card_trail is trail_points.size() plus the number of the
  // first card of its `cards` enum, cards numbered over all such enums in declaration order),
  // so a coverage analysis sees the card it acted on. -1 otherwise. Set by NumberTrailPoints.
  int64_t card_trail = -1;
  // kIf, set by the type checker: for each branch (conds, then the else), the constants
  // (indices into Program::constants) whose values switch it off, where its own condition
  // folds to false, or an earlier one to true, only because of those constants; empty where
  // the branch may run or is ruled out for every value of the constants. The vector is empty
  // when no condition of the `if` folds.
  std::vector<std::vector<int>> off_by;
  // kIf: the innermost proc (index into Program::procs) whose inlined body holds it, or -1.
  int proc = -1;
};

// Whether a statement of `op` acts on the value it is given: puts it somewhere (assigns, adds,
// pushes, inserts, moves) or takes it out (removes).
inline bool ActsOnValue(StmtOp op) {
  switch (op) {
    case StmtOp::kAssign:
    case StmtOp::kAdd:
    case StmtOp::kRemove:
    case StmtOp::kPush:
    case StmtOp::kPushBottom:
    case StmtOp::kInsertAt:
    case StmtOp::kMove:
      return true;
    default:
      return false;
  }
}

// A point of the rules a move can pass through: a statement, or one branch of an `if`. Moves
// record the ids of the points they passed (Move::trail) for coverage analysis.
struct TrailPoint {
  const Stmt* stmt = nullptr;  // the statement, or the `if` the branch belongs to
  int branch = -1;             // -1: the statement itself; else the branch number
  Location loc;                // the statement; a branch's condition, or its else block
  // The rule whose body holds the point: kAction/kTrigger with its index; init is -1/-1.
  enum class Rule { kInit, kAction, kTrigger };
  Rule rule = Rule::kInit;
  int rule_index = -1;
  int32_t parent_branch = -1;  // the innermost enclosing branch point, -1 when none
};

struct FrameLayout {
  uint32_t scalars = 0;  // int64 slots
  uint32_t bits = 0;     // bits of composite locals
};

struct Param {
  std::string name;
  Location loc;
  const Type* type = nullptr;
  int64_t slot = 0;  // as in kLocal
};

struct Constant {
  std::string name;
  Location loc;
  const Type* type = nullptr;  // int or bool
  int64_t value = 0;
};

struct StateVar {
  std::string name;
  Location loc;
  const Type* type = nullptr;
  ExprPtr initial;  // may be null: the type's default (all-zero bits)
  // Added by the front end, not declared (the marker of a `moved(...)` pattern): a trace does
  // not show it, and the order-dependence check does not tell states apart by it.
  bool hidden = false;
};

struct Fun {
  std::string name;
  Location loc;
  std::vector<Param> params;
  const Type* result = nullptr;
  ExprPtr body;
  FrameLayout frame;
};

struct Action {
  std::string name;
  Location loc;
  std::vector<Param> params;  // each a finite scalar; instances are all combinations
  ExprPtr by;                 // may be null
  ExprPtr guard;              // may be null
  // The constants (indices into Program::constants) whose values make `guard` false, when
  // they do (a house rule: `when HOUSE and ...`); empty otherwise. See Stmt::off_by.
  std::vector<int> off_by;
  Block body;
  FrameLayout frame;
};

struct Event {
  std::string name;
  Location loc;
  std::vector<Param> params;  // finite scalars
};

struct Trigger {
  std::string name;
  Location loc;
  int event = 0;
  std::vector<Param> binders;  // bound to the event's arguments, in order
  ExprPtr by;
  ExprPtr guard;            // evaluated when the event is emitted
  std::vector<int> off_by;  // as Action::off_by
  Block body;
  FrameLayout frame;
};

// A named boolean (or for queries, integer) expression over one state.
struct Property {
  std::string name;
  Location loc;
  ExprPtr expr;
  FrameLayout frame;
};

enum class QueryKind { kMaximize, kMinimize, kReachable };

struct Query {
  std::string name;
  Location loc;
  QueryKind kind = QueryKind::kReachable;
  ExprPtr expr;
  int64_t within = 0;
  FrameLayout frame;
};

// A question about chance (`query name: probability e`, `query name: expect e`), answered by
// `rulecheck odds` over the whole state graph (docs/odds.md): the probability of reaching a
// state where the bool `expr` holds, or the expected value of the integer `expr` in the state
// where the game ends.
enum class ChanceKind { kProbability, kExpect };

struct ChanceQuery {
  std::string name;
  Location loc;
  ChanceKind kind = ChanceKind::kProbability;
  ExprPtr expr;
  FrameLayout frame;
};

// A policy (`policy NAME by SEAT { prefer PATTERN [when COND] ... }`): which move a seat makes,
// for `rulecheck odds --policy` and `rulecheck simulate --policy` (docs/language.md#policies).
// In a state where a governed seat chooses its move, the first preference whose condition
// holds and whose pattern matches one of the seat's instances with a successor limits the
// seat to the matching instances; when none applies the seat plays as under random play.
struct Preference {
  Location loc;  // the `prefer`
  MovePattern pattern;
  ExprPtr condition;  // may be null: always
};

struct Policy {
  std::string name;
  Location loc;
  const Type* seat_type = nullptr;  // the seat's type: an enum, a range or bool
  // The one seat it governs; nullopt: every seat of `seat_type`, bound to `binder`.
  std::optional<int64_t> seat;
  Param binder;  // when `seat` is nullopt: its name, type (seat_type) and slot
  std::vector<Preference> preferences;
  FrameLayout frame;
};

struct Program {
  std::string game_name;
  std::unique_ptr<TypeTable> types = std::make_unique<TypeTable>();
  std::vector<const EnumDef*> enums;  // declaration order; includes cards
  std::vector<Constant> constants;
  std::vector<StateVar> state;
  Block init;
  FrameLayout init_frame;
  std::vector<Fun> funs;
  std::vector<std::string> procs;  // the procs' names, in declaration order (inlined)
  std::vector<Action> actions;
  std::vector<Event> events;
  std::vector<Trigger> triggers;
  std::vector<Property> terminals;  // name empty; a state is terminal when any holds
  std::vector<Property> invariants;
  std::vector<Property> reachables;
  std::optional<Location> terminates;
  std::vector<Query> queries;
  std::vector<ChanceQuery> chance_queries;
  std::vector<Policy> policies;  // ignored by check, solve and prove
  int64_t pending_capacity = 8;
  Location pending_loc;
  std::vector<TrailPoint> trail_points;  // indexed by trail id
};

// Each `cards` enum with the number of its first card, the cards of all of them numbered in
// declaration order: the numbers Stmt::card_trail and the coverage count cards by.
inline std::vector<std::pair<const EnumDef*, int64_t>> CardBases(const Program& program) {
  std::vector<std::pair<const EnumDef*, int64_t>> bases;
  int64_t cards = 0;
  for (const EnumDef* def : program.enums) {
    if (!def->is_cards) continue;
    bases.emplace_back(def, cards);
    cards += static_cast<int64_t>(def->members.size());
  }
  return bases;
}

}  // namespace rulecheck::ir

#endif  // RULECHECK_IR_IR_H_
