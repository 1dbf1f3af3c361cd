// ProposeCandidates (see invariant_candidates.h). The sample is read once into a table of
// field values; the two-literal clauses then need, for each value `c` of each field `a` with
// few values, one pass over the states with `a == c` per other field: the range and the set
// of values of `b` there, compared with `b`'s over the whole sample. The three-literal ones
// work on bit sets over the sample, one per field value: a triple of values never met
// together is one whose three sets have an empty intersection.
#include "solver/invariant_candidates.h"

#include <algorithm>
#include <tuple>
#include <utility>

#include "absl/strings/str_cat.h"

namespace rulecheck::solver::internal {
namespace {

// A field "has few values" when the sample shows at most this many.
constexpr size_t kFewValues = 16;

struct FieldStats {
  uint64_t min = 0, max = 0;
  std::vector<uint64_t> values;  // distinct, sorted
  bool few() const { return values.size() <= kFewValues; }
  bool constant() const { return values.size() == 1; }
};

using Op = FieldLiteral::Op;

FieldLiteral Lit(size_t f, Op op, uint64_t v) { return FieldLiteral{static_cast<int>(f), op, v}; }

// The sampled states where a field has a value, as bits.
struct ValueSet {
  size_t field;
  uint64_t value;
  std::vector<uint64_t> bits;
  size_t count = 0;
};

size_t CountAnd(const std::vector<uint64_t>& a, const std::vector<uint64_t>& b) {
  size_t n = 0;
  for (size_t i = 0; i < a.size(); ++i) n += __builtin_popcountll(a[i] & b[i]);
  return n;
}

// The two-literal clauses over `a == ca` and each other field (see the header).
void PairClauses(const std::vector<std::vector<uint64_t>>& table,
                 const std::vector<FieldStats>& stats, size_t a, uint64_t ca,
                 const std::vector<size_t>& rows, std::vector<Candidate>& bounds,
                 std::vector<Candidate>& pairs) {
  const FieldLiteral not_a = Lit(a, Op::kNe, ca);
  for (size_t b = 0; b < stats.size(); ++b) {
    const FieldStats& sb = stats[b];
    if (b == a || sb.constant()) continue;
    uint64_t lo = sb.max, hi = sb.min;
    uint32_t seen = 0;  // which of b's values (few only) occur with a == ca
    for (size_t s : rows) {
      const uint64_t v = table[b][s];
      lo = std::min(lo, v);
      hi = std::max(hi, v);
      if (sb.few()) {
        seen |= 1u << (std::lower_bound(sb.values.begin(), sb.values.end(), v) - sb.values.begin());
      }
    }
    if (hi < sb.max) bounds.push_back({{not_a, Lit(b, Op::kLe, hi)}});
    if (lo > sb.min) bounds.push_back({{not_a, Lit(b, Op::kGe, lo)}});
    if (!sb.few() || b < a) continue;
    for (size_t i = 0; i < sb.values.size(); ++i) {
      const uint64_t cb = sb.values[i];
      if (!(seen >> i & 1) && cb >= lo && cb <= hi) pairs.push_back({{not_a, Lit(b, Op::kNe, cb)}});
    }
  }
}

// The three-literal clauses, most surprising first, at most `cap`; `found_count`: how many
// there are without the cap.
std::vector<Candidate> TripleClauses(const std::vector<std::vector<uint64_t>>& table,
                                     const std::vector<FieldStats>& stats, size_t cap,
                                     size_t* found_count) {
  const size_t m = table.empty() ? 0 : table[0].size();
  const size_t words = (m + 63) / 64;
  std::vector<ValueSet> sets;
  for (size_t f = 0; f < stats.size(); ++f) {
    if (stats[f].constant() || !stats[f].few()) continue;
    for (uint64_t v : stats[f].values) {
      ValueSet vs{f, v, std::vector<uint64_t>(words), 0};
      for (size_t s = 0; s < m; ++s) {
        if (table[f][s] == v) {
          vs.bits[s / 64] |= uint64_t{1} << (s % 64);
          ++vs.count;
        }
      }
      sets.push_back(std::move(vs));
    }
  }
  // (expected meetings, i, j, k): the absences, scored by |i & j| * |k| / m.
  std::vector<std::tuple<double, size_t, size_t, size_t>> found;
  std::vector<uint64_t> ij(words);
  for (size_t i = 0; i < sets.size(); ++i) {
    for (size_t j = i + 1; j < sets.size(); ++j) {
      if (sets[j].field == sets[i].field) continue;
      size_t n_ij = 0;
      for (size_t w = 0; w < words; ++w) {
        ij[w] = sets[i].bits[w] & sets[j].bits[w];
        n_ij += __builtin_popcountll(ij[w]);
      }
      if (n_ij == 0) continue;
      for (size_t k = j + 1; k < sets.size(); ++k) {
        if (sets[k].field == sets[i].field || sets[k].field == sets[j].field) continue;
        if (CountAnd(ij, sets[k].bits) != 0) continue;
        if (CountAnd(sets[i].bits, sets[k].bits) == 0) continue;
        if (CountAnd(sets[j].bits, sets[k].bits) == 0) continue;
        const double score = static_cast<double>(n_ij) * static_cast<double>(sets[k].count);
        found.emplace_back(-score, i, j, k);
      }
    }
  }
  *found_count = found.size();
  const size_t keep = std::min(cap, found.size());
  std::partial_sort(found.begin(), found.begin() + static_cast<std::ptrdiff_t>(keep), found.end());
  std::vector<Candidate> out;
  for (size_t n = 0; n < keep; ++n) {
    Candidate c;
    for (size_t s : {std::get<1>(found[n]), std::get<2>(found[n]), std::get<3>(found[n])}) {
      c.literals.push_back(Lit(sets[s].field, Op::kNe, sets[s].value));
    }
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace

bool LiteralHolds(const FieldLiteral& lit, uint64_t v) {
  switch (lit.op) {
    case Op::kEq:
      return v == lit.value;
    case Op::kNe:
      return v != lit.value;
    case Op::kLe:
      return v <= lit.value;
    case Op::kGe:
      return v >= lit.value;
  }
  return false;
}

bool CandidateHolds(const model::Model& model, const Candidate& c,
                    const std::vector<StateField>& fields, const uint32_t* state) {
  for (const FieldLiteral& lit : c.literals) {
    if (LiteralHolds(lit, ReadField(model, fields[lit.field], state))) return true;
  }
  return false;
}

CandidateSet ProposeCandidates(const model::Model& model, const std::vector<StateField>& fields,
                               const std::vector<std::vector<uint32_t>>& sample, size_t cap) {
  CandidateSet out;
  if (sample.empty()) return out;
  const size_t n = fields.size(), m = sample.size();
  std::vector<std::vector<uint64_t>> table(n, std::vector<uint64_t>(m));  // [field][state]
  std::vector<FieldStats> stats(n);
  for (size_t f = 0; f < n; ++f) {
    for (size_t s = 0; s < m; ++s) table[f][s] = ReadField(model, fields[f], sample[s].data());
    std::vector<uint64_t> v = table[f];
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    stats[f] = {v.front(), v.back(), std::move(v)};
  }
  std::vector<Candidate> units, bounds, pairs;
  for (size_t f = 0; f < n; ++f) {
    const FieldStats& st = stats[f];
    const uint64_t top = (uint64_t{1} << fields[f].width) - 1;
    if (st.constant()) {
      units.push_back({{Lit(f, Op::kEq, st.min)}});
      continue;
    }
    if (st.max < top) units.push_back({{Lit(f, Op::kLe, st.max)}});
    if (st.min > 0) units.push_back({{Lit(f, Op::kGe, st.min)}});
    if (st.max - st.min < 64) {
      for (uint64_t c = st.min; c <= st.max; ++c) {
        if (!std::binary_search(st.values.begin(), st.values.end(), c)) {
          units.push_back({{Lit(f, Op::kNe, c)}});
        }
      }
    }
  }
  std::vector<size_t> rows;
  for (size_t a = 0; a < n; ++a) {
    if (stats[a].constant() || !stats[a].few()) continue;
    for (uint64_t ca : stats[a].values) {
      rows.clear();
      for (size_t s = 0; s < m; ++s) {
        if (table[a][s] == ca) rows.push_back(s);
      }
      PairClauses(table, stats, a, ca, rows, bounds, pairs);
    }
  }
  const size_t before = units.size() + bounds.size() + pairs.size();
  size_t triple_count = 0;
  std::vector<Candidate> triples =
      TripleClauses(table, stats, cap > before ? cap - before : 0, &triple_count);
  out.proposed = before + triple_count;
  for (std::vector<Candidate>* kind : {&units, &bounds, &pairs, &triples}) {
    for (Candidate& c : *kind) {
      if (out.clauses.size() >= cap) return out;
      out.clauses.push_back(std::move(c));
    }
  }
  return out;
}

SampleIndex::SampleIndex(const model::Model& model, const std::vector<StateField>& fields,
                         const std::vector<std::vector<uint32_t>>& sample)
    : model_(model), fields_(fields), words_((sample.size() + 63) / 64), sets_(fields.size()) {
  for (size_t f = 0; f < fields.size(); ++f) {
    auto& sets = sets_[f];
    for (size_t s = 0; s < sample.size(); ++s) {
      const uint64_t v = ReadField(model, fields[f], sample[s].data());
      auto it = std::find_if(sets.begin(), sets.end(), [v](const auto& e) { return e.first == v; });
      if (it == sets.end()) {
        sets.emplace_back(v, std::vector<uint64_t>(words_));
        it = sets.end() - 1;
      }
      it->second[s / 64] |= uint64_t{1} << (s % 64);
    }
  }
}

std::optional<Candidate> SampleIndex::BlockingClause(const uint32_t* state) const {
  // (count, field, value, states): the state's value of each field, most common first.
  struct Item {
    size_t count;
    size_t field;
    uint64_t value;
    const std::vector<uint64_t>* states;  // null: no sampled state has the value
  };
  std::vector<Item> items;
  for (size_t f = 0; f < fields_.size(); ++f) {
    const uint64_t v = ReadField(model_, fields_[f], state);
    Item item{0, f, v, nullptr};
    for (const auto& [value, states] : sets_[f]) {
      if (value != v) continue;
      item.states = &states;
      for (uint64_t w : states) item.count += __builtin_popcountll(w);
    }
    if (item.states == nullptr) {
      return Candidate{{FieldLiteral{static_cast<int>(f), FieldLiteral::Op::kNe, v}}};
    }
    items.push_back(item);
  }
  std::stable_sort(items.begin(), items.end(),
                   [](const Item& a, const Item& b) { return a.count > b.count; });
  std::vector<bool> kept(items.size(), true);
  // Whether some sampled state has every kept value but item `skip`'s.
  auto seen_without = [&](size_t skip) {
    std::vector<uint64_t> all(words_, ~uint64_t{0});
    for (size_t i = 0; i < items.size(); ++i) {
      if (!kept[i] || i == skip) continue;
      for (size_t w = 0; w < words_; ++w) all[w] &= (*items[i].states)[w];
    }
    for (uint64_t w : all) {
      if (w != 0) return true;
    }
    return false;
  };
  if (seen_without(items.size())) return std::nullopt;
  for (size_t i = 0; i < items.size(); ++i) {
    if (!seen_without(i)) kept[i] = false;
  }
  Candidate c;
  for (size_t i = 0; i < items.size(); ++i) {
    if (!kept[i]) continue;
    c.literals.push_back(
        FieldLiteral{static_cast<int>(items[i].field), FieldLiteral::Op::kNe, items[i].value});
  }
  return c;
}

std::string CandidateText(const Candidate& c, const std::vector<StateField>& fields) {
  std::string out;
  for (const FieldLiteral& l : c.literals) {
    const char* op = l.op == Op::kEq   ? " == "
                     : l.op == Op::kNe ? " != "
                     : l.op == Op::kLe ? " <= "
                                       : " >= ";
    absl::StrAppend(&out, out.empty() ? "" : " or ", fields[l.field].name, op, l.value);
  }
  return out;
}

}  // namespace rulecheck::solver::internal
