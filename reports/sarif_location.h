// Places in a SARIF report (internal to reports/): the rules file as an artifact location
// (a path relative to the working directory, resolved against the `SRCROOT` base the run
// declares, or an absolute `file:` URI) and regions in it (1-based lines, columns in Unicode
// code points, as rulecheck counts them and the run's `columnKind` says).
//
//   json["locations"] = Json::array({PlaceOf(model, finding.file, finding.location)});
#ifndef RULECHECK_REPORTS_SARIF_LOCATION_H_
#define RULECHECK_REPORTS_SARIF_LOCATION_H_

#include <string>

#include "ir/source.h"
#include "model/model.h"
#include "reports/json_values.h"
#include "results/finding.h"
#include "results/trace.h"

namespace rulecheck::reports {

// The base ID relative paths are resolved against.
inline constexpr char kSourceRootId[] = "SRCROOT";

// {uri, uriBaseId} for a relative `path`, {uri} (a `file:` URI) for an absolute one; the
// path percent-encoded. Thread-safe.
Json ArtifactLocation(const std::string& path);
// {SRCROOT: {uri: "file:///working/directory/"}}: the run's originalUriBaseIds. Thread-safe.
Json OriginalUriBaseIds();
// A location object {physicalLocation: {artifactLocation, region}} for `location` in `file`.
// A place outside the rules file (a command-line property such as `--invariant`) or an
// invalid location gives the rules file without a region. Thread-safe.
Json PlaceOf(const model::Model& model, const std::string& file, const ir::Location& location);

// Where a move's rule is written: the action's or trigger's header, or `init` (which has no
// place: an invalid location). Thread-safe.
ir::Location RuleLocation(const model::Model& model, const ir::Move& move);

// The place of a SARIF result, which code scanning needs to be a region of a file: the
// finding's place; for one without a place in the rules file (a deadlock, a command-line
// property), the rule of its trace's last move (the move into the state the finding is
// about), else the file's first line. Thread-safe.
Json PlaceOfResult(const model::Model& model, const results::Finding& finding);
// The place of a result about a trace (a behaviour difference of `diff`): the rule of its
// last move, else the rules file's first line. Thread-safe.
Json PlaceOfTrace(const model::Model& model, const results::Trace& trace);

}  // namespace rulecheck::reports

#endif  // RULECHECK_REPORTS_SARIF_LOCATION_H_
