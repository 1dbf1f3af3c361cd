// The text form of the diff report (see diff_report.h): a summary line per version, then the
// declarations, findings and query answers that differ, each section only when it has
// something to say, and a closing line with the counts.
#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

#include "base/counts.h"
#include "properties/stop_description.h"
#include "reports/diff_report.h"
#include "reports/trace_text.h"

namespace rulecheck::reports {
namespace {

// `old: FILE: 12 states, 30 transitions, 2 terminal, complete`.
void WriteVersionLine(const char* which, const model::Model& model,
                      const explorer::ExplorationStats& stats, std::ostream& out) {
  out << which << ": " << model.source->path() << ": "
      << base::CountOf(stats.states, "state", "states") << ", "
      << base::CountOf(stats.transitions, "transition", "transitions") << ", "
      << base::GroupThousands(stats.terminal_states) << " terminal, "
      << (stats.complete ? "complete" : "INCOMPLETE: " + properties::StopDescription(stats))
      << "\n";
}

void WriteDeclarations(const std::vector<properties::DeclarationChange>& changes,
                       std::ostream& out) {
  if (changes.empty()) return;
  out << "\ndeclarations:\n";
  for (const properties::DeclarationChange& change : changes) {
    out << kStepIndent << change.kind << " " << change.name << " " << change.change;
    if (!change.detail.empty()) out << ": " << change.detail;
    out << "\n";
  }
}

void WriteFindings(const VersionDiff& diff, const std::vector<FindingChange>& changes,
                   std::ostream& out) {
  for (const FindingChange& change : changes) {
    out << "\n" << FindingChangeName(change.status) << " finding " << change.id;
    switch (change.status) {
      case FindingChange::Status::kNew:
        out << " (in the new version):\n";
        WriteFindingText(*diff.new_model, *change.new_finding, change.known, out);
        break;
      case FindingChange::Status::kFixed:
        out << " (in the old version only):\n";
        WriteFindingText(*diff.old_model, *change.old_finding, false, out);
        break;
      case FindingChange::Status::kLost:
        out << " (in the old version only: the new version no longer reaches it):\n";
        WriteFindingText(*diff.old_model, *change.old_finding, false, out);
        break;
      case FindingChange::Status::kChanged:
        out << ": was \"" << change.old_finding->message << "\" ("
            << base::CountOf(change.old_finding->trace.size(), "step", "steps") << "), now:\n";
        WriteFindingText(*diff.new_model, *change.new_finding, change.known, out);
        break;
    }
  }
}

void WriteAnswers(const std::vector<properties::AnswerChange>& changes, std::ostream& out) {
  if (changes.empty()) return;
  out << "\nqueries:\n";
  for (const properties::AnswerChange& change : changes) {
    out << kStepIndent << change.kind << " " << change.name << ": "
        << (change.old_outcome.empty() ? "(not in the old version)" : change.old_outcome) << " -> "
        << (change.new_outcome.empty() ? "(not in the new version)" : change.new_outcome) << "\n";
  }
}

// One direction of the behaviour comparison: each difference shown, with its trace.
void WriteBehaviourSide(const model::Model& model, const properties::BehaviourSide& side,
                        const char* which, std::ostream& out) {
  for (const properties::BehaviourDifference& difference : side.shown) {
    if (difference.kind == properties::BehaviourDifference::Kind::kState) {
      out << "\nonly the " << which << " version reaches " << difference.from << ":\n";
    } else {
      out << "\nonly the " << which << " version moves from " << difference.from << " to "
          << difference.to << ":\n";
    }
    WriteTraceText(model, difference.trace, {}, out);
  }
}

}  // namespace

void WriteDiffBehaviourText(const VersionDiff& diff, std::ostream& out) {
  const properties::BehaviourDiff& behaviour = diff.behaviour;
  out << "\nbehaviour";
  if (!behaviour.compared) {
    out << ": not compared: " << behaviour.reason << "\n";
    return;
  }
  out << " over";
  for (size_t i = 0; i < behaviour.shared.size(); ++i) {
    out << (i == 0 ? " " : ", ") << behaviour.shared[i];
  }
  if (!behaviour.differs()) {
    out << ": the same states and moves in both versions\n";
    return;
  }
  out << ": only the old version allows "
      << base::CountOf(behaviour.only_old.states, "state", "states") << " and "
      << base::CountOf(behaviour.only_old.moves, "move", "moves") << ", only the new version "
      << base::CountOf(behaviour.only_new.states, "state", "states") << " and "
      << base::CountOf(behaviour.only_new.moves, "move", "moves") << "\n";
  WriteBehaviourSide(*diff.old_model, behaviour.only_old, "old", out);
  WriteBehaviourSide(*diff.new_model, behaviour.only_new, "new", out);
}

namespace {

int Count(const std::vector<FindingChange>& changes, FindingChange::Status status) {
  int count = 0;
  for (const FindingChange& change : changes) count += change.status == status ? 1 : 0;
  return count;
}

}  // namespace

void WriteDiffTextReport(const VersionDiff& diff, std::ostream& out) {
  WriteVersionLine("old", *diff.old_model, diff.old_run->check.stats, out);
  WriteVersionLine("new", *diff.new_model, diff.new_run->check.stats, out);
  WriteDeclarations(diff.declarations, out);
  const std::vector<FindingChange> findings = CompareFindings(diff);
  WriteFindings(diff, findings, out);
  WriteAnswers(diff.answers, out);
  // diff answers the queries the explicit engine answers; chance queries need `odds`, which it
  // does not run: say so rather than let their silence read as "unchanged".
  const size_t chance = std::max(diff.old_model->program.chance_queries.size(),
                                 diff.new_model->program.chance_queries.size());
  if (chance > 0) {
    out << "\n"
        << base::CountOf(chance, "chance query", "chance queries")
        << " (probability, expect) not compared: run `rulecheck odds` on each version\n";
  }
  WriteDiffBehaviourText(diff, out);
  const uint64_t new_count = Count(findings, FindingChange::Status::kNew);
  out << "\nfindings: " << new_count << " new (" << NewErrorCount(findings) << " "
      << (NewErrorCount(findings) == 1 ? "error" : "errors") << "), "
      << Count(findings, FindingChange::Status::kFixed) << " fixed, "
      << Count(findings, FindingChange::Status::kChanged) << " changed";
  if (const uint64_t lost = Count(findings, FindingChange::Status::kLost); lost > 0) {
    out << ", " << lost << " lost";
  }
  if (diff.baseline != nullptr) {
    out << " (" << KnownCount(findings) << " known to the baseline " << diff.baseline->path()
        << ")";
  }
  out << "; " << base::CountOf(diff.declarations.size(), "declaration", "declarations") << " and "
      << base::CountOf(diff.answers.size(), "query answer", "query answers") << " differ; "
      << (!diff.behaviour.compared   ? "behaviour not compared"
          : diff.behaviour.differs() ? "behaviour differs"
                                     : "same behaviour")
      << "\n";
  if (!diff.old_run->check.stats.complete || !diff.new_run->check.stats.complete) {
    out << "(a finding only one version has is not counted where the other version's search "
           "stopped: it may not have got there)\n";
  }
}

}  // namespace rulecheck::reports
