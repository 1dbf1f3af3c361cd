// The identity of a finding across runs and edits: a short identifier made from what the
// finding is about (its kind, its name, and for kinds whose name does not single it out, the
// text of the source line it points at), never from a line number, so that a finding keeps
// its identifier when unrelated lines are added above it. Baselines (`--baseline`) and SARIF
// fingerprints use it to recognise a finding an earlier report already held.
//
// What identifies each kind:
//   invariant, unreachable, witness, deadlock, non_termination, no_initial_state,
//   dead_action, dead_trigger, unreachable_card, reaction_chain, order_dependence:
//     the kind and the name (the property, rule, card, or the triggers involved);
//   assert, model_error: also the message with any `line N` taken out, and the text of the
//     statement's line (trimmed), since one rule can fail in several places;
//   dead_branch: also the text of the branch's line (trimmed) and which branch it is.
// Findings that still agree on all of that (two identical lines in one rule) are told apart
// by their order in the report: the second gets `#2`, and so on.
//
//   std::vector<std::string> ids = results::FindingIds(keys);  // "invariant:4f1c0a9e2b7d3356"
#ifndef RULECHECK_RESULTS_FINDING_IDENTITY_H_
#define RULECHECK_RESULTS_FINDING_IDENTITY_H_

#include <string>
#include <string_view>
#include <vector>

#include "results/finding.h"

namespace rulecheck::results {

// What identifies `finding` (see above), as one string; `line_text` is the text of the
// source line at `finding.location` (empty when it has none). Thread-safe.
std::string FindingKey(const Finding& finding, std::string_view line_text);

// The identifiers of findings whose keys (FindingKey) are `keys`, in the same order:
// `KIND:HEX`, the kind and a 64-bit FNV-1a hash of the key, with `#N` appended to the N-th
// finding (N >= 2) of a key already seen. Thread-safe.
std::vector<std::string> FindingIds(const std::vector<std::string>& keys);

}  // namespace rulecheck::results

#endif  // RULECHECK_RESULTS_FINDING_IDENTITY_H_
