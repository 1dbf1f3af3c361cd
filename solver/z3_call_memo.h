// The translations of fun calls, kept for the next call of the same fun on the same terms
// (internal to solver/).
//
// A fun is pure: its result depends only on its arguments and on the state variables its body
// (and the funs it calls) reads. The translator calls the same fun on the same terms again and
// again: `can_take(p)` inside `feeding_over()` inside every branch of a rule, each call
// translating the whole body anew. Z3 hash-conses terms, so "the same terms" is the same term
// ids; an entry holds its key's terms, so that no id is given to a new term while the entry
// lasts. A result is the body translated under no guard, with its failures apart: each call
// records them under its own guard.
#ifndef RULECHECK_SOLVER_Z3_CALL_MEMO_H_
#define RULECHECK_SOLVER_Z3_CALL_MEMO_H_

#include <z3++.h>

#include <cstdint>
#include <optional>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "ir/ir.h"
#include "solver/z3_value.h"

namespace rulecheck::solver::internal {

class CallMemo {
 public:
  explicit CallMemo(const ir::Program& program);

  // The key of a call of fun `fun` with arguments `scalars` (scalar parameters, by position;
  // the others absent) and `bits` (composite ones) over `vars`, the state's variables.
  struct Key {
    std::vector<uint64_t> ids;
    std::vector<z3::expr> terms;  // the terms whose ids the key holds
  };
  Key MakeKey(size_t fun, const std::vector<const Scalar*>& scalars,
              const std::vector<const Bits*>& bits, const std::vector<Bits>& vars);

  struct Result {
    Bits bits;
    std::optional<Scalar> scalar;
    std::optional<z3::expr> failure;  // under no guard (the caller adds its own); none: none
  };
  // At most kMaxEntries results are kept: the memo starts afresh when it is full. Each holds
  // its terms alive, and a formula whose calls are all different (funs that call each other
  // on new arguments, twice over) would otherwise keep every term it ever made.
  static constexpr size_t kMaxEntries = size_t{1} << 14;
  // The stored result, or null. Like Insert's, the pointer lasts until the next Insert or
  // Clear: the map moves its entries when it grows.
  const Result* Find(const Key& key) const;
  // The result as stored.
  const Result* Insert(Key key, Result result);
  void Clear() { entries_.clear(); }

 private:
  struct Entry {
    std::vector<z3::expr> terms;
    Result result;
  };
  // The state variables fun `f` reads, directly or through the funs it calls, in order.
  const std::vector<int64_t>& Reads(size_t f);
  void AddReads(const ir::Expr& e, std::vector<bool>& read, std::vector<bool>& visiting);
  void AddDomainReads(const ir::Domain& d, std::vector<bool>& read, std::vector<bool>& visiting);

  const ir::Program& program_;
  std::vector<std::optional<std::vector<int64_t>>> reads_;
  absl::flat_hash_map<std::vector<uint64_t>, Entry> entries_;
};

}  // namespace rulecheck::solver::internal

#endif  // RULECHECK_SOLVER_Z3_CALL_MEMO_H_
