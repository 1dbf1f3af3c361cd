// `choose h in sub(b, n)`: one branch for each distinct sub-multiset of bag `b` with `n` copies
// in all ("discard any two cards"); `roll h in sub(b, n)`: the same branches as a draw of `n`
// copies at once, each weighing the number of ways to draw it (docs/language.md#chance); and `move
// h from A to B`, `add(A, h)` and `remove(A, h)` of such a bag. A sub-bag is a vector of counts x
// with 0 <= x[o] <= b[o] and sum n; they are listed in descending lexicographic order of x (for {A,
// A, B, C} and 2: AA, AB, AC, BC), so the order of the successors is fixed by the bag alone.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "model/executor.h"
#include "model/value_format.h"

namespace rulecheck::model {
namespace {

// Calls f(x) for each vector x with 0 <= x[o] <= counts[o] and sum n, in descending
// lexicographic order; stops when f returns false.
template <typename F>
void ForEachSubBag(const std::vector<int64_t>& counts, int64_t n, F&& f) {
  const size_t m = counts.size();
  // after[o]: copies at positions after o, which is the most they can take.
  std::vector<int64_t> after(m + 1, 0);
  for (size_t o = m; o-- > 0;) after[o] = after[o + 1] + counts[o];
  if (n < 0 || n > after[0]) return;
  std::vector<int64_t> x(m, 0);
  auto fill = [&](size_t from, int64_t left) {  // as many copies as early as possible
    for (size_t o = from; o < m; ++o) {
      x[o] = std::min(counts[o], left);
      left -= x[o];
    }
  };
  fill(0, n);
  for (;;) {
    if (!f(x)) return;
    // The last position that can give up one copy to the positions after it.
    int64_t later = 0;  // copies at positions after o
    size_t o = m;
    while (o-- > 0) {
      if (x[o] > 0 && after[o + 1] >= later + 1) break;
      later += x[o];
    }
    if (o >= m) return;  // wrapped: no such position
    --x[o];
    fill(o + 1, later + 1);
  }
}

// C(n, k), or nullopt past 2^64 - 1.
std::optional<uint64_t> Binomial(int64_t n, int64_t k) {
  if (k < 0 || k > n) return 0;
  k = std::min(k, n - k);
  unsigned __int128 r = 1;
  for (int64_t i = 0; i < k; ++i) {
    // r is C(n, i); C(n, i + 1) = C(n, i) * (n - i) / (i + 1) exactly.
    r = r * static_cast<unsigned __int128>(n - i) / static_cast<unsigned __int128>(i + 1);
    if (r > std::numeric_limits<uint64_t>::max()) return std::nullopt;
  }
  return static_cast<uint64_t>(r);
}

}  // namespace

bool Executor::ExecChooseSubBag(const ir::Stmt& s) {
  const ir::Domain& d = *s.domain;
  const ir::Type* bt = d.collection->type;
  const uint32_t cw = bt->CountWidth();
  const int64_t members = bt->elem->Cardinality();
  Slice from = eval_.Composite(*d.collection);
  std::vector<int64_t> counts(static_cast<size_t>(members));
  for (int64_t o = 0; o < members; ++o) {
    counts[o] = static_cast<int64_t>(
        ir::bits::Read(from.words, from.bit + static_cast<uint64_t>(o) * cw, cw));
  }
  const int64_t n = eval_.Scalar(*d.lo);
  if (n < 0) {
    ThrowModelError(d.lo->loc, absl::StrCat("`sub` cannot choose ", n, " copies"));
  }
  // A roll draws n of the bag's copies at once, every set of n copies alike: a sub-bag x weighs
  // the sets it is, the product of C(b[o], x[o]), out of C(|b|, n) in all (the multivariate
  // hypergeometric law, as n draws one at a time from the shuffled pile give).
  const bool roll = s.op == ir::StmtOp::kRoll;
  uint64_t total = 1;
  if (roll) {
    int64_t copies = 0;
    for (int64_t c : counts) copies += c;
    std::optional<uint64_t> ways = Binomial(copies, n);
    if (!ways) {
      ThrowLimitError(s.loc, absl::StrCat("`", s.name, "` draws ", n, " of ", copies,
                                          " copies: more ways than chance can weigh (2^64)"));
    }
    total = *ways;
  }
  Snapshot& snap = SnapshotAt(depth_);
  const size_t stride = (bt->width + 31) / 32;
  std::vector<uint32_t>& candidates = snap.bag_candidates;
  candidates.clear();
  size_t count = 0;
  ForEachSubBag(counts, n, [&](const std::vector<int64_t>& x) {
    eval_.Step(s.loc);
    if (count == kMaxCandidates) {
      // One of the engine's limits, not an event of the game (ir::StepFailure::limit).
      ThrowLimitError(s.loc,
                      absl::StrCat("`", s.name, "` has more than ", kMaxCandidates, " candidates"));
    }
    const size_t at = candidates.size();
    candidates.resize(at + stride, 0);
    for (int64_t o = 0; o < members; ++o) {
      ir::bits::Write(candidates.data() + at, static_cast<uint64_t>(o) * cw, cw,
                      static_cast<uint64_t>(x[o]));
    }
    ++count;
    return true;
  });
  auto bind = [&](size_t i) {
    ir::bits::Copy(frame_.words, static_cast<uint64_t>(s.slot), candidates.data() + i * stride, 0,
                   bt->width);
  };
  if (s.filter != nullptr) {
    size_t kept = 0;
    for (size_t i = 0; i < count; ++i) {
      bind(i);
      eval_.Reset();
      if (!eval_.Bool(*s.filter)) continue;
      std::copy(candidates.begin() + static_cast<std::ptrdiff_t>(i * stride),
                candidates.begin() + static_cast<std::ptrdiff_t>((i + 1) * stride),
                candidates.begin() + static_cast<std::ptrdiff_t>(kept * stride));
      ++kept;
    }
    count = kept;
  }
  if (count == 0) return false;
  ir::Choice choice;
  choice.kind = roll ? ir::Choice::Kind::kRoll : ir::Choice::Kind::kChoose;
  choice.name = s.name;
  choice.type = bt;
  choice.loc = s.loc;
  choice.total = total;
  auto record = [&](size_t i) {
    bind(i);
    choice.position = static_cast<uint32_t>(i);
    choice.words.assign(candidates.begin() + static_cast<std::ptrdiff_t>(i * stride),
                        candidates.begin() + static_cast<std::ptrdiff_t>((i + 1) * stride));
    if (roll) {
      choice.weight = 1;  // at most `total`: no overflow
      for (int64_t o = 0; o < members; ++o) {
        const int64_t x = static_cast<int64_t>(
            ir::bits::Read(choice.words.data(), static_cast<uint64_t>(o) * cw, cw));
        choice.weight *= *Binomial(counts[o], x);
      }
    }
    move_.choices.push_back(choice);
    PushBlock(s.blocks[0]);
  };
  if (count == 1) {  // no fork: the path goes on in this loop
    record(0);
    return true;
  }
  Save(snap);
  ++depth_;
  for (size_t i = 0; i < count && !limit_hit_; ++i) {
    if (i > 0) Restore(snap);
    record(i);
    Continue();
  }
  --depth_;
  return false;
}

void Executor::ExecBagCopies(const ir::Stmt& s) {
  const ir::Type* vt = s.value->type;
  const ir::Type* et = vt->elem;
  // The copies, copied out before a place changes (the value may be the source itself).
  Slice v = eval_.Composite(*s.value);
  std::vector<uint32_t> value((vt->width + 31) / 32, 0);
  ir::bits::Copy(value.data(), 0, v.words, v.bit, vt->width);
  // `move h from A to B` takes out of A and puts into B; `remove(A, h)` only takes out of A,
  // `add(A, h)` only puts into A.
  const ir::Expr* out_of = s.op == ir::StmtOp::kAdd ? nullptr : s.place.get();
  const ir::Expr* into = s.op == ir::StmtOp::kMove  ? s.target.get()
                         : s.op == ir::StmtOp::kAdd ? s.place.get()
                                                    : nullptr;
  auto what = [&]() {
    const std::string copies = FormatValue(DecodeValue(vt, value.data(), 0));
    const std::string place = eval_.PlaceName(*s.place);
    switch (s.op) {
      case ir::StmtOp::kMove:
        return absl::StrCat("move ", copies, " from ", place, " to ", eval_.PlaceName(*s.target));
      case ir::StmtOp::kAdd:
        return absl::StrCat("add(", place, ", ", copies, ")");
      default:
        return absl::StrCat("remove(", place, ", ", copies, ")");
    }
  };
  // Both places are found before either changes, as for the move of one element.
  Place places[2];
  for (int i = 0; i < 2; ++i) {
    if (const ir::Expr* e = i == 0 ? out_of : into)
      places[i] = eval_.ResolvePlace(*e, state_.data());
  }
  const int64_t members = et->Cardinality();
  for (int i = 0; i < 2; ++i) {
    const ir::Expr* e = i == 0 ? out_of : into;
    if (e == nullptr) continue;
    const bool taking = i == 0;
    const Place& p = places[i];
    const uint32_t cw = p.type->CountWidth();
    for (int64_t o = 0; o < members; ++o) {
      const int64_t k = static_cast<int64_t>(ir::bits::Read(
          value.data(), static_cast<uint64_t>(o) * vt->CountWidth(), vt->CountWidth()));
      if (k == 0) continue;
      const uint64_t at = p.bit + static_cast<uint64_t>(o) * cw;
      const int64_t has = static_cast<int64_t>(ir::bits::Read(p.words, at, cw));
      if (taking && has < k) {
        ThrowModelError(s.loc, absl::StrCat(what(), ": ", eval_.PlaceName(*e), " holds ", has, " ",
                                            FormatScalar(et, et->ValueAt(o)), ", not ", k));
      }
      if (!taking && has + k > p.type->capacity) {
        ThrowModelError(s.loc, absl::StrCat(what(), ": ", eval_.PlaceName(*e), " would hold ",
                                            has + k, " ", FormatScalar(et, et->ValueAt(o)),
                                            ", over its capacity ", p.type->capacity));
      }
      ir::bits::Write(p.words, at, cw, static_cast<uint64_t>(taking ? has - k : has + k));
    }
  }
}

}  // namespace rulecheck::model
