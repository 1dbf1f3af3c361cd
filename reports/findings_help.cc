// Finding help from the embedded docs/findings.md (see findings_help.h).
#include "reports/findings_help.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"

namespace rulecheck::reports {
namespace {

constexpr absl::string_view kFindingsMd =
#include "reports/findings_doc.inc"
    ;

// Markdown emphasis and code marks out: `**`x`**` -> `x`.
std::string PlainText(absl::string_view markdown) {
  return absl::StrReplaceAll(markdown, {{"**", ""}, {"`", ""}});
}

}  // namespace

const std::vector<results::FindingKind>& AllFindingKinds() {
  using K = results::FindingKind;
  static const std::vector<K> kinds = {K::kInvariant,       K::kAssert,         K::kDeadlock,
                                       K::kUnreachable,     K::kWitness,        K::kModelError,
                                       K::kDeadAction,      K::kDeadTrigger,    K::kDeadBranch,
                                       K::kUnreachableCard, K::kReactionChain,  K::kOrderDependence,
                                       K::kPendingAtEnd,    K::kNonTermination, K::kNoInitialState};
  return kinds;
}

FindingHelp HelpFor(results::FindingKind kind) {
  const std::string bold = absl::StrCat("**`", std::string(results::KindName(kind)), "`**");
  for (absl::string_view paragraph : absl::StrSplit(kFindingsMd, "\n\n")) {
    if (paragraph.substr(0, 3) != "**`") continue;
    // The names a paragraph is about come before its first full stop.
    const size_t stop = paragraph.find(". ");
    if (paragraph.substr(0, stop).find(bold) == absl::string_view::npos) continue;
    FindingHelp help;
    help.markdown = absl::StrReplaceAll(paragraph, {{"\n", " "}});
    help.text = PlainText(help.markdown);
    if (stop != absl::string_view::npos) {
      absl::string_view rest = paragraph.substr(stop + 2);
      const size_t end = rest.find(". ");
      help.summary = PlainText(absl::StrReplaceAll(
          end == absl::string_view::npos ? rest : rest.substr(0, end + 1), {{"\n", " "}}));
    }
    return help;
  }
  return {};
}

}  // namespace rulecheck::reports
