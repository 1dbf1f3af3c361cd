// The code units and the module (see codegen.h). Each fun becomes a C++ function of the
// state and the step budget, each terminal condition a function of the state, each action a
// function of the state and its parameter values that runs the guard on the parent state and
// the body on a copy, and `Successors` enumerates the action instances as
// model::SuccessorGenerator does (actions in order, the last parameter fastest). Every unit
// declares its frame as the interpreter lays it out: scalar slot `i` is `l<i>` and composite
// locals are bits of `F`.
#include "native/codegen.h"

#include "absl/strings/str_cat.h"
#include "native/codegen_internal.h"
#include "native/prelude.h"

namespace rulecheck::native {
namespace {

// The declarations of a frame's locals.
std::string FrameDecls(const ir::FrameLayout& frame) {
  std::string text;
  for (uint32_t i = 0; i < frame.scalars; ++i) {
    absl::StrAppend(&text, "[[maybe_unused]] int64_t l", i, " = 0;\n");
  }
  absl::StrAppend(&text, "[[maybe_unused]] uint32_t F[", (frame.bits + 31) / 32 + 1, "] = {};\n");
  return text;
}

// `text` with anything but printable ASCII as `?`, for a comment.
std::string Printable(std::string text) {
  for (char& c : text) {
    if (c < ' ' || c > '~') c = '?';
  }
  return text;
}

}  // namespace

absl::Status Generator::Generate(std::string& out) {
  const ir::Program& p = program_;
  if (!p.triggers.empty()) {
    Unsupported(absl::StrCat("trigger `", p.triggers[0].name, "`"), p.triggers[0].loc);
    return status_;
  }
  std::string units;
  // Funs: declared first, since a fun may call one declared after it.
  std::string fun_decls;
  for (size_t i = 0; i < p.funs.size(); ++i) {
    const ir::Fun& f = p.funs[i];
    if (!f.result->is_scalar()) continue;  // a call of it is reported where it is made
    std::string signature = absl::StrCat("int64_t Fun", i, "(uint32_t* S, int64_t& steps");
    for (size_t k = 0; k < f.params.size(); ++k) {
      absl::StrAppend(&signature, f.params[k].type->is_scalar() ? ", int64_t a" : ", Sl a", k);
    }
    signature += ")";
    absl::StrAppend(&fun_decls, signature, ";\n");
    std::string binds;
    for (size_t k = 0; k < f.params.size(); ++k) {
      const ir::Param& param = f.params[k];
      if (param.type->is_scalar()) {
        absl::StrAppend(&binds, "l", param.slot, " = ", Checked(param.type, absl::StrCat("a", k)),
                        ";\n");
      } else {
        absl::StrAppend(&binds, "B::Copy(F, ", param.slot, ", a", k, ".w, a", k, ".b, ",
                        param.type->width, ");\n");
      }
    }
    absl::StrAppend(&units, "// fun ", f.name, "\n", signature, " {\nStep(steps);\n",
                    FrameDecls(f.frame), binds, "const int64_t r = ", Scalar(*f.body), ";\nreturn ",
                    Checked(f.result, "r"), ";\n}\n\n");
  }
  // Terminal conditions, each with a budget of its own.
  for (size_t i = 0; i < p.terminals.size(); ++i) {
    absl::StrAppend(&units, "bool Terminal", i,
                    "(uint32_t* S) {\n[[maybe_unused]] int64_t steps = kMaxSteps;\n",
                    FrameDecls(p.terminals[i].frame), "return Truth(", Scalar(*p.terminals[i].expr),
                    ");\n}\n\n");
  }
  absl::StrAppend(&units,
                  "int32_t IsTerminal(const uint32_t* state) {\n"
                  "uint32_t* S = const_cast<uint32_t*>(state);\ntry {\n");
  for (size_t i = 0; i < p.terminals.size(); ++i) {
    absl::StrAppend(&units, "if (Terminal", i, "(S)) return 1;\n");
  }
  absl::StrAppend(&units, "return 0;\n} catch (const Stopped&) {\nreturn -1;\n}\n}\n\n");
  // State properties: each compiled on its own; one the generator does not handle yet stays
  // with the interpreter (-2).
  if (!status_.ok()) return status_;
  std::string cases;
  int index = 0;
  for (const std::vector<ir::Property>* list : {&p.invariants, &p.reachables}) {
    for (const ir::Property& property : *list) {
      std::string text =
          absl::StrCat("int64_t Property", index,
                       "(uint32_t* S) {\n[[maybe_unused]] int64_t steps = "
                       "kMaxSteps;\n",
                       FrameDecls(property.frame), "return ", Scalar(*property.expr), ";\n}\n\n");
      if (TakeStatus().ok()) {
        absl::StrAppend(&units, text);
        absl::StrAppend(&cases, "case ", index, ": *value = Property", index, "(S); return 0;\n");
      }
      ++index;
    }
  }
  absl::StrAppend(&units,
                  "int32_t EvaluateProperty(int32_t index, const uint32_t* state, int64_t* value) "
                  "{\nuint32_t* S = const_cast<uint32_t*>(state);\ntry {\nswitch (index) {\n",
                  cases,
                  "default: return -2;\n}\n} catch (const Stopped&) {\nreturn -1;\n}\n}\n\n");
  // Actions.
  const uint32_t words = model_.layout.words();
  std::string enumerate;
  for (size_t a = 0; a < p.actions.size(); ++a) {
    const ir::Action& action = p.actions[a];
    std::string params, args, loops, close;
    for (size_t k = 0; k < action.params.size(); ++k) {
      const ir::Param& param = action.params[k];
      absl::StrAppend(&params, ", int64_t a", k);
      absl::StrAppend(&args, k == 0 ? "" : ", ", "a", k);
      absl::StrAppend(&loops, "for (int64_t a", k, " = ", Int(Base(param.type)), "; a", k, " < ",
                      Int(Base(param.type) + param.type->Cardinality()), "; ++a", k, ")\n");
    }
    absl::StrAppend(&units, "// action ", action.name, "\ntemplate <bool kTrail>\nvoid Action", a,
                    "(uint32_t* parent, const rulecheck::native::abi::Host* host, "
                    "Trail& trail",
                    params, ") {\nint64_t steps = kMaxSteps;\n", FrameDecls(action.frame));
    for (size_t k = 0; k < action.params.size(); ++k) {
      absl::StrAppend(&units, "l", action.params[k].slot, " = a", k, ";\n");
    }
    absl::StrAppend(&units, "uint32_t* S = parent;\n");
    if (action.guard != nullptr) {
      absl::StrAppend(&units, "if (!Truth(", Scalar(*action.guard), ")) return;\n");
    }
    absl::StrAppend(&units,
                    "const int64_t player = ", action.by != nullptr ? Scalar(*action.by) : "0",
                    ";\nuint32_t W[", words, "];\nstd::memcpy(W, parent, sizeof W);\nS = W;\n");
    out_.clear();
    Block(action.body, 0);
    absl::StrAppend(&units, "if constexpr (kTrail) trail.clear();\n", out_,
                    "const int64_t args[] = {", args.empty() ? "0" : args,
                    "};\nhost->successor(host->context, W, ", a,
                    ", args, player, trail.data, kTrail ? trail.size : 0);\n}\n\n");
    absl::StrAppend(&enumerate, loops, "Action", a, "<kTrail>(S, host, trail",
                    action.params.empty() ? "" : ", ", args, ");\n");
  }
  absl::StrAppend(&units,
                  "template <bool kTrail>\nvoid Enumerate(uint32_t* S, const "
                  "rulecheck::native::abi::Host* host, Trail& trail) {\n",
                  enumerate,
                  "}\n\nint32_t Successors(const uint32_t* state, const "
                  "rulecheck::native::abi::Host* host, int32_t record_trail) {\n"
                  "uint32_t* S = const_cast<uint32_t*>(state);\n"
                  "Trail trail{host, host->trail, 0, host->trail_capacity};\ntry {\n"
                  "if (record_trail != 0) {\nEnumerate<true>(S, host, trail);\n} else {\n"
                  "Enumerate<false>(S, host, trail);\n}\n"
                  "return rulecheck::native::abi::kDone;\n} catch (const Stopped&) {\n"
                  "return rulecheck::native::abi::kStopped;\n}\n}\n");
  if (!status_.ok()) return status_;
  out = absl::StrCat(
      "// Generated by rulecheck: the successor function of a model of \"", Printable(p.game_name),
      "\". Do not edit.\n#include <cstdint>\n#include <cstring>\n#include <vector>\n",
      EmbeddedHeaders(), GeneratedPrelude(), "\nnamespace {\n", decls_, fun_decls, "\n", units,
      "}  // namespace\n\n",
      "extern \"C\" const rulecheck::native::abi::Module* "
      "rulecheck_native_module(void) {\n"
      "  static const rulecheck::native::abi::Module module = {\n"
      "      rulecheck::native::abi::kAbiVersion, ",
      words, ", &Successors, &IsTerminal, &EvaluateProperty};\n  return &module;\n}\n");
  return absl::OkStatus();
}

absl::StatusOr<std::string> GenerateSource(const model::Model& model) {
  Generator generator(model);
  std::string source;
  absl::Status status = generator.Generate(source);
  if (!status.ok()) return status;
  return source;
}

}  // namespace rulecheck::native
