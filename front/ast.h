// The abstract syntax tree of a `.rules` file, exactly as written: names are unresolved and
// nothing is typed yet. The parser builds it; the type checker (type_checker.h) resolves it
// into the typed IR (ir/ir.h). Every node carries the position of its first token so that every
// diagnostic can point at the text the rules editor wrote.
#ifndef RULECHECK_FRONT_AST_H_
#define RULECHECK_FRONT_AST_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ir/source.h"

namespace rulecheck::front::ast {

struct Expr;
struct TypeExpr;
struct Stmt;
using ExprPtr = std::unique_ptr<Expr>;
using TypeExprPtr = std::unique_ptr<TypeExpr>;
using StmtPtr = std::unique_ptr<Stmt>;

// ---------------------------------------------------------------- types

enum class TypeExprKind {
  kName,    // bool, int, an enum, cards, struct or alias: `name`
  kRange,   // `lo..hi` with constant bounds
  kArray,   // `[index] elem`
  kBag,     // `bag<elem, capacity>`
  kSeq,     // `seq<elem, capacity>`
  kSet,     // `set<elem>`
  kOption,  // `elem?`
};

struct TypeExpr {
  TypeExprKind kind = TypeExprKind::kName;
  ir::Location loc;
  std::string name;   // kName
  ExprPtr lo, hi;     // kRange bounds
  ExprPtr capacity;   // kBag, kSeq
  TypeExprPtr index;  // kArray
  TypeExprPtr elem;   // kArray, kBag, kSeq, kSet, kOption
  // The height of this tree, counting the expressions inside it (1 for a leaf). The parser
  // sets it and bounds it (Parser::kMaxNesting), so every later recursive pass may rely on it.
  int height = 1;
};

// ---------------------------------------------------------------- expressions

enum class ExprKind {
  kInt,         // int_value
  kBool,        // bool_value
  kNone,        // `none`
  kName,        // name: a constant, enumerator, state variable, parameter or local
  kUnary,       // op operand[0]
  kBinary,      // operand[0] op operand[1]
  kIf,          // if operand[0] then operand[1] else operand[2]
  kIndex,       // operand[0] [ operand[1] ]
  kField,       // operand[0] . name   (a struct field, a card attribute, or Enum.Member)
  kUnwrap,      // operand[0] !
  kCall,        // name ( operands ): a fun or a built-in such as len, top, size
  kQuantifier,  // quantifier name in domain [where filter]: operand[0]
  kSetLiteral,  // { operands }
  // name { labels[0]: operands[0], ... }
  kStructLiteral,
  // [name in domain: operand[0]]: an array with a value at every index
  kArrayOf,
  // [ operands ]: the array indexed 0..n-1 whose elements are the operands, in order
  kListLiteral,
};

enum class Op {
  kNeg,
  kNot,  // unary
  kAdd,
  kSub,
  kMul,
  kDiv,
  kMod,  // arithmetic
  kEq,
  kNe,
  kLt,
  kLe,
  kGt,
  kGe,
  kIn,  // comparison and membership
  kAnd,
  kOr,
  kImplies,  // logic
};

// kThe: `the x in D [where c]`, the one value of D that satisfies c (no body).
// kMax, kMin: `max x in D [where c]: e`, the greatest (least) value of e.
enum class Quantifier { kAll, kAny, kSum, kCount, kThe, kMax, kMin };

// A name written before a value: a field of a struct literal (`a: 1`).
struct Label {
  std::string name;
  ir::Location loc;
};

// The set of values a quantifier, `for`, `choose` or `roll` ranges over: a type name
// (`Player`, `bool`), a range `lo..hi` (bounds may be any int expressions), or a collection
// expression (a set, bag or seq). The parser cannot tell a type name from a variable; the
// checker decides.
struct Domain {
  ir::Location loc;
  ExprPtr expr;  // the collection or type name; or the low bound when `hi` is set
  ExprPtr hi;    // set for `lo..hi`
  // Set instead of `expr` and `hi` for an option type (`Card?`, `(1..M)?`): every value of
  // the inner type, then `none`.
  TypeExprPtr type;
};

struct Expr {
  ExprKind kind = ExprKind::kInt;
  ir::Location loc;
  int64_t int_value = 0;
  bool bool_value = false;
  Op op = Op::kAdd;
  ir::Location op_loc;    // kUnary, kBinary: the operator's position
  std::string name;       // kName, kField, kCall, kQuantifier and kArrayOf (the bound variable)
  ir::Location name_loc;  // kField, kQuantifier, kArrayOf: the name's position
  // kStructLiteral: `name` is the struct type, at `name_loc`; the field each operand gives.
  std::vector<Label> labels;
  Quantifier quantifier = Quantifier::kAll;
  std::unique_ptr<Domain> domain;  // kQuantifier, kArrayOf
  ExprPtr filter;                  // kQuantifier `where`
  std::vector<ExprPtr> operands;
  // The height of this tree (1 for a leaf), set by the parser. The type checker rejects an
  // expression higher than its bound before walking it, so every later recursive pass over
  // the IR lowered from it may rely on that bound.
  int height = 1;

  Expr() = default;
  Expr(const Expr&) = delete;
  Expr& operator=(const Expr&) = delete;
  // Iterative: a chain such as `a + a + ... + a` is as deep as it is long, and destroying it
  // by recursion could overflow the stack.
  ~Expr();
};

inline Expr::~Expr() {
  std::vector<ExprPtr> pending;
  auto take = [&pending](Expr& e) {
    for (ExprPtr& operand : e.operands) pending.push_back(std::move(operand));
    pending.push_back(std::move(e.filter));
    if (e.domain != nullptr) {
      pending.push_back(std::move(e.domain->expr));
      pending.push_back(std::move(e.domain->hi));
    }
  };
  take(*this);
  while (!pending.empty()) {
    ExprPtr next = std::move(pending.back());
    pending.pop_back();
    if (next != nullptr) take(*next);  // `next` then dies with no children left
  }
}

// ---------------------------------------------------------------- statements

struct Block {
  ir::Location loc;
  std::vector<StmtPtr> stmts;
};

enum class StmtKind {
  kAssign,   // target := value | target += value | target -= value
  kLet,      // let name = value
  kIf,       // if conds[0] {blocks[0]} elif conds[1] {blocks[1]} ... [else else_block]
  kFor,      // for name in domain [where filter] body
  kChoose,   // choose name in domain [where filter] body
  kRoll,     // roll name in domain body
  kMay,      // may blocks[0] [else blocks[1]]
  kRequire,  // require value
  kAssert,   // assert value [, message]
  kEmit,     // emit name(args)
  kCall,     // name(args): a proc or a built-in statement (add, remove, push, ...)
  kMove,     // move value from source to target
};

enum class AssignOp { kSet, kAdd, kSub };

struct Stmt {
  StmtKind kind = StmtKind::kAssign;
  ir::Location loc;
  AssignOp assign_op = AssignOp::kSet;
  ExprPtr target;    // kAssign; kMove destination
  ExprPtr source;    // kMove origin
  ExprPtr value;     // kAssign, kLet, kRequire, kAssert, kMove element
  std::string name;  // kLet, kFor, kChoose, kRoll (bound name); kEmit, kCall (callee)
  ir::Location name_loc;
  std::string message;  // kAssert
  std::unique_ptr<Domain> domain;
  ExprPtr filter;
  std::vector<ExprPtr> args;          // kEmit, kCall
  std::vector<ExprPtr> conds;         // kIf
  std::vector<Block> blocks;          // kIf (one per cond); kFor/kChoose/kRoll/kMay: blocks[0]
  std::unique_ptr<Block> else_block;  // kIf, may be null
};

// ---------------------------------------------------------------- declarations

struct Param {
  std::string name;
  ir::Location loc;
  TypeExprPtr type;
  // `var name: T` (a proc's parameter that names the caller's place): where `var` is written.
  bool is_var = false;
  ir::Location var_loc;
};

struct EnumMember {
  std::string name;
  ir::Location loc;
};

struct AttrArg {  // `might: 2` inside a card member
  std::string name;
  ir::Location loc;
  ExprPtr value;
};

struct CardMember {
  std::string name;
  ir::Location loc;
  std::vector<AttrArg> args;
};

struct CardAttr {
  std::string name;
  ir::Location loc;
  TypeExprPtr type;
  ExprPtr default_value;  // may be null: then the type's default
};

struct StateVar {
  std::string name;
  ir::Location loc;
  TypeExprPtr type;
  ExprPtr initial;  // may be null
};

enum class DeclKind {
  kGame,
  kConst,
  kEnum,
  kAlias,
  kStruct,
  kCards,
  kState,
  kInit,
  kFun,
  kProc,
  kAction,
  kEvent,
  kTrigger,
  kTerminal,
  kInvariant,
  kReachable,
  kTerminates,
  kQuery,
  kPending,
  kPolicy,
};

// kProbability and kExpect are the questions about chance that `rulecheck odds` answers; they
// take no `within`.
enum class QueryKind { kMaximize, kMinimize, kReachable, kProbability, kExpect };

// One line of a policy: `prefer PATTERN [when COND]`.
struct Preference {
  ir::Location loc;  // the `prefer`
  ExprPtr pattern;   // a rule name, or a call of one with constants and `_`
  ExprPtr when;      // may be null
};

struct Decl {
  DeclKind kind = DeclKind::kGame;
  ir::Location loc;  // the keyword
  std::string name;  // most declarations; kGame: the game's title
  ir::Location name_loc;
  // A property given on the command line (--invariant, --reachable, --probability, --expect):
  // its name is its expression's text, which names no symbol (`--reachable won` is not a second
  // declaration of the state variable `won`).
  bool from_command_line = false;
  ExprPtr value;   // kConst value, kFun body, kTerminal/kInvariant/kReachable/kQuery
                   // expression, kPending capacity
  ExprPtr within;  // kQuery bound (null for kProbability, kExpect)
  QueryKind query_kind = QueryKind::kReachable;
  TypeExprPtr type;                 // kAlias target, kFun result, kPolicy binder's type
  std::vector<Param> params;        // kStruct fields, kFun/kProc/kAction/kEvent params
  std::vector<EnumMember> members;  // kEnum
  std::vector<CardAttr> attrs;      // kCards
  std::vector<CardMember> cards;    // kCards
  std::vector<StateVar> vars;       // kState
  std::string event;                // kTrigger: the event it listens to
  ir::Location event_loc;
  std::vector<EnumMember> binders;  // kTrigger: names bound to the event's arguments
  ExprPtr by;                       // kAction, kTrigger
  ExprPtr when;                     // kAction, kTrigger guard
  Block body;                       // kInit, kProc, kAction, kTrigger
  // kPolicy: `by` is its seat, or, with `binder` set, `by binder: type` for every seat.
  std::string binder;
  ir::Location binder_loc;
  std::vector<Preference> prefers;
};

struct File {
  std::vector<Decl> decls;
};

}  // namespace rulecheck::front::ast

#endif  // RULECHECK_FRONT_AST_H_
