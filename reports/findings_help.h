// The help text of each finding kind (internal to reports/), taken from docs/findings.md,
// which the build embeds (reports/CMakeLists.txt): the guide and the SARIF rules' help can
// then never disagree. A kind's help is the paragraph of findings.md that opens with its name
// in bold (`**`invariant`**`); its summary is that paragraph's first sentence after the name.
//
//   const FindingHelp help = HelpFor(results::FindingKind::kDeadlock);
#ifndef RULECHECK_REPORTS_FINDINGS_HELP_H_
#define RULECHECK_REPORTS_FINDINGS_HELP_H_

#include <string>
#include <vector>

#include "results/finding.h"

namespace rulecheck::reports {

struct FindingHelp {
  std::string summary;   // one sentence, plain text
  std::string text;      // the paragraph, plain text (markdown marks taken out)
  std::string markdown;  // the paragraph as findings.md writes it, on one line
};

// The help of `kind`; all fields empty when findings.md has no paragraph for it (a test keeps
// that from happening). Thread-safe.
FindingHelp HelpFor(results::FindingKind kind);

// Every finding kind, in the order of results::FindingKind.
const std::vector<results::FindingKind>& AllFindingKinds();

}  // namespace rulecheck::reports

#endif  // RULECHECK_REPORTS_FINDINGS_HELP_H_
