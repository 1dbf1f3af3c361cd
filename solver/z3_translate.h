// Symbolic execution of the typed IR into Z3 terms (internal to solver/).
//
// The Translator mirrors model/evaluator.cc and model/executor.cc one construct at a time,
// over symbolic states instead of packed words. Where the explicit engine forks a path (a
// choose, a roll, a may), the translation introduces a fresh variable that selects the
// branch; where it branches on a condition (`if`, a loop iteration's filter), both sides are
// translated and merged with `ite`. A path is alive (`Path::live`) while it has neither been
// dropped (`require`, a choose without candidates) nor failed; every failure (an assert, a
// model error, a pending overflow) is recorded as the condition under which it happens, so a
// step's failure is the disjunction of those conditions, exactly the runs on which the
// explicit engine reports a StepFailure. Loops are unrolled over their finite domains.
//
// A construct that is not translated yet sets status() to an UnimplementedError naming it
// and its line; the caller must check status() after each translation and discard the terms.
#ifndef RULECHECK_SOLVER_Z3_TRANSLATE_H_
#define RULECHECK_SOLVER_Z3_TRANSLATE_H_

#include <z3++.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "model/model.h"
#include "solver/z3_call_memo.h"
#include "solver/z3_value.h"

namespace rulecheck::solver::internal {

// The locals of a running code unit, keyed as ir::Expr::index keys them for kLocal.
struct Env {
  std::map<int64_t, Scalar> scalars;  // by slot
  std::map<int64_t, Bits> words;      // composite locals, by bit offset
};

// What the rules read and write: each state variable's bits and the pending-trigger area
// (its length field and entries, from StateLayout::pending_length_offset on; width 0 when
// the program has no triggers).
struct SymState {
  std::vector<Bits> vars;
  Bits pending;
};

// One path through a body.
struct Path {
  SymState st;
  Env env;
  z3::expr live;
};

// A fresh variable made for a choose, roll or may.
struct ChoiceVar {
  const ir::Stmt* stmt = nullptr;
  z3::expr var;     // an index into the candidates, or a Bool for may
  z3::expr active;  // whether the statement ran on the path
};

// What a translation throws when its stop says so (Translator::set_stop). A z3::exception,
// so the drivers handle it as they handle a Z3 call the watchdog interrupted.
class TranslationStopped : public z3::exception {
 public:
  TranslationStopped() : z3::exception("stopped while translating the step") {}
};

class Translator {
 public:
  Translator(z3::context& ctx, const model::Model& model);
  Translator(const Translator&) = delete;
  Translator& operator=(const Translator&) = delete;

  z3::context& ctx() { return ctx_; }
  const model::Model& model() const { return model_; }
  // OK, or the first construct that could not be translated.
  const absl::Status& status() const { return status_; }

  // Expressions over `st` with locals `env`, evaluated when `g` holds: a model error is
  // recorded as a failure under `g`.
  Scalar EvalScalar(const ir::Expr& e, const SymState& st, Env& env, const z3::expr& g);
  z3::expr EvalBool(const ir::Expr& e, const SymState& st, Env& env, const z3::expr& g);
  Bits EvalBits(const ir::Expr& e, const SymState& st, Env& env, const z3::expr& g);

  // Runs a block on `path`.
  void ExecBlock(const ir::Block& block, Path& path);

  // Records a failure: `cond` under which a run fails.
  void Fail(const z3::expr& cond);
  // The disjunction of the failures recorded since the last call, and forgets them.
  z3::expr TakeFailure();
  // The choice variables made since the last call, and forgets them.
  std::vector<ChoiceVar> TakeChoices();

  // A fresh Z3 constant: a bit-vector of `width` bits (a Bool when width is 0).
  z3::expr Fresh(const std::string& name, unsigned width);
  // The pending area: offset of entry `i` and the widths.
  uint32_t PendingEntryOffset(int64_t i) const;
  uint32_t PendingWidth() const { return pending_width_; }
  // A logical value `v` of scalar type `t` as a condition on `s` (bools included).
  z3::expr ScalarIs(const Scalar& s, const ir::Type* t, int64_t v);
  // Removes the first pending entry (the later ones move down one slot).
  Bits PopPending(const Bits& pending);
  // The pending list's length as an integer.
  Scalar PendingLength(const Bits& pending);
  // Sets status() to Unimplemented for `what` at `loc` (the first such call wins).
  void Unimplemented(const std::string& what, const ir::Location& loc);
  // Asked every kStopEvery fun calls and loop values while translating; once it says so, the
  // translation throws TranslationStopped, with the failures and choices of the rule in
  // progress forgotten. One rule can take a minute to translate, and the watchdog cannot stop
  // a translation, only a Z3 call.
  void set_stop(std::function<bool()> stop) { stop_ = std::move(stop); }
  // While set, Fail() records nothing: the rule being translated fails in no reachable state
  // (StepEncoder::FixBitsForGood).
  void set_failures_ignored(bool ignored) {
    // The calls translated so far have their failures recorded, or not, as before.
    if (ignored != failures_ignored_) calls_.Clear();
    failures_ignored_ = ignored;
  }

 private:
  struct Item {
    z3::expr present;
    Scalar value;
  };
  // A writable place: a root (a state variable, a composite local or a scalar local) and
  // the bit offsets inside it the place may denote, each with its condition.
  struct PlaceRef {
    enum Root { kVar, kLocalBits, kLocalScalar } root = kVar;
    int64_t index = 0;
    const ir::Type* type = nullptr;
    std::vector<std::pair<z3::expr, uint32_t>> at;
    // How the place is stored, when not as `type`: `x!` of a scalar option x is a value of
    // the element type kept in x's encoding (0 for none).
    const ir::Type* storage = nullptr;
    const ir::Type* stored_as() const { return storage != nullptr ? storage : type; }
  };
  using ModifyFn = std::function<Bits(const Bits& old, const z3::expr& g)>;

  // z3_expr.cc
  // `if c then a else b` for EvalScalar and EvalBits (`eval`, merged by `ite`): each arm is
  // translated under the condition that it is evaluated at all.
  template <typename Value>
  Value EvalIf(const ir::Expr& e, const SymState& st, Env& env, const z3::expr& g,
               Value (Translator::*eval)(const ir::Expr&, const SymState&, Env&, const z3::expr&),
               Value (*ite)(const z3::expr&, const Value&, const Value&));
  Scalar Binary(const ir::Expr& e, const SymState& st, Env& env, const z3::expr& g);
  Scalar Quantify(const ir::Expr& e, const SymState& st, Env& env, const z3::expr& g);
  Scalar The(const ir::Expr& e, const SymState& st, Env& env, const z3::expr& g);  // `the`
  // The composite literals (z3_literals.cc): set, bag, array and struct literals; and the
  // array literal `[x in I: e]` itself.
  Bits Literal(const ir::Expr& e, const SymState& st, Env& env, const z3::expr& g);
  Bits ArrayOf(const ir::Expr& e, const SymState& st, Env& env, const z3::expr& g);
  Scalar CollectionScalar(const ir::Expr& e, const SymState& st, Env& env, const z3::expr& g);
  // A fun call: a Scalar result in `scalar`, a composite one returned.
  Bits Call(const ir::Expr& e, const SymState& st, Env& env, const z3::expr& g, Scalar* scalar);
  // The bits an element-selecting expression (kIndex, kField, kTop, kBottom, kSeqAt,
  // kUnwrap of a composite option) denotes.
  Bits Select(const ir::Expr& e, const SymState& st, Env& env, const z3::expr& g);
  Bits SelectIndex(const Bits& base, const ir::Type* array, const Scalar& index, const z3::expr& g);
  Bits SeqSlot(const Bits& seq, const ir::Type* ct, const Scalar& i);
  // The values of a domain, each with the condition that it is present; `loc` is the loop's
  // place for the errors (too many values, the work budget).
  std::vector<Item> Items(const ir::Domain& d, const ir::Location& loc, const SymState& st,
                          Env& env, const z3::expr& g);
  // Spends one unit of the translation budget (a fun call or a loop value) at `loc`; false,
  // with status() set, once it is spent. The budget keeps a formula whose size is exponential
  // in the file (funs that call each other twice over, nested loops over large domains) from
  // hanging the translation, which the watchdog cannot interrupt.
  // `count` units at once (a loop's values); the stop is asked once `kStopEvery` units were
  // spent since it was last asked, so a loop of thousands of values asks at once.
  bool Spend(const ir::Location& loc, uint64_t count = 1);
  // Counts `count` units of work toward the stop check only (not the budget): the terms made
  // for each member of a collection type (a set of 100,000 numbers has as many), so that
  // translating size() of a large set, or adding to it, stops on the watchdog as a loop does.
  void MayStop(uint64_t count);
  ErrorFn ErrorsUnder(const z3::expr& g);

  // z3_stmt.cc
  void Exec(const ir::Stmt& s, Path& p);
  void ExecIf(const ir::Stmt& s, size_t i, Path& p);
  void ExecGuarded(const z3::expr& cond, const ir::Block& block, Path& p);
  void ExecChoose(const ir::Stmt& s, Path& p);
  // z3_sub_bags.cc: `choose h in sub(b, n)` (one fresh bag, within `b`, of `n` copies) and
  // `move h from A to B`, `add(A, h)`, `remove(A, h)` of a whole bag.
  void ExecChooseSubBag(const ir::Stmt& s, Path& p);
  void ExecBagCopies(const ir::Stmt& s, Path& p);
  void ExecAssign(const ir::Stmt& s, Path& p);
  void ExecCollection(const ir::Stmt& s, Path& p);
  void ExecMove(const ir::Stmt& s, Path& p);
  void ExecEmit(const ir::Stmt& s, Path& p);
  Path Merge(const z3::expr& cond, Path a, Path b);
  PlaceRef Resolve(const ir::Expr& place, Path& p, const z3::expr& g);
  void Modify(Path& p, const PlaceRef& ref, const ModifyFn& fn);
  // An element for a collection of element type `et`: its canonical bits, and for a scalar
  // its value. A scalar outside `et` is a failure.
  Bits EvalElem(const ir::Type* et, const ir::Expr& e, Path& p, Scalar* scalar);
  // Collection primitives on the bits of a bag, set or seq of type `ct`; errors under `g`.
  Bits Insert(const ir::Type* ct, const Bits& old, const Bits& elem, const Scalar* scalar,
              bool strict, const z3::expr& g);
  Bits Erase(const ir::Type* ct, const Bits& old, const Bits& elem, const Scalar* scalar,
             const z3::expr& g);
  // A bag's or set's bits with `fn(count, is)` in place of the count (or bit) of each member
  // that `elem` may be (`is`: the condition that it is). Members `elem` cannot be keep their
  // bits and cost nothing; when only a few remain, only their counts are rewritten.
  Bits UpdateCounts(const ir::Type* ct, const Bits& old, const Scalar& elem,
                    const std::function<Bits(const Bits&, const z3::expr&)>& fn);
  static constexpr size_t kFewMembers = 4;
  Bits SeqInsertAt(const ir::Type* ct, const Bits& old, const Scalar& i, const Bits& elem);
  Bits SeqRemoveAt(const ir::Type* ct, const Bits& old, const Scalar& i);
  Scalar SeqLength(const ir::Type* ct, const Bits& seq);

  z3::context& ctx_;
  const model::Model& model_;
  const ir::Program& program_;
  absl::Status status_;
  std::vector<z3::expr> failures_;
  std::vector<ChoiceVar> choices_;
  std::vector<std::vector<int>> triggers_on_;
  uint32_t pending_width_ = 0;
  uint64_t fresh_ = 0;
  static constexpr int64_t kMaxTranslationWork = int64_t{1} << 20;
  int64_t work_left_ = kMaxTranslationWork;
  int stats_nesting_ = 0;  // ExecBlock's nesting, for the diagnostics (step_stats.h)
  std::function<bool()> stop_;
  bool failures_ignored_ = false;
  CallMemo calls_;
  static constexpr uint32_t kStopEvery = 1024;
  // A loop over a collection type's members counts toward the stop check this many at a time.
  static constexpr uint32_t kMembersPerStopCheck = 4096;
  int64_t until_stop_check_ = kStopEvery;
};

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_Z3_TRANSLATE_H_
