// Bodies that fork (see codegen_internal.h): `choose`, `roll` and `may`, and the `if`s and
// `for`s that hold one. The interpreter (model::Executor) runs the rest of a path once per
// branch; here the rest of a path is a C++ lambda, its continuation, so a fork is a loop that
// calls its branch once per candidate. A statement that does not fork is straight-line code
// as before (codegen_stmt.cc), and `require false` still ends its path with `return`: the
// rest of the path is only ever reached by calling its continuation, so returning from the
// lambda that runs a statement drops that path and goes on with the next branch.
//
// A fork saves what a path owns (the working copy `W`, the frame's locals, the lengths of
// the trail and of the move's choices) before its first branch and puts it back before each
// later one, as Executor::Save and Restore do. The step budget is not put back: the
// interpreter's is not either. A loop with a fork in its body is a recursive lambda, one
// call per iteration, each under a Nest that stops past kMaxNest calls (prelude.cc).
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "native/codegen_internal.h"

namespace rulecheck::native {

bool Generator::Forks(const ir::Stmt& s) {
  switch (s.op) {
    case ir::StmtOp::kChoose:
    case ir::StmtOp::kRoll:
    case ir::StmtOp::kMay:
      return true;
    case ir::StmtOp::kIf:
    case ir::StmtOp::kFor:
      for (const ir::Block& b : s.blocks) {
        if (Forks(b)) return true;
      }
      return s.else_block != nullptr && Forks(*s.else_block);
    default:
      return false;
  }
}

bool Generator::Forks(const ir::Block& block) {
  for (const ir::StmtPtr& s : block.stmts) {
    if (Forks(*s)) return true;
  }
  return false;
}

void Generator::BlockThen(const ir::Block& block, size_t from, int indent,
                          const std::string& then) {
  for (size_t i = from; i < block.stmts.size(); ++i) {
    const ir::Stmt& s = *block.stmts[i];
    if (!Forks(s)) {
      Stmt(s, indent);
      continue;
    }
    // The statements after this one are the continuation of each of its paths.
    std::string rest = then;
    if (i + 1 < block.stmts.size()) {
      const int id = NewId();
      Line(indent, absl::StrCat("auto k", id, " = [&]() -> void {"));
      BlockThen(block, i + 1, indent + 1, then);
      Line(indent, "};");
      rest = absl::StrCat("k", id, "();");
    }
    ForkingStmt(s, indent, rest);
    return;
  }
  Line(indent, then);
}

// The lambda `name` that runs `block` and then `then`, as a path of its own.
void Generator::PathLambda(const std::string& name, const ir::Block* block, int indent,
                           const std::string& then) {
  Line(indent, absl::StrCat("auto ", name, " = [&]() -> void {"));
  if (block != nullptr) {
    BlockThen(*block, 0, indent + 1, then);
  } else {
    Line(indent + 1, then);
  }
  Line(indent, "};");
}

std::string Generator::SavePath(int id) const {
  std::string text = absl::StrCat("uint32_t sw", id, "[", model_.layout.words(),
                                  "]; std::memcpy(sw", id, ", W, sizeof sw", id, "); uint32_t sf",
                                  id, "[sizeof F / 4]; std::memcpy(sf", id, ", F, sizeof F); ");
  if (frame_->scalars > 0) {
    absl::StrAppend(&text, "int64_t sl", id, "[sizeof L / 8]; std::memcpy(sl", id,
                    ", L, sizeof L); ");
  }
  absl::StrAppend(&text, "const uint64_t st", id, " = trail.size, sc", id, " = choices.size;");
  return text;
}

std::string Generator::RestorePath(int id) const {
  std::string text = absl::StrCat("std::memcpy(W, sw", id, ", sizeof sw", id,
                                  "); std::memcpy(F, sf", id, ", sizeof F); ");
  if (frame_->scalars > 0) absl::StrAppend(&text, "std::memcpy(L, sl", id, ", sizeof L); ");
  absl::StrAppend(&text, "trail.size = st", id, "; choices.size = sc", id, ";");
  return text;
}

void Generator::ForkingStmt(const ir::Stmt& s, int indent, const std::string& then) {
  Line(indent, absl::StrCat("Step(steps);", Trail(s.id)));
  switch (s.op) {
    case ir::StmtOp::kIf:
      // Each branch ends its paths with `then`; nothing follows the `if`.
      for (size_t i = 0; i < s.conds.size(); ++i) {
        Line(indent, absl::StrCat(i == 0 ? "if" : "} else if", " (Truth(", Scalar(*s.conds[i]),
                                  ")) {", Trail(s.branch_id + static_cast<uint32_t>(i))));
        BlockThen(s.blocks[i], 0, indent + 1, then);
      }
      Line(indent,
           absl::StrCat("} else {", Trail(s.branch_id + static_cast<uint32_t>(s.conds.size()))));
      if (s.else_block != nullptr) {
        BlockThen(*s.else_block, 0, indent + 1, then);
      } else {
        Line(indent + 1, then);
      }
      Line(indent, "}");
      return;
    case ir::StmtOp::kFor:
      return ForkingFor(s, indent, then);
    case ir::StmtOp::kMay:
      return May(s, indent, then);
    default:
      return Choose(s, indent, then);
  }
}

void Generator::May(const ir::Stmt& s, int indent, const std::string& then) {
  // Without the block (or with the `else`) first, as Executor::ExecMay.
  const int id = NewId();
  Line(indent, "{");
  PathLambda(absl::StrCat("without", id), s.blocks.size() > 1 ? &s.blocks[1] : nullptr, indent + 1,
             then);
  PathLambda(absl::StrCat("with", id), &s.blocks[0], indent + 1, then);
  Line(indent + 1, SavePath(id));
  const std::string choice = absl::StrCat("choices.push_back(abi::Choice{", s.id, "u, 0, ");
  Line(indent + 1, absl::StrCat(choice, "0, 1, 1}); without", id, "();"));
  Line(indent + 1, RestorePath(id));
  Line(indent + 1, absl::StrCat(choice, "1, 1, 1}); with", id, "();"));
  Line(indent, "}");
}

void Generator::Choose(const ir::Stmt& s, int indent, const std::string& then) {
  const ir::Domain& d = *s.domain;
  if (d.kind == ir::DomainKind::kSubBag) return ChooseSubBag(s, indent, then);
  const bool roll = s.op == ir::StmtOp::kRoll;
  const int id = NewId();
  const int list = NewId();
  // The candidates, as Evaluator::ForEachCountedValue lists them (a step each); a range
  // with more than a fixed number of them is left to the interpreter.
  const int64_t most = MostValues(d);
  const std::string c = absl::StrCat("c", id), n = absl::StrCat("n", id), w = absl::StrCat("w", id),
                    v = absl::StrCat("v", list);
  Line(indent, absl::StrCat("{ int64_t ", c, "[", most + 1, "]; [[maybe_unused]] uint64_t ", w, "[",
                            roll ? most + 1 : 1, "]; int64_t ", n,
                            " = 0; [[maybe_unused]] uint64_t total", id, " = 0;"));
  // Only a range can have more candidates than the array holds.
  std::string add = absl::StrCat(
      d.kind == ir::DomainKind::kRange ? absl::StrCat("if (", n, " == ", most, ") Stop();\n") : "",
      c, "[", n, "] = ", v, ";\n");
  if (roll) {
    // A bag member weighs its copies (docs/language.md#chance).
    const std::string copies =
        d.kind == ir::DomainKind::kBag
            ? absl::StrCat("Count(c", list, ", ", d.collection->type->CountWidth(), ", o", list,
                           ")")
            : "1";
    absl::StrAppend(&add, w, "[", n, "] = ", copies, ";\ntotal", id, " += ", w, "[", n, "];\n");
  }
  absl::StrAppend(&add, "++", n, ";\n");
  out_ += DomainLoop(*this, d, s.loc, list, add);
  if (s.filter != nullptr) {
    // The parser gives a roll no `where`, so the weights stay aligned.
    Line(indent + 1, absl::StrCat("{ int64_t kept = 0; for (int64_t i = 0; i < ", n, "; ++i) { l",
                                  s.slot, " = ", c, "[i]; if (Truth(", Scalar(*s.filter), ")) ", c,
                                  "[kept++] = ", c, "[i]; } ", n, " = kept; }"));
  }
  const std::string weight = roll ? absl::StrCat(w, "[i], total", id) : "1, 1";
  Branches(s, indent, then, id, n,
           absl::StrCat("l", s.slot, " = ", c, "[i]; choices.push_back(abi::Choice{", s.id,
                        "u, static_cast<uint32_t>(i), ", c, "[i], ", weight, "});"));
}

void Generator::Branches(const ir::Stmt& s, int indent, const std::string& then, int id,
                         const std::string& n, const std::string& pick) {
  Line(indent + 1, absl::StrCat("if (", n, " == 0) return;"));
  PathLambda(absl::StrCat("branch", id), &s.blocks[0], indent + 1, then);
  const std::string run = absl::StrCat(pick, " branch", id, "();");
  // One candidate does not fork: nothing to save.
  Line(indent + 1, absl::StrCat("if (", n, " == 1) { const int64_t i = 0; ", run, " } else {"));
  Line(indent + 2, SavePath(id));
  Line(indent + 2, absl::StrCat("for (int64_t i = 0; i < ", n, "; ++i) { if (i > 0) { ",
                                RestorePath(id), " } ", run, " }"));
  Line(indent + 1, "}");
  Line(indent, "}");
}

void Generator::ChooseSubBag(const ir::Stmt& s, int indent, const std::string& then) {
  const ir::Domain& d = *s.domain;
  const ir::Type* bt = d.collection->type;
  const uint32_t cw = bt->CountWidth();
  const int64_t members = bt->elem->Cardinality();
  const uint64_t stride = (bt->width + 31) / 32;
  // The candidates the generated code lists, in a stack array of at most 8,192 words; a bag
  // with more sub-bags is left to the interpreter (which takes up to 2^20).
  const uint64_t most =
      std::max<uint64_t>(16, std::min<uint64_t>(kMaxRangeCandidates, 8192 / stride));
  const int id = NewId();
  const std::string c = absl::StrCat("c", id), n = absl::StrCat("n", id);
  const std::string m = Int(std::max<int64_t>(members, 1));
  // The counts of the bag, then n, as Executor::ExecChooseSubBag; a step per candidate.
  Line(indent, absl::StrCat("{ int64_t cap", id, "[", m, "] = {}; int64_t x", id, "[", m,
                            "] = {}; { const Sl b = ", Composite(*d.collection),
                            "; for (int64_t o = 0; o < ", Int(members), "; ++o) cap", id,
                            "[o] = static_cast<int64_t>(Count(b, ", cw, ", o)); }"));
  Line(indent + 1, absl::StrCat("const int64_t want", id, " = ", Scalar(*d.lo), "; if (want", id,
                                " < 0) Stop();"));
  const bool roll = s.op == ir::StmtOp::kRoll;
  const std::string w = absl::StrCat("w", id), total = absl::StrCat("total", id);
  Line(indent + 1, absl::StrCat("uint32_t ", c, "[", most * stride, "] = {}; int64_t ", n,
                                " = 0; [[maybe_unused]] uint64_t ", w, "[", roll ? most : 1,
                                "]; [[maybe_unused]] uint64_t ", total, " = 1;"));
  if (roll) {
    // A draw: C(|b|, n) ways in all (past 2^64, the interpreter reports it).
    Line(indent + 1,
         absl::StrCat("{ int64_t copies = 0; for (int64_t o = 0; o < ", Int(members),
                      "; ++o) copies += cap", id, "[o]; if (want", id, " <= copies) { ", total,
                      " = Binomial(copies, want", id, "); if (", total, " == 0) Stop(); } }"));
  }
  const std::string weigh =
      roll ? absl::StrCat(w, "[", n, "] = SubBagWays(cap", id, ", ", Int(members), ", x", id, "); ")
           : "";
  Line(indent + 1,
       absl::StrCat("if (SubBagFirst(cap", id, ", ", Int(members), ", want", id, ", x", id,
                    ")) do { Step(steps); if (", n, " == ", most,
                    ") Stop(); for (int64_t o = 0; o < ", Int(members), "; ++o) B::Write(", c,
                    " + ", n, " * ", stride, ", static_cast<uint64_t>(o) * ", cw, ", ", cw,
                    ", static_cast<uint64_t>(x", id, "[o])); ", weigh, "++", n,
                    "; } while (SubBagNext(cap", id, ", ", Int(members), ", x", id, "));"));
  // Binding h: its bits into the frame's composite locals.
  auto bind = [&](const std::string& i) {
    return absl::StrCat("B::Copy(F, ", s.slot, ", ", c, " + (", i, ") * ", stride, ", 0, ",
                        bt->width, ");");
  };
  if (s.filter != nullptr) {
    Line(indent + 1,
         absl::StrCat("{ int64_t kept = 0; for (int64_t i = 0; i < ", n, "; ++i) { ", bind("i"),
                      " if (Truth(", Scalar(*s.filter), ")) { if (kept != i) std::memcpy(", c,
                      " + kept * ", stride, ", ", c, " + i * ", stride, ", ", stride * 4,
                      "); ++kept; } } ", n, " = kept; }"));
  }
  Branches(s, indent, then, id, n,
           absl::StrCat(bind("i"), " choices.push_back(abi::Choice{", s.id,
                        "u, static_cast<uint32_t>(i), 0, ",
                        roll ? absl::StrCat(w, "[i], ", total) : std::string("1, 1"), ", ", c,
                        " + i * ", stride, ", ", stride, "});"));
}

void Generator::ForkingFor(const ir::Stmt& s, int indent, const std::string& then) {
  const ir::Domain& d = *s.domain;
  const int id = NewId();
  const bool listed = Listed(d);
  const std::string loop = absl::StrCat("loop", id);
  std::string first, nonempty, value, last;
  Line(indent, "{");
  if (listed) {
    // The values first (a step each), as Executor::ListLoop; the body may change the
    // collection.
    out_ += ListValues(d, s.loc, id);
    first = "0";
    nonempty = absl::StrCat("count", id, " > 0");
    value = absl::StrCat("vals", id, "[k", id, "]");
    last = absl::StrCat("k", id, " + 1 == count", id);
  } else if (d.kind == ir::DomainKind::kRange) {
    Line(indent + 1, absl::StrCat("const int64_t lo", id, " = ", Scalar(*d.lo),
                                  "; const int64_t hi", id, " = ", Scalar(*d.hi), ";"));
    first = absl::StrCat("lo", id);
    nonempty = absl::StrCat("lo", id, " <= hi", id);
    value = absl::StrCat("k", id);
    last = absl::StrCat("k", id, " == hi", id);  // hi may be INT64_MAX
  } else {
    const int64_t n = d.elem_type->Cardinality();
    const int64_t base = Base(d.elem_type);
    first = Int(base);
    nonempty = n > 0 ? "true" : "false";
    value = absl::StrCat("k", id);
    last = absl::StrCat("k", id, " == ", Int(base + n - 1));
  }
  // One call per iteration: its step, the bound value, the filter, the body; the body's
  // paths go on with the next iteration, the last one's with `then`.
  const std::string next = absl::StrCat("next", id);
  Line(indent + 1,
       absl::StrCat("auto ", loop, " = [&](auto& self", id, ", int64_t k", id, ") -> void {"));
  Line(indent + 2,
       absl::StrCat("Nest nest", id, "(depth); Step(steps); l", s.slot, " = ", value, ";"));
  Line(indent + 2, absl::StrCat("auto ", next, " = [&]() -> void { if (", last, ") { ", then,
                                " } else { self", id, "(self", id, ", k", id, " + 1); } };"));
  if (s.filter != nullptr) {
    Line(indent + 2,
         absl::StrCat("if (!Truth(", Scalar(*s.filter), ")) { ", next, "(); return; }"));
  }
  BlockThen(s.blocks[0], 0, indent + 2, next + "();");
  Line(indent + 1, "};");
  Line(indent + 1, absl::StrCat("if (", nonempty, ") { ", loop, "(", loop, ", ", first,
                                "); } else { ", then, " }"));
  Line(indent, "}");
}

}  // namespace rulecheck::native
