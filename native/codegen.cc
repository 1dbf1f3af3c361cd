// The code units and the module (see codegen.h). Each fun becomes a C++ function of the
// state and the step budget, each terminal condition a function of the state, each action a
// function of the state and its parameter values that runs the guard on the parent state and
// the body on a copy, and `Successors` enumerates the action instances as
// model::SuccessorGenerator does (actions in order, the last parameter fastest). Every unit
// declares its frame as the interpreter lays it out: scalar slot `i` is `l<i>` and composite
// locals are bits of `F`.
#include "native/codegen.h"

#include "absl/strings/str_cat.h"
#include "model/successors.h"
#include "native/codegen_internal.h"
#include "native/prelude.h"

namespace rulecheck::native {
namespace {

// `text` with anything but printable ASCII as `?`, for a comment.
std::string Printable(std::string text) {
  for (char& c : text) {
    if (c < ' ' || c > '~') c = '?';
  }
  return text;
}

}  // namespace

std::string Generator::FrameDecls(const ir::FrameLayout& frame, bool forks) {
  std::string text;
  if (forks && frame.scalars > 0) {
    // A fork saves and restores them all at once (SavePath).
    absl::StrAppend(&text, "int64_t L[", frame.scalars, "] = {};\n");
  }
  for (uint32_t i = 0; i < frame.scalars; ++i) {
    if (forks) {
      absl::StrAppend(&text, "[[maybe_unused]] int64_t& l", i, " = L[", i, "];\n");
    } else {
      absl::StrAppend(&text, "[[maybe_unused]] int64_t l", i, " = 0;\n");
    }
  }
  absl::StrAppend(&text, "[[maybe_unused]] uint32_t F[", (frame.bits + 31) / 32 + 1, "] = {};\n");
  return text;
}

std::string Generator::UnitHead(const std::string& name, const std::string& params) {
  return absl::StrCat(
      "void ", name, "(uint32_t* parent, const abi::Host* host, Trail& trail, Choices& choices",
      params, ") {\nBudget steps(host->cancel);\n[[maybe_unused]] int depth = 0;\n");
}

std::string Generator::UnitBody(const ir::Block& body, int trigger, int rule) {
  out_.clear();
  BlockThen(
      body, 0, 0,
      absl::StrCat("Deliver(host, W, ", trigger, ", ", rule, ", args, player, trail, choices);"));
  return absl::StrCat("trail.clear();\nchoices.clear();\n", out_);
}

std::string Generator::FunUnits(std::string& decls) {
  std::string units;
  for (size_t i = 0; i < program_.funs.size(); ++i) {
    const ir::Fun& f = program_.funs[i];
    // A composite result is written to the caller's `out`.
    const bool scalar = f.result->is_scalar();
    std::string signature = absl::StrCat(scalar ? "int64_t" : "void", " Fun", i,
                                         "(uint32_t* S, Budget& steps", scalar ? "" : ", Sl out");
    for (size_t k = 0; k < f.params.size(); ++k) {
      absl::StrAppend(&signature, f.params[k].type->is_scalar() ? ", int64_t a" : ", Sl a", k);
    }
    signature += ")";
    absl::StrAppend(&decls, signature, ";\n");
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
    StartUnit();
    const std::string result =
        scalar ? absl::StrCat("const int64_t r = ", Scalar(*f.body), ";\nreturn ",
                              Checked(f.result, "r"), ";\n")
               : absl::StrCat("const Sl r = ", Composite(*f.body),
                              ";\nB::Copy(out.w, out.b, r.w, r.b, ", f.result->width, ");\n");
    absl::StrAppend(&units, "// fun ", f.name, "\n", signature, " {\nStep(steps);\n",
                    FrameDecls(f.frame), TempDecl(), binds, result, "}\n\n");
  }
  return units;
}

std::string Generator::StateUnits() {
  const ir::Program& p = program_;
  // Terminal conditions, each with a budget of its own.
  std::string units;
  for (size_t i = 0; i < p.terminals.size(); ++i) {
    StartUnit();
    const std::string value = Scalar(*p.terminals[i].expr);
    absl::StrAppend(&units, "bool Terminal", i, "(uint32_t* S) {\n[[maybe_unused]] Budget steps;\n",
                    FrameDecls(p.terminals[i].frame), TempDecl(), "return Truth(", value,
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
  if (!status_.ok()) return units;
  std::string cases;
  int index = 0;
  for (const std::vector<ir::Property>* list : {&p.invariants, &p.reachables}) {
    for (const ir::Property& property : *list) {
      StartUnit();
      const std::string value = Scalar(*property.expr);
      std::string text = absl::StrCat(
          "int64_t Property", index, "(uint32_t* S) {\n[[maybe_unused]] Budget steps;\n",
          FrameDecls(property.frame), TempDecl(), "return ", value, ";\n}\n\n");
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
  return units;
}

std::string Generator::ActionUnits(std::string& enumerate) {
  std::string units;
  for (size_t a = 0; a < program_.actions.size(); ++a) {
    const ir::Action& action = program_.actions[a];
    std::string params, args, loops, binds;
    for (size_t k = 0; k < action.params.size(); ++k) {
      const ir::Param& param = action.params[k];
      absl::StrAppend(&params, ", int64_t a", k);
      absl::StrAppend(&args, k == 0 ? "" : ", ", "a", k);
      absl::StrAppend(&loops, "for (int64_t a", k, " = ", Int(Base(param.type)), "; a", k, " < ",
                      Int(Base(param.type) + param.type->Cardinality()), "; ++a", k, ")\n");
      absl::StrAppend(&binds, "l", param.slot, " = a", k, ";\n");
    }
    // The guard and `by` on the parent state, the body on a copy.
    StartUnit();
    frame_ = &action.frame;
    const std::string guard =
        action.guard != nullptr ? absl::StrCat("if (!Truth(", Scalar(*action.guard), ")) return;\n")
                                : "";
    const std::string player = action.by != nullptr ? Scalar(*action.by) : "0";
    const std::string body = UnitBody(action.body, 0, static_cast<int>(a));
    absl::StrAppend(
        &units, "// action ", action.name, "\n", UnitHead(absl::StrCat("Action", a), params),
        FrameDecls(action.frame, Forks(action.body)), TempDecl(), binds, "uint32_t* S = parent;\n",
        guard, "const int64_t player = ", player, ";\nuint32_t W[", model_.layout.words(),
        "];\nstd::memcpy(W, parent, sizeof W);\nS = W;\n", "const int64_t args[] = {",
        args.empty() ? "0" : args, "};\n", body, "}\n\n");
    absl::StrAppend(&enumerate, loops, "Action", a, "(S, host, trail, choices",
                    action.params.empty() ? "" : ", ", args, ");\n");
  }
  return units;
}

absl::Status Generator::Generate(std::string& out) {
  // Funs are declared first, since a fun may call one declared after it.
  std::string fun_decls;
  std::string units = FunUnits(fun_decls);
  absl::StrAppend(&units, TriggerGuards(), StateUnits());
  if (!status_.ok()) return status_;
  std::string enumerate;
  absl::StrAppend(&units, TriggerUnits(), ActionUnits(enumerate));
  absl::StrAppend(&units,
                  "void Enumerate(uint32_t* S, const abi::Host* host, "
                  "Trail& trail, Choices& choices) {\n",
                  PendingDispatch(), enumerate,
                  "}\n\nint32_t Successors(const uint32_t* state, const abi::Host* host, "
                  "int32_t record_trail) {\n"
                  "uint32_t* S = const_cast<uint32_t*>(state);\n"
                  "Trail trail{host, host->grow_trail, host->trail, 0, host->trail_capacity, "
                  "record_trail != 0};\n"
                  "Choices choices{host, host->grow_choices, host->choices, 0, "
                  "host->choice_capacity, true};\ntry {\nEnumerate(S, host, trail, choices);\n"
                  "return abi::kDone;\n} catch (const Stopped&) {\n"
                  "return abi::kStopped;\n}\n}\n");
  if (!status_.ok()) return status_;
  out =
      absl::StrCat("// Generated by rulecheck: the successor function of a model of \"",
                   Printable(program_.game_name),
                   "\". Do not edit.\n#include <cstdint>\n#include <cstring>\n#include <vector>\n",
                   EmbeddedHeaders(), "\nnamespace {\nconstexpr int64_t kPollSteps = ",
                   model::CancelPollSteps(program_), ";\n}  // namespace\n", GeneratedPrelude(),
                   "\nnamespace {\n", decls_, fun_decls, "\n", units, "}  // namespace\n\n",
                   "extern \"C\" const rulecheck::native::abi::Module* "
                   "rulecheck_native_module(void) {\n"
                   "  static const rulecheck::native::abi::Module module = {\n"
                   "      rulecheck::native::abi::kAbiVersion, ",
                   model_.layout.words(),
                   ", &Successors, &IsTerminal, &EvaluateProperty};\n  return &module;\n}\n");
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
