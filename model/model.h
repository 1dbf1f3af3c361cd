// The front door of the model stage: a `.rules` file in, a checked, compiled `Model` out.
//
// LoadModel reads the file, lexes, parses and type-checks it (collecting every error with its
// position), applies `--const` overrides, and lays out the packed state. Everything
// downstream (explorer, properties, solver, reports) starts from a Model.
#ifndef RULECHECK_MODEL_MODEL_H_
#define RULECHECK_MODEL_MODEL_H_

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "front/const_override.h"
#include "ir/ir.h"
#include "ir/source.h"
#include "ir/state_layout.h"

namespace rulecheck::model {

using front::ConstOverride;

// A property given on the command line (`rulecheck check --invariant EXPR`): checked as if
// the file declared it, named by its text.
// `rulecheck odds --probability EXPR` and `--expect EXPR` are chance queries given the same way.
struct ExtraProperty {
  enum class Kind { kInvariant, kReachable, kProbability, kExpect };
  Kind kind = Kind::kInvariant;
  std::string expr;
};

struct Model {
  std::unique_ptr<ir::SourceFile> source;
  // The text of each ExtraProperty, named by its flag (`--invariant`, ...), padded with line
  // breaks so that its one line comes after the file's lines and every other one's: a
  // Location is then unambiguous (see Resolve).
  std::vector<std::unique_ptr<ir::SourceFile>> extra_sources;
  std::vector<int> extra_first_lines;
  // The source a location lies in (the file or a command-line property) and the location
  // within it, for messages. Thread-safe.
  std::pair<const ir::SourceFile*, ir::Location> Resolve(ir::Location location) const;
  ir::Program program;
  ir::StateLayout layout;
};

// The longest rules file LoadModel reads (256 MiB): /dev/zero, say, is refused past it.
inline constexpr uint64_t kMaxRulesFileBytes = uint64_t{256} << 20;

// Errors: NotFound when the file cannot be read (message names the path); InvalidArgument
// for a file longer than kMaxRulesFileBytes, and with every diagnostic rendered (`path:line:col:
// error: ...` + caret lines) for a bad program or a bad override. Thread-safe (no shared state).
absl::StatusOr<std::unique_ptr<Model>> LoadModel(const std::string& path,
                                                 const std::vector<ConstOverride>& overrides,
                                                 const std::vector<ExtraProperty>& extra = {});
// The same for text already in memory; `path` is used in messages only.
absl::StatusOr<std::unique_ptr<Model>> LoadModelFromText(
    const std::string& path, std::string text, const std::vector<ConstOverride>& overrides,
    const std::vector<ExtraProperty>& extra = {});

}  // namespace rulecheck::model

#endif  // RULECHECK_MODEL_MODEL_H_
