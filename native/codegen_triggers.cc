// Triggers (see codegen_internal.h): `emit`, which queues each trigger on the event whose
// guard holds at the end of the pending list in the working copy, and the resolution of the
// first pending trigger, which is a state's only move while one is pending. Both do what
// model::Executor::ExecEmit and SuccessorGenerator's ResolveTrigger do, in the same order,
// with the pending list laid out as ir/state_layout.h says.
#include "absl/strings/str_cat.h"
#include "native/codegen_internal.h"

namespace rulecheck::native {

void Generator::Emit(const ir::Stmt& s, int indent) {
  const ir::Event& event = program_.events[s.event];
  const ir::StateLayout& layout = model_.layout;
  // The arguments, each checked against its parameter's type as soon as it is known.
  std::string text = "{ ";
  std::string list;
  for (size_t i = 0; i < s.args.size(); ++i) {
    const ir::Type* t = event.params[i].type;
    const std::string e = absl::StrCat("e", i);
    absl::StrAppend(&text, "const int64_t ", e, " = ", Scalar(*s.args[i]), "; if (!(",
                    Contains(t, e), ")) Stop(); ");
    absl::StrAppend(&list, i == 0 ? "" : ", ", e);
  }
  absl::StrAppend(&text, "[[maybe_unused]] const int64_t e[] = {", list.empty() ? "0" : list, "};");
  Line(indent, text);
  for (size_t t = 0; t < program_.triggers.size(); ++t) {
    const ir::Trigger& trigger = program_.triggers[t];
    if (trigger.event != s.event) continue;
    std::string push = absl::StrCat(
        "{ const uint64_t len = B::Read(S, ", layout.pending_length_offset(), ", ",
        layout.pending_length_width(), "); if (len >= ", layout.pending_capacity(),
        ") Stop(); uint64_t at = ", layout.pending_entry_offset(0), "u + len * ",
        layout.pending_entry_width(), "u; B::Write(S, at, ", layout.pending_trigger_width(), ", ",
        t + 1, "u); at += ", layout.pending_trigger_width(), "; ");
    for (size_t i = 0; i < s.args.size(); ++i) {
      const ir::Type* pt = event.params[i].type;
      absl::StrAppend(&push, "B::Write(S, at, ", pt->width, ", ", Encode(pt, absl::StrCat("e", i)),
                      "); at += ", pt->width, "; ");
    }
    absl::StrAppend(&push, "B::Write(S, ", layout.pending_length_offset(), ", ",
                    layout.pending_length_width(), ", len + 1); }");
    if (trigger.guard != nullptr) {
      Line(indent + 1, absl::StrCat("if (Guard", t, "(S, steps, e)) ", push));
    } else {
      Line(indent + 1, push);
    }
  }
  Line(indent, "}");
}

std::string Generator::TriggerGuards() {
  std::string text;
  for (size_t t = 0; t < program_.triggers.size(); ++t) {
    const ir::Trigger& trigger = program_.triggers[t];
    if (trigger.guard == nullptr) continue;
    // The guard has a frame of its own, with the binders set to the event's arguments.
    const size_t args = program_.events[trigger.event].params.size();
    StartUnit();
    const std::string value = Scalar(*trigger.guard);
    absl::StrAppend(&text, "// the guard of trigger ", trigger.name, "\nbool Guard", t,
                    "(uint32_t* S, Budget& steps, [[maybe_unused]] const int64_t* e) {\n",
                    FrameDecls(trigger.frame), TempDecl());
    for (size_t i = 0; i < trigger.binders.size() && i < args; ++i) {
      absl::StrAppend(&text, "l", trigger.binders[i].slot, " = e[", i, "];\n");
    }
    absl::StrAppend(&text, "return Truth(", value, ");\n}\n\n");
  }
  return text;
}

std::string Generator::TriggerUnits() {
  const ir::StateLayout& layout = model_.layout;
  std::string text;
  for (size_t t = 0; t < program_.triggers.size(); ++t) {
    const ir::Trigger& trigger = program_.triggers[t];
    const ir::Event& event = program_.events[trigger.event];
    // `by` and the body first, for the size of the temporaries.
    StartUnit();
    frame_ = &trigger.frame;
    const std::string player = trigger.by != nullptr ? Scalar(*trigger.by) : "0";
    const std::string body = UnitBody(trigger.body, 1, static_cast<int>(t));
    absl::StrAppend(&text, "// trigger ", trigger.name, "\n",
                    UnitHead(absl::StrCat("Trigger", t), ""),
                    FrameDecls(trigger.frame, Forks(trigger.body)), TempDecl(), "uint32_t W[",
                    layout.words(), "];\nstd::memcpy(W, parent, sizeof W);\nuint32_t* S = W;\n");
    // The event's arguments from the first pending entry, then the entry out of the list.
    std::string args;
    uint64_t at = layout.pending_entry_offset(0) + layout.pending_trigger_width();
    for (size_t i = 0; i < event.params.size(); ++i) {
      const ir::Type* pt = event.params[i].type;
      absl::StrAppend(&args, i == 0 ? "" : ", ", Read(pt, absl::StrCat("Sl{parent, ", at, "u}")));
      at += pt->width;
    }
    absl::StrAppend(&text, "const int64_t args[] = {", args.empty() ? "0" : args, "};\n");
    for (size_t i = 0; i < trigger.binders.size() && i < event.params.size(); ++i) {
      absl::StrAppend(&text, "l", trigger.binders[i].slot, " = args[", i, "];\n");
    }
    absl::StrAppend(&text, "PendingPop(W, ", layout.pending_length_offset(), ", ",
                    layout.pending_length_width(), ", ", layout.pending_entry_offset(0), ", ",
                    layout.pending_entry_width(), ");\n");
    absl::StrAppend(&text, "const int64_t player = ", player, ";\n", body, "}\n\n");
  }
  return text;
}

std::string Generator::PendingDispatch() {
  const ir::StateLayout& layout = model_.layout;
  if (!layout.has_triggers()) return "";
  std::string text =
      absl::StrCat("if (B::Read(S, ", layout.pending_length_offset(), ", ",
                   layout.pending_length_width(), ") != 0) {\nswitch (B::Read(S, ",
                   layout.pending_entry_offset(0), ", ", layout.pending_trigger_width(), ")) {\n");
  for (size_t t = 0; t < program_.triggers.size(); ++t) {
    absl::StrAppend(&text, "case ", t + 1, ": Trigger", t, "(S, host, trail, choices); return;\n");
  }
  absl::StrAppend(&text, "default: Stop();\n}\n}\n");
  return text;
}

}  // namespace rulecheck::native
