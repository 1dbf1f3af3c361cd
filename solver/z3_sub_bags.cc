// The translation of `choose h in sub(b, n)` and of `move h from A to B`, `add(A, h)` and
// `remove(A, h)` of a whole bag (see model/executor_sub_bags.cc for the explicit engine). The
// choice is one fresh bit-vector laid out as a bag of `b`'s type, constrained to hold at most
// `b`'s copies of each member and `n` copies in all: each distinct sub-bag is one value of it,
// as it is one successor of the explicit engine. Taking a bag out of A subtracts each member's
// count (a model error where A holds fewer); putting it into B adds it (a model error past B's
// capacity).
#include <algorithm>
#include <cstdint>
#include <optional>

#include "solver/z3_translate.h"

namespace rulecheck::solver::internal {

using ir::Type;

void Translator::ExecChooseSubBag(const ir::Stmt& s, Path& p) {
  const size_t failures_before = failures_.size();
  const ir::Domain& d = *s.domain;
  const Type* bt = d.collection->type;
  const uint32_t cw = bt->CountWidth();
  Bits bag = EvalBits(*d.collection, p.st, p.env, p.live);
  Scalar n = EvalScalar(*d.lo, p.st, p.env, p.live);
  Fail(p.live && Less(n, IntConst(ctx_, 0)));  // as the explicit engine: a model error
  const Bits h{Fresh("choose", bt->width), bt->width};
  choices_.push_back({&s, *h.e, p.live});
  z3::expr within = ctx_.bool_val(true);
  Scalar total = IntConst(ctx_, 0);
  for (int64_t o = 0; o < bt->elem->Cardinality(); ++o) {
    if (o % kMembersPerStopCheck == 0) MayStop(kMembersPerStopCheck);
    const uint32_t at = static_cast<uint32_t>(o) * cw;
    Scalar taken = BitsAsUnsigned(ctx_, ExtractBits(h, at, cw));
    within = within && LessEq(taken, BitsAsUnsigned(ctx_, ExtractBits(bag, at, cw)));
    total = Add(total, taken, ErrorsUnder(ctx_.bool_val(false)));  // bounded: cannot overflow
  }
  z3::expr chosen = within && Equal(total, n);
  p.env.words.insert_or_assign(s.slot, h);
  if (s.filter != nullptr) chosen = chosen && EvalBool(*s.filter, p.st, p.env, p.live && chosen);
  for (size_t i = failures_before; i < failures_.size(); ++i) p.live = p.live && !failures_[i];
  p.live = p.live && chosen;
  ExecBlock(s.blocks[0], p);
}

void Translator::ExecBagCopies(const ir::Stmt& s, Path& p) {
  const Type* vt = s.value->type;
  const uint32_t vw = vt->CountWidth();
  // Read before a place changes: the value may be the source itself.
  const Bits value = EvalBits(*s.value, p.st, p.env, p.live);
  // `move h from A to B` takes out of A and puts into B; `remove(A, h)` only takes out of A,
  // `add(A, h)` only puts into A. Both places are found before either changes.
  const ir::Expr* out_of = s.op == ir::StmtOp::kAdd ? nullptr : s.place.get();
  const ir::Expr* into = s.op == ir::StmtOp::kMove  ? s.target.get()
                         : s.op == ir::StmtOp::kAdd ? s.place.get()
                                                    : nullptr;
  std::optional<PlaceRef> places[2];
  if (out_of != nullptr) places[0] = Resolve(*out_of, p, p.live);
  if (into != nullptr) places[1] = Resolve(*into, p, p.live);
  for (int i = 0; i < 2; ++i) {
    if (!places[i].has_value()) continue;
    const bool taking = i == 0;
    const Type* ct = places[i]->type;
    const uint32_t cw = ct->CountWidth();
    const unsigned wide = std::max(cw, vw) + 1;  // room for a sum of two counts
    Modify(p, *places[i], [&](const Bits& old, const z3::expr& g) {
      Bits r;
      for (int64_t o = 0; o < vt->elem->Cardinality(); ++o) {
        if (o % kMembersPerStopCheck == 0) MayStop(kMembersPerStopCheck);
        z3::expr have = z3::zext(*ExtractBits(old, static_cast<uint32_t>(o) * cw, cw).e, wide - cw);
        z3::expr k = z3::zext(*ExtractBits(value, static_cast<uint32_t>(o) * vw, vw).e, wide - vw);
        z3::expr next = taking ? have - k : have + k;
        if (taking) {
          Fail(g && z3::ult(have, k));
        } else {
          Fail(g && z3::ugt(next, ctx_.bv_val(static_cast<uint64_t>(ct->capacity), wide)));
        }
        r = ConcatBits(r, Bits{next.extract(cw - 1, 0), cw});
      }
      return r;
    });
  }
}

}  // namespace rulecheck::solver::internal
