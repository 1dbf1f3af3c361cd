// StepEncoder (see z3_step.h): the templates, and the copies of them each depth gets. A
// template is made once per set of rules, the rules of a depth's control slice
// (z3_step_rules.cc merges them), over a template state, simplified, and copied into each
// depth by substitution.
#include "solver/z3_step.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "ir/bits.h"
#include "solver/step_stats.h"

namespace rulecheck::solver::internal {

using ir::Type;
using ir::TypeKind;

namespace {

// Rules whose translation has at least this many Z3 terms are simplified on their own (Rule()).
// Monster Mutators' whole step is 108,000 terms; Random Mutations' large rules 200,000 to
// 700,000 each.
constexpr uint64_t kRuleSimplifyNodes = 50000;

// A stretch of a root's bits that are all fixed or all free.
struct Run {
  uint32_t lo = 0, width = 0;
  bool fixed = false;
};

std::vector<Run> RunsOf(const std::vector<int8_t>& bits) {
  std::vector<Run> runs;
  for (uint32_t i = 0; i < bits.size(); ++i) {
    const bool fixed = bits[i] >= 0;
    if (runs.empty() || runs.back().fixed != fixed) runs.push_back({i, 0, fixed});
    ++runs.back().width;
  }
  return runs;
}

// The fixed bits [lo, lo + width) as a constant.
Bits FixedConstant(z3::context& ctx, const std::vector<int8_t>& bits, uint32_t lo, uint32_t width) {
  Bits out;
  for (uint32_t at = 0; at < width; at += 64) {
    const uint32_t w = std::min<uint32_t>(64, width - at);
    uint64_t v = 0;
    for (uint32_t i = 0; i < w; ++i) v |= static_cast<uint64_t>(bits[lo + at + i]) << i;
    out = ConcatBits(out, ConstBits(ctx, w, v));
  }
  return out;
}

// The name of the constant of a free run: the whole root, or the run starting at `lo`.
std::string PieceName(const std::string& root, const std::string& tag, const Run& run,
                      uint32_t root_width) {
  if (run.lo == 0 && run.width == root_width) return absl::StrCat(root, "@", tag);
  return absl::StrCat(root, "@", tag, ".", run.lo);
}

// Every term of a step (terminal, valid, fail, each successor variable, the pending area) as
// the arguments of one application of an uninterpreted function, so that one simplify or
// substitute call, with one cache, rewrites them all: they share most of their subterms, and
// rewriting each on its own did the shared work once per term.
z3::expr Packed(const StepTerms& t) {
  z3::context& ctx = t.valid.ctx();
  z3::expr_vector args(ctx);
  z3::sort_vector sorts(ctx);
  auto add = [&](const z3::expr& e) {
    args.push_back(e);
    sorts.push_back(e.get_sort());
  };
  add(t.terminal);
  add(t.valid);
  add(t.fail);
  for (const Bits& b : t.next.vars) {
    if (b.e) add(*b.e);
  }
  if (t.next.pending.e) add(*t.next.pending.e);
  z3::func_decl pack = ctx.function("step!pack", sorts, ctx.bool_sort());
  return pack(args);
}

// `t` with the arguments of `packed` (Packed(t), rewritten) in place of its terms.
StepTerms Unpacked(const StepTerms& t, const z3::expr& packed) {
  StepTerms s = t;
  unsigned i = 0;
  s.terminal = packed.arg(i++);
  s.valid = packed.arg(i++);
  s.fail = packed.arg(i++);
  for (Bits& b : s.next.vars) {
    if (b.e) b.e = packed.arg(i++);
  }
  if (s.next.pending.e) s.next.pending.e = packed.arg(i++);
  return s;
}

StepTerms Simplified(const StepTerms& t) {
  StepTerms s = Unpacked(t, Packed(t).simplify());
  s.params.clear();
  return s;
}

StepTerms Substituted(const StepTerms& t, z3::expr_vector& from, z3::expr_vector& to) {
  StepTerms s = Unpacked(t, Packed(t).substitute(from, to));
  s.selector = z3::expr(t.selector).substitute(from, to);
  s.vars = z3::expr_vector(t.vars.ctx());
  for (unsigned i = 0; i < t.vars.size(); ++i) {
    s.vars.push_back(z3::expr(t.vars[i]).substitute(from, to));
  }
  return s;
}

// The terms of a rule's translation, for the size diagnostics (step_stats.h).
std::vector<z3::expr> PathTerms(const SymState& st, const z3::expr& live, const z3::expr& fail) {
  std::vector<z3::expr> out{live, fail};
  for (const Bits& b : st.vars) {
    if (b.e) out.push_back(*b.e);
  }
  if (st.pending.e) out.push_back(*st.pending.e);
  return out;
}

// Every term of a step, for the size diagnostics.
std::vector<z3::expr> StepTermList(const StepTerms& t) {
  std::vector<z3::expr> out = PathTerms(t.next, t.valid, t.fail);
  out.push_back(t.terminal);
  return out;
}

// Calls f(piece, offset, width) for each piece of at most 32 bits of each root of `s`, with
// its bit offset in the packed state words: the walk Concrete and Is share.
template <typename F>
void ForEachPiece(const ir::StateLayout& layout, const SymState& s, F&& f) {
  auto root = [&](const Bits& b, uint64_t offset) {
    for (uint32_t lo = 0; lo < b.width; lo += 32) {
      const uint32_t w = std::min<uint32_t>(32, b.width - lo);
      f(b.e->extract(lo + w - 1, lo), offset + lo, w);
    }
  };
  for (size_t v = 0; v < s.vars.size(); ++v) root(s.vars[v], layout.var_offset(v));
  if (s.pending.width > 0) root(s.pending, layout.pending_length_offset());
}

}  // namespace

size_t FixedBits::count() const {
  size_t n = 0;
  for (const std::vector<int8_t>& r : roots) {
    for (int8_t b : r) n += b >= 0;
  }
  return n;
}

size_t FixedBits::total() const {
  size_t n = 0;
  for (const std::vector<int8_t>& r : roots) n += r.size();
  return n;
}

Bits& StepEncoder::Root(SymState& s, size_t root) {
  return root < s.vars.size() ? s.vars[root] : s.pending;
}

const Bits& StepEncoder::Root(const SymState& s, size_t root) {
  return root < s.vars.size() ? s.vars[root] : s.pending;
}

FixedBits StepEncoder::NoFixedBits() const {
  FixedBits f;
  for (const ir::StateVar& var : model_.program.state) f.roots.emplace_back(var.type->width, -1);
  f.roots.emplace_back(tr_.PendingWidth(), -1);
  return f;
}

void StepEncoder::FixBits(FixedBits fixed) {
  fixed_ = std::move(fixed);
  for (auto& [rules, t] : templates_) t.fixed.reset();
  in_.reset();
  bool keeps_rules_fixed = true;
  for (size_t r = 0; r < rules_fixed_.roots.size(); ++r) {
    for (size_t i = 0; i < rules_fixed_.roots[r].size(); ++i) {
      if (rules_fixed_.roots[r][i] >= 0 && fixed_.roots[r][i] != rules_fixed_.roots[r][i]) {
        keeps_rules_fixed = false;
      }
    }
  }
  if (!keeps_rules_fixed) {
    rules_fixed_ = NoFixedBits();
    rules_.clear();
    templates_.clear();
    raw_in_.reset();
    selector_.reset();
  }
}

void StepEncoder::FixBitsForGood(FixedBits fixed, bool no_failing_move) {
  FixBits(fixed);
  if (raw_in_ == nullptr && rules_.empty()) {
    rules_fixed_ = std::move(fixed);
    rules_without_failures_ = no_failing_move;
  }
}

StepEncoder::StepEncoder(z3::context& ctx, const model::Model& model)
    : ctx_(ctx), model_(model), tr_(ctx, model), slice_(SliceByControl(model.program)) {
  selector_width_ = ir::BitsFor(static_cast<int64_t>(model.program.actions.size()));
  fixed_ = NoFixedBits();
  rules_fixed_ = NoFixedBits();
  if (StatsEnabled()) StatsLine(slice_.Describe(model.program));
}

void StepEncoder::AddFreePieces(const SymState& a, const FixedBits& fixed, const SymState& b,
                                z3::expr_vector& from, z3::expr_vector& to) const {
  for (size_t r = 0; r < NumRoots(); ++r) {
    const Bits& in = Root(a, r);
    const Bits& at = Root(b, r);
    if (in.width == 0 || SameBits(in, at)) continue;
    for (const Run& run : RunsOf(fixed.roots[r])) {
      if (run.fixed) continue;
      // A free piece is a constant of its own in `a`'s concatenation, which Slice returns.
      from.push_back(*ExtractBits(in, run.lo, run.width).e);
      to.push_back(*ExtractBits(at, run.lo, run.width).e);
    }
  }
}

int StepEncoder::LevelOf(int depth, size_t size) const {
  if (depth < 0) return -1;
  if (static_cast<size_t>(depth) < size) return depth;
  if (depth_period_ <= 0 || static_cast<size_t>(depth_loop_start_ + depth_period_) > size) {
    return -1;
  }
  return depth_loop_start_ + (depth - depth_loop_start_) % depth_period_;
}

SymState StepEncoder::FreshState(const std::string& tag, int depth) {
  const ir::Program& program = model_.program;
  const int level = LevelOf(depth, by_depth_.size());
  const bool at_depth = level >= 0;
  SymState s;
  s.vars.resize(program.state.size());
  for (size_t r = 0; r < NumRoots(); ++r) {
    const std::string name = r < program.state.size() ? program.state[r].name : "pending";
    std::vector<int8_t> bits = fixed_.roots[r];
    if (at_depth) {
      const std::vector<int8_t>& more = by_depth_[static_cast<size_t>(level)].roots[r];
      for (size_t i = 0; i < bits.size(); ++i) {
        if (bits[i] < 0) bits[i] = more[i];
      }
    }
    Bits& out = Root(s, r);
    for (const Run& run : RunsOf(bits)) {
      if (run.fixed) {
        out = ConcatBits(out, FixedConstant(ctx_, bits, run.lo, run.width));
      } else {
        const std::string piece = PieceName(name, tag, run, static_cast<uint32_t>(bits.size()));
        out = ConcatBits(out, Bits{ctx_.bv_const(piece.c_str(), run.width), run.width});
      }
    }
  }
  return s;
}

InitTerms StepEncoder::Init() {
  const ir::Program& program = model_.program;
  Path p{SymState{}, Env{}, ctx_.bool_val(true)};
  for (const ir::StateVar& var : program.state)
    p.st.vars.push_back(ZeroBits(ctx_, var.type->width));
  p.st.pending = ZeroBits(ctx_, tr_.PendingWidth());
  tr_.TakeFailure();
  for (size_t v = 0; v < program.state.size(); ++v) {
    const ir::StateVar& var = program.state[v];
    if (var.initial == nullptr) continue;
    if (var.type->is_scalar()) {
      Scalar value = tr_.EvalScalar(*var.initial, p.st, p.env, p.live);
      tr_.Fail(p.live && !Contains(var.type, value));
      p.st.vars[v] = Encode(ctx_, var.type, NarrowTo(var.type, value));
    } else {
      p.st.vars[v] = tr_.EvalBits(*var.initial, p.st, p.env, p.live);
    }
  }
  z3::expr init_fail = tr_.TakeFailure();
  p.live = !init_fail;
  tr_.ExecBlock(program.init, p);
  tr_.TakeChoices();
  z3::expr fail = init_fail || tr_.TakeFailure();
  return {p.live, fail, p.st};
}

z3::expr StepEncoder::Terminal(const SymState& s) {
  z3::expr terminal = ctx_.bool_val(false);
  for (const ir::Property& p : model_.program.terminals) {
    ValueTerms v = Value(*p.expr, s);
    terminal = terminal || (v.ok && v.value.e);
  }
  return terminal;
}

z3::expr StepEncoder::TerminalError(const SymState& s) {
  z3::expr error = ctx_.bool_val(false), decided = ctx_.bool_val(false);
  for (const ir::Property& p : model_.program.terminals) {
    ValueTerms v = Value(*p.expr, s);
    error = error || (!decided && !v.ok);
    decided = decided || (v.ok && v.value.e);
  }
  return error;
}

ValueTerms StepEncoder::Value(const ir::Expr& e, const SymState& s) {
  tr_.TakeFailure();
  Env env;
  Scalar v = tr_.EvalScalar(e, s, env, ctx_.bool_val(true));
  return {v, !tr_.TakeFailure()};
}

const SymState& StepEncoder::RawIn() {
  if (raw_in_ == nullptr) {
    FixedBits fixed = std::move(fixed_);
    fixed_ = rules_fixed_;
    raw_in_ = std::make_unique<SymState>(FreshState("T"));
    fixed_ = std::move(fixed);
  }
  return *raw_in_;
}

const StepEncoder::RuleTerms& StepEncoder::Rule(int r) {
  if (rules_.empty()) rules_.resize(slice_.num_rules);
  if (rules_[r] != nullptr) return *rules_[r];
  if (stop_ && stop_()) throw TranslationStopped();
  const size_t na = model_.program.actions.size();
  const size_t index = static_cast<size_t>(r);
  // Only the rules go without their failures: a query's expressions and `init` keep theirs.
  struct IgnoredFailures {
    Translator& tr;
    IgnoredFailures(Translator& t, bool on) : tr(t) { tr.set_failures_ignored(on); }
    ~IgnoredFailures() { tr.set_failures_ignored(false); }
  } ignored(tr_, rules_without_failures_);
  RuleTerms raw = index < na ? TranslateAction(index) : TranslateTrigger(index - na);
  // A large rule is simplified on its own, in one call: a step made of some rules simplifies
  // only theirs, and the merged step's simplification finds them done. A small one is left
  // to the merged step's simplification: simplifying every rule on its own made Monster
  // Mutators' fixed-bit pass 3 to 4 s slower and its deep depths slower to check (the merged
  // step simplifies better when it sees the rules whole).
  std::vector<z3::expr> terms{raw.chosen, raw.live, raw.fail};
  for (const Bits& b : raw.next.vars) {
    if (b.e) terms.push_back(*b.e);
  }
  if (raw.next.pending.e) terms.push_back(*raw.next.pending.e);
  if (DagSize(terms) < kRuleSimplifyNodes) {
    rules_[r] = std::make_unique<RuleTerms>(std::move(raw));
    return *rules_[r];
  }
  z3::expr_vector vars(ctx_);
  for (const z3::expr& v : raw.vars) vars.push_back(v);
  StepTerms packed{raw.chosen, raw.live, raw.fail, raw.next, ctx_.bool_val(true), {}, vars};
  const double t0 = StatsEnabled() ? CpuSeconds() : 0;
  StepTerms simple = Simplified(packed);
  if (StatsEnabled()) {
    StatsLine(absl::StrCat("rule ", r, " simplified on its own: ", DagSize(terms), " nodes to ",
                           DagSize(StepTermList(simple)), ", ", CpuSeconds() - t0, " cpu s"));
  }
  rules_[r] = std::make_unique<RuleTerms>(RuleTerms{simple.terminal, simple.valid, simple.fail,
                                                    std::move(simple.next), std::move(raw.vars)});
  return *rules_[r];
}

StepEncoder::RuleSet StepEncoder::TemplateRules(int depth) const {
  RuleSet rules(slice_.num_rules);
  const int level = LevelOf(depth, rules_by_depth_.size());
  for (int r = 0; r < slice_.num_rules; ++r) {
    rules[r] = slice_.Enabled(depth, r) &&
               (level < 0 || rules_by_depth_[static_cast<size_t>(level)][static_cast<size_t>(r)]);
  }
  return rules;
}

void StepEncoder::set_stop(std::function<bool()> stop) {
  stop_ = std::move(stop);
  tr_.set_stop(stop_);
}

bool StepEncoder::PrepareWholeStep(const std::function<bool()>& stop) {
  const double t0 = StatsEnabled() ? CpuSeconds() : 0;
  // The translation in progress stops when either stop says so. Stopped by `stop` alone, the
  // pass gives up quietly; stopped by set_stop's, the next Rule() throws for its driver.
  tr_.set_stop([this, &stop] { return stop() || (stop_ && stop_()); });
  bool done = true;
  try {
    for (int r = 0; r < slice_.num_rules && done; ++r) {
      done = !stop();
      if (done) Rule(r);
    }
  } catch (const TranslationStopped&) {
    done = false;
  }
  tr_.set_stop(stop_);
  if (!done || stop()) return false;
  if (StatsEnabled())
    StatsLine(absl::StrCat("rules translated and simplified: ", CpuSeconds() - t0, " cpu s"));
  RawTemplate(RuleSet(slice_.num_rules, true));
  return true;
}

StepEncoder::Templates& StepEncoder::RawTemplate(const RuleSet& rules) {
  Templates& t = templates_[rules];
  if (t.raw == nullptr) {
    const double t0 = StatsEnabled() ? CpuSeconds() : 0;
    StepTerms merged = Assemble(rules);
    const double t1 = StatsEnabled() ? CpuSeconds() : 0;
    t.raw = std::make_unique<StepTerms>(Simplified(merged));
    if (StatsEnabled()) {
      int n = 0;
      for (bool b : rules) n += b;
      StatsLine(absl::StrCat("step of ", n, " rules translated: ", DagSize(StepTermList(merged)),
                             " nodes, ", t1 - t0,
                             " cpu s; simplified: ", DagSize(StepTermList(*t.raw)), " nodes, ",
                             CpuSeconds() - t1, " cpu s"));
    }
  }
  return t;
}

const StepTerms& StepEncoder::Template(const RuleSet& rules) {
  Templates& t = RawTemplate(rules);
  if (t.fixed != nullptr) return *t.fixed;
  if (in_ == nullptr) in_ = std::make_unique<SymState>(FreshState("B"));
  z3::expr_vector from(ctx_), to(ctx_);
  // The template state's free pieces become the same bits of `in_`.
  AddFreePieces(*raw_in_, rules_fixed_, *in_, from, to);
  const double t0 = StatsEnabled() ? CpuSeconds() : 0;
  // Without fixed bits the copy only renames: nothing new to simplify.
  t.fixed = std::make_unique<StepTerms>(from.empty() ? *t.raw
                                        : fixed_.count() == 0
                                            ? Substituted(*t.raw, from, to)
                                            : Simplified(Substituted(*t.raw, from, to)));
  if (StatsEnabled()) {
    StatsLine(absl::StrCat("step template with ", fixed_.count(), " of ", fixed_.total(),
                           " bits fixed: ", DagSize(StepTermList(*t.fixed)), " nodes, ",
                           CpuSeconds() - t0, " cpu s"));
  }
  return *t.fixed;
}

StepTerms StepEncoder::Step(const SymState& s, const std::string& tag, int depth) {
  const StepTerms& t = Template(TemplateRules(depth));
  z3::expr_vector from(ctx_), to(ctx_);
  // The template's free pieces become the same bits of `s`.
  AddFreePieces(*in_, fixed_, s, from, to);
  // Fresh variables of the step get names of their own.
  const std::string suffix = absl::StrCat("@", tag, "#", instances_++);
  for (unsigned i = 0; i < t.vars.size(); ++i) {
    const z3::expr v = t.vars[i];
    from.push_back(v);
    to.push_back(ctx_.constant((v.decl().name().str() + suffix).c_str(), v.get_sort()));
  }
  return Substituted(t, from, to);
}

void StepEncoder::RuleStats(const std::string& kind, const std::string& name, const Path& path,
                            const z3::expr& fail, double t0) {
  unsigned widest = 0;
  const uint64_t nodes = DagSize(PathTerms(path.st, path.live, fail), &widest);
  StatsLine(absl::StrCat(kind, " ", name, ": ", nodes, " nodes, widest bit-vector ", widest, ", ",
                         CpuSeconds() - t0, " cpu s"));
}

z3::expr StepEncoder::Equal(const SymState& a, const SymState& b) {
  z3::expr eq = ctx_.bool_val(true);
  for (size_t r = 0; r < NumRoots(); ++r) {
    const Bits& x = Root(a, r);
    const Bits& y = Root(b, r);
    if (x.width == 0 || SameBits(x, y)) continue;
    for (const Run& run : RunsOf(fixed_.roots[r])) {
      if (run.fixed) continue;
      eq = eq && EqBits(ctx_, ExtractBits(x, run.lo, run.width), ExtractBits(y, run.lo, run.width));
    }
  }
  return eq;
}

z3::expr StepEncoder::WellFormedValue(const Type* t, const Bits& b) {
  z3::expr ok = ctx_.bool_val(true);
  switch (t->kind) {
    case TypeKind::kBool:
    case TypeKind::kInt:
    case TypeKind::kSet:
      return ok;
    case TypeKind::kRange:
    case TypeKind::kEnum:
    case TypeKind::kOption:
      if (t->is_scalar()) return Contains(t, Decode(ctx_, t, b));
      ok = WellFormedValue(t->elem, ExtractBits(b, 1, t->elem->width));
      return z3::ite(IsZeroBits(ctx_, ExtractBits(b, 0, 1)),
                     IsZeroBits(ctx_, ExtractBits(b, 1, t->elem->width)), ok);
    case TypeKind::kArray:
      for (int64_t o = 0; o < t->index->Cardinality(); ++o) {
        ok = ok && WellFormedValue(
                       t->elem,
                       ExtractBits(b, static_cast<uint32_t>(o) * t->elem->width, t->elem->width));
      }
      return ok;
    case TypeKind::kStruct:
      for (const ir::StructDef::Field& f : t->struct_def->fields) {
        ok = ok && WellFormedValue(f.type, ExtractBits(b, f.offset, f.type->width));
      }
      return ok;
    case TypeKind::kBag:
      for (int64_t o = 0; o < t->elem->Cardinality(); ++o) {
        Scalar c = BitsAsUnsigned(
            ctx_, ExtractBits(b, static_cast<uint32_t>(o) * t->CountWidth(), t->CountWidth()));
        ok = ok && LessEq(c, IntConst(ctx_, t->capacity));
      }
      return ok;
    case TypeKind::kSeq: {
      Scalar len = BitsAsUnsigned(ctx_, ExtractBits(b, 0, t->CountWidth()));
      ok = LessEq(len, IntConst(ctx_, t->capacity));
      for (int64_t i = 0; i < t->capacity; ++i) {
        Bits slot = ExtractBits(b, t->CountWidth() + static_cast<uint32_t>(i) * t->ElemWidth(),
                                t->ElemWidth());
        ok = ok && z3::ite(Less(IntConst(ctx_, i), len), WellFormedValue(t->elem, slot),
                           IsZeroBits(ctx_, slot));
      }
      return ok;
    }
  }
  return ok;
}

z3::expr StepEncoder::WellFormed(const SymState& s) {
  const ir::Program& program = model_.program;
  z3::expr ok = ctx_.bool_val(true);
  for (size_t v = 0; v < program.state.size(); ++v) {
    ok = ok && WellFormedValue(program.state[v].type, s.vars[v]);
  }
  const ir::StateLayout& layout = model_.layout;
  if (!layout.has_triggers()) return ok;
  Scalar len = tr_.PendingLength(s.pending);
  ok = ok && LessEq(len, IntConst(ctx_, layout.pending_capacity()));
  const uint32_t tw = layout.pending_trigger_width(), ew = layout.pending_entry_width();
  for (int64_t j = 0; j < layout.pending_capacity(); ++j) {
    Bits entry = ExtractBits(s.pending, tr_.PendingEntryOffset(j), ew);
    z3::expr entry_ok = ctx_.bool_val(false);
    for (size_t t = 0; t < program.triggers.size(); ++t) {
      const ir::Event& event = program.events[program.triggers[t].event];
      z3::expr this_one = *ExtractBits(entry, 0, tw).e == ctx_.bv_val(t + 1, tw);
      uint32_t at = tw;
      for (const ir::Param& p : event.params) {
        this_one = this_one && WellFormedValue(p.type, ExtractBits(entry, at, p.type->width));
        at += p.type->width;
      }
      this_one = this_one && IsZeroBits(ctx_, ExtractBits(entry, at, ew - at));
      entry_ok = entry_ok || this_one;
    }
    ok = ok && z3::ite(Less(IntConst(ctx_, j), len), entry_ok, IsZeroBits(ctx_, entry));
  }
  return ok;
}

std::vector<uint32_t> StepEncoder::Concrete(const z3::model& m, const SymState& s) {
  std::vector<uint32_t> words(model_.layout.words(), 0);
  ForEachPiece(model_.layout, s, [&](const z3::expr& piece, uint64_t offset, uint32_t w) {
    ir::bits::Write(words.data(), offset, w, m.eval(piece, true).get_numeral_uint64());
  });
  return words;
}

z3::expr StepEncoder::Is(const SymState& s, const std::vector<uint32_t>& words) {
  z3::expr_vector equal(ctx_);
  ForEachPiece(model_.layout, s, [&](const z3::expr& piece, uint64_t offset, uint32_t w) {
    equal.push_back(piece == ctx_.bv_val(ir::bits::Read(words.data(), offset, w), w));
  });
  return z3::mk_and(equal);
}

}  // namespace rulecheck::solver::internal
