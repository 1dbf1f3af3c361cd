// CallMemo (see z3_call_memo.h).
#include "solver/z3_call_memo.h"

#include <limits>
#include <utility>

namespace rulecheck::solver::internal {
namespace {

constexpr uint64_t kAbsent = std::numeric_limits<uint64_t>::max();

}  // namespace

CallMemo::CallMemo(const ir::Program& program) : program_(program), reads_(program.funs.size()) {}

void CallMemo::AddDomainReads(const ir::Domain& d, std::vector<bool>& read,
                              std::vector<bool>& visiting) {
  if (d.lo != nullptr) AddReads(*d.lo, read, visiting);
  if (d.hi != nullptr) AddReads(*d.hi, read, visiting);
  if (d.collection != nullptr) AddReads(*d.collection, read, visiting);
}

void CallMemo::AddReads(const ir::Expr& e, std::vector<bool>& read, std::vector<bool>& visiting) {
  if (e.op == ir::ExprOp::kStateVar) read[e.index] = true;
  if (e.op == ir::ExprOp::kCall && !visiting[e.index]) {
    visiting[e.index] = true;
    AddReads(*program_.funs[e.index].body, read, visiting);
  }
  if (e.domain != nullptr) AddDomainReads(*e.domain, read, visiting);
  if (e.filter != nullptr) AddReads(*e.filter, read, visiting);
  for (const ir::ExprPtr& a : e.args) {
    if (a != nullptr) AddReads(*a, read, visiting);
  }
}

const std::vector<int64_t>& CallMemo::Reads(size_t f) {
  if (!reads_[f].has_value()) {
    std::vector<bool> read(program_.state.size(), false), visiting(program_.funs.size(), false);
    visiting[f] = true;
    AddReads(*program_.funs[f].body, read, visiting);
    std::vector<int64_t> vars;
    for (size_t v = 0; v < read.size(); ++v) {
      if (read[v]) vars.push_back(static_cast<int64_t>(v));
    }
    reads_[f] = std::move(vars);
  }
  return *reads_[f];
}

CallMemo::Key CallMemo::MakeKey(size_t fun, const std::vector<const Scalar*>& scalars,
                                const std::vector<const Bits*>& bits,
                                const std::vector<Bits>& vars) {
  const std::vector<int64_t>& reads = Reads(fun);
  Key key;
  key.ids.reserve(1 + 4 * scalars.size() + reads.size());
  key.ids.push_back(fun);
  auto add = [&key](const std::optional<z3::expr>& e) {
    if (e.has_value()) {
      key.ids.push_back(e->id());
      key.terms.push_back(*e);
    } else {
      key.ids.push_back(kAbsent);
    }
  };
  for (size_t i = 0; i < scalars.size(); ++i) {
    if (scalars[i] != nullptr) {
      add(scalars[i]->e);
      key.ids.push_back(static_cast<uint64_t>(scalars[i]->lo));
      key.ids.push_back(static_cast<uint64_t>(scalars[i]->hi));
      add(scalars[i]->present);
    } else {
      key.ids.push_back(bits[i]->width);
      add(bits[i]->e);
    }
  }
  for (int64_t v : reads) add(vars[v].e);
  return key;
}

const CallMemo::Result* CallMemo::Find(const Key& key) const {
  auto it = entries_.find(key.ids);
  return it == entries_.end() ? nullptr : &it->second.result;
}

const CallMemo::Result* CallMemo::Insert(Key key, Result result) {
  if (entries_.size() >= kMaxEntries) entries_.clear();
  auto [it, inserted] =
      entries_.try_emplace(std::move(key.ids), Entry{std::move(key.terms), std::move(result)});
  return &it->second.result;
}

}  // namespace rulecheck::solver::internal
